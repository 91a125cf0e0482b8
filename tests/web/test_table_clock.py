"""A table's clock: one timer, set again only to ring sooner, and a timer that rang
before the clock was due never counts as the clock running out (that would time a
player out)."""

from __future__ import annotations

import asyncio

from stud.rules import Rules
from stud.web.protocol import Hello
from stud.web.store import Store
from stud.web.table import _DUE, _RING, Table, _Join
from stud.web.viewer import Viewer


def _table(wake_in: float | None) -> Table:
    """A table whose clock is due ``wake_in`` seconds from now (``None``: never)."""
    store = Store("sqlite://")
    table_id = store.create_table("t", "stud", "1/1/5/10", 2, bots=False)
    table = Table(table_id, "t", Rules.from_stakes("1/1/5/10", "stud"), 2, store)
    due = None if wake_in is None else table.logic.clock() + wake_in
    table._wake_at = lambda: due  # type: ignore[method-assign]
    return table


def _command() -> _Join:
    return _Join(Viewer(None, "observer"), Hello(type="hello"))


def test_a_command_that_comes_first_is_taken_before_the_clock() -> None:
    async def scenario() -> None:
        table = _table(wake_in=3600.0)
        command = _command()
        table._queue.put_nowait(command)
        assert await table._next() is command
        table.store.close()

    asyncio.run(scenario())


def test_a_timer_that_rang_before_the_clock_was_due_is_passed_over() -> None:
    async def scenario() -> None:
        table = _table(wake_in=3600.0)
        command = _command()
        table._queue.put_nowait(_RING)  # set for an earlier deadline, since moved on
        table._queue.put_nowait(command)
        assert await table._next() is command
        assert table._queue.empty()
        table.store.close()

    asyncio.run(scenario())


def test_the_clock_comes_first_when_it_is_due() -> None:
    async def scenario() -> None:
        table = _table(wake_in=-1.0)
        table._queue.put_nowait(_command())
        assert await table._next() is _DUE
        table.store.close()

    asyncio.run(scenario())


def test_the_timer_wakes_a_table_with_nothing_to_do() -> None:
    async def scenario() -> None:
        table = _table(wake_in=0.01)
        assert await asyncio.wait_for(table._next(), 60) is _DUE
        table.store.close()

    asyncio.run(scenario())


def test_with_no_clock_the_table_waits_for_a_command() -> None:
    async def scenario() -> None:
        table = _table(wake_in=None)
        waiting = asyncio.ensure_future(table._next())
        await asyncio.sleep(0)  # let it start waiting
        assert not waiting.done()
        command = _command()
        table._queue.put_nowait(command)
        assert await waiting is command
        table.store.close()

    asyncio.run(scenario())


def test_a_later_deadline_keeps_the_timer_and_a_sooner_one_sets_it_again() -> None:
    async def scenario() -> None:
        table = _table(wake_in=3600.0)
        command = _command()
        table._queue.put_nowait(command)
        assert await table._next() is command
        timer = table._timer
        assert timer is not None
        later = table.logic.clock() + 7200.0
        table._wake_at = lambda: later  # type: ignore[method-assign]
        table._queue.put_nowait(command)
        assert await table._next() is command
        assert table._timer is timer
        sooner = table.logic.clock() + 60.0
        table._wake_at = lambda: sooner  # type: ignore[method-assign]
        table._queue.put_nowait(command)
        assert await table._next() is command
        assert table._timer is not timer
        assert timer.cancelled()
        table.store.close()

    asyncio.run(scenario())
