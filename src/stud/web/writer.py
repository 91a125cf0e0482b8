"""Group commit: one thread stores what the tables do, many tables' writes at a time.

Every action is stored before anyone hears of it. Committing each action on the
event loop would stop every table while the database works, one commit per action.
Here a table hands its write to this thread and awaits it; the other tables go on
meanwhile. The thread takes every write that is waiting, does them all in one
transaction, commits once, and then answers all their tables in one call into the
loop: a busy room pays one commit for many actions, and a quiet one still gets
each write committed at once (the thread never waits to fill a batch).

The writes one turn of the event loop makes are handed to the thread together,
just after that turn: waking the thread once per action costs nearly as much as
the insert (each wake passes the interpreter between the two threads and back).
In a busy room a loop hands writes over at most once per ``linger`` (10 ms): the
writes of the turns in between wait for that and go together. Each hand-over is
a transaction, a commit and two wakes between threads, the same cost whatever it
holds, and nearly every turn of a busy room holds one action
(``benchmarks/bench_move.py`` paces rows as 200 tables make them).
A write that comes after a quiet ``linger`` is handed over at once.

A write is answered only after its commit returned, so awaiting it is as good as
having committed it on the spot. If a batch fails, each write in it is tried
again alone, so one table's bad write never fails another's.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Dialect, Engine, insert

__all__ = ["GroupWriter", "Insert", "Job"]


@dataclass(frozen=True, slots=True)
class Insert:
    """One row for one table; rows for the same table in a batch go in one statement."""

    model: type[Any]
    row: dict[str, Any]


Job = Callable[[Connection], Any] | Insert
"""A write: a function of a connection (its result is the answer), or a row to insert."""


@dataclass(frozen=True, slots=True)
class _Write:
    job: Job
    answer: asyncio.Future[Any]


@dataclass(frozen=True, slots=True)
class _Turn:
    """The writes one loop turn made, handed to the thread in one piece."""

    loop: asyncio.AbstractEventLoop
    writes: list[_Write]


_CLOSE = object()


class GroupWriter:
    """The thread that commits the tables' writes (started on the first write)."""

    def __init__(
        self,
        engine: Engine,
        lock: contextlib.AbstractContextManager[Any],
        batch: int = 1000,
        linger: float = 0.01,
    ) -> None:
        self._engine = engine
        self._connection: Connection | None = None
        """Kept open between batches (checking one out each time cost more than the write)."""
        self._lock = lock
        """Held around each transaction: SQLite takes one writer at a time."""
        self._batch = batch
        self._linger = linger
        """The shortest time between two hand-overs from one loop, in seconds."""
        self._last: tuple[asyncio.AbstractEventLoop, float] | None = None
        """The loop that last handed writes over, and when (on its clock)."""
        self._queue: queue.SimpleQueue[_Turn | object] = queue.SimpleQueue()
        self._turns: dict[asyncio.AbstractEventLoop, list[_Write]] = {}
        """Each loop's writes of its current turn, not yet handed over."""
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()
        self.batches = 0
        """Transactions committed so far (many writes each, when the room is busy)."""

    def submit(self, job: Job) -> asyncio.Future[Any]:
        """Queue a write; the future is answered (on this loop) once it is committed."""
        loop = asyncio.get_running_loop()
        answer = loop.create_future()
        writes = self._turns.get(loop)
        if writes is None:
            writes = self._turns[loop] = []
            last = self._last
            if last is not None and last[0] is loop and last[1] + self._linger > loop.time():
                loop.call_at(last[1] + self._linger, self._hand_over, loop)
            else:
                loop.call_soon(self._hand_over, loop)
        writes.append(_Write(job, answer))
        return answer

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        """Just after a loop turn (or ``linger`` after the last hand-over): give the
        thread what the turns since wrote."""
        writes = self._turns.pop(loop, None)
        if not writes:
            return
        if not loop.is_closed():
            self._last = (loop, loop.time())
        with self._start:
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="stud-db-writer", daemon=True
                )
                self._thread.start()
        self._queue.put(_Turn(loop, writes))

    def close(self) -> None:
        """Finish every queued write, then end the thread."""
        for loop in list(self._turns):
            self._hand_over(loop)
        with self._start:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(_CLOSE)
            thread.join()

    def _run(self) -> None:
        closing = False
        waiting: list[tuple[asyncio.AbstractEventLoop, _Write]] = []
        while not closing or waiting:
            if not waiting:
                item = self._queue.get()
                while True:
                    if item is _CLOSE:
                        closing = True
                        break
                    assert isinstance(item, _Turn)
                    waiting.extend((item.loop, write) for write in item.writes)
                    if len(waiting) >= self._batch:
                        break
                    try:
                        item = self._queue.get_nowait()
                    except queue.Empty:
                        break
            batch, waiting = waiting[: self._batch], waiting[self._batch :]
            if batch:
                self._answer(batch, self._commit([write for _, write in batch]))
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _commit(self, batch: list[_Write]) -> list[tuple[bool, Any]]:
        """Each write's (ok, result or error): all in one transaction, else one by one."""
        try:
            results = self._transaction([w.job for w in batch])
            self.batches += 1
            return [(True, result) for result in results]
        except Exception:  # retried alone below, where each write keeps its own error
            pass
        out: list[tuple[bool, Any]] = []
        for write in batch:
            try:
                (result,) = self._transaction([write.job])
                out.append((True, result))
            except Exception as error:  # handed to the table that wrote it
                out.append((False, error))
        return out

    def _transaction(self, jobs: list[Job]) -> list[Any]:
        with self._lock:
            if self._connection is None:
                self._connection = self._engine.connect()
            connection = self._connection
            try:
                with connection.begin():
                    return _apply(connection, jobs)
            except Exception:
                # The connection may be broken (a database restarted): a new one next time.
                self._connection = None
                connection.close()
                raise

    @staticmethod
    def _answer(
        batch: list[tuple[asyncio.AbstractEventLoop, _Write]], results: list[tuple[bool, Any]]
    ) -> None:
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], bool, Any]]] = {}
        for (loop, write), (ok, value) in zip(batch, results, strict=True):
            by_loop.setdefault(loop, []).append((write.answer, ok, value))
        for loop, answers in by_loop.items():
            with contextlib.suppress(RuntimeError):  # that loop has closed: nobody waits
                loop.call_soon_threadsafe(_settle, answers)


def _apply(connection: Connection, jobs: list[Job]) -> list[Any]:
    """Run the jobs in order; a run of rows for one table becomes one insert."""
    out: list[Any] = []
    for _, run in itertools.groupby(jobs, key=lambda j: j.model if isinstance(j, Insert) else j):
        group = list(run)
        inserts = [job for job in group if isinstance(job, Insert)]
        if inserts:
            _insert_rows(connection, inserts[0].model, [job.row for job in inserts])
            out.extend([None] * len(inserts))
        else:
            out.extend(job(connection) for job in group if not isinstance(job, Insert))
    return out


@dataclass(frozen=True, slots=True)
class _Prepared:
    """A plain insert into one table, compiled once for one database's dialect."""

    sql: str
    keys: tuple[str, ...]
    """The rows' keys, in the order the statement takes their values."""
    processors: tuple[Callable[[Any], Any] | None, ...]
    """Each key's conversion to what the driver takes (JSON to text, for one)."""
    positional: bool
    """Whether the driver takes each row as a tuple (else as a dict by key)."""


_PREPARED: dict[tuple[type[Any], Dialect, tuple[str, ...]], _Prepared] = {}


def _prepared(model: type[Any], dialect: Dialect, keys: tuple[str, ...]) -> _Prepared:
    """A plain insert into the model's table for rows with ``keys`` (built once).

    SQLAlchemy compiles the statement and gives each column's conversion for this
    dialect, so SQLite and PostgreSQL get what its own insert would send; only its
    compiling and converting on every execution is skipped, which cost more than
    SQLite's insert and commit together and held the interpreter lock against the
    tables meanwhile.
    """
    found = _PREPARED.get((model, dialect, keys))
    if found is None:
        table = model.__table__
        compiled = insert(table).compile(dialect=dialect, column_keys=list(keys))
        order = tuple(compiled.positiontup or keys) if compiled.positional else keys
        processors = tuple(
            table.c[key].type.dialect_impl(dialect).bind_processor(dialect) for key in order
        )
        found = _PREPARED[(model, dialect, keys)] = _Prepared(
            compiled.string, order, processors, compiled.positional
        )
    return found


def _insert_rows(connection: Connection, model: type[Any], rows: list[dict[str, Any]]) -> None:
    """The rows, all with the same keys, into the model's table: the statement and
    conversions made once (``_prepared``), then one ``executemany`` through
    SQLAlchemy's driver-level execute, which reports and recovers from a driver's
    errors as its own execute does."""
    prepared = _prepared(model, connection.dialect, tuple(rows[0]))
    pairs = tuple(zip(prepared.keys, prepared.processors, strict=True))
    values: list[Any] = [
        tuple(row[key] if process is None else process(row[key]) for key, process in pairs)
        for row in rows
    ]
    if not prepared.positional:
        values = [dict(zip(prepared.keys, row, strict=True)) for row in values]
    connection.exec_driver_sql(prepared.sql, values)


def _settle(answers: list[tuple[asyncio.Future[Any], bool, Any]]) -> None:
    for answer, ok, value in answers:
        if answer.done():  # its table stopped waiting
            continue
        if ok:
            answer.set_result(value)
        else:
            answer.set_exception(value)
