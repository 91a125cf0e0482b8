"""The compiled kernels return exactly the reference values (R6.4 for the low).

Three checks, from slow and obviously right to fast and broad:

* 20,000 seeded random hands of each size against the reference evaluators;
* a million hands of each size against an independent vectorised evaluator that
  takes the best of every five cards, with five-card values from the reference;
* hypothesis-drawn hands, single-hand kernels against the reference.
"""

from __future__ import annotations

import subprocess
import sys
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from evaluation_samples import random_hands, reference_sample
from hypothesis import given, settings
from hypothesis import strategies as st

from stud.cards import DECK, Card, Rank, Suit, parse_cards
from stud.compiled import evaluation as kernels
from stud.compiled.evaluation import (
    NO_LOW,
    hand_high,
    hand_high_low8,
    hand_low8,
    hand_razz,
    hand_showing,
    high_batch,
    high_low8_batch,
    kernel_tables,
    low8_batch,
    razz_batch,
)
from stud.evaluation import reference

Codes = npt.NDArray[np.uint8]
Values = npt.NDArray[np.int32]


def low_or_none(value: int) -> int | None:
    return None if value == NO_LOW else value


# ------------------------------------------------ against the reference itself


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batches_match_the_reference_on_20000_random_hands(k: int) -> None:
    hands, high, low, razz = reference_sample(k)
    np.testing.assert_array_equal(high_batch(hands), high)
    np.testing.assert_array_equal(low8_batch(hands), low)
    np.testing.assert_array_equal(razz_batch(hands), razz)
    both = high_low8_batch(hands)
    np.testing.assert_array_equal(both[0], high)
    np.testing.assert_array_equal(both[1], low)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_single_hand_kernels_match_the_reference(k: int) -> None:
    hands, high, low, razz = reference_sample(k)
    t = kernel_tables()
    for i in range(0, len(hands), 10):
        assert hand_high(hands[i], t) == high[i]
        assert hand_low8(hands[i], t) == low[i]
        assert hand_razz(hands[i], t) == razz[i]
        assert hand_high_low8(hands[i], t) == (high[i], low[i])


# ------------------------------------ a million hands against best-of-five-cards


@cache
def five_card_values() -> tuple[Values, Values, Values, Values]:
    """Reference values of five cards, by their sorted rank indices in base 13.

    Returns high (not suited), high (all one suit), eight-or-better low and razz.
    """
    size = 13**5
    high, suited = np.full(size, -1, np.int32), np.full(size, -1, np.int32)
    low, razz = np.full(size, -1, np.int32), np.full(size, -1, np.int32)
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if ranks[0] == ranks[4]:
            continue  # five of a rank
        key = sum((r - 2) * 13**i for i, r in enumerate(ranks))
        hand = [Card(Rank(r), Suit(i % 4)) for i, r in enumerate(ranks)]
        high[key] = reference.five_card_high(hand)
        value = reference.low8_value(hand)
        low[key] = NO_LOW if value is None else value
        razz[key] = reference.razz_value(hand)
        if len(set(ranks)) == 5:
            suited[key] = reference.five_card_high([Card(Rank(r), Suit.SPADES) for r in ranks])
    return high, suited, low, razz


def best_of_fives(hands: Codes) -> tuple[Values, Values, Values]:
    """High, eight-or-better low and razz of each hand: the best of its five-card subsets."""
    high5, suited5, low5, razz5 = five_card_values()
    ordered = np.sort(hands, axis=1)  # so each subset's ranks come out sorted
    subsets = np.array(list(combinations(range(hands.shape[1]), 5)))
    fives = ordered[:, subsets]  # (n, subsets, 5)
    keys = ((fives >> 2).astype(np.int32) * 13 ** np.arange(5, dtype=np.int32)).sum(axis=2)
    suits = fives & 3
    flush = (suits == suits[:, :, :1]).all(axis=2)
    high = np.where(flush, suited5[keys], high5[keys]).max(axis=1)
    return high, low5[keys].min(axis=1), razz5[keys].min(axis=1)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batches_match_best_of_five_on_a_million_hands(k: int) -> None:
    hands = random_hands(1_000_000, k, seed=k)
    high, low = high_low8_batch(hands)
    low_alone, razz = low8_batch(hands), razz_batch(hands)
    high_alone = high_batch(hands)
    for start in range(0, len(hands), 100_000):
        part = slice(start, start + 100_000)
        want_high, want_low, want_razz = best_of_fives(hands[part])
        np.testing.assert_array_equal(high[part], want_high)
        np.testing.assert_array_equal(high_alone[part], want_high)
        np.testing.assert_array_equal(low[part], want_low)
        np.testing.assert_array_equal(low_alone[part], want_low)
        np.testing.assert_array_equal(razz[part], want_razz)


def test_the_independent_check_agrees_with_the_reference() -> None:
    # The check above is only as good as its agreement with the oracle.
    hands, high, low, razz = reference_sample(7)
    got = best_of_fives(hands[:5_000])
    np.testing.assert_array_equal(got[0], high[:5_000])
    np.testing.assert_array_equal(got[1], low[:5_000])
    np.testing.assert_array_equal(got[2], razz[:5_000])


# ------------------------------------------------------------- hypothesis


hands_strategy = st.integers(5, 7).flatmap(
    lambda k: st.lists(st.sampled_from(DECK), min_size=k, max_size=k, unique=True)
)


@settings(max_examples=300, deadline=None)
@given(hands_strategy)
def test_kernels_match_the_reference_on_any_hand(cards: list[Card]) -> None:
    codes = np.array([c.code for c in cards], dtype=np.uint8)
    t = kernel_tables()
    high, low8, razz = (
        reference.high_value(cards),
        reference.low8_value(cards),
        reference.razz_value(cards),
    )
    assert hand_high(codes, t) == high
    assert low_or_none(hand_low8(codes, t)) == low8
    assert hand_razz(codes, t) == razz
    both = hand_high_low8(codes, t)
    assert (both[0], low_or_none(both[1])) == (high, low8)
    batch = codes.reshape(1, -1)
    assert high_batch(batch)[0] == high
    assert low_or_none(int(low8_batch(batch)[0])) == low8
    assert razz_batch(batch)[0] == razz


# ------------------------------------------------------- named hands, errors


@pytest.mark.parametrize(
    ("text", "high", "low8"),
    [
        ("Ac 2c 3c 4c 5c Kd Kh", 0x854321, 0x54321),  # steel wheel, the best low (R6.4)
        ("8c 6d 5h 4s 3c Kd Qh", 0x0D_C865, 0x86543),  # 8-6-5-4-3 low, king high
        ("9c 9d 9h 9s 2c 2d 3h", 0x799993, None),  # quads, no low
        ("Ah Kh Qh Jh 9h 9c 9d", 0x5_EDCB9, None),  # flush beats the trips beside it
        ("Kc Kd Kh Qs Qd Qc 2h", 0x6_DDDCC, None),  # two trips make kings full
    ],
)
def test_r6_4_named_hands(text: str, high: int, low8: int | None) -> None:
    codes = np.array([[c.code for c in parse_cards(text)]], dtype=np.uint8)
    assert high_batch(codes)[0] == high
    assert low_or_none(int(low8_batch(codes)[0])) == low8
    assert reference.high_value(parse_cards(text)) == high


def test_no_low_sorts_after_every_low() -> None:
    assert NO_LOW > 0x87654


def test_batches_refuse_bad_input() -> None:
    with pytest.raises(ValueError, match=r"k 5\.\.7"):
        high_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(ValueError, match=r"outside 0\.\.51"):
        high_batch(np.array([[0, 1, 2, 3, 99]]))
    with pytest.raises(TypeError, match="integers"):
        high_batch(np.zeros((1, 5), dtype=np.float64))
    bad = np.array([[0, 4, 8, 12, 52]], dtype=np.uint8)  # a byte that is no card
    for batch in (high_batch, low8_batch, razz_batch, high_low8_batch):
        with pytest.raises(ValueError, match=r"outside 0\.\.51"):
            batch(bad)
    with pytest.raises(ValueError, match="int32"):
        high_batch(bad, out=np.zeros(1, dtype=np.int64))  # type: ignore[arg-type]


def test_batches_fill_a_given_output_and_take_any_integer_codes() -> None:
    hands = random_hands(1_000, 7, seed=9)
    out = np.zeros(1_000, dtype=np.int32)
    assert high_batch(hands, out=out) is out
    np.testing.assert_array_equal(out, high_batch(hands.astype(np.int64)))
    pair = np.zeros(1_000, dtype=np.int32), np.zeros(1_000, dtype=np.int32)
    assert high_low8_batch(hands, out=pair) == pair
    np.testing.assert_array_equal(pair[1], low8_batch(hands))
    assert len(high_batch(np.zeros((0, 6), dtype=np.uint8))) == 0


def test_compile_all_runs() -> None:
    kernels.compile_all()


def test_every_seven_card_hand_has_the_known_counts() -> None:
    # The exhaustive check of benchmarks/verify_seven_card.py: a few seconds.
    script = Path(__file__).parents[2] / "benchmarks" / "verify_seven_card.py"
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "all counts agree" in done.stdout


@settings(deadline=None)  # the first example compiles the kernel
@given(
    st.lists(st.integers(min_value=0, max_value=51), min_size=1, max_size=5, unique=True),
    st.booleans(),
)
def test_showing_kernel_is_the_reference_showing_value(codes: list[int], ace_low: bool) -> None:
    cards = [Card.from_code(c) for c in codes]
    array = np.array(codes, dtype=np.uint8)
    assert hand_showing(array, len(codes), ace_low) == reference.showing_value(
        cards, ace_low=ace_low
    )
