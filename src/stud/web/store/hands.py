"""Hands: each dealt hand's row (its deck and shuffle, server only), every action as
it is taken, and the finished hand's history, stacks and rake.

A hand row keeps its deck and every action as it is taken: a server killed
mid-hand deals the same cards again and replays the actions to resume where it
stood. Seat stacks change only when a hand is committed. The tables store their
hands through ``save_*``, which queue the write for a thread that commits many at
a time (``stud/web/writer.py``); awaiting one waits for its commit.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.engine import Connection

from stud.storage.schema import Base, HandEvent, HandRow, now
from stud.web.store.base import StoreBase, StoreError
from stud.web.store.ledger import move
from stud.web.writer import Insert

__all__ = ["Hands", "UnfinishedHand"]


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


class Hands(StoreBase):
    """The cardroom's hands, written through the writer thread."""

    def save_start(
        self,
        table_id: int,
        deck: str,
        seats: Sequence[int],
        names: Sequence[str],
        accounts: Sequence[int],
        stacks: Sequence[int],
        shuffle: str | None = None,
        epoch: int | None = None,
    ) -> asyncio.Future[int]:
        """A dealt hand, before anyone acts, queued for the writer: its id, once committed
        (``epoch``: the table's lease epoch, on many processes)."""
        return self.writer.submit(
            _hand_row(table_id, deck, seats, names, accounts, stacks, shuffle, epoch)
        )

    def save_action(
        self,
        hand_id: int,
        number: int,
        seat: int,
        action: dict[str, Any],
        timed_out: bool,
        seq: int | None = None,
        epoch: int | None = None,
    ) -> asyncio.Future[None]:
        """One action of a hand, queued for the writer and stored before anyone hears of it
        (``seq``: the person's message it was, if one; the hot path: a plain row, no ORM)."""
        row = _action_row(hand_id, number, seat, action, timed_out, seq, epoch)
        return self.writer.submit(Insert(HandEvent, row))

    def save_finish(
        self,
        hand_id: int,
        table_id: int,
        stacks: dict[int, int],
        pot: int,
        phh: str,
        rake: int = 0,
        epoch: int | None = None,
    ) -> asyncio.Future[None]:
        """Commit a finished hand, queued for the writer: the seats' new stacks, its history
        and the house's rake (R9.4: the chips the stacks lost to it go to the house's
        bankroll), at once; done once it is committed."""
        return self.writer.submit(
            _hand_finished(hand_id, table_id, stacks, pot, phh, rake, self._house_id, epoch)
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

    def played_by(self, account_id: int, limit: int) -> list[HandRow]:
        """The last ``limit`` finished hands ``account_id`` played, newest first (the
        accounts are a JSON list, read here rather than in SQL, alike in every database)."""
        out: list[HandRow] = []
        with self._tx() as session:
            query = (
                select(HandRow)
                .where(HandRow.ended_at.is_not(None), HandRow.phh.is_not(None))
                .order_by(HandRow.id.desc())
                .execution_options(yield_per=500)
            )
            for row in session.scalars(query):
                if account_id in row.accounts:
                    out.append(row)
                    if len(out) >= limit:
                        break
        return out

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


def _hand_row(
    table_id: int,
    deck: str,
    seats: Sequence[int],
    names: Sequence[str],
    accounts: Sequence[int],
    stacks: Sequence[int],
    shuffle: str | None = None,
    epoch: int | None = None,
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
            "epoch": epoch,
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
    epoch: int | None = None,
) -> dict[str, Any]:
    return {
        "hand_id": hand_id,
        "number": number,
        "seat": seat,
        "action": action,
        "timed_out": timed_out,
        "at": now(),
        "seq": seq,
        "epoch": epoch,
    }


def _hand_finished(
    hand_id: int,
    table_id: int,
    stacks: dict[int, int],
    pot: int,
    phh: str,
    rake: int,
    house: int,
    epoch: int | None = None,
) -> Callable[[Connection], None]:
    def write(connection: Connection) -> None:
        if rake:
            move(connection, house, rake, "rake", table_id)
        ended = connection.execute(
            _END_HAND,
            {"b_hand": hand_id, "b_ended": now(), "b_pot": pot, "b_phh": phh, "b_epoch": epoch},
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
    .values(
        ended_at=bindparam("b_ended"),
        pot=bindparam("b_pot"),
        phh=bindparam("b_phh"),
        epoch=bindparam("b_epoch"),
    )
)
_SEAT_STACK = (
    update(_SEATS)
    .where(_SEATS.c.table_id == bindparam("b_table"), _SEATS.c.seat == bindparam("b_seat"))
    .values(stack=bindparam("b_stack"))
)
