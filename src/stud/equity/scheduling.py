"""A run of the odds cut into independent pieces, on the one pool (``stud.parallel``).

Exact enumeration is cut by the first player's completions, Monte Carlo into
seeded batches of trials; the pieces' counters are added up as they come, so a
run stopped early still has the counts so far.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from stud.cards import Card
from stud.compiled.equity.enumeration import _enumerate
from stud.compiled.equity.sampling import _BINOMIAL, _deal, _sample, _score_each
from stud.compiled.equity.scoring import (
    _COLUMNS,
    _HIGH_TIE,
    _HIGH_WIN,
    _LOSE,
    _LOW_TIE,
    _LOW_WIN,
    _SHARE,
    _SHARE_SQ,
    _TIE,
    _WIN,
)
from stud.core.shares import SHARE_UNIT
from stud.equity.ranges import EquityError
from stud.equity.results import EquityResult, Method, PlayerOdds
from stud.equity.situation import Situation, _holdings
from stud.equity.tables import _tables, _values
from stud.parallel import LocalPool, Runner
from stud.rules import Variant

__all__ = ["odds", "run_equity"]


@dataclass(frozen=True)
class _Task:
    """One independent piece of work: a slice of an enumeration or a batch of trials."""

    case: int
    start: int = 0
    stop: int = 0
    trials: int = 0
    seed: int = 0
    holding: int = -1
    """For a situation with ranges: the holding enumerated (-1 when dealt at random)."""
    dealt: bool = False
    """Monte Carlo dealt card by card rather than drawn from completion tables."""


_WIDEST = 1 << 21
"""The most completions a player's table may hold; a situation whose players need
more cards than that (``??`` cards early in the hand) is dealt card by card."""

_DEALT_CHUNK = 1 << 16
"""Trials a piece when dealing card by card (they are held in memory as hands)."""


def _tabled(situation: Situation) -> bool:
    """Whether every player's completions fit in a table (see ``_WIDEST``)."""
    unseen = situation._unseen()
    needs = situation.needs(community=situation.community)
    return all(math.comb(unseen, k) <= _WIDEST for k in needs)


def _dealt(situation: Situation, trials: int) -> bool:
    """Whether Monte Carlo deals card by card: ranges, players too wide for tables, or
    tables that would take more evaluations to fill than the trials themselves (many
    players early in a hand, each community card its own set of tables)."""
    if situation.ranged or not _tabled(situation):
        return True
    cases = len(situation.deck) if situation.community else 1
    unseen = situation._unseen() - (1 if situation.community else 0)
    needs = situation.needs(community=situation.community)
    filling = cases * sum(math.comb(unseen, k) for k in needs)
    return filling > trials * len(needs)


def _run_task(situation: Situation, task: _Task) -> npt.NDArray[Any]:
    if task.dealt:
        return _run_dealt(situation, task)
    if situation.ranged:
        weight = _holdings(situation).weights[task.holding]
        part = _run_task(situation.holding(task.holding), replace(task, holding=-1))
        return part.astype(object) * weight
    t = _tables(situation.cases()[task.case])
    counters = np.zeros((len(situation.hands), _COLUMNS), dtype=np.int64)
    if task.trials:
        _sample(
            t.needs,
            t.deck_size,
            t.high,
            t.low,
            t.split_low,
            task.trials,
            task.seed,
            _BINOMIAL,
            counters,
        )
    else:
        _enumerate(t.masks, t.counts, t.high, t.low, t.split_low, task.start, task.stop, counters)
    return counters


def _run_dealt(situation: Situation, task: _Task) -> npt.NDArray[np.int64]:
    """``task.trials`` Monte Carlo trials, each a holding drawn by weight, then the
    rest of the deal card by card."""
    holdings = _holdings(situation)
    rng = np.random.default_rng(task.seed)
    picks = rng.choice(len(holdings.weights), size=task.trials, p=holdings.probabilities)
    community = situation.community
    n = len(situation.hands)
    hands = np.zeros((n, task.trials, 7), dtype=np.uint8)
    filled = np.zeros(n, dtype=np.int64)
    for i, (known, player_range) in enumerate(zip(situation.hands, situation.ranges, strict=True)):
        size = 0 if player_range is None else player_range.size
        hands[i, :, : len(known)] = [c.code for c in known]
        hands[i, :, len(known) : len(known) + size] = holdings.codes[picks, i, :size]
        filled[i] = len(known) + size
    seen = sum(1 << c.code for c in (*(c for h in situation.hands for c in h), *situation.dead))
    _deal(
        hands,
        filled,
        np.array(situation.needs(community=community), dtype=np.int64),
        np.array([held < 7 for held in situation.held], dtype=np.bool_),
        int(community),
        np.uint64(seen),
        holdings.masks[picks],
        task.seed % (1 << 32),
    )
    high = np.empty((n, task.trials), dtype=np.int32)
    low = np.empty((n, task.trials), dtype=np.int32)
    for i in range(n):
        high[i], low[i] = _values(situation.variant, hands[i])
    counters = np.zeros((n, _COLUMNS), dtype=np.int64)
    _score_each(high, low, situation.variant is Variant.STUD8, counters)
    return counters


def _plan(
    situation: Situation, method: Method, trials: int, seed: int, chunk: int
) -> list[tuple[_Task, int]]:
    """The tasks of a run, each with the outcomes it covers (weighted, with ranges)."""
    tasks: list[tuple[_Task, int]] = []
    if method is Method.EXACT and situation.ranged:
        return [
            (replace(task, holding=h), size * weight)
            for h, weight in enumerate(_holdings(situation).weights)
            for task, size in _plan(situation.holding(h), method, trials, seed, chunk)
        ]
    if method is Method.EXACT:
        if not _tabled(situation):
            raise EquityError(
                "too many ways to complete the hands to enumerate exactly: use Monte Carlo"
            )
        for c, case in enumerate(situation.cases()):
            first = math.comb(len(case.situation.deck), case.needs[0])
            per_first = case.outcomes() // first
            step = max(1, chunk // max(per_first, 1))
            tasks.extend(
                (_Task(c, s, min(s + step, first)), per_first * (min(s + step, first) - s))
                for s in range(0, first, step)
            )
        return tasks
    # Monte Carlo: trials spread evenly over the community cases (each equally
    # likely), in chunks whose seeds depend only on the seed and the chunk number,
    # so that the result is the same however many processes run them. Dealt card by
    # card, the community card is drawn with the rest.
    dealt = _dealt(situation, trials)
    cases = 1 if dealt else len(situation.cases())
    if dealt:
        chunk = min(chunk, _DEALT_CHUNK)
    per_case, extra = divmod(trials, cases)
    number = 0
    for c in range(cases):
        todo = per_case + (1 if c < extra else 0)
        while todo > 0:
            size = min(chunk, todo)
            seed_c = int(np.random.SeedSequence([seed, number]).generate_state(1)[0] >> 1)
            tasks.append((_Task(c, trials=size, seed=seed_c, dealt=dealt), size))
            todo -= size
            number += 1
    return tasks


def _result(
    situation: Situation,
    counters: npt.NDArray[Any],
    counted: int,
    total: int,
    method: Method,
    seed: int | None,
    complete: bool,
) -> EquityResult:
    players = []
    for i, hand in enumerate(situation.hands):
        row = [int(x) for x in counters[i]]
        share = row[_SHARE] / SHARE_UNIT / counted if counted else 0.0
        error = 0.0
        if method is Method.MONTE_CARLO and counted > 1:
            mean_sq = row[_SHARE_SQ] / SHARE_UNIT**2 / counted
            error = math.sqrt(max(mean_sq - share * share, 0.0) / (counted - 1))
        players.append(
            PlayerOdds(
                cards=hand,
                wins=row[_WIN],
                ties=row[_TIE],
                losses=row[_LOSE],
                high_wins=row[_HIGH_WIN],
                high_ties=row[_HIGH_TIE],
                low_wins=row[_LOW_WIN],
                low_ties=row[_LOW_TIE],
                share=share,
                share_error=error,
            )
        )
    return EquityResult(situation, method, counted, total, tuple(players), seed, complete)


def run_equity(
    situation: Situation,
    *,
    exact_budget: int = 1_000_000_000,
    trials: int = 1_000_000,
    seed: int = 0,
    jobs: int = 1,
    method: Method | None = None,
    chunk: int = 1 << 21,
    runner: Runner | None = None,
) -> Iterator[EquityResult]:
    """The odds as they build up: one result after each piece of work, the last whole.

    Exact enumeration when the outcomes number at most ``exact_budget`` (or when
    ``method`` says so), Monte Carlo with ``trials`` seeded trials otherwise. With
    ``jobs`` above one the pieces run in that many processes (``runner``, when
    given, runs them instead: a ``stud.parallel.Runner`` such as Ray). Stopping the
    iteration early leaves the partial counts in the last result yielded (for
    Monte Carlo, a fair estimate; for exact, not an answer).
    """
    if jobs < 1:
        raise EquityError(f"jobs must be at least 1, not {jobs}")
    if trials < 1:
        raise EquityError(f"trials must be at least 1, not {trials}")
    total = situation.outcomes()
    if method is None:
        tabled = _tabled(situation.holding(0) if situation.ranged else situation)
        method = Method.EXACT if total <= exact_budget and tabled else Method.MONTE_CARLO
    plan = _plan(situation, method, trials, seed, chunk)
    target = sum(size for _, size in plan)
    if method is Method.EXACT:
        total = target  # with ranges, outcomes count by their holding's weight
    # Python integers: weighted counts can pass what 64 bits hold.
    counters = np.zeros((len(situation.hands), _COLUMNS), dtype=np.int64).astype(object)
    counted = 0
    used_seed = seed if method is Method.MONTE_CARLO else None
    pieces = [(situation, task, size) for task, size in plan]
    for size, part in (runner or LocalPool(jobs)).map(_run_piece, pieces):
        counters = counters + part.astype(object)
        counted += size
        yield _result(situation, counters, counted, total, method, used_seed, counted == target)


def _run_piece(piece: tuple[Situation, _Task, int]) -> tuple[int, npt.NDArray[Any]]:
    """One piece of a run's plan: the outcomes it covers and its counters."""
    situation, task, size = piece
    return size, _run_task(situation, task)


def odds(
    hands: Sequence[str | Sequence[Card]],
    dead: str | Sequence[Card] = (),
    *,
    variant: Variant | str = Variant.STUD,
    exact_budget: int = 1_000_000_000,
    trials: int = 1_000_000,
    seed: int = 0,
    jobs: int = 1,
    method: Method | str | None = None,
    progress: Callable[[EquityResult], None] | None = None,
) -> EquityResult:
    """The odds of each player, from their known cards and the dead cards.

    >>> result = odds(["As Ks Qs Js", "2c 2d 3h 4c"], variant="stud", method="exact")
    >>> result.method.value, round(sum(p.share for p in result.players), 9)
    ('exact', 1.0)
    """
    situation = Situation.parse(variant, hands, dead)
    last: EquityResult | None = None
    for last in run_equity(
        situation,
        exact_budget=exact_budget,
        trials=trials,
        seed=seed,
        jobs=jobs,
        method=Method(method) if method is not None else None,
    ):
        if progress is not None:
            progress(last)
    assert last is not None
    return last
