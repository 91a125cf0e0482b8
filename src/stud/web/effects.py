"""What a table's logic asks for, as values: frames to send, rows to store, steps to
take once those are done.

The table's logic (``stud.web.table_logic``) never sends or stores anything. Each
input it takes (a command, a clock tick, a connection joining or leaving) returns a
list of these, and the table's task (``stud.web.table``) carries them out in order:
a ``Write`` is awaited before the next effect, so what players hear always comes
after what is stored. A ``Write`` whose answer the logic needs (a new hand's number,
a seat's stored name) names the step that takes it (``then``), and a ``Later`` is a
step the logic takes only once everything before it is done (a seat stood up, say,
before the next deal counts the empty seats). If a write fails, the rest of that
input's effects are dropped: the logic changes nothing a failed write was for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from stud.web.frames import EventFrames

__all__ = [
    "ActionRow",
    "ChatLine",
    "Close",
    "Effect",
    "Effects",
    "FinishRow",
    "Later",
    "LeavingRow",
    "Publish",
    "Row",
    "Send",
    "SitRow",
    "SittingOutRow",
    "StandRow",
    "StartRow",
    "Watcher",
    "Write",
]


class Watcher(Protocol):
    """A connection as the table's logic knows it: whose it is, by what name, and what
    the table's task does with it (the logic itself never sends or closes)."""

    @property
    def account(self) -> int | None: ...

    @property
    def name(self) -> str: ...

    def push(self, text: str) -> None: ...

    def close(self) -> None: ...


class Effect:
    """Something the table's task is to do."""

    __slots__ = ()


Effects = list[Effect]


@dataclass(frozen=True, slots=True)
class Send(Effect):
    """One frame to one connection."""

    viewer: Watcher
    text: str


@dataclass(frozen=True, slots=True)
class Publish(Effect):
    """A numbered change, to each connection as it may see it; the connection whose
    action it is (``acked``) gets its ``seq`` in the frame."""

    frames: EventFrames
    viewers: Sequence[Watcher]
    acked: Watcher | None = None
    seq: int = 0


@dataclass(frozen=True, slots=True)
class Close(Effect):
    """End a connection, once the frames queued for it are sent."""

    viewer: Watcher


class Row:
    """A change to store."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Write(Effect):
    """Store ``row``; when ``then`` is given it takes the store's answer and says what
    follows (done before any later effect)."""

    row: Row
    then: Callable[[Any], Effects] | None = None


@dataclass(frozen=True, slots=True)
class Later(Effect):
    """A step of the logic's, taken once every effect before it is carried out."""

    step: Callable[[], Effects]


@dataclass(frozen=True, slots=True)
class SitRow(Row):
    """Someone buys in at a seat (a bot from the house); the answer is the seat's row."""

    table: int
    seat: int
    account: int | None
    buy_in: int
    bot: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class StandRow(Row):
    """A seat stands up: its stack goes back to its bankroll."""

    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class SittingOutRow(Row):
    table: int
    seat: int
    sitting_out: bool


@dataclass(frozen=True, slots=True)
class LeavingRow(Row):
    """A seat stands up once its hand is over."""

    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class ChatLine(Row):
    table: int
    account: int
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class StartRow(Row):
    """A hand dealt: its deck and who was dealt in; the answer is the hand's number."""

    table: int
    deck: str
    seats: tuple[int, ...]
    names: tuple[str, ...]
    accounts: tuple[int, ...]
    stacks: tuple[int, ...]
    shuffle: str


@dataclass(frozen=True, slots=True)
class ActionRow(Row):
    """One action of a hand, stored before anyone hears of it."""

    hand: int
    number: int
    seat: int
    action: dict[str, Any]
    timed_out: bool
    seq: int | None


@dataclass(frozen=True, slots=True)
class FinishRow(Row):
    """A hand over: the seats' stacks, its history, the house's rake (R9)."""

    hand: int
    table: int
    stacks: dict[int, int]
    pot: int
    phh: str
    rake: int
