"""The lobby reads each table's figures from memory: looking makes no database query.

A real server on loopback; every statement the store's engine runs on the loop's
thread is counted (SQLAlchemy's ``before_cursor_execute``) while ``GET /api/tables``
is answered, and the figures it shows are checked against the hands the store
kept, also once the server is opened again on the same database.
"""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from web_harness import Cardroom, cardroom, clients_at, http_json


async def _look(room: Cardroom) -> tuple[list[str], dict[int, Any]]:
    """The lobby's tables by id, and every statement the store ran meanwhile on the
    event loop's thread (the writer thread may be storing the next deal)."""
    statements: list[str] = []
    loop = threading.get_ident()

    def count(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        if threading.get_ident() == loop:
            statements.append(statement)

    event.listen(room.store.engine, "before_cursor_execute", count)
    try:
        status, body = await asyncio.to_thread(http_json, room.port, "/api/tables")
    finally:
        event.remove(room.store.engine, "before_cursor_execute", count)
    assert status == 200
    return statements, {t["id"]: t for t in body["tables"]}


def _stored(room: Cardroom, table: int) -> tuple[int, int]:
    """Hands the store finished at the table, and their average pot (rounded)."""
    pots = [h.pot for h in room.store.hands(table, limit=1000)]
    return len(pots), round(sum(pots) / len(pots))


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_lobby_makes_no_query_and_shows_the_tables_hands_and_pots(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    url = str(tmp_path / "cardroom.sqlite3")
    if backend == "postgresql":
        url = request.getfixturevalue("postgres_url")

    async def first() -> int:
        async with cardroom(url) as room:
            table, tokens = room.seat_guests("stud", 2, 2)
            async with clients_at(room, table, tokens) as clients:
                rng = random.Random(5)
                await asyncio.gather(*(c.play_hand(rng) for c in clients))
                statements, tables = await _look(room)
            assert statements == []
            hands, average = _stored(room, table)
            assert hands >= 1
            assert (tables[table]["hands_per_hour"], tables[table]["average_pot"]) == (
                hands,
                average,
            )
            assert tables[table]["taken"] == 2
            return table

    table = asyncio.run(first())

    async def again() -> None:
        async with cardroom(url) as room:  # the figures of the last hour outlive a restart
            statements, tables = await _look(room)
            assert statements == []
            assert (tables[table]["hands_per_hour"], tables[table]["average_pot"]) == _stored(
                room, table
            )

    asyncio.run(again())
