"""PokerStars import speed: hands read and checked per second, and sit-and-gos per second.

Import: every stud hand of the real files in tests/data/pokerstars, read from text
and replayed through the engine with every amount checked (``check_hand``), over
and over. Sit-and-gos: four-handed razz between the station, random, tight and
equity bots, one process. Several rounds, the median reported (a shared machine).

    .venv/bin/python benchmarks/bench_import.py [--rounds 5] [--seconds 2]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from stud.history.pokerstars.checking import check_hand
from stud.history.pokerstars.reading import StarsError, read_stars
from stud.tournament.event import TournamentConfig
from stud.tournament.run import play_tournament
from stud.tournament.structure import Level, Structure

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "pokerstars"


def rate(work: object, rounds: int, seconds: float) -> list[float]:
    assert callable(work)
    rates = []
    for _ in range(rounds):
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            count += work()
        rates.append(count / (time.perf_counter() - start))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    texts = [(p.name, p.read_text("utf-8-sig")) for p in sorted(DATA.glob("*.txt"))]

    def import_all() -> int:
        checked = 0
        for name, text in texts:
            for hand in read_stars(text, name).hands:
                try:
                    check_hand(hand)
                except StarsError:
                    continue
                checked += 1
        return checked

    levels = tuple(Level(2**i, 2**i * 2, 5 * 2**i, 10 * 2**i, 10) for i in range(20))
    config = TournamentConfig(4, 500, Structure(levels))
    bots = ["station", "random", "tight", "equity"]
    seeds = iter(range(10**9))

    def one_tournament() -> int:
        play_tournament(config, bots, next(seeds))
        return 1

    for label, work, unit in (
        ("import and check", import_all, "hands/s"),
        ("razz sit-and-go, 4 bots", one_tournament, "tournaments/s"),
    ):
        work()  # warm up
        rates = rate(work, args.rounds, args.seconds)
        median, low, high = statistics.median(rates), min(rates), max(rates)
        print(f"{label}: median {median:,.1f} {unit} (min {low:,.1f}, max {high:,.1f})")


if __name__ == "__main__":
    main()
