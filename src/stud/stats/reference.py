"""The reference the leak report compares with: the built-in bots' own figures,
measured by playing them.

``play_table`` plays seeded hands between bots through the engine and gives them
as ``PlayedHand``; ``reference_tally`` counts every seat of a table of one built-in
bot (the tight bot by default) into one ``Tally``, so a player's figures can be set
beside what that bot does in the same spots.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from stud.bots import Bot, make_bot
from stud.rules import Rules
from stud.sim.hand import play_hand
from stud.stats.counting import Tally
from stud.stats.hands import PlayedHand, seat_hand

__all__ = ["play_table", "reference_tally"]


def play_table(
    rules: Rules,
    bots: Sequence[Bot],
    hands: int,
    seed: int,
    *,
    stack: int | None = None,
    names: Sequence[str] | None = None,
) -> Iterator[PlayedHand]:
    """``hands`` seeded hands between ``bots``, seats rotating each hand so every bot
    plays every seat; each hand starts from fresh stacks (100 big bets by default)."""
    n = len(bots)
    labels = list(names) if names is not None else [f"{b.name}-{i + 1}" for i, b in enumerate(bots)]
    chips = stack if stack is not None else 100 * rules.big_bet
    rng = random.Random(seed)
    for index in range(hands):
        order = [(seat + index) % n for seat in range(n)]
        state = play_hand(rules, [chips] * n, [bots[j] for j in order], rng, hand=index)
        yield PlayedHand(state, tuple(labels[j] for j in order), f"hand {index + 1} (seed {seed})")


def reference_tally(
    rules: Rules, players: int, hands: int, seed: int = 1, bot: str = "tight"
) -> Tally:
    """Every seat of ``hands`` hands at a table of ``players`` built-in ``bot``s."""
    total = Tally(f"{bot} (reference)")
    bots = [make_bot(bot) for _ in range(players)]
    for hand in play_table(rules, bots, hands, seed):
        for seat in range(players):
            total.add(seat_hand(hand, seat))
    return total
