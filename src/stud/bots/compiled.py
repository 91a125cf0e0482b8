"""Bots whose policy is compiled: the same decision in ``stud deal`` and in ``stud sim``.

A ``CompiledBot`` turns its ``PlayerView`` into the observation array and asks the
compiled policy (``stud.compiled.policies``) for an action, drawing the policy's random
stream from the generator it is given. The simulator runs the very same policy
inside the compiled engine, without this Python layer, which is what makes millions
of hands affordable; a test checks both see the same observation at every decision.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from stud.actions import Action, Show
from stud.bots.observation import observe
from stud.compiled.evaluation import kernel_tables
from stud.compiled.policies import EQUITY, TIGHT, decide
from stud.views import PlayerView

__all__ = ["CompiledBot", "EquityBot", "TightBot"]


@dataclass(frozen=True, slots=True)
class CompiledBot:
    """A bot backed by compiled policy number ``policy``; it always shows down."""

    name: str
    policy: int

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal_actions
        if Show() in legal:
            return Show()
        state = np.array([rng.getrandbits(64)], dtype=np.uint64)
        return legal[decide(self.policy, observe(view), state, kernel_tables())]


@dataclass(frozen=True, slots=True)
class TightBot(CompiledBot):
    """Rule-based: plays good starting hands and made hands hard, folds the rest
    (``stud.compiled.tight``)."""

    name: str = "tight"
    policy: int = TIGHT


@dataclass(frozen=True, slots=True)
class EquityBot(CompiledBot):
    """Estimates its equity by Monte Carlo and bets or folds by pot odds
    (``stud.compiled.equity_bot``)."""

    name: str = "equity"
    policy: int = EQUITY
