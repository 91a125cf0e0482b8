"""The bots' speed through ``stud sim`` and the learned bot's margins, duplicate hands.

Speed: each bot plays itself heads-up in the compiled engine (``stud.sim.run``'s
chunks, the path ``stud sim`` takes) on one core; decisions a second are hands a
second times the decisions a hand (counted on hands logged by the same engine).

Margins: the learned bot against each built-in bot heads-up, every deal played twice
with the seats swapped (``stud duplicate``), in big bets per 100 hands with a 95%
confidence interval over deals.

    .venv/bin/python benchmarks/bench_bots.py [--seconds 3] [--deals 20000] [--variants stud8]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from stud.compiled import runs
from stud.compiled.policies import LEARNED
from stud.learned.train import BUILTINS, builtin_kind, duplicate_match
from stud.rules import Rules, Variant
from stud.sim.run import Simulation, play_chunk

BOTS = ("learned", "equity", "tight", "station", "random")
RULES = "1/1/5/10"


def decisions_per_second(rules: Rules, bot: str, seconds: float) -> float:
    """One core: the bot against itself, chunks of 2,000 hands until time is up."""
    sim = Simulation(rules, (bot, bot), hands=2_000, seed=7)
    play_chunk(sim, 0, 10)  # compile or load the cache before timing
    policy = int(sim.policies[0])
    actions = [
        len(runs.play_one(rules, [1000, 1000], [policy, policy], start=i).actions)
        for i in range(300)
    ]
    hands, first, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_chunk(sim, first, 2_000)
        first += 2_000
        hands += 2_000
    return hands / (time.perf_counter() - start) * float(np.mean(actions))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--variants", default="stud,stud8,razz")
    args = parser.parse_args()
    variants = [Variant(v) for v in args.variants.split(",")]
    print("decisions/s, one core, through stud sim (heads-up, the bot against itself)")
    for bot in BOTS:
        rate = decisions_per_second(Rules.from_stakes(RULES, Variant.STUD8), bot, args.seconds)
        print(f"  {bot:8} {rate:12,.0f}")
    print(f"\nlearned bot, duplicate heads-up, {args.deals:,} deals x 2 seats, bb/100 ± 95%")
    print("  variant  " + "".join(f"{name:>18}" for name in BUILTINS))
    for variant in variants:
        rules = Rules.from_stakes(RULES, variant)
        cells = []
        for policy in BUILTINS.values():
            result, _ = duplicate_match(
                rules, builtin_kind(LEARNED), builtin_kind(policy), args.deals, seed=2024
            )
            cells.append(f"{result.bb_per_100:+8.2f} ± {result.ci95:5.2f}")
        print(f"  {variant.value:8} " + "".join(f"{c:>18}" for c in cells))


if __name__ == "__main__":
    main()
