"""Cards: ranks, suits, and the ``As Td 2c`` notation.

Suits are ordered clubs < diamonds < hearts < spades (R1.1) by their values, not by
the alphabet, so every "by suit" decision (the bring-in, odd chips) compares
``Suit`` values directly.

Every card also has an integer ``code`` in ``0..51``: ``(rank - 2) * 4 + suit``.
That is the one card encoding of the fast paths (see ``stud.compiled.evaluation``):
deuces are codes 0-3 (clubs to spades), aces 48-51, and ``code // 4 + 2`` gives the
rank back, ``code % 4`` the suit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum
from functools import total_ordering

__all__ = [
    "DECK",
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_hand",
]


class CardError(ValueError):
    """A card string that does not name a card, or cards that cannot go together."""


class Rank(IntEnum):
    """Card ranks by their high value (the ace is high unless a rule says low)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The rank's letter in card notation: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_CHARS[self - 2]

    @property
    def low(self) -> int:
        """The rank's value when the ace plays low (ace 1, deuce 2, ... king 13)."""
        return 1 if self is Rank.ACE else int(self)


class Suit(IntEnum):
    """Suits in the order used for every by-suit decision (R1.1)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The suit's letter in card notation: ``c``, ``d``, ``h``, ``s``."""
        return _SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol, for people: ``♣ ♦ ♥ ♠``."""
        return "♣♦♥♠"[self]


_RANK_CHARS = "23456789TJQKA"
_SUIT_CHARS = "cdhs"


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One card. Cards order by rank, then suit (so ``Ac`` < ``As``)."""

    rank: Rank
    suit: Suit

    @property
    def code(self) -> int:
        """The card's integer code, ``(rank - 2) * 4 + suit``, in ``0..51``."""
        return (self.rank - 2) * 4 + self.suit

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with the given integer code (``0..51``)."""
        if not 0 <= code < 52:
            raise CardError(f"card code {code} is outside 0..51")
        return _BY_CODE[code]

    @classmethod
    def parse(cls, text: str) -> Card:
        """One card from its two-letter notation, such as ``As`` or ``td``."""
        return parse_card(text)

    def __str__(self) -> str:
        return self.rank.char + self.suit.char

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code < other.code


_BY_CODE: tuple[Card, ...] = tuple(Card(Rank(r), Suit(s)) for r in range(2, 15) for s in range(4))
_BY_TEXT: dict[str, Card] = {str(c).lower(): c for c in _BY_CODE}

#: The 52 cards in code order (deuce of clubs first, ace of spades last).
DECK: tuple[Card, ...] = _BY_CODE

_CARD = re.compile(r"(10|[2-9tjqka])([cdhs])", re.IGNORECASE)
_WORD = re.compile(r"[^\s,()\[\]]+")
_CLOSE = {"(": ")", "[": "]"}


def parse_card(text: str) -> Card:
    """One card from its notation (``As``, ``td``, ``10h``); the error names the bad text."""
    match = _CARD.fullmatch(text.strip())
    if match is None:
        raise CardError(f"{text!r} is not a card: {_why_not(text.strip())}")
    return _card_of(match)


def _card_of(match: re.Match[str]) -> Card:
    rank, suit = match.groups()
    return _BY_TEXT[("t" if rank == "10" else rank.lower()) + suit.lower()]


def _why_not(token: str) -> str:
    """Why ``token`` is not a card, for the error message."""
    rank_length = 2 if token.startswith("10") else 1
    rank, suit = token[:rank_length], token[rank_length : rank_length + 1]
    if not rank:
        return "it is empty"
    if rank_length == 1 and rank.lower() not in "23456789tjqka":
        return f"{rank!r} is not a rank (2-9, T or 10, J, Q, K, A)"
    if not suit:
        return "it has no suit (c, d, h, s)"
    if suit.lower() not in "cdhs":
        return f"{suit!r} is not a suit (c, d, h, s)"
    return f"{token[rank_length + 1 :]!r} follows the card {token[: rank_length + 1]}"


def parse_hand(text: str, *, allow_duplicates: bool = False) -> list[tuple[Card, bool]]:
    """Each card and whether it is marked face down: ``"(Ah 2h) 3h"`` is
    ``[(Ah, True), (2h, True), (3h, False)]``.

    Parentheses (or brackets, as the text history writes them) mark face-down
    cards, the rest are face up. Cards may be separated by spaces or commas, or
    written together (``AsTd2c``), and ``10`` is a ten. The error says which token
    is wrong, where, and why; a card named twice is refused unless
    ``allow_duplicates``.
    """
    cards: list[tuple[Card, bool]] = []
    seen: set[Card] = set()
    closing: str | None = None
    at = 0

    def fail(why: str) -> CardError:
        return CardError(f"{why} (at character {at + 1} of {text!r})")

    while at < len(text):
        char = text[at]
        if char.isspace() or char == ",":
            at += 1
        elif char in _CLOSE:
            if closing is not None:
                raise fail(f"{char!r} opens a group inside another")
            closing = _CLOSE[char]
            at += 1
        elif char in ")]":
            if char != closing:
                raise fail(f"{char!r} closes a group that was not opened")
            closing = None
            at += 1
        elif (match := _CARD.match(text, at)) is not None:
            card = _card_of(match)
            if card in seen and not allow_duplicates:
                raise fail(f"{card} appears twice")
            seen.add(card)
            cards.append((card, closing is not None))
            at = match.end()
        else:
            word = _WORD.match(text, at)
            token = word.group() if word is not None else char
            raise fail(f"{token!r} is not a card: {_why_not(token)}")
    if closing is not None:
        raise CardError(f"{closing!r} is missing at the end of {text!r}")
    return cards


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Cards from ``"As Td 2c"``, ``"AsTd2c"``, ``"As,Td,2c"`` or ``"(Ah 2h) 3h"``, in order.

    Parentheses marking face-down cards are accepted and ignored here
    (``parse_hand`` says which cards they mark); the rules of ``parse_hand`` apply.
    """
    return tuple(card for card, _ in parse_hand(text, allow_duplicates=allow_duplicates))


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """Cards in notation, joined by ``sep`` (``"As Td 2c"``)."""
    return sep.join(str(c) for c in cards)


def iter_codes(cards: Iterable[Card]) -> Iterator[int]:
    """The integer codes of cards, for the fast paths."""
    return (c.code for c in cards)
