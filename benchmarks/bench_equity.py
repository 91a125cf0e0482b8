"""Odds speed: the three workloads the C ``pokenum`` was measured on, with stud.

pokenum (pokersource) is not packaged for this machine, so its figures are the
ones measured on it before (one core): three-way stud8 from fifth street, exact,
209,230,560 outcomes in 9 to 10 s; heads-up stud8 from fourth street, exact,
141,181,040 outcomes in about 5 s; Monte Carlo three-way from third street about
4 million trials a second. stud runs the same work here, several rounds, and
reports medians, then the same with two processes for the speed-up.

Then hidden cards, each next to its known-cards case (no pokenum figure): ``??``
down cards, and ranges of down cards (exact over every holding, and Monte Carlo
dealing card by card).

    .venv/bin/python benchmarks/bench_equity.py [--rounds 5] [--jobs 2] [--hidden-only]
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from stud.equity import Method, Situation, run_equity


@dataclass(frozen=True)
class Workload:
    name: str
    hands: tuple[str, ...]
    method: Method
    trials: int
    pokenum_rate: float  # outcomes or trials a second, one core
    dead: str = ""


WORKLOADS = (
    Workload(
        "stud8 3-way 5th street, exact",
        ("As Ks Qs Js 9d", "2c 2d 3h 4c 5d", "7h 7d 8c 8h Td"),
        Method.EXACT,
        0,
        209_230_560 / 9.5,
    ),
    Workload(
        "stud8 heads-up 4th street, exact",
        ("As Ks Qs Js", "2c 2d 3h 4c"),
        Method.EXACT,
        0,
        141_181_040 / 5.0,
    ),
    Workload(
        "stud8 3-way 3rd street, Monte Carlo",
        ("As Ks Qs", "2c 3c 4d", "7h 7d 8c"),
        Method.MONTE_CARLO,
        20_000_000,
        4_000_000,
    ),
)


# Longer runs for the speed-up with --jobs: starting processes, loading the kernels
# and building the tables in each takes a second or so, which a 0.4 s run cannot hide.
SCALING = (
    Workload(
        "stud8 heads-up 3rd street, 10 dead, exact",
        ("As Ks Qs", "2c 2d 3h"),
        Method.EXACT,
        0,
        0,
        "9c 9d 9h Tc Td Th Jc Jd Jh 4s",
    ),
    Workload(
        "stud8 3-way 3rd street, Monte Carlo",
        ("As Ks Qs", "2c 3c 4d", "7h 7d 8c"),
        Method.MONTE_CARLO,
        60_000_000,
        0,
    ),
)


# Hidden cards, each after the known-cards case it stands beside.
HIDDEN = (
    Workload(
        "known: stud8 2-way 5th street, exact",
        ("Ah 2h 3h 4s 5c", "Kh Kd 9s Ts Jd"),
        Method.EXACT,
        0,
        0,
    ),
    Workload(
        "range: [KK, XhXh:0.5] 9s Ts Jd (51), exact",
        ("Ah 2h 3h 4s 5c", "[KK, XhXh:0.5] 9s Ts Jd"),
        Method.EXACT,
        0,
        0,
    ),
    *(
        Workload(name, ("As Ks Qs", "2c 3c 4d", third), Method.MONTE_CARLO, 4_000_000, 0)
        for name, third in (
            ("known: stud8 3-way 3rd street, Monte Carlo", "7h 7d 8c"),
            ("??: 3-way, ?? ?? 7h 8h (tables), Monte Carlo", "?? ?? 7h 8h"),
            ("range: [77, XdXd] 8c 3-way, Monte Carlo", "[77, XdXd] 8c"),
            ("??: 3-way, ?? ?? 7h (dealt), Monte Carlo", "?? ?? 7h"),
        )
    ),
)


def _rate(workload: Workload, jobs: int) -> float:
    situation = Situation.parse("stud8", workload.hands, workload.dead)
    start = time.perf_counter()
    *_, last = run_equity(situation, method=workload.method, trials=workload.trials or 1, jobs=jobs)
    if not last.complete:
        raise SystemExit(f"{workload.name}: the run did not finish")
    # Exact counts with ranges are weighted: the rate is of outcomes really dealt.
    counted = situation.outcomes() if workload.method is Method.EXACT else last.outcomes
    return counted / (time.perf_counter() - start)


def _hidden(rounds: int) -> None:
    print(f"{'hidden cards, one core':44} {'stud':>14}")
    for workload in HIDDEN:
        _rate(workload, 1)
        one = statistics.median(_rate(workload, 1) for _ in range(rounds))
        print(f"{workload.name:44} {one / 1e6:>10.2f} M/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scaling-rounds", type=int, default=3)
    parser.add_argument("--hidden-only", action="store_true", help="only the hidden-card rows")
    args = parser.parse_args()
    if args.hidden_only:
        _hidden(args.rounds)
        return
    print(f"{'one core':44} {'stud':>14} {'x pokenum':>10}")
    for workload in WORKLOADS:
        _rate(workload, 1)  # compile or load the kernels, build the tables
        one = statistics.median(_rate(workload, 1) for _ in range(args.rounds))
        print(f"{workload.name:44} {one / 1e6:>10.1f} M/s {one / workload.pokenum_rate:>9.1f}x")
    print()
    _hidden(args.rounds)
    print(f"\n{'speed-up':44} {'1 process':>14} {f'{args.jobs} processes':>14} {'ratio':>6}")
    for workload in SCALING:
        _rate(workload, 1)
        one = statistics.median(_rate(workload, 1) for _ in range(args.scaling_rounds))
        many = statistics.median(_rate(workload, args.jobs) for _ in range(args.scaling_rounds))
        print(
            f"{workload.name:44} {one / 1e6:>10.1f} M/s {many / 1e6:>10.1f} M/s {many / one:>5.2f}x"
        )


if __name__ == "__main__":
    main()
