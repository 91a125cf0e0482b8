"""Running a simulation: its hands cut into chunks, the chunks played anywhere.

A ``Simulation`` names everything that decides the numbers: rules, the bots around
the table, the number of hands, the seed and the stacks. Hand ``i`` is a pure
function of those (its own random stream, ``stud.compiled.rng.hand_start(seed, i)``, and
seats rotated by ``i``), and a chunk's totals are integer sums, so the totals are
the same however the hands are cut up and wherever the chunks run: in this process,
in local worker processes (``LocalProcesses``) or as Ray tasks
(``stud.sim.ray_cluster``): any ``stud.parallel.Runner``.

Every hand starts from fresh stacks, so a bot's result is a sum of independent
per-hand net results, which is what the confidence intervals assume.

Bots with a compiled policy (all the built-in ones) play in the compiled engine
(``stud.compiled.engine``); a table with any other ``Bot`` plays through ``stud.state``,
hand by hand, about a hundred times slower. Such a bot travels to the workers as
its spec string (``stud.bots.loading``) and each worker loads it; a bot that fails
stops the simulation with a ``SimError`` naming it, the hand and its view, and
the chunks not yet started are cancelled.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from stud.actions import HandMucked, HandShown, PotAwarded, Show
from stud.bots import BotError, BotLoadError, bot_factory
from stud.bots.observation import action_of
from stud.cards import Card
from stud.compiled import engine, runs
from stud.compiled.engine import MAX_ACTIONS
from stud.compiled.evaluation import kernel_tables
from stud.compiled.rng import hand_start
from stud.compiled.runs import (
    S_FIELDS,
    S_HANDS,
    S_NET,
    S_NET_SQ,
    S_SCOOPS,
    S_SHOWDOWNS,
    S_WINS,
)
from stud.history.phh import to_phh
from stud.parallel import InProcess, JobsError, LocalPool, Runner
from stud.rules import MAX_SEATS, MIN_SEATS, Rules
from stud.sim.hand import play_hand
from stud.state import HandState, new_hand

__all__ = [
    "CHUNK_HANDS",
    "MAX_CHIPS",
    "ChunkResult",
    "InProcess",
    "LocalProcesses",
    "SimError",
    "Simulation",
    "chunk_plan",
    "compile_engine",
    "play_chunk",
    "policy_of",
    "replay_hand",
    "simulate",
]

CHUNK_HANDS = 5_000
"""Hands per chunk: small enough for a lively progress bar and even load across
workers, large enough that sending a chunk costs nothing next to playing it."""


MAX_CHIPS = 1_000_000
"""The largest stack or stake a simulation (and the command line) takes.

The compiled engine and the bots count chips in 64-bit integers, and a chunk adds
up each hand's squared net result (up to seven stacks won): with a million chips a
stack, ``CHUNK_HANDS`` such squares still fit in 64 bits, and one hand's result
fits in the 32-bit per-hand series kept for plots."""


class SimError(ValueError):
    """A simulation that cannot be run, with the reason."""


def policy_of(name: str, folder: str | None = None) -> int | None:
    """The compiled policy number of a bot, or ``None`` if it has none."""
    policy = getattr(bot_factory(name, folder)(), "policy", None)
    return policy if isinstance(policy, int) else None


@dataclass(frozen=True, slots=True)
class Simulation:
    """Everything that decides a simulation's numbers.

    ``bots`` is the lineup of names or specs (``stud.bots.loading``), read from
    ``folder`` (by default the current one) wherever the hands are played: position
    ``j`` sits in seat ``(j - i) mod n`` in hand ``i``, so every bot plays every seat
    equally often. ``keep_series`` keeps each hand's result per position (for
    plots); ``keep_hands`` keeps each hand as PHH.
    """

    rules: Rules
    bots: tuple[str, ...]
    hands: int
    seed: int = 0
    stack: int = 1000
    keep_series: bool = False
    keep_hands: bool = False
    folder: str = field(default_factory=os.getcwd)

    def __post_init__(self) -> None:
        if not MIN_SEATS <= len(self.bots) <= MAX_SEATS:
            raise SimError(f"a table seats {MIN_SEATS} to {MAX_SEATS} bots, not {len(self.bots)}")
        try:
            for spec in self.bots:
                bot_factory(spec, self.folder)
        except BotLoadError as error:
            raise SimError(str(error)) from None
        if self.hands < 1:
            raise SimError(f"the number of hands must be at least 1, not {self.hands}")
        if not 0 <= self.seed < 2**64:
            raise SimError(f"the seed must be in 0..2**64-1, not {self.seed}")
        if not 1 <= self.stack <= MAX_CHIPS:
            raise SimError(f"a stack must be from 1 to {MAX_CHIPS:,} chips, not {self.stack}")
        if max(self.rules.ante, self.rules.big_bet) > MAX_CHIPS:
            raise SimError(f"stakes go up to {MAX_CHIPS:,} chips, not {self.rules.stakes}")

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return len(self.bots)

    @property
    def compiled(self) -> bool:
        """Whether every bot has a compiled policy, so the compiled engine can play."""
        return all(policy_of(name, self.folder) is not None for name in self.bots)

    @property
    def policies(self) -> npt.NDArray[np.int64]:
        """The compiled policy of each lineup position."""
        return np.array([policy_of(name, self.folder) for name in self.bots], dtype=np.int64)

    def seat_names(self, index: int) -> list[str]:
        """Which bot sits in each seat in hand ``index``."""
        n = self.players
        return [self.bots[(seat + index) % n] for seat in range(n)]


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """The totals of hands ``first .. first + count - 1``.

    ``stats`` has one row per lineup position, columns ``runs.S_*`` (hands, net
    chips, sum of squared net chips, showdowns, wins, scoops). ``series`` holds each
    hand's net result per position and ``hands`` each hand as PHH, when kept.
    """

    first: int
    count: int
    stats: npt.NDArray[np.int64]
    series: npt.NDArray[np.int32] | None = None
    hands: tuple[str, ...] | None = None


def chunk_plan(hands: int, size: int = CHUNK_HANDS) -> list[tuple[int, int]]:
    """``(first, count)`` of each chunk of ``hands`` hands."""
    if size < 1:
        raise SimError(f"a chunk must hold at least one hand, not {size}")
    return [(first, min(size, hands - first)) for first in range(0, hands, size)]


def play_chunk(sim: Simulation, first: int, count: int) -> ChunkResult:
    """Play one chunk of a simulation in this process."""
    if not sim.compiled:
        return _play_chunk_python(sim, first, count)
    n = sim.players
    stacks = np.full(n, sim.stack, dtype=np.int64)
    stats = np.zeros((n, S_FIELDS), dtype=np.int64)
    series = np.zeros((count if sim.keep_series else 0, n), dtype=np.int32)
    kept = count if sim.keep_hands else 0
    decks = np.zeros((kept, 52), dtype=np.uint8)
    logs = np.zeros((kept, MAX_ACTIONS, 4), dtype=np.int64)
    lengths = np.zeros(kept, dtype=np.int64)
    runs.run_hands(
        engine.rules_array(sim.rules),
        stacks,
        sim.policies,
        np.uint64(sim.seed),
        first,
        count,
        kernel_tables(),
        stats,
        series,
        decks,
        logs,
        lengths,
    )
    texts: tuple[str, ...] | None = None
    if sim.keep_hands:
        if (lengths > MAX_ACTIONS).any():
            raise SimError(f"a hand took more than {MAX_ACTIONS} actions: too long to keep")
        texts = tuple(
            to_phh(
                replay_hand(sim.rules, [sim.stack] * n, decks[k], logs[k, : lengths[k]]),
                hand=first + k,
                _seed=sim.seed,
                players=sim.seat_names(first + k),
            )
            for k in range(count)
        )
    return ChunkResult(first, count, stats, series if sim.keep_series else None, texts)


def _play_chunk_python(sim: Simulation, first: int, count: int) -> ChunkResult:
    """A chunk with a bot that has no compiled policy: ``stud.state``, hand by hand.

    Far slower than the compiled engine, but any ``Bot`` can take part. Hand ``i``
    still draws everything from its own generator, seeded by ``hand_start(seed, i)``,
    so these numbers too are the same whatever the jobs.
    """
    n = sim.players
    stats = np.zeros((n, S_FIELDS), dtype=np.int64)
    series = np.zeros((count if sim.keep_series else 0, n), dtype=np.int32)
    texts: list[str] = []
    try:
        factories = {spec: bot_factory(spec, sim.folder) for spec in sim.bots}
    except BotLoadError as error:  # a worker that cannot load what the parent could
        raise SimError(str(error)) from None
    for k in range(count):
        index = first + k
        names = sim.seat_names(index)
        rng = random.Random(hand_start(sim.seed, index))
        bots = [factories[b]() for b in names]
        try:
            state = play_hand(sim.rules, [sim.stack] * n, bots, rng, hand=index, labels=names)
        except BotError as error:
            raise SimError(str(error)) from None
        won = [0] * n
        for event in state.events:
            if isinstance(event, PotAwarded):
                won[event.seat] += event.amount
        shown = any(isinstance(e, HandShown | HandMucked) for e in state.events)
        for seat, net in enumerate(state.payoffs):
            row = stats[(seat + index) % n]
            row[S_HANDS] += 1
            row[S_NET] += net
            row[S_NET_SQ] += net * net
            if shown and not state.folded[seat]:
                row[S_SHOWDOWNS] += 1
                row[S_SCOOPS] += won[seat] == sum(won) > 0
            row[S_WINS] += won[seat] > 0
            if sim.keep_series:
                series[k, (seat + index) % n] = net
        if sim.keep_hands:
            texts.append(to_phh(state, hand=index, _seed=sim.seed, players=names))
    return ChunkResult(
        first,
        count,
        stats,
        series if sim.keep_series else None,
        tuple(texts) if sim.keep_hands else None,
    )


def replay_hand(
    rules: Rules,
    stacks: Sequence[int],
    deck: npt.NDArray[np.uint8],
    actions: npt.NDArray[np.int64],
) -> HandState:
    """The reference engine's hand for a compiled hand's deck and actions.

    Every action goes through ``HandState.apply``, so a hand the compiled engine got
    wrong fails here loudly instead of being written as history.
    """
    state = new_hand(rules, stacks, deck=[Card.from_code(int(c)) for c in deck])
    for seat, kind, amount, _ in actions.tolist():
        if state.actor != seat:
            raise AssertionError(f"the compiled engine had seat {seat + 1} act out of turn")
        state = state.apply(action_of(kind, amount))
    while not state.is_over:
        state = state.apply(Show())  # everyone shows down in the simulator
    return state


def compile_engine() -> None:
    """Compile the engine, or load it from numba's cache, before the first chunk.

    Done once in the parent before starting workers, which then inherit it.
    """
    play_chunk(Simulation(Rules(), ("random", "random"), 1), 0, 1)


class LocalProcesses(LocalPool):
    """The local pool (``stud.parallel.LocalPool``) with its refusal as a ``SimError``."""

    def __init__(self, jobs: int) -> None:
        try:
            super().__init__(jobs)
        except JobsError as error:
            raise SimError(str(error)) from None


def _play_planned(job: tuple[Simulation, int, int]) -> ChunkResult:
    return play_chunk(*job)


def simulate(
    sim: Simulation,
    runner: Runner | None = None,
    *,
    chunk_hands: int = CHUNK_HANDS,
    on_chunk: Callable[[ChunkResult], None] | None = None,
) -> list[ChunkResult]:
    """Play a simulation; the chunk results, sorted by first hand.

    ``runner`` plays the chunks (by default one after another in this process).
    """
    results: list[ChunkResult] = []
    jobs = [(sim, first, count) for first, count in chunk_plan(sim.hands, chunk_hands)]
    for result in (runner or InProcess()).map(_play_planned, jobs, prepare=compile_engine):
        results.append(result)
        if on_chunk is not None:
            on_chunk(result)
    return sorted(results, key=lambda r: r.first)
