"""Tournaments between bots: one played hand by hand, or many on every core or on Ray.

A hand is played by ``stud.sim.hand.play_hand`` through the reference engine, with
its own random stream started from the tournament's seed and the hand's number,
so a seed gives the same tournament whatever runs it. Minutes, for structures
timed in minutes, are simulated: each round of hands takes ``minutes_per_hand``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from stud.bots import make_bot
from stud.parallel import LocalPool, Runner
from stud.sim.hand import play_hand
from stud.state import HandState
from stud.tournament.event import Tournament, TournamentConfig
from stud.tournament.places import Finish
from stud.tournament.structure import TournamentError

__all__ = [
    "BotStanding",
    "PlayedTournament",
    "SeriesResult",
    "play_tournament",
    "run_sit_and_gos",
]

MAX_ROUNDS = 100_000
"""A tournament of bots that never ends (stakes that stop rising) is stopped here."""


@dataclass(frozen=True, slots=True)
class PlayedTournament:
    """A finished tournament, every hand it dealt, and the clock at each round."""

    tournament: Tournament
    hands: tuple[HandState, ...]
    minutes: tuple[float, ...]


def play_tournament(
    config: TournamentConfig,
    bots: Sequence[str],
    seed: int,
    *,
    minutes_per_hand: float = 1.0,
) -> PlayedTournament:
    """Play a tournament to the end; ``bots[i]`` names entrant ``i``'s bot."""
    if len(bots) != config.players:
        raise TournamentError(f"{len(bots)} bots for {config.players} entrants")
    players = [make_bot(name) for name in bots]
    tournament = Tournament.start(config)
    hands: list[HandState] = []
    minutes: list[float] = []
    while not tournament.is_over:
        if tournament.rounds >= MAX_ROUNDS:
            raise TournamentError(f"no winner after {MAX_ROUNDS} rounds of hands")
        clock = tournament.rounds * minutes_per_hand
        minutes.append(clock)
        results = []
        for due in tournament.deal(clock):
            rng = random.Random(f"{seed}:{due.number}")
            state = play_hand(due.rules, due.stacks, [players[p] for p in due.players], rng)
            hands.append(state)
            results.append((due, state.final_stacks))
        tournament = tournament.record(results)
    return PlayedTournament(tournament, tuple(hands), tuple(minutes))


@dataclass(frozen=True, slots=True)
class BotStanding:
    """One bot's results over a series: places, prizes, return on investment."""

    name: str
    entries: int
    places: tuple[float, ...]
    """Finishes in each place, first first (a shared place counts as a fraction)."""
    prizes: int
    buy_ins: int
    roi_sum_squares: float

    @property
    def roi(self) -> float:
        """Mean (prize - buy-in) / buy-in per entry."""
        return (self.prizes - self.buy_ins) / self.buy_ins if self.buy_ins else 0.0

    @property
    def roi_ci95(self) -> float:
        """Half-width of the 95% confidence interval of the ROI (normal approximation)."""
        if self.entries < 2 or not self.buy_ins:
            return math.inf
        mean = self.roi
        variance = (self.roi_sum_squares - self.entries * mean * mean) / (self.entries - 1)
        return 1.96 * math.sqrt(max(variance, 0.0) / self.entries)


@dataclass(frozen=True, slots=True)
class SeriesResult:
    """A series of tournaments: the set-up and each bot's standing."""

    config: TournamentConfig
    tournaments: int
    seed: int
    hands: int
    bots: tuple[BotStanding, ...]
    complete: bool = True
    """False when Ctrl-C stopped the series: the figures are those of the tournaments
    finished by then."""


def _one(
    args: tuple[TournamentConfig, tuple[str, ...], int, int],
) -> tuple[int, list[tuple[str, Finish]], int]:
    """Tournament ``number`` of a series: its number, each bot's finish, the hands dealt."""
    config, lineup, seed, number = args
    names = [lineup[(i + number) % len(lineup)] for i in range(config.players)]
    if config.players > config.table_size:
        # Seats drawn by lot, as at a multi-table event: filled table by table in turn,
        # the lineup's order would seat some bots only against each other until a merge.
        random.Random(f"{seed}:seats:{number}").shuffle(names)
    played = play_tournament(config, names, seed * 1_000_003 + number)
    return number, [(names[f.player], f) for f in played.tournament.finishes], len(played.hands)


def run_sit_and_gos(
    config: TournamentConfig,
    lineup: Sequence[str],
    count: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    tasks: Runner | None = None,
) -> SeriesResult:
    """``count`` tournaments between bots: sit-and-gos, or multi-table tournaments when
    ``config.players`` is more than a table seats.

    The lineup is repeated to fill the entrants and goes round them, one further each
    tournament, so every bot sits everywhere. ``tasks`` plays the tournaments (by
    default ``jobs`` local processes, ``stud.parallel.LocalPool``); a seed gives the
    same results wherever they run, since each tournament's results are added in the
    tournament's order.
    Ctrl-C stops the series with the results of the tournaments finished so far
    (``complete`` is then false), or, before any, raises ``KeyboardInterrupt``.
    """
    if count < 1:
        raise TournamentError("play at least one tournament")
    if len(config.payouts) > config.players:
        raise TournamentError(f"{len(config.payouts)} paid places for {config.players} players")
    lineup = tuple(lineup)
    work = [(config, lineup, seed, n) for n in range(count)]
    places: dict[str, list[float]] = {name: [0.0] * config.players for name in lineup}
    prizes = dict.fromkeys(lineup, 0)
    entries = dict.fromkeys(lineup, 0)
    squares = dict.fromkeys(lineup, 0.0)
    hands = 0
    finished: dict[int, list[tuple[str, Finish]]] = {}
    try:
        for done, (number, rows, dealt) in enumerate(
            (tasks or LocalPool(jobs)).map(_one, work), start=1
        ):
            finished[number] = rows
            hands += dealt
            if progress:
                progress(done)
    except KeyboardInterrupt:
        if not finished:
            raise
    for number in sorted(finished):
        for name, finish in finished[number]:
            # Players sharing places (R10.2) count a fraction of each.
            for place in range(finish.place, finish.place + finish.shared):
                places[name][place - 1] += 1 / finish.shared
            prizes[name] += finish.prize
            entries[name] += 1
            if config.buy_in:
                squares[name] += ((finish.prize - config.buy_in) / config.buy_in) ** 2
    standings = tuple(
        BotStanding(
            name,
            entries[name],
            tuple(places[name]),
            prizes[name],
            entries[name] * config.buy_in,
            squares[name],
        )
        for name in dict.fromkeys(lineup)
    )
    return SeriesResult(config, len(finished), seed, hands, standings, len(finished) == count)
