"""A cash table's seating: people buy in and leave as they like, sit out and come
back, and are dealt in while present; bots fill empty seats where the table has them;
a finished hand is stored with the seats' stacks.

Every change to a seat is stored before it is told (a ``Write`` whose step takes the
seat as stored), and seats change between hands only: a player who leaves mid-hand
is dealt out and stands once it is over.
"""

from __future__ import annotations

from stud.bots import make_bot
from stud.history.phh import to_phh
from stud.said import N_, Said
from stud.web.effects import (
    Effects,
    FinishRow,
    Later,
    LeavingRow,
    Send,
    SitRow,
    SittingOutRow,
    StandRow,
    Watcher,
    Write,
)
from stud.web.frames import frame
from stud.web.protocol import Command, ProtocolError, Register, Sit, Unregister
from stud.web.recent import RecentHand
from stud.web.seat import Seat
from stud.web.table_logic import StoredSeat, TableLogic

__all__ = ["CashSeating"]


class CashSeating:
    """A cash table's seating: players buy in and leave as they like, sit out, and are
    dealt in while present; bots fill empty seats where the table has them; a hand
    ends stored with the seats' stacks."""

    def sit(self, table: TableLogic, viewer: Watcher, command: Sit, number: int | None) -> Effects:
        if number is not None:
            raise ProtocolError(Said(N_("you already sit in seat {n}"), {"n": number + 1}))
        if command.seat >= table.size:
            raise ProtocolError(Said(N_("this table has seats 1 to {n}"), {"n": table.size}))
        if table.seats[command.seat] is not None:
            raise ProtocolError(Said(N_("seat {n} is taken"), {"n": command.seat + 1}))
        low, high = table.buy_in_range
        if not low <= command.buy_in <= high:
            raise ProtocolError(
                Said(
                    N_("buy in for {low} to {high} chips, not {chips}"),
                    {"low": low, "high": high, "chips": command.buy_in},
                )
            )
        account = viewer.account
        assert account is not None

        def seated(row: StoredSeat) -> Effects:
            table.seats[command.seat] = Seat(
                account=account,
                name=row.name,
                stack=command.buy_in,
                bank=table.settings.time_bank,
                viewers=1,
            )
            table.play.dealer.offer(account, command.seed)
            return [
                Send(viewer, frame("seated", seat=command.seat, last_seq=0)),
                *table.publish(
                    notes=(
                        Said(
                            N_("{name} sits down in seat {seat}"),
                            {"name": row.name, "seat": command.seat + 1},
                        ),
                    )
                ),
            ]

        return [Write(SitRow(table.id, command.seat, account, command.buy_in), seated)]

    def stand(self, table: TableLogic, number: int) -> Effects:
        """The seat stands up: its chips go back to its bankroll, then everyone hears."""
        seat = table.seats[number]
        if seat is None:
            return []

        def stood(_: object) -> Effects:
            table.seats[number] = None
            return table.publish(notes=(Said(N_("{name} stands up"), {"name": seat.name}),))

        return [Write(StandRow(table.id, number), stood)]

    def add_bot(self, table: TableLogic, name: str, quiet: bool = False) -> Effects:
        """Seat a built-in bot in the first empty seat, buying in from the house."""
        try:
            bot = make_bot(name)
        except ValueError as error:
            raise ProtocolError(str(error)) from None
        free = [n for n, s in enumerate(table.seats) if s is None]
        if not free:
            raise ProtocolError(Said(N_("the table is full")))
        number = free[0]
        label = f"{name.capitalize()} bot {number + 1}"
        buy_in = table.default_buy_in

        def seated(row: StoredSeat) -> Effects:
            table.seats[number] = Seat(row.account_id, label, buy_in, bot=bot, bot_name=name)
            return (
                []
                if quiet
                else table.publish(
                    notes=(
                        Said(
                            N_("{name} sits down in seat {seat}"),
                            {"name": label, "seat": number + 1},
                        ),
                    )
                )
            )

        return [Write(SitRow(table.id, number, None, buy_in, bot=name, name=label), seated)]

    def remove_bot(self, table: TableLogic, number: int) -> Effects:
        seat = table.seats[number] if number < table.size else None
        if seat is None or seat.bot is None:
            raise ProtocolError(Said(N_("there is no bot in seat {n}"), {"n": number + 1}))
        if table.play.in_play(number):
            seat.leaving = True
            return [
                Write(LeavingRow(table.id, number)),
                Later(
                    lambda: table.publish(
                        notes=(Said(N_("{name} will leave after this hand"), {"name": seat.name}),)
                    )
                ),
            ]
        return self.stand(table, number)

    def dealt_in(self, table: TableLogic, number: int, seat: Seat) -> bool:
        if seat.sitting_out or seat.stack <= 0 or seat.leaving:
            return False
        dropped = seat.dropped_at
        return (
            seat.bot is not None
            or dropped is None
            or (table.clock() - dropped < table.settings.keep_seat)
        )

    def can_deal(self, table: TableLogic) -> bool:
        if table.play.hand is not None and not table.play.hand.is_over:
            return False
        players = [s for n, s in enumerate(table.seats) if s and self.dealt_in(table, n, s)]
        return len(players) >= 2 and any(s.bot is None for s in players)

    def before_deal(self, table: TableLogic) -> Effects:
        """Leavers, removed bots and the busted stand; then absentees count a missed
        hand (standing after too many), then bots fill empty seats."""
        return [*self.after_hand(table), Later(lambda: self._absentees(table))]

    def _absentees(self, table: TableLogic) -> Effects:
        now = table.clock()
        out: Effects = []
        for number, seat in enumerate(table.seats):
            if seat is None:
                continue
            dropped = seat.dropped_at
            if dropped is not None and now - dropped >= table.settings.keep_seat:
                seat.sitting_out = True  # gone for good: missed hands count from now
                out.append(Write(SittingOutRow(table.id, number, True)))
            if seat.sitting_out:
                seat.missed += 1
                if seat.missed >= table.settings.missed_hands:
                    out += self.stand(table, number)
        return [*out, Later(lambda: self._fill(table))]

    def _fill(self, table: TableLogic) -> Effects:
        if table.bots and any(s is None for s in table.seats):
            humans = sum(1 for s in table.seats if s is not None and s.bot is None)
            bots = sum(1 for s in table.seats if s is not None and s.bot is not None)
            if humans and bots < max(1, table.size - 2):
                return self.add_bot(table, table.settings.bot)
        return []

    def dealt(self, table: TableLogic) -> None:
        return None

    def hand_over(self, table: TableLogic, recent: RecentHand, stacks: dict[int, int]) -> Effects:
        hand = recent.state
        phh = to_phh(hand, players=list(recent.names))
        return [Write(FinishRow(recent.hand_id, table.id, stacks, recent.pot, phh, hand.rake))]

    def after_hand(self, table: TableLogic) -> Effects:
        """Seats change only between hands: leavers, removed bots and the busted stand."""
        out: Effects = []
        for number, seat in enumerate(table.seats):
            if seat is None:
                continue
            if seat.leaving or seat.stack < (1 if seat.bot is None else table.rules.big_bet):
                out += self.stand(table, number)
        return out

    def leave(self, table: TableLogic, number: int, seat: Seat) -> Effects:
        if table.play.in_play(number):
            seat.leaving = True
            seat.sitting_out = True
            return [
                Write(SittingOutRow(table.id, number, True)),
                Write(LeavingRow(table.id, number)),
                Later(
                    lambda: table.publish(
                        notes=(Said(N_("{name} will leave after this hand"), {"name": seat.name}),)
                    )
                ),
            ]
        return self.stand(table, number)

    def command(self, table: TableLogic, viewer: Watcher, command: Command) -> Effects | None:
        if isinstance(command, Register | Unregister):
            raise ProtocolError(Said(N_("this table plays no tournament: open one from the lobby")))
        return None

    def hurry(self, table: TableLogic) -> None:
        return None

    def joined(self, table: TableLogic, viewer: Watcher) -> Effects:
        return []

    def restored(self, table: TableLogic) -> None:
        return None
