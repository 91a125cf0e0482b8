"""Two people in two browsers (one a phone) and bots play a hand to showdown.

Playwright for Python drives Debian's chromium (``make web-tools`` installs it;
Playwright's own browser download is not used). The server is the real
``stud serve`` in a child process. Every wait is for something on the page (a
button, a seat, an award), never for a clock. Set ``STUD_SCREENSHOTS`` to a
directory to keep the screenshots (the README's come from here).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from web_harness import serving

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PASSIVE = ("show", "check", "call", "bring_in")
"""Never fold: with calling-station bots the hand goes to showdown."""

MY_BUTTONS = "#actions button:not([disabled])"
MY_TURN = f"document.querySelector('{MY_BUTTONS}')"
OVER = "document.querySelector('#awards div')"
OTHERS_TURN = (
    "(document.querySelector('.seat.acting') && !document.querySelector('.seat.acting.me'))"
)


def _guest(page: object, base: str) -> None:
    page.goto(base)  # type: ignore[attr-defined]
    page.click("#guest")  # type: ignore[attr-defined]
    page.wait_for_selector("#who:has-text('bankroll')")  # type: ignore[attr-defined]


def _sit(page: object, table: int, seat: int) -> None:
    page.click(f"#tables button[data-table='{table}']")  # type: ignore[attr-defined]
    page.click(f".seat[data-seat='{seat}'] button")  # type: ignore[attr-defined]
    buy_in(page, "200")
    page.wait_for_selector(f".seat.me[data-seat='{seat}']")  # type: ignore[attr-defined]


def buy_in(page: object, chips: str) -> None:
    """Type ``chips`` into the open buy-in dialog and sit down."""
    page.fill("#buyin[open] #buyin-chips", chips)  # type: ignore[attr-defined]
    page.click("#buyin-sit")  # type: ignore[attr-defined]


def _act(page: object, prefer: tuple[str, ...] = PASSIVE) -> str:
    buttons = page.locator(MY_BUTTONS)  # type: ignore[attr-defined]
    names = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
    choice = next((n for n in prefer if n in names), names[0])
    before = page.evaluate("Number(document.body.dataset.no)")  # type: ignore[attr-defined]
    free_fold = choice == "fold" and "check" in names
    asked: list[str] = []
    if free_fold:  # R5.8: folding when checking is free is allowed, and asked once more

        def confirm(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.accept()

        page.once("dialog", confirm)  # type: ignore[attr-defined]
    page.click(f"#actions button[data-action='{choice}']")  # type: ignore[attr-defined]
    assert asked == (["Checking costs nothing. Fold anyway?"] if free_fold else [])
    # The answer is a newer event: wait for it before looking at the buttons again.
    page.wait_for_function(f"() => Number(document.body.dataset.no) > {before}")  # type: ignore[attr-defined]
    return choice


def _turn(page: object) -> str:
    """Wait until this page can act, sees the hand over, or sees another seat to act."""
    handle = page.wait_for_function(  # type: ignore[attr-defined]
        f"() => ({MY_TURN} && 'mine') || ({OVER} && 'over') || ({OTHERS_TURN} && 'other')",
        timeout=60_000,
    )
    result: str = handle.json_value()
    return result


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is missing (make web-tools)")
def test_two_browsers_and_bots_play_to_showdown_one_reloading_mid_hand(tmp_path: Path) -> None:
    shots = Path(os.environ.get("STUD_SCREENSHOTS") or tmp_path)
    db = str(tmp_path / "cardroom.sqlite3")
    with (
        serving(db, "--bot", "station", "--hand-pause", "0") as (_, port),
        playwright.sync_playwright() as p,
    ):
        base = f"http://127.0.0.1:{port}"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        desk = browser.new_context(viewport={"width": 1100, "height": 900})
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        ann, bob = desk.new_page(), phone.new_page()
        for page in (ann, bob):  # a loaded machine renders slowly; a hang still fails
            page.set_default_timeout(120_000)
        _guest(ann, base)
        # Open a table with bots (station: they always call) in the other seats.
        ann.fill("#create input[name='name']", "Friday razz")
        ann.select_option("#create select[name='variant']", "razz")
        ann.click("#create button[type='submit']")
        ann.wait_for_selector("#room:not([hidden]) .seat")
        table_url = ann.url
        assert table_url.endswith("/table/4")
        ann.goto(base)
        ann.wait_for_selector("#tables button[data-table='4']")
        ann.screenshot(path=str(shots / "cardroom-lobby.png"))
        # Ann sits first and is dealt in with the bots at once; Bob sits during that
        # hand. Ann folds it, the bots finish it, and the next hand deals both in.
        _sit(ann, 4, 4)
        _guest(bob, base)
        _sit(bob, 4, 5)
        # Stop once Ann has folded: with no pause between hands the next one may be
        # dealt before her page ever shows her folded.
        folded = False
        while not folded:
            ann.wait_for_function(f"() => {MY_TURN} || document.querySelector('.seat.me.folded')")
            folded = bool(ann.locator(".seat.me.folded").count())
            if not folded and ann.locator(MY_BUTTONS).count():
                folded = _act(ann, prefer=("fold", *PASSIVE)) == "fold"
        bob.wait_for_selector(".seat.me .card")
        # Both sit out from the next hand on: after this one, the table waits.
        for page in (ann, bob):
            page.click("#sitout")
            page.wait_for_selector(".seat.me .meta:has-text('sitting out')")

        pages = {"ann": ann, "bob": bob}
        reloaded = False
        acted = 0
        who = "ann"
        while True:
            page = pages[who]
            state = _turn(page)
            if state == "over":
                break
            if state == "mine":
                if who == "bob" and acted >= 2 and not reloaded:
                    bob.reload()
                    bob.wait_for_selector(".seat.me .card.down")
                    reloaded = True
                    continue
                if acted == 3:
                    ann.screenshot(path=str(shots / "cardroom-table.png"))
                _act(page)
                acted += 1
                continue
            who = "bob" if who == "ann" else "ann"

        assert reloaded
        for page in (ann, bob):
            page.wait_for_selector("#awards div")
            assert "wins" in page.inner_text("#awards")
            # Each hand still in at the showdown was shown (and named) or, beaten,
            # mucked by itself (R6.7): the winner's at least is shown.
            shown = page.locator(".seat .made").count()
            assert shown >= 1
            assert shown + page.inner_text("#log").count(" mucks") >= 2
        ann.screenshot(path=str(shots / "cardroom-showdown.png"))
        bob.screenshot(path=str(shots / "cardroom-phone.png"))
        width = bob.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the phone layout is {width} px wide"
        assert bob.locator(".seat.me .card").count() == 7
        browser.close()
