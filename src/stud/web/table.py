"""One table: an asyncio task that owns its hand and is the only one to change it.

Clients never touch a hand. Their commands go into the table's queue; the task
takes them one at a time, checks them against the rules and the seat they come
from, stores what changed, and only then publishes a numbered event that the
projection turns into what each connection may see. A hand's deal, actions and
end are stored by a writer thread that commits many tables' writes at once; the
table awaits its commit, and the other tables play on meanwhile. Built-in bots
decide from a ``PlayerView`` and their action goes through the same ``_act`` as a
person's.

A table is reached only through ``TableHandle`` (``submit`` a command, ``stop``),
so tables can later live in other processes behind the same interface.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from stud.actions import Action, BringIn, Check, Fold, Show
from stud.bots import make_bot
from stud.cards import Card, parse_cards
from stud.history.phh import to_phh
from stud.rules import Rules
from stud.shuffle import Shuffle
from stud.state import HandState, IllegalActionError, new_hand
from stud.views import view_of
from stud.web.fairness import Dealer, stored_shuffle
from stud.web.frames import EventFrames, Published, TableView
from stud.web.limits import RateLimit
from stud.web.projection import Clock, Moment, project, project_log
from stud.web.protocol import (
    Act,
    AddBot,
    Chat,
    Command,
    Hello,
    Leave,
    ProtocolError,
    Register,
    RemoveBot,
    Sit,
    SitIn,
    SitOut,
    Unregister,
    action_json,
    action_of,
)
from stud.web.recent import HOUR, LastHour, RecentHand
from stud.web.seat import Seat
from stud.web.settings import Settings
from stud.web.store import Store, StoreError
from stud.web.viewer import Viewer, frame

__all__ = ["Settings", "Table", "TableHandle"]

log = logging.getLogger("stud.web")


@dataclass(frozen=True, slots=True)
class _Join:
    viewer: Viewer
    hello: Hello


@dataclass(frozen=True, slots=True)
class _Part:
    viewer: Viewer


@dataclass(frozen=True, slots=True)
class _From:
    viewer: Viewer
    command: Command


_STOP = object()
_WAKE = object()
_DUE = object()
"""What ``Table._next`` gives when the table's clock is due before any command."""


_RING = object()
"""What a table's timer puts in its queue: look at the clock again."""


class TableHandle(Protocol):
    """How the rest of the server reaches a table (in this process or another)."""

    id: int

    def join(self, viewer: Viewer, hello: Hello) -> None:
        """Connect a viewer; it gets a welcome, then missed events or a snapshot."""

    def part(self, viewer: Viewer) -> None:
        """Disconnect a viewer."""

    def submit(self, viewer: Viewer, command: Command) -> None:
        """A command from a viewer, handled in order."""

    def summary(self) -> dict[str, Any]:
        """What the lobby shows of the table."""

    async def stop(self) -> None:
        """End the task (the hand stays stored, to resume)."""


class Table:
    """A table task: seats, the hand, clocks, bots, and the event log."""

    def __init__(
        self,
        table_id: int,
        name: str,
        rules: Rules,
        size: int,
        store: Store,
        settings: Settings | None = None,
        bots: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.id = table_id
        self.name = name
        self.rules = rules
        self.size = size
        self.store = store
        self.settings = settings or Settings()
        self.bots = bots
        self._clock = clock
        self.epoch = secrets.token_hex(4)
        self.seats: list[Seat | None] = [None] * size
        self.hand: HandState | None = None
        self.hand_seats: tuple[int, ...] = ()
        self.hand_sittings: tuple[int, ...] = ()
        """Who held each seat of the hand (``Moment.hand_sittings``)."""
        self.hand_id: int | None = None
        self._actions = 0
        self._turn_start = 0.0
        self._deadline: float | None = None
        self._next_deal = 0.0
        self._no = 0
        self._log: deque[Published] = deque()
        """The moments published in this hand and the one before, the newest last."""
        self._view: TableView | None = None
        """The newest published moment as its viewers got it, to tell the next one's change."""
        self._hand_first_no = 1
        self._viewers: set[Viewer] = set()
        self._queue: asyncio.Queue[object] = asyncio.Queue()
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = 0.0
        self._rng = random.Random(secrets.randbits(64))
        self.dealer = Dealer()
        """The next hand's committed deck, and the seeds players offer for it."""
        self.shuffle: Shuffle | None = None
        self._task: asyncio.Task[None] | None = None
        self.recent: deque[RecentHand] = deque(maxlen=20)
        self.hands_played = 0
        self.last_hour = LastHour()
        """The lobby's figures (``summary``)."""
        self._chat_limit = RateLimit(
            burst=self.settings.chat_burst, every=self.settings.chat_every, clock=clock
        )
        """Each account's chat lines: a burst, then one a ``chat_every``."""

    # -- the handle -----------------------------------------------------------------

    def start(self) -> None:
        """Load the seats, any unfinished hand and the last hour's pots from the store,
        and start the task."""
        since = datetime.now(UTC) - timedelta(seconds=HOUR)
        self.last_hour = LastHour(self.store.pots_since(self.id, since))
        self._restore()
        if not self._log:  # the moment a first snapshot shows and a first change is from
            self._log.append(Published(self._no, self._moment(), self._people()))
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")

    def join(self, viewer: Viewer, hello: Hello) -> None:
        self._queue.put_nowait(_Join(viewer, hello))

    def part(self, viewer: Viewer) -> None:
        self._queue.put_nowait(_Part(viewer))

    def submit(self, viewer: Viewer, command: Command) -> None:
        self._queue.put_nowait(_From(viewer, command))

    def wake(self) -> None:
        """Look again at whether a hand is due: something outside the task changed it
        (a tournament's next round)."""
        self._queue.put_nowait(_WAKE)

    async def stop(self) -> None:
        self._queue.put_nowait(_STOP)
        if self._task is not None:
            await self._task

    def summary(self) -> dict[str, Any]:
        taken = sum(1 for s in self.seats if s is not None)
        hands, average_pot = self.last_hour.figures(time.time())
        return {
            "id": self.id,
            "name": self.name,
            "variant": self.rules.variant.value,
            "game": self.rules.variant.game_name,
            "stakes": self.rules.stakes,
            "rake": self.rules.rake,
            "seats": self.size,
            "taken": taken,
            "bots": self.bots,
            "average_pot": round(average_pot),
            "hands_per_hour": hands,
            "buy_in": dict(zip(("min", "max"), self.buy_in_range, strict=True))
            | {"default": self.default_buy_in},
        }

    # -- the task -------------------------------------------------------------------

    async def _run(self) -> None:
        if self.hand is not None and self.hand.is_over:  # restored after its last action
            try:
                await self._finish()
            except Exception:
                log.exception("table %s: committing the restored hand failed", self.id)
        while True:
            item = await self._next()
            if item is _DUE:
                try:
                    await self._on_time()
                except Exception:
                    log.exception("table %s: the clock failed", self.id)
                    self._deadline = self._clock() + self.settings.turn_time
                continue
            if item is _STOP:
                if self._timer is not None:
                    self._timer.cancel()
                for viewer in list(self._viewers):
                    viewer.close()
                return
            try:
                await self._handle(item)
                await self._maybe_deal()
            except StoreError as error:  # the database refused: say so, keep the table
                if isinstance(item, _From | _Join):
                    item.viewer.push(frame("error", message=str(error)))
            except Exception:  # a bug must not take the table down with it
                log.exception("table %s: %r failed", self.id, item)
                if isinstance(item, _From | _Join):
                    item.viewer.push(frame("error", message="the server failed on that; sorry"))

    async def _next(self) -> object:
        """The next item of the queue, or ``_DUE`` once the table's clock is due.

        One loop timer per table, set again only when the clock must ring sooner:
        each action moves the deadline later, and a timer that rings early is just
        set for the new time (``wait_for`` made a task for every item a table took,
        and a timer for every item cost a heap insertion and removal each).
        """
        while True:
            wake = self._wake_at()
            if wake is not None:
                if wake <= self._clock():
                    return _DUE
                self._ring_at(wake)
            item = await self._queue.get()
            if item is not _RING:
                return item

    def _ring_at(self, wake: float) -> None:
        if self._timer is not None:
            if self._timer_at <= wake:
                return
            self._timer.cancel()
        self._timer_at = wake
        delay = wake - self._clock()
        self._timer = asyncio.get_running_loop().call_later(delay, self._ring)

    def _ring(self) -> None:
        self._timer = None
        self._queue.put_nowait(_RING)

    def _wake_at(self) -> float | None:
        hand = self.hand
        if hand is not None and hand.actor is not None:
            seat = self.seats[self.hand_seats[hand.actor]]
            if seat is not None and seat.bot is not None:
                return self._turn_start + self.settings.bot_delay
            return self._deadline
        if self._can_deal():
            return self._next_deal
        return None

    async def _on_time(self) -> None:
        hand = self.hand
        if hand is not None and hand.actor is not None:
            table_seat = self.hand_seats[hand.actor]
            seat = self.seats[table_seat]
            assert seat is not None
            if seat.bot is not None:
                action = seat.bot.act(view_of(hand, hand.actor), self._rng)
                await self._act(table_seat, action, timed_out=False)
            else:
                await self._time_out(table_seat, hand)
        await self._maybe_deal()

    async def _time_out(self, table_seat: int, hand: HandState) -> None:
        """The clock ran out: check if possible, else fold; a bring-in posts; sit out."""
        legal = hand.legal_actions()
        action: Action = Fold()
        for choice in (Check(), BringIn(), Show()):
            if choice in legal:
                action = choice
                break
        seat = self.seats[table_seat]
        assert seat is not None
        seat.bank = 0.0
        seat.sitting_out = True
        self.store.set_sitting_out(self.id, table_seat, True)
        await self._act(table_seat, action, timed_out=True, note=f"{seat.name} timed out")

    # -- commands -------------------------------------------------------------------

    async def _handle(self, item: object) -> None:
        if isinstance(item, _Join):
            self._join(item.viewer, item.hello)
        elif isinstance(item, _Part):
            self._part(item.viewer)
        elif isinstance(item, _From):
            try:
                await self._command(item.viewer, item.command)
            except ProtocolError as error:
                seq = item.command.seq if isinstance(item.command, Act) else None
                item.viewer.push(frame("error", message=str(error), seq=seq))

    def _seat_of(self, viewer: Viewer) -> int | None:
        return self._people().get(viewer.account)

    def _people(self) -> dict[int | None, int]:
        """The seat of each account that a person sits in (the first, if several)."""
        return {
            s.account: n for n, s in reversed(list(enumerate(self.seats))) if s and s.bot is None
        }

    def _join(self, viewer: Viewer, hello: Hello) -> None:
        self._viewers.add(viewer)
        number = self._seat_of(viewer)
        last_seq = 0
        back = False  # the seat's player came back: not one more tab of a player here
        if number is not None:
            seat = self.seats[number]
            assert seat is not None
            seat.viewers += 1
            seat.dropped_at = None
            last_seq = seat.last_seq
            back = seat.viewers == 1
        viewer.push(
            frame(
                "welcome",
                table=self.id,
                epoch=self.epoch,
                name=viewer.name,
                seat=number,
                last_seq=last_seq,
                no=self._no,
            )
        )
        self._catch_up(viewer, hello)
        if back:
            self._publish(notes=(f"{viewer.name} is back",))

    def _part(self, viewer: Viewer) -> None:
        self._viewers.discard(viewer)
        viewer.close()
        number = self._seat_of(viewer)
        if number is None:
            return
        seat = self.seats[number]
        assert seat is not None
        seat.viewers = max(0, seat.viewers - 1)
        if seat.viewers == 0:
            seat.dropped_at = self._clock()
            self._publish(notes=(f"{seat.name} lost the connection",))

    async def _command(self, viewer: Viewer, command: Command) -> None:
        if isinstance(command, Hello):
            raise ProtocolError("hello comes once, first")
        if isinstance(command, Chat):
            self._chat(viewer, command)
            return
        if isinstance(command, Register | Unregister):
            raise ProtocolError("this table plays no tournament: open one from the lobby")
        if viewer.account is None:
            raise ProtocolError("sign in or play as a guest to sit down")
        number = self._seat_of(viewer)
        if isinstance(command, Sit):
            self._sit(viewer, command, number)
            return
        if number is None:
            raise ProtocolError("you are not seated at this table")
        seat = self.seats[number]
        assert seat is not None
        if isinstance(command, Act):
            await self._player_act(viewer, number, seat, command)
        elif isinstance(command, SitOut):
            seat.sitting_out = True
            self.store.set_sitting_out(self.id, number, True)
            self._publish(notes=(f"{seat.name} sits out",))
        elif isinstance(command, SitIn):
            if seat.stack == 0 and not self._in_hand(number):
                raise ProtocolError("you have no chips: leave and buy in again")
            seat.sit_in(self.settings)
            self.store.set_sitting_out(self.id, number, False)
            self._publish(notes=(f"{seat.name} sits in",))
        elif isinstance(command, Leave):
            self._leave(number, seat)
        elif isinstance(command, AddBot):
            # A client names one of the bots the server offers, never a module or file:
            # loading code on a client's word would run it on the server.
            if command.bot not in self.settings.offered_bots:
                offered = ", ".join(self.settings.offered_bots)
                raise ProtocolError(f"no bot named {command.bot!r} here; choose from {offered}")
            self.add_bot(command.bot)
        elif isinstance(command, RemoveBot):
            self._remove_bot(command.seat)

    async def _player_act(self, viewer: Viewer, number: int, seat: Seat, command: Act) -> None:
        if command.seq <= seat.last_seq:
            viewer.push(frame("ack", seq=command.seq, applied=False))
            return
        hand = self.hand
        if hand is None or hand.actor is None or not self._in_hand(number):
            raise ProtocolError("there is no action for you now")
        if self.hand_seats[hand.actor] != number:
            actor = self.seats[self.hand_seats[hand.actor]]
            raise ProtocolError(
                f"it is {actor.name if actor else 'another seat'}'s turn, not yours"
            )
        used = self._clock() - self._turn_start
        try:
            await self._act(number, action_of(command), timed_out=False, ack=(viewer, command.seq))
        except IllegalActionError as error:
            raise ProtocolError(str(error)) from None
        seat.last_seq = command.seq
        self.dealer.offer(viewer.account, command.seed)
        seat.spend(used, self.settings)

    def _sit(self, viewer: Viewer, command: Sit, number: int | None) -> None:
        if number is not None:
            raise ProtocolError(f"you already sit in seat {number + 1}")
        if command.seat >= self.size:
            raise ProtocolError(f"this table has seats 1 to {self.size}")
        if self.seats[command.seat] is not None:
            raise ProtocolError(f"seat {command.seat + 1} is taken")
        low, high = self.buy_in_range
        if not low <= command.buy_in <= high:
            raise ProtocolError(f"buy in for {low} to {high} chips, not {command.buy_in}")
        assert viewer.account is not None
        row = self.store.sit(self.id, command.seat, viewer.account, command.buy_in)
        self.seats[command.seat] = Seat(
            account=viewer.account,
            name=row.name,
            stack=command.buy_in,
            bank=self.settings.time_bank,
            viewers=1,
        )
        self.dealer.offer(viewer.account, command.seed)
        viewer.push(frame("seated", seat=command.seat, last_seq=0))
        self._publish(notes=(f"{row.name} sits down in seat {command.seat + 1}",))

    @property
    def buy_in_range(self) -> tuple[int, int]:
        """The fewest and most chips a player may sit down with."""
        return 10 * self.rules.big_bet, 100 * self.rules.big_bet

    @property
    def default_buy_in(self) -> int:
        """What a bot sits down with, and what the page offers a player first."""
        return 20 * self.rules.big_bet

    def _leave(self, number: int, seat: Seat) -> None:
        if self._in_hand(number) and self.hand is not None and not self.hand.is_over:
            seat.leaving = True
            seat.sitting_out = True
            self.store.set_sitting_out(self.id, number, True)
            self.store.set_leaving(self.id, number)
            self._publish(notes=(f"{seat.name} will leave after this hand",))
            return
        self._stand(number)

    def _stand(self, number: int) -> None:
        seat = self.seats[number]
        if seat is None:
            return
        self.store.stand(self.id, number)
        self.seats[number] = None
        self._publish(notes=(f"{seat.name} stands up",))

    def add_bot(self, name: str, quiet: bool = False) -> None:
        """Seat a built-in bot in the first empty seat, buying in from the house."""
        try:
            bot = make_bot(name)
        except ValueError as error:
            raise ProtocolError(str(error)) from None
        free = [n for n, s in enumerate(self.seats) if s is None]
        if not free:
            raise ProtocolError("the table is full")
        number = free[0]
        label = f"{name.capitalize()} bot {number + 1}"
        buy_in = self.default_buy_in
        row = self.store.sit(self.id, number, None, buy_in, bot=name, name=label)
        self.seats[number] = Seat(row.account_id, label, buy_in, bot=bot, bot_name=name)
        if not quiet:
            self._publish(notes=(f"{label} sits down in seat {number + 1}",))

    def _remove_bot(self, number: int) -> None:
        seat = self.seats[number] if number < self.size else None
        if seat is None or seat.bot is None:
            raise ProtocolError(f"there is no bot in seat {number + 1}")
        if self._in_hand(number) and self.hand is not None and not self.hand.is_over:
            seat.leaving = True
            self.store.set_leaving(self.id, number)
            self._publish(notes=(f"{seat.name} will leave after this hand",))
        else:
            self._stand(number)

    def _chat(self, viewer: Viewer, command: Chat) -> None:
        if viewer.account is None:
            raise ProtocolError("sign in or play as a guest to chat")
        if self._chat_limit.wait(str(viewer.account)):
            raise ProtocolError("slow down: too many chat lines")
        text = " ".join(command.text.split())
        self.store.add_chat(self.id, viewer.account, viewer.name, text)
        line = frame("chat", name=viewer.name, text=text, at=time.time())
        for other in self._viewers:
            other.push(line)

    # -- the hand -------------------------------------------------------------------

    def _in_hand(self, number: int) -> bool:
        return self.hand is not None and number in self.hand_seats

    async def _act(
        self,
        number: int,
        action: Action,
        *,
        timed_out: bool,
        note: str = "",
        ack: tuple[Viewer, int] | None = None,
    ) -> None:
        """Apply one action for a seat: store it, then publish (the one path for all);
        ``ack`` is the connection that sent it and its ``seq``, acknowledged in its event."""
        hand = self.hand
        assert hand is not None
        assert self.hand_id is not None
        before = len(hand.events)
        after = hand.apply(action)  # raises before anything is stored or sent
        number_in_hand = self._actions + 1
        row, seq = action_json(action), None if ack is None else ack[1]
        await self.store.save_action(self.hand_id, number_in_hand, number, row, timed_out, seq)
        self._actions = number_in_hand
        self.hand = after
        if after.is_over:
            await self._finish()
        self._start_turn()
        self._publish(events=after.events[before:], notes=(note,) if note else (), ack=ack)
        if after.is_over:
            self._after_hand()

    def _start_turn(self) -> None:
        hand = self.hand
        self._turn_start = self._clock()
        self._deadline = None
        if hand is None or hand.actor is None:
            return
        seat = self.seats[self.hand_seats[hand.actor]]
        if seat is not None:
            self._deadline = seat.deadline(self._turn_start, self.settings)

    async def _finish(self) -> None:
        hand = self.hand
        assert hand is not None
        assert self.hand_id is not None
        stacks: dict[int, int] = {}
        for h, number in enumerate(self.hand_seats):
            seat = self.seats[number]
            if seat is not None:
                seat.stack = hand.final_stacks[h]
                stacks[number] = seat.stack
        names = tuple(self._names())
        accounts = tuple(s.account if s else 0 for s in (self.seats[n] for n in self.hand_seats))
        recent = RecentHand(
            self.hand_id, hand, self.hand_seats, names, accounts, shuffle=self.shuffle
        )
        await self._commit_hand(recent, stacks)
        self.recent.append(recent)
        self.last_hour.add(recent.ended, recent.pot)
        self.hands_played += 1
        self._add_time()
        self._next_deal = self._clock() + self.settings.hand_pause

    async def _commit_hand(self, recent: RecentHand, stacks: dict[int, int]) -> None:
        """Store a finished hand: the seats' stacks, its history, the house's rake (R9)."""
        hand = recent.state
        phh = to_phh(hand, players=list(recent.names))
        await self.store.save_finish(
            recent.hand_id, self.id, stacks, recent.pot, phh, rake=hand.rake
        )

    def _add_time(self) -> None:
        """Each person dealt this hand is a hand nearer a bigger time bank."""
        for number in self.hand_seats:
            seat = self.seats[number]
            if seat is not None:
                seat.dealt_a_hand(self.settings)

    def _names(self) -> list[str]:
        return [s.name if s else "?" for s in (self.seats[n] for n in self.hand_seats)]

    def _dealt_in(self, number: int, seat: Seat) -> bool:
        if seat.sitting_out or seat.stack <= 0 or seat.leaving:
            return False
        dropped = seat.dropped_at
        return (
            seat.bot is not None
            or dropped is None
            or (self._clock() - dropped < self.settings.keep_seat)
        )

    def _can_deal(self) -> bool:
        if self.hand is not None and not self.hand.is_over:
            return False
        players = [(n, s) for n, s in enumerate(self.seats) if s and self._dealt_in(n, s)]
        return len(players) >= 2 and any(s.bot is None for _, s in players)

    async def _maybe_deal(self) -> None:
        if not self._can_deal() or self._clock() < self._next_deal:
            return
        self._between_hands()
        if not self._can_deal():
            return
        numbers = tuple(n for n, s in enumerate(self.seats) if s and self._dealt_in(n, s))
        seats = [self.seats[n] for n in numbers]
        accounts = [s.account for s in seats if s]
        shuffle = self.dealer.shuffle(accounts)
        deck = list(shuffle.dealt)
        stacks = [s.stack for s in seats if s is not None]
        self.hand_id = await self.store.save_start(
            self.id,
            "".join(str(c) for c in deck),
            numbers,
            [s.name for s in seats if s],
            accounts,
            stacks,
            shuffle.stored(),
        )
        self.dealer.dealt(accounts)
        self.shuffle = shuffle
        self._deal(numbers, deck, stacks)

    def _deal(self, numbers: tuple[int, ...], deck: list[Card], stacks: list[int]) -> None:
        self.hand = new_hand(self.rules, stacks, deck=deck)
        self.hand_seats = numbers
        self.hand_sittings = self._sittings(numbers)
        self._actions = 0
        keep_from = self._hand_first_no
        self._hand_first_no = self._no + 1
        while len(self._log) > 1 and self._log[0].no < keep_from:
            self._log.popleft()
        self._start_turn()
        self._publish(events=self.hand.events, notes=(f"Hand {self.hand_id}",))

    def _sittings(self, numbers: tuple[int, ...]) -> tuple[int, ...]:
        """The sitting in each of these seats (-1, nobody's, for an empty one)."""
        return tuple(-1 if (s := self.seats[n]) is None else s.sitting for n in numbers)

    def _after_hand(self) -> None:
        """Seats change only between hands: leavers, removed bots and the busted stand."""
        for number, seat in enumerate(self.seats):
            if seat is None:
                continue
            if seat.leaving or seat.stack < (1 if seat.bot is None else self.rules.big_bet):
                self._stand(number)

    def _between_hands(self) -> None:
        """Before a deal: absentees count a missed hand, and bots fill empty seats."""
        self._after_hand()
        now = self._clock()
        for number, seat in enumerate(self.seats):
            if seat is None:
                continue
            dropped = seat.dropped_at
            if dropped is not None and now - dropped >= self.settings.keep_seat:
                seat.sitting_out = True  # gone for good: missed hands count from now
                self.store.set_sitting_out(self.id, number, True)
            if seat.sitting_out:
                seat.missed += 1
                if seat.missed >= self.settings.missed_hands:
                    self._stand(number)
        if self.bots and any(s is None for s in self.seats):
            humans = sum(1 for s in self.seats if s is not None and s.bot is None)
            bots = sum(1 for s in self.seats if s is not None and s.bot is not None)
            if humans and bots < max(1, self.size - 2):
                self.add_bot(self.settings.bot)

    # -- publishing -----------------------------------------------------------------

    def _moment(self, events: tuple[Any, ...] = (), notes: tuple[str, ...] = ()) -> Moment:
        clock = None
        hand = self.hand
        if hand is not None and hand.actor is not None and self._deadline is not None:
            number = self.hand_seats[hand.actor]
            seat = self.seats[number]
            bank = seat.bank if seat else 0.0
            left = self._deadline - self._clock()
            clock = Clock(number, time.time() + left, bank)
        infos = tuple(None if s is None else s.seat_info() for s in self.seats)
        return Moment(
            table=self.id,
            name=self.name,
            rules=self.rules,
            seats=infos,
            hand=hand,
            hand_seats=self.hand_seats,
            hand_sittings=self.hand_sittings,
            hand_id=self.hand_id,
            clock=clock,
            events=events,
            notes=notes,
            shuffle=self.shuffle,
            next_deck=self.dealer.next.root,
        )

    def _publish(
        self,
        events: tuple[Any, ...] = (),
        notes: tuple[str, ...] = (),
        ack: tuple[Viewer, int] | None = None,
    ) -> None:
        """Number and log a change, and send each viewer what changed for it; the
        connection whose action it is (``ack``) has the action's ``seq`` in its frame."""
        self._no += 1
        newest = Published(self._no, self._moment(events, notes), self._people())
        before = self._log[-1] if self._log else None  # None: a table not started yet
        self._log.append(newest)
        if before is None or not self._viewers:
            self._view = None
            return
        view = self._view
        was = view if view is not None and view.no == before.no else TableView(before)
        now = TableView(newest, was)
        frames = EventFrames(now, was)
        acked, seq = ack or (None, 0)
        for viewer in self._viewers:
            text = frames.text(viewer.account)
            viewer.push(text if viewer is not acked else frames.acknowledging(text, seq))
        self._view = now

    def _catch_up(self, viewer: Viewer, hello: Hello) -> None:
        """A joining viewer gets the changes since the event it holds, if this run
        logged that one (the client holds the table as that moment's frame left it),
        else a snapshot of the newest moment, which the next change is from."""
        first, newest, last = self._log[0].no, self._log[-1], hello.last
        if hello.epoch == self.epoch and last is not None and first <= last <= newest.no:
            views: list[TableView] = []
            for published in list(self._log)[last - first :]:
                views.append(TableView(published, views[-1] if views else None))
            for before, now in itertools.pairwise(views):
                viewer.push(EventFrames(now, before).text(viewer.account))
            return
        seat = newest.people.get(viewer.account)
        table = project(newest.moment, seat)
        log = project_log(newest.moment, seat)
        viewer.push(frame("snapshot", no=newest.no, table=table, log=log))

    # -- restart --------------------------------------------------------------------

    def _restore(self) -> None:
        """Seats as stored (with the last ``seq`` each applied, and a leave asked for),
        and the hand that was in play dealt again and replayed."""
        last_seqs = self.store.last_seqs(self.id)
        for row in self.store.seats(self.id):
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
                dropped_at=None if bot else self._clock(),
            )
        unfinished = self.store.unfinished_hand(self.id)
        if unfinished is None:
            return
        self.hand_id = unfinished.id
        deck = list(parse_cards(unfinished.deck))
        shuffle = stored_shuffle(unfinished.shuffle)
        self.shuffle = shuffle if shuffle is not None and list(shuffle.dealt) == deck else None
        self.hand = new_hand(self.rules, unfinished.stacks, deck=deck)
        self.hand_seats = tuple(unfinished.seats)
        self.hand_sittings = self._sittings(self.hand_seats)
        for _, data, _ in unfinished.actions:
            act = Act(type="act", seq=1, **data)
            self.hand = self.hand.apply(action_of(act))
        self._actions = len(unfinished.actions)
        self._no = 1
        moment = replace(self._moment(), notes=("The table is back",))
        self._log.append(Published(1, moment, self._people()))
        self._hand_first_no = 1
        self._start_turn()
