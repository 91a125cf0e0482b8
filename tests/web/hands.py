"""Hands played through the engine for the cardroom's history and replay tests."""

from __future__ import annotations

import random

from stud.actions import BringIn, Call, Check, Fold, Show
from stud.rules import Rules, Variant
from stud.state import HandState, new_hand

NAMES = ["Ann", "Bob", "Cy"]


def played(fold_out: bool, seed: int = 5) -> HandState:
    """A three-handed stud hand: everyone folds when they may, or checks and calls down."""
    rules = Rules(Variant.STUD, ante=1, bring_in=1, small_bet=5, big_bet=10)
    state = new_hand(rules, [100, 100, 100], rng=random.Random(seed))
    while not state.is_over:
        legal = state.legal_actions()
        if fold_out and Fold() in legal:
            action = Fold()
        else:
            action = next(a for a in (Show(), Check(), Call(), BringIn()) if a in legal)
        state = state.apply(action)
    return state
