"""Replaying hands in the browser: one from the history after playing it, and uploaded files.

Playwright drives Debian's chromium against the real ``stud serve`` (see
``test_browser.py``); every wait is for something on the page. Set
``STUD_SCREENSHOTS`` to a directory to keep the screenshots.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hands import NAMES, played
from test_browser import ARGS, CHROMIUM, MY_BUTTONS, _act, _guest, _sit, _turn
from web_harness import serving

from stud.history.phh import to_phh, to_phhs
from stud.web.history import seat_phh

playwright = pytest.importorskip("playwright.sync_api")
needs_chromium = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="chromium is missing (make web-tools)"
)

STEP = "Number(document.body.dataset.replayStep)"


@needs_chromium
def test_a_hand_from_the_history_replays_street_by_street_to_the_showdown(
    tmp_path: Path,
) -> None:
    shots = Path(os.environ.get("STUD_SCREENSHOTS") or tmp_path)
    with (
        serving(str(tmp_path / "cardroom.sqlite3"), "--bot", "station") as (_, port),
        playwright.sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        page.set_default_timeout(120_000)
        _guest(page, f"http://127.0.0.1:{port}")
        _sit(page, 3, 4)  # razz, with calling stations: never folding, Ann reaches showdown
        while _turn(page) != "over":
            if page.locator(MY_BUTTONS).count():
                _act(page)
        page.click("#history button[data-replay]")
        page.wait_for_selector("#replay:not([hidden]) .seat.me")
        assert page.inner_text("#r-street") == "Third street"
        assert page.inner_text("#r-step").startswith("Step 1 of ")
        # Ann's own down cards are drawn, everyone else's are backs.
        assert page.locator("#r-seats .seat.me .card.down").count() == 2
        assert page.locator("#r-seats .seat:not(.me) .card.down").count() == 0
        assert page.locator("#r-seats .seat:not(.me) .card.back").count() >= 2
        assert page.locator("#r-seats button").count() == 0  # a replay has no buttons
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => {STEP} === 1")
        assert "brings in" in page.inner_text("#r-log")
        page.keyboard.press("ArrowDown")
        page.wait_for_function(
            "() => document.querySelector('#r-street').textContent === 'Fourth street'"
        )
        page.click("#r-next-street")
        page.wait_for_function(
            "() => document.querySelector('#r-street').textContent === 'Fifth street'"
        )
        page.keyboard.press("ArrowUp")
        page.wait_for_function(
            "() => document.querySelector('#r-street').textContent === 'Fourth street'"
        )
        page.click("#r-play")
        page.wait_for_selector("#r-awards div")  # playing runs on to the end, then stops
        assert page.inner_text("#r-street") == "Hand over"
        assert page.inner_text("#r-play").endswith("Play")
        assert "wins" in page.inner_text("#r-awards")
        assert page.locator("#r-seats .seat .made").count() >= 2  # hands named at showdown
        page.keyboard.press("Home")
        page.wait_for_function(f"() => {STEP} === 0")
        page.keyboard.press("End")
        page.wait_for_selector("#r-awards div")
        page.screenshot(path=str(shots / "cardroom-replay.png"))
        page.click("#r-close")
        page.wait_for_selector("#room:not([hidden]) .seat.me")
        browser.close()


@needs_chromium
def test_an_uploaded_phh_file_replays_on_a_phone_and_a_bad_one_says_why(tmp_path: Path) -> None:
    shots = Path(os.environ.get("STUD_SCREENSHOTS") or tmp_path)
    folded = played(fold_out=True)
    mine = tmp_path / "mine.phh"
    mine.write_text(seat_phh(folded, NAMES, 0))  # Bob's and Cy's are '??'
    many = tmp_path / "week.phhs"
    many.write_text(to_phhs(to_phh(played(False, s), players=NAMES) for s in (1, 2)))
    bad = tmp_path / "bad.phh"
    bad.write_text(to_phh(folded).replace('"p', '"p9', 1))
    with (
        serving(str(tmp_path / "cardroom.sqlite3")) as (_, port),
        playwright.sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = phone.new_page()
        page.set_default_timeout(120_000)
        _guest(page, f"http://127.0.0.1:{port}")
        page.set_input_files("#upload", str(bad))
        page.wait_for_selector("#upload-error:not([hidden])")
        error = page.inner_text("#upload-error")
        assert error.startswith("bad.phh:")
        assert "p9" in error
        assert page.locator("#replay[hidden]").count() == 1
        page.set_input_files("#upload", str(mine))
        page.wait_for_selector("#replay:not([hidden]) #r-seats .seat")
        assert page.inner_text("#r-title") == "mine.phh \u00b7 Seven-Card Stud \u00b7 1/1/5/10"
        # The file knows Ann's down cards only: the others' are backs.
        first = page.locator("#r-seats .seat").first
        assert first.locator(".card.down").count() == 2
        assert page.locator("#r-seats .seat .card.down").count() == 2
        assert page.locator("#r-seats .seat .card.back").count() == 4
        page.click("#r-end")
        page.wait_for_selector("#r-awards div")
        page.screenshot(path=str(shots / "cardroom-replay-phone.png"))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the phone layout is {width} px wide"
        page.click("#r-close")
        page.set_input_files("#upload", str(many))
        page.wait_for_selector("#r-choose:not([hidden])")
        assert page.inner_text("#r-title").startswith("week.phhs [1] ")
        page.select_option("#r-hand", "2")
        page.wait_for_function(
            "() => document.querySelector('#r-title').textContent.startsWith('week.phhs [2] ')"
        )
        assert page.inner_text("#r-step").startswith("Step 1 of ")
        browser.close()
