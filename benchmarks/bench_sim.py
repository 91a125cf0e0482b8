"""Simulation speed: six-handed stud8 hands per second, stud next to pokerkit, one core.

Two workloads, each played by both libraries in the same run:

* ``random``: every player picks uniformly among its legal actions (pokerkit: among
  fold, check or call, bring-in, and complete/bet/raise, whichever it allows);
* ``calling``: everyone checks or calls to the showdown (the evaluator-heavy case).

Stakes ante 1, bring-in 2, small bet 5, big bet 10, stacks of 1,000, fresh every
hand. stud plays its compiled engine (``stud.compiled.engine``, the path ``stud sim``
uses) in one process; pokerkit its ``State`` with dealing, collection and showdown
automated. Each figure is the median of several rounds (the machine is shared);
the compile or cache load happens before timing.

    .venv/bin/python benchmarks/bench_sim.py [--rounds 5] [--seconds 2] [--jobs-scaling]

``--jobs-scaling`` also times ``stud sim`` itself (the whole command's path:
chunks, processes, totals) with 1 and 2 local processes, random bots.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from stud.compiled import engine, runs
from stud.compiled.evaluation import kernel_tables
from stud.compiled.policies import RANDOM, STATION
from stud.rules import Rules, Variant
from stud.sim.run import LocalProcesses, Simulation, compile_engine, simulate

PLAYERS = 6
STACK = 1_000
RULES = Rules(Variant.STUD8, ante=1, bring_in=2, small_bet=5, big_bet=10)


def stud_rate(policy: int, seconds: float) -> float:
    """Hands per second of the compiled engine, chunks of 2,000 hands until time is up."""
    r = engine.rules_array(RULES)
    stacks = np.full(PLAYERS, STACK, dtype=np.int64)
    lineup = np.full(PLAYERS, policy, dtype=np.int64)
    tabs = kernel_tables()
    stats = np.zeros((PLAYERS, runs.S_FIELDS), dtype=np.int64)
    none_series = np.zeros((0, PLAYERS), dtype=np.int32)
    none_decks = np.zeros((0, 52), dtype=np.uint8)
    none_logs = np.zeros((0, engine.MAX_ACTIONS, 4), dtype=np.int64)
    none_lengths = np.zeros(0, dtype=np.int64)
    hands, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        runs.run_hands(
            r,
            stacks,
            lineup,
            np.uint64(1),
            hands,
            2_000,
            tabs,
            stats,
            none_series,
            none_decks,
            none_logs,
            none_lengths,
        )
        hands += 2_000
    return hands / (time.perf_counter() - start)


def pokerkit_state() -> Any:
    """A six-handed stud8 hand in pokerkit, everything but the decisions automated."""
    import pokerkit  # noqa: PLC0415 (benchmark-only dependency)

    automations = (
        pokerkit.Automation.ANTE_POSTING,
        pokerkit.Automation.BET_COLLECTION,
        pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
        pokerkit.Automation.CARD_BURNING,
        pokerkit.Automation.HOLE_DEALING,
        pokerkit.Automation.BOARD_DEALING,
        pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pokerkit.Automation.HAND_KILLING,
        pokerkit.Automation.CHIPS_PUSHING,
        pokerkit.Automation.CHIPS_PULLING,
    )
    return pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter.create_state(
        automations,
        True,
        RULES.ante,
        RULES.bring_in,
        RULES.small_bet,
        RULES.big_bet,
        STACK,
        PLAYERS,
    )


def pokerkit_hand(choose: Callable[[object, random.Random], None], rng: random.Random) -> None:
    """One six-handed stud8 hand in pokerkit, actions by ``choose``."""
    state = pokerkit_state()
    while state.status:
        choose(state, rng)


def random_action(state: object, rng: random.Random) -> None:
    """Uniform among the kinds of action pokerkit allows now."""
    options: list[Callable[[], object]] = []
    if state.can_fold():  # type: ignore[attr-defined]
        options.append(state.fold)  # type: ignore[attr-defined]
    if state.can_check_or_call():  # type: ignore[attr-defined]
        options.append(state.check_or_call)  # type: ignore[attr-defined]
    if state.can_post_bring_in():  # type: ignore[attr-defined]
        options.append(state.post_bring_in)  # type: ignore[attr-defined]
    if state.can_complete_bet_or_raise_to():  # type: ignore[attr-defined]
        options.append(state.complete_bet_or_raise_to)  # type: ignore[attr-defined]
    rng.choice(options)()


def calling_action(state: object, rng: random.Random) -> None:
    """Check, call, or post the bring-in."""
    if state.can_post_bring_in():  # type: ignore[attr-defined]
        state.post_bring_in()  # type: ignore[attr-defined]
    else:
        state.check_or_call()  # type: ignore[attr-defined]


def pokerkit_rate(choose: Callable[[object, random.Random], None], seconds: float) -> float:
    rng = random.Random(1)
    hands, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        pokerkit_hand(choose, rng)
        hands += 1
    return hands / (time.perf_counter() - start)


def median_rate(measure: Callable[[], float], rounds: int) -> float:
    return statistics.median(measure() for _ in range(rounds))


def jobs_scaling(rounds: int) -> None:
    """``stud sim``'s own path with 1 and 2 local processes (random bots, 6 seats)."""
    compile_engine()
    sim = Simulation(RULES, ("random",) * PLAYERS, hands=400_000, seed=1, stack=STACK)
    rates = {}
    for jobs in (1, 2):
        samples = []
        for _ in range(rounds):
            start = time.perf_counter()
            simulate(sim, LocalProcesses(jobs), chunk_hands=20_000)
            samples.append(sim.hands / (time.perf_counter() - start))
        rates[jobs] = statistics.median(samples)
        print(f"stud sim --jobs {jobs}: {rates[jobs]:>10,.0f} hands/s")
    print(f"scaling 1 -> 2 processes: x{rates[2] / rates[1]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--jobs-scaling", action="store_true")
    args = parser.parse_args()
    stud_rate(RANDOM, 0.1)  # compile, or load numba's cache
    pokerkit_rate(random_action, 0.2)
    print(f"six-handed stud8, {args.rounds} rounds of {args.seconds:g} s, median hands/s, one core")
    print(f"{'workload':<10}{'stud':>14}{'pokerkit':>12}{'ratio':>10}")
    for name, policy, choose in (
        ("random", RANDOM, random_action),
        ("calling", STATION, calling_action),
    ):
        ours = median_rate(lambda p=policy: stud_rate(p, args.seconds), args.rounds)
        theirs = median_rate(lambda c=choose: pokerkit_rate(c, args.seconds), args.rounds)
        print(f"{name:<10}{ours:>14,.0f}{theirs:>12,.1f}{ours / theirs:>9,.0f}x")
    if args.jobs_scaling:
        jobs_scaling(args.rounds)


if __name__ == "__main__":
    main()
