"""A local best response against the learned bot and the built-in bots: what it wins.

LBR (Lisý and Bowling 2017; ``stud.compiled.lbr``) keeps the bot's range by asking the
bot's own policy, and at each decision takes the action worth most against that range
as if no more betting followed. What it wins is a lower bound on the bot's
exploitability. Heads-up, each deal played twice with the seats swapped; big bets per
100 hands with a 95% interval over deals.

    .venv/bin/python benchmarks/bench_lbr.py [--variants stud8] [--bots learned,equity]
        [--deals 1000]
"""

from __future__ import annotations

import argparse
import time

from stud.learned.lbr import local_best_response
from stud.rules import Rules, Variant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="stud8")
    parser.add_argument("--bots", default="learned,equity")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--particles", type=int, default=48)
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"LBR, {args.particles} particles x {args.runs} run-outs, {args.deals:,} deals x 2 seats")
    print("| variant | bot | LBR wins, bb/100 | ± 95% | seconds |")
    print("| --- | --- | ---: | ---: | ---: |")
    for variant in args.variants.split(","):
        rules = Rules.from_stakes("1/1/5/10", Variant(variant))
        for bot in args.bots.split(","):
            local_best_response(rules, bot, 2, seed=args.seed)  # compiled before the clock
            start = time.perf_counter()
            result = local_best_response(
                rules,
                bot,
                args.deals,
                seed=args.seed,
                particles=args.particles,
                runs=args.runs,
            )
            took = time.perf_counter() - start
            margin = f"{result.bb_per_100:+.1f} | {result.ci95:.1f}"
            print(f"| {variant} | {bot} | {margin} | {took:.0f} |", flush=True)


if __name__ == "__main__":
    main()
