"""Cards: ranks, suits, and the ``As Td 2c`` notation.

Suits are ordered clubs < diamonds < hearts < spades (R1.1) by their values, not by
the alphabet, so every "by suit" decision (the bring-in, odd chips) compares
``Suit`` values directly.

Every card also has an integer ``code`` in ``0..51``: ``(rank - 2) * 4 + suit``.
That is the one card encoding of the fast paths (see ``stud.evaluation.kernels``):
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

_TOKEN = re.compile(r"\S{2}")


def parse_card(text: str) -> Card:
    """One card from its notation; the error names the bad text."""
    card = _BY_TEXT.get(text.strip().lower())
    if card is None:
        raise CardError(
            f"{text!r} is not a card: write a rank (2-9, T, J, Q, K, A) then a suit (c, d, h, s)"
        )
    return card


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Cards from ``"As Td 2c"``, ``"AsTd2c"`` or ``"As,Td,2c"``.

    The error names the first bad token and its position, and a card named twice is
    refused unless ``allow_duplicates``.
    """
    cards: list[Card] = []
    seen: set[Card] = set()
    for word_number, word in enumerate(re.split(r"[\s,]+", text.strip()), start=1):
        if not word:
            continue
        if len(word) % 2:
            raise CardError(
                f"{word!r} (word {word_number} of {text!r}) is not a whole number of cards"
            )
        for token in _TOKEN.findall(word):
            try:
                card = parse_card(token)
            except CardError as error:
                raise CardError(f"{error} (in word {word_number} of {text!r})") from None
            if card in seen and not allow_duplicates:
                raise CardError(f"{card} appears twice in {text!r}")
            seen.add(card)
            cards.append(card)
    return tuple(cards)


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """Cards in notation, joined by ``sep`` (``"As Td 2c"``)."""
    return sep.join(str(c) for c in cards)


def iter_codes(cards: Iterable[Card]) -> Iterator[int]:
    """The integer codes of cards, for the fast paths."""
    return (c.code for c in cards)
