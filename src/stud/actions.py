"""Typed player actions and the events a hand records.

Amounts in wagering actions are *totals for the street* ("raise to 400"), as players
announce them and as PHH writes them (``cbr 400``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from stud.cards import Card, format_cards
from stud.core import codes
from stud.words import said

__all__ = [
    "Action",
    "ActionTaken",
    "AntePosted",
    "Bet",
    "BetReturned",
    "BringIn",
    "Call",
    "CardsDealt",
    "Check",
    "CommunityCardDealt",
    "Complete",
    "Event",
    "Fold",
    "HandMucked",
    "HandShown",
    "Muck",
    "PotAwarded",
    "Raise",
    "RakeTaken",
    "Share",
    "Show",
    "StreetStarted",
    "action_of",
    "code_of",
]


@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand."""

    word: ClassVar[str] = "fold"

    def __str__(self) -> str:
        return said(self.word)


@dataclass(frozen=True, slots=True)
class Check:
    """Pass when there is nothing to call."""

    word: ClassVar[str] = "check"

    def __str__(self) -> str:
        return said(self.word)


@dataclass(frozen=True, slots=True)
class Call:
    """Match the highest wager (or all of one's chips, all-in)."""

    word: ClassVar[str] = "call"

    def __str__(self) -> str:
        return said(self.word)


@dataclass(frozen=True, slots=True)
class BringIn:
    """Post the bring-in: the forced opening wager on third street (R4)."""

    word: ClassVar[str] = "bring_in"

    def __str__(self) -> str:
        return said(self.word)


@dataclass(frozen=True, slots=True)
class Complete:
    """Raise the bring-in (or a short all-in bet) to the full bet (R4.4)."""

    word: ClassVar[str] = "complete"

    to: int

    def __str__(self) -> str:
        return said(self.word, self.to)


@dataclass(frozen=True, slots=True)
class Bet:
    """Open the betting on fourth street or later."""

    word: ClassVar[str] = "bet"

    to: int

    def __str__(self) -> str:
        return said(self.word, self.to)


@dataclass(frozen=True, slots=True)
class Raise:
    """Raise the highest wager to ``to``."""

    word: ClassVar[str] = "raise"

    to: int

    def __str__(self) -> str:
        return said(self.word, self.to)


@dataclass(frozen=True, slots=True)
class Show:
    """At showdown, show the hand to claim the pot (R6.2)."""

    word: ClassVar[str] = "show"

    def __str__(self) -> str:
        return said(self.word)


@dataclass(frozen=True, slots=True)
class Muck:
    """At showdown, throw the hand away and give up any claim to the pot."""

    word: ClassVar[str] = "muck"

    def __str__(self) -> str:
        return said(self.word)


Action = Fold | Check | Call | BringIn | Complete | Bet | Raise | Show | Muck
"""Everything a player can do."""


class Share(StrEnum):
    """Which part of a pot an award is."""

    WHOLE = "whole"
    HIGH = "high"
    LOW = "low"


@dataclass(frozen=True, slots=True)
class AntePosted:
    """A player posted the ante (all of their chips if they had less, R3.1)."""

    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class StreetStarted:
    """A new street (3 to 7) begins."""

    street: int


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """Cards dealt to one player on one street, face down and face up."""

    seat: int
    street: int
    down: tuple[Card, ...]
    up: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order they were dealt (down cards first on third street)."""
        return self.down + self.up

    def __str__(self) -> str:
        parts = []
        if self.down:
            parts.append(f"[{format_cards(self.down)}]")
        if self.up:
            parts.append(format_cards(self.up))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class CommunityCardDealt:
    """The deck ran short on seventh street: one card for everyone (R3.4)."""

    card: Card


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """A player's action, with the chips it put in and whether it left them all-in."""

    seat: int
    street: int
    action: Action
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class BetReturned:
    """The part of a bet nobody called, given back to its bettor (R6.1)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class HandShown:
    """A player showed their cards at showdown."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandMucked:
    """A player threw their hand away at showdown."""

    seat: int


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """Chips from one pot (0 is the main pot) or one half of it, to one player.

    ``hand`` names the winning hand, or is empty when everyone else folded.
    """

    seat: int
    amount: int
    pot: int
    share: Share
    hand: str


@dataclass(frozen=True, slots=True)
class RakeTaken:
    """The house took ``amount`` chips from pot number ``pot`` before awarding it (R9)."""

    pot: int
    amount: int


Event = (
    AntePosted
    | StreetStarted
    | CardsDealt
    | CommunityCardDealt
    | ActionTaken
    | BetReturned
    | HandShown
    | HandMucked
    | RakeTaken
    | PotAwarded
)
"""Everything a hand records, in order."""


def code_of(action: Action) -> tuple[int, int]:
    """An action's kind code (``core.codes``) and amount (0 unless it names a total)."""
    match action:
        case Fold():
            return codes.FOLD, 0
        case Check():
            return codes.CHECK, 0
        case Call():
            return codes.CALL, 0
        case BringIn():
            return codes.BRING_IN, 0
        case Complete(to):
            return codes.COMPLETE, to
        case Bet(to):
            return codes.BET, to
        case Raise(to):
            return codes.RAISE, to
    raise ValueError(f"{action} is not a betting action")


_BY_KIND: dict[int, Action] = {
    codes.FOLD: Fold(),
    codes.CHECK: Check(),
    codes.CALL: Call(),
    codes.BRING_IN: BringIn(),
}


def action_of(kind: int, amount: int) -> Action:
    """The action of a kind code and amount (the inverse of ``code_of``)."""
    if kind in _BY_KIND:
        return _BY_KIND[kind]
    if kind == codes.COMPLETE:
        return Complete(amount)
    if kind == codes.BET:
        return Bet(amount)
    if kind == codes.RAISE:
        return Raise(amount)
    raise ValueError(f"{kind} is not an action kind code")
