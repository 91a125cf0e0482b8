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

function levelsText(t) {
  return `${t.level_length} ${t.clock}, doubling`;
}

async function showTournaments() {
  const body = $("tournaments").querySelector("tbody");
  let data;
  try { data = await api("/api/tournaments"); } catch (error) { return; }
  body.replaceChildren();
  for (const t of data.tournaments) {
    const row = document.createElement("tr");
    const players = t.state === "running" ? `${t.players_left} left of ${t.players}` : `${t.registered}/${t.players}`;
    cells(row, [t.name, t.game, t.buy_in, players, t.starting_stack,
      levelsText(t), t.prizes.join(" / "), t.state]);
    const tables = document.createElement("td");
    if (t.state === "running") tables.append(...tableButtons(t));
    else tables.textContent = `${t.tables.length} of ${t.table_size} seats`;
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
    : (t.hands_to_next_level === null ? "" : ` \u00b7 next level in ${t.hands_to_next_level} hand${t.hands_to_next_level === 1 ? "" : "s"}`)
      + (t.next_stakes ? ` (${t.next_stakes})` : "");
  level.dataset.text = t.state === "registering"
    ? `Starts when ${t.players} have registered; ${t.starting_stack} chips each`
    : `Level ${t.level}: ${t.playing} ${t.stakes} \u00b7 ${left}${next}`;
  tickLevel();
  const you = t.you;
  $("tourney-you").textContent = !you ? ""
    : you.place === null ? (t.state === "registering" ? "You are registered." : "")
      : you.place === 1 ? `You win the tournament: prize ${you.prize}.`
        : `You finish ${ordinal(you.place)}${you.shared > 1 ? ` (shared by ${you.shared})` : ""}: prize ${you.prize}.`;
  $("tourney-tables").replaceChildren(...(t.tables.length > 1 && t.state === "running"
    ? [`Tables (${t.table_size} seats): `, ...tableButtons(t)] : []));
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
