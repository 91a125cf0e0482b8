"""Reference hand evaluators: plain Python, written to be read and trusted.

These are the oracle that the compiled kernels are checked against, and they define
the hand values used across stud. Each looks at every five-card subset of the cards
it is given, so it is slow by design and obviously right.

Value encodings (one integer per hand, so hands compare with ``<``):

* **High** (higher is better): ``category << 20 | r1 << 16 | r2 << 12 | r3 << 8 |
  r4 << 4 | r5``, the categories of ``HighCategory`` and the five ranks (2..14) in
  the order that breaks ties: grouped cards first (the trips of a full house before
  its pair), then kickers high to low. A five-high straight (the wheel) has ranks
  ``5 4 3 2 1``.
* **Eight-or-better low** (lower is better, ``None`` when no low qualifies): the five
  different ranks, ace as 1, highest first: ``r1 << 16 | ... | r5``. 8-6-5-4-3 is
  ``0x86543``; the wheel is ``0x54321``.
* **Razz (A-5) low** (lower is better, always defined): like high but with the ace
  low and straights and flushes ignored: ``pairing << 20 | ranks`` where pairing is
  0 for five different ranks, then one pair, two pair, trips, full house, quads.
* **Showing value** for first to act (R5.3), over the face-up cards only: pairs, two
  pair, trips and quads, then high cards; no straights or flushes. ``pairing << 20 |
  ranks`` as for razz but with the ace high; for razz the same with the ace low,
  where the lowest showing hand acts first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations

from stud.cards import Card, Rank
from stud.said import N_, NC_, Said

__all__ = [
    "HighCategory",
    "best_high_five",
    "best_low8_five",
    "describe_high",
    "describe_high_so_far",
    "describe_low",
    "describe_low_draw",
    "five_card_high",
    "high_category",
    "high_value",
    "low8_value",
    "razz_value",
    "said_high",
    "said_high_so_far",
    "said_low",
    "said_low_draw",
    "showing_value",
]


class HighCategory(IntEnum):
    """High-hand categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


def _pack(ranks: Sequence[int]) -> int:
    value = 0
    for r in ranks:
        value = value << 4 | r
    return value << 4 * (5 - len(ranks))


def _grouped(ranks: Sequence[int]) -> tuple[int, list[int]]:
    """The pairing class (0 none .. 5 quads) and the ranks in tie-break order."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)[:2]
    pairing = {
        (): 0,
        (2,): 1,
        (2, 2): 2,
        (3,): 3,
        (3, 2): 4,
        (4,): 5,
    }[tuple(n for n in shape if n > 1)]
    return pairing, [r for r in order for _ in range(counts[r])]


# Pairing class (from _grouped) to the high category of a hand with no straight or flush.
_PAIRING_TO_HIGH = (
    HighCategory.HIGH_CARD,
    HighCategory.PAIR,
    HighCategory.TWO_PAIR,
    HighCategory.THREE_OF_A_KIND,
    HighCategory.FULL_HOUSE,
    HighCategory.FOUR_OF_A_KIND,
)


def five_card_high(cards: Sequence[Card]) -> int:
    """The high value of exactly five cards."""
    if len(cards) != 5:
        raise ValueError(f"five_card_high takes 5 cards, not {len(cards)}")
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    distinct = len(set(ranks)) == 5
    straight_top = 0
    if distinct and ranks[0] - ranks[4] == 4:
        straight_top = ranks[0]
    elif distinct and ranks == [14, 5, 4, 3, 2]:
        straight_top = 5
    if straight_top:
        run = [5, 4, 3, 2, 1] if straight_top == 5 else ranks
        category = HighCategory.STRAIGHT_FLUSH if flush else HighCategory.STRAIGHT
        return category << 20 | _pack(run)
    if flush:
        return HighCategory.FLUSH << 20 | _pack(ranks)
    pairing, ordered = _grouped(ranks)
    return _PAIRING_TO_HIGH[pairing] << 20 | _pack(ordered)


def _check_size(cards: Sequence[Card], low: int = 5, high: int = 7) -> None:
    if not low <= len(cards) <= high:
        raise ValueError(f"a hand has {low} to {high} cards, not {len(cards)}")
    if len(set(cards)) != len(cards):
        raise ValueError("a hand cannot hold the same card twice")


def best_high_five(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The five cards that make the best high hand (5 to 7 cards given)."""
    _check_size(cards)
    return max(combinations(cards, 5), key=five_card_high)


def high_value(cards: Sequence[Card]) -> int:
    """The value of the best five-card high hand in 5 to 7 cards."""
    return five_card_high(best_high_five(cards))


def high_category(value: int) -> HighCategory:
    """The category of a high value."""
    return HighCategory(value >> 20)


def _five_card_low8(cards: Sequence[Card]) -> int | None:
    lows = sorted((c.rank.low for c in cards), reverse=True)
    if len(set(lows)) != 5 or lows[0] > 8:
        return None
    return _pack(lows)


def best_low8_five(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The five cards of the best eight-or-better low (R6.4), or ``None``."""
    _check_size(cards)
    best: tuple[Card, ...] | None = None
    best_value = 0
    for five in combinations(cards, 5):
        value = _five_card_low8(five)
        if value is not None and (best is None or value < best_value):
            best, best_value = five, value
    return best


def low8_value(cards: Sequence[Card]) -> int | None:
    """The best eight-or-better low in 5 to 7 cards (lower is better), or ``None``."""
    five = best_low8_five(cards)
    return None if five is None else _five_card_low8(five)


def _five_card_razz(cards: Sequence[Card]) -> int:
    pairing, ordered = _grouped([c.rank.low for c in cards])
    return pairing << 20 | _pack(ordered)


def razz_value(cards: Sequence[Card]) -> int:
    """The best A-5 low (razz) in 5 to 7 cards; lower is better, always defined."""
    _check_size(cards)
    return min(_five_card_razz(five) for five in combinations(cards, 5))


def showing_value(up_cards: Sequence[Card], *, ace_low: bool = False) -> int:
    """The strength of face-up cards for first to act (R5.3).

    Only pairs, two pair, trips and quads count, then high cards; no straights or
    flushes. With ``ace_low`` (razz) the ace counts as one; there the lowest value
    acts first, elsewhere the highest.
    """
    if not 1 <= len(up_cards) <= 5:
        raise ValueError(f"a player shows 1 to 5 cards, not {len(up_cards)}")
    ranks = [c.rank.low if ace_low else int(c.rank) for c in up_cards]
    pairing, ordered = _grouped(ranks)
    return pairing << 20 | _pack(ordered)


_RANK_WORDS = {
    1: (NC_("rank", "ace"), NC_("ranks", "aces"), NC_("of ranks", "aces")),
    2: (NC_("rank", "deuce"), NC_("ranks", "deuces"), NC_("of ranks", "deuces")),
    3: (NC_("rank", "three"), NC_("ranks", "threes"), NC_("of ranks", "threes")),
    4: (NC_("rank", "four"), NC_("ranks", "fours"), NC_("of ranks", "fours")),
    5: (NC_("rank", "five"), NC_("ranks", "fives"), NC_("of ranks", "fives")),
    6: (NC_("rank", "six"), NC_("ranks", "sixes"), NC_("of ranks", "sixes")),
    7: (NC_("rank", "seven"), NC_("ranks", "sevens"), NC_("of ranks", "sevens")),
    8: (NC_("rank", "eight"), NC_("ranks", "eights"), NC_("of ranks", "eights")),
    9: (NC_("rank", "nine"), NC_("ranks", "nines"), NC_("of ranks", "nines")),
    10: (NC_("rank", "ten"), NC_("ranks", "tens"), NC_("of ranks", "tens")),
    11: (NC_("rank", "jack"), NC_("ranks", "jacks"), NC_("of ranks", "jacks")),
    12: (NC_("rank", "queen"), NC_("ranks", "queens"), NC_("of ranks", "queens")),
    13: (NC_("rank", "king"), NC_("ranks", "kings"), NC_("of ranks", "kings")),
}
"""Each rank as a word: one (``ace high``), many (``aces full``), and many after "of"
(``pair of aces``), which other languages say differently (French ``paire d'as``)."""

_RANK_LETTERS = {
    1: NC_("rank letter", "A"),
    2: NC_("rank letter", "2"),
    3: NC_("rank letter", "3"),
    4: NC_("rank letter", "4"),
    5: NC_("rank letter", "5"),
    6: NC_("rank letter", "6"),
    7: NC_("rank letter", "7"),
    8: NC_("rank letter", "8"),
    9: NC_("rank letter", "9"),
    10: NC_("rank letter", "T"),
    11: NC_("rank letter", "J"),
    12: NC_("rank letter", "Q"),
    13: NC_("rank letter", "K"),
}
"""Each rank as the one character a low is written with (``Q-8-4-2-2``)."""


def _one(rank: int) -> Said:
    return _RANK_WORDS[1 if rank == 14 else rank][0]


def _many(rank: int) -> Said:
    return _RANK_WORDS[1 if rank == 14 else rank][1]


def _of(rank: int) -> Said:
    return _RANK_WORDS[1 if rank == 14 else rank][2]


def _ranks_of(value: int) -> list[int]:
    return [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]


def said_high(value: int) -> Said:
    """A high value as players say it: ``full house, kings full of fours``."""
    category = high_category(value)
    r = _ranks_of(value)
    match category:
        case HighCategory.STRAIGHT_FLUSH:
            if r[0] == 14:
                return Said(N_("royal flush"))
            return Said(N_("straight flush, {rank} high"), {"rank": _one(r[0])})
        case HighCategory.FOUR_OF_A_KIND:
            return Said(N_("four of a kind, {ranks}"), {"ranks": _of(r[0])})
        case HighCategory.FULL_HOUSE:
            return Said(
                N_("full house, {high} full of {low}"), {"high": _many(r[0]), "low": _many(r[3])}
            )
        case HighCategory.FLUSH:
            return Said(N_("flush, {rank} high"), {"rank": _one(r[0])})
        case HighCategory.STRAIGHT:
            return Said(N_("straight, {rank} high"), {"rank": _one(r[0])})
        case HighCategory.THREE_OF_A_KIND:
            return Said(N_("three of a kind, {ranks}"), {"ranks": _of(r[0])})
        case HighCategory.TWO_PAIR:
            return Said(N_("two pair, {high} and {low}"), {"high": _many(r[0]), "low": _many(r[2])})
        case HighCategory.PAIR:
            return Said(N_("pair of {ranks}"), {"ranks": _of(r[0])})
        case _:
            return Said(N_("high card {rank}"), {"rank": _one(r[0])})


def describe_high(value: int) -> str:
    """``said_high`` in English."""
    return said_high(value).english()


def said_low(value: int) -> Said:
    """A low value (eight-or-better or razz) as players say it: ``8-6-5-4-3 low``.

    A paired razz hand is read from the top, as players read it, and says what pairs
    it: ``Q-8-4-2-2 (pair of deuces)``.
    """
    ranks = _ranks_of(value)
    if value >> 20 == 0:
        return Said(N_("{cards} low"), {"cards": _letters(ranks)})
    cards = _letters(sorted(ranks, reverse=True))
    counts = Counter(ranks)
    groups = sorted((n, r) for r, n in counts.items() if n > 1)
    shape = [n for n, _ in groups]
    made: Said
    if shape == [2, 2]:
        high, low = sorted((r for _, r in groups), reverse=True)
        made = Said(N_("two pair, {high} and {low}"), {"high": _many(high), "low": _many(low)})
    elif shape == [2, 3]:
        made = Said(
            N_("{high} full of {low}"), {"high": _many(groups[1][1]), "low": _many(groups[0][1])}
        )
    else:
        count, rank = groups[0]
        made = {
            2: Said(N_("pair of {ranks}"), {"ranks": _of(rank)}),
            3: Said(N_("three {ranks}"), {"ranks": _of(rank)}),
            4: Said(N_("four {ranks}"), {"ranks": _of(rank)}),
        }[count]
    return Said(N_("{cards} ({made})"), {"cards": cards, "made": made})


def describe_low(value: int) -> str:
    """``said_low`` in English."""
    return said_low(value).english()


def said_high_so_far(cards: Sequence[Card]) -> Said:
    """Fewer than five cards as players say them: ``two pair, jacks and fives``,
    ``pair of kings``, ``ace high`` (no straight or flush is made yet)."""
    counts = Counter(int(c.rank) for c in cards)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    (top_count, top), rest = groups[0], groups[1:]
    if top_count == 4:
        return Said(N_("four of a kind, {ranks}"), {"ranks": _of(top)})
    if top_count == 3:
        return Said(N_("three of a kind, {ranks}"), {"ranks": _of(top)})
    if top_count == 2 and rest and rest[0][0] == 2:
        return Said(
            N_("two pair, {high} and {low}"), {"high": _many(top), "low": _many(rest[0][1])}
        )
    if top_count == 2:
        return Said(N_("pair of {ranks}"), {"ranks": _of(top)})
    return Said(N_("{rank} high"), {"rank": _one(top)})


def describe_high_so_far(cards: Sequence[Card]) -> str:
    """``said_high_so_far`` in English."""
    return said_high_so_far(cards).english()


def said_low_draw(cards: Sequence[Card], *, razz: bool) -> Said | None:
    """The low still drawn to with ``7 - len(cards)`` cards to come, as players say it:
    ``8-7-5-2 low draw`` (razz: any distinct ranks; stud8: eight or lower), or
    ``None`` when no low can be made any more."""
    ranks = {1 if c.rank == Rank.ACE else int(c.rank) for c in cards}
    low = sorted((r for r in ranks if razz or r <= 8), reverse=True)[-5:]
    if not low or len(low) + 7 - len(cards) < 5:
        return None
    return Said(N_("{cards} low draw"), {"cards": _letters(low)})


def describe_low_draw(cards: Sequence[Card], *, razz: bool) -> str | None:
    """``said_low_draw`` in English."""
    said = said_low_draw(cards, razz=razz)
    return None if said is None else said.english()


def _letters(ranks: Sequence[int]) -> tuple[Said, ...]:
    return tuple(_RANK_LETTERS[1 if r == 14 else r] for r in ranks)


def low_value_for(cards: Sequence[Card], razz: bool) -> int | None:
    """The low value a variant uses: razz's A-5 low, or the eight-or-better low."""
    return razz_value(cards) if razz else low8_value(cards)


def card_order_key(card: Card) -> tuple[int, int]:
    """Sort key of a card by rank then suit, ace high (for odd chips, R7.2)."""
    return int(card.rank), int(card.suit)


def low_card_order_key(card: Card) -> tuple[int, int]:
    """Sort key of a card by rank then suit, ace low (for odd chips in a low, R7.2)."""
    return card.rank.low, int(card.suit)


__all__ += ["card_order_key", "low_card_order_key", "low_value_for"]
