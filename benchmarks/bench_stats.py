"""How fast ``stud stats`` counts: hands per second from the hand store and from PHH.

The hands are played by the simulator (four tight bots). The store path keeps them
in a hand store (SQLite) as ``stud play`` does and times ``stud stats --store``: the
store read, each hand read from its actions (``stud.stats.quick``), counting and
the all-in EV. The PHH path writes them as one ``.phhs`` file and times ``stud stats
FILE``, where every hand is parsed and replayed through the reference engine.
Each figure is the median of ``--runs`` runs in this process, in hands per second of
the process's own CPU time (what one core does, whatever else the machine runs).

    PYTHONPATH=src python benchmarks/bench_stats.py --hands 20000 --runs 3
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import insert
from typer.testing import CliRunner

from stud.cli.main import app
from stud.history.phh import parse_phh, to_phhs
from stud.history.phh_flat import read_flat
from stud.rules import Rules
from stud.sim.run import Simulation, simulate
from stud.stats.counting import Tally
from stud.stats.quick import quick_hand
from stud.storage import HandRecord, SQLiteHandStore
from stud.storage.schema import HandRow


def _median_rate(hands: int, runs: int, work: Callable[[], None]) -> float:
    times = []
    for _ in range(runs):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return hands / statistics.median(times)


def _fill_store(path: Path, texts: list[str]) -> None:
    """One stored hand through the store's own ``add`` (its table and session rows),
    and the rest copied from that row in bulk: filling is not what is timed."""
    store = SQLiteHandStore(path)
    first = parse_phh(texts[0])
    record = HandRecord(
        played_at="2026-01-02T03:04:05+00:00",
        session="bench",
        number=1,
        variant=first.rules.variant.value,
        stakes=first.rules.stakes,
        seat=0,
        names=("tight",) * 4,
        net=0,
        pot=0,
        phh=texts[0],
    )
    hand_id = store.add(record)
    with store._engine.begin() as connection:  # a benchmark fills the store in bulk
        row = connection.execute(HandRow.__table__.select().where(HandRow.id == hand_id)).one()
        base = {k: v for k, v in row._mapping.items() if k != "id"}
        connection.execute(
            insert(HandRow),
            [{**base, "phh": text, "number": n} for n, text in enumerate(texts[1:], 2)],
        )
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    n = args.hands
    sim = Simulation(Rules(), ("tight",) * 4, n, seed=7, keep_hands=True)
    texts = [text for chunk in simulate(sim) for text in chunk.hands or ()]
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "hands.sqlite3"
        _fill_store(db, texts)
        path = Path(folder) / "hands.phhs"
        path.write_text(to_phhs(texts))

        def store_command() -> None:
            result = runner.invoke(
                app, ["stats", "--store", "--db", str(db), "--player", "tight", "--json"]
            )
            assert result.exit_code == 0, result.output

        def file_command() -> None:
            result = runner.invoke(app, ["stats", str(path), "--player", "tight", "--json"])
            assert result.exit_code == 0, result.output

        def count_only() -> None:
            total = Tally("tight")
            for text in texts:
                flat = read_flat(text)
                read = None if flat is None else quick_hand(flat)
                mine = None if read is None else read.seat(0, "hand")
                if mine is not None:
                    total.add(mine)

        store = _median_rate(n, args.runs, store_command)
        counting = _median_rate(n, args.runs, count_only)
        phh = _median_rate(n, max(1, args.runs // 3), file_command)
    print(f"{n:,} hands of four tight bots, median of {args.runs} runs, per CPU second")
    print(f"stud stats --store:             {store:8,.0f} hands/s")
    print(f"  read from actions and count:  {counting:8,.0f} hands/s (no store, no EV)")
    print(f"stud stats FILE.phhs (replay):  {phh:8,.0f} hands/s")


if __name__ == "__main__":
    main()
