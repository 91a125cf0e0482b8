"""The page in French and in Bahasa Indonesia: chosen from the browser's languages, no
English left on the lobby, a table mid-hand or a replay, nothing serious for axe-core,
a phone's lobby that still fits, and the language kept on the account.

"English left" is judged against the English catalogue (``stud/locale/messages.pot``):
a text node, ``aria-label``, ``title``, ``placeholder`` or ``alt`` on the page, or the
tab's title, that holds one of its messages (placeholders match anything) where the
language's own translation of that message is not there. Names of players and tables
are taken out first: a name is never translated. Set ``STUD_SCREENSHOTS`` to keep the
screenshots.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from test_browser import ARGS, CHROMIUM, MY_BUTTONS, MY_TURN, _act, _turn
from test_browser_replay import needs_chromium
from test_browser_room import _serious, needs_axe
from test_browser_table import OVERFLOWING, _shots
from test_languages import _say
from web_harness import serving

from stud.cards import DECK
from stud.history.text import hand_said, hand_so_far_said
from stud.rules import Rules, Variant
from stud.web.languages import catalogue

playwright = pytest.importorskip("playwright.sync_api")

LOCALE = Path(__file__).resolve().parents[2] / "src" / "stud" / "locale"
BROWSER_LOCALE = {"fr": "fr-FR", "id": "id-ID"}

TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement.closest('script, style')) continue;
    const text = node.nodeValue.replace(/\\s+/g, ' ').trim();
    if (text) out.push(text);
  }
  const named = '[aria-label], [title], [placeholder], [alt], [data-empty]';
  for (const el of document.querySelectorAll(named)) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'data-empty']) {
      const value = el.getAttribute(name);
      if (value) out.push(value.replace(/\\s+/g, ' ').trim());
    }
  }
  out.push(document.title);
  for (const el of document.querySelectorAll('*')) {
    for (const part of ['::before', '::after']) {
      const words = getComputedStyle(el, part).content;
      if (words.startsWith('"')) out.push(words.slice(1, -1));  // the stylesheet's own words
    }
  }
  return out;
}"""
"""Every text the page shows or tells a screen reader, hidden parts too, and any
words the stylesheet writes before or after an element."""

NAMES = """() => [
  ...[...document.querySelectorAll('.seat .name')].map((el) => el.firstChild.nodeValue),
  ...[...document.querySelectorAll('#tables tbody td:first-child')].map((el) => el.textContent),
  ...(me ? [me.name] : []),
].map((name) => name.replace(' \\u2699', '').trim()).filter(Boolean)"""
"""The names on the page: players', tables' (a name is not translated)."""


def _pattern(message: str) -> re.Pattern[str] | None:
    """A message as a pattern its placeholders match anything in; none for a message
    with fewer than three letters of its own ("{name} {action}", a rank's letter, an
    ordinal's ending: they would be found in any text)."""
    own = re.sub(r"\{\w+\}", "", message)
    if len(re.findall(r"[^\W\d_]", own)) < 3:
        return None
    parts = re.split(r"(\{\w+\})", message)
    body = "".join(".+?" if re.fullmatch(r"\{\w+\}", p) else re.escape(p) for p in parts)
    return re.compile(rf"(?<![^\W\d_]){body}(?![^\W\d_])")


SAME_WORDS = {
    "fr": (),
    "id": (
        "three of a kind",
        "four of a kind",
        "straight flush",
        "royal flush",
        "full house",
        "straight",
        "flush",
    ),
}
"""Words a language's players say as English ones do: Indonesian players name hands
with the English poker terms."""


def _english_left(texts: list[str], names: list[str], language: str) -> list[str]:
    """Each text holding an English message whose translation it does not hold, once
    the names and the words the language says as English does are taken out."""
    with (LOCALE / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalog = read_po(po, locale=language)
    pairs: list[tuple[re.Pattern[str], list[re.Pattern[str]]]] = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ours = [p for p in (_pattern(s) for s in strings if s) if p]
        for english in ids:
            found = _pattern(english)
            if found is not None:
                pairs.append((found, ours))
    left = []
    for text in texts:
        bare = text
        for name in sorted({*names, *SAME_WORDS[language]}, key=len, reverse=True):
            bare = bare.replace(name, "\u2022")
        for english, ours in pairs:
            if english.search(bare) and not any(p.search(bare) for p in ours):
                left.append(f"{text!r} holds {english.pattern!r}")
    return left


def _check(page: Any, language: str) -> None:
    assert page.evaluate("document.documentElement.lang") == language
    left = _english_left(page.evaluate(TEXTS), page.evaluate(NAMES), language)
    assert left == []


@contextmanager
def _cardroom(tmp_path: Path, *options: str) -> Iterator[tuple[Any, str]]:
    with (
        serving(str(tmp_path / "cardroom.sqlite3"), "--bot", "station", *options) as (_, port),
        playwright.sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser, f"http://127.0.0.1:{port}"
        browser.close()


def _page(browser: Any, language: str, phone: bool = False) -> Any:
    size = {"width": 390, "height": 844} if phone else {"width": 1100, "height": 900}
    context = browser.new_context(
        viewport=size,
        is_mobile=phone,
        locale=BROWSER_LOCALE.get(language, language),
        bypass_csp=True,  # axe-core is injected; the page's own policy refuses that
    )
    page = context.new_page()
    page.set_default_timeout(120_000)
    return page


def _lobby(page: Any, base: str, language: str) -> None:
    page.goto(base)
    page.wait_for_function(f"() => document.documentElement.lang === '{language}'")
    page.wait_for_selector("#tables button[data-table]")


GAMES = {"stud8": 1, "stud": 2, "razz": 3}
"""The table of each game a new cardroom opens with, its seats but two held by bots."""


def _guest_at(page: Any, game: str = "razz") -> None:
    page.click("#guest")
    page.wait_for_selector("#who:not(:empty)")
    page.click(f"#tables button[data-table='{GAMES[game]}']")  # against calling stations
    page.click(".seat[data-seat='4'] button")
    page.fill("#buyin[open] #buyin-chips", "200")
    page.click("#buyin-sit")
    page.wait_for_selector(".seat.me[data-seat='4']")


@needs_chromium
@needs_axe
@pytest.mark.parametrize(
    ("language", "game"), [("fr", "razz"), ("id", "razz"), ("fr", "stud8"), ("id", "stud")]
)
def test_the_lobby_a_table_mid_hand_and_a_replay_have_no_english_left(
    tmp_path: Path, language: str, game: str
) -> None:
    """A browser asking for French (or Indonesian) gets the page in it: the lobby, a
    table on the player's turn, the showdown and its replay; hand names as players
    there say them; nothing serious for axe-core."""
    shots = _shots(tmp_path)
    with _cardroom(tmp_path, "--hand-pause", "600") as (browser, base):
        page = _page(browser, language)
        _lobby(page, base, language)
        _check(page, language)
        assert _serious(page) == []
        page.screenshot(path=str(shots / f"lang-{language}-lobby.png"), full_page=True)
        _guest_at(page, game)
        page.wait_for_function(f"() => {MY_TURN}")
        page.wait_for_selector("#made:not([hidden])")
        _check(page, language)
        assert _serious(page) == []
        page.screenshot(path=str(shots / f"lang-{language}-{game}-table.png"))
        while _turn(page) != "over":
            if page.locator(MY_BUTTONS).count():
                _act(page)
        page.wait_for_selector("#history button[data-replay]")
        _check(page, language)
        won = page.inner_text("#awards")
        if game == "razz":
            assert re.search(r"\d-\d", won)  # a razz low, written with its ranks
            assert ("basse" if language == "fr" else "rendah") in won
        assert _serious(page) == []
        page.screenshot(path=str(shots / f"lang-{language}-{game}-showdown.png"))
        page.click("#history button[data-replay]")
        page.wait_for_selector("#replay:not([hidden]) .seat.me")
        page.keyboard.press("End")
        page.wait_for_selector("#r-awards div")
        _check(page, language)
        assert _serious(page) == []
        page.screenshot(path=str(shots / f"lang-{language}-{game}-replay.png"))


@needs_chromium
@pytest.mark.parametrize("language", ["fr", "id"])
def test_a_phone_lobby_and_table_in_the_longer_language_still_fit(
    tmp_path: Path, language: str
) -> None:
    """French runs longer than English: the phone's lobby still fits 390 pixels, and
    its table names what is on it in the language."""
    shots = _shots(tmp_path)
    with _cardroom(tmp_path) as (browser, base):
        page = _page(browser, language, phone=True)
        _lobby(page, base, language)
        assert page.evaluate(OVERFLOWING, 390) == []
        page.screenshot(path=str(shots / f"lang-{language}-phone-lobby.png"), full_page=True)
        _guest_at(page)
        page.wait_for_function(f"() => {MY_TURN}")
        _check(page, language)
        page.screenshot(path=str(shots / f"lang-{language}-phone-table.png"), full_page=True)


@needs_chromium
def test_the_language_chosen_is_kept_on_the_account_across_reloads_and_browsers(
    tmp_path: Path,
) -> None:
    """An English browser's player registers, switches to French: a reload keeps it,
    and signing in from a new browser asking for English brings the page back in French;
    a visitor's choice stays in that browser, and the server's refusals come in it."""
    with _cardroom(tmp_path) as (browser, base):
        page = _page(browser, "en")
        _lobby(page, base, "en")
        assert page.inner_text("#lobby h1") == "Tables"
        page.fill("#name", "Amélie")
        page.fill("#password", "a good long password")
        page.click("#register")
        page.wait_for_selector("#who:has-text('Amélie')")
        page.select_option("#lang", "fr")
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        page.wait_for_selector("#who:has-text('solde')")
        page.reload()
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        assert page.inner_text("#signin button[type='submit']") == "Se connecter"
        other = _page(browser, "en")
        _lobby(other, base, "en")
        other.fill("#name", "Amélie")
        other.fill("#password", "a good long password")
        other.click("#signin button[type='submit']")
        other.wait_for_function("() => document.documentElement.lang === 'fr'")
        other.wait_for_selector("#who:has-text('solde')")
        assert other.input_value("#lang") == "fr"
        guest = _page(browser, "en")
        _lobby(guest, base, "en")
        guest.select_option("#lang", "id")
        guest.wait_for_function("() => document.documentElement.lang === 'id'")
        guest.reload()
        guest.wait_for_function("() => document.documentElement.lang === 'id'")
        assert guest.inner_text("#lobby h1") == "Meja"
        # The server's refusals come in the page's language too.
        guest.fill("#name", "Amélie")
        guest.fill("#password", "not her password")
        guest.click("#signin button[type='submit']")
        guest.wait_for_selector("#toast:not([hidden])")
        assert guest.inner_text("#toast") == "nama dan kata sandi tidak cocok"


def test_the_catalogue_served_is_the_one_read_from_the_po_file() -> None:
    """The page's French catalogue names its hands as French players do."""
    messages = catalogue("fr")["messages"]
    assert messages["three of a kind, {ranks}"] == "brelan {ranks}"
    assert messages["of ranks\x04aces"] == "d\u2019as"


@pytest.mark.parametrize("language", ["fr", "id"])
def test_no_hand_name_is_left_in_english(language: str) -> None:
    """Every kind of hand, made and drawing, high and low, in each game, said as the page
    says it: the same judge as on the page finds no English in any."""
    messages = catalogue(language)["messages"]
    chance = random.Random(7)
    said: set[str] = set()
    for variant in Variant:
        rules = Rules(variant=variant)
        for _ in range(400):
            cards = chance.sample(DECK, chance.randint(1, 7))
            for hand in (hand_said(cards, rules), hand_so_far_said(cards, rules)):
                if hand is not None:
                    said.add(_say(hand, messages))
    assert len(said) > 500
    assert _english_left(sorted(said), [], language) == []
