"""Replaying hands in the browser: one from the history after playing it, and uploaded files.

Playwright drives Debian's chromium against the real ``stud serve`` (see
``test_browser.py``); every wait is for something on the page. Set
``STUD_SCREENSHOTS`` to a directory to keep the screenshots.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from hands import NAMES, played
from test_browser import ARGS, CHROMIUM, MY_BUTTONS, _act, _guest, _sit, _turn
from web_harness import serving

from stud.actions import Bet, BringIn, Call, Check, Complete, Show
from stud.history.phh import to_phh, to_phhs
from stud.rules import Rules, Variant
from stud.state import new_hand
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
        # The replay has an address of its own, which opens it again on a new page.
        hand = page.get_attribute("#history button[data-replay]", "data-replay")
        assert page.url.endswith(f"/?replay={hand}")
        assert page.get_attribute("#r-link", "href") == f"/?replay={hand}"
        linked = page.context.new_page()
        linked.goto(page.url)
        linked.wait_for_selector("#replay:not([hidden]) .seat.me")
        assert linked.inner_text("#r-step").startswith("Step 1 of ")
        assert linked.locator("#lobby[hidden]").count() == 1
        linked.close()
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
        # At the showdown each hand still in was shown (and named) or, beaten, mucked
        # (R6.7): the winner's at least is shown.
        shown = page.locator("#r-seats .seat .made").count()
        log = page.inner_text("#r-log")
        assert shown >= 1
        assert shown + log.count(" mucks") >= 2
        page.keyboard.press("Home")
        page.wait_for_function(f"() => {STEP} === 0")
        page.keyboard.press("End")
        page.wait_for_selector("#r-awards div")
        page.screenshot(path=str(shots / "cardroom-replay.png"))
        page.click("#r-close")
        page.wait_for_selector("#room:not([hidden]) .seat.me")
        assert page.url.endswith("/table/3")  # the table's own address again
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


@needs_chromium
def test_an_uploaded_high_stakes_hand_shows_the_files_names_amounts_with_commas_at_a_speed(
    tmp_path: Path,
) -> None:
    shots = Path(os.environ.get("STUD_SCREENSHOTS") or tmp_path)
    rules = Rules(Variant.STUD, ante=100, bring_in=200, small_bet=1000, big_bet=2000)
    state = new_hand(rules, [50_000, 40_000, 30_000], rng=random.Random(3))
    while not state.is_over:
        legal = state.legal_actions()
        sized = [a for a in legal if isinstance(a, (Bet, Complete))]  # bet, everyone calls
        plain = [a for a in (Show(), Call(), BringIn(), Check()) if a in legal]
        state = state.apply(plain[0] if Call() in legal or Show() in legal else (sized + plain)[0])
    big = tmp_path / "big.phh"
    big.write_text(to_phh(state, players=NAMES))
    with (
        serving(str(tmp_path / "cardroom.sqlite3")) as (_, port),
        playwright.sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        page.set_default_timeout(120_000)
        _guest(page, f"http://127.0.0.1:{port}")
        page.set_input_files("#upload", str(big))
        page.wait_for_selector("#replay:not([hidden]) #r-seats .seat")
        names = page.locator("#r-seats .seat .name").all_inner_texts()
        assert names == NAMES  # the file's names, not p1, p2, p3
        assert page.inner_text("#r-seats .seat[data-seat='0'] .meta").startswith("49,900 chips")
        assert page.locator("#r-link[hidden]").count() == 1  # a file has no address
        page.select_option("#r-speed", "0.25")
        page.click("#r-play")
        page.wait_for_selector("#r-awards div")  # played fast to the end, then stopped
        pot = page.inner_text("#r-pot")
        awards = page.inner_text("#r-awards")
        assert re.fullmatch(r"Pot \d{1,3}(,\d{3})+", pot), pot
        assert re.search(r"wins \d{1,3}(,\d{3})+ from the main pot", awards), awards
        log = page.inner_text("#r-log")
        assert "Bob completes to 1,000" in log, log  # the server's lines get commas too
        assert "Cy calls 1,000" in log, log
        page.screenshot(path=str(shots / "replay-high-stakes.png"))
        browser.close()
