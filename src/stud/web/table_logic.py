"""A table's logic: its seats, its hand, its clocks and its log of published moments,
changed one input at a time, each answered with what should happen (``effects``).

It does no I/O: it never touches the store, a socket or the event loop. A command
from a connection, the clock coming due, a connection joining or leaving: each is
a method that returns effects for the table's task (``stud.web.table``) to carry
out in order. Every action is checked against the rules and the seat it comes
from, then written (``ActionRow``), and only the step after the write changes the
hand and publishes it: a refused write leaves the table as it was. Published
moments are numbered; each connection gets the projection of each for the seat its
account sits in (``stud.web.frames``), and a connection that comes back gets the
moments it missed or a snapshot.

``TableLogic`` takes the inputs and holds the seats, the connections and the
published moments; its ``HandPlay`` holds the hand: the deal, the actions in turn,
the clock, the end. What differs between a cash table and a tournament's is its
``Seating``: who is dealt in, when a hand is due, what happens to a finished hand
and between hands (``stud.web.cash_seating`` is the cash game's: buy-ins, sitting
out, leaving, bots filling empty seats, the hand stored when it ends).
"""

from __future__ import annotations

import random
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol

from stud.actions import Action, BringIn, Check, Fold
from stud.bots import make_bot
from stud.cards import Card, parse_cards
from stud.rules import Rules
from stud.said import N_, Said
from stud.showdown import automatic
from stud.shuffle import Shuffle
from stud.state import HandState, IllegalActionError, Phase, new_hand
from stud.views import view_of
from stud.web.chat import TableChat
from stud.web.effects import (
    ActionRow,
    Close,
    Effects,
    Later,
    Send,
    SittingOutRow,
    StartRow,
    Watcher,
    Write,
)
from stud.web.fairness import Dealer, stored_shuffle
from stud.web.frames import frame
from stud.web.moments import Moments
from stud.web.projection import Clock, Moment
from stud.web.protocol import (
    Act,
    AddBot,
    Chat,
    Command,
    Hello,
    Leave,
    MuckLosing,
    ProtocolError,
    RemoveBot,
    Sit,
    SitIn,
    SitOut,
    action_json,
    action_of,
)
from stud.web.recent import LastHour, RecentHand
from stud.web.seat import Seat
from stud.web.settings import Settings

__all__ = ["Seating", "StoredHand", "StoredSeat", "TableLogic"]


class StoredSeat(Protocol):
    """A seat as the store keeps it (``SeatRow``)."""

    seat: int
    account_id: int
    name: str
    stack: int
    bot: str | None
    sitting_out: bool
    leaving: bool


class StoredHand(Protocol):
    """A hand dealt and not committed, as the store keeps it (``UnfinishedHand``)."""

    @property
    def id(self) -> int: ...

    @property
    def deck(self) -> str: ...

    @property
    def seats(self) -> list[int]: ...

    @property
    def stacks(self) -> list[int]: ...

    @property
    def actions(self) -> list[tuple[int, dict[str, Any], bool]]: ...

    @property
    def shuffle(self) -> str | None: ...


class Seating(Protocol):
    """What makes a table a cash table or a tournament's: who sits and is dealt in,
    when a hand is due, and what is done with one that ends."""

    def dealt_in(self, table: TableLogic, number: int, seat: Seat) -> bool:
        """Whether the seat is dealt the next hand."""

    def can_deal(self, table: TableLogic) -> bool:
        """Whether a hand is due (once the pause after the last is over)."""

    def before_deal(self, table: TableLogic) -> Effects:
        """What changes just before a deal (absentees, bots)."""

    def dealt(self, table: TableLogic) -> None:
        """A hand was dealt."""

    def hand_over(self, table: TableLogic, recent: RecentHand, stacks: dict[int, int]) -> Effects:
        """A hand ended with these stacks by seat: where it goes."""

    def after_hand(self, table: TableLogic) -> Effects:
        """Who stands up once a hand is over."""

    def sit(self, table: TableLogic, viewer: Watcher, command: Sit, number: int | None) -> Effects:
        """A person asks to sit down (``number``: the seat they already hold, if one)."""

    def add_bot(self, table: TableLogic, name: str, quiet: bool = False) -> Effects:
        """A bot asked for, to sit in the first empty seat."""

    def remove_bot(self, table: TableLogic, number: int) -> Effects:
        """The bot in seat ``number`` asked to go."""

    def leave(self, table: TableLogic, number: int, seat: Seat) -> Effects:
        """A player asked to leave."""

    def command(self, table: TableLogic, viewer: Watcher, command: Command) -> Effects | None:
        """A command this seating answers itself, or ``None`` for the table's own."""

    def hurry(self, table: TableLogic) -> None:
        """A turn began, or a command may have changed how the seat to act plays: the
        seating may cut the turn short (a tournament folds a player sitting out at once)."""

    def joined(self, table: TableLogic, viewer: Watcher) -> Effects:
        """What a connection that joined is told besides the table."""

    def restored(self, table: TableLogic) -> None:
        """The table was restored from the store, with any hand in play."""


class TableLogic:
    """One table's state, changed only by its inputs, each answered with effects."""

    def __init__(
        self,
        table_id: int,
        name: str,
        rules: Rules,
        size: int,
        settings: Settings | None,
        seating: Seating,
        bots: bool = False,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.id = table_id
        self.name = name
        self.rules = rules
        self.size = size
        self.settings = settings or Settings()
        self.seating = seating
        self.bots = bots
        self.clock = clock
        """Seconds that only go forward: turns, pauses and absences are timed by it."""
        self.wall = wall
        """Seconds since the epoch: what clients are told deadlines and lines by."""
        self.epoch = secrets.token_hex(4)
        self.seats: list[Seat | None] = [None] * size
        self.moments = Moments()
        self.viewers: set[Watcher] = set()
        self.chat = TableChat(table_id, self.settings, clock, wall)
        self.play = HandPlay(self)
        """The hand, its clock and the hands before it."""

    # -- inputs ---------------------------------------------------------------------

    def restore(
        self,
        seats: Sequence[StoredSeat],
        last_seqs: dict[int, int],
        unfinished: StoredHand | None,
        pots: list[tuple[float, int]],
        chat: Sequence[tuple[str, str, float]] = (),
    ) -> Effects:
        """Seats as stored (with the last ``seq`` each applied, and a leave asked for),
        the hand that was in play dealt again and replayed, the last hour's pots and the
        last lines of chat; a hand restored after its last action is finished now."""
        self.play.last_hour = LastHour(pots)
        self.chat.restore(chat)
        for row in seats:
            if row.seat >= self.size:
                continue
            bot = make_bot(row.bot) if row.bot else None
            self.seats[row.seat] = Seat(
                account=row.account_id,
                name=row.name,
                stack=row.stack,
                bot=bot,
                bot_name=row.bot,
                sitting_out=row.sitting_out,
                last_seq=last_seqs.get(row.seat, 0),
                bank=self.settings.time_bank,
                leaving=row.leaving,
                dropped_at=None if bot else self.clock(),
            )
        if unfinished is not None:
            self.play.replay(unfinished)
        self.seating.restored(self)
        self.moments.begin(self.moment(), self.people())
        if self.play.hand is not None and self.play.hand.is_over:
            return self.play.finish()
        return []

    def join(self, viewer: Watcher, hello: Hello) -> Effects:
        """A connection opened: a welcome, then what it missed or a snapshot."""
        self.viewers.add(viewer)
        number = self.seat_of(viewer)
        last_seq = 0
        back = False  # the seat's player came back: not one more tab of a player here
        if number is not None:
            seat = self.seats[number]
            assert seat is not None
            seat.viewers += 1
            seat.dropped_at = None
            last_seq = seat.last_seq
            back = seat.viewers == 1
        welcome = frame(
            "welcome",
            table=self.id,
            epoch=self.epoch,
            name=viewer.name,
            seat=number,
            last_seq=last_seq,
            no=self.moments.no,
        )
        out: Effects = [Send(viewer, welcome), *self.moments.catch_up(viewer, hello, self.epoch)]
        out += self.chat.backlog(viewer)
        if back:
            out += self.publish(notes=(Said(N_("{name} is back"), {"name": viewer.name}),))
        out += self.seating.joined(self, viewer)
        return [*out, Later(self.play.maybe_deal)]

    def part(self, viewer: Watcher) -> Effects:
        """A connection closed: a seated player's absence is timed from now."""
        self.viewers.discard(viewer)
        out: Effects = [Close(viewer)]
        number = self.seat_of(viewer)
        if number is not None:
            seat = self.seats[number]
            assert seat is not None
            seat.viewers = max(0, seat.viewers - 1)
            if seat.viewers == 0:
                seat.dropped_at = self.clock()
                out += self.publish(
                    notes=(Said(N_("{name} lost the connection"), {"name": seat.name}),)
                )
        return [*out, Later(self.play.maybe_deal)]

    def command(self, viewer: Watcher, command: Command) -> Effects:
        """A command from a connection; a bad one is answered to it alone."""
        try:
            out = self._command(viewer, command)
        except ProtocolError as error:
            seq = command.seq if isinstance(command, Act) else None
            return [
                Send(viewer, frame("error", message=str(error), seq=seq, **error.json())),
                Later(self.play.maybe_deal),
            ]
        return [*out, Later(self._hurry), Later(self.play.maybe_deal)]

    def _hurry(self) -> Effects:
        self.seating.hurry(self)
        return []

    def tick(self) -> Effects:
        """The clock came due: a bot's turn, a person's time out, or a deal."""
        return self.play.tick()

    def clock_failed(self) -> None:
        """The clock's step failed: give the seat to act a fresh turn rather than loop."""
        self.play.clock_failed()

    def close(self) -> Effects:
        """The table stops: every connection is closed (the hand stays stored)."""
        return [Close(viewer) for viewer in list(self.viewers)]

    def wake_at(self) -> float | None:
        """When the clock is next due: a bot's move, a person's deadline, a deal."""
        return self.play.wake_at()

    def maybe_deal(self) -> Effects:
        """Deal, if a hand is due and its pause is over."""
        return self.play.maybe_deal()

    # -- commands -------------------------------------------------------------------

    def seat_of(self, viewer: Watcher) -> int | None:
        return self.people().get(viewer.account)

    def people(self) -> dict[int | None, int]:
        """The seat of each account that a person sits in (the first, if several)."""
        return {
            s.account: n for n, s in reversed(list(enumerate(self.seats))) if s and s.bot is None
        }

    def _command(self, viewer: Watcher, command: Command) -> Effects:
        if isinstance(command, Hello):
            raise ProtocolError("hello comes once, first")
        if isinstance(command, Chat):
            return self.chat.say(viewer, command.text, self.viewers)
        own = self.seating.command(self, viewer, command)
        if own is not None:
            return own
        if viewer.account is None:
            raise ProtocolError(Said(N_("sign in or play as a guest to sit down")))
        number = self.seat_of(viewer)
        if isinstance(command, Sit):
            return self.seating.sit(self, viewer, command, number)
        if number is None:
            raise ProtocolError(Said(N_("you are not seated at this table")))
        seat = self.seats[number]
        assert seat is not None
        if isinstance(command, Act):
            return self._player_act(viewer, number, seat, command)
        if isinstance(command, SitOut):
            seat.sitting_out = True
            return [
                Write(SittingOutRow(self.id, number, True)),
                Later(
                    lambda: self.publish(notes=(Said(N_("{name} sits out"), {"name": seat.name}),))
                ),
            ]
        if isinstance(command, SitIn):
            if seat.stack == 0 and not self.play.in_hand(number):
                raise ProtocolError(Said(N_("you have no chips: leave and buy in again")))
            seat.sit_in(self.settings)
            return [
                Write(SittingOutRow(self.id, number, False)),
                Later(
                    lambda: self.publish(notes=(Said(N_("{name} sits in"), {"name": seat.name}),))
                ),
            ]
        if isinstance(command, MuckLosing):
            seat.muck_losing = command.on
            return []
        if isinstance(command, Leave):
            return self.seating.leave(self, number, seat)
        if isinstance(command, AddBot):
            # A client names one of the bots the server offers, never a module or file:
            # loading code on a client's word would run it on the server.
            if command.bot not in self.settings.offered_bots:
                offered = ", ".join(self.settings.offered_bots)
                raise ProtocolError(f"no bot named {command.bot!r} here; choose from {offered}")
            return self.seating.add_bot(self, command.bot)
        if isinstance(command, RemoveBot):
            return self.seating.remove_bot(self, command.seat)
        raise ProtocolError(f"{command.type} is not for this table")

    def _player_act(self, viewer: Watcher, number: int, seat: Seat, command: Act) -> Effects:
        if command.seq <= seat.last_seq:
            return [Send(viewer, frame("ack", seq=command.seq, applied=False))]
        hand = self.play.hand
        if hand is None or hand.actor is None or not self.play.in_hand(number):
            raise ProtocolError(Said(N_("there is no action for you now")))
        if hand.phase is Phase.SHOWDOWN:
            raise ProtocolError(Said(N_("the showdown shows and mucks by itself (R6.7)")))
        if self.play.hand_seats[hand.actor] != number:
            actor = self.seats[self.play.hand_seats[hand.actor]]
            raise ProtocolError(
                Said(N_("it is {name}'s turn, not yours"), {"name": actor.name})
                if actor
                else Said(N_("it is another seat's turn, not yours"))
            )
        used = self.clock() - self.play.turn_start
        try:
            out = self.play.act(
                number, action_of(command), timed_out=False, ack=(viewer, command.seq)
            )
        except IllegalActionError as error:
            raise ProtocolError(str(error)) from None

        def acted() -> Effects:
            seat.last_seq = command.seq
            self.play.dealer.offer(viewer.account, command.seed)
            seat.spend(used, self.settings)
            return []

        return [*out, Later(acted)]

    @property
    def buy_in_range(self) -> tuple[int, int]:
        """The fewest and most chips a player may sit down with."""
        return 10 * self.rules.big_bet, 100 * self.rules.big_bet

    @property
    def default_buy_in(self) -> int:
        """What a bot sits down with, and what the page offers a player first."""
        return 20 * self.rules.big_bet

    # -- publishing -----------------------------------------------------------------

    def moment(self, events: tuple[Any, ...] = (), notes: tuple[str | Said, ...] = ()) -> Moment:
        """The table as it is now, with what just happened."""
        clock = None
        hand = self.play.hand
        if hand is not None and hand.actor is not None and self.play.deadline is not None:
            number = self.play.hand_seats[hand.actor]
            seat = self.seats[number]
            bank = seat.bank if seat else 0.0
            left = self.play.deadline - self.clock()
            clock = Clock(number, self.wall() + left, bank)
        infos = tuple(None if s is None else s.seat_info() for s in self.seats)
        return Moment(
            table=self.id,
            name=self.name,
            rules=self.rules,
            seats=infos,
            hand=hand,
            hand_seats=self.play.hand_seats,
            hand_sittings=self.play.hand_sittings,
            hand_id=self.play.hand_id,
            clock=clock,
            events=events,
            notes=notes,
            shuffle=self.play.shuffle,
            next_deck=self.play.dealer.next.root,
        )

    def publish(
        self,
        events: tuple[Any, ...] = (),
        notes: tuple[str | Said, ...] = (),
        ack: tuple[Watcher, int] | None = None,
    ) -> Effects:
        """Number and keep a change, and publish to each viewer what changed for it;
        the connection whose action it is (``ack``) has the action's ``seq`` in its frame."""
        return self.moments.publish(self.moment(events, notes), self.people(), self.viewers, ack)


class HandPlay:
    """The hand at a table: dealt when one is due, its actions stored and applied in
    turn, its clock kept (a bot's pace, a person's turn and time bank), and its end
    given to the table's seating; with the hands it finished lately."""

    def __init__(self, table: TableLogic) -> None:
        self.table = table
        self.hand: HandState | None = None
        self.hand_seats: tuple[int, ...] = ()
        self.hand_sittings: tuple[int, ...] = ()
        """Who held each seat of the hand (``Moment.hand_sittings``)."""
        self.hand_id: int | None = None
        self.actions = 0
        """Actions of the hand stored so far."""
        self.turn_start = 0.0
        self.deadline: float | None = None
        self.next_deal = 0.0
        self._rng = random.Random(secrets.randbits(64))
        self.dealer = Dealer()
        """The next hand's committed deck, and the seeds players offer for it."""
        self.shuffle: Shuffle | None = None
        self.recent: deque[RecentHand] = deque(maxlen=20)
        self.last_hour = LastHour()
        """The lobby's figures."""

    def in_hand(self, number: int) -> bool:
        """Whether seat ``number`` was dealt the hand (over or not)."""
        return self.hand is not None and number in self.hand_seats

    def in_play(self, number: int) -> bool:
        """Whether seat ``number`` is in a hand still being played."""
        return self.in_hand(number) and self.hand is not None and not self.hand.is_over

    def act(
        self,
        number: int,
        action: Action,
        *,
        timed_out: bool,
        note: str | Said = "",
        ack: tuple[Watcher, int] | None = None,
    ) -> Effects:
        """One action for a seat: stored, then applied and published (the one path for
        all); ``ack`` is the connection that sent it and its ``seq``, acknowledged in
        its event. An illegal action raises before anything is asked for."""
        hand = self.hand
        assert hand is not None
        assert self.hand_id is not None
        before = len(hand.events)
        after = hand.apply(action)
        number_in_hand = self.actions + 1
        seq = None if ack is None else ack[1]
        row = ActionRow(self.hand_id, number_in_hand, number, action_json(action), timed_out, seq)

        def stored(_: object) -> Effects:
            self.actions = number_in_hand
            self.hand = after
            out = self.finish() if after.is_over else []
            return [*out, Later(published)]

        def published() -> Effects:
            self.start_turn()
            notes = (note,) if note else ()
            out = self.table.publish(events=after.events[before:], notes=notes, ack=ack)
            if after.is_over:
                out += self.table.seating.after_hand(self.table)
            return out

        return [Write(row, stored)]

    def _time_out(self, table_seat: int, hand: HandState) -> Effects:
        """The clock ran out: check if possible, else fold; a bring-in posts; sit out."""
        legal = hand.legal_actions()
        action: Action = next((a for a in (Check(), BringIn()) if a in legal), Fold())
        seat = self.table.seats[table_seat]
        assert seat is not None
        seat.bank = 0.0
        seat.sitting_out = True
        note = Said(N_("{name} timed out"), {"name": seat.name})
        return [
            Write(SittingOutRow(self.table.id, table_seat, True)),
            Later(lambda: self.act(table_seat, action, timed_out=True, note=note)),
        ]

    def start_turn(self) -> None:
        hand = self.hand
        self.turn_start = self.table.clock()
        self.deadline = None
        if hand is not None and hand.actor is not None and hand.phase is not Phase.SHOWDOWN:
            seat = self.table.seats[self.hand_seats[hand.actor]]
            if seat is not None:
                self.deadline = seat.deadline(self.turn_start, self.table.settings)
        self.table.seating.hurry(self.table)

    def finish(self) -> Effects:
        """The hand is over: the seats' stacks, then where the hand goes (its seating's
        ``hand_over``), then the hand kept as a recent one and the next deal's pause."""
        hand = self.hand
        assert hand is not None
        assert self.hand_id is not None
        stacks: dict[int, int] = {}
        for h, number in enumerate(self.hand_seats):
            seat = self.table.seats[number]
            if seat is not None:
                seat.stack = hand.final_stacks[h]
                stacks[number] = seat.stack
        held = [self.table.seats[n] for n in self.hand_seats]
        names = tuple(s.name if s else "?" for s in held)
        accounts = tuple(s.account if s else 0 for s in held)
        recent = RecentHand(
            self.hand_id, hand, self.hand_seats, names, accounts, shuffle=self.shuffle
        )

        def kept() -> Effects:
            self.recent.append(recent)
            self.last_hour.add(recent.ended, recent.pot)
            for number in self.hand_seats:
                seat = self.table.seats[number]
                if seat is not None:
                    seat.dealt_a_hand(self.table.settings)
            self.next_deal = self.table.clock() + self.table.settings.hand_pause
            return []

        return [*self.table.seating.hand_over(self.table, recent, stacks), Later(kept)]

    def maybe_deal(self) -> Effects:
        """Deal, if a hand is due and its pause is over."""
        if not self.table.seating.can_deal(self.table) or self.table.clock() < self.next_deal:
            return []
        return [*self.table.seating.before_deal(self.table), Later(self._deal_now)]

    def _deal_now(self) -> Effects:
        if not self.table.seating.can_deal(self.table):
            return []
        numbers = tuple(
            n
            for n, s in enumerate(self.table.seats)
            if s and self.table.seating.dealt_in(self.table, n, s)
        )
        seats = [s for s in (self.table.seats[n] for n in numbers) if s is not None]
        accounts = tuple(s.account for s in seats)
        shuffle = self.dealer.shuffle(list(accounts))
        deck = list(shuffle.dealt)
        stacks = [s.stack for s in seats]
        row = StartRow(
            self.table.id,
            "".join(str(c) for c in deck),
            numbers,
            tuple(s.name for s in seats),
            accounts,
            tuple(stacks),
            shuffle.stored(),
        )

        def stored(hand_id: int) -> Effects:
            self.hand_id = hand_id
            self.dealer.dealt(list(accounts))
            self.shuffle = shuffle
            return self._deal(numbers, deck, stacks)

        return [Write(row, stored)]

    def _deal(self, numbers: tuple[int, ...], deck: list[Card], stacks: list[int]) -> Effects:
        self.hand = new_hand(self.table.rules, stacks, deck=deck)
        self.hand_seats = numbers
        self.hand_sittings = self.sittings(numbers)
        self.actions = 0
        self.table.moments.hand_starts()
        self.table.seating.dealt(self.table)
        self.start_turn()
        assert self.hand_id is not None
        return self.table.publish(
            events=self.hand.events, notes=(Said(N_("Hand {id}"), {"id": self.hand_id}),)
        )

    def sittings(self, numbers: tuple[int, ...]) -> tuple[int, ...]:
        """The sitting in each of these seats (-1, nobody's, for an empty one)."""
        return tuple(-1 if (s := self.table.seats[n]) is None else s.sitting for n in numbers)

    def tick(self) -> Effects:
        """The clock came due: a showdown's next hand, a bot's turn, a person's time
        out, or a deal."""
        hand = self.hand
        out: Effects = []
        if hand is not None and hand.actor is not None:
            table_seat = self.hand_seats[hand.actor]
            seat = self.table.seats[table_seat]
            if hand.phase is Phase.SHOWDOWN:  # R6.7: shown or mucked at once, no clock
                muck = seat is None or seat.muck_losing
                out = self.act(table_seat, automatic(hand, muck_losing=muck), timed_out=False)
                return [*out, Later(self.maybe_deal)]
            assert seat is not None
            if seat.bot is not None:
                action = seat.bot.act(view_of(hand, hand.actor), self._rng)
                out = self.act(table_seat, action, timed_out=False)
            else:
                out = self._time_out(table_seat, hand)
        return [*out, Later(self.maybe_deal)]

    def clock_failed(self) -> None:
        """The clock's step failed: give the seat to act a fresh turn rather than loop."""
        self.turn_start = self.table.clock()
        self.deadline = self.turn_start + self.table.settings.turn_time

    def wake_at(self) -> float | None:
        """When the clock is next due: a bot's move, a person's deadline, a deal."""
        hand = self.hand
        if hand is not None and hand.actor is not None:
            if hand.phase is Phase.SHOWDOWN:
                return self.turn_start
            seat = self.table.seats[self.hand_seats[hand.actor]]
            if seat is not None and seat.bot is not None:
                return self.turn_start + self.table.settings.bot_delay
            return self.deadline
        if self.table.seating.can_deal(self.table):
            return self.next_deal
        return None

    def replay(self, unfinished: StoredHand) -> None:
        """The hand that was in play, dealt again from its stored deck and replayed."""
        self.hand_id = unfinished.id
        deck = list(parse_cards(unfinished.deck))
        shuffle = stored_shuffle(unfinished.shuffle)
        self.shuffle = shuffle if shuffle is not None and list(shuffle.dealt) == deck else None
        self.hand = new_hand(self.table.rules, unfinished.stacks, deck=deck)
        self.hand_seats = tuple(unfinished.seats)
        self.hand_sittings = self.sittings(self.hand_seats)
        for _, data, _ in unfinished.actions:
            act = Act(type="act", seq=1, **data)
            self.hand = self.hand.apply(action_of(act))
        self.actions = len(unfinished.actions)
        self.table.moments.restart(
            replace(self.table.moment(), notes=("The table is back",)), self.table.people()
        )
        self.start_turn()
