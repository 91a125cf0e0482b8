"""Replay speed: PHH hands replayed per second, over the WSOP 2023 files repeated.

Parsing is done once; the figure is the engine's replay of the actions (every
deal, every action checked for legality, the showdown evaluated). Several rounds,
the median reported, since the machine is shared.

    .venv/bin/python benchmarks/bench_replay.py [--rounds 7] [--seconds 2]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from stud.history.phh import load_phh, replay

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "wsop-2023"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args()
    hands = [load_phh(p) for p in sorted(args.data.glob("*.phh"))]
    if not hands:
        raise SystemExit(f"no .phh files in {args.data}")
    for hand in hands:  # warm up, and check every hand replays to its record
        if replay(hand).final_stacks != hand.finishing_stacks:
            raise SystemExit(f"{hand.source} does not replay to its finishing stacks")
    rates = []
    for _ in range(args.rounds):
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            for hand in hands:
                replay(hand)
            count += len(hands)
        rates.append(count / (time.perf_counter() - start))
    print(f"{len(hands)} WSOP hands, {args.rounds} rounds of {args.seconds:g} s")
    median, low, high = statistics.median(rates), min(rates), max(rates)
    print(f"replay: median {median:,.0f} hands/s (min {low:,.0f}, max {high:,.0f})")


if __name__ == "__main__":
    main()
