"""How fast ``stud stats`` counts: hands per second, read from a .phhs file.

The hands are played by the simulator (four tight bots) and written as one PHH
file of many hands; the figures are the time to read and replay them through the
engine, to count every statistic for one player, and the whole ``stud stats``
command on that file (reading, replay, counting and all-in EV), in this process.

    PYTHONPATH=src python benchmarks/bench_stats.py --hands 20000
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from typer.testing import CliRunner

from stud.cli.main import app
from stud.history.phh import to_phhs
from stud.rules import Rules
from stud.sim.run import Simulation, simulate
from stud.stats.counting import tally
from stud.stats.hands import PlayedHand
from stud.stats.sources import from_phh_text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    sim = Simulation(Rules(), ("tight",) * 4, args.hands, seed=7, keep_hands=True)
    texts = [text for chunk in simulate(sim) for text in chunk.hands or ()]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.phhs"
        path.write_text(to_phhs(texts))
        started = time.perf_counter()
        hands = list(from_phh_text(path.read_text(), str(path), many=True))
        read = time.perf_counter() - started
        played = [h for h in hands if isinstance(h, PlayedHand)]
        assert len(played) == args.hands
        started = time.perf_counter()
        counted = tally(played, "tight")
        counting = time.perf_counter() - started
        started = time.perf_counter()
        result = CliRunner().invoke(app, ["stats", str(path), "--player", "tight", "--json"])
        command = time.perf_counter() - started
        assert result.exit_code == 0, result.stderr
    n = args.hands
    print(f"{n:,} hands, {counted.hands:,} counted for one player")
    print(f"read and replay:  {n / read:8,.0f} hands/s")
    print(f"count statistics: {n / counting:8,.0f} hands/s")
    print(f"stud stats:       {n / command:8,.0f} hands/s ({command:.1f} s)")


if __name__ == "__main__":
    main()
