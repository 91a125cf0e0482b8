"""Tables of a tournament: balancing and merging (R10.3).

Between hands, tables are kept within one seat of each other: a player moves from
the fullest table to the emptiest. When the players left fit at fewer tables, the
table with the fewest players breaks and its players fill the emptiest seats
elsewhere. A moved player takes the last seat of the new table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Move", "balance"]


@dataclass(frozen=True, slots=True)
class Move:
    """A player moved from one table (0-based) to another between hands."""

    player: int
    source: int
    target: int


def balance(
    tables: Sequence[Sequence[int]], table_size: int
) -> tuple[tuple[tuple[int, ...], ...], list[Move]]:
    """Tables merged and balanced, and the moves that did it; nobody moves twice.

    The tables that stay are the fullest that the players need (on a tie, the
    lowest numbered); the others break, each player going to the emptiest table
    that stays. Then, while two tables differ by more than one player, the last
    player of the fullest table who has not moved goes to the emptiest. A broken
    table stays in place as an empty table, so table numbers never change.
    """
    seats = [list(t) for t in tables]
    players = sum(len(t) for t in seats)
    if players > table_size * len(seats):
        raise ValueError(f"{players} players do not fit at {len(seats)} tables of {table_size}")
    needed = max(1, -(-players // table_size))
    by_size = sorted(range(len(seats)), key=lambda i: (-len(seats[i]), i))
    staying, breaking = sorted(by_size[:needed]), sorted(by_size[needed:])
    moves: list[Move] = []

    def move(player: int, source: int) -> None:
        target = min(staying, key=lambda i: (len(seats[i]), i))
        seats[target].append(player)
        moves.append(Move(player, source, target))

    for source in breaking:
        while seats[source]:
            move(seats[source].pop(0), source)
    moved = {m.player for m in moves}
    while True:
        fullest = max(staying, key=lambda i: (len(seats[i]), -i))
        emptiest = min(staying, key=lambda i: (len(seats[i]), i))
        if len(seats[fullest]) - len(seats[emptiest]) <= 1:
            break
        stayed = [p for p in seats[fullest] if p not in moved] or seats[fullest]
        player = stayed[-1]
        seats[fullest].remove(player)
        move(player, fullest)
        moved.add(player)
    return tuple(tuple(t) for t in seats), moves
