"""Table leases and their fence: a worker that lost its table cannot store one row
of it, and the database is what refuses (read back to prove it)."""

from __future__ import annotations

import asyncio

import psycopg
import pytest

from stud.web.cluster.lease import Lease, Leases
from stud.web.store import Store

DECK = "AsKsQsJsTs9s8s7s6s5s4s3s2s"


def test_a_worker_that_lost_its_lease_cannot_write(postgres_url: str) -> None:
    store = Store(postgres_url)
    try:
        table = store.create_table("Leased", "stud", "1/1/5/10", 6, False)
        # A lease of no time at all: the next worker may take it at once.
        first, second = Leases(store.engine, "a", 0.0), Leases(store.engine, "b", 30.0)
        assert first.tables() == 1
        (held,) = first.take(5)
        assert held == Lease(table, 1)

        async def play() -> None:
            hand = await store.save_start(
                table, DECK, (0, 1), ("x", "y"), (1, 1), (100, 100), epoch=1
            )
            await store.save_action(hand, 0, 0, {"action": "bring_in"}, False, epoch=1)
            (taken,) = await asyncio.to_thread(second.take, 5)
            assert taken == Lease(table, 2)
            with pytest.raises(Exception, match="owned under epoch 2, not 1"):
                await store.save_action(hand, 1, 1, {"action": "call"}, False, epoch=1)
            with pytest.raises(Exception, match="owned under epoch 2, not 1"):
                await store.save_finish(hand, table, {0: 100, 1: 100}, 2, "", epoch=1)
            with pytest.raises(Exception, match="owned under epoch 2, not 1"):
                await store.save_start(table, DECK, (0, 1), ("x", "y"), (1, 1), (1, 1), epoch=1)
            await store.save_action(hand, 1, 1, {"action": "call"}, False, epoch=2)

        asyncio.run(play())
        assert first.renew([held]) == []  # and it knows it lost the table
        assert second.renew([Lease(table, 2)]) == [Lease(table, 2)]
    finally:
        store.close()
    with psycopg.connect(postgres_url) as connection:
        rows = connection.execute(
            "SELECT number, action->>'action', epoch FROM hand_events ORDER BY number"
        ).fetchall()
        hands = connection.execute("SELECT count(*), count(ended_at) FROM hands").fetchone()
    assert rows == [(0, "bring_in", 1), (1, "call", 2)]
    assert hands == (1, 0)


def test_leases_need_postgresql(tmp_path: object) -> None:
    store = Store(f"{tmp_path}/cardroom.sqlite3")
    try:
        with pytest.raises(ValueError, match="need PostgreSQL"):
            Leases(store.engine, "a", 3.0)
    finally:
        store.close()


def test_a_drained_table_is_taken_at_once_under_a_new_epoch(postgres_url: str) -> None:
    store = Store(postgres_url)
    try:
        table = store.create_table("Leased", "stud", "1/1/5/10", 6, False)
        first, second = Leases(store.engine, "a", 60.0), Leases(store.engine, "b", 60.0)
        first.tables()
        assert first.take(1) == [Lease(table, 1)]
        assert second.take(1) == []  # held, and not run out
        first.release([table])
        assert second.take(1) == [Lease(table, 2)]
    finally:
        store.close()
