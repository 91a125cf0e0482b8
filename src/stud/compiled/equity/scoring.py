"""One outcome added to the counters: who wins, ties or loses, and each one's share.

Pot shares are counted exactly in units of 1/1680 of a pot (``SHARE_UNIT``), so
high/low halves split among any number of tied players stay whole numbers.
"""

from __future__ import annotations

from typing import Any

from numba import njit

import stud.compiled.jitted  # noqa: F401  (the core, callable from the kernels)
from stud.core import shares
from stud.core.shares import SHARE_UNIT

# Columns of a player's counter row.
_WIN, _TIE, _LOSE, _HIGH_WIN, _HIGH_TIE, _LOW_WIN, _LOW_TIE, _SHARE, _SHARE_SQ = range(9)
_COLUMNS = 9


@njit(cache=True)
def _score(
    chosen: Any, high: Any, low: Any, split_low: bool, counters: Any, weight: int, work: Any
) -> None:
    """Add one outcome (player i holding completion ``chosen[i]``) to the counters.

    ``work`` is scratch space, four rows of one slot a player. The shares are
    ``core.shares.pot_shares``, the split every pot of both engines follows.
    """
    n = chosen.shape[0]
    for i in range(n):
        work[0, i] = high[i, chosen[i]]
        work[1, i] = low[i, chosen[i]]
    high_winners, low_winners = shares.pot_shares(work[0], work[1], n, False, work[2], work[3])
    for i in range(n):
        high_share = work[2, i]
        low_share = work[3, i]
        if split_low and high_share:
            counters[i, _HIGH_WIN if high_winners == 1 else _HIGH_TIE] += weight
        if low_share:
            counters[i, _LOW_WIN if low_winners == 1 else _LOW_TIE] += weight
        share = high_share + low_share
        if share == SHARE_UNIT:
            counters[i, _WIN] += weight
        elif share > 0:
            counters[i, _TIE] += weight
        else:
            counters[i, _LOSE] += weight
        counters[i, _SHARE] += share * weight
        counters[i, _SHARE_SQ] += share * share * weight
