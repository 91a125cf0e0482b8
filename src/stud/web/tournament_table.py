"""One table of a tournament in the cardroom: an ordinary table given the tournament's
seating, whose hands the tournament's ``Director`` gives it, one a round, and whose
players it seats and moves.

The chips here are tournament chips, never bankroll chips: nobody sits down, buys
in or adds a bot; the director seats the registered players and carries out the
moves ``stud.tournament`` decides (R10.3), between hands only. A player who drops,
times out or leaves stays dealt in: the clock folds (or checks) for them at once,
so their stack is anted and folded away as the rules already have it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from stud.rules import Rules
from stud.tournament.event import TableHand
from stud.web.effects import Effect, Effects, Watcher
from stud.web.frames import frame
from stud.web.protocol import (
    AddBot,
    Command,
    ProtocolError,
    Register,
    RemoveBot,
    Sit,
    Unregister,
)
from stud.web.recent import RecentHand
from stud.web.seat import Seat
from stud.web.settings import Settings
from stud.web.store import Store
from stud.web.table import Table
from stud.web.table_logic import TableLogic
from stud.web.viewer import Viewer

__all__ = ["Director", "TournamentSeating", "TournamentTable"]

log = logging.getLogger("stud.web")

_SEATS_ITSELF = "a tournament seats its players itself: register to play"


class Director(Protocol):
    """What a tournament table needs of the tournament that runs it (``web.tournament``),
    declared here so that the tables need not import the tournament that makes them."""

    @property
    def id(self) -> int: ...

    @property
    def state(self) -> str: ...

    @property
    def rules(self) -> Rules: ...

    def summary(self) -> dict[str, Any]: ...

    def where(self, account: int | None) -> tuple[TournamentTable, int] | None: ...

    def tell(self, viewer: Viewer) -> None: ...

    async def registration(self, viewer: Viewer, command: Register | Unregister) -> None: ...

    async def hand_over(
        self, recent: RecentHand, due: TableHand, final: tuple[int, ...]
    ) -> None: ...


@dataclass(frozen=True, slots=True)
class HandOver(Effect):
    """A round's hand at this table ended: its final stacks, in the order of the
    tournament's players the hand was due to, go to the director."""

    recent: RecentHand
    due: TableHand
    final: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Registration(Effect):
    viewer: Watcher
    command: Register | Unregister


@dataclass(frozen=True, slots=True)
class Joined(Effect):
    """A connection joined: the director tells it the tournament, and where it sits."""

    viewer: Watcher


class TournamentSeating:
    """A tournament table's seating: the director's players, dealt the hand of each
    round the director gives (``due``), every one while they have chips."""

    def __init__(self, running: Callable[[], bool]) -> None:
        self.running = running
        self.players: dict[int, int] = {}
        """The entrant (``stud.tournament``'s player) in each taken seat."""
        self.due: TableHand | None = None
        """The hand of this round the director gave, not yet dealt."""
        self.playing: TableHand | None = None
        """The hand dealt and not yet committed."""

    def dealt_in(self, table: TableLogic, number: int, seat: Seat) -> bool:
        return self.running() and seat.stack > 0

    def can_deal(self, table: TableLogic) -> bool:
        return self.due is not None and (table.play.hand is None or table.play.hand.is_over)

    def before_deal(self, table: TableLogic) -> Effects:
        """The hand due is dealt to exactly the players the tournament says sit here."""
        due = self.due
        if due is None:
            return []
        table.rules = due.rules
        here = {self.players[n] for n, s in enumerate(table.seats) if s and s.stack > 0}
        if here != set(due.players):
            log.error("table %s: seated %s, but the hand is due to %s", table.id, here, due.players)
        return []

    def dealt(self, table: TableLogic) -> None:
        self.playing, self.due = self.due, None

    def hand_over(self, table: TableLogic, recent: RecentHand, stacks: dict[int, int]) -> Effects:
        due = self.playing
        assert due is not None
        self.playing = None
        final = dict(
            zip((self.players[n] for n in recent.seats), recent.state.final_stacks, strict=True)
        )
        return [HandOver(recent, due, tuple(final[p] for p in due.players))]

    def after_hand(self, table: TableLogic) -> Effects:
        """Seats change only when the director says (after every table's hand of the round)."""
        return []

    def sit(self, table: TableLogic, viewer: Watcher, command: Sit, number: int | None) -> Effects:
        raise ProtocolError(_SEATS_ITSELF)

    def add_bot(self, table: TableLogic, name: str, quiet: bool = False) -> Effects:
        raise ProtocolError(_SEATS_ITSELF)

    def remove_bot(self, table: TableLogic, number: int) -> Effects:
        raise ProtocolError(_SEATS_ITSELF)

    def leave(self, table: TableLogic, number: int, seat: Seat) -> Effects:
        seat.sitting_out = True
        return table.publish(notes=(f"{seat.name} sits out: folded every hand until back",))

    def command(self, table: TableLogic, viewer: Watcher, command: Command) -> Effects | None:
        if isinstance(command, Register | Unregister):
            return [Registration(viewer, command)]
        if isinstance(command, Sit | AddBot | RemoveBot):
            raise ProtocolError(_SEATS_ITSELF)
        return None

    def hurry(self, table: TableLogic) -> None:
        """A player sitting out is folded (or checked) for at once: blinded away."""
        hand = table.play.hand
        if table.play.deadline is not None and hand is not None and hand.actor is not None:
            seat = table.seats[table.play.hand_seats[hand.actor]]
            if seat is not None and seat.sitting_out:
                table.play.deadline = table.play.turn_start

    def joined(self, table: TableLogic, viewer: Watcher) -> Effects:
        return [Joined(viewer)]

    def restored(self, table: TableLogic) -> None:
        """A hand that was in play is the round's hand the director gave."""
        if table.play.hand is not None:
            self.playing, self.due = self.due, None


class TournamentTable(Table):
    """Table ``number`` (0-based) of a tournament, as its director reaches it."""

    def __init__(
        self,
        director: Director,
        number: int,
        table_id: int,
        name: str,
        size: int,
        store: Store,
        settings: Settings | None = None,
    ) -> None:
        self.tournament = TournamentSeating(lambda: director.state == "running")
        super().__init__(
            table_id, name, director.rules, size, store, settings, seating=self.tournament
        )
        self.director = director
        self.number = number

    @property
    def players(self) -> dict[int, int]:
        return self.tournament.players

    @property
    def due(self) -> TableHand | None:
        return self.tournament.due

    @due.setter
    def due(self, hand: TableHand | None) -> None:
        self.tournament.due = hand

    @property
    def playing(self) -> TableHand | None:
        return self.tournament.playing

    def summary(self) -> dict[str, object]:
        return self.director.summary()

    # -- seats, as the director says --------------------------------------------------

    def seat_player(self, number: int, player: int, seat: Seat) -> None:
        """Seat an entrant (from the start, a restart or another table)."""
        logic = self.logic
        seat.viewers = sum(
            1 for v in logic.viewers if seat.bot is None and v.account == seat.account
        )
        seat.dropped_at = None if seat.bot or seat.viewers else logic.clock()
        logic.seats[number] = seat
        self.tournament.players[number] = player

    def unseat(self, number: int) -> Seat | None:
        """Take an entrant's seat away (out, or moving); the seat as it was."""
        seat = self.logic.seats[number]
        self.logic.seats[number] = None
        self.tournament.players.pop(number, None)
        return seat

    def tell_moved(self, viewer: Viewer, table: TournamentTable, seat: int) -> None:
        """A person connected here sits at another table of the tournament (moved
        there, or seated there at the start): their client goes there, with a notice."""
        viewer.push(
            frame(
                "moved",
                tournament=self.director.id,
                table=table.id,
                seat=seat,
                message=f"You moved to table {table.number + 1}, seat {seat + 1}",
            )
        )

    def viewers(self) -> set[Viewer]:
        """The connections watching or playing here."""
        return {v for v in self.logic.viewers if isinstance(v, Viewer)}

    # -- the tournament's effects -------------------------------------------------------

    def deliver(self, effect: Effect) -> Awaitable[None] | None:
        if isinstance(effect, HandOver):
            return self.director.hand_over(effect.recent, effect.due, effect.final)
        if isinstance(effect, Registration):
            assert isinstance(effect.viewer, Viewer)
            return self.director.registration(effect.viewer, effect.command)
        if isinstance(effect, Joined):
            viewer = effect.viewer
            assert isinstance(viewer, Viewer)
            self.director.tell(viewer)
            found = self.director.where(viewer.account)
            if found is not None and found[0] is not self:  # seated at another of its tables
                self.tell_moved(viewer, *found)
            return None
        return super().deliver(effect)
