"""The cardroom's storage: accounts, the chip ledger, tables, seats, hands and chat.

SQLAlchemy 2 over SQLite by default (a file, or memory for tests) or PostgreSQL
(``postgresql://...``); the schema is made and upgraded by the alembic migrations
in ``stud/web/migrations``, run when a store opens.

Chips move between a bankroll and a table only here, and every move writes a
ledger row in the same transaction, so at any moment the bankrolls plus the
stacks at the tables equal the chips ever granted (R8.1 across the server). Bots
buy in from the house account, whose bankroll may go below zero. Every bankroll
change is one ``_move``: an update that adds to the bankroll in the database
(never a value read and written back, which a transaction beside it, such as the
writer thread's rake against a bot's buy-in on PostgreSQL, would overwrite) and
its ledger row, in one transaction.

A hand row keeps its deck (server only) and every action as it is taken: a
server killed mid-hand deals the same cards again and replays the actions to
resume where it stood. Seat stacks change only when a hand is committed. The
tables store their hands through ``save_*``, which queue the write for a thread
that commits many at a time (``stud/web/writer.py``); awaiting one waits for its
commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import re
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Dialect, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool
from sqlalchemy.types import TypeDecorator

from stud.web.names import NameRefusedError, check_name, name_key
from stud.web.writer import GroupWriter, Insert

__all__ = [
    "GRANT",
    "HOUSE",
    "SESSION_IDLE",
    "SESSION_LIFETIME",
    "TOURNAMENT_REASONS",
    "AccountInfo",
    "Base",
    "EntryRow",
    "HandRow",
    "SeatRow",
    "Store",
    "StoreError",
    "TableRow",
    "TournamentRow",
    "TournamentTableRow",
    "hash_password",
    "verify_password",
]

GRANT = 1000
"""Play chips a new account (or guest) starts with."""

HOUSE = "house"
"""The account the built-in bots buy in from."""

TOURNAMENT_REASONS = ("entry", "refund", "prize")
"""Ledger reasons of chips moving between bankrolls and a tournament's prize pool."""

SESSION_LIFETIME = timedelta(days=30)
"""A session token ends this long after its sign-in, however much it is used."""
SESSION_IDLE = timedelta(days=7)
"""A session token ends once it has not been used for this long."""
_SEEN_EVERY = timedelta(minutes=5)
"""How stale a session's last use may be before a use writes it again: not one write
a request."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a session token looks like (``secrets.token_urlsafe``)."""

_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


class StoreError(RuntimeError):
    """A request the store refuses (taken name, short bankroll, bad password), in one line."""


def hash_password(password: str) -> str:
    """A salted scrypt hash (stdlib ``hashlib.scrypt``) with its parameters."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, **_SCRYPT)
    return f"scrypt${_SCRYPT['n']}${salt.hex()}${digest.hex()}"


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches a hash from ``hash_password`` (constant time)."""
    try:
        kind, n, salt, digest = stored.split("$")
        params = {**_SCRYPT, "n": int(n)}
        again = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), **params)
    except ValueError:
        return False
    return kind == "scrypt" and hmac.compare_digest(again.hex(), digest)


@functools.cache
def _dummy_hash() -> str:
    """A hash of no one's password, checked for a name that has none."""
    return hash_password(secrets.token_urlsafe(16))


def _now() -> datetime:
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
    created_at: Mapped[datetime] = mapped_column(_UTC(), default=_now)


class LoginSession(Base):
    __tablename__ = "sessions"
    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    created_at: Mapped[datetime] = mapped_column(_UTC(), default=_now)
    seen_at: Mapped[datetime | None] = mapped_column(_UTC(), nullable=True)


class Ledger(Base):
    __tablename__ = "ledger"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id"), nullable=True)
    delta: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(20))
    at: Mapped[datetime] = mapped_column(_UTC(), default=_now)


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(10))
    stakes: Mapped[str] = mapped_column(String(40))
    seats: Mapped[int] = mapped_column(Integer)
    bots: Mapped[bool] = mapped_column(Boolean, default=False)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(_UTC(), default=_now)
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
    started_at: Mapped[datetime] = mapped_column(_UTC(), default=_now)
    ended_at: Mapped[datetime | None] = mapped_column(_UTC(), nullable=True)
    pot: Mapped[int] = mapped_column(Integer, default=0)
    phh: Mapped[str | None] = mapped_column(Text, nullable=True)
    shuffle: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The hand's server secret and seeds (``stud.shuffle``): server only, as ``deck``."""


class HandEvent(Base):
    __tablename__ = "hand_events"
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    timed_out: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(_UTC(), default=_now)
    seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The ``seq`` of the person's message that this action was (none for a bot's or
    the clock's): a seat's last applied one is its newest here (``last_seqs``)."""


class ChatRow(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(_UTC(), default=_now)


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
    created_at: Mapped[datetime] = mapped_column(_UTC(), default=_now)


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


@dataclass(frozen=True, slots=True)
class AccountInfo:
    """Who a session belongs to."""

    id: int
    name: str
    guest: bool
    bankroll: int


@dataclass(frozen=True, slots=True)
class UnfinishedHand:
    """A hand that was dealt but not committed: enough to deal it again and replay."""

    id: int
    deck: str
    seats: list[int]
    names: list[str]
    accounts: list[int]
    stacks: list[int]
    actions: list[tuple[int, dict[str, Any], bool]]
    shuffle: str | None = None


def database_url(url: str) -> str:
    """A SQLAlchemy URL from what a person types: a path, ``sqlite:///...``, or PostgreSQL."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" in url:
        return url
    return f"sqlite:///{Path(url).expanduser()}"


class Store:
    """The cardroom's database. Every method is one transaction."""

    def __init__(self, url: str) -> None:
        full = database_url(url)
        try:
            if full in {"sqlite://", "sqlite:///:memory:"}:
                self.engine: Engine = create_engine(
                    "sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False}
                )
            else:
                self.engine = create_engine(full)
            if self.engine.dialect.name == "sqlite":
                event.listen(self.engine, "connect", _sqlite_pragmas)
            from stud.web.migrations import upgrade  # noqa: PLC0415  (alembic loads lazily)

            upgrade(self.engine)
        except (SQLAlchemyError, ImportError) as error:
            first = (str(error).strip().splitlines() or ["unknown error"])[0]
            raise StoreError(f"cannot open the database {url!r}: {first}") from None
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

    # -- accounts -------------------------------------------------------------------

    def _grant(self, session: Session, account: Account) -> None:
        _move(session.connection(), account.id, GRANT, "grant")

    def _new_session(self, session: Session, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        session.add(LoginSession(token=token, account_id=account.id))
        return token

    def register(self, name: str, password: str) -> str:
        """A new account with its first bankroll; returns a session token. A name that
        looks like one taken (``stud.web.names``) is taken."""
        try:
            name = check_name(name)
        except NameRefusedError as error:
            raise StoreError(str(error)) from None
        if len(password) < 6:
            raise StoreError("a password has at least 6 characters")
        hashed = hash_password(password)
        try:
            with self._tx() as session:
                account = Account(name=name, name_key=name_key(name), password=hashed, bankroll=0)
                session.add(account)
                session.flush()
                self._grant(session, account)
                return self._new_session(session, account)
        except IntegrityError:
            raise StoreError(f"the name {name!r} is taken") from None

    def login(self, name: str, password: str) -> str:
        """A new session token for the right name and password."""
        dummy = _dummy_hash()
        with self._tx() as session:
            account = session.scalar(
                select(Account).where(Account.name_key == name_key(name))
            ) or session.scalar(select(Account).where(Account.name == name.strip()))
            stored = account.password if account is not None else None
            # A missing name costs the same hash as a wrong password: the time of an
            # answer must not tell which names have accounts.
            if not verify_password(password, stored or dummy) or stored is None:
                raise StoreError("no such name and password")
            assert account is not None
            return self._new_session(session, account)

    def guest(self) -> str:
        """A new guest account with its first bankroll; returns a session token."""
        for _ in range(5):  # a random name can be taken: draw again
            try:
                with self._tx() as session:
                    name = f"guest-{secrets.token_hex(4)}"
                    account = Account(name=name, name_key=name_key(name), guest=True, bankroll=0)
                    session.add(account)
                    session.flush()
                    self._grant(session, account)
                    return self._new_session(session, account)
            except IntegrityError:
                continue
        raise StoreError("could not find a free guest name; try again")

    def account(self, token: str | None) -> AccountInfo | None:
        """The account a live session token belongs to, if any: a token signed out, or
        past ``SESSION_LIFETIME`` since its sign-in or ``SESSION_IDLE`` since its last
        use, belongs to nobody (and is deleted)."""
        if not token or not _TOKEN.fullmatch(token):  # not one of ours: nothing to look up
            return None
        with self._tx() as session:
            row = session.get(LoginSession, token)
            if row is None:
                return None
            now = _now()
            seen = row.seen_at or row.created_at
            if now - row.created_at > SESSION_LIFETIME or now - seen > SESSION_IDLE:
                session.delete(row)
                return None
            if now - seen > _SEEN_EVERY:
                row.seen_at = now
            account = session.get(Account, row.account_id)
            assert account is not None
            return AccountInfo(account.id, account.name, account.guest, account.bankroll)

    def logout(self, token: str | None) -> None:
        """End a session: its token belongs to nobody from now on."""
        if token and _TOKEN.fullmatch(token):
            with self._tx() as session:
                row = session.get(LoginSession, token)
                if row is not None:
                    session.delete(row)

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

    # -- tables and seats ---------------------------------------------------------

    def create_table(
        self, name: str, variant: str, stakes: str, seats: int, bots: bool, rake: str = ""
    ) -> int:
        """A new table row; the caller has validated the game (and the rake, R9)."""
        with self._tx() as session:
            row = TableRow(
                name=name, variant=variant, stakes=stakes, seats=seats, bots=bots, rake=rake
            )
            session.add(row)
            session.flush()
            return row.id

    def tables(self) -> list[TableRow]:
        """Every open table."""
        with self._tx() as session:
            return list(session.scalars(select(TableRow).where(~TableRow.closed)))

    def seats(self, table_id: int) -> list[SeatRow]:
        """Who sits at a table, by seat."""
        with self._tx() as session:
            query = select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            return list(session.scalars(query))

    def sit(
        self,
        table_id: int,
        seat: int,
        account_id: int | None,
        buy_in: int,
        bot: str | None = None,
        name: str | None = None,
    ) -> SeatRow:
        """Move ``buy_in`` chips from the bankroll (the house's for a bot) to a seat."""
        with self._tx() as session:
            account = session.get(Account, self._house_id if bot else account_id)
            if account is None:
                raise StoreError("no such account")
            if session.get(SeatRow, (table_id, seat)) is not None:
                raise StoreError(f"seat {seat + 1} is taken")
            _move(session.connection(), account.id, -buy_in, "buy_in", table_id, covered=not bot)
            row = SeatRow(
                table_id=table_id,
                seat=seat,
                account_id=account.id,
                name=name or account.name,
                bot=bot,
                stack=buy_in,
            )
            session.add(row)
            return row

    def stand(self, table_id: int, seat: int) -> int:
        """Empty a seat and move its stack back to its bankroll; returns the chips."""
        with self._tx() as session:
            row = session.get(SeatRow, (table_id, seat))
            if row is None:
                return 0
            _move(session.connection(), row.account_id, row.stack, "cash_out", table_id)
            session.delete(row)
            return row.stack

    def set_sitting_out(self, table_id: int, seat: int, sitting_out: bool) -> None:
        """Remember that a seat sits out (or in), so a restart keeps it."""
        with self._tx() as session:
            row = session.get(SeatRow, (table_id, seat))
            if row is not None:
                row.sitting_out = sitting_out

    def set_leaving(self, table_id: int, seat: int) -> None:
        """Remember that a seat stands up once its hand is over, so a restart keeps it."""
        with self._tx() as session:
            row = session.get(SeatRow, (table_id, seat))
            if row is not None:
                row.leaving = True

    def last_seqs(self, table_id: int) -> dict[int, int]:
        """Each seat's last applied ``seq``, for the people seated, so that a restart
        still answers a resend as one: the newest action row of the person that came
        with one since they sat down there (a sitting counts its ``seq`` from 0)."""
        with self._tx() as session:
            found: dict[int, int] = {}
            people = select(SeatRow).where(SeatRow.table_id == table_id, SeatRow.bot.is_(None))
            for row in session.scalars(people):
                sat = session.scalar(
                    select(func.max(Ledger.at)).where(
                        Ledger.account_id == row.account_id,
                        Ledger.table_id == table_id,
                        Ledger.reason == "buy_in",
                    )
                )
                last = _newest_seqs(session, [table_id], sat).get(row.account_id)
                if last is not None:
                    found[row.seat] = last
            return found

    def tournament_seqs(self, tournament_id: int) -> dict[int, int]:
        """Each person's last applied ``seq`` in a tournament, by account: one sitting
        for its whole length, whichever of its tables they were moved to."""
        tables = [t.id for t in self.tournament_tables(tournament_id)]
        with self._tx() as session:
            return _newest_seqs(session, tables, None)

    # -- hands ----------------------------------------------------------------------

    def start_hand(
        self,
        table_id: int,
        deck: str,
        seats: Sequence[int],
        names: Sequence[str],
        accounts: Sequence[int],
        stacks: Sequence[int],
        shuffle: str | None = None,
    ) -> int:
        """A dealt hand, before anyone acts; returns its id."""
        with self._tx() as session:
            write = _hand_row(table_id, deck, seats, names, accounts, stacks, shuffle)
            return write(session.connection())

    def save_start(
        self,
        table_id: int,
        deck: str,
        seats: Sequence[int],
        names: Sequence[str],
        accounts: Sequence[int],
        stacks: Sequence[int],
        shuffle: str | None = None,
    ) -> asyncio.Future[int]:
        """``start_hand`` queued for the writer: the hand's id, once it is committed."""
        return self.writer.submit(
            _hand_row(table_id, deck, seats, names, accounts, stacks, shuffle)
        )

    def add_action(
        self,
        hand_id: int,
        number: int,
        seat: int,
        action: dict[str, Any],
        timed_out: bool,
        seq: int | None = None,
    ) -> None:
        """One action of a hand, stored before anyone hears of it (``seq``: the person's
        message it was, if one)."""
        with self._tx() as session:
            session.execute(
                insert(HandEvent), _action_row(hand_id, number, seat, action, timed_out, seq)
            )

    def save_action(
        self,
        hand_id: int,
        number: int,
        seat: int,
        action: dict[str, Any],
        timed_out: bool,
        seq: int | None = None,
    ) -> asyncio.Future[None]:
        """``add_action`` queued for the writer (the hot path: a plain row, no ORM)."""
        row = _action_row(hand_id, number, seat, action, timed_out, seq)
        return self.writer.submit(Insert(HandEvent, row))

    def finish_hand(
        self, hand_id: int, table_id: int, stacks: dict[int, int], pot: int, phh: str, rake: int = 0
    ) -> None:
        """Commit a finished hand: the seats' new stacks, its history and the house's
        rake (R9.4: the chips the stacks lost to it go to the house's bankroll), at once."""
        with self._tx() as session:
            finished = _hand_finished(hand_id, table_id, stacks, pot, phh, rake, self._house_id)
            finished(session.connection())

    def save_finish(
        self, hand_id: int, table_id: int, stacks: dict[int, int], pot: int, phh: str, rake: int = 0
    ) -> asyncio.Future[None]:
        """``finish_hand`` queued for the writer: done once the hand is committed."""
        return self.writer.submit(
            _hand_finished(hand_id, table_id, stacks, pot, phh, rake, self._house_id)
        )

    def unfinished_hand(self, table_id: int) -> UnfinishedHand | None:
        """The hand a table was playing when the server stopped, if any."""
        with self._tx() as session:
            hand = session.scalar(
                select(HandRow)
                .where(HandRow.table_id == table_id, HandRow.ended_at.is_(None))
                .order_by(HandRow.id.desc())
            )
            if hand is None:
                return None
            actions = session.scalars(
                select(HandEvent).where(HandEvent.hand_id == hand.id).order_by(HandEvent.number)
            )
            return UnfinishedHand(
                hand.id,
                hand.deck,
                list(hand.seats),
                list(hand.names),
                list(hand.accounts),
                list(hand.stacks),
                [(a.seat, dict(a.action), a.timed_out) for a in actions],
                hand.shuffle,
            )

    def hands(self, table_id: int, limit: int = 20) -> list[HandRow]:
        """The table's last finished hands, newest first."""
        with self._tx() as session:
            query = (
                select(HandRow)
                .where(HandRow.table_id == table_id, HandRow.ended_at.is_not(None))
                .order_by(HandRow.id.desc())
                .limit(limit)
            )
            return list(session.scalars(query))

    def hand(self, hand_id: int) -> HandRow | None:
        """One hand by id."""
        with self._tx() as session:
            return session.get(HandRow, hand_id)

    def pots_since(self, table_id: int, since: datetime) -> list[tuple[float, int]]:
        """The hands finished since ``since``, oldest first: when each ended (seconds
        since the epoch) and its pot (a table counts its lobby figures from these)."""
        with self._tx() as session:
            rows = session.execute(
                select(HandRow.ended_at, HandRow.pot)
                .where(HandRow.table_id == table_id, HandRow.ended_at >= since)
                .order_by(HandRow.ended_at)
            )
            return [(ended.timestamp(), pot) for ended, pot in rows if ended is not None]

    # -- chat and the books --------------------------------------------------------

    def add_chat(self, table_id: int, account_id: int, name: str, text: str) -> None:
        """One line of chat."""
        with self._tx() as session:
            session.add(ChatRow(table_id=table_id, account_id=account_id, name=name, text=text))

    def chips(self) -> tuple[int, int]:
        """(chips in bankrolls, at tables and in tournaments' prize pools, chips ever
        granted): always equal. The house's bankroll holds the rake it took (R9.4)."""
        with self._tx() as session:
            bankrolls = session.scalar(select(func.coalesce(func.sum(Account.bankroll), 0)))
            stacks = session.scalar(select(func.coalesce(func.sum(SeatRow.stack), 0)))
            granted = session.scalar(
                select(func.coalesce(func.sum(Ledger.delta), 0)).where(Ledger.reason == "grant")
            )
            pools = session.scalar(
                select(func.coalesce(func.sum(Ledger.delta), 0)).where(
                    Ledger.reason.in_(TOURNAMENT_REASONS)
                )
            )
            held = int(bankrolls or 0) + int(stacks or 0) - int(pools or 0)
            return held, int(granted or 0)

    def unbalanced_accounts(self) -> list[str]:
        """Accounts whose bankroll is not the sum of their ledger rows (none, ever)."""
        with self._tx() as session:
            sums = dict(
                session.execute(
                    select(Ledger.account_id, func.sum(Ledger.delta)).group_by(Ledger.account_id)
                ).all()
            )
            return [
                a.name
                for a in session.scalars(select(Account).order_by(Account.id))
                if a.bankroll != int(sums.get(a.id) or 0)
            ]

    def rake_taken(self, table_id: int | None = None) -> int:
        """Chips the house raked, at one table or at all (R9)."""
        with self._tx() as session:
            query = select(func.coalesce(func.sum(Ledger.delta), 0)).where(Ledger.reason == "rake")
            if table_id is not None:
                query = query.where(Ledger.table_id == table_id)
            return int(session.scalar(query) or 0)

    # -- tournaments ----------------------------------------------------------------

    def create_tournament(
        self,
        name: str,
        config: dict[str, Any],
        bots: bool,
        variant: str,
        stakes: str,
        seats: int,
        tables: int = 1,
    ) -> tuple[int, int]:
        """A new tournament and its ``tables`` tables (named "table 2" on from the
        second); returns (tournament id, first table id)."""
        with self._tx() as session:
            made = []
            for number in range(tables):
                label = name if number == 0 else f"{name[:30]} table {number + 1}"
                table = TableRow(
                    name=label, variant=variant, stakes=stakes, seats=seats, bots=False
                )
                session.add(table)
                session.flush()
                made.append(table.id)
            row = TournamentRow(table_id=made[0], name=name, config=config, bots=bots)
            session.add(row)
            session.flush()
            for number, table_id in enumerate(made[1:], start=1):
                session.add(
                    TournamentTableRow(tournament_id=row.id, number=number, table_id=table_id)
                )
            return row.id, made[0]

    def tournament_tables(self, tournament_id: int) -> list[TableRow]:
        """A tournament's tables, its first first."""
        with self._tx() as session:
            row = session.get(TournamentRow, tournament_id)
            if row is None:
                raise StoreError("no such tournament")
            first = session.get(TableRow, row.table_id)
            assert first is not None
            further = session.scalars(
                select(TableRow)
                .join(TournamentTableRow, TournamentTableRow.table_id == TableRow.id)
                .where(TournamentTableRow.tournament_id == tournament_id)
                .order_by(TournamentTableRow.number)
            )
            return [first, *further]

    def tournaments(self) -> list[TournamentRow]:
        """Every tournament not yet over."""
        with self._tx() as session:
            query = select(TournamentRow).where(TournamentRow.state != "over")
            return list(session.scalars(query.order_by(TournamentRow.id)))

    def finished_tournaments(self, limit: int = 50) -> list[TournamentRow]:
        """The newest tournaments that are over, oldest first (the lobby keeps their results)."""
        with self._tx() as session:
            query = select(TournamentRow).where(TournamentRow.state == "over")
            newest = session.scalars(query.order_by(TournamentRow.id.desc()).limit(limit))
            return list(reversed(list(newest)))

    def tournament(self, tournament_id: int) -> TournamentRow:
        """One tournament by id."""
        with self._tx() as session:
            row = session.get(TournamentRow, tournament_id)
            if row is None:
                raise StoreError("no such tournament")
            return row

    def entries(self, tournament_id: int) -> list[EntryRow]:
        """Who registered for a tournament, by seat."""
        with self._tx() as session:
            query = select(EntryRow).where(EntryRow.tournament_id == tournament_id)
            return list(session.scalars(query.order_by(EntryRow.seat)))

    def enter(
        self, tournament_id: int, account_id: int | None, bot: str | None = None, name: str = ""
    ) -> EntryRow:
        """Register for a tournament, paying the buy-in from the bankroll (the house's
        for a bot) into the prize pool, in the first free seat."""
        with self._tx() as session:
            tournament = session.get(TournamentRow, tournament_id, with_for_update=True)
            if tournament is None:
                raise StoreError("no such tournament")
            if tournament.state != "registering":
                raise StoreError("registration is closed: the tournament has started")
            account = session.get(Account, self._house_id if bot else account_id)
            if account is None:
                raise StoreError("no such account")
            taken = list(
                session.scalars(select(EntryRow).where(EntryRow.tournament_id == tournament_id))
            )
            players, buy_in = int(tournament.config["players"]), int(tournament.config["buy_in"])
            if not bot and any(e.account_id == account.id and e.bot is None for e in taken):
                raise StoreError("you are already registered for this tournament")
            if len(taken) >= players:
                raise StoreError(f"the tournament is full: {players} players")
            seat = min(set(range(players)) - {e.seat for e in taken})
            _move(
                session.connection(),
                account.id,
                -buy_in,
                "entry",
                tournament.table_id,
                covered=not bot,
            )
            row = EntryRow(
                tournament_id=tournament_id,
                seat=seat,
                account_id=account.id,
                name=name or account.name,
                bot=bot,
            )
            session.add(row)
            return row

    def unenter(self, tournament_id: int, account_id: int) -> None:
        """Take back a registration before the start; the buy-in is refunded."""
        with self._tx() as session:
            tournament = session.get(TournamentRow, tournament_id, with_for_update=True)
            if tournament is None:
                raise StoreError("no such tournament")
            if tournament.state != "registering":
                raise StoreError("the tournament has started: you cannot unregister now")
            entry = session.scalar(
                select(EntryRow).where(
                    EntryRow.tournament_id == tournament_id,
                    EntryRow.account_id == account_id,
                    EntryRow.bot.is_(None),
                )
            )
            if entry is None:
                raise StoreError("you are not registered for this tournament")
            buy_in = int(tournament.config["buy_in"])
            _move(session.connection(), account_id, buy_in, "refund", tournament.table_id)
            session.delete(entry)

    def save_tournament(self, tournament_id: int, state: str, progress: dict[str, Any]) -> None:
        """Where a tournament stands: set when it starts and before each deal."""
        with self._tx() as session:
            row = session.get(TournamentRow, tournament_id)
            assert row is not None
            row.state, row.progress = state, progress

    def finish_tournament_hand(
        self,
        hand_id: int,
        tournament_id: int,
        pot: int,
        phh: str,
        progress: dict[str, Any],
        prizes: dict[int, int],
        over: bool,
    ) -> None:
        """Commit a tournament hand: its history, the tournament after it, and the prizes
        of the players it put out (``prizes``: seat to chips) paid to their bankrolls."""
        with self._tx() as session:
            hand = session.get(HandRow, hand_id)
            assert hand is not None
            hand.ended_at = _now()
            hand.pot = pot
            hand.phh = phh
            row = session.get(TournamentRow, tournament_id)
            assert row is not None
            row.progress = progress
            if over:
                row.state = "over"
                further = select(TournamentTableRow.table_id).where(
                    TournamentTableRow.tournament_id == tournament_id
                )
                session.execute(
                    update(TableRow)
                    .where((TableRow.id == row.table_id) | TableRow.id.in_(further))
                    .values(closed=True)
                )
            for seat, prize in prizes.items():
                if not prize:
                    continue
                entry = session.get(EntryRow, (tournament_id, seat))
                assert entry is not None
                _move(session.connection(), entry.account_id, prize, "prize", row.table_id)


def _move(
    connection: Connection,
    account_id: int,
    delta: int,
    reason: str,
    table_id: int | None = None,
    *,
    covered: bool = False,
) -> None:
    """Chips into (or out of) a bankroll, always with their ledger row, in the caller's
    transaction (R8.1 server-wide): the one way a bankroll changes, so the books
    always balance. The database adds ``delta`` to the bankroll as it stands (the
    row is locked until the transaction ends), so two moves at once both count.
    ``covered``: refuse (``StoreError``, nothing changed) a move that would take the
    bankroll below zero."""
    change = update(Account).where(Account.id == account_id)
    if covered and delta < 0:
        change = change.where(Account.bankroll >= -delta)
    moved = connection.execute(change.values(bankroll=Account.bankroll + delta))
    if moved.rowcount != 1:
        have = connection.scalar(select(Account.bankroll).where(Account.id == account_id))
        if have is None:
            raise StoreError("no such account")
        raise StoreError(f"the bankroll has {have} chips, not {-delta}")
    row = {"account_id": account_id, "table_id": table_id, "delta": delta, "reason": reason}
    connection.execute(insert(Ledger), row)


def _newest_seqs(
    session: Session, table_ids: Sequence[int], since: datetime | None
) -> dict[int, int]:
    """The newest ``seq`` a person's action came with at these tables (since then),
    by account (a person holds one seat of a hand)."""
    query = (
        select(HandEvent.seat, HandEvent.seq, HandRow.seats, HandRow.accounts)
        .join(HandRow, HandRow.id == HandEvent.hand_id)
        .where(HandRow.table_id.in_(table_ids), HandEvent.seq.is_not(None))
    )
    if since is not None:
        query = query.where(HandEvent.at >= since)
    found: dict[int, int] = {}
    for seat, seq, seats, accounts in session.execute(query):
        account = accounts[list(seats).index(seat)]
        found[account] = max(found.get(account, 0), seq or 0)
    return found


def _hand_row(
    table_id: int,
    deck: str,
    seats: Sequence[int],
    names: Sequence[str],
    accounts: Sequence[int],
    stacks: Sequence[int],
    shuffle: str | None = None,
) -> Callable[[Connection], int]:
    def write(connection: Connection) -> int:
        row = {
            "shuffle": shuffle,
            "table_id": table_id,
            "deck": deck,
            "seats": list(seats),
            "names": list(names),
            "accounts": list(accounts),
            "stacks": list(stacks),
        }
        hand_id: int = connection.execute(_NEW_HAND, row).scalar_one()
        return hand_id

    return write


def _action_row(
    hand_id: int,
    number: int,
    seat: int,
    action: dict[str, Any],
    timed_out: bool,
    seq: int | None,
) -> dict[str, Any]:
    return {
        "hand_id": hand_id,
        "number": number,
        "seat": seat,
        "action": action,
        "timed_out": timed_out,
        "at": _now(),
        "seq": seq,
    }


def _hand_finished(
    hand_id: int,
    table_id: int,
    stacks: dict[int, int],
    pot: int,
    phh: str,
    rake: int,
    house: int,
) -> Callable[[Connection], None]:
    def write(connection: Connection) -> None:
        if rake:
            _move(connection, house, rake, "rake", table_id)
        ended = connection.execute(
            _END_HAND, {"b_hand": hand_id, "b_ended": _now(), "b_pot": pot, "b_phh": phh}
        )
        if ended.rowcount != 1:
            raise StoreError(f"there is no hand {hand_id} to finish")
        if stacks:
            connection.execute(
                _SEAT_STACK,
                [{"b_table": table_id, "b_seat": n, "b_stack": s} for n, s in stacks.items()],
            )

    return write


# The statements every hand runs, built once: built anew for each hand, working out
# their cache keys took about a tenth of the writer thread's time.
_HANDS, _SEATS = Base.metadata.tables["hands"], Base.metadata.tables["seats"]
_NEW_HAND = insert(_HANDS).returning(_HANDS.c.id)
_END_HAND = (
    update(_HANDS)
    .where(_HANDS.c.id == bindparam("b_hand"))
    .values(ended_at=bindparam("b_ended"), pot=bindparam("b_pot"), phh=bindparam("b_phh"))
)
_SEAT_STACK = (
    update(_SEATS)
    .where(_SEATS.c.table_id == bindparam("b_table"), _SEATS.c.seat == bindparam("b_seat"))
    .values(stack=bindparam("b_stack"))
)


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
