"""What everyone sees of a tournament: its structure and clock, where it stands, and
each entrant's chips, place, prize and seat (the lobby's view of it and the
``tournament`` frame its tables send); and what the tables are told of finishes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from stud.rules import Variant
from stud.tournament.event import TournamentConfig
from stud.tournament.places import Finish, ordinal
from stud.tournament.structure import Clock
from stud.web.tournament_entries import Entries
from stud.web.tournament_rounds import Rounds

__all__ = ["Standings", "finish_notes", "standing"]


class _Table(Protocol):
    @property
    def number(self) -> int: ...

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...


class Standings(Protocol):
    """A tournament as its standing reads it (``web.tournament.Director``)."""

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def spec(self) -> dict[str, Any]: ...

    @property
    def config(self) -> TournamentConfig: ...

    @property
    def state(self) -> str: ...

    @property
    def tables(self) -> Sequence[_Table]: ...


def standing(
    t: Standings,
    entries: Entries,
    rounds: Rounds,
    games: tuple[Variant, ...],
    account: int | None,
) -> dict[str, Any]:
    """The tournament ``t`` (its ``entries``, its ``rounds`` as they stand, playing
    ``games``) as everyone sees it, with ``you``: this account's entry."""
    config, spec, tournament = t.config, t.spec, rounds.tournament
    stacks = rounds.stacks()
    structure = config.structure
    finishes: dict[int, Finish] = {f.player: f for f in tournament.finishes} if tournament else {}
    players: list[dict[str, Any]] = []
    you = None
    for entry in entries.rows:
        finish = finishes.get(entry.seat)
        at = rounds.seating.get(entry.seat) if t.state == "running" else None
        player: dict[str, Any] = {
            "seat": entry.seat,
            "name": entry.name,
            "bot": entry.bot is not None,
            "stack": stacks[entry.seat],
            "place": finish.place if finish else None,
            "shared": finish.shared if finish else 1,
            "prize": finish.prize if finish else 0,
            "table": None if at is None else at[0] + 1,
            "table_id": None if at is None else t.tables[at[0]].id,
            "table_seat": None if at is None else at[1],
        }
        players.append(player)
        if account is not None and entry.bot is None and entry.account_id == account:
            you = player
    players.sort(key=lambda p: (p["place"] or 0, -p["stack"], p["seat"]))
    ends = sum(level.length for level in structure.levels[: rounds.level + 1])
    last = rounds.level + 1 >= len(structure.levels)
    timed = structure.clock is Clock.MINUTES
    following = structure.levels[min(rounds.level + 1, len(structure.levels) - 1)]
    seated = [0] * len(t.tables)
    for table, _ in rounds.seating.values():
        seated[table] += 1
    return {
        "id": t.id,
        "table": t.tables[0].id,
        "tables": [
            {"number": t.number + 1, "id": t.id, "name": t.name, "players": seated[t.number]}
            for t in t.tables
        ],
        "table_size": config.table_size,
        "name": t.name,
        "state": t.state,
        "game": ("Mixed: " if len(games) > 1 else "") + ", ".join(g.game_name for g in games),
        "players": config.players,
        "registered": len(entries.rows),
        "buy_in": config.buy_in,
        "prize_pool": config.prize_pool,
        "prizes": list(config.prizes),
        "starting_stack": config.starting_stack,
        "clock": structure.clock.value,
        "level_length": spec["level_length"],
        "bots": entries.fill,
        "level": rounds.level + 1,
        "stakes": rounds.rules.stakes,
        "playing": rounds.rules.variant.game_name,
        "next_stakes": None if last else following.rules(games[0]).stakes,
        "level_ends_at": None if last or not timed else rounds.started + 60 * ends,
        "hands_to_next_level": None
        if last or timed or tournament is None
        else max(0, ends - tournament.rounds),
        "players_left": len(tournament.still_in) if tournament else len(entries.rows),
        "standings": players,
        "you": you,
    }


def finish_notes(finishes: Sequence[Finish], names: Mapping[int, str]) -> list[str]:
    """What the tables are told of players who just finished (R10.2), the lowest place
    first: who finished where and what they won, or who won the tournament."""
    notes = []
    for finish in sorted(finishes, key=lambda f: -f.place):
        name = names.get(finish.player, f"Player {finish.player + 1}")
        if finish.place == 1:
            notes.append(f"{name} wins the tournament and {finish.prize} chips")
            continue
        shared = f" (shared by {finish.shared})" if finish.shared > 1 else ""
        notes.append(f"{name} finishes {ordinal(finish.place)}{shared} and wins {finish.prize}")
    return notes
