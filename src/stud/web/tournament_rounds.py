"""The rounds of a cardroom tournament: the round due, its hands as they end, and the
tournament after it (R10), decided as values. Nothing here stores or tells anyone:
the director (``stud.web.tournament``) stores what these return, then takes them.

``stud.tournament`` counts rounds: each table with two players or more is given its
hand of the round, at the stakes of that moment on the tournament's one clock; when
every table's hand is over, the round goes back to the tournament, which says who
finished where (R10.2), which players move and which tables break (R10.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stud.tournament.event import TableHand, Tournament, TournamentConfig
from stud.tournament.places import Finish
from stud.web.tournament_progress import Progress, read_progress

__all__ = ["Dealt", "HandEnded", "Rounds", "seats_after"]


def seats_after(
    tables: tuple[tuple[int, ...], ...], seating: Mapping[int, tuple[int, int]], size: int
) -> dict[int, tuple[int, int]]:
    """Where each player the tournament seats at ``tables`` sits: (table, seat).

    Who stays at their table keeps their seat; a player new to a table (at the start,
    or moved there by ``stud.tournament``, R10.3) takes its lowest free seat, in the
    order the tournament lists them.
    """
    placed: dict[int, tuple[int, int]] = {}
    for table, players in enumerate(tables):
        stay = {p: seating[p] for p in players if p in seating and seating[p][0] == table}
        placed.update(stay)
        taken = {seat for _, seat in stay.values()}
        free = iter([s for s in range(size) if s not in taken])
        for player in players:
            if player not in stay:
                placed[player] = (table, next(free))
    return placed


@dataclass(frozen=True, slots=True)
class Dealt:
    """A round planned: where the tournament stands with it (to store before any
    table deals it), and what the tables are told of it."""

    progress: dict[str, Any]
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandEnded:
    """A table's hand of the round is over: what to store with it, and the rounds as
    they stand once it is stored (``Rounds.take``)."""

    progress: dict[str, Any]
    """Where the tournament stands with this hand."""
    prizes: dict[int, int]
    """The prizes of the players the round put out (its last hand only), by player."""
    over: bool
    """The tournament ended with this hand."""
    results: dict[int, tuple[int, ...]]
    after: Tournament | None
    """The tournament after the round, once its last hand is over; else ``None``."""
    seating: dict[int, tuple[int, int]]


class Rounds:
    """Where one tournament's play stands: the tournament between rounds, who sits
    where, the round in play with the hands of it already over, and the level and game
    on the one clock (levels in minutes run from ``started``, seconds since the epoch)."""

    def __init__(self, config: TournamentConfig) -> None:
        self.config = config
        self.tournament: Tournament | None = None
        self.started = 0.0
        self.level = 0
        self.rules = config.structure.rules(0)
        """The stakes and game of the round being played (or the first)."""
        self.round: dict[int, TableHand] = {}
        """The hands of this round by table, until the round is recorded."""
        self.results: dict[int, tuple[int, ...]] = {}
        """The final stacks of the round's hands already over, by table."""
        self.seating: dict[int, tuple[int, int]] = {}
        """Every player still in: (table, seat)."""
        self.announced = 0
        """How many finishes the tables were told of."""

    def begin(self, now: float) -> None:
        """Every entry is in: everyone seated with the starting stack (R10.1), tables
        filled in turn as ``stud.tournament`` seats them."""
        self.tournament = Tournament.start(self.config)
        self.started = now
        self.seating = seats_after(self.tournament.tables, {}, self.config.table_size)

    def stacks(self) -> list[int]:
        """Every entrant's chips now: the tournament's, with this round's hands over."""
        tournament = self.tournament
        if tournament is None:
            return [self.config.starting_stack] * self.config.players
        stacks = list(tournament.stacks)
        for table, final in self.results.items():
            for player, chips in zip(self.round[table].players, final, strict=True):
                stacks[player] = chips
        return stacks

    def deal(self, now: float) -> Dealt | None:
        """The hands the tournament says are due ``now``, one to each table with two
        players or more, at the level of that moment on the one clock (R10.1: between
        hands), taken as this round; ``None`` once the tournament is over."""
        tournament = self.tournament
        if tournament is None or tournament.is_over:
            return None
        due = tournament.deal((now - self.started) / 60)
        first = due[0]
        changed = first.level != self.level or first.rules.variant is not self.rules.variant
        self.level, self.rules = first.level, first.rules
        self.round, self.results = {hand.table: hand for hand in due}, {}
        level = f"Level {first.level + 1}: {first.rules.variant.game_name} at {first.rules.stakes}"
        return Dealt(self.progress(), (level,) if changed else ())

    def hand_ended(self, table: int, final: tuple[int, ...]) -> HandEnded:
        """Table ``table``'s hand of the round ended with ``final`` (the stacks in the
        order of its players): what to store, and the rounds after, changed by nothing
        until ``take``. The round's last hand records the round with the tournament
        (R10.2 places and prizes, R10.3 tables)."""
        tournament = self.tournament
        assert tournament is not None
        results = {**self.results, table: final}
        if len(results) < len(self.round):
            progress = self.progress(results=results)
            return HandEnded(progress, {}, False, results, None, self.seating)
        after = tournament.record([(self.round[t], results[t]) for t in sorted(self.round)])
        fresh = after.finishes[len(tournament.finishes) :]
        seating = seats_after(after.tables, self.seating, self.config.table_size)
        progress = self.progress(after, seating, {})
        prizes = {f.player: f.prize for f in fresh}
        return HandEnded(progress, prizes, after.is_over, {}, after, seating)

    def take(self, ended: HandEnded) -> None:
        """The hand is stored: the rounds stand as it says."""
        self.results = ended.results
        if ended.after is not None:
            self.tournament, self.seating, self.round = ended.after, ended.seating, {}

    def fresh_finishes(self) -> tuple[Finish, ...]:
        """The finishes the tables were not told of yet, now counted as told."""
        tournament = self.tournament
        if tournament is None:
            return ()
        fresh = tournament.finishes[self.announced :]
        self.announced = len(tournament.finishes)
        return fresh

    def progress(
        self,
        tournament: Tournament | None = None,
        seating: Mapping[int, tuple[int, int]] | None = None,
        round_: Mapping[int, TableHand] | None = None,
        results: Mapping[int, tuple[int, ...]] | None = None,
    ) -> dict[str, Any]:
        """Where the tournament stands (or would, with these), to store."""
        tournament = tournament or self.tournament
        assert tournament is not None
        return Progress(
            tournament,
            self.started,
            self.level,
            self.rules,
            self.seating if seating is None else seating,
            self.round if round_ is None else round_,
            self.results if results is None else results,
        ).stored()

    def restore(
        self,
        stored: Mapping[str, Any],
        over: bool,
        unfinished: tuple[tuple[int, ...], tuple[int, ...]] | None,
    ) -> None:
        """The rounds as ``stored``; once the tournament is ``over`` only its places
        and clock matter. Progress stored before rounds were has no round: a hand left
        in play then (``unfinished``: its seats and their stacks) is the
        round's, at the one table there was."""
        progress = read_progress(self.config, stored)
        tournament = self.tournament = progress.tournament
        self.announced = len(tournament.finishes)
        self.started, self.level, self.rules = progress.started, progress.level, progress.rules
        if over:
            return
        self.seating = dict(progress.seating)
        self.round, self.results = dict(progress.round), dict(progress.results)
        if "round" not in stored and unfinished is not None:
            seats, at_start = unfinished
            hand = TableHand(tournament.hands, 0, seats, at_start, self.rules, self.level)
            self.round = {0: hand}
