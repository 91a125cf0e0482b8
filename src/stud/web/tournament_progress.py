"""Where a cardroom tournament stands, as it is stored after every change: enough to
resume it after the server is killed (its stacks, tables, places, level and clock,
who sits where, and the round in play with the results of its hands so far)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stud.rules import Rules, Variant
from stud.tournament.event import TableHand, Tournament, TournamentConfig
from stud.tournament.places import Finish

__all__ = ["Progress", "read_progress"]


@dataclass(frozen=True, slots=True)
class Progress:
    """A tournament between two of its changes."""

    tournament: Tournament
    started: float
    """When it started, in seconds since the epoch (levels in minutes run from it)."""
    level: int
    rules: Rules
    """The stakes and game of the round being played."""
    seating: Mapping[int, tuple[int, int]]
    """Every player still in: (table, seat)."""
    round: Mapping[int, TableHand]
    """The hands of this round by table, until the round is recorded."""
    results: Mapping[int, tuple[int, ...]]
    """The final stacks of the round's hands already over, by table."""

    def stored(self) -> dict[str, Any]:
        """As the store keeps it (JSON)."""
        tournament = self.tournament
        return {
            "stacks": list(tournament.stacks),
            "tables": [list(t) for t in tournament.tables],
            "rounds": tournament.rounds,
            "hands": tournament.hands,
            "finishes": [
                [f.player, f.place, f.prize, f.shared, f.hand] for f in tournament.finishes
            ],
            "started": self.started,
            "level": self.level,
            "game": self.rules.variant.value,
            "seating": [[p, t, s] for p, (t, s) in sorted(self.seating.items())],
            "round": [
                [h.number, h.table, list(h.players), list(h.stacks)] for h in self.round.values()
            ],
            "results": [[t, list(f)] for t, f in sorted(self.results.items()) if self.round],
        }


def read_progress(config: TournamentConfig, stored: Mapping[str, Any]) -> Progress:
    """A tournament of ``config`` as ``Progress.stored`` kept it. Progress stored by
    older servers has no tables (one table then), no seating (each player at the seat
    of their entry) and no round."""
    stacks = tuple(int(s) for s in stored["stacks"])
    still_in = tuple(p for p, s in enumerate(stacks) if s > 0)
    tables = stored.get("tables", [still_in])
    tournament = Tournament(
        config,
        stacks,
        tuple(tuple(int(p) for p in t) for t in tables),
        rounds=int(stored["rounds"]),
        hands=int(stored["hands"]),
        finishes=tuple(Finish(*f) for f in stored["finishes"]),
    )
    level = int(stored["level"])
    rules = config.structure.levels[level].rules(Variant(stored["game"]))
    seating = stored.get("seating") or [[p, 0, p] for p in still_in]
    round_ = {
        int(table): TableHand(number, table, tuple(players), tuple(at_start), rules, level)
        for number, table, players, at_start in stored.get("round", [])
    }
    return Progress(
        tournament=tournament,
        started=float(stored["started"]),
        level=level,
        rules=rules,
        seating={int(p): (int(t), int(s)) for p, t, s in seating},
        round=round_,
        results={int(t): tuple(f) for t, f in stored.get("results", [])},
    )
