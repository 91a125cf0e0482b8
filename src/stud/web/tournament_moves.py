"""Moving a tournament's players between its tables, as ``stud.tournament`` seats them
(R10.3): between hands only, each player's chips and sitting-out going with them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from stud.storage.schema import EntryRow
from stud.web.seat import Seat
from stud.web.tournament_table import TournamentTable

__all__ = ["carry_out_seating", "guide"]


def carry_out_seating(
    tables: Sequence[TournamentTable],
    seating: Mapping[int, tuple[int, int]],
    entries: Sequence[EntryRow],
    stacks: Sequence[int],
    seat_for: Callable[[EntryRow, int], Seat],
) -> set[int]:
    """Make every table's seats what ``seating`` says (player: table, seat): the out
    leave, moved players take their new seats with their chips and sitting-out as they
    were (each table told), and a player new to the tables gets a seat (``seat_for``).
    The accounts of the people seated anew."""
    by_player = {e.seat: e for e in entries}
    leaving: dict[int, tuple[TournamentTable, Seat]] = {}
    for table in tables:
        for number, player in list(table.players.items()):
            seat = table.seats[number]
            if seat is not None:
                seat.stack = stacks[player]
            if seating.get(player) != (table.number, number):
                seat = table.unseat(number)
                if seat is not None:
                    leaving[player] = (table, seat)
    arrived: set[int] = set()
    for player, (number, chair) in sorted(seating.items(), key=lambda p: p[1]):
        table = tables[number]
        if table.players.get(chair) == player:
            continue
        arrived.add(player)
        came = leaving.pop(player, None)
        entry = by_player[player]
        seat = came[1] if came else seat_for(entry, stacks[player])
        table.seat_player(chair, player, seat)
        if came is not None:
            source = came[0]
            source.note(f"{entry.name} moves to table {number + 1}")
            table.note(f"{entry.name} moves in from table {source.number + 1}, seat {chair + 1}")
    return {by_player[p].account_id for p in arrived if by_player[p].bot is None}


def guide(
    tables: Sequence[TournamentTable],
    accounts: set[int],
    where: Callable[[int | None], tuple[TournamentTable, int] | None],
) -> None:
    """The people of ``accounts`` connected at another of the tournament's tables than
    their own are sent to their own (the page follows ``moved``)."""
    for table in tables:
        for viewer in list(table.viewers()):
            found = where(viewer.account) if viewer.account in accounts else None
            if found is not None and found[0] is not table:
                table.tell_moved(viewer, *found)
