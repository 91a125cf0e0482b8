"""One table of a tournament in the cardroom: an ordinary table task whose hands the
tournament's ``Director`` gives it, one a round, and whose players it seats and moves.

The chips here are tournament chips, never bankroll chips: nobody sits down, buys
in or adds a bot; the director seats the registered players and carries out the
moves ``stud.tournament`` decides (R10.3), between hands only. A player who drops,
times out or leaves stays dealt in: the clock folds (or checks) for them at once,
so their stack is anted and folded away as the rules already have it.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from stud.cards import Card
from stud.rules import Rules
from stud.tournament.event import TableHand
from stud.web.protocol import (
    AddBot,
    Command,
    Hello,
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
from stud.web.viewer import Viewer, frame

__all__ = ["Director", "TournamentTable"]

log = logging.getLogger("stud.web")


class Director(Protocol):
    """What a tournament table asks of its tournament (``stud.web.tournament.Director``):
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

    def registration(self, viewer: Viewer, command: Register | Unregister) -> None: ...

    def hand_over(self, recent: RecentHand, due: TableHand, final: tuple[int, ...]) -> None: ...


class TournamentTable(Table):
    """Table ``number`` (0-based) of a tournament; ``players`` maps its seats to entrants."""

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
        super().__init__(table_id, name, director.rules, size, store, settings)
        self.director = director
        self.number = number
        self.players: dict[int, int] = {}
        """The entrant (``stud.tournament``'s player) in each taken seat."""
        self.due: TableHand | None = None
        """The hand of this round the director gave, not yet dealt."""
        self.playing: TableHand | None = None
        """The hand dealt and not yet committed."""

    def summary(self) -> dict[str, object]:
        return self.director.summary()

    # -- seats, as the director says --------------------------------------------------

    def seat_player(self, number: int, player: int, seat: Seat) -> None:
        """Seat an entrant (from the start, a restart or another table)."""
        seat.viewers = sum(
            1 for v in self._viewers if seat.bot is None and v.account == seat.account
        )
        seat.dropped_at = None if seat.bot or seat.viewers else self._clock()
        self.seats[number] = seat
        self.players[number] = player

    def unseat(self, number: int) -> Seat | None:
        """Take an entrant's seat away (out, or moving); the seat as it was."""
        seat = self.seats[number]
        self.seats[number] = None
        self.players.pop(number, None)
        return seat

    def note(self, *notes: str) -> None:
        """Tell everyone at the table (a numbered event, like every other change)."""
        self._publish(notes=notes)

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
        return self._viewers

    # -- what players see and send ----------------------------------------------------

    def _join(self, viewer: Viewer, hello: Hello) -> None:
        super()._join(viewer, hello)
        self.director.tell(viewer)
        found = self.director.where(viewer.account)
        if found is not None and found[0] is not self:  # seated at another of its tables
            self.tell_moved(viewer, *found)

    async def _command(self, viewer: Viewer, command: Command) -> None:
        if isinstance(command, Register | Unregister):
            self.director.registration(viewer, command)
            return
        if isinstance(command, Sit | AddBot | RemoveBot):
            raise ProtocolError("a tournament seats its players itself: register to play")
        await super()._command(viewer, command)
        self._hurry()  # who sits out on their turn is folded for now, not when time runs out

    # -- the hands ----------------------------------------------------------------------

    def _dealt_in(self, number: int, seat: Seat) -> bool:
        return self.director.state == "running" and seat.stack > 0

    def _can_deal(self) -> bool:
        return self.due is not None and (self.hand is None or self.hand.is_over)

    def _between_hands(self) -> None:
        """The hand due is dealt to exactly the players the tournament says sit here."""
        due = self.due
        if due is None:
            return
        self.rules = due.rules
        here = {self.players[n] for n, s in enumerate(self.seats) if s and s.stack > 0}
        if here != set(due.players):
            log.error("table %s: seated %s, but the hand is due to %s", self.id, here, due.players)

    def _deal(self, numbers: tuple[int, ...], deck: list[Card], stacks: list[int]) -> None:
        super()._deal(numbers, deck, stacks)
        self.playing, self.due = self.due, None

    async def _commit_hand(self, recent: RecentHand, stacks: dict[int, int]) -> None:
        """The hand's final stacks go to the director in the tournament's order of the
        table's players, and it stores the hand (with the round's result once complete)."""
        due = self.playing
        assert due is not None
        self.playing = None
        final = dict(
            zip((self.players[n] for n in recent.seats), recent.state.final_stacks, strict=True)
        )
        self.director.hand_over(recent, due, tuple(final[p] for p in due.players))

    def _after_hand(self) -> None:
        """Seats change only when the director says (after every table's hand of the round)."""

    def _start_turn(self) -> None:
        super()._start_turn()
        self._hurry()

    def _hurry(self) -> None:
        """A player sitting out is folded (or checked) for at once: blinded away."""
        hand = self.hand
        if self._deadline is not None and hand is not None and hand.actor is not None:
            seat = self.seats[self.hand_seats[hand.actor]]
            if seat is not None and seat.sitting_out:
                self._deadline = self._turn_start

    def _leave(self, number: int, seat: Seat) -> None:
        seat.sitting_out = True
        self._publish(notes=(f"{seat.name} sits out: folded every hand until back",))

    # -- restart ------------------------------------------------------------------------

    def _restore(self) -> None:
        """The director seated the players and gave the round's hand; a hand that was in
        play is dealt again and replayed (``Table._restore``)."""
        super()._restore()
        if self.hand is not None:
            self.playing, self.due = self.due, None
