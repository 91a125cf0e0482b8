"""CPU per action on the cardroom's path: the engine's move, and the stored row.

``engine``: many six-seat stud8 hands played through ``HandState`` as a table plays
them: the legal actions asked (a table's frame lists them), then ``apply``, with
``new_hand`` counted in. The policy is the one ``bench_server.py``'s clients use:
show, check, call or bring in, and 15% of the time raise, bet or complete.

``writer``: action rows stored through ``Store.save_action`` on a temporary SQLite
file, each table awaiting its row before the next as a table does (the writer
thread's time counted too: CPU of the whole process). With one table every row is
a transaction of its own, as in a quiet room or when the writer keeps up; with
many, the rows of one loop turn are committed together. ``paced``: rows of many
tables arriving at a steady rate (``--rate``, 650 a second as the cardroom's 200
tables make them), each submitted from a loop timer, as a busy room's actions
come: how many share a commit then depends on the writer, not on the bench.

Both print microseconds of CPU (``time.process_time``) per action, the median of
several rounds, since the machine is shared.

    .venv/bin/python benchmarks/bench_move.py [--rounds 7] [--only paced] [--tables 1,10,200]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from stud.actions import Action, Bet, BringIn, Call, Check, Complete, Raise, Show
from stud.rules import Rules, Variant
from stud.state import HandState, new_hand
from stud.web.store import Store

RULES = Rules(Variant.STUD8, ante=1, bring_in=2, small_bet=5, big_bet=10)
PASSIVE = (Show, Check, Call, BringIn)
WAGERS = (Raise, Bet, Complete)


def _choose(legal: list[Action], rng: random.Random) -> Action:
    choice = next((a for a in legal if isinstance(a, PASSIVE)), legal[0])
    if rng.random() < 0.15:
        choice = next((a for a in legal if isinstance(a, WAGERS)), choice)
    return choice


def _play(hands: int, seed: int) -> tuple[int, int]:
    """Play ``hands`` hands; the number of actions and a checksum of the final stacks."""
    rng = random.Random(seed)
    actions = 0
    check = 0
    for _ in range(hands):
        hand: HandState = new_hand(RULES, [1000] * 6, rng=rng)
        while not hand.is_over:
            hand = hand.apply(_choose(hand.legal_actions(), rng))
            actions += 1
        check += hand.final_stacks[0]
    return actions, check


def engine(rounds: int, hands: int) -> list[float]:
    _play(50, 0)  # warm up
    figures = []
    for r in range(rounds):
        start = time.process_time()
        actions, _ = _play(hands, r)
        figures.append((time.process_time() - start) / actions * 1e6)
    return figures


async def _store_rows(store: Store, hand_ids: list[int], rows: int) -> None:
    per_table = max(1, rows // len(hand_ids))
    action = {"action": "call"}

    async def table(hand_id: int) -> None:
        for number in range(1, per_table + 1):
            await store.save_action(hand_id, number, number % 6, action, False)

    await asyncio.gather(*(table(h) for h in hand_ids))


async def _paced_rows(store: Store, hand_ids: list[int], rows: int, rate: float) -> None:
    loop = asyncio.get_running_loop()
    saves: list[asyncio.Future[None]] = []
    action = {"action": "call"}

    def save(row: int) -> None:
        hand_id = hand_ids[row % len(hand_ids)]
        saves.append(store.save_action(hand_id, row // len(hand_ids) + 1, 0, action, False))

    start = loop.time()
    for row in range(rows):
        loop.call_at(start + row / rate, save, row)
    await asyncio.sleep(rows / rate)
    while len(saves) < rows:
        await asyncio.sleep(0.001)
    await asyncio.gather(*saves)


async def _start_hands(store: Store, table_id: int, names: list[str], count: int) -> list[int]:
    starts = [
        store.save_start(table_id, "", range(6), names, [0] * 6, [1000] * 6) for _ in range(count)
    ]
    return list(await asyncio.gather(*starts))


def writer(rounds: int, rows: int, tables: int, rate: float = 0.0) -> list[float]:
    figures = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(str(Path(folder) / "bench.sqlite3"))
        try:
            table_id = store.create_table("bench", "stud8", "1/2/5/10", 6, False)
            names = [f"p{i}" for i in range(6)]
            for _ in range(rounds + 1):
                hand_ids = asyncio.run(_start_hands(store, table_id, names, tables))
                start = time.process_time()
                if rate:
                    asyncio.run(_paced_rows(store, hand_ids, rows, rate))
                    stored = rows
                else:
                    asyncio.run(_store_rows(store, hand_ids, rows))
                    stored = max(1, rows // tables) * tables
                figures.append((time.process_time() - start) / stored * 1e6)
        finally:
            store.close()
    return figures[1:]  # the first round warms up


def _line(name: str, figures: list[float]) -> str:
    median, low, high = statistics.median(figures), min(figures), max(figures)
    return f"{name}: median {median:.1f} µs CPU per action (min {low:.1f}, max {high:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rows", type=int, default=2000, help="rows per table count and round")
    parser.add_argument("--tables", default="200", help="tables writing at once, e.g. 1,10,200")
    parser.add_argument("--rate", type=float, default=650.0, help="paced rows a second")
    parser.add_argument("--only", choices=["engine", "writer", "paced"])
    args = parser.parse_args()
    print(f"{args.rounds} rounds; {args.hands} stud8 hands of 6 seats; {args.rows} rows")
    if args.only in {None, "engine"}:
        print(_line("engine (legal actions + apply)", engine(args.rounds, args.hands)))
    if args.only in {None, "paced"}:
        figures = writer(args.rounds, args.rows, 200, args.rate)
        print(_line(f"writer, 200 tables paced at {args.rate:g} rows/s", figures))
    if args.only in {None, "writer"}:
        for tables in (int(t) for t in args.tables.split(",")):
            figures = writer(args.rounds, args.rows, tables)
            print(_line(f"writer, {tables} table(s) at once (save_action)", figures))


if __name__ == "__main__":
    main()
