"""Seeded random hands and their reference values, shared by the evaluation tests."""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from stud.cards import Card
from stud.compiled.evaluation import NO_LOW
from stud.evaluation import reference

Codes = npt.NDArray[np.uint8]
Values = npt.NDArray[np.int32]


def random_hands(n: int, k: int, seed: int) -> Codes:
    """``n`` random hands of ``k`` distinct cards: redraw any row with a repeat."""
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    while True:
        ordered = np.sort(hands, axis=1)
        repeats = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if not len(repeats):
            return hands
        hands[repeats] = rng.integers(0, 52, size=(len(repeats), k), dtype=np.uint8)


def cards_of(codes: Codes) -> list[Card]:
    """The cards of one row of codes."""
    return [Card.from_code(int(c)) for c in codes]


@cache
def reference_sample(k: int) -> tuple[Codes, Values, Values, Values]:
    """20,000 seeded hands of ``k`` cards with the reference's high, low8 and razz.

    A missing eight-or-better low is ``NO_LOW`` here, as in the kernels.
    """
    hands = random_hands(20_000, k, seed=100 + k)
    high, low, razz = [], [], []
    for row in hands:
        cards = cards_of(row)
        high.append(reference.high_value(cards))
        value = reference.low8_value(cards)
        low.append(NO_LOW if value is None else value)
        razz.append(reference.razz_value(cards))
    return (
        hands,
        np.array(high, dtype=np.int32),
        np.array(low, dtype=np.int32),
        np.array(razz, dtype=np.int32),
    )
