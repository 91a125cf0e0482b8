"""The evaluators the engine calls: one hand at a time, from Python, at C speed.

``high_value``, ``low8_value``, ``razz_value`` and ``high_low8_value`` take 5 to 7
distinct ``Card`` objects, like the reference evaluators, and return exactly their
values (``None`` for no eight-or-better low); they refuse the same bad hands with
the same ``ValueError`` messages. The ``*_from_mask`` forms take a card mask (bit
``Card.code`` per card, see ``card_mask``) for callers that keep hands as ints.

They are the C extension ``_cfast`` when it was built (a few tens of nanoseconds of
work inside one Python call; see ``benchmarks/bench_eval.py``), and otherwise the
``py_*`` functions here, plain Python over the same tables: slower, still exact.
Batches of hands go to ``stud.compiled.evaluation`` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import NamedTuple

from stud.cards import DECK, Card, Rank, Suit
from stud.evaluation import reference
from stud.evaluation.tables import FLUSH_BITS, NO_LOW, SUIT_BIAS, Tables, tables

try:
    from stud.evaluation import _cfast
except ImportError:  # built without a C compiler: the Python forms below serve
    _cfast = None  # type: ignore[assignment]

__all__ = [
    "HAVE_C",
    "card_mask",
    "high_from_mask",
    "high_low8_from_mask",
    "high_low8_value",
    "high_value",
    "install",
    "low8_from_mask",
    "low8_value",
    "py_high_from_mask",
    "py_high_low8_from_mask",
    "py_high_low8_value",
    "py_high_value",
    "py_low8_from_mask",
    "py_low8_value",
    "py_razz_from_mask",
    "py_razz_value",
    "razz_from_mask",
    "razz_value",
    "showing_value",
]

#: Whether the C extension is in use.
HAVE_C = _cfast is not None


def install() -> None:
    """Hand the tables to the C extension (it calls this itself on first use)."""
    if _cfast is None:
        return
    t = tables()
    _cfast.install(
        t.card_keys,
        int(t.hash_mul),
        t.displacement,
        t.rank_high,
        t.rank_low8,
        t.rank_razz,
        t.flush_high,
        DECK,
    )


def card_mask(cards: Iterable[Card]) -> int:
    """The card mask of some cards: bit ``card.code`` set for each."""
    mask = 0
    for card in cards:
        mask |= 1 << card.code
    return mask


# ------------------------------------------------------------- Python forms


class _Lists(NamedTuple):
    """The tables as Python lists: indexing a list is faster than an array from Python."""

    tables: Tables
    card_keys: list[int]
    rank_high: list[int]
    rank_low8: list[int]
    rank_razz: list[int]
    flush_high: list[int]


@cache
def _lists() -> _Lists:
    t = tables()
    return _Lists(
        t,
        t.card_keys.tolist(),
        t.rank_high.tolist(),
        t.rank_low8.tolist(),
        t.rank_razz.tolist(),
        t.flush_high.tolist(),
    )


def _checked(codes: list[int]) -> list[int]:
    if not 5 <= len(codes) <= 7:
        raise ValueError(f"a hand has 5 to 7 cards, not {len(codes)}")
    if len(set(codes)) != len(codes):
        raise ValueError("a hand cannot hold the same card twice")
    return codes


def _codes(cards: Sequence[Card]) -> list[int]:
    codes = []
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"a hand holds Card objects, not {type(card).__name__}")
        codes.append(card.code)
    return _checked(codes)


def _mask_codes(mask: int) -> list[int]:
    if not isinstance(mask, int):
        raise TypeError(f"a card mask is an int, not {type(mask).__name__}")
    if mask < 0 or mask >> 52:
        raise ValueError("a card mask has bits 0..51 only")
    return _checked([code for code in range(52) if mask >> code & 1])


def _slot_and_key(codes: list[int], lists: _Lists) -> tuple[int, int]:
    key = SUIT_BIAS + sum(lists.card_keys[c] for c in codes)
    return lists.tables.slot(key & 0xFFFF_FFFF), key


def _high(codes: list[int], slot: int, key: int, lists: _Lists) -> int:
    if not key & FLUSH_BITS:
        return lists.rank_high[slot]
    suit = next(s for s in range(4) if key >> (35 + 4 * s) & 1)
    ranks = sum(1 << (c >> 2) for c in codes if c & 3 == suit)
    return lists.flush_high[ranks]


def _low(value: int) -> int | None:
    return None if value == NO_LOW else value


def _py_high(codes: list[int]) -> int:
    lists = _lists()
    slot, key = _slot_and_key(codes, lists)
    return _high(codes, slot, key, lists)


def _py_low8(codes: list[int]) -> int | None:
    lists = _lists()
    return _low(lists.rank_low8[_slot_and_key(codes, lists)[0]])


def _py_razz(codes: list[int]) -> int:
    lists = _lists()
    return lists.rank_razz[_slot_and_key(codes, lists)[0]]


def _py_high_low8(codes: list[int]) -> tuple[int, int | None]:
    lists = _lists()
    slot, key = _slot_and_key(codes, lists)
    return _high(codes, slot, key, lists), _low(lists.rank_low8[slot])


def py_high_value(cards: Sequence[Card]) -> int:
    """The best five-card high hand of 5 to 7 cards (Python form)."""
    return _py_high(_codes(cards))


def py_low8_value(cards: Sequence[Card]) -> int | None:
    """The best eight-or-better low of 5 to 7 cards, or ``None`` (Python form)."""
    return _py_low8(_codes(cards))


def py_razz_value(cards: Sequence[Card]) -> int:
    """The best razz (A-5) low of 5 to 7 cards (Python form)."""
    return _py_razz(_codes(cards))


def py_high_low8_value(cards: Sequence[Card]) -> tuple[int, int | None]:
    """High value and eight-or-better low (or ``None``) together (Python form)."""
    return _py_high_low8(_codes(cards))


def py_high_from_mask(mask: int) -> int:
    """``py_high_value`` of the cards in a card mask."""
    return _py_high(_mask_codes(mask))


def py_low8_from_mask(mask: int) -> int | None:
    """``py_low8_value`` of the cards in a card mask."""
    return _py_low8(_mask_codes(mask))


def py_razz_from_mask(mask: int) -> int:
    """``py_razz_value`` of the cards in a card mask."""
    return _py_razz(_mask_codes(mask))


def py_high_low8_from_mask(mask: int) -> tuple[int, int | None]:
    """``py_high_low8_value`` of the cards in a card mask."""
    return _py_high_low8(_mask_codes(mask))


# ------------------------------------------------------------- the fast names

high_value: Callable[[Sequence[Card]], int]
low8_value: Callable[[Sequence[Card]], int | None]
razz_value: Callable[[Sequence[Card]], int]
high_low8_value: Callable[[Sequence[Card]], tuple[int, int | None]]
high_from_mask: Callable[[int], int]
low8_from_mask: Callable[[int], int | None]
razz_from_mask: Callable[[int], int]
high_low8_from_mask: Callable[[int], tuple[int, int | None]]

if _cfast is not None:
    high_value = _cfast.high
    low8_value = _cfast.low8
    razz_value = _cfast.razz
    high_low8_value = _cfast.high_low8
    high_from_mask = _cfast.high_mask
    low8_from_mask = _cfast.low8_mask
    razz_from_mask = _cfast.razz_mask
    high_low8_from_mask = _cfast.high_low8_mask
else:
    high_value = py_high_value
    low8_value = py_low8_value
    razz_value = py_razz_value
    high_low8_value = py_high_low8_value
    high_from_mask = py_high_from_mask
    low8_from_mask = py_low8_from_mask
    razz_from_mask = py_razz_from_mask
    high_low8_from_mask = py_high_low8_from_mask


@cache
def _showing_of_ranks(ranks: tuple[int, ...], ace_low: bool) -> int:
    """Suits never matter to a showing value: it is worked out once per set of ranks."""
    cards = [Card(Rank(r), Suit(i % 4)) for i, r in enumerate(ranks)]
    return reference.showing_value(cards, ace_low=ace_low)


def showing_value(up_cards: Sequence[Card], *, ace_low: bool = False) -> int:
    """``reference.showing_value`` (first to act, R5.3), remembered by rank multiset.

    There are only a few thousand multisets of one to five ranks, so after the
    first deals of a session every lookup is a sort of four ranks and a dict hit.
    """
    return _showing_of_ranks(tuple(sorted(int(c.rank) for c in up_cards)), ace_low)
