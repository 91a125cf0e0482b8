"""A seat's view as a flat integer array: what compiled policies read.

Compiled policies (``stud.bots.policies``) cannot take a ``PlayerView``, so they take
this array instead. It holds exactly what a ``PlayerView`` holds that a policy uses:
the stakes, the street, every player's chips, face-up cards and folds, this seat's
own face-down cards, the community card and the legal actions. Two places build it,
and a test checks that they agree at every decision of thousands of hands:

* ``observe(view)`` here, from a ``PlayerView`` (the Python bots), and
* the compiled engine (``stud.sim.engine``), from its own arrays.

Since the engine hands its policies this array and nothing else, a compiled policy
can no more see a hidden card than a Python bot can (R8.4).

Cards are card codes (``Card.code``), ``-1`` for an empty slot. Actions are a kind
code (``FOLD`` .. ``RAISE``) and, for a completion, bet or raise, the street total.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from stud.actions import Action, Bet, BringIn, Call, Check, Complete, Fold, Raise
from stud.rules import Rules, Variant
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

MAX_SEATS = 8
MAX_LEGAL = 4
"""Most legal actions at once: fold, call, and a raise of each of two sizes (R5.5)."""

# Variant codes.
STUD = 0
STUD8 = 1
RAZZ = 2

# Action kind codes, in the engine's and the compiled policies' language.
FOLD = 0
CHECK = 1
CALL = 2
BRING_IN = 3
COMPLETE = 4
BET = 5
RAISE = 6

# The array's layout: single values, then blocks of MAX_SEATS (or more) slots.
O_SEAT = 0
O_PLAYERS = 1
O_STREET = 2
O_LEVEL = 3
O_VARIANT = 4
O_ANTE = 5
O_BRING_IN = 6
O_SMALL = 7
O_BIG = 8
O_COMMUNITY = 9
O_NDOWN = 10
O_DOWN = 11  # 3 slots: own face-down cards in the order dealt
O_NLEGAL = 14
O_KIND = 15  # MAX_LEGAL slots
O_AMOUNT = O_KIND + MAX_LEGAL
O_STACK = O_AMOUNT + MAX_LEGAL  # MAX_SEATS slots each from here
O_WAGER = O_STACK + MAX_SEATS
O_CONTRIB = O_WAGER + MAX_SEATS
O_FOLDED = O_CONTRIB + MAX_SEATS
O_NUP = O_FOLDED + MAX_SEATS
O_UP = O_NUP + MAX_SEATS  # 4 slots a seat: face-up cards in the order dealt
OBS_SIZE = O_UP + 4 * MAX_SEATS

_VARIANT_CODES = {Variant.STUD: STUD, Variant.STUD8: STUD8, Variant.RAZZ: RAZZ}


def variant_code(rules: Rules) -> int:
    """The variant code of a rule set."""
    return _VARIANT_CODES[rules.variant]


def code_of(action: Action) -> tuple[int, int]:
    """An action's kind code and amount (0 unless it names a total)."""
    match action:
        case Fold():
            return FOLD, 0
        case Check():
            return CHECK, 0
        case Call():
            return CALL, 0
        case BringIn():
            return BRING_IN, 0
        case Complete(to):
            return COMPLETE, to
        case Bet(to):
            return BET, to
        case Raise(to):
            return RAISE, to
    raise ValueError(f"{action} is not a betting action")


def action_of(kind: int, amount: int) -> Action:
    """The action of a kind code and amount (the inverse of ``code_of``)."""
    match kind:
        case 0:
            return Fold()
        case 1:
            return Check()
        case 2:
            return Call()
        case 3:
            return BringIn()
        case 4:
            return Complete(amount)
        case 5:
            return Bet(amount)
        case 6:
            return Raise(amount)
    raise ValueError(f"{kind} is not an action kind code")


def observe(view: PlayerView) -> npt.NDArray[np.int64]:
    """The array a compiled policy reads for this view (betting decisions only)."""
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    rules = view.rules
    obs[O_SEAT] = view.seat
    obs[O_PLAYERS] = view.players
    obs[O_STREET] = view.street
    obs[O_LEVEL] = view.level
    obs[O_VARIANT] = variant_code(rules)
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
