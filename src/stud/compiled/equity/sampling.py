"""Monte Carlo: completions drawn at random, or the rest of the deal card by card."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numba import njit

from stud.compiled.equity.scoring import _score


@njit(cache=True)
def _sample(
    needs: Any,
    deck_size: int,
    high: Any,
    low: Any,
    split_low: bool,
    trials: int,
    seed: int,
    binomial: Any,
    counters: Any,
) -> None:
    """``trials`` random outcomes, drawn by a partial shuffle of the deck positions.

    The generator is xorshift64* (fast, and plenty for dealing cards); a position
    is drawn by Lemire's multiply-shift on 32 bits, whose bias (under 1 in 10**7
    here) is far below what a Monte Carlo run can see.
    """
    state = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) | np.uint64(1)
    n = needs.shape[0]
    positions = np.arange(deck_size)
    chosen = np.zeros(n, dtype=np.int64)
    drawn = np.zeros(7, dtype=np.int64)
    work = np.zeros((4, n), dtype=np.int64)
    total_needed = 0
    for i in range(n):
        total_needed += needs[i]
    for _ in range(trials):
        for j in range(total_needed):
            state ^= state >> np.uint64(12)
            state ^= state << np.uint64(25)
            state ^= state >> np.uint64(27)
            r = (state * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(32)
            pick = j + np.int64((r * np.uint64(deck_size - j)) >> np.uint64(32))
            positions[j], positions[pick] = positions[pick], positions[j]
        at = 0
        for i in range(n):
            k = needs[i]
            for j in range(k):  # insertion sort of this player's draw
                value = positions[at + j]
                h = j
                while h > 0 and drawn[h - 1] > value:
                    drawn[h] = drawn[h - 1]
                    h -= 1
                drawn[h] = value
            rank = 0
            for j in range(k):
                rank += binomial[drawn[j], j + 1]
            chosen[i] = rank
            at += k
        _score(chosen, high, low, split_low, counters, 1, work)


_BINOMIAL = np.array([[math.comb(a, b) for b in range(8)] for a in range(53)], dtype=np.int64)


@njit(cache=True)
def _deal(
    hands: Any,
    filled: Any,
    needs: Any,
    shares: Any,
    community: int,
    seen: Any,
    taken: Any,
    seed: int,
) -> None:
    """Deal the rest of each trial's hands, card by card (no completion tables).

    ``hands[i, t]`` holds player ``i``'s first ``filled[i]`` cards in trial ``t``;
    the unseen deck is every card not in ``seen`` (the seen and dead cards) nor
    ``taken[t]`` (the trial's range cards). A partial shuffle of it gives the
    community card first when there is one (to each player with ``shares[i]``),
    then ``needs[i]`` cards a player. A position is drawn from a uniform double
    (numba's Mersenne Twister), whose bias is far below what a run can see.
    """
    np.random.seed(seed)
    n = hands.shape[0]
    free = np.empty(52, dtype=np.int64)
    total = community
    for i in range(n):
        total += needs[i]
    for t in range(hands.shape[1]):
        used = seen | taken[t]
        m = 0
        for code in range(52):
            if not (used >> np.uint64(code)) & np.uint64(1):
                free[m] = code
                m += 1
        for j in range(total):
            pick = j + int(np.random.random() * (m - j))
            free[j], free[pick] = free[pick], free[j]
        at = community
        for i in range(n):
            for k in range(needs[i]):
                hands[i, t, filled[i] + k] = free[at]
                at += 1
            if community and shares[i]:
                hands[i, t, 6] = free[0]


@njit(cache=True)
def _score_each(high: Any, low: Any, split_low: bool, counters: Any) -> None:
    """Score every trial ``t`` of hand values ``high[:, t]`` and ``low[:, t]``."""
    chosen = np.zeros(high.shape[0], dtype=np.int64)
    work = np.zeros((4, high.shape[0]), dtype=np.int64)
    for t in range(high.shape[1]):
        chosen[:] = t
        _score(chosen, high, low, split_low, counters, 1, work)
