"""Validate the leak report by planting: a bot with a known leak plays against the
built-in tight bot, and the report must rank that leak first.

For each planted bot, ``--samples`` independent samples of ``--hands`` hands are
played at a four-handed table (the planted bot and three tight bots, seats
rotating), and the report is made against a reference of four tight bots
(``--reference-hands`` hands, every seat counted). An unchanged tight bot is the
control: the report should find nothing above its noise.

    PYTHONPATH=src python benchmarks/validate_leaks.py --samples 10 --hands 10000
"""

from __future__ import annotations

import argparse
import time

from stud.bots import Bot, TightBot
from stud.rules import Rules
from stud.stats.counting import tally
from stud.stats.leaks import find_leaks
from stud.stats.planted import CallDownBot, DoorLeakBot
from stud.stats.reference import play_table, reference_tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--reference-hands", type=int, default=20_000)
    args = parser.parse_args()
    rules = Rules()
    started = time.perf_counter()
    reference = reference_tally(rules, 4, args.reference_hands, seed=1)
    print(f"reference: 4 tight bots, {args.reference_hands:,} hands", flush=True)
    planted: list[tuple[str, Bot, str | None]] = [
        ("call-down on 6th street", CallDownBot(), "fold_to_bet_6"),
        ("unchanged tight bot", TightBot(), None),
        ("+completions with a door ten or higher", DoorLeakBot(), "complete_door_high"),
    ]
    for title, bot, expected in planted:
        first = 0
        clean = 0
        for sample in range(args.samples):
            seed = 1000 + 100 * sample
            names = ["hero", "tight-a", "tight-b", "tight-c"]
            lineup = [bot, TightBot(), TightBot(), TightBot()]
            hands = play_table(rules, lineup, args.hands, seed, names=names)
            mine = tally(hands, "hero")
            leaks = find_leaks(mine, reference)
            top = leaks[0] if leaks else None
            first += top is not None and top.stat.key == expected
            clean += not leaks
            line = mine.line(expected) if expected else None
            rate = "" if line is None else f", its rate {100 * line.done / line.opportunities:.1f}%"
            shown = ", ".join(
                f"{leak.stat.key} {leak.cost:+.2f}±{leak.cost_error:.2f} (z {leak.z:+.1f})"
                for leak in leaks[:3]
            )
            print(f"  {title}, sample {sample + 1}{rate}: {shown or 'no leak'}", flush=True)
        if expected is None:
            print(f"{title}: no leak reported in {clean} of {args.samples} samples", flush=True)
        else:
            print(f"{title}: {expected} ranked first in {first} of {args.samples}", flush=True)
    print(f"{time.perf_counter() - started:.0f} s in all", flush=True)


if __name__ == "__main__":
    main()
