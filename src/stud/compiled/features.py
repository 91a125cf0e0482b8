"""What the compiled policies read off an observation: cards, chips, and action slots.

Shared by the tight and equity policies so that each of them is only its decision
rule. Everything here reads the observation array (``stud.bots.observation``) and
nothing else.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from stud.bots.observation import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    O_AMOUNT,
    O_COMMUNITY,
    O_CONTRIB,
    O_DOWN,
    O_FOLDED,
    O_KIND,
    O_LEVEL,
    O_NDOWN,
    O_NLEGAL,
    O_NUP,
    O_PLAYERS,
    O_SEAT,
    O_STACK,
    O_UP,
    O_WAGER,
    RAISE,
)
from stud.compiled.rng import next_below

__all__ = [
    "AGGRESSIVE",
    "CALLING",
    "PASSIVE",
    "act",
    "live_opponents",
    "my_cards",
    "pot",
    "random_choice",
    "rank_of",
    "seen_cards",
    "to_call",
]

PASSIVE = 0
"""Check if free, post the bring-in if forced, otherwise fold (never folding a free
check, though the rules allow it, R5.8)."""
CALLING = 1
"""Check or call; never raise."""
AGGRESSIVE = 2
"""Bet, complete or raise when allowed, otherwise call."""


@njit(cache=True, inline="always")
def rank_of(code: int) -> int:
    """A card code's rank, 2..14 (ace high)."""
    return code // 4 + 2


@njit(cache=True)
def my_cards(obs: Any, out: Any) -> int:
    """This seat's own cards (down, then up) and the community card; returns the count."""
    n = 0
    for i in range(obs[O_NDOWN]):
        out[n] = obs[O_DOWN + i]
        n += 1
    seat = obs[O_SEAT]
    for i in range(obs[O_NUP + seat]):
        out[n] = obs[O_UP + 4 * seat + i]
        n += 1
    if obs[O_COMMUNITY] >= 0:
        out[n] = obs[O_COMMUNITY]
        n += 1
    return n


@njit(cache=True)
def seen_cards(obs: Any) -> Any:
    """A 52-slot mask of every card this seat has seen: its own and all face-up cards."""
    seen = np.zeros(52, dtype=np.bool_)
    for i in range(obs[O_NDOWN]):
        seen[obs[O_DOWN + i]] = True
    for s in range(obs[O_PLAYERS]):
        for i in range(obs[O_NUP + s]):
            seen[obs[O_UP + 4 * s + i]] = True
    if obs[O_COMMUNITY] >= 0:
        seen[obs[O_COMMUNITY]] = True
    return seen


@njit(cache=True)
def live_opponents(obs: Any) -> int:
    """How many other players have not folded."""
    count = 0
    for s in range(obs[O_PLAYERS]):
        if s != obs[O_SEAT] and obs[O_FOLDED + s] == 0:
            count += 1
    return count


@njit(cache=True)
def pot(obs: Any) -> int:
    """All chips in the pot, this street's wagers included."""
    total = 0
    for s in range(obs[O_PLAYERS]):
        total += obs[O_CONTRIB + s]
    return total


@njit(cache=True)
def to_call(obs: Any) -> int:
    """What this seat must add to call (at most its stack: a call can be all-in)."""
    seat = obs[O_SEAT]
    return int(min(obs[O_LEVEL] - obs[O_WAGER + seat], obs[O_STACK + seat]))


@njit(cache=True)
def act(obs: Any, stance: int) -> int:
    """The legal action's index that carries out a stance (``PASSIVE`` .. ``AGGRESSIVE``).

    Aggression takes the smallest full bet or raise on offer; a passive stance
    folds only when it must pay to go on.
    """
    nlegal = obs[O_NLEGAL]
    passive = -1
    fold = -1
    raise_at = -1
    free = False
    for i in range(nlegal):
        kind = obs[O_KIND + i]
        if kind in (CHECK, CALL, BRING_IN):
            passive = i
            free = free or kind == CHECK
        elif kind == FOLD:
            fold = i
        elif (kind in (COMPLETE, BET, RAISE)) and raise_at < 0:
            raise_at = i
    if stance == AGGRESSIVE and raise_at >= 0 and obs[O_AMOUNT + raise_at] > 0:
        return raise_at
    if stance == PASSIVE and fold >= 0 and not free:
        return fold
    if passive >= 0:
        return passive
    return 0


@njit(cache=True)
def random_choice(kinds: Any, nlegal: int, state: Any) -> int:
    """A uniformly random legal action's index, never a fold when checking is free (the
    rules allow that fold, R5.8, but no sensible policy makes it)."""
    if nlegal > 1 and kinds[1] == CHECK:
        return 1 + next_below(state, nlegal - 1)
    return next_below(state, nlegal)
