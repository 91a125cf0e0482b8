"""The cardroom as a new visitor meets it: the lobby says how to play, signing in at a
table offers the seats, a reload keeps the hand's log, and the winners are lit.

Playwright drives Debian's chromium against the real ``stud serve`` (see
``test_browser.py``); every wait is for something on the page.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_browser import ARGS, CHROMIUM, MY_BUTTONS, MY_TURN, _act, _turn, buy_in
from web_harness import serving

playwright = pytest.importorskip("playwright.sync_api")

GEAR = " \u2699"
"""What follows a bot's name on its seat."""


def _hand_log(page: object) -> list[str]:
    """The page's log lines from the hand's first ("Hand N") on."""
    lines: list[str] = page.inner_text("#log").splitlines()  # type: ignore[attr-defined]
    first = next(i for i, text in enumerate(lines) if text.startswith("Hand "))
    return lines[first:]


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is missing (make web-tools)")
def test_a_new_visitor_signs_in_at_a_table_sits_reloads_and_sees_who_won(tmp_path: Path) -> None:
    with (
        serving(str(tmp_path / "cardroom.sqlite3"), "--bot", "station") as (_, port),
        playwright.sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        page.set_default_timeout(120_000)
        page.goto(f"http://127.0.0.1:{port}")
        page.wait_for_selector("#tables button[data-table='2']")
        assert "play as a guest" in page.inner_text("#welcome")
        # Signed out at a table: the empty seats say so, and offer no button.
        page.click("#tables button[data-table='2']")
        page.wait_for_selector("#room:not([hidden]) .seat.empty")
        assert page.locator(".seat.empty button").count() == 0
        assert "play as a guest to sit" in page.locator(".seat.empty").first.inner_text()
        assert "sits in" in page.inner_text("#street")
        # Playing as a guest right there connects again: now the seats can be taken.
        page.click("#guest")
        page.wait_for_selector("#who:has-text('bankroll')")
        assert page.locator("#welcome[hidden]").count() == 1
        page.click(".seat.empty[data-seat='4'] button")
        buy_in(page, "200")
        page.wait_for_selector(".seat.me .card.down")
        # Once someone has brought in (Ann, if it falls to her), reload mid-hand: the
        # hand's log comes back whole with the snapshot, and goes on from there.
        brought_in = "document.querySelector('#log').textContent.includes('brings in')"
        page.wait_for_function(f"() => {brought_in} || {MY_TURN}")
        if page.locator(MY_BUTTONS).count() and not page.evaluate(brought_in):
            _act(page)
        page.wait_for_function(f"() => {brought_in}")
        before = _hand_log(page)
        page.reload()
        page.wait_for_selector(".seat.me .card.down")
        page.wait_for_function("() => document.querySelector('#log').textContent.includes('back')")
        after = _hand_log(page)
        assert after[: len(before)] == before
        assert before[:2] == ["Hand 1", "*** Third street ***"]
        # Sitting out from the next hand on, the table stops after this one.
        page.click("#sitout")
        page.wait_for_selector(".seat.me .meta:has-text('sitting out')")
        while _turn(page) != "over":
            if page.locator(MY_BUTTONS).count():
                _act(page)
        winners = page.locator(".seat.winner .name")
        assert winners.count() >= 1
        awards = page.inner_text("#awards")
        for i in range(winners.count()):
            name = winners.nth(i).evaluate("(n) => n.firstChild.textContent")
            assert name.removesuffix(GEAR) + " wins" in awards
        browser.close()
