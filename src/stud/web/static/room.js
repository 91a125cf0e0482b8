// The table as a player of online cardrooms expects it, beside app.js's drawing:
// the seats around an oval, the clock in seconds with the time bank, a notice after
// a time-out, pre-actions, hotkeys, sounds and what a screen reader is told.
// Nothing here is trusted: whatever it sends the server checks as any action.
"use strict";

let leaving = false;

// -- the oval ---------------------------------------------------------------------

// A seat's place around the oval (--x, --y in -1..1), yours at the bottom; its bet
// is drawn in front of it, towards the pot in the middle.
function placeSeat(box, t, seat) {
  const n = t.seats.length;
  const anchor = t.you === null ? 0 : t.you;
  const angle = Math.PI / 2 + ((seat - anchor) * 2 * Math.PI) / n;
  box.style.setProperty("--x", Math.cos(angle).toFixed(3));
  box.style.setProperty("--y", Math.sin(angle).toFixed(3));
}

function badge(text, kind) {
  const el = document.createElement("span");
  el.className = `badge ${kind}`;
  el.textContent = text;
  return el;
}

// Cards not drawn before get a short deal animation (none when the user prefers
// reduced motion: the stylesheet turns it off).
let dealtSeen = new Set();
let dealtHand = null;

function markDealt(box, t, seat) {
  const hand = t.hand ? t.hand.id : null;
  if (hand !== dealtHand) { dealtSeen = new Set(); dealtHand = hand; }
  box.querySelectorAll(".cards .card").forEach((el, i) => {
    const key = `${seat}:${i}`;
    if (!dealtSeen.has(key)) { el.classList.add("deal"); dealtSeen.add(key); }
  });
}

// -- the clock --------------------------------------------------------------------

const clockFull = new Map(); // deadline -> the seconds left when first seen

function clockOf(clock) {
  const box = document.createElement("div");
  box.className = "clock";
  box.dataset.deadline = clock.deadline;
  box.dataset.bank = clock.bank;
  const bar = document.createElement("div");
  bar.className = "clock-bar";
  const left = document.createElement("span");
  left.className = "clock-left";
  left.setAttribute("role", "timer");
  box.append(bar, left);
  return box;
}

// Seconds left, shown as they run; the time bank once the turn's own time is spent,
// and another colour (and the word "hurry") in the last five seconds.
function tick() {
  for (const box of document.querySelectorAll(".clock")) {
    const deadline = Number(box.dataset.deadline);
    const bank = Number(box.dataset.bank);
    const left = Math.max(0, deadline - Date.now() / 1000);
    if (!clockFull.has(deadline)) clockFull.set(deadline, Math.max(left, 1));
    const full = clockFull.get(deadline);
    const inBank = bank > 0 && left <= bank;
    const low = left <= 5;
    box.classList.toggle("bank", inBank);
    box.classList.toggle("low", low);
    box.querySelector(".clock-bar").style.width = `${Math.min(100, (left / full) * 100)}%`;
    const seconds = Math.ceil(left);
    const secondsText = inBank ? _("time bank {n} s", { n: seconds }) : _("{n} s", { n: seconds });
    box.querySelector(".clock-left").textContent = low ? _("{time} \u2013 hurry", { time: secondsText }) : secondsText;
  }
  if (clockFull.size > 50) clockFull.clear();
}

// The clock ran out on you: you were folded (or checked) and sat out. Say so, with
// the one button that sits you back in.
function timedOut() {
  notice(_("Your time ran out: your hand was played for you and you are sitting out."), _("Back"), () => {
    send({ type: "sit_in" });
    hideNotice();
  });
}

function notice(text, label, onClick) {
  $("notice-text").textContent = text;
  const button = $("notice-do");
  button.textContent = label;
  button.onclick = onClick;
  $("notice").hidden = false;
  button.focus();
}

function hideNotice() { $("notice").hidden = true; }

// -- sounds -----------------------------------------------------------------------
// Off until the player turns them on (the choice is kept in this browser).

const sounds = { on: localStorage.getItem("stud.sound") === "on", played: [], audio: null };
const TONES = { turn: [880, 0.18], deal: [520, 0.05], bet: [330, 0.07], win: [660, 0.3] };

function sound(kind) {
  if (!sounds.on) return;
  sounds.played.push(kind);
  try {
    sounds.audio = sounds.audio || new AudioContext();
    const [freq, length] = TONES[kind];
    const osc = sounds.audio.createOscillator();
    const gain = sounds.audio.createGain();
    osc.frequency.value = freq;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(sounds.audio.destination);
    osc.start();
    osc.stop(sounds.audio.currentTime + length);
  } catch (error) { /* a browser without audio plays none */ }
}

$("sound").checked = sounds.on;
$("sound").addEventListener("change", () => {
  sounds.on = $("sound").checked;
  localStorage.setItem("stud.sound", sounds.on ? "on" : "off");
});

// -- chat -------------------------------------------------------------------------
// The table's last lines come on joining (a reload keeps the talk), each with the
// time it was said. A player muted here is muted in this browser only (kept in it):
// their lines are hidden, and a button brings them back.

let chatLines = [];
const muted = new Set(JSON.parse(localStorage.getItem("stud.muted") || "[]"));

function saveMuted() {
  localStorage.setItem("stud.muted", JSON.stringify([...muted]));
  drawChat();
}

// "21:05" in this browser's time zone, for seconds since the epoch.
function clockTime(at) {
  return new Date(at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function drawChat() {
  const list = $("chat");
  list.replaceChildren(...chatLines.filter((m) => !muted.has(m.name)).map((m) => {
    const item = document.createElement("li");
    const when = document.createElement("time");
    when.dateTime = new Date(m.at * 1000).toISOString();
    when.textContent = clockTime(m.at);
    item.append(when, ` ${m.name}: ${m.text}`);
    if (!me || m.name !== me.name) {
      const mute = document.createElement("button");
      mute.type = "button";
      mute.className = "small mute";
      mute.textContent = _("mute");
      mute.setAttribute("aria-label", _("Mute {name}", { name: m.name }));
      mute.addEventListener("click", () => { muted.add(m.name); saveMuted(); });
      item.append(" ", mute);
    }
    return item;
  }));
  list.scrollTop = list.scrollHeight;
  $("muted").replaceChildren(...[...muted].map((name) => {
    const unmute = document.createElement("button");
    unmute.type = "button";
    unmute.className = "small";
    unmute.textContent = _("Unmute {name}", { name });
    unmute.addEventListener("click", () => { muted.delete(name); saveMuted(); });
    return unmute;
  }));
}

// -- odds at a practice table ------------------------------------------------------
// A table with bots and no rake tells a player their share of the pot against what
// they can see, once a street (the server works it out; a cash table refuses).

const odds = { table: null, allowed: true, asked: null, text: "" };

function drawOdds(t, seat) {
  if (odds.table !== t.id) Object.assign(odds, { table: t.id, allowed: true, asked: null, text: "" });
  const hand = t.hand;
  const live = odds.allowed && hand && seat && seat.in_hand && !seat.folded && hand.phase === "betting";
  $("odds").hidden = !(live && odds.text);
  if (!live) return;
  const key = `${hand.id}:${hand.street}`;
  if (odds.asked === key) return;
  odds.asked = key;
  odds.text = "";
  fetch(`/api/tables/${t.id}/odds`).then(async (response) => {
    if (response.status === 403) { odds.allowed = false; return; }
    const data = await response.json();
    if (!response.ok || data.share === null || odds.asked !== key) return;
    odds.text = _("Your odds: {share}% of the pot, against the cards you can see.", { share: Math.round(data.share * 100) });
    $("odds").textContent = odds.text;
    $("odds").hidden = false;
  }).catch(() => {});
}

// -- the showdown -------------------------------------------------------------------
// The server shows and mucks by itself (R6.7); the one choice is whether a hand that
// can win nothing is mucked (on, as in any cardroom) or shown. Kept in this browser
// and told to the table each time this page sits there.

const muckLosing = () => localStorage.getItem("stud.muck") !== "off";

function tellMuck(t) {
  if (t.you !== null && !muckLosing()) send({ type: "muck_losing", on: false });
}

$("muck-losing").checked = muckLosing();
$("muck-losing").addEventListener("change", () => {
  localStorage.setItem("stud.muck", $("muck-losing").checked ? "on" : "off");
  send({ type: "muck_losing", on: $("muck-losing").checked });
});

// -- announcements ----------------------------------------------------------------

// Each action, and whose turn it is, through the live region a screen reader reads.
function announceEvents(events, t) {
  const said = [];
  for (const e of events) {
    if (e.kind === "action") { said.push(eventText(e, t)); sound("bet"); }
    if (e.kind === "dealt") sound("deal");
    if (e.kind === "awarded") { said.push(awardText(t, e)); if (e.seat === t.you) sound("win"); }
  }
  const hand = t.hand;
  if (hand && hand.actor !== null && hand.phase !== "over") {
    said.push(hand.actor === t.you ? _("Your turn") : _("{name} to act", { name: nameOf(t, hand.actor) }));
  }
  if (said.length) $("announce").textContent = said.join(". ");
}

// -- hotkeys ----------------------------------------------------------------------

const KEY_GROUPS = {
  fold: ["fold"], passive: ["check", "call"], aggressive: ["bet", "complete", "raise"],
  bring_in: ["bring_in"],
};
const DEFAULT_KEYS = { fold: "f", passive: "c", aggressive: "r", bring_in: "b" };

function loadKeys() {
  try {
    const stored = JSON.parse(localStorage.getItem("stud.keys") || "{}");
    const out = { ...DEFAULT_KEYS };
    for (const group of Object.keys(DEFAULT_KEYS)) if (group in stored) out[group] = stored[group];
    return out;
  } catch (error) { return { ...DEFAULT_KEYS }; }
}
let keys = loadKeys();

function keyFor(action) {
  const group = Object.keys(KEY_GROUPS).find((g) => KEY_GROUPS[g].includes(action));
  return group ? keys[group] : "";
}

function fillKeys() {
  for (const input of $("keys-form").querySelectorAll("input")) input.value = keys[input.dataset.group] || "";
}
fillKeys();

// What is wrong with the keys typed, in words; null if nothing.
function keysProblem(chosen) {
  const used = {};
  for (const [group, key] of Object.entries(chosen)) {
    if (!key) continue;
    if (!/^[a-z0-9]$/.test(key)) return _("A hotkey is one letter or digit, not \"{key}\".", { key });
    if (used[key]) return _("\"{key}\" is chosen twice; give each action its own key.", { key: key.toUpperCase() });
    used[key] = group;
  }
  return null;
}

$("keys-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const chosen = {};
  for (const input of $("keys-form").querySelectorAll("input")) chosen[input.dataset.group] = input.value.trim().toLowerCase();
  const problem = keysProblem(chosen);
  $("keys-error").hidden = !problem;
  $("keys-error").textContent = problem || "";
  if (problem) return;
  keys = chosen;
  localStorage.setItem("stud.keys", JSON.stringify(keys));
  if (table) draw(table);
});
$("keys-reset").addEventListener("click", () => {
  keys = { ...DEFAULT_KEYS };
  localStorage.removeItem("stud.keys");
  fillKeys();
  if (table) draw(table);
});

document.addEventListener("keydown", (e) => {
  if ($("room").hidden || e.ctrlKey || e.metaKey || e.altKey || $("buyin").open) return;
  if (e.target.closest && e.target.closest("input, textarea, select")) return;
  const key = e.key.toLowerCase();
  const button = [...$("actions").querySelectorAll("button:not([disabled])")].find((b) => keyFor(b.dataset.action) === key);
  if (button) { e.preventDefault(); button.click(); }
});

// -- pre-actions ------------------------------------------------------------------
// Chosen before your turn and acted on when it comes; dropped as soon as the table
// changes what one meant (a raise cancels "Call 5", a bet cancels "Check"). "Fold
// to any bet" holds for the rest of the hand; the others for this betting round.

let pre = { kind: null, amount: 0, hand: null, street: null };
const PRE_LABELS = {
  check_fold: () => _("Check/Fold"), check: () => _("Check"), call: (n) => _("Call {amount}", { amount: formatChips(n) }),
  call_any: () => _("Call any"), fold_any: () => _("Fold to any bet"), fold: () => _("Fold"),
};

// What you would owe to call now (0: checking is free).
function toCall(t) {
  const s = t.seats[t.you];
  return Math.max(0, Math.min(t.hand.level - (s.wager || 0), s.stack));
}

// The pre-actions offered for what you owe now.
function preChoices(owe) {
  return owe > 0 ? ["fold", "call", "call_any"] : ["check_fold", "check", "call_any", "fold_any"];
}

// Whether a chosen pre-action still means what it meant when chosen; owe is what
// you would owe now.
function preStillMeant(choice, owe) {
  switch (choice.kind) {
    case "check": return owe === 0;
    case "call": return owe === choice.amount;
    default: return true;
  }
}

// The legal action a pre-action takes on your turn, or null (then it is dropped and
// you choose yourself): never the bring-in, never a showdown's show or muck.
function preDecision(choice, legal) {
  const find = (name) => legal.find((a) => a.action === name) || null;
  if (find("bring_in") || find("show") || find("muck")) return null;
  switch (choice.kind) {
    case "check_fold": return find("check") || find("fold");
    case "check": return find("check");
    case "fold": return find("check") ? null : find("fold");
    case "call": { const call = find("call"); return call && call.chips === choice.amount ? call : null; }
    case "call_any": return find("call") || find("check");
    case "fold_any": return find("check") || find("fold");
    default: return null;
  }
}

function drawPre(t) {
  const box = $("preactions");
  const hand = t.hand;
  const mine = t.you === null ? null : t.seats[t.you];
  $("pre-sitout").checked = !!(mine && mine.sitting_out);
  if (!hand || !mine || hand.id !== pre.hand) {
    if (hand && pre.hand !== hand.id) $("pre-note").textContent = "";
    pre = { kind: null, amount: 0, hand: hand ? hand.id : null, street: hand ? hand.street : null, waiting: false };
  }
  if (hand && hand.street !== pre.street) {
    if (pre.kind !== "fold_any") pre.kind = null;
    pre.street = hand.street;
  }
  box.hidden = !mine;
  const live = hand && mine && mine.in_hand && !mine.folded && hand.phase === "betting";
  const buttons = $("pre-buttons");
  buttons.replaceChildren();
  if (!live) { pre.kind = null; return; }
  const owe = toCall(t);
  if (pre.kind && !preStillMeant(pre, owe)) {
    $("pre-note").textContent = _("\"{choice}\" was cancelled: the bet changed.", { choice: PRE_LABELS[pre.kind](pre.amount) });
    pre.kind = null;
  }
  if (!hand.legal.length) pre.waiting = false;
  if (hand.legal.length) {
    if (pre.kind && !pre.waiting) {
      const chosen = preDecision(pre, hand.legal);
      const label = PRE_LABELS[pre.kind](pre.amount);
      if (pre.kind !== "fold_any") pre.kind = null;
      if (chosen) {
        $("pre-note").textContent = _("Done before your turn: {choice}.", { choice: label });
        pre.waiting = true;
        setTimeout(() => act(chosen), 0);
      } else {
        $("pre-note").textContent = _("\"{choice}\" no longer fits: choose yourself.", { choice: label });
      }
    }
    return;
  }
  for (const kind of preChoices(owe)) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "small";
    button.dataset.pre = kind;
    button.textContent = PRE_LABELS[kind](owe);
    button.setAttribute("aria-pressed", String(pre.kind === kind && (kind !== "call" || pre.amount === owe)));
    button.addEventListener("click", () => {
      const on = button.getAttribute("aria-pressed") !== "true";
      pre = { ...pre, kind: on ? kind : null, amount: owe };
      $("pre-note").textContent = on ? _("Chosen: {choice}.", { choice: PRE_LABELS[kind](owe) }) : "";
      drawPre(table);
    });
    buttons.append(button);
  }
}

$("pre-sitout").addEventListener("change", () => send({ type: $("pre-sitout").checked ? "sit_out" : "sit_in" }));

// -- the rest of the room -----------------------------------------------------------

let baseTitle = null; // the page's title once translated
let wasMine = false;
let lastSeat = null;
let lastTable = null;

function drawRoom(t) {
  if (t.id !== lastTable) { lastSeat = null; lastTable = t.id; hideNotice(); }
  drawPre(t);
  // The bots' remove buttons, named, after the action bar in the tab order.
  const bots = $("bots");
  bots.replaceChildren();
  if (t.you !== null && !tourney) {
    t.seats.forEach((s, seat) => {
      if (!s || !s.bot || s.gone) return;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "small";
      remove.textContent = _("Remove {name}", { name: s.name });
      remove.dataset.remove = seat;
      remove.addEventListener("click", () => send({ type: "remove_bot", seat }));
      bots.append(remove);
    });
  }
  // Your turn: the tab's title says so, and (if sounds are on) a tone.
  const mine = !!(t.hand && t.hand.legal.length);
  baseTitle = baseTitle === null ? document.title : baseTitle;
  document.title = mine ? _("\u25b6 Your turn \u00b7 {table}", { table: t.name }) : baseTitle;
  if (mine && !wasMine) sound("turn");
  wasMine = mine;
  // What your own cards make so far, as players say it (told only to you).
  const seat = t.you === null ? null : t.seats[t.you];
  $("made").hidden = !(seat && seat.made);
  $("made").textContent = seat && seat.made ? _("Your hand: {hand}", { hand: seat.made_said ? say(seat.made_said) : seat.made }) : "";
  drawOdds(t, seat);
  // Out of chips at a cash table: offer to buy in again.
  if (lastSeat !== null && t.you === null && !leaving && !tourney) {
    const free = t.seats[lastSeat] === null ? lastSeat : t.seats.findIndex((s) => s === null);
    if (free >= 0) notice(_("You are out of chips."), _("Buy in again"), () => { hideNotice(); openBuyIn(free); });
  }
  if (t.you !== null) { leaving = false; if ($("notice-do").textContent === _("Buy in again")) hideNotice(); }
  if (seat && !seat.sitting_out && $("notice-do").textContent === _("Back")) hideNotice();
  lastSeat = t.you;
}
