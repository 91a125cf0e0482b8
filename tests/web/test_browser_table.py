"""The table and lobby as a player sees them: cards in the order dealt with your own
down cards marked, a lobby that fits a phone, and a buy-in asked in a dialog.

Playwright drives Debian's chromium against the real ``stud serve`` (see
``test_browser.py``); every wait is for something on the page. Set
``STUD_SCREENSHOTS`` to a directory to keep the screenshots.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from test_browser import ARGS, CHROMIUM, MY_BUTTONS, MY_TURN, OVER, _act, _guest, _sit
from test_browser_replay import needs_chromium
from web_harness import serving

playwright = pytest.importorskip("playwright.sync_api")

MINE = ".seat.me .cards .card"


def _shots(tmp_path: Path) -> Path:
    shots = Path(os.environ.get("STUD_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    return shots


@contextmanager
def _page(tmp_path: Path, phone: bool = False) -> Iterator[tuple[Any, str]]:
    """A page in chromium (a desk's window or a phone's) at a cardroom of calling
    stations, and the cardroom's address."""
    with (
        serving(str(tmp_path / "cardroom.sqlite3"), "--bot", "station") as (_, port),
        playwright.sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        size = {"width": 390, "height": 844} if phone else {"width": 1100, "height": 900}
        page = browser.new_context(viewport=size, is_mobile=phone).new_page()
        page.set_default_timeout(120_000)
        yield page, f"http://127.0.0.1:{port}"
        browser.close()


def _kinds(page: object, seat: str) -> list[str]:
    """Each card of a seat, in the order drawn: "down", "back" or "up"."""
    kinds: list[str] = page.eval_on_selector_all(  # type: ignore[attr-defined]
        f"{seat} .cards .card",
        "(cards) => cards.map((c) => c.classList.contains('down') ? 'down'"
        " : c.classList.contains('back') ? 'back' : 'up')",
    )
    return kinds


@needs_chromium
def test_r3_seventh_street_down_card_is_drawn_last_and_own_down_cards_are_marked(
    tmp_path: Path,
) -> None:
    """R3.2, R3.3: two down, four up, the seventh-street card down and drawn last; your
    own down cards are raised, say "down" in words and are announced as down cards."""
    shots = _shots(tmp_path)
    with _page(tmp_path) as (page, base):
        _guest(page, base)
        _sit(page, 2, 4)  # stud with calling stations: never folding reaches seventh street
        sixth: list[str] = []
        while True:
            page.wait_for_function(f"() => {MY_TURN} || {OVER}", timeout=60_000)
            assert not page.locator("#awards div").count(), "the hand ended before seventh"
            count = page.locator(MINE).count()
            if count == 6:
                sixth = page.eval_on_selector_all(
                    f"{MINE}.down", "(cards) => cards.map((c) => c.dataset.card)"
                )
            if count == 7:
                break
            _act(page)
        assert len(sixth) == 2
        assert _kinds(page, ".seat.me") == ["down", "down", "up", "up", "up", "up", "down"]
        seventh = page.locator(MINE).nth(6)
        assert seventh.get_attribute("data-card") not in sixth  # the card just dealt
        # Every other seat still in shows its backs the same way round.
        others = page.locator(".seat:not(.me):not(.folded):not(.empty)")
        assert others.count() >= 1
        for i in range(others.count()):
            seat = others.nth(i).get_attribute("data-seat")
            kinds = _kinds(page, f".seat[data-seat='{seat}']")
            assert kinds == ["back", "back", "up", "up", "up", "up", "back"], (seat, kinds)
        # Down cards: the word "down" on the card, a name for a screen reader, raised.
        for i in (0, 1, 6):
            down = page.locator(MINE).nth(i)
            assert down.locator(".mark").inner_text().lower() == "down"
            label = down.get_attribute("aria-label") or ""
            assert label.startswith("down card "), label
            assert " of " in label, label
        up = page.locator(MINE).nth(2)
        up_label = up.get_attribute("aria-label") or ""
        assert " of " in up_label, up_label
        assert "down" not in up_label, up_label
        up_box, down_box = up.bounding_box(), page.locator(MINE).nth(1).bounding_box()
        assert up_box is not None  # side by side, the down one raised
        assert down_box is not None
        assert down_box["y"] + 3 <= up_box["y"], (down_box, up_box)
        assert page.locator(".seat .back").first.get_attribute("aria-label") == "face-down card"
        page.screenshot(path=str(shots / "table-seventh-street.png"))
        page.locator(".seat.me").screenshot(path=str(shots / "table-seventh-street-seat.png"))
        assert page.locator(MY_BUTTONS).count()


OVERFLOWING = """(width) => [...document.querySelectorAll('#lobby *, header *')]
  .filter((el) => el.getClientRects().length)
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([, box]) => box.left < -0.5 || box.right > width + 0.5)
  .map(([el, box]) => `${el.tagName}#${el.id}.${el.className} ${box.left}-${box.right}`)"""
"""Every element of the header and lobby drawn outside a viewport ``width`` wide."""

TENS = """() => {
  const row = document.createElement('div');
  row.className = 'cards';
  for (const suit of 'cdhs') row.append(card('T' + suit), card('T' + suit, 'down'));
  document.querySelector('#lobby').append(row);
  return [...row.children].map((el) => {
    const range = document.createRange();
    range.selectNodeContents(el.firstChild);
    const text = range.getBoundingClientRect(), box = el.getBoundingClientRect();
    const inside = text.left >= box.left && text.right <= box.right;
    return [el.dataset.card, inside, text.width, box.width];
  });
}"""
"""Draws each 10 with the page's own ``card`` (up, and as your down card) and says,
for each, whether its "10♣" text lies within its card."""


@needs_chromium
def test_the_phone_lobby_fits_390_pixels_and_a_ten_fits_its_card(tmp_path: Path) -> None:
    shots = _shots(tmp_path)
    with _page(tmp_path, phone=True) as (page, base):
        _guest(page, base)
        # A tournament in the list too: its row is the widest of the lobby.
        page.fill("#create-tournament input[name='name']", "Sunday sit-and-go")
        page.evaluate("document.querySelector('#create-tournament').requestSubmit()")
        page.wait_for_selector("#room:not([hidden])")
        page.goto(f"{base}/")
        page.wait_for_selector("#tables button[data-table='3']")
        page.wait_for_selector("#tournaments button[data-tournament]")
        assert page.evaluate(OVERFLOWING, 390) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for opener in ("#tables button[data-table]", "#tournaments button[data-tournament]"):
            buttons = page.locator(opener)
            assert buttons.count() >= 1
            for i in range(buttons.count()):
                box = buttons.nth(i).bounding_box()
                assert box is not None
                assert box["x"] >= 0
                assert box["x"] + box["width"] <= 390
        # Each value says what it is once the headings are gone: "Seats 4/6".
        assert page.locator("#tables thead").is_hidden()
        assert page.locator("#tables td[data-label='Seats']").first.is_visible()
        page.wait_for_selector("#tournaments td[data-label='Players']")
        page.screenshot(path=str(shots / "phone-lobby.png"), full_page=True)
        tens = page.evaluate(TENS)
        assert len(tens) == 8
        assert all(inside for _, inside, _, _ in tens), tens
        page.locator("#lobby .cards").last.screenshot(path=str(shots / "phone-tens.png"))


@needs_chromium
def test_the_buy_in_is_a_dialog_with_the_limits_and_bankroll_and_errors_in_words(
    tmp_path: Path,
) -> None:
    shots = _shots(tmp_path)
    with _page(tmp_path) as (page, base):
        prompts: list[str] = []
        page.on("dialog", lambda dialog: prompts.append(dialog.message))
        _guest(page, base)
        page.click("#tables button[data-table='1']")
        page.click(".seat.empty[data-seat='4'] button")
        page.wait_for_selector("#buyin[open]")
        # Stakes 1/1/5/10: 10 to 100 big bets, 20 offered first; a guest has 1,000.
        limits = page.inner_text("#buyin-limits")
        assert limits == (
            "The least you may sit down with is 100 chips, the most 1,000."
            " Your bankroll: 1,000 chips."
        )
        assert page.input_value("#buyin-chips") == "200"
        assert page.inner_text("#buyin-head") == "Buy in at seat 5"
        page.fill("#buyin-chips", "12.5")
        page.click("#buyin-sit")
        assert page.inner_text("#buyin-error") == (
            "Write the buy-in as a whole number of chips, like 200."
        )
        page.fill("#buyin-chips", "5000")
        page.click("#buyin-sit")
        error = page.inner_text("#buyin-error")
        assert error == "This table takes a buy-in of 100 to 1,000 chips, not 5,000.", error
        page.screenshot(path=str(shots / "buy-in-error.png"))
        assert page.locator(".seat.me").count() == 0  # nothing was sent for a bad amount
        # What the server refuses shows in the dialog too, in its words.
        page.evaluate("send({ type: 'sit', seat: 4, buy_in: 'lots' })")
        page.wait_for_selector("#buyin-error:has-text('whole number of chips, more than 0')")
        assert page.inner_text("#buyin-error").startswith("The buy-in must be")
        page.fill("#buyin-chips", "300")
        page.click("#buyin-sit")
        page.wait_for_selector(".seat.me[data-seat='4'] .meta:has-text('chips')")
        assert page.locator("#buyin[open]").count() == 0
        page.wait_for_selector("#who:has-text('bankroll 700')")
        assert prompts == []  # never the browser's own prompt
