// The page in the player's language: English, French or Bahasa Indonesia
// (docs/translations.md). The language is the one chosen on the account, else the one
// chosen in this browser, else the first of the browser's languages the page speaks.
// Its catalogue (gettext, served as JSON by /api/languages/<lang>) translates the
// page's HTML once at load, the scripts' own strings (_, n_, p_), and what the server
// sends as messages (say): hand names, actions, notes. Changing the language reloads
// the page, which is then drawn in the new one from the start.
"use strict";

const LANGUAGES = { en: "English", fr: "Français", id: "Bahasa Indonesia" };
const i18n = { lang: "en", messages: {}, pluralOf: { one: 0, other: 1 }, plurals: null };

// The first of the browser's languages (navigator.languages) the page speaks.
function browserLanguage() {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES[code]) return code;
  }
  return "en";
}

function storedLanguage() {
  const code = localStorage.getItem("stud.lang");
  return LANGUAGES[code] ? code : null;
}

// {name} in a message filled from args (a message from the server in its turn).
function fill(text, args) {
  if (!args) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? sayArg(args[name]) : whole));
}

function lookup(key, fallback) {
  const text = i18n.messages[key];
  return typeof text === "string" && text ? text : fallback;
}

// A string of the page, translated: _("Sit out"), _("Seat {n} empty", { n: 3 }).
function _(id, args) {
  return fill(lookup(id, id), args);
}

// A word the same English says differently by context: p_("rank", "ace").
function p_(ctx, id, args) {
  return fill(lookup(`${ctx}\u0004${id}`, id), args);
}

// A count's form, by the language's plural rules: n_("{n} hand", "{n} hands", n, { n }).
function n_(one, many, n, args) {
  const forms = i18n.messages[one];
  i18n.plurals = i18n.plurals || new Intl.PluralRules(i18n.lang);
  const index = i18n.pluralOf[i18n.plurals.select(n)] || 0;
  const text = Array.isArray(forms) ? forms[index] : (index === 0 ? one : many);
  return fill(text, args);
}

function sayArg(value) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(say).join("-");
  if (typeof value === "object") return say(value);
  if (typeof value === "number") return formatNumber(value);
  return String(value);
}

// A message from the server ({id, args, ctx}: stud.said) in the page's language.
function say(message) {
  if (!message) return "";
  const key = message.ctx ? `${message.ctx}\u0004${message.id}` : message.id;
  return fill(lookup(key, message.id), message.args);
}

// A number as the page's language writes it: 1,000 / 1 000 / 1.000.
function formatNumber(n) {
  return Number(n).toLocaleString(i18n.lang);
}

// The page's own HTML, translated once at load: each text node with a letter in it
// and each title, placeholder, aria-label, alt and data-empty (the words the
// stylesheet writes in an empty list), as stud.web.html_messages extracts them.
function translatePage(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement && node.parentElement.closest("script, style, code")
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  for (const node of nodes) {
    const said = node.nodeValue.replace(/\s+/g, " ").trim();
    if (!/\p{L}/u.test(said)) continue;
    const lead = node.nodeValue.match(/^\s*/)[0];
    const tail = node.nodeValue.match(/\s*$/)[0];
    node.nodeValue = `${lead}${_(said)}${tail}`;
  }
  for (const el of root.querySelectorAll("[title], [placeholder], [aria-label], [alt], [data-empty]")) {
    for (const name of ["title", "placeholder", "aria-label", "alt", "data-empty"]) {
      const value = el.getAttribute(name);
      if (value && /\p{L}/u.test(value)) el.setAttribute(name, _(value.replace(/\s+/g, " ").trim()));
    }
  }
}

async function loadCatalogue(code) {
  try {
    const response = await fetch(`/api/languages/${code}`);
    if (!response.ok) return false;
    const data = await response.json();
    i18n.lang = code;
    i18n.messages = data.messages;
    i18n.pluralOf = data.plural_of;
    i18n.plurals = null;
    return true;
  } catch (error) { return false; }
}

// The switch in the header: the choice is kept in this browser and, signed in, on the
// account; the page reloads to be drawn in it.
async function chooseLanguage(code) {
  localStorage.setItem("stud.lang", code);
  try {
    await fetch("/api/me/language", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: code }),
    });
  } catch (error) { /* a guest without an account keeps it in this browser */ }
  location.reload();
}

// Signed in: an account's language wins over this browser's; an account without one
// takes the page's.
function adoptAccountLanguage(account) {
  if (!account) return;
  if (account.language && account.language !== i18n.lang) {
    localStorage.setItem("stud.lang", account.language);
    location.reload();
  } else if (!account.language) {
    fetch("/api/me/language", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: i18n.lang }),
    }).catch(() => {});
  }
}

async function startLanguage() {
  let account = null;
  try {
    const response = await fetch("/api/me");
    if (response.ok) account = await response.json();
  } catch (error) { account = null; }
  const code = (account && LANGUAGES[account.language] ? account.language : null) || storedLanguage() || browserLanguage();
  if (code !== "en" && !(await loadCatalogue(code))) i18n.lang = "en";
  document.documentElement.lang = i18n.lang;
  translatePage(document.documentElement);
  const pick = document.getElementById("lang");
  pick.replaceChildren(...Object.entries(LANGUAGES).map(([value, name]) => {
    const option = document.createElement("option");
    option.value = value;
    option.lang = value;
    option.textContent = name;
    return option;
  }));
  pick.value = i18n.lang;
  pick.addEventListener("change", () => chooseLanguage(pick.value));
}

const languageReady = startLanguage();
