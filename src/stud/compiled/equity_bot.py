"""The equity bot's policy: a quick Monte Carlo estimate of its share, then pot odds.

At each decision the policy deals out the rest of the hand many times: the cards it
has not seen (not its own, not anyone's face-up cards, folded players' included) are
shuffled, each live opponent gets its hidden cards and the cards still to come, and
the compiled evaluators decide each run-out. The average share of the pot it would
win (halves in stud8, ties split) is its equity ``e``. Opponents' hands are drawn
uniformly, so the estimate knows the board, not the betting.

Then, with ``k`` players still in: bet or raise when ``e`` beats the fair share
``1 / k`` by a margin (a bet that every caller pays into is then worth more than it
costs); otherwise check, or call when the pot lays the price (``e`` at least
``to_call / (pot + to_call)``), or fold.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

import stud.compiled.jitted  # noqa: F401  (the core, callable from here)
from stud.bots.observation import (
    MAX_SEATS,
    O_BIG,
    O_COMMUNITY,
    O_DOWN,
    O_FOLDED,
    O_LEVEL,
    O_NDOWN,
    O_NUP,
    O_PLAYERS,
    O_SEAT,
    O_SMALL,
    O_STREET,
    O_UP,
    O_VARIANT,
    RAZZ,
    STUD,
    STUD8,
)
from stud.compiled.evaluation import NO_LOW, hand_high, hand_low8, hand_razz
from stud.compiled.features import (
    AGGRESSIVE,
    CALLING,
    PASSIVE,
    act,
    live_opponents,
    pot,
    seen_cards,
    to_call,
)
from stud.compiled.rng import next_below
from stud.core import shares
from stud.core.shares import SHARE_UNIT

__all__ = [
    "DISCOUNT",
    "MARGIN",
    "SAMPLES",
    "equity_choice",
    "estimate_equity",
    "first_share",
    "unseen_cards",
]

SAMPLES = 64
"""Run-outs per decision: enough to tell a strong hand from a weak one (the standard
error of a share near one half is about 0.06), few enough to decide in microseconds."""

MARGIN = 0.12
"""How far above the fair share ``1 / k`` the equity must be to bet or raise."""

DISCOUNT = 0.7
"""The estimate's factor for each full bet or raise already made on this street."""

RANGE_TRIES = 6
"""Redraws of an opponent's face-down cards towards a playable starting hand."""


@njit(cache=True)
def estimate_equity(obs: Any, state: Any, tabs: Any, samples: int) -> float:
    """The average share of the pot this seat wins over ``samples`` random run-outs."""
    variant = obs[O_VARIANT]
    seat = obs[O_SEAT]
    unseen, m = unseen_cards(seen_cards(obs))
    community = obs[O_COMMUNITY]
    players = np.empty(MAX_SEATS, dtype=np.int64)
    players[0] = seat
    count = 1
    for s in range(obs[O_PLAYERS]):
        if s != seat and obs[O_FOLDED + s] == 0:
            players[count] = s
            count += 1
    hands = np.empty((count, 7), dtype=np.uint8)
    known = np.zeros(count, dtype=np.int64)
    for i in range(obs[O_NDOWN]):
        hands[0, known[0]] = obs[O_DOWN + i]
        known[0] += 1
    for p in range(count):
        s = players[p]
        for i in range(obs[O_NUP + s]):
            hands[p, known[p]] = obs[O_UP + 4 * s + i]
            known[p] += 1
    own = 7
    shared = False
    if community >= 0:
        own = 6
        shared = True
    need = 0
    for p in range(count):
        need += own - known[p]
    if not shared and need > m:
        # Eight players to the end: the seventh card will be a community card (R3.4).
        own = 6
        shared = True
        need = 1
        for p in range(count):
            need += own - known[p]
    high = np.empty(count, dtype=np.int64)
    low = np.empty(count, dtype=np.int64)
    high_share = np.empty(count, dtype=np.int64)
    low_share = np.empty(count, dtype=np.int64)
    ranged = obs[O_STREET] >= 4 and m - need >= 2
    total = 0.0
    for _ in range(samples):
        for i in range(need):
            j = i + next_below(state, m - i)
            unseen[i], unseen[j] = unseen[j], unseen[i]
        drawn = 0
        if shared:
            card = community
            if card < 0:
                card = unseen[drawn]
                drawn += 1
            for p in range(count):
                hands[p, 6] = card
        for p in range(count):
            if p > 0 and ranged and own - known[p] >= 2:
                # An opponent still in after third street played its first three
                # cards: redraw its two face-down ones until they make a hand worth
                # playing (a few tries; past that the board says it has one anyway).
                for _ in range(RANGE_TRIES):
                    if _playable(variant, hands[p, 0], unseen[drawn], unseen[drawn + 1]):
                        break
                    for k in (drawn, drawn + 1):
                        j = need + next_below(state, m - need)
                        unseen[k], unseen[j] = unseen[j], unseen[k]
            for slot in range(known[p], own):
                hands[p, slot] = unseen[drawn]
                drawn += 1
        total += first_share(hands, count, variant, tabs, high, low, high_share, low_share)
    return total / samples


@njit(cache=True)
def unseen_cards(seen: Any) -> tuple[Any, int]:
    """The cards not in ``seen`` (a 52-slot mask), in code order, and how many."""
    unseen = np.empty(52, dtype=np.int64)
    m = 0
    for code in range(52):
        if not seen[code]:
            unseen[m] = code
            m += 1
    return unseen, m


@njit(cache=True)
def first_share(
    hands: Any,
    count: int,
    variant: int,
    tabs: Any,
    high: Any,
    low: Any,
    high_share: Any,
    low_share: Any,
) -> float:
    """The share of the pot (0 to 1) the first of ``count`` seven-card hands wins at the
    showdown: halves in stud8, ties split (``high`` to ``low_share`` are scratch)."""
    for p in range(count):
        if variant == RAZZ:
            low[p] = hand_razz(hands[p], tabs)
        else:
            high[p] = hand_high(hands[p], tabs)
            low[p] = hand_low8(hands[p], tabs) if variant == STUD8 else NO_LOW
    shares.pot_shares(high, low, count, variant == RAZZ, high_share, low_share)
    share: float = (high_share[0] + low_share[0]) / SHARE_UNIT
    return share


@njit(cache=True)
def _playable(variant: int, door: int, first: int, second: int) -> bool:
    """Whether three starting cards are a hand players usually go on with.

    Stud: a pair, three to a flush or a straight, or two cards ten or higher.
    Stud8: a pair, or three different low cards (eight or lower, the ace low), or
    two with an ace. Razz: three different cards eight or lower, or two six or lower.
    """
    ranks = np.empty(3, dtype=np.int64)
    ranks[0], ranks[1], ranks[2] = door // 4 + 2, first // 4 + 2, second // 4 + 2
    paired = ranks[0] == ranks[1] or ranks[0] == ranks[2] or ranks[1] == ranks[2]
    if variant == STUD:
        if paired or (door % 4 == first % 4 == second % 4):
            return True
        if ranks.max() - ranks.min() <= 4:
            return True
        return bool((ranks >= 10).sum() >= 2)
    lows = np.where(ranks == 14, 1, ranks)
    if variant == STUD8:
        if paired:
            return True
        small = (lows <= 8).sum()
        return bool(small == 3 or (small == 2 and (lows == 1).any()))
    if paired:
        return False
    return bool((lows <= 8).sum() == 3 or (lows <= 6).sum() >= 2)


@njit(cache=True)
def equity_choice(obs: Any, state: Any, tabs: Any) -> int:
    """The equity bot's choice: the index of a legal action."""
    equity = estimate_equity(obs, state, tabs, SAMPLES)
    increment = obs[O_SMALL] if obs[O_STREET] <= 4 else obs[O_BIG]
    # Each full bet or raise on this street says the hands against it are better
    # than random ones: discount the estimate for each.
    equity *= DISCOUNT ** (obs[O_LEVEL] // increment)
    players = live_opponents(obs) + 1
    owed = to_call(obs)
    if equity >= min(0.8, 1.0 / players + MARGIN):
        return act(obs, AGGRESSIVE)
    if owed == 0:
        return act(obs, CALLING)
    if equity * (pot(obs) + owed) >= owed:
        return act(obs, CALLING)
    return act(obs, PASSIVE)
