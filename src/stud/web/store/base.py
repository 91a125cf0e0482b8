"""What every part of the cardroom's store stands on: the database, its one lock, the
writer thread, the house account, and the error the store answers with."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from stud.said import SaidError
from stud.storage.database import DatabaseError, open_engine
from stud.storage.schema import Account
from stud.web.names import name_key
from stud.web.writer import GroupWriter

__all__ = ["HOUSE", "StoreBase", "StoreError"]

HOUSE = "house"
"""The account the built-in bots buy in from."""


class StoreError(SaidError, RuntimeError):
    """A request the store refuses (taken name, short bankroll, bad password), in one line."""


class StoreBase:
    """The cardroom's database. Every method of the store is one transaction."""

    def __init__(self, url: str) -> None:
        try:
            self.engine: Engine = open_engine(url)
        except DatabaseError as error:
            raise StoreError(str(error)) from None
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite takes one writer at a time, and a transaction that reads and then
        # writes can fail at once rather than wait; so in this process one
        # transaction at a time (PostgreSQL takes them side by side).
        self._lock: contextlib.AbstractContextManager[Any] = (
            threading.RLock() if self.engine.dialect.name == "sqlite" else contextlib.nullcontext()
        )
        self.writer = GroupWriter(self.engine, self._lock)
        self._house_id = self._open_house()

    def close(self) -> None:
        """Commit what is queued, and release the connections."""
        self.writer.close()
        self.engine.dispose()

    @contextmanager
    def _tx(self) -> Iterator[Session]:
        with self._lock, self._sessions.begin() as session:
            yield session

    def _open_house(self) -> int:
        """The house account's id, made when the store first opens (never later, in a
        transaction that two could race to make it in)."""
        for _ in range(2):  # another process may make it between the look and the insert
            try:
                with self._tx() as session:
                    found = session.scalar(select(Account.id).where(Account.name == HOUSE))
                    if found is not None:
                        return found
                    house = Account(name=HOUSE, name_key=name_key(HOUSE), bankroll=0)
                    session.add(house)
                    session.flush()
                    return house.id
            except IntegrityError:
                continue
        raise StoreError("cannot make the house account")
