"""A person registers for a sit-and-go in the browser, plays, and sees the standings.

Bots fill the other seats; the structure is short (small stacks, levels of two
hands). The person plays a few actions, then leaves: the clock folds for them
(R10: a player who is away is anted and folded away) until the tournament ends.
Every wait is for something on the page. ``STUD_SCREENSHOTS`` keeps the pictures.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_browser import ARGS, CHROMIUM, MY_BUTTONS, PASSIVE, _guest
from web_harness import serving

playwright = pytest.importorskip("playwright.sync_api")


def open_tournament(
    page: object, fields: dict[str, str], *, game: str | None = None, bots: bool = False
) -> None:
    """Open a tournament from the lobby's form, as a person fills it in, and wait for
    its table to offer the Register button."""
    form = "#create-tournament"
    for name, value in fields.items():
        page.fill(f"{form} input[name='{name}']", value)  # type: ignore[attr-defined]
    if game is not None:
        page.select_option(f"{form} select[name='game']", game)  # type: ignore[attr-defined]
    if bots:
        page.check(f"{form} input[name='bots']")  # type: ignore[attr-defined]
    page.click(f"{form} button[type='submit']")  # type: ignore[attr-defined]
    page.wait_for_selector(  # type: ignore[attr-defined]
        "#tourney:not([hidden]) #tourney-register:not([hidden])"
    )


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is missing (make web-tools)")
def test_register_play_and_see_the_standings(tmp_path: Path) -> None:
    shots = Path(os.environ.get("STUD_SCREENSHOTS") or tmp_path)
    db = str(tmp_path / "cardroom.sqlite3")
    with (
        serving(db, "--bot", "station", "--hand-pause", "0") as (_, port),
        playwright.sync_playwright() as p,
    ):
        base = f"http://127.0.0.1:{port}"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1100, "height": 1000}).new_page()
        page.set_default_timeout(120_000)
        _guest(page, base)
        open_tournament(
            page,
            {
                "name": "Quick sit-and-go",
                "players": "4",
                "stack": "60",
                "level_length": "2",
                "payouts": "50,30,20",
            },
            game="mixed",
            bots=True,
        )
        assert "0/4 players" in page.inner_text("#tourney-head")
        page.click("#tourney-register")
        page.wait_for_selector("#tourney-level:has-text('Level 1')")
        assert page.locator("#standings tbody tr").count() == 4
        # Play a few actions, then leave: the clock folds for an absent player.
        for acted in range(3):
            page.wait_for_selector(MY_BUTTONS)
            names = page.eval_on_selector_all(MY_BUTTONS, "bs => bs.map(b => b.dataset.action)")
            choice = next(n for n in (*PASSIVE, "fold") if n in names)
            if acted == 2:
                page.screenshot(path=str(shots / "cardroom-tournament.png"))
            page.click(f"#actions button[data-action='{choice}']")
        page.click("#leave")
        page.wait_for_selector("#tourney-you:text-matches('You (finish|win)')")
        page.wait_for_selector("#tourney-head:has-text('finished')")
        places = page.eval_on_selector_all(
            "#standings tbody tr td:first-child", "cells => cells.map(c => c.textContent)"
        )
        assert places[0] == "1"
        assert all(places)  # everyone placed (equal stacks out together share, R10.2)
        prizes = page.eval_on_selector_all(
            "#standings tbody tr td:nth-child(4)", "cells => cells.map(c => c.textContent)"
        )
        assert sum(int(p or 0) for p in prizes) == 400  # the whole prize pool, paid
        assert "finishes" in page.inner_text("#log")
        page.screenshot(path=str(shots / "cardroom-standings.png"))
        # The standings fit a phone (390 px, portrait), as the tables do.
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        small = phone.new_page()
        small.set_default_timeout(120_000)
        small.goto(page.url)
        small.wait_for_selector("#tourney-head:has-text('finished')")
        width = small.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the phone layout is {width} px wide"
        page.goto(base)
        page.wait_for_selector("#tournaments button[data-tournament]")
        page.screenshot(path=str(shots / "cardroom-lobby-tournaments.png"), full_page=True)
        browser.close()
