"""PHH reading time against the number of actions: it should grow in a straight line.

A real hand with N commentary actions written with TOML escapes ("\\u0023 ...", which
the file's text never spells as the value reads) is parsed at several sizes. The
line of each action is found in one pass over the text, so doubling N should about
double the time; looking each action up by its value made it quadratic (50,000
actions took 25 s). Median of several rounds per size, since the machine is shared.

    .venv/bin/python benchmarks/bench_phh_parse.py [--rounds 5] [--largest 50000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from stud.history.phh import parse_phh, replay

HAND = (
    Path(__file__).resolve().parents[1] / "tests" / "data" / "wsop-2023" / "43_5_00-22-43_F7S.phh"
)


def text_with(comments: int) -> str:
    """The WSOP hand with ``comments`` escaped commentary actions first in its actions."""
    return HAND.read_text().replace(
        "actions = [", "actions = [" + '"\\u0023 a note", ' * comments, 1
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--largest", type=int, default=50_000)
    args = parser.parse_args()
    sizes = [args.largest // 8, args.largest // 4, args.largest // 2, args.largest]
    print(f"{'comments':>10} {'parse s':>9} {'replay s':>9} {'us/action':>10}")
    for size in sizes:
        text = text_with(size)
        parses, replays = [], []
        for _ in range(args.rounds):
            start = time.perf_counter()
            hand = parse_phh(text)
            parses.append(time.perf_counter() - start)
            start = time.perf_counter()
            if replay(hand).final_stacks != hand.finishing_stacks:
                raise SystemExit("the hand does not replay to its stacks")
            replays.append(time.perf_counter() - start)
        parse, play = statistics.median(parses), statistics.median(replays)
        print(f"{size:>10,} {parse:>9.3f} {play:>9.3f} {1e6 * (parse + play) / size:>10.2f}")


if __name__ == "__main__":
    main()
