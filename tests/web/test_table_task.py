"""A table's task: what it does when the store cannot give the table back."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from stud.rules import Rules
from stud.web.protocol import Hello
from stud.web.store import Store
from stud.web.table import Table
from stud.web.viewer import Viewer


def test_a_table_whose_store_fails_to_load_still_welcomes_its_viewers(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The seats cannot be read: the failure is logged for the operator, and a viewer
    who joins still gets a welcome and a snapshot of an empty table, not an error."""

    async def scenario() -> None:
        store = Store("sqlite://")
        table_id = store.create_table("t", "stud", "1/1/5/10", 2, bots=False)

        def broken(table: int) -> list[object]:
            raise RuntimeError("the disk is gone")

        store.seats = broken  # type: ignore[method-assign, assignment]
        table = Table(table_id, "t", Rules.from_stakes("1/1/5/10", "stud"), 2, store)
        table.start()
        await table.ready()
        viewer = Viewer(None, "observer")
        table.join(viewer, Hello(type="hello"))
        frames = [json.loads(f) for f in await asyncio.wait_for(viewer.frames(), 60)]
        while len(frames) < 2:
            frames += [json.loads(f) for f in await asyncio.wait_for(viewer.frames(), 60)]
        assert [f["type"] for f in frames[:2]] == ["welcome", "snapshot"]
        assert frames[1]["table"]["seats"] == [None, None]
        await table.stop()
        store.close()

    with caplog.at_level(logging.ERROR, logger="stud.web"):
        asyncio.run(scenario())
    assert "restoring the stored table failed" in caplog.text
