"""A person registers in the browser for a tournament at two tables and follows a move.

Three entrants at tables of two: the person registers second, so they wait alone at
table 2 while the other two (websocket clients that sit out) play at table 1. Once
one of those is out, table 2 breaks (R10.3): the page goes to table 1 by itself
and says "You moved to table 1, seat N". The lobby lists the tournament's tables to
watch while it runs, and its results once it is over. Every wait is for something
on the page or a frame on a socket. ``STUD_SCREENSHOTS`` keeps the pictures.
"""

from __future__ import annotations

import json
import os
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from test_browser import ARGS, CHROMIUM, _guest
from test_browser_tournament import open_tournament
from web_harness import http_json, serving

playwright = pytest.importorskip("playwright.sync_api")
sync_client = pytest.importorskip("websockets.sync.client")


class _Entrant:
    """A websocket client that registers, and sits out once the tournament starts."""

    def __init__(self, stack: ExitStack, port: int, table: int) -> None:
        _, made = http_json(port, "/api/account/guest", body=b"{}")
        url = f"ws://127.0.0.1:{port}/ws/{table}?token={made['token']}"
        self.ws = stack.enter_context(sync_client.connect(url, open_timeout=60))
        self.send(type="hello")

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps({"v": 2, **message}))

    def until(self, wanted: Any) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=120))
            if wanted(message):
                return message

    def register(self) -> None:
        self.send(type="register")
        self.until(lambda m: m["type"] == "registered")

    def sit_out_once_running(self) -> None:
        self.until(lambda m: m["type"] == "tournament" and m["tournament"]["state"] == "running")
        self.send(type="sit_out")
        self.until(lambda m: m["type"] == "event" and _says(m, "sits out"))


def _says(message: dict[str, Any], words: str) -> bool:
    return any(e["kind"] == "note" and words in e["text"] for e in message["events"])


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is missing (make web-tools)")
def test_a_person_is_moved_to_another_table_and_the_page_follows(tmp_path: Path) -> None:
    shots = Path(os.environ.get("STUD_SCREENSHOTS") or tmp_path)
    db = str(tmp_path / "cardroom.sqlite3")
    with (
        serving(db, "--bot", "station", "--hand-pause", "0") as (_, port),
        playwright.sync_playwright() as p,
        ExitStack() as sockets,
    ):
        base = f"http://127.0.0.1:{port}"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1100, "height": 1000}).new_page()
        page.set_default_timeout(120_000)
        _guest(page, base)
        open_tournament(
            page,
            {
                "name": "Two tables",
                "players": "3",
                "table_size": "2",
                "stack": "40",
                "ante": "2",
                "level_length": "2",
                "payouts": "100",
            },
        )
        _, listed = http_json(port, "/api/tournaments")
        one, two = (t["id"] for t in listed["tournaments"][0]["tables"])
        ann = _Entrant(sockets, port, one)
        ann.register()  # entrant 1: table 1
        page.goto(f"{base}/table/{two}")
        page.click("#tourney-register")  # entrant 2: alone at table 2
        page.wait_for_selector("#tourney-you:has-text('registered')")
        cat = _Entrant(sockets, port, one)
        cat.register()  # entrant 3: table 1; the tournament starts
        ann.sit_out_once_running()
        cat.sit_out_once_running()
        lobby = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        lobby.set_default_timeout(120_000)
        lobby.goto(base)
        lobby.wait_for_selector("#tournaments button[data-watch]")
        lobby.screenshot(path=str(shots / "cardroom-multi-table-lobby.png"), full_page=True)
        # The tables' buttons stand apart, not run together (read at once: the lobby
        # is drawn again as the tables change).
        first, second = lobby.eval_on_selector_all(
            "#tournaments button[data-watch]",
            "bs => bs.map(b => { const r = b.getBoundingClientRect();"
            " return {x: r.x, y: r.y, width: r.width, height: r.height}; })",
        )
        apart = second["x"] >= first["x"] + first["width"] + 2
        assert apart or second["y"] >= first["y"] + first["height"] + 2
        page.wait_for_selector("#tourney-moved:has-text('You moved to table 1, seat')")
        assert page.url == f"{base}/table/{one}"
        page.wait_for_selector(".seat.me")
        seat = int(page.inner_text("#tourney-moved").rsplit(" ", 1)[1])
        assert page.get_attribute(".seat.me", "data-seat") == str(seat - 1)
        page.screenshot(path=str(shots / "cardroom-multi-table-moved.png"))
        page.click("#leave")  # sit out: the clock folds for the person from now on
        page.wait_for_selector("#tourney-head:has-text('finished')")
        prizes = page.eval_on_selector_all(
            "#standings tbody tr td:nth-child(4)", "cells => cells.map(c => c.textContent)"
        )
        assert sum(int(p or 0) for p in prizes) == 300  # the whole prize pool, paid
        lobby.goto(base)
        lobby.click("#tournaments button[data-tournament]:has-text('Results')")
        lobby.wait_for_selector("#results:not([hidden]) #results-standings tbody tr")
        assert lobby.locator("#results-standings tbody tr").count() == 3
        lobby.screenshot(path=str(shots / "cardroom-multi-table-results.png"), full_page=True)
        browser.close()
