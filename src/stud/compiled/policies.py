"""The compiled policies by number, as the compiled engine and the Python bots call them.

A policy number stands for a bot in compiled code, where a Python object cannot go.
``decide`` takes the observation array (``stud.bots.observation``), the hand's random
stream and the evaluator tables, and returns the index of the chosen legal action.
The random and station policies are so simple that the engine inlines them.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from stud.bots.observation import O_KIND, O_NLEGAL
from stud.compiled.equity_bot import equity_choice
from stud.compiled.features import CALLING, act, random_choice
from stud.compiled.learned_policy import learned_choice
from stud.compiled.tight import tight_choice

__all__ = ["EQUITY", "LEARNED", "POLICY_NAMES", "RANDOM", "STATION", "TIGHT", "decide"]

RANDOM = 0
STATION = 1
TIGHT = 2
EQUITY = 3
LEARNED = 4

POLICY_NAMES = {
    RANDOM: "random",
    STATION: "station",
    TIGHT: "tight",
    EQUITY: "equity",
    LEARNED: "learned",
}


@njit(cache=True)
def decide(policy: int, obs: Any, state: Any, tabs: Any) -> int:
    """The index of the legal action policy ``policy`` chooses."""
    nlegal = obs[O_NLEGAL]
    if policy == RANDOM:
        return random_choice(obs[O_KIND:], nlegal, state)
    if policy == STATION:
        return act(obs, CALLING)
    if policy == TIGHT:
        return tight_choice(obs, state, tabs)
    if policy == LEARNED:
        return learned_choice(obs, state, tabs)
    return equity_choice(obs, state, tabs)
