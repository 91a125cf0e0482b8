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

// How long a level lasts: "10 hands", "1 minute".
function lengthText(t) {
  return t.clock === "minutes"
    ? n_("{n} minute", "{n} minutes", t.level_length, { n: t.level_length })
    : n_("{n} hand", "{n} hands", t.level_length, { n: t.level_length });
}

// How the levels go, in a line: "10 hands each, rising to 32/32/128/256".
function levelsText(t) {
  const args = { length: lengthText(t), top: t.levels && t.levels.length ? t.levels[t.levels.length - 1] : "" };
  if (t.structure === "doubling") {
    return args.top ? _("{length} each, doubling to {top}", args) : _("{length} each, doubling", args);
  }
  return args.top ? _("{length} each, rising to {top}", args) : _("{length} each, rising", args);
}

// A mixed rotation's games and how long each is played: "Razz, Stud, Stud Hi-Lo: 8 hands each".
function rotationText(t) {
  if (!t.hands_per_game) return "";
  return n_("{games}: {n} hand each", "{games}: {n} hands each", t.hands_per_game,
    { games: t.games.map(gameName).join(", "), n: t.hands_per_game });
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
    item.textContent = i === t.levels.length - 1 ? _("{stakes} (to the end)", { stakes }) : stakes;
    if (t.state === "running" && i + 1 === t.level) {
      item.className = "now";
      item.append(` ${_("\u2190 now")}`);
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
    const players = t.state === "running" ? _("{left} left of {players}", { left: t.players_left, players: t.players }) : `${t.registered}/${t.players}`;
    const game = t.hands_per_game
      ? n_("{game} ({n} hand each)", "{game} ({n} hands each)", t.hands_per_game, { game: gameName(t.game), n: t.hands_per_game })
      : gameName(t.game);
    cells(row, [t.name, game, formatNumber(t.buy_in), players, formatNumber(t.starting_stack)]);
    if (mine) row.firstChild.append(" ", badge(_("you play here"), "sitting"));
    const levels = document.createElement("td");
    const structure = levelList(t);
    structure.dataset.tournament = t.id;
    structure.open = opened.has(String(t.id));
    levels.append(structure);
    row.append(levels);
    cells(row, [t.prizes.map(formatNumber).join(" / "), stateName(t.state)]);
    const tables = document.createElement("td");
    if (t.state === "running") {
      const buttons = document.createElement("span");
      buttons.className = "inline";
      buttons.append(...tableButtons(t));
      tables.append(buttons);
    } else if (t.state === "registering") {
      tables.textContent = _("tables of {size} seats", { size: t.table_size });
    }
    row.append(tables);
    const cell = document.createElement("td");
    const open = document.createElement("button");
    open.textContent = t.state === "over" ? _("Results") : _("Open");
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
    watch.textContent = _("Table {n} ({players})", { n: x.number, players: x.players });
    watch.dataset.watch = x.id;
    watch.addEventListener("click", () => openTable(x.id));
    return watch;
  });
}

async function showResults(id) {
  let t;
  try { t = await api(`/api/tournaments/${id}`); } catch (error) { toast(error.message); return; }
  $("results").hidden = false;
  $("results-head").textContent = _("{name}: results \u00b7 {players} players \u00b7 prize pool {pool}", { name: t.name, players: t.players, pool: formatNumber(t.prize_pool) });
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

// A place as the page's language writes it: 4th, 4e, ke-4 (CLDR's ordinal rules).
function ordinal(n) {
  const kind = new Intl.PluralRules(i18n.lang, { type: "ordinal" }).select(n);
  return {
    one: p_("ordinal", "{n}st", { n }), two: p_("ordinal", "{n}nd", { n }), few: p_("ordinal", "{n}rd", { n }),
  }[kind] || p_("ordinal", "{n}th", { n });
}

// A tournament's state in words.
function stateName(state) {
  return { registering: _("registering"), running: _("playing"), over: _("finished") }[state] || state;
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
  $("tourney-head").textContent = _("{name} \u00b7 {game} \u00b7 buy-in {buy_in} \u00b7 {registered}/{players} players \u00b7 prizes {prizes} \u00b7 {state}", {
    name: t.name, game: gameName(t.game), buy_in: formatNumber(t.buy_in), registered: t.registered, players: t.players,
    prizes: t.prizes.map(formatNumber).join(" / "), state: stateName(t.state),
  });
  const level = $("tourney-level");
  level.dataset.endsAt = t.level_ends_at === null ? "" : t.level_ends_at;
  const left = n_("{n} player left", "{n} players left", t.players_left, { n: t.players_left });
  const next = t.state !== "running" ? ""
    : (t.hands_to_next_level === null ? "" : ` \u00b7 ${n_("next level in {n} hand", "next level in {n} hands", t.hands_to_next_level, { n: t.hands_to_next_level })}`)
      + (t.next_stakes ? ` (${t.next_stakes})` : "")
      + (t.hands_to_next_game ? ` \u00b7 ${n_("{game} in {n} hand", "{game} in {n} hands", t.hands_to_next_game, { game: gameName(t.next_game), n: t.hands_to_next_game })}` : "");
  level.dataset.text = t.state === "registering"
    ? _("Starts when {players} have registered; {stack} chips each", { players: t.players, stack: formatNumber(t.starting_stack) })
    : `${_("Level {n}: {game} {stakes}", { n: t.level, game: gameName(t.playing), stakes: t.stakes })} \u00b7 ${left}${next}`;
  tickLevel();
  const you = t.you;
  $("tourney-you").classList.toggle("paid", !!(you && you.prize > 0));
  $("tourney-you").textContent = !you ? ""
    : you.place === null ? (t.state === "registering" ? _("You are registered.") : "")
      : you.place === 1 ? _("You win the tournament: prize {prize}.", { prize: formatNumber(you.prize) })
        : you.prize > 0
          ? (you.shared > 1
            ? _("You finish {place} (shared by {shared}): prize {prize}.", { place: ordinal(you.place), shared: you.shared, prize: formatNumber(you.prize) })
            : _("You finish {place}: prize {prize}.", { place: ordinal(you.place), prize: formatNumber(you.prize) }))
          : (you.shared > 1
            ? _("You finish {place} (shared by {shared}), out of the money.", { place: ordinal(you.place), shared: you.shared })
            : _("You finish {place}, out of the money.", { place: ordinal(you.place) }));
  // Out, or over: a time-out notice has nothing left to sit back in to.
  if (t.state === "over" || (you && you.place !== null)) hideNotice();
  $("tourney-tables").replaceChildren(...(t.tables.length > 1 && t.state === "running"
    ? [`${_("Tables ({size} seats):", { size: t.table_size })} `, ...tableButtons(t)] : []));
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
      : null;
    text += ` \u00b7 ${clock ? _("next level in {clock}", { clock }) : _("next level after this hand")}`;
  }
  level.textContent = text;
}
setInterval(tickLevel, 1000);

$("tourney-register").addEventListener("click", () => send({ type: "register" }));
$("tourney-unregister").addEventListener("click", () => send({ type: "unregister" }));
