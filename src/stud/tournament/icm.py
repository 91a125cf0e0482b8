"""ICM: what a tournament stack is worth in prize money (Malmuth-Harville).

The Malmuth-Harville model says a player finishes first with probability
stack / all chips, and, given who finished above, takes each next place the same
way among the players left. A player's equity is the prize of each place times
the chance of finishing there. Summed over the finishing orders, this is a walk
over the sets of players already placed: every set is reached once, so twenty
players cost 2**20 steps, not 20! orders.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MAX_ICM_PLAYERS", "icm_equities", "place_probabilities"]

MAX_ICM_PLAYERS = 20
"""More players than this take too long to walk (the sets of placed players double
with each one); a tournament that large is valued table by table."""


def place_probabilities(
    stacks: Sequence[int | float], places: int | None = None
) -> list[list[float]]:
    """``p[i][k]``: the chance that player ``i`` finishes in place ``k + 1``.

    Only the first ``places`` places are worked out (all of them by default). A
    player with no chips finishes below every player with chips.
    """
    n = len(stacks)
    if n == 0:
        return []
    if n > MAX_ICM_PLAYERS:
        raise ValueError(f"ICM is worked out for at most {MAX_ICM_PLAYERS} players, not {n}")
    if any(s < 0 for s in stacks):
        raise ValueError("a stack cannot be negative")
    if sum(stacks) <= 0:
        raise ValueError("someone must have chips")
    places = n if places is None else min(places, n)
    live = [i for i in range(n) if stacks[i] > 0]
    busted = [i for i in range(n) if stacks[i] <= 0]
    probabilities = [[0.0] * n for _ in range(n)]
    total = sum(stacks)  # exact for whole chips: a float would lose a small stack beside a huge one
    # chance[mask]: the chance that exactly the players in ``mask`` (bits over ``live``)
    # took the top places, in some order.
    chance: dict[int, float] = {0: 1.0}
    for place in range(min(places, len(live))):
        following: dict[int, float] = {}
        for mask, p in chance.items():
            left = total - sum(stacks[live[b]] for b in range(len(live)) if mask >> b & 1)
            for b, seat in enumerate(live):
                if mask >> b & 1:
                    continue
                step = p * stacks[seat] / left
                probabilities[seat][place] += step
                following[mask | 1 << b] = following.get(mask | 1 << b, 0.0) + step
        chance = following
    # Players with no chips share the places below the others equally: they are out
    # together (R10.2 orders them by their stacks before the hand, which ICM does not see).
    for place in range(len(live), places):
        for seat in busted:
            probabilities[seat][place] = 1.0 / len(busted)
    return probabilities


def icm_equities(stacks: Sequence[int | float], payouts: Sequence[float]) -> list[float]:
    """Each player's equity in the prize pool: sum over places of prize x chance.

    ``payouts[k]`` is the prize for place ``k + 1`` (any unit: amounts or percentages);
    places beyond the players are not paid.
    """
    if any(p < 0 for p in payouts):
        raise ValueError("a prize cannot be negative")
    paid = min(len(payouts), len(stacks))
    table = place_probabilities(stacks, paid)
    return [sum(row[k] * payouts[k] for k in range(paid)) for row in table]
