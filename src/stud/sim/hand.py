"""One hand between bots: the loop that turns views into actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from stud.bots.base import Bot
from stud.rules import Rules
from stud.state import HandState, new_hand
from stud.views import view_of

__all__ = ["play_hand"]


def play_hand(
    rules: Rules,
    stacks: Sequence[int],
    bots: Sequence[Bot],
    rng: random.Random,
) -> HandState:
    """Shuffle with ``rng``, then ask each bot in turn until the hand is over.

    The same generator drives the deck and the bots' choices, so one seed gives
    one hand, exactly (R8.3).
    """
    if len(bots) != len(stacks):
        raise ValueError(f"{len(bots)} bots for {len(stacks)} seats")
    state = new_hand(rules, stacks, rng=rng)
    while not state.is_over:
        seat = state.actor
        assert seat is not None  # a hand with a deck deals itself
        action = bots[seat].act(view_of(state, seat), rng)
        state = state.apply(action)
    return state
