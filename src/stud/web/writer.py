"""Group commit: one thread stores what the tables do, many tables' writes at a time.

Every action is stored before anyone hears of it. Committing each action on the
event loop stopped every table while the database worked, one commit per action.
Here a table hands its write to this thread and awaits it; the other tables go on
meanwhile. The thread takes every write that is waiting, does them all in one
transaction, commits once, and then answers all their tables in one call into the
loop: a busy room pays one commit for many actions, and a quiet one still gets
each write committed at once (the thread never waits to fill a batch).

A write is answered only after its commit returned, so awaiting it is as good as
having committed it on the spot. If a batch fails, each write in it is tried
again alone, so one table's bad write never fails another's.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert
from sqlalchemy.orm import Session, sessionmaker

__all__ = ["GroupWriter", "Insert", "Job"]


@dataclass(frozen=True, slots=True)
class Insert:
    """One row for one table; rows for the same table in a batch go in one statement."""

    model: type[Any]
    row: dict[str, Any]


Job = Callable[[Session], Any] | Insert
"""A write: a function of a session (its result is the answer), or a row to insert."""


@dataclass(frozen=True, slots=True)
class _Write:
    job: Job
    loop: asyncio.AbstractEventLoop
    answer: asyncio.Future[Any]


_CLOSE = object()


class GroupWriter:
    """The thread that commits the tables' writes (started on the first write)."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        lock: contextlib.AbstractContextManager[Any],
        batch: int = 1000,
    ) -> None:
        self._sessions = sessions
        self._lock = lock
        """Held around each transaction: SQLite takes one writer at a time."""
        self._batch = batch
        self._queue: queue.SimpleQueue[_Write | object] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()
        self.batches = 0
        """Transactions committed so far (many writes each, when the room is busy)."""

    def submit(self, job: Job) -> asyncio.Future[Any]:
        """Queue a write; the future is answered (on this loop) once it is committed."""
        loop = asyncio.get_running_loop()
        answer = loop.create_future()
        with self._start:
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="stud-db-writer", daemon=True
                )
                self._thread.start()
        self._queue.put(_Write(job, loop, answer))
        return answer

    def close(self) -> None:
        """Finish every queued write, then end the thread."""
        with self._start:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(_CLOSE)
            thread.join()

    def _run(self) -> None:
        closing = False
        while not closing:
            batch: list[_Write] = []
            item = self._queue.get()
            while True:
                if item is _CLOSE:
                    closing = True
                    break
                assert isinstance(item, _Write)
                batch.append(item)
                if len(batch) >= self._batch:
                    break
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
            if batch:
                self._answer(batch, self._commit(batch))

    def _commit(self, batch: list[_Write]) -> list[tuple[bool, Any]]:
        """Each write's (ok, result or error): all in one transaction, else one by one."""
        try:
            with self._lock, self._sessions.begin() as session:
                results = list(_apply(session, [w.job for w in batch]))
            self.batches += 1
            return [(True, result) for result in results]
        except Exception:  # retried alone below, where each write keeps its own error
            pass
        out: list[tuple[bool, Any]] = []
        for write in batch:
            try:
                with self._lock, self._sessions.begin() as session:
                    (result,) = _apply(session, [write.job])
                out.append((True, result))
            except Exception as error:  # handed to the table that wrote it
                out.append((False, error))
        return out

    @staticmethod
    def _answer(batch: list[_Write], results: list[tuple[bool, Any]]) -> None:
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], bool, Any]]] = {}
        for write, (ok, value) in zip(batch, results, strict=True):
            by_loop.setdefault(write.loop, []).append((write.answer, ok, value))
        for loop, answers in by_loop.items():
            with contextlib.suppress(RuntimeError):  # that loop has closed: nobody waits
                loop.call_soon_threadsafe(_settle, answers)


def _apply(session: Session, jobs: list[Job]) -> Iterator[Any]:
    """Run the jobs in order; a run of rows for one table becomes one insert."""
    rows: list[dict[str, Any]] = []
    model: type[Any] | None = None

    def flush() -> None:
        if rows:
            session.execute(insert(model), rows)  # type: ignore[arg-type]
            rows.clear()

    for job in jobs:
        if isinstance(job, Insert):
            if job.model is not model:
                flush()
                model = job.model
            rows.append(job.row)
            yield None
        else:
            flush()
            model = None
            yield job(session)
    flush()


def _settle(answers: list[tuple[asyncio.Future[Any], bool, Any]]) -> None:
    for answer, ok, value in answers:
        if answer.done():  # its table stopped waiting
            continue
        if ok:
            answer.set_result(value)
        else:
            answer.set_exception(value)
