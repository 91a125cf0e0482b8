// Tournaments at one table or several: the lobby's list, form and results, and the
// panel at a tournament table (registration, level, clock to the next level, players
// left, its tables to watch, standings). A player the tournament moves follows to
// the new table (the server's "moved" frame).
// The server decides everything (docs/protocol.md, "Tournaments"); this only draws.
"use strict";

let tourney = null;

function cells(row, texts) {
  for (const text of texts) {
    const cell = document.createElement("td");
    cell.textContent = text;
    row.append(cell);
  }
}

// "1 hand", "10 hands", "1 minute".
function count(n, unit) {
  return `${n} ${n === 1 ? unit.replace(/s$/, "") : unit}`;
}

// How the levels go, in a line: "10 hands each, rising to 32/32/128/256".
function levelsText(t) {
  const rise = t.structure === "doubling" ? "doubling" : "rising";
  const last = t.levels && t.levels.length ? `, ${rise} to ${t.levels[t.levels.length - 1]}` : `, ${rise}`;
  return `${count(t.level_length, t.clock)} each${last}`;
}

// A mixed rotation's games and how long each is played: "Razz, Stud, Stud Hi-Lo: 8 hands each".
function rotationText(t) {
  if (!t.hands_per_game) return "";
  return `${t.games.join(", ")}: ${count(t.hands_per_game, "hands")} each`;
}

// The level structure, whole, the level being played marked.
function levelList(t) {
  const box = document.createElement("details");
  box.className = "levels";
  const head = document.createElement("summary");
  head.textContent = levelsText(t);
  const list = document.createElement("ol");
  t.levels.forEach((stakes, i) => {
    const item = document.createElement("li");
    const last = i === t.levels.length - 1 ? " (to the end)" : "";
    item.textContent = `${stakes}${last}`;
    if (t.state === "running" && i + 1 === t.level) {
      item.className = "now";
      item.append(" ← now");
    }
    list.append(item);
  });
  box.append(head, list);
  return box;
}

// The lobby's list of tournaments; one with a table you sit at is marked.
function drawTournamentList(list, seatedAt) {
  const body = $("tournaments").querySelector("tbody");
  // Drawn again as the room changes: a structure opened stays open.
  const opened = new Set([...body.querySelectorAll("details[open]")].map((d) => d.dataset.tournament));
  body.replaceChildren();
  for (const t of list) {
    const row = document.createElement("tr");
    const mine = t.tables.some((x) => seatedAt.has(x.id));
    if (mine) row.className = "mine";
    const players = t.state === "running" ? `${t.players_left} left of ${t.players}` : `${t.registered}/${t.players}`;
    const game = t.hands_per_game ? `${t.game} (${count(t.hands_per_game, "hands")} each)` : t.game;
    cells(row, [t.name, game, t.buy_in, players, t.starting_stack]);
    if (mine) row.firstChild.append(" ", badge("you play here", "sitting"));
    const levels = document.createElement("td");
    const structure = levelList(t);
    structure.dataset.tournament = t.id;
    structure.open = opened.has(String(t.id));
    levels.append(structure);
    row.append(levels);
    cells(row, [t.prizes.join(" / "), t.state]);
    const tables = document.createElement("td");
    if (t.state === "running") {
      const buttons = document.createElement("span");
      buttons.className = "inline";
      buttons.append(...tableButtons(t));
      tables.append(buttons);
    } else if (t.state === "registering") {
      tables.textContent = `tables of ${t.table_size} seats`;
    }
    row.append(tables);
    const cell = document.createElement("td");
    const open = document.createElement("button");
    open.textContent = t.state === "over" ? "Results" : "Open";
    open.dataset.tournament = t.id;
    open.addEventListener("click", () => (t.state === "over" ? showResults(t.id) : openTable(t.table)));
    cell.append(open);
    row.append(cell);
    body.append(row);
  }
}

// One button per table still playing, to watch it: "Table 2 (5)".
function tableButtons(t) {
  return t.tables.filter((x) => x.players > 0).map((x) => {
    const watch = document.createElement("button");
    watch.className = "small";
    watch.textContent = `Table ${x.number} (${x.players})`;
    watch.dataset.watch = x.id;
    watch.addEventListener("click", () => openTable(x.id));
    return watch;
  });
}

async function showResults(id) {
  let t;
  try { t = await api(`/api/tournaments/${id}`); } catch (error) { toast(error.message); return; }
  $("results").hidden = false;
  $("results-head").textContent = `${t.name}: results \u00b7 ${t.players} players \u00b7 prize pool ${t.prize_pool}`;
  $("results-standings").querySelector("tbody").replaceChildren(...t.standings.map((p) => {
    const row = document.createElement("tr");
    cells(row, [placeText(p), `${p.name}${p.bot ? " \u2699" : ""}`, p.prize || ""]);
    return row;
  }));
  $("results").scrollIntoView();
}

// The tournament moved this player to another table: go there, and say so.
function followMove(m) {
  openTable(m.table);
  $("tourney-moved").textContent = m.message;
  toast(m.message);
}

$("create-tournament").addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = e.target;
  const number = (name) => Number(form[name].value);
  try {
    const t = await api("/api/tournaments", {
      name: form.name.value, game: form.game.value, players: number("players"),
      buy_in: number("buy_in"), stack: number("stack"), ante: number("ante"),
      small_bet: number("small_bet"), level_length: number("level_length"),
      table_size: Math.min(number("table_size"), number("players")),
      structure: form.structure.value, hands_per_game: number("hands_per_game"),
      clock: form.clock.value, payouts: form.payouts.value, bots: form.bots.checked,
    });
    openTable(t.table);
  } catch (error) { toast(error.message); }
});

function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${suffix}`;
}

function placeText(p) {
  if (p.place === null) return "";
  return p.shared > 1 ? `${p.place}= (${p.shared})` : String(p.place);
}

function drawTournament(t) {
  tourney = t;
  $("tourney").hidden = !t;
  if (!t) return;
  if (table && table.id === t.table) draw(table);  // seats and controls differ at a tournament
  const state = { registering: "registering", running: "playing", over: "finished" }[t.state];
  $("tourney-head").textContent = `${t.name} \u00b7 ${t.game} \u00b7 buy-in ${t.buy_in} \u00b7 `
    + `${t.registered}/${t.players} players \u00b7 prizes ${t.prizes.join(" / ")} \u00b7 ${state}`;
  const level = $("tourney-level");
  level.dataset.endsAt = t.level_ends_at === null ? "" : t.level_ends_at;
  const left = `${t.players_left} player${t.players_left === 1 ? "" : "s"} left`;
  const next = t.state !== "running" ? ""
    : (t.hands_to_next_level === null ? "" : ` \u00b7 next level in ${count(t.hands_to_next_level, "hands")}`)
      + (t.next_stakes ? ` (${t.next_stakes})` : "")
      + (t.hands_to_next_game ? ` \u00b7 ${t.next_game} in ${count(t.hands_to_next_game, "hands")}` : "");
  level.dataset.text = t.state === "registering"
    ? `Starts when ${t.players} have registered; ${t.starting_stack} chips each`
    : `Level ${t.level}: ${t.playing} ${t.stakes} \u00b7 ${left}${next}`;
  tickLevel();
  const you = t.you;
  $("tourney-you").classList.toggle("paid", !!(you && you.prize > 0));
  $("tourney-you").textContent = !you ? ""
    : you.place === null ? (t.state === "registering" ? "You are registered." : "")
      : you.place === 1 ? `You win the tournament: prize ${you.prize}.`
        : `You finish ${ordinal(you.place)}${you.shared > 1 ? ` (shared by ${you.shared})` : ""}${you.prize > 0 ? `: prize ${you.prize}.` : ", out of the money."}`;
  // Out, or over: a time-out notice has nothing left to sit back in to.
  if (t.state === "over" || (you && you.place !== null)) hideNotice();
  $("tourney-tables").replaceChildren(...(t.tables.length > 1 && t.state === "running"
    ? [`Tables (${t.table_size} seats): `, ...tableButtons(t)] : []));
  $("tourney-structure").replaceChildren(levelList(t), ...(t.hands_per_game ? [rotationText(t)] : []));
  $("tourney-register").hidden = t.state !== "registering" || !!you || !me;
  $("tourney-unregister").hidden = t.state !== "registering" || !you;
  const body = $("standings").querySelector("tbody");
  body.replaceChildren(...t.standings.map((p) => {
    const row = document.createElement("tr");
    if (p.place !== null) row.className = "out";
    cells(row, [placeText(p), `${p.name}${p.bot ? " \u2699" : ""}`, p.stack, p.prize || "", p.table || ""]);
    return row;
  }));
}

function tickLevel() {
  const level = $("tourney-level");
  if (!level.dataset.text) return;
  let text = level.dataset.text;
  if (level.dataset.endsAt && tourney && tourney.state === "running") {
    const left = Math.max(0, Number(level.dataset.endsAt) - Date.now() / 1000);
    const clock = left > 0
      ? `${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`
      : "after this hand";
    text += ` \u00b7 next level ${left > 0 ? "in " : ""}${clock}`;
  }
  level.textContent = text;
}
setInterval(tickLevel, 1000);

$("tourney-register").addEventListener("click", () => send({ type: "register" }));
$("tourney-unregister").addEventListener("click", () => send({ type: "unregister" }));
