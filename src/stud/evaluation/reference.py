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

__all__ = [
    "HighCategory",
    "best_high_five",
    "best_low8_five",
    "describe_high",
    "describe_low",
    "five_card_high",
    "high_category",
    "high_value",
    "low8_value",
    "razz_value",
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


_RANK_NAMES = {
    1: ("ace", "aces"),
    2: ("deuce", "deuces"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
}


def _ranks_of(value: int) -> list[int]:
    return [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]


def describe_high(value: int) -> str:
    """A high value as players say it: ``full house, kings full of fours``."""
    category = high_category(value)
    r = _ranks_of(value)
    one = {k: v[0] for k, v in _RANK_NAMES.items()}
    many = {k: v[1] for k, v in _RANK_NAMES.items()}
    match category:
        case HighCategory.STRAIGHT_FLUSH:
            return "royal flush" if r[0] == 14 else f"straight flush, {one[r[0]]} high"
        case HighCategory.FOUR_OF_A_KIND:
            return f"four of a kind, {many[r[0]]}"
        case HighCategory.FULL_HOUSE:
            return f"full house, {many[r[0]]} full of {many[r[3]]}"
        case HighCategory.FLUSH:
            return f"flush, {one[r[0]]} high"
        case HighCategory.STRAIGHT:
            return f"straight, {one[r[0]]} high"
        case HighCategory.THREE_OF_A_KIND:
            return f"three of a kind, {many[r[0]]}"
        case HighCategory.TWO_PAIR:
            return f"two pair, {many[r[0]]} and {many[r[2]]}"
        case HighCategory.PAIR:
            return f"pair of {many[r[0]]}"
        case _:
            return f"high card {one[r[0]]}"


def describe_low(value: int) -> str:
    """A low value (eight-or-better or razz) as players say it: ``8-6-5-4-3 low``.

    A paired razz hand is read from the top, as players read it, and says what pairs
    it: ``Q-8-4-2-2 (pair of deuces)``.
    """
    ranks = _ranks_of(value)
    if value >> 20 == 0:
        return "-".join(_low_char(x) for x in ranks) + " low"
    text = "-".join(_low_char(x) for x in sorted(ranks, reverse=True))
    counts = Counter(ranks)
    groups = sorted((n, r) for r, n in counts.items() if n > 1)
    many = {k: v[1] for k, v in _RANK_NAMES.items()}
    said = {2: "pair of {}", 3: "three {}", 4: "four {}"}
    if [n for n, _ in groups] == [2, 2]:
        high, low = sorted((r for _, r in groups), reverse=True)
        return f"{text} (two pair, {many[high]} and {many[low]})"
    if [n for n, _ in groups] == [2, 3]:
        return f"{text} ({many[groups[1][1]]} full of {many[groups[0][1]]})"
    parts = [said[n].format(many[r]) for n, r in sorted(groups, reverse=True)]
    return f"{text} ({' and '.join(parts)})"


def describe_high_so_far(cards: Sequence[Card]) -> str:
    """Fewer than five cards as players say them: ``two pair, jacks and fives``,
    ``pair of kings``, ``ace high`` (no straight or flush is made yet)."""
    counts = Counter(int(c.rank) for c in cards)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    one = {k: v[0] for k, v in _RANK_NAMES.items()}
    many = {k: v[1] for k, v in _RANK_NAMES.items()}
    (top_count, top), rest = groups[0], groups[1:]
    if top_count == 4:
        return f"four of a kind, {many[top]}"
    if top_count == 3:
        return f"three of a kind, {many[top]}"
    if top_count == 2 and rest and rest[0][0] == 2:
        return f"two pair, {many[top]} and {many[rest[0][1]]}"
    if top_count == 2:
        return f"pair of {many[top]}"
    return f"{one[top]} high"


def describe_low_draw(cards: Sequence[Card], *, razz: bool) -> str | None:
    """The low still drawn to with ``7 - len(cards)`` cards to come, as players say it:
    ``8-7-5-2 low draw`` (razz: any distinct ranks; stud8: eight or lower), or
    ``None`` when no low can be made any more."""
    ranks = {1 if c.rank == Rank.ACE else int(c.rank) for c in cards}
    low = sorted((r for r in ranks if razz or r <= 8), reverse=True)[-5:]
    if not low or len(low) + 7 - len(cards) < 5:
        return None
    return "-".join(_low_char(r) for r in low) + " low draw"


def _low_char(rank: int) -> str:
    return "A" if rank == 1 else Rank(rank).char


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
