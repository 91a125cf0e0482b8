// Replaying a hand at the table: a hand from the history, or an uploaded PHH file.
// The server sends every step as the live table would have sent it to this person
// (docs/protocol.md, "Replays"); this script only steps through them and draws each
// with the live table's own drawing (drawFelt, eventText in app.js).
"use strict";

const replay = { steps: [], at: 0, timer: null, back: "lobby", file: null, page: null };
const PLAY_EVERY = 900; // milliseconds a step stays on screen while playing, at normal speed

function replayButton(handId) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = _("Replay");
  button.className = "small";
  button.dataset.replay = handId;
  button.addEventListener("click", () => openReplay(handId));
  return button;
}

// The hands at this table the person watched but did not play (those they played
// are in "My last hands"), each with a Replay button.
async function loadWatched(id) {
  const list = $("watched");
  try {
    const data = await api(`/api/tables/${id}/replays`);
    const watched = data.hands.filter((h) => !h.played).slice(0, 10);
    list.replaceChildren(...watched.map((h) => {
      const item = document.createElement("li");
      item.textContent = `${_("Hand {id}: pot {pot}", { id: h.id, pot: formatChips(h.pot) })} `;
      item.append(replayButton(h.id));
      return item;
    }));
  } catch (error) { list.replaceChildren(); }
  $("watched-box").hidden = !list.children.length;
}

async function openReplay(handId) {
  try {
    replay.file = null;
    showReplay(await api(`/api/hands/${handId}/replay`));
    linkReplay(handId);
  } catch (error) { toast(error.message); }
}

// A replay of a hand from the history has an address of its own ("/?replay=12"): the
// address bar and the link show it while it is open; closing it puts back the page's.
function linkReplay(handId) {
  if (replay.page === null) replay.page = location.pathname + location.search;
  const url = `/?replay=${handId}`;
  history.replaceState(history.state, "", url);
  $("r-link").href = url;
  $("r-link").hidden = false;
}

// The page was opened at a replay's address: show that hand (called once the page has
// drawn its lobby, which the replay then covers).
function openLinkedReplay() {
  const handId = new URLSearchParams(location.search).get("replay");
  if (!handId || !/^\d+$/.test(handId)) return;
  replay.page = "/";
  openReplay(Number(handId));
}

async function uploadReplay(file, hand) {
  const query = new URLSearchParams({ name: file.name });
  if (hand) query.set("hand", hand);
  try {
    const response = await fetch(`/api/replay?${query}`, { method: "POST", body: file });
    const data = await response.json();
    if (!response.ok) throw new Error(data.said ? say(data.said) : data.error || response.statusText);
    replay.file = file;
    showReplay(data);
  } catch (error) {
    $("upload-error").textContent = error.message;
    $("upload-error").hidden = false;
  }
}

function showReplay(data) {
  stopPlay();
  $("r-link").hidden = true;
  if ($("replay").hidden) replay.back = $("room").hidden ? "lobby" : "room";
  $("lobby").hidden = true;
  $("room").hidden = true;
  $("replay").hidden = false;
  $("upload-error").hidden = true;
  const t = data.steps.length ? data.steps[0].table : null;
  const title = data.title_said ? say(data.title_said) : data.title;
  $("r-title").textContent = t ? `${title} \u00b7 ${gameName(t.game)} \u00b7 ${t.stakes}` : title;
  const choose = $("r-hand");
  choose.replaceChildren(...data.hands.map((h) => {
    const option = document.createElement("option");
    option.value = h.name;
    option.textContent = h.error ? _("{name} (cannot be read)", { name: h.name }) : h.name;
    option.disabled = !!h.error;
    return option;
  }));
  choose.value = data.chosen || "";
  $("r-choose").hidden = data.hands.length < 2;
  replay.steps = data.steps;
  stepTo(0);
  window.scrollTo(0, 0);
}

function closeReplay() {
  stopPlay();
  if (replay.page !== null) history.replaceState(history.state, "", replay.page);
  replay.page = null;
  $("r-link").hidden = true;
  $("replay").hidden = true;
  $(replay.back).hidden = false;
}

function streetOf(step) {
  const hand = step.table.hand;
  return hand.phase === "betting" || hand.phase === "deal" ? hand.street : hand.phase;
}

function stepTo(at) {
  const steps = replay.steps;
  if (!steps.length) return;
  replay.at = Math.max(0, Math.min(steps.length - 1, at));
  const step = steps[replay.at];
  drawFelt(step.table, "r-");
  const log = $("r-log");
  log.replaceChildren();
  for (const earlier of steps.slice(0, replay.at + 1)) {
    for (const e of earlier.events) {
      const text = eventText(e, earlier.table);
      if (text) line(log, text);
    }
  }
  $("r-step").textContent = _("Step {n} of {count}", { n: replay.at + 1, count: steps.length });
  const first = replay.at === 0;
  const last = replay.at === steps.length - 1;
  for (const id of ["r-start", "r-prev-street", "r-prev"]) $(id).disabled = first;
  for (const id of ["r-next", "r-next-street", "r-end"]) $(id).disabled = last;
  if (last) stopPlay();
  document.body.dataset.replayStep = replay.at;
}

// The first step of the next street (or of the showdown, or the end), or the first
// step of this street, or of the one before when already there.
function streetStep(direction) {
  const steps = replay.steps;
  const here = streetOf(steps[replay.at]);
  if (direction > 0) {
    const next = steps.findIndex((s, i) => i > replay.at && streetOf(s) !== here);
    return next < 0 ? steps.length - 1 : next;
  }
  let at = replay.at;
  while (at > 0 && streetOf(steps[at - 1]) === here) at -= 1;
  if (at < replay.at) return at;
  if (at === 0) return 0;
  const before = streetOf(steps[at - 1]);
  while (at > 0 && streetOf(steps[at - 1]) === before) at -= 1;
  return at;
}

function stopPlay() {
  clearInterval(replay.timer);
  replay.timer = null;
  $("r-play").textContent = `\u25b6 ${_("Play")}`;
}

function togglePlay() {
  if (replay.timer) { stopPlay(); return; }
  if (replay.at === replay.steps.length - 1) stepTo(0);
  $("r-play").textContent = _("Pause");
  replay.timer = setInterval(() => stepTo(replay.at + 1), PLAY_EVERY * Number($("r-speed").value));
}

// A new speed takes effect at once while playing.
$("r-speed").addEventListener("change", () => {
  if (!replay.timer) return;
  stopPlay();
  togglePlay();
});

$("r-close").addEventListener("click", closeReplay);
$("r-start").addEventListener("click", () => { stopPlay(); stepTo(0); });
$("r-prev-street").addEventListener("click", () => { stopPlay(); stepTo(streetStep(-1)); });
$("r-prev").addEventListener("click", () => { stopPlay(); stepTo(replay.at - 1); });
$("r-play").addEventListener("click", togglePlay);
$("r-next").addEventListener("click", () => { stopPlay(); stepTo(replay.at + 1); });
$("r-next-street").addEventListener("click", () => { stopPlay(); stepTo(streetStep(1)); });
$("r-end").addEventListener("click", () => { stopPlay(); stepTo(replay.steps.length - 1); });
$("r-hand").addEventListener("change", () => { if (replay.file) uploadReplay(replay.file, $("r-hand").value); });
$("upload").addEventListener("change", (e) => {
  const file = e.target.files[0];
  e.target.value = "";
  if (file) uploadReplay(file);
});

// The browser's back and forward buttons leave a replay for the page they go to.
window.addEventListener("popstate", () => { stopPlay(); replay.page = null; $("replay").hidden = true; });

// Arrows step an action (left, right) or a street (up, down); Home, End; space plays.
document.addEventListener("keydown", (e) => {
  if ($("replay").hidden || e.target.closest("input, select, textarea")) return;
  const keys = {
    ArrowLeft: () => stepTo(replay.at - 1),
    ArrowRight: () => stepTo(replay.at + 1),
    ArrowUp: () => stepTo(streetStep(-1)),
    ArrowDown: () => stepTo(streetStep(1)),
    Home: () => stepTo(0),
    End: () => stepTo(replay.steps.length - 1),
    Escape: closeReplay,
  };
  if (e.key === " ") { e.preventDefault(); togglePlay(); return; }
  if (!keys[e.key]) return;
  e.preventDefault();
  if (e.key !== "Escape") stopPlay();
  keys[e.key]();
});
