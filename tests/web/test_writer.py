"""Group commit: the tables' writes wait together, commit together, fail alone.

A gate write holds the writer thread inside its first transaction (it waits on an
event the test sets), so the writes queued meanwhile are certain to meet in the
next batch: no test here depends on timing.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable

from sqlalchemy import Connection, text
from sqlalchemy.exc import IntegrityError
from web_harness import WAIT, Client, Message, cardroom, clients_at, committed

from stud.web.store import Store
from stud.web.writer import GroupWriter


def _hand(store: Store) -> tuple[int, int]:
    table = store.create_table("t", "stud", "1/1/5/10", 6, bots=False)
    return table, committed(store.save_start, table, "deck", [0, 1], ["a", "b"], [1, 2], [100, 100])


async def _gated(store: Store) -> tuple[asyncio.Future[None], threading.Event]:
    """Hold the writer in a transaction of its own until the event is set."""
    entered, release = threading.Event(), threading.Event()

    def gate(connection: Connection) -> None:
        entered.set()
        release.wait(WAIT)

    held = store.writer.submit(gate)
    assert await asyncio.to_thread(entered.wait, WAIT)
    return held, release


def test_writes_that_wait_together_commit_in_one_transaction(store: Store) -> None:
    table, hand = _hand(store)
    before = store.writer.batches  # the hand's start

    async def scenario() -> None:
        held, release = await _gated(store)
        saves = [store.save_action(hand, n, n % 2, {"action": "call"}, False) for n in range(1, 41)]
        release.set()
        await held
        await asyncio.gather(*saves)

    asyncio.run(scenario())
    assert store.writer.batches - before == 2  # the gate, then all forty actions at once
    unfinished = store.unfinished_hand(table)
    assert unfinished is not None
    assert [seat for seat, _, _ in unfinished.actions] == [n % 2 for n in range(1, 41)]
    store.close()


def test_a_bad_write_fails_alone_and_its_batch_still_commits(store: Store) -> None:
    table, hand = _hand(store)

    async def scenario() -> list[object]:
        held, release = await _gated(store)
        saves = [
            store.save_action(hand, 1, 0, {"action": "bring_in"}, False),
            store.save_action(hand, 1, 1, {"action": "call"}, False),  # number 1 again
            store.save_action(hand, 2, 1, {"action": "call"}, False),
        ]
        release.set()
        await held
        return await asyncio.gather(*saves, return_exceptions=True)

    first, again, second = asyncio.run(scenario())
    assert first is None
    assert second is None
    assert isinstance(again, IntegrityError)
    unfinished = store.unfinished_hand(table)
    assert unfinished is not None
    assert [(seat, action) for seat, action, _ in unfinished.actions] == [
        (0, {"action": "bring_in"}),
        (1, {"action": "call"}),
    ]
    store.close()


def test_closing_commits_every_queued_write(tmp_path: object) -> None:
    path = f"{tmp_path}/cardroom.sqlite3"
    store = Store(path)
    table, hand = _hand(store)

    async def scenario() -> None:
        held, release = await _gated(store)
        for n in range(1, 6):
            store.save_action(hand, n, 0, {"action": "check"}, False)
        release.set()
        await held
        store.close()  # before anyone awaits the five

    asyncio.run(scenario())
    again = Store(path)
    unfinished = again.unfinished_hand(table)
    assert unfinished is not None
    assert len(unfinished.actions) == 5
    again.close()


def _answer(message: Message) -> bool:
    """An error, an ack, or an event with an action in it (or acknowledging one)."""
    if message["type"] == "event":
        return "ack" in message or any(e["kind"] == "action" for e in message["events"])
    return message["type"] in {"error", "ack"}


def test_an_action_the_database_refuses_is_never_broadcast() -> None:
    """Stored before broadcast: with the actions' table gone, acting gets an error and
    no event, and the hand still waits for the same action."""

    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("stud", 2, 2)
            async with clients_at(room, table, tokens) as clients:
                dealt = await clients[0].until(
                    lambda m: m["type"] in {"event", "snapshot"} and m["table"]["hand"] is not None
                )
                mover: Client = next(
                    c for c in clients if c.seat == dealt["table"]["hand"]["actor"]
                )
                await mover.until(lambda m: bool(mover.legal()))
                before = room.room.tables[table].hand
                with room.store.engine.begin() as connection:
                    connection.execute(text("DROP TABLE hand_events"))
                choice = random.Random(1).choice(mover.legal())
                await mover.act(choice["action"], choice.get("to"))
                reply = await mover.until(_answer)  # the first frame that answers it
                assert reply["type"] == "error", reply
                assert room.room.tables[table].hand is before

    asyncio.run(scenario())


def test_writes_soon_after_a_hand_over_wait_and_go_together(tmp_path: object) -> None:
    """A write with no hand-over in the last ``linger`` goes to the thread at once; the
    writes of later turns within ``linger`` are held, then committed together."""
    store = Store(f"{tmp_path}/cardroom.sqlite3")
    writer = GroupWriter(store.engine, threading.Lock(), linger=3600.0)
    ran = [threading.Event() for _ in range(3)]

    def job(n: int) -> Callable[[Connection], int]:
        def run(connection: Connection) -> int:
            ran[n].set()
            return n

        return run

    async def scenario() -> None:
        assert await writer.submit(job(0)) == 0  # nothing was handed over before it
        second = writer.submit(job(1))
        await asyncio.to_thread(lambda: None)  # later turns, and time for the thread
        third = writer.submit(job(2))
        await asyncio.to_thread(lambda: None)
        assert not ran[1].is_set()
        assert not ran[2].is_set()
        writer.close()  # hands over what waits
        assert await asyncio.gather(second, third) == [1, 2]

    asyncio.run(scenario())
    assert writer.batches == 2  # the first alone, then the two held ones together
    store.close()
