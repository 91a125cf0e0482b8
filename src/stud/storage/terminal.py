"""Where played hands are kept: a small store interface over the one database
(``stud.storage.schema``, SQLite on disk by default), and memory for tests.

This is an adapter at the edge: the core never imports it. A stored hand is plain
text and numbers (its PHH, the names at the table, whose chair it was played from),
so the store knows nothing of poker and a hand can always be replayed from its PHH.
The terminal's hands and the cardroom's share the database's ``hands`` table.

The SQLite file lives by default in the user's data directory
(``$XDG_DATA_HOME/stud/hands.sqlite3``, else ``~/.local/share/stud/hands.sqlite3``),
so hands survive between sessions without anyone choosing a path.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import Row, Select, Text, select, type_coerce
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from stud.storage.database import DatabaseError, open_engine
from stud.storage.schema import Account, HandRow, TableRow

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
    net: int | None
    """``None`` for a cardroom hand: its result is what its PHH replays to."""
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

    def recent(
        self, limit: int | None = None, *, player: str | None = None
    ) -> list[StoredHand | UnreadableHand]:
        """The last ``limit`` hands kept (all if ``None``), oldest first: the terminal's,
        and the cardroom hands of the account ``player`` names."""
        ...

    def get(self, hand_id: int, *, player: str | None = None) -> StoredHand | None:
        """The hand with this id, or ``None``; a damaged row is a ``StorageError``, and so
        is a cardroom hand ``player`` did not play."""
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

    def recent(
        self, limit: int | None = None, *, player: str | None = None
    ) -> list[StoredHand | UnreadableHand]:
        first = 0 if limit is None else max(0, len(self._hands) - max(limit, 0))
        return list[StoredHand | UnreadableHand](self._hands[first:])

    def get(self, hand_id: int, *, player: str | None = None) -> StoredHand | None:
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
    """Hands in the one database (``stud.storage.schema``): a SQLite file by default
    (it and its folder are created), or any database URL (``postgresql://...``).

    Each hand is committed as soon as it is added, so a session that is killed
    loses at most the hand being played. A file that exists is used only when it is
    a stud database: anything else (an empty file, another program's database) is
    refused, never turned into one; a terminal database of the format before the
    one schema is migrated, every hand kept under its id. ``read_only`` opens it for
    reading only (``stud history``), which works where it cannot be written.

    The hands listed are those played at the terminal and, for a ``player`` named,
    the cardroom's hands of that account: each told from that player's chair.
    """

    def __init__(self, path: Path | str, *, read_only: bool = False) -> None:
        self.path = Path(path)
        self._url = str(path)
        self._read_only = read_only
        try:
            self._engine = open_engine(self._url, read_only=read_only, stud_only=True)
        except DatabaseError as error:
            raise StorageError(str(error)) from None
        self._tables: dict[tuple[str, str, str], int] = {}

    @property
    def location(self) -> str:
        return self._url

    def add(self, record: HandRecord) -> int:
        if self._read_only:
            raise StorageError(f"{self._url}: cannot save the hand (it is open for reading only)")
        try:
            when = datetime.fromisoformat(record.played_at).astimezone(UTC)
            with Session(self._engine) as session, session.begin():
                row = HandRow(
                    table_id=self._table(session, record),
                    deck="",
                    seats=list(range(len(record.names))),
                    names=list(record.names),
                    accounts=[],
                    stacks=[],
                    started_at=when,
                    ended_at=when,
                    pot=record.pot,
                    phh=record.phh,
                    session=record.session,
                    number=record.number,
                    chair=record.seat,
                    net=record.net,
                )
                session.add(row)
                session.flush()
                return row.id
        except (SQLAlchemyError, ValueError) as error:
            raise StorageError(f"{self._url}: cannot save the hand ({error})") from None

    def _table(self, session: Session, record: HandRecord) -> int:
        """The closed table row a terminal session's hands belong to (made at its first)."""
        key = (record.session, record.variant, record.stakes)
        if key in self._tables:
            return self._tables[key]
        name = f"stud play {record.session}"[:40]
        found = session.scalar(
            select(TableRow.id).where(
                TableRow.name == name,
                TableRow.variant == record.variant,
                TableRow.stakes == record.stakes,
                TableRow.closed,
            )
        )
        if found is None:
            table = TableRow(
                name=name,
                variant=record.variant,
                stakes=record.stakes,
                seats=len(record.names),
                bots=False,
                closed=True,
            )
            session.add(table)
            session.flush()
            found = table.id
        self._tables[key] = found
        return found

    def recent(
        self, limit: int | None = None, *, player: str | None = None
    ) -> list[StoredHand | UnreadableHand]:
        account = self._account(player)
        hands: list[StoredHand | UnreadableHand] = []
        wanted = None if limit is None or limit > _MAX_ID else max(limit, 0)
        if wanted == 0:
            return hands
        query = self._query().order_by(HandRow.id.desc())
        if account is None:
            query = query.where(HandRow.session.is_not(None))
        for row in self._rows(query):
            hand = _told(row, account)
            if hand is not None:
                hands.append(hand)
                if wanted is not None and len(hands) >= wanted:
                    break
        return hands[::-1]

    def get(self, hand_id: int, *, player: str | None = None) -> StoredHand | None:
        if not 0 < hand_id <= _MAX_ID:
            return None
        account = self._account(player)
        rows = list(self._rows(self._query().where(HandRow.id == hand_id)))
        if not rows:
            return None
        if rows[0].session is None and account is None:
            raise StorageError(
                f"hand {hand_id} was played in the cardroom: name its player with --player"
            )
        hand = _told(rows[0], account)
        if hand is None:
            raise StorageError(f"{player} did not play hand {hand_id}")
        if isinstance(hand, UnreadableHand):
            raise StorageError(f"{self._url}: {hand.reason}")
        return hand

    def close(self) -> None:
        self._engine.dispose()

    def _account(self, player: str | None) -> int | None:
        if player is None:
            return None
        try:
            with self._engine.connect() as connection:
                found = connection.scalar(select(Account.id).where(Account.name == player))
        except SQLAlchemyError as error:
            raise StorageError(f"{self._url}: cannot read the accounts ({error})") from None
        if found is None:
            raise StorageError(f"--player {player!r}: no such account in {self._url}")
        return found

    @staticmethod
    def _query() -> Select[*tuple[Any, ...]]:
        return (
            select(
                HandRow.id,
                HandRow.ended_at,
                HandRow.session,
                HandRow.number,
                TableRow.variant,
                TableRow.stakes,
                HandRow.chair,
                type_coerce(HandRow.names, Text).label("names"),
                HandRow.net,
                HandRow.pot,
                HandRow.phh,
                type_coerce(HandRow.accounts, Text).label("accounts"),
                HandRow.table_id,
            )
            .join(TableRow, TableRow.id == HandRow.table_id)
            .where(HandRow.ended_at.is_not(None), HandRow.phh.is_not(None))
        )

    def _rows(self, query: Select[*tuple[Any, ...]]) -> Iterator[Row[Any]]:
        try:
            with self._engine.connect() as connection:
                yield from connection.execute(query.execution_options(yield_per=500))
        except SQLAlchemyError as error:
            raise StorageError(f"{self._url}: cannot read the hands ({error})") from None


def _told(row: Row[Any], account: int | None) -> StoredHand | UnreadableHand | None:
    """A stored row as its player's hand (``None``: a cardroom hand ``account`` did not
    play); a damaged row as what is wrong with it."""
    try:
        if row.session is not None:
            return _hand(row, row.chair, row.net, row.session, row.number)
        accounts = _listed(row.accounts, "accounts")
        if account not in accounts:
            return None
        return _hand(row, accounts.index(account), None, f"table {row.table_id}", row.id)
    except StorageError as error:
        return UnreadableHand(_row_id(row), str(error))


def _listed(value: object, column: str) -> list[Any]:
    """A JSON list column as read raw (text from SQLite, a list from PostgreSQL)."""
    try:
        listed = json.loads(value) if isinstance(value, str) else value
    except ValueError as error:
        raise StorageError(f"{column} {_cut(value)} are not a list ({error})") from None
    if not isinstance(listed, list):
        raise StorageError(f"{column} {_cut(value)} are not a list")
    return listed


def _row_id(row: Row[Any]) -> int:
    return row.id if isinstance(row.id, int) else 0


def _hand(row: Row[Any], seat: object, net: object, session: object, number: object) -> StoredHand:
    """A stored row as a hand; a damaged row (wrong types, bad names) is a ``StorageError``."""
    try:
        names = row.names
        listed = json.loads(_text(names, "names")) if not isinstance(names, list) else names
        if not isinstance(listed, list) or not all(isinstance(n, str) for n in listed):
            raise ValueError(f"names {_cut(names)} are not a list of names")
        ended = row.ended_at
        return StoredHand(
            _row_id(row),
            HandRecord(
                played_at=ended.astimezone(UTC).isoformat() if ended is not None else "",
                session=_text(session, "session"),
                number=_whole(number, "number"),
                variant=_text(row.variant, "variant"),
                stakes=_text(row.stakes, "stakes"),
                seat=_whole(seat, "seat"),
                names=tuple(listed),
                net=None if net is None and row.session is None else _whole(net, "net"),
                pot=_whole(row.pot, "pot"),
                phh=_text(row.phh, "phh"),
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
