"""A seat's view as a flat integer array: what compiled policies read.

Compiled policies (``stud.compiled.policies``) cannot take a ``PlayerView``, so they take
this array instead. It holds exactly what a ``PlayerView`` holds that a policy uses:
the stakes, the street, every player's chips, face-up cards and folds, this seat's
own face-down cards, the community card and the legal actions. Two places build it,
and a test checks that they agree at every decision of thousands of hands:

* ``observe(view)`` here, from a ``PlayerView`` (the Python bots), and
* the compiled engine (``stud.compiled.engine``), from its own arrays.

Since the engine hands its policies this array and nothing else, a compiled policy
can no more see a hidden card than a Python bot can (R8.4).

Cards are card codes (``Card.code``), ``-1`` for an empty slot. Actions are a kind
code (``FOLD`` .. ``RAISE``) and, for a completion, bet or raise, the street total.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from stud.actions import action_of, code_of
from stud.core.codes import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    MAX_LEGAL,
    MAX_SEATS,
    RAISE,
    RAZZ,
    STUD,
    STUD8,
    variant_code,
)
from stud.core.layout import OBSERVATION
from stud.views import PlayerView

__all__ = [
    "BET",
    "BRING_IN",
    "CALL",
    "CHECK",
    "COMPLETE",
    "FOLD",
    "MAX_LEGAL",
    "MAX_SEATS",
    "OBS_SIZE",
    "RAISE",
    "RAZZ",
    "STUD",
    "STUD8",
    "action_of",
    "code_of",
    "observe",
    "variant_code",
]

# The array's slots, as ``core.layout.OBSERVATION`` declares them.
O_SEAT = OBSERVATION["seat"]
O_PLAYERS = OBSERVATION["players"]
O_STREET = OBSERVATION["street"]
O_LEVEL = OBSERVATION["level"]
O_VARIANT = OBSERVATION["variant"]
O_ANTE = OBSERVATION["ante"]
O_BRING_IN = OBSERVATION["bring_in"]
O_SMALL = OBSERVATION["small"]
O_BIG = OBSERVATION["big"]
O_COMMUNITY = OBSERVATION["community"]
O_NDOWN = OBSERVATION["ndown"]
O_DOWN = OBSERVATION["down"]
O_NLEGAL = OBSERVATION["nlegal"]
O_KIND = OBSERVATION["kind"]
O_AMOUNT = OBSERVATION["amount"]
O_STACK = OBSERVATION["stack"]
O_WAGER = OBSERVATION["wager"]
O_CONTRIB = OBSERVATION["contrib"]
O_FOLDED = OBSERVATION["folded"]
O_NUP = OBSERVATION["nup"]
O_UP = OBSERVATION["up"]
OBS_SIZE = OBSERVATION.size


def observe(view: PlayerView) -> npt.NDArray[np.int64]:
    """The array a compiled policy reads for this view (betting decisions only)."""
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    rules = view.rules
    obs[O_SEAT] = view.seat
    obs[O_PLAYERS] = view.players
    obs[O_STREET] = view.street
    obs[O_LEVEL] = view.level
    obs[O_VARIANT] = variant_code(rules.variant)
    obs[O_ANTE] = rules.ante
    obs[O_BRING_IN] = rules.bring_in
    obs[O_SMALL] = rules.small_bet
    obs[O_BIG] = rules.big_bet
    obs[O_COMMUNITY] = -1 if view.community is None else view.community.code
    obs[O_NDOWN] = len(view.down)
    obs[O_DOWN : O_DOWN + 3] = -1
    for i, card in enumerate(view.down):
        obs[O_DOWN + i] = card.code
    legal = [code_of(a) for a in view.legal_actions]
    obs[O_NLEGAL] = len(legal)
    for i, (kind, amount) in enumerate(legal):
        obs[O_KIND + i] = kind
        obs[O_AMOUNT + i] = amount
    obs[O_UP : O_UP + 4 * MAX_SEATS] = -1
    for seat in range(view.players):
        obs[O_STACK + seat] = view.stacks[seat]
        obs[O_WAGER + seat] = view.wagers[seat]
        obs[O_CONTRIB + seat] = view.contributed[seat]
        obs[O_FOLDED + seat] = view.folded[seat]
        obs[O_NUP + seat] = len(view.up[seat])
        for i, card in enumerate(view.up[seat]):
            obs[O_UP + 4 * seat + i] = card.code
    return obs
