"""PHH reading time against the number of actions: it should grow in a straight line.

A hand with N commentary actions written with TOML escapes ("\\u0023 ...", which
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

from stud.history.phh import parse_phh, replay

HEAD = """\
variant = 'F7S'
antes = [50, 50, 50]
bring_in = 50
small_bet = 200
big_bet = 400
starting_stacks = [4000, 5000, 6000]
actions = [
  'd dh p1 Td3c4d', 'd dh p2 Kd3h4c', 'd dh p3 As8d5c', 'p2 pb', 'p3 cbr 200',
"""
TAIL = """\
  'p1 f', 'p2 f',
]
"""


def text_with(comments: int) -> str:
    return HEAD + '  "\\u0023 a note",\n' * comments + TAIL


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
            if replay(hand).final_stacks != (3950, 4900, 6150):
                raise SystemExit("the hand does not replay to its stacks")
            replays.append(time.perf_counter() - start)
        parse, play = statistics.median(parses), statistics.median(replays)
        print(f"{size:>10,} {parse:>9.3f} {play:>9.3f} {1e6 * (parse + play) / size:>10.2f}")


if __name__ == "__main__":
    main()
