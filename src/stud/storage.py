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
    "UnreadableHand",
    "default_db_path",
    "describe_ids",
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


@dataclass(frozen=True, slots=True)
class UnreadableHand:
    """A kept hand whose stored row is damaged: its id and what is wrong with it.

    Listing reports it in its place and goes on, so one bad row hides no other hand.
    """

    id: int
    reason: str


_MAX_ID = 2**63 - 1
"""SQLite's largest integer: no id is larger, and larger numbers cannot be asked."""


class HandStore(Protocol):
    """What the table needs from storage: add a hand, list hands, fetch one."""

    @property
    def location(self) -> str:
        """Where the hands are kept, for people (a path, or ``memory``)."""
        ...

    def add(self, record: HandRecord) -> int:
        """Keep a hand; its new id."""
        ...

    def recent(self, limit: int | None = None) -> list[StoredHand | UnreadableHand]:
        """The last ``limit`` hands kept (all if ``None``), oldest first."""
        ...

    def get(self, hand_id: int) -> StoredHand | None:
        """The hand with this id, or ``None``; a damaged row is a ``StorageError``."""
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

    def recent(self, limit: int | None = None) -> list[StoredHand | UnreadableHand]:
        first = 0 if limit is None else max(0, len(self._hands) - max(limit, 0))
        return list[StoredHand | UnreadableHand](self._hands[first:])

    def get(self, hand_id: int) -> StoredHand | None:
        return next((h for h in self._hands if h.id == hand_id), None)

    def close(self) -> None:
        pass


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/stud/hands.sqlite3``, else ``~/.local/share/stud/hands.sqlite3``."""
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "stud" / "hands.sqlite3"


def open_store(path: Path | str | None = None, *, read_only: bool = False) -> HandStore:
    """The store at ``path`` (``None``: the default file; ``:memory:``: kept nowhere).

    ``read_only`` opens an existing store only to read it: nothing is created or
    written, so a database that cannot be written (or is not ours) is left as it is.
    """
    if str(path) == MEMORY:
        return MemoryHandStore()
    return SQLiteHandStore(default_db_path() if path is None else path, read_only=read_only)


class SQLiteHandStore:
    """Hands in one SQLite file (stdlib ``sqlite3``); the file and its folder are created.

    Each hand is committed as soon as it is added, so a session that is killed
    loses at most the hand being played. A file that exists is used only when it is
    a stud hand database: anything else (an empty file, another program's
    database) is refused, never turned into one. ``read_only`` opens the file for
    reading only (``stud history``), which works where it cannot be written.
    """

    def __init__(self, path: Path | str, *, read_only: bool = False) -> None:
        self.path = Path(path)
        try:
            fresh = not self.path.exists()
            if fresh and read_only:
                raise StorageError(f"{self.path}: there is no hand database there")
            if fresh:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            mode = "ro" if read_only else "rwc"
            self._db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode={mode}", uri=True)
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: cannot open it ({error})") from None
        except OSError as error:
            raise StorageError(f"{self.path}: cannot create it ({error.strerror})") from None
        try:
            self._check(fresh=fresh)
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StorageError(f"{self.path}: not a usable hand database ({error})") from None
        except StorageError:
            self._db.close()
            raise

    def _check(self, *, fresh: bool) -> None:
        """Refuse a file that is not a stud hand database; create the table in a new one."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"{self.path}: hand database version {version} is newer than this "
                f"stud reads ({SCHEMA_VERSION}); upgrade stud or choose another --db"
            )
        if fresh:
            self._db.execute(_SCHEMA)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.commit()
            return
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(hands)")}
        if not set(_COLUMNS.split(", ")) <= columns:
            raise StorageError(
                f"{self.path}: not a stud hand database (it has no table of hands); "
                "choose another --db"
            )

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

    def recent(self, limit: int | None = None) -> list[StoredHand | UnreadableHand]:
        query = f"SELECT {_COLUMNS} FROM hands ORDER BY id DESC"
        args: tuple[int, ...] = ()
        if limit is not None and limit <= _MAX_ID:  # a larger limit is all of them
            query += " LIMIT ?"
            args = (max(limit, 0),)
        hands: list[StoredHand | UnreadableHand] = []
        for row in reversed(self._rows(query, args)):
            try:
                hands.append(_hand(row))
            except StorageError as error:
                hands.append(UnreadableHand(_row_id(row), str(error)))
        return hands

    def get(self, hand_id: int) -> StoredHand | None:
        if not 0 < hand_id <= _MAX_ID:
            return None
        rows = self._rows(f"SELECT {_COLUMNS} FROM hands WHERE id = ?", (hand_id,))
        if not rows:
            return None
        try:
            return _hand(rows[0])
        except StorageError as error:
            raise StorageError(f"{self.path}: {error}") from None

    def close(self) -> None:
        self._db.close()

    def _rows(self, query: str, args: tuple[int, ...]) -> list[tuple[object, ...]]:
        try:
            return list(self._db.execute(query, args).fetchall())
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path}: cannot read the hands ({error})") from None


_COLUMNS = "id, played_at, session, number, variant, stakes, seat, names, net, pot, phh"


def _row_id(row: tuple[object, ...]) -> int:
    return row[0] if isinstance(row[0], int) else 0


def _hand(row: tuple[object, ...]) -> StoredHand:
    """A stored row as a hand; a damaged row (wrong types, bad names) is a ``StorageError``."""
    _, played_at, session, number, variant, stakes, seat, names, net, pot, phh = row
    try:
        listed = json.loads(_text(names, "names"))
        if not isinstance(listed, list) or not all(isinstance(n, str) for n in listed):
            raise ValueError(f"names {_cut(names)} are not a list of names")
        return StoredHand(
            _row_id(row),
            HandRecord(
                played_at=_text(played_at, "played_at"),
                session=_text(session, "session"),
                number=_whole(number, "number"),
                variant=_text(variant, "variant"),
                stakes=_text(stakes, "stakes"),
                seat=_whole(seat, "seat"),
                names=tuple(listed),
                net=_whole(net, "net"),
                pot=_whole(pot, "pot"),
                phh=_text(phh, "phh"),
            ),
        )
    except ValueError as error:  # json's errors are ValueErrors too
        raise StorageError(f"hand {_row_id(row)} is damaged: {error}") from None


def _whole(value: object, column: str) -> int:
    if not isinstance(value, int):
        raise ValueError(f"{column} {_cut(value)} is not a whole number")
    return value


def _text(value: object, column: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{column} {_cut(value)} is not text")
    return value


def _cut(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe_ids(ids: list[int]) -> str:
    """Kept hands' ids for people, runs joined: ``hands 3 to 5, 8 and 11``.

    Other tables may keep hands in the same file at the same time, so one
    session's ids need not follow each other.
    """
    runs: list[list[int]] = []
    for hand_id in sorted(ids):
        if runs and hand_id == runs[-1][-1] + 1:
            runs[-1].append(hand_id)
        else:
            runs.append([hand_id])
    parts = [f"{r[0]}" if len(r) == 1 else f"{r[0]} to {r[-1]}" for r in runs]
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return ("hand " if len(ids) == 1 else "hands ") + listed
