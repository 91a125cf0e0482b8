"""Exact enumeration: every disjoint choice of the players' completions."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from stud.compiled.equity.scoring import _score


@njit(cache=True)
def _enumerate(
    masks: Any,
    counts: Any,
    high: Any,
    low: Any,
    split_low: bool,
    start: int,
    stop: int,
    counters: Any,
) -> int:
    """Every outcome whose first player holds completion ``start..stop-1``.

    The players before the last are walked depth first; for each such prefix the
    last player's completions fall into nine cells by how their high and low
    compare with the best of the prefix (better, equal, worse). All outcomes of a
    cell share their winners, so each cell is scored once, weighted by its size:
    the inner loop only compares and counts.
    """
    n = counts.shape[0]
    last = n - 1
    chosen = np.zeros(n, dtype=np.int64)
    used = np.zeros(n, dtype=np.uint64)
    index = np.zeros(n, dtype=np.int64)
    cell_count = np.zeros(9, dtype=np.int64)
    cell_first = np.zeros(9, dtype=np.int64)
    work = np.zeros((4, n), dtype=np.int64)
    total = 0
    for first in range(start, stop):
        chosen[0] = first
        used[0] = masks[0, first]
        depth = 1
        index[1] = 0
        while depth >= 1:
            if depth == last:
                # The prefix is complete: tally the last player's completions.
                best_high = high[0, chosen[0]]
                best_low = low[0, chosen[0]]
                for i in range(1, last):
                    best_high = max(best_high, high[i, chosen[i]])
                    best_low = min(best_low, low[i, chosen[i]])
                cell_count[:] = 0
                taken = used[last - 1]
                for c in range(counts[last]):
                    if masks[last, c] & taken:
                        continue
                    h = high[last, c]
                    cell = 0 if h > best_high else (1 if h == best_high else 2)
                    if split_low:
                        lo = low[last, c]
                        cell = cell * 3 + (0 if lo < best_low else (1 if lo == best_low else 2))
                    if cell_count[cell] == 0:
                        cell_first[cell] = c
                    cell_count[cell] += 1
                for cell in range(9):
                    if cell_count[cell]:
                        chosen[last] = cell_first[cell]
                        _score(chosen, high, low, split_low, counters, cell_count[cell], work)
                        total += cell_count[cell]
                depth -= 1
                if depth >= 1:
                    index[depth] += 1
                continue
            if index[depth] >= counts[depth]:
                depth -= 1
                if depth >= 1:
                    index[depth] += 1
                continue
            mask = masks[depth, index[depth]]
            if mask & used[depth - 1]:
                index[depth] += 1
                continue
            chosen[depth] = index[depth]
            used[depth] = used[depth - 1] | mask
            depth += 1
            index[depth] = 0
    return total
