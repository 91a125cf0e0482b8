"""The evaluation tables, rebuilt from first principles with the reference evaluators.

``stud.evaluation.tables`` derives its tables from short rules; here every entry that
a hand can reach is recomputed another way: by asking the reference evaluators
about a real hand with those ranks (best five of seven by brute force).
"""

from collections.abc import Iterator
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest

from stud.cards import DECK, Card, Rank, Suit
from stud.evaluation import reference
from stud.evaluation.tables import (
    _UNREADABLE,
    NO_LOW,
    Tables,
    _load,
    _store,
    build_tables,
    tables,
)


def _rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` ranks with at most four of each rank, sorted."""
    for ranks in combinations_with_replacement(range(2, 15), size):
        if all(ranks[i] != ranks[i + 4] for i in range(size - 4)):
            yield ranks


def _unsuited_hand(ranks: tuple[int, ...]) -> list[Card]:
    """Cards with these (sorted) ranks and suits dealt in turn: never five of a suit."""
    return [Card(Rank(r), Suit(i % 4)) for i, r in enumerate(ranks)]


@cache
def _five(ranks: tuple[int, ...]) -> tuple[int, int, int]:
    """The reference's high, eight-or-better low and razz low of five unsuited cards."""
    hand = _unsuited_hand(ranks)
    low = reference.low8_value(hand)
    return (
        reference.five_card_high(hand),
        NO_LOW if low is None else low,
        reference.razz_value(hand),
    )


def _best(ranks: tuple[int, ...]) -> tuple[int, int, int]:
    """Best over every five of the ranks, as the reference does over every five cards."""
    fives = [_five(five) for five in set(combinations(ranks, 5))]
    return max(f[0] for f in fives), min(f[1] for f in fives), min(f[2] for f in fives)


@pytest.fixture(scope="module")
def built() -> Tables:
    return build_tables()


def test_card_keys_follow_the_documented_layout(built: Tables) -> None:
    for card in DECK:
        key = int(built.card_keys[card.code])
        assert key == 5 ** (card.rank - 2) + (1 << (32 + 4 * card.suit))
        assert built.rank_bits[card.code] == 1 << (card.rank - 2)
        low = card.rank.low
        assert built.low_bits[card.code] == (1 << (low - 1) if low <= 8 else 0)
    assert all(int(k) == 1 << 56 for k in built.card_keys[52:])
    assert all(int(b) == 0x100 for b in built.low_bits[52:])


def test_rank_tables_hold_the_reference_values_of_every_rank_multiset(built: Tables) -> None:
    slots: set[int] = set()
    for size in (5, 6, 7):
        for ranks in _rank_multisets(size):
            slot = built.slot(sum(5 ** (r - 2) for r in ranks))
            slots.add(slot)
            high, low, razz = _best(ranks)
            assert built.rank_high[slot] == high, ranks
            assert built.rank_low8[slot] == low, ranks
            assert built.rank_razz[slot] == razz, ranks
            assert int(built.rank_high_low8[slot]) == high | low << 32, ranks
    # A perfect hash: every multiset its own slot.
    assert len(slots) == 6_175 + 18_395 + 49_205


def test_flush_table_holds_the_best_flush_of_every_suited_rank_set(built: Tables) -> None:
    for size in (5, 6, 7):
        for ranks in combinations(range(2, 15), size):
            hand = [Card(Rank(r), Suit.HEARTS) for r in ranks]
            mask = sum(1 << (r - 2) for r in ranks)
            assert built.flush_high[mask] == reference.high_value(hand), ranks


def test_low8_by_mask_holds_the_reference_low_of_every_reachable_mask(built: Tables) -> None:
    for mask in range(256):
        lows = [r for r in range(1, 9) if mask >> (r - 1) & 1]
        if len(lows) > 7:
            continue  # eight different low ranks need eight cards
        if len(lows) < 5:
            assert built.low8_by_mask[mask] == NO_LOW
            continue
        hand = [Card(Rank(14 if r == 1 else r), Suit(i % 4)) for i, r in enumerate(lows)]
        assert built.low8_by_mask[mask] == reference.low8_value(hand), lows


def _same(a: Tables, b: Tables) -> bool:
    return all(
        np.array_equal(x, y) and x.dtype == y.dtype if isinstance(x, np.ndarray) else x == y
        for x, y in zip(a, b, strict=True)
    )


def test_the_cached_tables_are_the_rebuilt_ones(built: Tables) -> None:
    assert _same(tables(), built)


def test_the_cache_file_round_trips_and_a_damaged_one_is_refused(
    built: Tables, tmp_path: Path
) -> None:
    path = tmp_path / "__pycache__" / "stud-tables-test.npz"
    _store(built, path)
    assert _same(_load(path), built)
    path.write_bytes(path.read_bytes()[:1000])
    with pytest.raises(_UNREADABLE):
        _load(path)


def test_table_sizes() -> None:
    # Documented in the README; a change here should be a deliberate one.
    assert tables().nbytes < 3 * 2**20
