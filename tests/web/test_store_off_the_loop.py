"""Nothing a table stores waits on the event loop: while one table's write is held in
the store, another table's action is still taken, stored and acknowledged; and the
room reads what it opens at the server's start in a worker thread.

The store is held on a gate (a ``threading.Event``) that the test opens only after
the other table answered; were the write made on the loop, the loop would wait at
the gate and no acknowledgement could come (the test would fail on its wait).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session
from web_harness import FAST, WAIT, Client, cardroom, clients_at

from stud.web.room import Room
from stud.web.store import ChatRow, Store
from stud.web.tournament import tournament_spec


async def _dealt(client: Client) -> None:
    """Wait until the client holds a hand in play."""
    if client.table is not None and client.table["hand"] is not None:
        return
    await client.until(lambda m: m["type"] in {"event", "snapshot"} and m["table"]["hand"])


def test_a_write_held_at_one_table_holds_up_no_other_table() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            held_table, held_tokens = room.seat_guests("stud", 2, 2)
            free_table, free_tokens = room.seat_guests("razz", 2, 2)
            store = room.store
            entered, gate = threading.Event(), threading.Event()
            add_chat = store.add_chat

            def held_add_chat(*args: Any) -> None:
                entered.set()
                assert gate.wait(WAIT), "the gate was never opened"
                add_chat(*args)

            store.add_chat = held_add_chat  # type: ignore[method-assign]
            async with (
                clients_at(room, held_table, held_tokens) as held,
                clients_at(room, free_table, free_tokens) as free,
            ):
                await asyncio.gather(*(_dealt(c) for c in free))
                await held[0].send(type="chat", text="is anyone there?")
                assert await asyncio.to_thread(entered.wait, WAIT), "the chat line never came"
                # The held table's write waits at the gate; the other table plays on.
                table = room.room.tables[free_table]
                hand = table.hand
                assert hand is not None
                assert hand.actor is not None
                mover = free[table.logic.play.hand_seats[hand.actor]]
                if not mover.legal():
                    await mover.until(lambda m: bool(mover.legal()))
                action = next(
                    a["action"] for a in mover.legal() if a["action"] in {"bring_in", "complete"}
                )
                await mover.act(action)
                acked = await mover.until(lambda m: m["type"] == "event" and "ack" in m)
                assert acked["ack"] == mover.seq
                assert not gate.is_set()
                gate.set()
                line = await held[1].until(lambda m: m["type"] == "chat")
                assert line["text"] == "is anyone there?"
            with Session(store.engine) as session:
                stored = session.scalars(select(ChatRow.text).where(ChatRow.table_id == held_table))
                assert list(stored) == ["is anyone there?"]

    asyncio.run(scenario())


def test_the_room_reads_its_stored_tables_and_tournaments_off_the_loop() -> None:
    """At the server's start the stored tables and tournaments are read in a worker
    thread: while the read of the tables is held at a gate, the loop still turns (the
    test's own wait for the read to begin is answered on it), and no read of the store
    is made on the loop's thread."""

    async def scenario() -> None:
        store = Store("sqlite://")
        table = store.create_table("cash", "razz", "1/1/5/10", 2, bots=False)
        spec = tournament_spec({"players": 2, "payouts": "100"})
        tournament, first = store.create_tournament("sng", spec, False, "stud", "1/1/5/10", 2)
        loop_thread = threading.current_thread()
        on_the_loop: list[str] = []
        entered, gate = threading.Event(), threading.Event()

        def watched(name: str) -> Callable[..., Any]:
            read = getattr(store, name)

            def checked(*args: Any) -> Any:
                if threading.current_thread() is loop_thread:
                    on_the_loop.append(name)
                if name == "tables":
                    entered.set()
                    assert gate.wait(WAIT), "the gate was never opened"
                return read(*args)

            return checked

        reads = ("tables", "tournaments", "finished_tournaments", "tournament_tables", "entries")
        for name in reads:
            setattr(store, name, watched(name))
        room = Room(store, FAST, defaults=False)
        opening = asyncio.create_task(room.start())
        assert await asyncio.to_thread(entered.wait, WAIT), "the tables were never read"
        # The read waits at the gate in its thread; the loop answered the wait above.
        assert not opening.done()
        assert room.tables == {}
        gate.set()
        await opening
        await room.ready()
        try:
            assert on_the_loop == []
            assert set(room.tournaments) == {tournament}
            assert set(room.tables) == {table, first}
        finally:
            await room.close()

    asyncio.run(scenario())
