"""Sharing a pot out: high and low winners, halves, odd chips (R6.4 to R7.5), and the
exact shares the odds engines count.

Hand values come from ``stud.evaluation``: a higher high value wins, a lower low value
wins, ``NO_LOW`` is no qualifying low. Odd-chip order uses card keys
(``codes.high_card_key``, ``codes.low_card_key``) of each player's own cards.
"""

from __future__ import annotations

from stud.core.codes import NO_LOW
from stud.core.types import Ints, MutableInts

__all__ = [
    "BOTH",
    "LOWBALL",
    "SHARE_UNIT",
    "SPLIT",
    "WHOLE",
    "award_pot",
    "odd_chip_share",
    "pot_shares",
]

# How a pot went.
WHOLE = 0
"""The best high hands took it all (no low, or stud)."""
BOTH = 1
"""The same players tied for high and low: the pot was divided whole (R7.3)."""
SPLIT = 2
"""High and low halves (R6.5), the odd chip to the high half (R7.1)."""
LOWBALL = 3
"""Razz: the best low hands took it all."""

SHARE_UNIT = 1680
"""One pot in share units: 2 x lcm(1..8), so halves split among any number of tied
players stay whole numbers."""


def _winners(mask: int, n: int, values: Ints, best_is_low: bool, out: MutableInts) -> int:
    """The seats in ``mask`` with the best value, in seat order; how many (0: no low)."""
    best = NO_LOW if best_is_low else -(1 << 62)
    for s in range(n):
        if mask >> s & 1:
            v = values[s]
            if (v < best) if best_is_low else (v > best):
                best = v
    if best_is_low and best == NO_LOW:
        return 0
    count = 0
    for s in range(n):
        if mask >> s & 1 and values[s] == best:
            out[count] = s
            count += 1
    return count


def _odd_chip_order(seats: MutableInts, count: int, keys: Ints, ascending: bool) -> None:
    """Sort ``seats[:count]`` by card key: who gets odd chips first (R7.2). No two players
    hold the same card, so keys never tie."""
    for i in range(1, count):
        j = i
        while j > 0 and (
            (keys[seats[j]] < keys[seats[j - 1]])
            if ascending
            else (keys[seats[j]] > keys[seats[j - 1]])
        ):
            seats[j], seats[j - 1] = seats[j - 1], seats[j]
            j -= 1


def odd_chip_share(chips: int, count: int, place: int) -> int:
    """The chips of the winner at ``place`` in odd-chip order when ``count`` players share
    ``chips``: equal shares, the leftover one each to the first places (R7.2, R7.4)."""
    base = chips // count
    return base + (1 if place < chips - base * count else 0)


def award_pot(
    amount: int,
    mask: int,
    n: int,
    high: Ints,
    low: Ints,
    high_keys: Ints,
    low_keys: Ints,
    split_low: bool,
    lowball: bool,
    hi: MutableInts,
    lo: MutableInts,
) -> tuple[int, int, int, int, int]:
    """Who wins the ``amount`` chips of one pot among the seats in ``mask``.

    Writes the high winners to ``hi`` and the low winners to ``lo``, each in odd-chip
    order, and returns ``(how, high winners, high chips, low winners, low chips)``;
    the winner at place ``i`` of a side gets ``odd_chip_share(chips, winners, i)``.
    Razz (``lowball``): the best low takes all, odd chips by lowest card (R7.5).
    Stud8 (``split_low``): with a qualifying low the pot splits, the odd chip to the
    high half (R6.5, R7.1), unless the same players win both, who divide it whole by
    highest card (R7.3). Otherwise the best high takes all (R6.6, R7.2).
    """
    if lowball:
        nl = _winners(mask, n, low, True, lo)
        _odd_chip_order(lo, nl, low_keys, True)
        return LOWBALL, 0, 0, nl, amount
    nh = _winners(mask, n, high, False, hi)
    nl = _winners(mask, n, low, True, lo) if split_low else 0
    same = nh == nl
    for i in range(min(nh, nl)):
        if hi[i] != lo[i]:
            same = False
    _odd_chip_order(hi, nh, high_keys, False)
    if nl == 0:
        return WHOLE, nh, amount, 0, 0
    if same:
        return BOTH, nh, amount, 0, 0
    _odd_chip_order(lo, nl, low_keys, True)
    low_half = amount // 2
    return SPLIT, nh, amount - low_half, nl, low_half


def pot_shares(
    high: Ints, low: Ints, n: int, lowball: bool, high_share: MutableInts, low_share: MutableInts
) -> tuple[int, int]:
    """Each of ``n`` hands' exact share of one pot, in ``SHARE_UNIT``: from the high side
    in ``high_share``, from the low side in ``low_share``. Returns how many won each side.

    The same split as ``award_pot`` without odd chips, for counting odds: razz goes to
    the best low; otherwise a qualifying low takes half (R6.5), ties share (R6.6).
    """
    best_low = NO_LOW
    for i in range(n):
        best_low = min(best_low, low[i])
        high_share[i] = 0
        low_share[i] = 0
    nl = 0
    if best_low != NO_LOW:
        for i in range(n):
            if low[i] == best_low:
                nl += 1
    if lowball:
        for i in range(n):
            if nl and low[i] == best_low:
                low_share[i] = SHARE_UNIT // nl
        return 0, nl
    best_high = high[0]
    for i in range(1, n):
        best_high = max(best_high, high[i])
    nh = 0
    for i in range(n):
        if high[i] == best_high:
            nh += 1
    half = SHARE_UNIT if nl == 0 else SHARE_UNIT // 2
    for i in range(n):
        if high[i] == best_high:
            high_share[i] = half // nh
        if nl and low[i] == best_low:
            low_share[i] = (SHARE_UNIT // 2) // nl
    return nh, nl
