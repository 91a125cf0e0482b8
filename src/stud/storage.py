"""Where played hands are kept: a small store interface, SQLite on disk, memory for tests.

This is an adapter at the edge: the core never imports it. A stored hand is plain
text and numbers (its PHH, the names at the table, whose chair it was played from),
so the store knows nothing of poker and a hand can always be replayed from its PHH.

The SQLite file lives by default in the user's data directory
(``$XDG_DATA_HOME/stud/hands.sqlite3``, else ``~/.local/share/stud/hands.sqlite3``),
so hands survive between sessions without anyone choosing a path.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

__all__ = [
    "MEMORY",
    "HandRecord",
    "HandStore",
    "MemoryHandStore",
    "SQLiteHandStore",
    "StorageError",
    "StoredHand",
    "default_db_path",
    "open_store",
]

MEMORY = ":memory:"
"""The ``--db`` value for a store that keeps nothing once the program ends."""

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS hands (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    played_at TEXT    NOT NULL,
    session   TEXT    NOT NULL,
    number    INTEGER NOT NULL,
    variant   TEXT    NOT NULL,
    stakes    TEXT    NOT NULL,
    seat      INTEGER NOT NULL,
    names     TEXT    NOT NULL,
    net       INTEGER NOT NULL,
    pot       INTEGER NOT NULL,
    phh       TEXT    NOT NULL
)
"""


class StorageError(RuntimeError):
    """The hand store cannot be opened, read or written; the message names the file."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand as it is kept.

    ``seat`` is the chair the hand was played from (0-based) and ``net`` that
    player's result, so a list of hands reads as the player's own record.
    ``played_at`` is an ISO 8601 time in UTC.
    """

    played_at: str
    session: str
    number: int
    variant: str
    stakes: str
    seat: int
    names: tuple[str, ...]
    net: int
    pot: int
    phh: str


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A kept hand and the id the store gave it (what ``stud history show`` takes)."""

    id: int
    record: HandRecord


class HandStore(Protocol):
    """What the table needs from storage: add a hand, list hands, fetch one."""

    @property
    def location(self) -> str:
        """Where the hands are kept, for people (a path, or ``memory``)."""
        ...

    def add(self, record: HandRecord) -> int:
        """Keep a hand; its new id."""
        ...

    def recent(self, limit: int | None = None) -> list[StoredHand]:
        """The last ``limit`` hands kept (all if ``None``), oldest first."""
        ...

    def get(self, hand_id: int) -> StoredHand | None:
        """The hand with this id, or ``None``."""
        ...

    def close(self) -> None:
        """Release the store."""
        ...


class MemoryHandStore:
    """A store that forgets everything on exit: for tests and for ``--db :memory:``."""

    def __init__(self) -> None:
        self._hands: list[StoredHand] = []

    @property
    def location(self) -> str:
        return "memory (not kept)"

    def add(self, record: HandRecord) -> int:
        hand_id = len(self._hands) + 1
        self._hands.append(StoredHand(hand_id, record))
        return hand_id

    def recent(self, limit: int | None = None) -> list[StoredHand]:
        if limit is None:
            return list(self._hands)
        return self._hands[max(0, len(self._hands) - limit) :] if limit > 0 else []

    def get(self, hand_id: int) -> StoredHand | None:
        return next((h for h in self._hands if h.id == hand_id), None)

    def close(self) -> None:
        pass


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/stud/hands.sqlite3``, else ``~/.local/share/stud/hands.sqlite3``."""
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "stud" / "hands.sqlite3"


def open_store(path: Path | str | None = None) -> HandStore:
    """The store at ``path`` (``None``: the default file; ``:memory:``: kept nowhere)."""
    if str(path) == MEMORY:
        return MemoryHandStore()
    return SQLiteHandStore(default_db_path() if path is None else path)


class SQLiteHandStore:
    """Hands in one SQLite file (stdlib ``sqlite3``); the file and its folder are created.

    Each hand is committed as soon as it is added, so a session that is killed
    loses at most the hand being played.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path)
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                self._db.close()
                raise StorageError(
                    f"{self.path}: hand database version {version} is newer than this "
                    f"stud reads ({SCHEMA_VERSION}); upgrade stud or choose another --db"
                )
            self._db.execute(_SCHEMA)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.commit()
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: not a usable hand database ({error})") from None
        except OSError as error:
            raise StorageError(f"{self.path}: cannot create it ({error.strerror})") from None

    @property
    def location(self) -> str:
        return str(self.path)

    def add(self, record: HandRecord) -> int:
        try:
            with self._db:
                cursor = self._db.execute(
                    "INSERT INTO hands (played_at, session, number, variant, stakes, seat,"
                    " names, net, pot, phh) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        record.played_at,
                        record.session,
                        record.number,
                        record.variant,
                        record.stakes,
                        record.seat,
                        json.dumps(list(record.names)),
                        record.net,
                        record.pot,
                        record.phh,
                    ),
                )
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: cannot save the hand ({error})") from None
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def recent(self, limit: int | None = None) -> list[StoredHand]:
        query = f"SELECT {_COLUMNS} FROM hands ORDER BY id DESC"
        args: tuple[int, ...] = ()
        if limit is not None:
            query += " LIMIT ?"
            args = (limit,)
        rows = self._rows(query, args)
        return [_hand(row) for row in reversed(rows)]

    def get(self, hand_id: int) -> StoredHand | None:
        rows = self._rows(f"SELECT {_COLUMNS} FROM hands WHERE id = ?", (hand_id,))
        return _hand(rows[0]) if rows else None

    def close(self) -> None:
        self._db.close()

    def _rows(self, query: str, args: tuple[int, ...]) -> list[tuple[object, ...]]:
        try:
            return list(self._db.execute(query, args).fetchall())
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: cannot read the hands ({error})") from None


_COLUMNS = "id, played_at, session, number, variant, stakes, seat, names, net, pot, phh"


def _hand(row: tuple[object, ...]) -> StoredHand:
    hand_id, played_at, session, number, variant, stakes, seat, names, net, pot, phh = row
    return StoredHand(
        int(str(hand_id)),
        HandRecord(
            played_at=str(played_at),
            session=str(session),
            number=int(str(number)),
            variant=str(variant),
            stakes=str(stakes),
            seat=int(str(seat)),
            names=tuple(str(n) for n in json.loads(str(names))),
            net=int(str(net)),
            pot=int(str(pot)),
            phh=str(phh),
        ),
    )
