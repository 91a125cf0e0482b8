"""The one schema of stud's hands and of the cardroom: accounts, the chip ledger,
tables, seats, hands and their actions, chat and tournaments.

A hand played at the terminal (``stud play``) and one played in the cardroom are
rows of the same ``hands`` table: a terminal hand belongs to a closed table row
made for its session and records the chair it was played from (``chair``) and
that player's result (``net``); a cardroom hand is told from the chair of
whichever of its ``accounts`` asks. The alembic migrations in
``stud/storage/migrations`` create exactly these tables (a test compares).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

__all__ = [
    "Account",
    "Base",
    "ChatRow",
    "EntryRow",
    "HandEvent",
    "HandRow",
    "Ledger",
    "LoginSession",
    "SeatRow",
    "TableLease",
    "TableRow",
    "TournamentRow",
    "TournamentTableRow",
    "now",
]


def now() -> datetime:
    """The time now, in UTC."""
    return datetime.now(UTC)


class _UTC(TypeDecorator[datetime]):
    """A time with its zone, read back in UTC from any database: SQLite keeps no zone,
    so every time the store hands out can be compared and converted as it is."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None or value.tzinfo is not None:
            return value
        return value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    """The cardroom's tables; the migrations create exactly these (a test compares)."""


class Account(Base):
    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    name_key: Mapped[str | None] = mapped_column(String(80), unique=True, nullable=True)
    """What the name looks like (``stud.web.names.name_key``): one account per look."""
    password: Mapped[str | None] = mapped_column(String(200), nullable=True)
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    bankroll: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(_UTC(), default=now)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """The cardroom page's language the player chose (``stud.web.languages``), if any."""


class LoginSession(Base):
    __tablename__ = "sessions"
    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    created_at: Mapped[datetime] = mapped_column(_UTC(), default=now)
    seen_at: Mapped[datetime | None] = mapped_column(_UTC(), nullable=True)


class Ledger(Base):
    __tablename__ = "ledger"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id"), nullable=True)
    delta: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(20))
    at: Mapped[datetime] = mapped_column(_UTC(), default=now)


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(10))
    stakes: Mapped[str] = mapped_column(String(40))
    seats: Mapped[int] = mapped_column(Integer)
    bots: Mapped[bool] = mapped_column(Boolean, default=False)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(_UTC(), default=now)
    rake: Mapped[str] = mapped_column(String(20), default="")
    """The house's rake as ``percent%[:cap]`` (R9), or ``""`` for none."""


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    name: Mapped[str] = mapped_column(String(40))
    bot: Mapped[str | None] = mapped_column(String(20), nullable=True)
    stack: Mapped[int] = mapped_column(Integer)
    sitting_out: Mapped[bool] = mapped_column(Boolean, default=False)
    leaving: Mapped[bool] = mapped_column(Boolean, default=False)
    """The seat stands up once its hand is over (asked for mid-hand)."""


class HandRow(Base):
    __tablename__ = "hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    deck: Mapped[str] = mapped_column(String(104))
    seats: Mapped[list[int]] = mapped_column(JSON)
    names: Mapped[list[str]] = mapped_column(JSON)
    accounts: Mapped[list[int]] = mapped_column(JSON)
    stacks: Mapped[list[int]] = mapped_column(JSON)
    started_at: Mapped[datetime] = mapped_column(_UTC(), default=now)
    ended_at: Mapped[datetime | None] = mapped_column(_UTC(), nullable=True)
    pot: Mapped[int] = mapped_column(Integer, default=0)
    phh: Mapped[str | None] = mapped_column(Text, nullable=True)
    shuffle: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The hand's server secret and seeds (``stud.shuffle``): server only, as ``deck``."""
    session: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The terminal session that played the hand (none for a cardroom hand)."""
    number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The hand's number in its terminal session."""
    epoch: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The lease epoch of the worker that dealt or finished it (``TableLease``; none in
    one process)."""
    chair: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat (0-based, in the hand's order) a terminal hand was played from."""
    net: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """What the terminal hand's player won or lost (a cardroom hand's results are in
    its PHH)."""


class HandEvent(Base):
    __tablename__ = "hand_events"
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    timed_out: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(_UTC(), default=now)
    seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The ``seq`` of the person's message that this action was (none for a bot's or
    the clock's): a seat's last applied one is its newest here (``last_seqs``)."""
    epoch: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The lease epoch of the worker that stored it: the fencing token the database
    checks against ``TableLease`` (none in one process)."""


class TableLease(Base):
    """Which worker of a cardroom on many processes owns a table, until when, and the
    epoch it owns it under (one more at each change of owner). In PostgreSQL a
    trigger refuses a hand or action row whose epoch is not the table's current one,
    so a worker that lost its lease cannot write even if it still runs."""

    __tablename__ = "table_leases"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), default="")
    epoch: Mapped[int] = mapped_column(Integer, default=0)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(_UTC(), default=now)


class TournamentRow(Base):
    """A sit-and-go: its set-up, where it stands, and the table it plays at."""

    __tablename__ = "tournaments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), unique=True)
    name: Mapped[str] = mapped_column(String(40))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    bots: Mapped[bool] = mapped_column(Boolean, default=False)
    state: Mapped[str] = mapped_column(String(12), default="registering")
    progress: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(_UTC(), default=now)


class TournamentTableRow(Base):
    """A further table of a multi-table tournament (its first is ``TournamentRow.table_id``)."""

    __tablename__ = "tournament_tables"
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), unique=True)


class EntryRow(Base):
    """One player registered for a tournament: ``seat`` is their entrant number
    (``stud.tournament``'s player), the seat they take at a one-table tournament."""

    __tablename__ = "entries"
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    name: Mapped[str] = mapped_column(String(40))
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
