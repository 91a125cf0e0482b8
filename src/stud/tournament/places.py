"""Places and prizes of the players who go out (R10.2).

Players out in the same hand finish in the order of their stacks at the start of
that hand, the larger stack higher; players with equal stacks share the places
they take together and the prizes of those places, split in whole units (the
units rounding leaves go one each to the tied players in seat order), so the
prize money paid is exactly the prize table's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["Finish", "ordinal", "places_of_the_out"]


def ordinal(place: int) -> str:
    """A place as said in English: 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    suffix = "th" if 11 <= place % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


@dataclass(frozen=True, slots=True)
class Finish:
    """Where a player finished: ``place`` (1 is first), shared by ``shared`` players
    who took places ``place`` to ``place + shared - 1`` together, and the prize."""

    player: int
    place: int
    prize: int
    shared: int = 1
    hand: int | None = None
    """The hand (0-based, counted over the tournament) the player went out in."""


def places_of_the_out(
    out: Sequence[int],
    stacks_before: Mapping[int, int],
    still_in: int,
    prizes: Sequence[int],
    hand: int | None = None,
) -> list[Finish]:
    """The finishes of ``out`` (players in seat order) who went out in one hand.

    ``still_in`` is how many players remain after the hand, so the out players take
    places ``still_in + 1`` and below; ``prizes[k]`` is the prize of place ``k + 1``.
    """
    order = sorted(out, key=lambda p: -stacks_before[p])  # stable: seat order within ties
    finishes: list[Finish] = []
    place = still_in + 1
    i = 0
    while i < len(order):
        tied = [p for p in order[i:] if stacks_before[p] == stacks_before[order[i]]]
        places = range(place, place + len(tied))
        pool = sum(prizes[k - 1] for k in places if k <= len(prizes))
        base, odd = divmod(pool, len(tied))
        for rank, player in enumerate(sorted(tied, key=out.index)):
            prize = base + (1 if rank < odd else 0)
            finishes.append(Finish(player, place, prize, len(tied), hand))
        place += len(tied)
        i += len(tied)
    return finishes
