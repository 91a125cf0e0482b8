// The player's own statistics page: figures, the results and all-in EV graph (drawn
// here as SVG from the points the server sends) and the leaks, each with links to
// replay the hands that show it. The server reads each hand from the player's chair.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function shape(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function value(stat) {
  if (stat.value === null) return ["-", ""];
  const margin = stat.margin === null ? "" : `\u00b1 ${stat.margin.toFixed(1)}`;
  if (stat.kind === "percent") return [`${stat.value.toFixed(1)}%`, margin];
  if (stat.kind === "ratio") return [stat.value.toFixed(2), ""];
  return [`${stat.value >= 0 ? "+" : ""}${stat.value.toFixed(1)} bb/100`, margin];
}

function drawFigures(stats) {
  const body = $("figures").tBodies[0];
  for (const stat of stats) {
    const [shown, margin] = value(stat);
    const row = body.insertRow();
    row.append(el("th", stat.name, { scope: "row" }), el("td", shown), el("td", margin));
    const count = stat.kind === "bb/100" ? `${stat.opportunities} hands` : `${stat.done} / ${stat.opportunities}`;
    row.append(el("td", count));
  }
}

// Two lines over the hands: the real result and the all-in EV adjusted one.
function drawGraph(points) {
  const svg = $("graph");
  const width = 640, height = 260, left = 48, right = 12, top = 12, bottom = 28;
  const values = points.flatMap((p) => [p[1], p[2]]).concat([0]);
  let low = Math.min(...values), high = Math.max(...values);
  if (high - low < 1) { high += 0.5; low -= 0.5; }
  const last = points.length ? points[points.length - 1][0] : 1;
  const x = (hand) => left + (width - left - right) * (last > 1 ? (hand - 1) / (last - 1) : 0);
  const y = (v) => top + (height - top - bottom) * (high - v) / (high - low);
  svg.append(shape("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "zero" }));
  for (const v of [low, high]) {
    const label = shape("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end" });
    label.textContent = v.toFixed(1);
    svg.append(label);
  }
  const axis = shape("text", { x: width - right, y: height - 8, "text-anchor": "end" });
  axis.textContent = `${last} hands`;
  svg.append(axis);
  for (const [column, kind] of [[2, "adjusted"], [1, "actual"]]) {  // the result on top
    const path = points.map((p) => `${x(p[0]).toFixed(1)},${y(p[column]).toFixed(1)}`).join(" ");
    svg.append(shape("polyline", { points: path, class: kind, fill: "none" }));
  }
}

function drawLeaks(leaks) {
  $("leaks-none").hidden = leaks.length > 0;
  for (const leak of leaks) {
    const item = el("li");
    const rate = `${(100 * leak.rate).toFixed(1)}% against ${(100 * leak.reference).toFixed(1)}%`;
    item.append(el("strong", `${leak.name}: ${leak.direction}`));
    item.append(el("span", ` (${rate}), costing ${leak.cost.toFixed(2)} \u00b1 ${leak.cost_error.toFixed(2)} big bets per 100 hands. `));
    const hands = el("span", "Hands: ");
    for (const shown of leak.hands) {
      if (shown.hand === null) continue;
      const sign = shown.result_bb >= 0 ? "+" : "";
      hands.append(el("a", `hand ${shown.hand} (${sign}${shown.result_bb} bb)`, { href: `/?replay=${shown.hand}` }), " ");
    }
    item.append(hands);
    $("leaks").append(item);
  }
}

async function load() {
  const response = await fetch("/api/me/stats");
  const data = await response.json();
  if (!response.ok) {
    $("stats-status").textContent = data.error || response.statusText;
    return;
  }
  if (!data.hands) {
    $("stats-status").textContent = "No hand played in the cardroom yet.";
    return;
  }
  const allIn = data.all_in;
  $("stats-summary").textContent =
    `${data.player}: ${data.hands} hands (${data.game}). Result ${allIn.result_bb.toFixed(1)} big bets, ` +
    `all-in EV adjusted ${allIn.ev_adjusted_bb.toFixed(1)} over ${allIn.hands} all-in hands.`;
  $("graph-text").textContent =
    `After ${data.hands} hands: result ${allIn.result_bb.toFixed(1)} big bets, all-in EV adjusted ${allIn.ev_adjusted_bb.toFixed(1)}.`;
  drawGraph(data.graph);
  drawLeaks(data.leaks);
  drawFigures(data.stats);
  $("stats-status").textContent = `Statistics over your last ${data.hands} hands.`;
  $("stats-body").hidden = false;
}

load();
