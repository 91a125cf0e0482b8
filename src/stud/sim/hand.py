"""One hand between bots: the loop that turns views into actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from stud.bots.base import Bot, ask
from stud.rules import Rules
from stud.state import HandState, new_hand
from stud.views import view_of

__all__ = ["play_hand"]


def play_hand(
    rules: Rules,
    stacks: Sequence[int],
    bots: Sequence[Bot],
    rng: random.Random,
    *,
    hand: int | None = None,
    labels: Sequence[str] | None = None,
) -> HandState:
    """Shuffle with ``rng``, then ask each bot in turn until the hand is over.

    The same generator drives the deck and the bots' choices, so one seed gives
    one hand, exactly (R8.3). A bot that fails or plays an illegal action stops
    the hand with a ``BotError`` naming it (``labels``, default its name) and
    ``hand``.
    """
    if len(bots) != len(stacks):
        raise ValueError(f"{len(bots)} bots for {len(stacks)} seats")
    state = new_hand(rules, stacks, rng=rng)
    while not state.is_over:
        seat = state.actor
        assert seat is not None  # a hand with a deck deals itself
        label = labels[seat] if labels is not None else None
        action = ask(bots[seat], view_of(state, seat), rng, hand=hand, label=label)
        state = state.apply(action)
    return state
