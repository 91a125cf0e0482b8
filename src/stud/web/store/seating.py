"""Tables, their seats and their chat: chips onto a seat and back through the ledger."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from stud.said import N_, Said
from stud.storage.schema import Account, ChatRow, HandEvent, HandRow, Ledger, SeatRow, TableRow
from stud.web.store.base import StoreBase, StoreError
from stud.web.store.ledger import move

__all__ = ["Seating", "newest_seqs"]


class Seating(StoreBase):
    """Tables, who sits where with what stack, and what they say."""

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
                raise StoreError(Said(N_("seat {n} is taken"), {"n": seat + 1}))
            move(session.connection(), account.id, -buy_in, "buy_in", table_id, covered=not bot)
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
            move(session.connection(), row.account_id, row.stack, "cash_out", table_id)
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
                last = newest_seqs(session, [table_id], sat).get(row.account_id)
                if last is not None:
                    found[row.seat] = last
            return found

    def add_chat(self, table_id: int, account_id: int, name: str, text: str) -> None:
        """One line of chat."""
        with self._tx() as session:
            session.add(ChatRow(table_id=table_id, account_id=account_id, name=name, text=text))

    def recent_chat(self, table_id: int, count: int) -> list[tuple[str, str, float]]:
        """A table's last ``count`` lines of chat, oldest first: who said it, what, and
        when (seconds since the epoch)."""
        with self._tx() as session:
            rows = session.execute(
                select(ChatRow.name, ChatRow.text, ChatRow.at)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(count)
            ).all()
            return [(name, text, at.timestamp()) for name, text, at in reversed(rows)]


def newest_seqs(
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
