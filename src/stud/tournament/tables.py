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
    """Tables merged and balanced, and the moves that did it.

    A broken table stays in place as an empty table, so table numbers never change.
    The player who moves from a table is the one in its last seat.
    """
    seats = [list(t) for t in tables]
    moves: list[Move] = []
    players = sum(len(t) for t in seats)
    needed = max(1, -(-players // table_size))

    def open_tables() -> list[int]:
        return [i for i, t in enumerate(seats) if t]

    while len(open_tables()) > needed:
        breaking = min(open_tables(), key=lambda i: (len(seats[i]), -i))
        while seats[breaking]:
            player = seats[breaking].pop(0)
            target = min(
                (i for i in open_tables() if i != breaking), key=lambda i: (len(seats[i]), i)
            )
            seats[target].append(player)
            moves.append(Move(player, breaking, target))
    while True:
        live = open_tables()
        fullest = max(live, key=lambda i: (len(seats[i]), -i))
        emptiest = min(live, key=lambda i: (len(seats[i]), i))
        if len(seats[fullest]) - len(seats[emptiest]) <= 1:
            break
        player = seats[fullest].pop()
        seats[emptiest].append(player)
        moves.append(Move(player, fullest, emptiest))
    if any(len(t) > table_size for t in seats):
        raise ValueError(f"{players} players do not fit at tables of {table_size}")
    return tuple(tuple(t) for t in seats), moves
