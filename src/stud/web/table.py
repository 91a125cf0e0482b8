"""One table's task: it feeds the table's logic one input at a time and carries out
the effects each returns.

Clients never touch a hand. Their commands go into the table's queue; the task
hands each to the logic (``stud.web.table_logic``), which decides and answers with
effects: rows to store, frames to send, steps to take once those are done. The task
carries them out in order, so nothing is published before it is stored. A hand's
deal, actions and end are stored by the writer thread, which commits many tables'
writes at once; seats, sitting out and chat are stored in a worker thread. Either
way the task awaits the write and the other tables play on meanwhile: nothing a
table does waits on the database on the event loop.

A table is reached only through ``TableHandle`` (``submit`` a command, ``stop``),
so tables can later live in other processes behind the same interface.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from stud.rules import Rules
from stud.state import HandState
from stud.web.cash_seating import CashSeating
from stud.web.chat import KEPT
from stud.web.effects import (
    ActionRow,
    ChatLine,
    Close,
    Effect,
    Effects,
    FinishRow,
    Later,
    LeavingRow,
    Publish,
    Row,
    Send,
    SitRow,
    SittingOutRow,
    StandRow,
    StartRow,
    Write,
)
from stud.web.frames import frame
from stud.web.protocol import Command, Hello, ProtocolError
from stud.web.recent import HOUR, RecentHand
from stud.web.seat import Seat
from stud.web.settings import Settings
from stud.web.store import Store, StoreError
from stud.web.table_logic import Seating, StoredHand, StoredSeat, TableLogic
from stud.web.viewer import Viewer

__all__ = ["Table", "TableHandle", "store_row"]

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


@dataclass(frozen=True, slots=True)
class _AddBot:
    name: str
    quiet: bool
    done: asyncio.Future[None]


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


@dataclass(frozen=True, slots=True)
class _Loaded:
    """A table as stored, read in a worker thread before the task takes inputs."""

    seats: list[StoredSeat]
    last_seqs: dict[int, int]
    unfinished: StoredHand | None
    pots: list[tuple[float, int]]
    chat: list[tuple[str, str, float]]


async def store_row(store: Store, row: Row, epoch: int | None = None) -> Any:
    """Store one row the logic asked for; the store's answer (a seat's row, a hand's id).

    A hand's rows go through the writer thread, with the table's lease ``epoch`` on
    many processes (the database refuses them under any other); the rest are one
    transaction each in a worker thread."""
    match row:
        case ActionRow():
            return await store.save_action(
                row.hand, row.number, row.seat, row.action, row.timed_out, row.seq, epoch
            )
        case StartRow():
            return await store.save_start(
                row.table,
                row.deck,
                row.seats,
                row.names,
                row.accounts,
                row.stacks,
                row.shuffle,
                epoch,
            )
        case FinishRow():
            return await store.save_finish(
                row.hand, row.table, row.stacks, row.pot, row.phh, rake=row.rake, epoch=epoch
            )
        case SitRow():
            return await asyncio.to_thread(
                store.sit, row.table, row.seat, row.account, row.buy_in, bot=row.bot, name=row.name
            )
        case StandRow():
            return await asyncio.to_thread(store.stand, row.table, row.seat)
        case SittingOutRow():
            return await asyncio.to_thread(
                store.set_sitting_out, row.table, row.seat, row.sitting_out
            )
        case LeavingRow():
            return await asyncio.to_thread(store.set_leaving, row.table, row.seat)
        case ChatLine():
            return await asyncio.to_thread(
                store.add_chat, row.table, row.account, row.name, row.text
            )
    raise TypeError(f"no way to store {row!r}")


class Table:
    """A table task: the one owner of its logic, which holds seats, hand and clocks."""

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
        seating: Seating | None = None,
    ) -> None:
        self.id = table_id
        self.store = store
        self.logic = TableLogic(
            table_id,
            name,
            rules,
            size,
            settings,
            seating or CashSeating(),
            bots=bots,
            clock=clock,
        )
        self._queue: asyncio.Queue[object] = asyncio.Queue()
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = 0.0
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        """Set once the stored table is restored and its first effects carried out."""
        self._bots: list[asyncio.Future[None]] = []
        """Bots asked for and not yet seated."""
        self.on_change: Callable[[], None] | None = None
        """Told each time the table publishes a change (the lobby's feed listens)."""
        self.fence: int | None = None
        """The lease epoch its hands are stored under, when a worker of a cardroom on
        many processes owns it (``stud.web.cluster``); none in one process."""

    # -- what the rest of the server reads -------------------------------------------

    @property
    def name(self) -> str:
        return self.logic.name

    @property
    def size(self) -> int:
        return self.logic.size

    @property
    def rules(self) -> Rules:
        return self.logic.rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        self.logic.rules = rules

    @property
    def seats(self) -> list[Seat | None]:
        return self.logic.seats

    @property
    def hand(self) -> HandState | None:
        return self.logic.play.hand

    @property
    def recent(self) -> list[RecentHand]:
        """The hands this table finished lately, the newest last."""
        return list(self.logic.play.recent)

    # -- the handle -----------------------------------------------------------------

    def start(self) -> None:
        """Start the task: it reads the table as stored (in a worker thread), restores
        it, and then takes inputs."""
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")

    async def ready(self) -> None:
        """Wait until the stored table is restored and the bots asked for so far sat down."""
        await self._ready.wait()
        await asyncio.gather(*self._bots)

    def join(self, viewer: Viewer, hello: Hello) -> None:
        self._queue.put_nowait(_Join(viewer, hello))

    def part(self, viewer: Viewer) -> None:
        self._queue.put_nowait(_Part(viewer))

    def submit(self, viewer: Viewer, command: Command) -> None:
        self._queue.put_nowait(_From(viewer, command))

    def add_bot(self, name: str, quiet: bool = False) -> asyncio.Future[None]:
        """Seat a bot in the first empty seat, buying in from the house, in its turn
        among the table's inputs; done once it is seated (or could not be)."""
        done = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_AddBot(name, quiet, done))
        self._bots = [*(b for b in self._bots if not b.done()), done]
        return done

    def wake(self) -> None:
        """Look again at whether a hand is due: something outside the task changed it
        (a tournament's next round)."""
        self._queue.put_nowait(_WAKE)

    def note(self, *notes: str) -> None:
        """Tell everyone at the table now (a numbered event, like every other change):
        for what changes it from outside its inputs (a tournament's director)."""
        self._carry_out_now(self.logic.publish(notes=notes))

    async def stop(self) -> None:
        self._queue.put_nowait(_STOP)
        if self._task is not None:
            await self._task

    @property
    def odds(self) -> bool:
        """Whether a player here may be told their odds: at a practice table (one with
        bots and no rake), yes; at a cash table played for the house's rake, no."""
        return self.logic.bots and not self.logic.rules.rake

    def summary(self) -> dict[str, Any]:
        logic = self.logic
        taken = sum(1 for s in logic.seats if s is not None)
        hands, average_pot = logic.play.last_hour.figures(logic.wall())
        return {
            "id": self.id,
            "name": logic.name,
            "variant": logic.rules.variant.value,
            "game": logic.rules.variant.game_name,
            "stakes": logic.rules.stakes,
            "rake": logic.rules.rake,
            "seats": logic.size,
            "taken": taken,
            "bots": logic.bots,
            "odds": self.odds,
            "average_pot": round(average_pot),
            "hands_per_hour": hands,
            "buy_in": dict(zip(("min", "max"), logic.buy_in_range, strict=True))
            | {"default": logic.default_buy_in},
        }

    # -- the task -------------------------------------------------------------------

    def _load(self) -> _Loaded:
        since = datetime.now(UTC) - timedelta(seconds=HOUR)
        store = self.store
        return _Loaded(
            seats=list(store.seats(self.id)),
            last_seqs=store.last_seqs(self.id),
            unfinished=store.unfinished_hand(self.id),
            pots=store.pots_since(self.id, since),
            chat=store.recent_chat(self.id, KEPT),
        )

    async def _run(self) -> None:
        try:
            loaded = await asyncio.to_thread(self._load)
            await self.carry_out(
                self.logic.restore(
                    loaded.seats, loaded.last_seqs, loaded.unfinished, loaded.pots, loaded.chat
                )
            )
        except Exception:
            log.exception("table %s: restoring the stored table failed", self.id)
        finally:  # whatever was restored, a snapshot and a first change have a moment
            self.logic.moments.begin(self.logic.moment(), self.logic.people())
            self._ready.set()
        while True:
            item = await self._next()
            if item is _STOP:
                if self._timer is not None:
                    self._timer.cancel()
                self._carry_out_now(self.logic.close())
                return
            viewer = item.viewer if isinstance(item, _From | _Join) else None
            try:
                await self.carry_out(self._input(item))
            except (StoreError, ProtocolError) as error:  # refused: say so, keep the table
                if viewer is not None:
                    viewer.push(frame("error", message=str(error), **error.json()))
                else:
                    log.warning("table %s: %r refused: %s", self.id, item, error)
                if item is _DUE:
                    self.logic.clock_failed()
            except Exception:  # a bug must not take the table down with it
                log.exception("table %s: %r failed", self.id, item)
                if item is _DUE:
                    self.logic.clock_failed()
                if viewer is not None:
                    viewer.push(frame("error", message="the server failed on that; sorry"))
            finally:
                if isinstance(item, _AddBot) and not item.done.done():
                    item.done.set_result(None)

    def _input(self, item: object) -> Effects:
        """The logic's answer to one item of the queue."""
        logic = self.logic
        if item is _DUE:
            return logic.tick()
        if item is _WAKE:
            return logic.maybe_deal()
        if isinstance(item, _Join):
            return logic.join(item.viewer, item.hello)
        if isinstance(item, _Part):
            return logic.part(item.viewer)
        if isinstance(item, _From):
            return logic.command(item.viewer, item.command)
        if isinstance(item, _AddBot):
            return [*logic.seating.add_bot(logic, item.name, item.quiet), Later(logic.maybe_deal)]
        raise TypeError(f"a table takes no {item!r}")

    async def carry_out(self, effects: Effects) -> None:
        """Do what the logic asked, in order: each write awaited, and the steps that
        follow a write or come ``Later`` taken when reached (their effects first)."""
        for effect in effects:
            if isinstance(effect, Write):
                answer = await store_row(self.store, effect.row, self.fence)
                if effect.then is not None:
                    await self.carry_out(effect.then(answer))
            elif isinstance(effect, Later):
                await self.carry_out(effect.step())
            elif (pending := self.deliver(effect)) is not None:
                await pending

    def _carry_out_now(self, effects: Effects) -> None:
        """Effects that need no store (sending, closing), carried out at once."""
        for effect in effects:
            if isinstance(effect, Write):
                raise TypeError(f"{effect.row!r} cannot be stored here without waiting")
            if isinstance(effect, Later):
                self._carry_out_now(effect.step())
            elif self.deliver(effect) is not None:
                raise TypeError(f"{effect!r} cannot be carried out here without waiting")

    def deliver(self, effect: Effect) -> Awaitable[None] | None:
        """Send a frame, publish a change to each connection, or close a connection; an
        effect that must be waited for (a tournament's) returns what to await."""
        if isinstance(effect, Publish):
            acked, frames = effect.acked, effect.frames
            for viewer in effect.viewers:
                text = frames.text(viewer.account)
                viewer.push(text if viewer is not acked else frames.acknowledging(text, effect.seq))
            if self.on_change is not None:
                self.on_change()
        elif isinstance(effect, Send):
            effect.viewer.push(effect.text)
        elif isinstance(effect, Close):
            effect.viewer.close()
        else:
            raise TypeError(f"a table cannot carry out {effect!r}")
        return None

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
                if wake <= self.logic.clock():
                    return _DUE
                self._ring_at(wake)
            item = await self._queue.get()
            if item is not _RING:
                return item

    def _wake_at(self) -> float | None:
        return self.logic.wake_at()

    def _ring_at(self, wake: float) -> None:
        if self._timer is not None:
            if self._timer_at <= wake:
                return
            self._timer.cancel()
        self._timer_at = wake
        delay = wake - self.logic.clock()
        self._timer = asyncio.get_running_loop().call_later(delay, self._ring)

    def _ring(self) -> None:
        self._timer = None
        self._queue.put_nowait(_RING)
