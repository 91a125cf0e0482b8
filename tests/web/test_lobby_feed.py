"""The lobby's feed: a page is sent the lobby as it joins and again when it changes,
never twice the same, and told the tables its own player sits at."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from stud.web.frames import frame
from stud.web.lobby_feed import LobbyFeed
from stud.web.viewer import Viewer


def _kinds(frames: list[str]) -> list[tuple[str, Any]]:
    out = []
    for text in frames:
        m = json.loads(text)
        out.append((m["type"], m.get("tables")))
    return out


def observer_sent(state: dict[str, Any]) -> str:
    """The lobby frame every page is sent for ``state``."""
    return frame("lobby", **state)


def test_a_page_is_sent_the_lobby_then_each_change_once() -> None:
    async def run() -> None:
        state: dict[str, Any] = {"tables": [{"id": 1, "taken": 1}], "tournaments": []}
        sitting: dict[int, list[int]] = {7: []}
        reads = [0]

        def lobby() -> dict[str, Any]:
            reads[0] += 1
            return state

        feed = LobbyFeed(lobby, lambda account: sitting[account], pace=0.0)
        ann, observer = Viewer(7, "lobby"), Viewer(None, "lobby")
        feed.watch(ann)
        feed.watch(observer)
        assert _kinds(await ann.frames()) == [
            ("lobby", [{"id": 1, "taken": 1}]),
            ("seated_at", []),
        ]
        assert _kinds(await observer.frames()) == [("lobby", [{"id": 1, "taken": 1}])]
        # Ann sits at table 1: the seat taken, and her table, go out at the next change.
        state["tables"] = [{"id": 1, "taken": 2}]
        sitting[7] = [1]
        feed.changed()
        assert _kinds(await ann.frames()) == [
            ("lobby", [{"id": 1, "taken": 2}]),
            ("seated_at", [1]),
        ]
        assert _kinds(await observer.frames()) == [("lobby", [{"id": 1, "taken": 2}])]
        # A change that changes nothing the lobby shows sends nothing; the next does.
        before = reads[0]
        feed.changed()
        while reads[0] == before:  # the feed has read the lobby again
            await asyncio.sleep(0)
        state["tables"] = [{"id": 1, "taken": 2}, {"id": 2, "taken": 0}]
        feed.changed()
        assert _kinds(await observer.frames()) == [
            ("lobby", [{"id": 1, "taken": 2}, {"id": 2, "taken": 0}])
        ]
        assert ann.take()[0] == observer_sent(state)
        # A page that left is sent nothing more.
        feed.leave(observer)
        state["tables"] = []
        feed.changed()
        assert _kinds(await ann.frames()) == [("lobby", [])]
        assert observer.take() == []
        await feed.stop()

    asyncio.run(run())
