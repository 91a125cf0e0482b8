"""Every player's completions from one remaining deck: masks and hand values.

The cards still to come are drawn from one remaining deck of ``m`` cards, and
player ``i`` needs ``k_i`` of them: all ``C(m, k_i)`` completions are evaluated
once, by the compiled evaluators, in colex order (so that a sorted draw's colex
rank indexes them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from stud.compiled.evaluation import NO_LOW, high_batch, high_low8_batch, razz_batch
from stud.equity.situation import _Case
from stud.rules import Variant


@dataclass(frozen=True)
class _Tables:
    """Every player's completions: deck-position masks and hand values."""

    masks: npt.NDArray[np.uint64]  # (players, widest)
    high: npt.NDArray[np.int32]  # high value, or minus the razz value
    low: npt.NDArray[np.int32]  # eight-or-better low or NO_LOW
    counts: npt.NDArray[np.int64]  # completions of each player
    needs: npt.NDArray[np.int64]  # cards each player needs
    deck_size: int
    split_low: bool


@lru_cache(maxsize=64)
def _tables(case: _Case) -> _Tables:
    situation = case.situation
    deck = situation.deck
    m = len(deck)
    codes = np.array([c.code for c in deck], dtype=np.uint8)
    needs = case.needs
    widest = max(math.comb(m, k) for k in needs)
    n = len(needs)
    masks = np.zeros((n, widest), dtype=np.uint64)
    high = np.zeros((n, widest), dtype=np.int32)
    low = np.full((n, widest), NO_LOW, dtype=np.int32)
    counts = np.zeros(n, dtype=np.int64)
    for i, k in enumerate(needs):
        hand = case.hand(i)
        # Completions in colex order, so that a sorted draw's colex rank indexes them.
        combos = _colex(m, k)
        count = len(combos)
        counts[i] = count
        known = np.array([c.code for c in hand], dtype=np.uint8)
        batch = np.empty((count, 7), dtype=np.uint8)
        batch[:, : len(known)] = known
        if k:
            batch[:, len(known) :] = codes[combos]
            masks[i, :count] = np.bitwise_or.reduce(
                np.left_shift(np.uint64(1), combos.astype(np.uint64)), axis=1
            )
        high[i, :count], low[i, :count] = _values(situation.variant, batch)
    return _Tables(
        masks,
        high,
        low,
        counts,
        np.array(needs, dtype=np.int64),
        m,
        situation.variant is Variant.STUD8,
    )


def _values(
    variant: Variant, batch: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Each seven-card hand's high value (minus the razz value: higher is better in
    every game) and eight-or-better low (``NO_LOW`` outside stud8)."""
    if variant is Variant.RAZZ:
        return -razz_batch(batch), np.full(len(batch), NO_LOW, dtype=np.int32)
    if variant is Variant.STUD8:
        return high_low8_batch(batch)
    return high_batch(batch), np.full(len(batch), NO_LOW, dtype=np.int32)


@lru_cache(maxsize=256)
def _colex(m: int, k: int) -> npt.NDArray[np.int64]:
    """All k-subsets of range(m), one a row, in colex order.

    Colex order sorts subsets by their largest element, then the rest the same
    way; so the subsets with largest element ``top`` follow all those of
    ``range(top)``, and a sorted subset's position is the sum of ``C(a_j, j + 1)``.
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    parts = [np.zeros((0, k), dtype=np.int64)]
    for top in range(k - 1, m):
        rest = _colex(top, k - 1)
        parts.append(np.hstack([rest, np.full((len(rest), 1), top, dtype=np.int64)]))
    return np.vstack(parts)
