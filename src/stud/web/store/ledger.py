"""The chip ledger: the one way a bankroll changes, and the books that check it.

Chips move between a bankroll and a table only through ``move``, which writes a
ledger row in the same transaction, so at any moment the bankrolls plus the
stacks at the tables equal the chips ever granted (R8.1 across the server). Bots
buy in from the house account, whose bankroll may go below zero. A move is an
update that adds to the bankroll in the database (never a value read and written
back, which a transaction beside it, such as the writer thread's rake against a
bot's buy-in on PostgreSQL, would overwrite) and its ledger row.
"""

from __future__ import annotations

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection

from stud.said import N_, Said
from stud.storage.schema import Account, Ledger, SeatRow
from stud.web.store.base import StoreBase, StoreError

__all__ = ["GRANT", "TOURNAMENT_REASONS", "Books", "move"]

GRANT = 1000
"""Play chips a new account (or guest) starts with."""

TOURNAMENT_REASONS = ("entry", "refund", "prize")
"""Ledger reasons of chips moving between bankrolls and a tournament's prize pool."""


def move(
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
        raise StoreError(
            Said(N_("the bankroll has {have} chips, not {chips}"), {"have": have, "chips": -delta})
        )
    row = {"account_id": account_id, "table_id": table_id, "delta": delta, "reason": reason}
    connection.execute(insert(Ledger), row)


class Books(StoreBase):
    """The books: where the chips are, and whether every bankroll is its ledger's sum."""

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
