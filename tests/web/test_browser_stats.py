"""A player's statistics page in chromium: the figures, the results and all-in EV
graph drawn as SVG, the leaks with links that open each hand's replay, and no
serious accessibility fault (axe-core). The hands are played first by two guests
over the websocket; the page is then opened with the first guest's session.
Set ``STUD_SCREENSHOTS`` to a directory to keep the screenshots.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from test_browser import ARGS, CHROMIUM
from test_browser_replay import needs_chromium
from test_browser_room import _serious, needs_axe
from test_browser_table import _shots
from test_player_stats import play_hands
from web_harness import serving

from stud.web.routes.common import COOKIE

playwright = pytest.importorskip("playwright.sync_api")


@needs_chromium
@needs_axe
def test_the_statistics_page_draws_figures_graph_and_leaks_with_replay_links(
    tmp_path: Path,
) -> None:
    shots = _shots(tmp_path)
    db = tmp_path / "cardroom.sqlite3"
    _, tokens = asyncio.run(play_hands(f"sqlite:///{db}", hands=60))
    with serving(str(db)) as (_, port), playwright.sync_playwright() as p:
        base = f"http://127.0.0.1:{port}"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1100, "height": 900}, bypass_csp=True)
        context.add_cookies([{"name": COOKIE, "value": tokens[0], "url": base}])
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(f"{base}/stats")
        page.wait_for_selector("#stats-body:not([hidden])")
        assert "60 hands" in page.inner_text("#stats-summary")
        assert page.locator("#figures tbody tr").count() > 20
        assert "VPIP" in page.inner_text("#figures")
        assert page.locator("#graph polyline.actual").count() == 1
        assert page.locator("#graph polyline.adjusted").count() == 1
        points = page.get_attribute("#graph polyline.actual", "points") or ""
        assert len(points.split()) == 60
        # One link per hand the server names for each leak (random play against a
        # shuffled deck leaks more or less: the links follow what the server found).
        sent = page.evaluate("async () => (await (await fetch('/api/me/stats')).json()).leaks")
        named = [shown["hand"] for leak in sent for shown in leak["hands"]]
        links = page.locator("#leaks a[href^='/?replay=']")
        assert links.count() == len(named)
        assert page.locator("#leaks-none").is_visible() == (not sent)
        assert _serious(page) == []
        page.screenshot(path=str(shots / "stats-page.png"), full_page=True)
        if named:  # a leak's hand opens in the replayer
            links.first.click()
            page.wait_for_selector("#replay:not([hidden]) .seat.me")
            assert f"Hand {named[0]}" in page.inner_text("#replay")
            page.screenshot(path=str(shots / "stats-leak-replay.png"))
        guest = browser.new_context().new_page()
        guest.goto(f"{base}/stats")
        guest.wait_for_function(
            "() => document.getElementById('stats-status').textContent.includes('sign in')"
        )
        browser.close()
