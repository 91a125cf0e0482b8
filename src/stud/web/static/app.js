// The cardroom page: lobby, one table over a websocket, actions, chat and history.
// The server is the only source of truth: a snapshot carries the table as this
// client may see it, each event what changed in it; this script keeps that copy
// and only draws it. Protocol: docs/protocol.md.
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const STREETS = () => ({ 3: _("Third street"), 4: _("Fourth street"), 5: _("Fifth street"), 6: _("Sixth street"), 7: _("Seventh street") });
// An amount of chips as people read it in the page's language: 1,000 / 1 000 / 1.000.
const formatChips = (n) => formatNumber(n);
// The amounts of 1,000 chips or more in a line of text the server wrote ("calls 1000").
const formatAmounts = (text) => text.replace(/(?<![\w-])\d{4,}(?![\w-])/g, formatChips);
let me = null;
let socket = null;
let tableId = null;
let table = null;
let seq = 0;
let retry = null;

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.said ? say(data.said) : data.error || response.statusText);
  return data;
}

// -- account --------------------------------------------------------------------

async function refreshMe() {
  try { me = await api("/api/me"); } catch (error) { me = null; }
  $("who").textContent = me ? _("{name} \u00b7 bankroll {chips}", { name: me.name, chips: me.bankroll }) : "";
  $("signin").hidden = !!me;
  $("logout").hidden = !me;
  $("welcome").hidden = !!me;
  $("account-box").hidden = !me;
  $("claim").hidden = !(me && me.guest);
  $("repass").hidden = !(me && !me.guest);
  adoptAccountLanguage(me);
}

// A guest's own name, or a new password: the server ends every other session of
// the account; this page carries on in the new one.
async function changeAccount(form, path, done) {
  const body = Object.fromEntries(new FormData(form));
  try {
    await api(path, body);
  } catch (error) {
    $("account-error").textContent = error.message.charAt(0).toUpperCase() + error.message.slice(1);
    $("account-error").hidden = false;
    return;
  }
  $("account-error").hidden = true;
  form.reset();
  $("account-box").open = false;
  await refreshMe();
  toast(done());
  rejoin();
}

$("claim").addEventListener("submit", (e) => {
  e.preventDefault();
  changeAccount(e.target, "/api/account/name", () => _("You are {name} now; sign in with that name next time.", { name: me.name }));
});
$("repass").addEventListener("submit", (e) => {
  e.preventDefault();
  changeAccount(e.target, "/api/account/password", () => _("Your password is changed; your other sessions are signed out."));
});

async function signIn(kind) {
  try {
    const body = kind === "guest" ? {} : { name: $("name").value, password: $("password").value };
    await api(`/api/account/${kind}`, body);
    await refreshMe();
    rejoin();
  } catch (error) { toast(error.message); }
}

// Signed in or out at a table: connect again as who we are now, for a whole new
// snapshot (what the page holds was shown to the one before).
function rejoin() {
  if (tableId === null) {
    closeLobbyFeed(); // who sits where is told per account: ask again as who we are now
    if (!$("lobby").hidden) openLobbyFeed();
    return;
  }
  seen = { no: null, epoch: null };
  connect(tableId);
  loadHistory();
}

$("signin").addEventListener("submit", (e) => { e.preventDefault(); signIn("login"); });
$("register").addEventListener("click", () => signIn("register"));
$("guest").addEventListener("click", () => signIn("guest"));
$("logout").addEventListener("click", async () => { await api("/api/logout", {}); await refreshMe(); rejoin(); });

// -- lobby ----------------------------------------------------------------------

// The lobby follows the room as it changes: its own websocket sends the tables and
// tournaments each time they change, and the tables you sit at, which are marked.
let lobbySocket = null;
let lobbyData = { tables: [], tournaments: [] };
let seatedAt = new Set();

function showLobby() {
  $("lobby").hidden = false;
  $("room").hidden = true;
  openLobbyFeed();
}

function openLobbyFeed() {
  if (lobbySocket) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  lobbySocket = new WebSocket(`${scheme}://${location.host}/ws/lobby`);
  lobbySocket.onmessage = (message) => {
    const m = JSON.parse(message.data);
    if (m.type === "lobby") lobbyData = m;
    else if (m.type === "seated_at") seatedAt = new Set(m.tables);
    else return;
    drawLobby();
  };
  lobbySocket.onclose = () => {
    lobbySocket = null;
    if (!$("lobby").hidden) setTimeout(openLobbyFeed, 1000);
  };
}

function closeLobbyFeed() {
  if (!lobbySocket) return;
  lobbySocket.onclose = null;
  lobbySocket.close();
  lobbySocket = null;
}

// The tables the filters let through: a game, stakes, only those with a seat free.
function shownTables(tables) {
  const game = $("f-game").value;
  const stakes = $("f-stakes").value;
  const free = $("f-free").checked;
  return tables.filter((t) => (!game || t.variant === game) && (!stakes || t.stakes === stakes) && (!free || t.taken < t.seats));
}

function fillStakes(tables) {
  const box = $("f-stakes");
  const chosen = box.value;
  const all = [...new Set(tables.map((t) => t.stakes))].sort();
  const any = document.createElement("option");
  any.value = "";
  any.textContent = _("any");
  box.replaceChildren(any, ...all.map((stakes) => {
    const option = document.createElement("option");
    option.value = stakes;
    option.textContent = stakes;
    return option;
  }));
  box.value = all.includes(chosen) ? chosen : "";
}

function drawLobby() {
  // Drawn again as the room changes: the button that had the focus keeps it.
  const focused = document.activeElement;
  const refocus = focused && $("lobby").contains(focused) && focused.tagName === "BUTTON"
    ? (focused.dataset.table ? `[data-table='${focused.dataset.table}']` : focused.dataset.tournament ? `[data-tournament='${focused.dataset.tournament}']` : focused.dataset.watch ? `[data-watch='${focused.dataset.watch}']` : null)
    : null;
  fillStakes(lobbyData.tables);
  const body = $("tables").querySelector("tbody");
  const tables = shownTables(lobbyData.tables);
  $("no-tables").hidden = tables.length > 0;
  body.replaceChildren(...tables.map((t) => {
    const row = document.createElement("tr");
    const mine = seatedAt.has(t.id);
    if (mine) row.className = "mine";
    const name = document.createElement("td");
    name.textContent = t.name;
    if (mine) name.append(" ", badge(_("you sit here"), "sitting"));
    row.append(name);
    for (const text of [gameName(t.game), t.stakes, t.rake || _("none"), `${t.taken}/${t.seats}`, formatNumber(t.average_pot), formatNumber(t.hands_per_hour)]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    const cell = document.createElement("td");
    const open = document.createElement("button");
    open.textContent = _("Open");
    open.setAttribute("aria-label", _("Open {table} {stakes}", { table: t.name, stakes: t.stakes }));
    open.dataset.table = t.id;
    open.addEventListener("click", () => openTable(t.id));
    cell.append(open);
    row.append(cell);
    return row;
  }));
  labelCells($("tables"));
  drawTournamentList(lobbyData.tournaments, seatedAt);
  labelCells($("tournaments"));
  if (refocus) { const again = $("lobby").querySelector(`button${refocus}`); if (again) again.focus(); }
}

for (const id of ["f-game", "f-stakes", "f-free"]) $(id).addEventListener("change", drawLobby);

// Each cell of a lobby table named by its column's heading (data-label): a phone
// lays the rows out as cards, with the heading written before each value.
function labelCells(tableEl) {
  const heads = [...tableEl.querySelectorAll("thead th")].map((th) => th.textContent);
  for (const row of tableEl.querySelectorAll("tbody tr")) {
    [...row.children].forEach((cell, i) => { if (heads[i]) cell.dataset.label = heads[i]; });
  }
}

$("create").addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = e.target;
  try {
    const t = await api("/api/tables", {
      name: form.name.value, variant: form.variant.value, stakes: form.stakes.value,
      seats: Number(form.seats.value), bots: form.bots.checked, rake: form.rake.value,
    });
    openTable(t.id);
  } catch (error) { toast(error.message); }
});

// -- the table ------------------------------------------------------------------

function openTable(id) {
  history.pushState({}, "", `/table/${id}`);
  route();
}

// What this page has seen of the table; after a dropped connection the server sends
// only what was missed. A fresh page load has seen nothing and gets a snapshot.
let seen = { no: null, epoch: null };

function connect(id) {
  if (socket) { socket.onclose = null; socket.close(); }
  clearTimeout(retry);
  if (tableId !== id) seen = { no: null, epoch: null };
  tableId = id;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${id}`);
  socket.onopen = () => {
    send({ type: "hello", last: seen.no, epoch: seen.epoch });
    $("status").textContent = _("connected");
  };
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onclose = () => {
    $("status").textContent = _("reconnecting\u2026");
    retry = setTimeout(() => connect(id), 1000);
  };
}

// The shuffle (docs/shuffle.md): each sit and action carries a fresh seed of this page's
// own, mixed into the next hand dealt; the page remembers what it sent, and each deck
// root it was shown before a deal, to tell the player both held.
const mySeeds = new Set();
const announced = new Set();

function newSeed() {
  const seed = shuffleHex(crypto.getRandomValues(new Uint8Array(16)));
  mySeeds.add(seed);
  return seed;
}

function noteDeck(t) {
  if (t && t.next_deck) announced.add(t.next_deck);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ v: 2, ...message }));
}

function receive(m) {
  switch (m.type) {
    case "welcome":
      seq = Math.max(seq, m.last_seq);
      if (seen.epoch !== m.epoch) seen = { epoch: m.epoch, no: null };
      break;
    case "seated":
      seq = m.last_seq;
      if ($("buyin").open) $("buyin").close();
      if (!muckLosing()) send({ type: "muck_losing", on: false });
      refreshMe();
      break;
    case "snapshot":
      seen.no = m.no;
      $("log").replaceChildren();
      for (const e of m.log || []) logEvent(e, m.table);
      lastSeat = null; // a new snapshot: no seat was lost in between
      draw(m.table);
      tellMuck(m.table);
      noteDeck(m.table);
      document.body.dataset.no = m.no;
      break;
    case "event": {
      if (!table || m.no !== seen.no + 1) { rejoin(); break; } // cannot happen: start again
      seen.no = m.no;
      const t = applyChange(table, m.change);
      for (const e of m.events) logEvent(e, t);
      announceEvents(m.events, t);
      draw(t);
      noteDeck(t);
      document.body.dataset.no = m.no;
      if (t.hand && t.hand.phase === "over" && m.events.some((e) => e.kind === "awarded")) {
        loadHistory();
        refreshMe();
      }
      break;
    }
    case "chat_log":
      chatLines = m.lines.slice();
      drawChat();
      break;
    case "chat":
      chatLines.push(m);
      if (chatLines.length > 200) chatLines.shift();
      drawChat();
      break;
    case "tournament":
      drawTournament(m.tournament);
      break;
    case "moved":
      followMove(m);
      break;
    case "registered":
    case "unregistered":
      refreshMe();
      break;
    case "error":
      if (!buyInRefused(m.said ? say(m.said) : m.message)) toast(m.said ? say(m.said) : m.message);
      break;
    default:
      break;
  }
}

// The table after an event: each field of the change replaces the table's, except
// seats (by number, each whole) and the hand (its changed fields; null: no hand).
// A seat left (or busted) while its hand is still on the table keeps its name and
// shown cards, marked "gone", until the next hand replaces that one.
function applyChange(t, change) {
  const out = { ...t };
  for (const [key, value] of Object.entries(change)) {
    if (key === "seats") {
      out.seats = t.seats.slice();
      for (const [seat, s] of Object.entries(value)) {
        const old = t.seats[Number(seat)];
        const keep = s === null && old && old.in_hand && t.hand;
        out.seats[Number(seat)] = keep ? { ...old, gone: true, connected: false } : s;
      }
    } else if (key === "hand" && value !== null) {
      out.hand = { ...(t.hand || {}), ...value };
    } else {
      out[key] = value;
    }
  }
  const handNow = out.hand ? out.hand.id : null;
  if (!t.hand || !out.hand || t.hand.id !== handNow) {
    out.seats = out.seats.map((s) => (s && s.gone ? null : s));
  }
  return out;
}

function line(list, text) {
  const item = document.createElement("li");
  item.textContent = text;
  list.append(item);
  while (list.children.length > 200) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

function nameOf(t, seat) {
  const s = t.seats[seat];
  return s ? s.name : _("Seat {n}", { n: seat + 1 });
}

function logEvent(e, t) {
  const text = eventText(e, t);
  if (text) line($("log"), text);
}

// One line of the hand's log for an event, or null for one the log leaves out.
function eventText(e, t) {
  switch (e.kind) {
    case "note":
      if (t.you !== null && t.seats[t.you] && e.text === `${t.seats[t.you].name} timed out`) timedOut();
      return e.said ? say(e.said) : e.text;
    case "street": return `*** ${STREETS()[e.street]} ***`;
    case "action": return e.said ? say(e.said) : formatAmounts(e.text);
    case "shown": return e.hand
      ? _("{name} shows {cards} ({hand})", { name: nameOf(t, e.seat), cards: e.cards.map(cardText).join(" "), hand: handText(e) })
      : _("{name} shows {cards}", { name: nameOf(t, e.seat), cards: e.cards.map(cardText).join(" ") });
    case "mucked": return _("{name} mucks", { name: nameOf(t, e.seat) });
    case "returned": return _("{chips} returned to {name}", { chips: formatChips(e.amount), name: nameOf(t, e.seat) });
    case "awarded": return awardText(t, e);
    case "community": return _("Community card {card}", { card: cardText(e.card) });
    case "rake": return e.pot === 0
      ? _("The house takes {chips} from the main pot (rake)", { chips: formatChips(e.amount) })
      : _("The house takes {chips} from side pot {pot} (rake)", { chips: formatChips(e.amount), pot: e.pot });
    default: return null;
  }
}

// A hand named by the server: its message in the page's language, else its English.
function handText(e) {
  return e.hand_said ? say(e.hand_said) : e.hand;
}

// The game as the lobby names it ("Razz", "Stud Hi-Lo"...), in the page's language.
function gameName(name) {
  return _(name);
}

function awardText(t, a) {
  const pot = a.pot === 0 ? _("the main pot") : _("side pot {pot}", { pot: a.pot });
  const from = a.share === "whole" ? pot
    : a.share === "high" ? _("the high half of {pot}", { pot }) : _("the low half of {pot}", { pot });
  const args = { name: nameOf(t, a.seat), chips: formatChips(a.amount), from, hand: handText(a) };
  return a.hand ? _("{name} wins {chips} from {from} with {hand}", args) : _("{name} wins {chips} from {from}", args);
}

function card(text, kind) {
  const el = document.createElement("span");
  el.className = `card ${text === "??" ? "back" : kind || ""}`;
  el.setAttribute("role", "img");
  if (text && text !== "??") {
    el.classList.add(text[1]);
    if (text[0] === "T") el.classList.add("ten");
    el.textContent = cardText(text);
    el.title = text;
    el.dataset.card = text;
    if (kind === "down") markDown(el, text);
    else el.setAttribute("aria-label", cardName(text));
  } else {
    el.setAttribute("aria-label", _("face-down card"));
  }
  return el;
}

// A card as the felt and the log both write it: "Td" is "10\u2666", a king "K\u2666"
// (French "R\u2666").
function cardText(text) {
  return `${rankLetter(text[0])}${SUITS[text[1]]}`;
}

// A rank as a card's face and a low write it in the page's language: "10", "K" (French
// "R"), the same letters the server's hand names use (context "rank letter").
function rankLetter(rank) {
  return rank === "T" ? "10" : p_("rank letter", rank);
}

// A card as words: "7 of clubs", "queen of hearts".
function cardName(text) {
  const rank = { A: p_("card", "ace"), K: p_("card", "king"), Q: p_("card", "queen"), J: p_("card", "jack"), T: "10" }[text[0]] || text[0];
  const suit = { c: _("clubs"), d: _("diamonds"), h: _("hearts"), s: _("spades") }[text[1]];
  return _("{rank} of {suit}", { rank, suit });
}

// One of your own face-down cards: raised, marked "down" in words (not only by
// colour) and announced as "down card 7 of clubs".
function markDown(el, text) {
  const mark = document.createElement("span");
  mark.className = "mark";
  mark.textContent = _("down");
  el.append(mark);
  el.setAttribute("aria-label", _("down card {card}", { card: cardName(text) }));
}

// A seat's cards in the order dealt (R3.2, R3.3): two down, the up cards, then the
// seventh-street down card last; down cards this page may not see are backs.
function dealtCards(s) {
  const down = s.down.map((c) => card(c, "down"));
  for (let i = s.down.length; i < s.down_count; i += 1) down.push(card("", "back"));
  return [...down.slice(0, 2), ...s.up.map((c) => card(c)), ...down.slice(2)];
}

// A seat as the live table draws it; a replay draws it the same, without buttons.
function drawSeat(t, seat, s, live = true) {
  const box = document.createElement("div");
  box.className = "seat";
  box.dataset.seat = seat;
  placeSeat(box, t, seat);
  if (!s) {
    box.classList.add("empty");
    if (live && t.you === null && me && !tourney) {
      const sit = document.createElement("button");
      sit.textContent = _("Sit in seat {n}", { n: seat + 1 });
      sit.addEventListener("click", () => openBuyIn(seat));
      box.append(sit);
    } else {
      box.textContent = live && !me ? _("Seat {n} empty: sign in or play as a guest to sit", { n: seat + 1 }) : _("Seat {n} empty", { n: seat + 1 });
    }
    return box;
  }
  const hand = t.hand;
  if (seat === t.you) box.classList.add("me");
  if (s.folded) box.classList.add("folded");
  if (s.gone) box.classList.add("gone");
  const acting = hand && hand.actor === seat;
  const won = hand ? hand.awards.filter((a) => a.seat === seat).reduce((n, a) => n + a.amount, 0) : 0;
  if (acting) box.classList.add("acting");
  if (won) box.classList.add("winner");
  const head = document.createElement("div");
  head.className = "name";
  head.textContent = `${s.name}${s.bot ? " \u2699" : ""}`;
  if (s.bot) head.title = _("a bot");
  // Whose turn and who won, said in words as well as by the seat's colour.
  const badges = document.createElement("div");
  badges.className = "badges";
  if (acting) badges.append(badge(_("\u25b6 to act"), "turn"));
  if (won) badges.append(badge(_("\u2605 wins {chips}", { chips: formatChips(won) }), "won"));
  const meta = document.createElement("div");
  meta.className = "meta";
  const flags = [s.bot ? _("bot") : "", s.gone ? _("left the table") : "", s.sitting_out ? _("sitting out") : "", s.connected || s.bot || s.gone ? "" : _("away"), s.folded ? _("folded") : ""].filter(Boolean);
  const chipsText = n_("{chips} chip", "{chips} chips", s.stack, { chips: formatChips(s.stack) });
  meta.textContent = `${chipsText}${flags.length ? ` \u00b7 ${flags.join(", ")}` : ""}`;
  // A bet stays in front of its seat while the street is bet; at the showdown it is
  // in the pot.
  if (s.wager && hand && hand.phase !== "showdown" && hand.phase !== "over") {
    const wager = document.createElement("span");
    wager.className = "wager";
    wager.textContent = ` \u00b7 ${_("bet {chips}", { chips: formatChips(s.wager) })}`;
    meta.append(wager);
    const chips = document.createElement("span");
    chips.className = "bet";
    chips.setAttribute("aria-hidden", "true");
    chips.textContent = formatChips(s.wager);
    box.append(chips);
  }
  box.append(head, ...(badges.childElementCount ? [badges] : []), meta);
  if (s.in_hand) {
    const cards = document.createElement("div");
    cards.className = "cards";
    if (s.shown) {
      for (const c of s.shown) cards.append(card(c));
    } else {
      cards.append(...dealtCards(s));
    }
    if (!s.shown && s.down_count) cards.setAttribute("aria-label", _("{name}'s cards", { name: s.name }));
    box.append(cards);
    if (s.shown_hand) {
      const made = document.createElement("div");
      made.className = "made";
      made.textContent = s.shown_hand_said ? say(s.shown_hand_said) : s.shown_hand;
      box.append(made);
    }
  }
  if (live && t.clock && t.clock.seat === seat) box.append(clockOf(t.clock));
  if (live) markDealt(box, t, seat);
  return box;
}

// The felt: seats, street, pot, community card and awards. The live table draws into
// "seats", "street"...; a replay into the same ids with its prefix ("r-seats"...).
function drawFelt(t, prefix = "") {
  const live = prefix === "";
  $(`${prefix}seats`).replaceChildren(...t.seats.map((s, i) => drawSeat(t, i, s, live)));
  const hand = t.hand;
  $(`${prefix}street`).textContent = hand ? (hand.phase === "over" ? _("Hand over") : hand.phase === "showdown" ? _("Showdown") : STREETS()[hand.street]) : live && tourney ? { registering: _("Waiting for the tournament to start"), running: _("The next hand is coming"), over: _("The tournament is over") }[tourney.state] : _("Waiting for players: a hand starts once a person sits in");
  $(`${prefix}pot`).textContent = hand ? _("Pot {chips}", { chips: formatChips(hand.pot) }) : "";
  $(`${prefix}community`).replaceChildren(...(hand && hand.community ? [card(hand.community)] : []));
  $(`${prefix}awards`).replaceChildren(...(hand ? hand.awards : []).map((a) => {
    const div = document.createElement("div");
    div.textContent = awardText(t, a);
    return div;
  }));
  if (hand && hand.rake) {
    const div = document.createElement("div");
    div.className = "rake";
    div.textContent = _("Rake {chips}", { chips: formatChips(hand.rake) });
    $(`${prefix}awards`).append(div);
  }
}

function draw(t) {
  table = t;
  $("title").textContent = `${t.name} \u00b7 ${gameName(t.game)} \u00b7 ${t.stakes}${t.rake ? ` \u00b7 ${_("rake {rake}", { rake: t.rake })}` : ""}`;
  drawFelt(t);
  const hand = t.hand;
  const actions = $("actions");
  // Focus stays on the action bar from one action to the next.
  const focused = actions.contains(document.activeElement) || document.activeElement === document.body && actions.dataset.acted === "1";
  actions.replaceChildren();
  const legal = hand ? hand.legal : [];
  const checkIsFree = legal.some((a) => a.action === "check");
  for (const a of legal) {
    const button = document.createElement("button");
    button.dataset.action = a.action;
    const key = keyFor(a.action);
    button.append(a.label_said ? say(a.label_said) : a.label);
    if (key) {
      button.setAttribute("aria-keyshortcuts", key.toUpperCase());
      const kbd = document.createElement("kbd");
      kbd.textContent = key.toUpperCase();
      kbd.setAttribute("aria-hidden", "true");
      button.append(" ", kbd);
    }
    button.addEventListener("click", () => {
      // R5.8: folding when checking is free is allowed, and asked once more.
      if (a.action === "fold" && checkIsFree && !window.confirm(_("Checking costs nothing. Fold anyway?"))) return;
      act(a);
    });
    actions.append(button);
  }
  if (focused) (actions.querySelector("button") || actions).focus();
  if (!legal.length) delete actions.dataset.acted;
  const seated = t.you !== null;
  const mine = seated ? t.seats[t.you] : null;
  $("sitout").hidden = !seated || (mine && mine.sitting_out);
  $("sitin").hidden = !seated || !(mine && mine.sitting_out);
  $("leave").hidden = !seated;
  $("addbot").hidden = !seated || t.seats.every((s) => s) || !!tourney;
  $("controls").hidden = !!tourney && tourney.state === "over";
  drawRoom(t);
  tick();
}

// One action sent, as a click, a hotkey or a pre-action chose it; the server checks
// it as any other.
function act(a) {
  seq += 1;
  send({ type: "act", seq, action: a.action, ...(a.to === undefined ? {} : { to: a.to }), seed: newSeed() });
  const actions = $("actions");
  actions.querySelectorAll("button").forEach((b) => { b.disabled = true; });
  actions.dataset.acted = "1";
  actions.focus();
}

setInterval(() => tick(), 250); // tick: room.js

// -- the buy-in ----------------------------------------------------------------
// A dialog, not the browser's prompt: the table's least and most, your bankroll, a
// first amount to take, and what is wrong with an amount said in words. The server
// checks again; what it refuses shows in the dialog.

const buyIn = { seat: null, limits: null };


async function openBuyIn(seat) {
  let limits;
  try {
    const data = await api("/api/tables");
    limits = data.tables.find((t) => t.id === tableId).buy_in;
  } catch (error) { toast(error.message); return; }
  const bankroll = me ? me.bankroll : 0;
  buyIn.seat = seat;
  buyIn.limits = limits;
  $("buyin-head").textContent = _("Buy in at seat {n}", { n: seat + 1 });
  $("buyin-limits").textContent = _("The least you may sit down with is {min} chips, the most {max}. Your bankroll: {bankroll} chips.", { min: formatChips(limits.min), max: formatChips(limits.max), bankroll: formatChips(bankroll) });
  const chipsBox = $("buyin-chips");
  chipsBox.min = limits.min;
  chipsBox.max = limits.max;
  chipsBox.value = Math.max(limits.min, Math.min(limits.default, limits.max, bankroll));
  $("buyin-error").hidden = true;
  $("buyin").showModal();
  chipsBox.select();
}

// What is wrong with an amount typed for the buy-in, in words; null if nothing.
function buyInProblem(text, limits, bankroll) {
  const amount = Number(text);
  if (text.trim() === "" || !Number.isInteger(amount)) return _("Write the buy-in as a whole number of chips, like 200.");
  if (amount < limits.min || amount > limits.max) return _("This table takes a buy-in of {min} to {max} chips, not {chips}.", { min: formatChips(limits.min), max: formatChips(limits.max), chips: formatChips(amount) });
  if (amount > bankroll) return _("Your bankroll has {chips} chips: buy in for {chips} or less.", { chips: formatChips(bankroll) });
  return null;
}

function showBuyInError(text) {
  $("buyin-error").textContent = text;
  $("buyin-error").hidden = false;
}

// The server's refusal while the dialog is open goes into it (true), not a toast.
function buyInRefused(message) {
  if (!$("buyin").open) return false;
  showBuyInError(message.charAt(0).toUpperCase() + message.slice(1));
  return true;
}

$("buyin-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("buyin-chips").value;
  const problem = buyInProblem(text, buyIn.limits, me ? me.bankroll : 0);
  if (problem) { showBuyInError(problem); return; }
  $("buyin-error").hidden = true;
  send({ type: "sit", seat: buyIn.seat, buy_in: Number(text), seed: newSeed() });
});
$("buyin-cancel").addEventListener("click", () => $("buyin").close());

$("sitout").addEventListener("click", () => send({ type: "sit_out" }));
$("sitin").addEventListener("click", () => send({ type: "sit_in" }));
$("leave").addEventListener("click", () => { leaving = true; send({ type: "leave" }); setTimeout(refreshMe, 500); });
$("addbot").addEventListener("click", () => send({ type: "add_bot" }));
$("say").addEventListener("submit", (e) => {
  e.preventDefault();
  if ($("line").value.trim()) send({ type: "chat", text: $("line").value });
  $("line").value = "";
});
$("back").addEventListener("click", () => { history.pushState({}, "", "/"); route(); });

// "verified" beside a hand once this page has checked its proof (verify.js).
function verdict(proof) {
  const mark = document.createElement("span");
  mark.className = "verdict";
  mark.textContent = _("checking…");
  verifyProof(proof).then((result) => {
    mark.replaceChildren();
    const how = document.createElement("a");
    how.href = "/static/shuffle.html";
    how.target = "_blank";
    how.textContent = _("how?");
    if (!result.ok) {
      mark.classList.add("failed");
      mark.append(`${_("NOT verified: {error}", { error: result.error })} `, how);
      return;
    }
    const notes = [n_("{n} card you saw opens the deck committed before the deal", "{n} cards you saw open the deck committed before the deal", result.cards, { n: result.cards })];
    if (announced.has(proof.root)) notes.push(_("this page saw that deck committed before the hand"));
    if (proof.seeds.some((s) => mySeeds.has(s))) notes.push(_("your seed was mixed in"));
    mark.classList.add("verified");
    mark.title = notes.join("; ");
    mark.append(`\u2713 ${_("verified")} `, how);
  });
  return mark;
}

async function loadHistory() {
  const list = $("history");
  try {
    const data = await api(`/api/tables/${tableId}/hands`);
    list.replaceChildren(...data.hands.slice(0, 10).map((h) => {
      const item = document.createElement("li");
      item.textContent = `${_("Hand {id}: pot {pot}", { id: h.id, pot: formatChips(h.pot) })}, ${h.net >= 0 ? "+" : ""}${formatChips(h.net)} `;
      for (const kind of ["txt", "phh"]) {
        const link = document.createElement("a");
        link.href = `/api/hands/${h.id}.${kind}`;
        link.textContent = kind.toUpperCase();
        item.append(" ", link);
      }
      item.append(" ", replayButton(h.id));
      if (h.proof) item.append(" ", verdict(h.proof));
      return item;
    }));
  } catch (error) { list.replaceChildren(); }
  loadWatched(tableId);
}

function route() {
  const match = location.pathname.match(/^\/table\/(\d+)$/);
  if (match) {
    closeLobbyFeed();
    $("lobby").hidden = true;
    $("room").hidden = false;
    $("log").replaceChildren();
    chatLines = [];
    drawChat();
    $("results").hidden = true;
    $("tourney-moved").textContent = "";
    drawTournament(null);
    connect(Number(match[1]));
    loadHistory();
  } else {
    if (socket) { socket.onclose = null; socket.close(); socket = null; }
    tableId = null;
    seen = { no: null, epoch: null };
    showLobby();
    openLinkedReplay();
  }
}

window.addEventListener("popstate", route);
languageReady.then(refreshMe).then(route);
