"""Tournaments: their tables, entries and buy-ins into the prize pool, where each
stands, and their hands committed with the prizes they pay (through the ledger)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from stud.said import N_, Said
from stud.storage.schema import (
    Account,
    EntryRow,
    HandRow,
    TableRow,
    TournamentRow,
    TournamentTableRow,
    now,
)
from stud.web.store.base import StoreBase, StoreError
from stud.web.store.ledger import move
from stud.web.store.seating import newest_seqs

__all__ = ["Tournaments"]


class Tournaments(StoreBase):
    """Sit-and-gos and multi-table tournaments."""

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
            tournament = _registering(
                session,
                tournament_id,
                Said(N_("registration is closed: the tournament has started")),
            )
            account = session.get(Account, self._house_id if bot else account_id)
            if account is None:
                raise StoreError("no such account")
            taken = list(
                session.scalars(select(EntryRow).where(EntryRow.tournament_id == tournament_id))
            )
            players, buy_in = int(tournament.config["players"]), int(tournament.config["buy_in"])
            if not bot and any(e.account_id == account.id and e.bot is None for e in taken):
                raise StoreError(Said(N_("you are already registered for this tournament")))
            if len(taken) >= players:
                raise StoreError(Said(N_("the tournament is full: {n} players"), {"n": players}))
            seat = min(set(range(players)) - {e.seat for e in taken})
            move(
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
            tournament = _registering(
                session,
                tournament_id,
                Said(N_("the tournament has started: you cannot unregister now")),
            )
            entry = session.scalar(
                select(EntryRow).where(
                    EntryRow.tournament_id == tournament_id,
                    EntryRow.account_id == account_id,
                    EntryRow.bot.is_(None),
                )
            )
            if entry is None:
                raise StoreError(Said(N_("you are not registered for this tournament")))
            buy_in = int(tournament.config["buy_in"])
            move(session.connection(), account_id, buy_in, "refund", tournament.table_id)
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
            hand.ended_at = now()
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
                move(session.connection(), entry.account_id, prize, "prize", row.table_id)

    def tournament_seqs(self, tournament_id: int) -> dict[int, int]:
        """Each person's last applied ``seq`` in a tournament, by account: one sitting
        for its whole length, whichever of its tables they were moved to."""
        tables = [t.id for t in self.tournament_tables(tournament_id)]
        with self._tx() as session:
            return newest_seqs(session, tables, None)


def _registering(session: Session, tournament_id: int, closed: Said) -> TournamentRow:
    """The tournament, locked for this transaction while it still takes registrations;
    a ``StoreError`` saying ``closed`` once it has started."""
    tournament = session.get(TournamentRow, tournament_id, with_for_update=True)
    if tournament is None:
        raise StoreError("no such tournament")
    if tournament.state != "registering":
        raise StoreError(closed)
    return tournament
