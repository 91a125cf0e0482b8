"""Evaluate every one of the 133,784,560 seven-card hands and check the known counts.

Runs the batch kernels of ``stud.compiled.evaluation`` over all hands, in chunks by
lowest card, and checks:

* the high categories against the published seven-card counts, and the number of
  different high values (4,824: seven cards never make the weakest five-card ones);
* the hands with a qualifying eight-or-better low (R6.4), counted by both low routes
  of the kernels (the rank-hash table in ``high_low8_batch``, the ace-to-eight mask
  in ``low8_batch``), against a count made by combinatorics alone.

Prints what it found; exits 1 on any mismatch. Takes a few seconds on one core:

    .venv/bin/python benchmarks/verify_seven_card.py
"""

from __future__ import annotations

import sys
import time
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from stud.compiled.evaluation import NO_LOW, high_low8_batch, low8_batch
from stud.evaluation.reference import HighCategory

KNOWN_CATEGORY_COUNTS = {
    HighCategory.STRAIGHT_FLUSH: 41_584,
    HighCategory.FOUR_OF_A_KIND: 224_848,
    HighCategory.FULL_HOUSE: 3_473_184,
    HighCategory.FLUSH: 4_047_644,
    HighCategory.STRAIGHT: 6_180_020,
    HighCategory.THREE_OF_A_KIND: 6_461_620,
    HighCategory.TWO_PAIR: 31_433_400,
    HighCategory.PAIR: 58_627_800,
    HighCategory.HIGH_CARD: 23_294_460,
}
KNOWN_DISTINCT_HIGH_VALUES = 4_824
ALL_HANDS = comb(52, 7)


@njit(cache=True)
def _hands_from(first: int, out: Any) -> None:
    """Every seven-card hand whose lowest code is ``first``, in order, into ``out``."""
    row = 0
    for b in range(first + 1, 47):
        for c in range(b + 1, 48):
            for d in range(c + 1, 49):
                for e in range(d + 1, 50):
                    for f in range(e + 1, 51):
                        for g in range(f + 1, 52):
                            out[row, 0] = first
                            out[row, 1] = b
                            out[row, 2] = c
                            out[row, 3] = d
                            out[row, 4] = e
                            out[row, 5] = f
                            out[row, 6] = g
                            row += 1


def hands_from(first: int) -> npt.NDArray[np.uint8]:
    """Every seven-card hand whose lowest card code is ``first``."""
    out = np.empty((comb(51 - first, 6), 7), dtype=np.uint8)
    _hands_from(first, out)
    return out


def qualifying_lows_by_counting() -> int:
    """Seven-card hands holding five or more different ranks from ace to eight.

    Choose the set of j low ranks present (C(8, j)), then m cards covering exactly
    those ranks (inclusion-exclusion over ranks left out), then the other 7 - m cards
    from the 20 nines to kings.
    """
    total = 0
    for j in range(5, 8):
        for m in range(j, 8):
            covering = sum((-1) ** i * comb(j, i) * comb(4 * (j - i), m) for i in range(j + 1))
            total += comb(8, j) * covering * comb(20, 7 - m)
    return total


def main() -> int:
    started = time.perf_counter()
    categories = np.zeros(9, dtype=np.int64)
    seen = np.zeros(1 << 24, dtype=bool)
    lows_hashed = lows_masked = hands = 0
    for first in range(46):
        batch = hands_from(first)
        high, low = high_low8_batch(batch)
        categories += np.bincount(high >> 20, minlength=9)
        seen[high] = True
        lows_hashed += int(np.count_nonzero(low != NO_LOW))
        lows_masked += int(np.count_nonzero(low8_batch(batch) != NO_LOW))
        hands += len(batch)
    elapsed = time.perf_counter() - started

    ok = hands == ALL_HANDS
    print(f"{hands:,} seven-card hands evaluated in {elapsed:.1f} s (expected {ALL_HANDS:,})")
    for category in sorted(HighCategory, reverse=True):
        found, known = int(categories[category]), KNOWN_CATEGORY_COUNTS[category]
        mark = "ok" if found == known else f"MISMATCH, known {known:,}"
        ok &= found == known
        print(f"  {category.name.lower().replace('_', ' '):<16} {found:>12,}  {mark}")
    distinct = int(np.count_nonzero(seen))
    ok &= distinct == KNOWN_DISTINCT_HIGH_VALUES
    print(f"different high values: {distinct:,} (known {KNOWN_DISTINCT_HIGH_VALUES:,})")
    counted = qualifying_lows_by_counting()
    print(f"qualifying eight-or-better lows: {lows_hashed:,} (rank-hash route)")
    print(f"                                 {lows_masked:,} (ace-to-eight mask route)")
    print(f"                                 {counted:,} (by combinatorics)")
    print(f"                                 {lows_hashed / ALL_HANDS:.4%} of all hands")
    ok &= lows_hashed == lows_masked == counted
    print("all counts agree" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
