"""The cardroom under load: one server process, bot clients over real websockets.

For each size, a fresh ``stud serve`` (SQLite, no bot delay, no pause between
hands) gets that many six-seat tables with six websocket players and one
observer each. The players think ``--think`` seconds (0.5 to 1.5 times it; 0
acts at once) before each action, mostly calling, sometimes raising. Reported,
over a measuring window after everyone is seated:

- action round trip, p50 and p99: from sending an action to the acting client's
  ack (in the action's event), and to the moment the last of the table's seven
  connections has the event;
- hands per minute and actions per second over all tables;
- the server's CPU over the window (share of one core, and milliseconds per
  action: the figure that does not depend on what else the machine runs), and its
  resident memory at the end.

The clients run in ``--clients`` processes of their own (each holds whole tables,
so a table's seven clock readings come from one process), apart from the server,
so the figures are the server's and not the queueing of one busy client process.
They still share the machine with the server. Each size runs ``--repeat`` times
and the table gives the medians.

Run: ``make bench-server`` (or ``python benchmarks/bench_server.py --tables 50 100``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import websockets
from pydantic_core import from_json

from stud.web.store import Store

SEATS = 6
Seated = list[tuple[int, list[str]]]


@dataclass
class Run:
    """What one client process measured."""

    start: float = float("inf")
    end: float = float("inf")
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    """(table, event number of the action) -> when the action was sent."""
    to_actor: list[float] = field(default_factory=list)
    seen: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    hands: int = 0
    connected: int = 0

    def measuring(self, now: float) -> bool:
        return self.start <= now < self.end


def _populate(db: str, tables: int) -> Seated:
    store = Store(db)
    out = []
    for n in range(tables):
        table = store.create_table(f"bench {n}", "stud8", "1/1/5/10", SEATS, bots=False)
        tokens = []
        for seat in range(SEATS):
            token = store.guest()
            account = store.account(token)
            assert account is not None
            store.sit(table, seat, account.id, 500)
            tokens.append(token)
        out.append((table, tokens))
    store.close()
    return out


async def _player(
    port: int,
    table: int,
    token: str | None,
    run: Run,
    rng: random.Random,
    think: float,
    gate: asyncio.Semaphore,
) -> None:
    url = f"ws://127.0.0.1:{port}/ws/{table}" + (f"?token={token}" if token else "")
    async with gate:  # connect a few at a time, as people arrive, not all in one instant
        ws = await websockets.connect(url, max_size=2**22, ping_interval=None, open_timeout=300)
    run.connected += 1
    async with ws:
        await ws.send(json.dumps({"v": 2, "type": "hello"}))
        seq, pending, min_no = 0, 0.0, 0
        legal: list[dict[str, Any]] | None = None  # None: no table held yet
        last_no = -1
        async for text in ws:
            now = time.perf_counter()
            measuring = run.measuring(now)
            message = from_json(text)  # the clients' own parsing: the fast one at hand
            kind = message["type"]
            if kind == "welcome":
                seq = message["last_seq"]
            elif kind in {"event", "snapshot"}:
                if "ack" in message:  # the event of this player's action: acknowledged
                    min_no = message["no"]
                    if pending and run.measuring(pending):
                        run.to_actor.append(now - pending)
                        run.sent[(table, message["no"])] = pending
                    pending = 0.0
                # Of the table a client holds, a bot needs only its legal actions: a
                # snapshot's, then each change's (a hand's fields left out of a change
                # keep their value; docs/protocol.md).
                if kind == "snapshot":
                    hand = message["table"]["hand"]
                    legal = hand["legal"] if hand else []
                elif legal is not None and "hand" in message["change"]:
                    hand = message["change"]["hand"]
                    legal = [] if hand is None else hand.get("legal", legal)
                last_no = message["no"]
                run.seen.setdefault((table, message["no"]), []).append(now)
                if token is None and measuring and "events" in message:
                    run.hands += any(e["kind"] == "awarded" for e in message["events"])
            if token is None or legal is None or last_no < min_no:
                continue
            if legal:
                names = [a["action"] for a in legal]
                choice = next(
                    (a for a in legal if a["action"] in {"show", "check", "call", "bring_in"}),
                    legal[0],
                )
                if rng.random() < 0.15 and {"raise", "bet", "complete"} & set(names):
                    choice = next(a for a in legal if a["action"] in {"raise", "bet", "complete"})
                if think:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                seq += 1
                min_no, pending = 1 << 30, time.perf_counter()
                body = {"v": 2, "type": "act", "seq": seq, "action": choice["action"]}
                if "to" in choice:
                    body["to"] = choice["to"]
                await ws.send(json.dumps(body))


async def _clients(port: int, seated: Seated, think: float, pipe: Connection) -> dict[str, Any]:
    """One client process: connect, say so, measure in the window the parent gives."""
    run = Run()
    rng = random.Random(os.getpid())
    gate = asyncio.Semaphore(10)
    tasks = [
        asyncio.create_task(_player(port, table, token, run, rng, think, gate))
        for table, tokens in seated
        for token in [*tokens, None]
    ]
    while run.connected + sum(t.done() for t in tasks) < len(tasks):
        await asyncio.sleep(0.2)  # a benchmark: wait until everyone has connected
    pipe.send("connected")
    run.start, run.end = await asyncio.to_thread(pipe.recv)
    await asyncio.sleep(max(0.0, run.end - time.perf_counter()) + 1.0)  # the last answers
    failed = [t for t in tasks if t.done() and not t.cancelled() and t.exception() is not None]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    to_last = [
        max(run.seen[key]) - sent
        for key, sent in run.sent.items()
        if len(run.seen.get(key, ())) == SEATS + 1
    ]
    return {
        "to_actor": run.to_actor,
        "to_last": to_last,
        "hands": run.hands,
        "failed": len(failed),
        "error": repr(failed[0].exception()) if failed else "",
    }


def _client_process(port: int, seated: Seated, think: float, pipe: Connection) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    pipe.send(asyncio.run(_clients(port, seated, think, pipe)))


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _measure(port: int, pid: int, seated: Seated, args: argparse.Namespace) -> dict[str, float]:
    spawn = multiprocessing.get_context("spawn")
    pipes, workers = [], []
    for n in range(args.clients):
        ours, theirs = spawn.Pipe()
        share = seated[n :: args.clients]
        worker = spawn.Process(target=_client_process, args=(port, share, args.think, theirs))
        worker.start()
        pipes.append(ours)
        workers.append(worker)
    for pipe in pipes:
        assert pipe.recv() == "connected"
    start = time.perf_counter() + 3.0  # everyone seated: let the tables settle in
    end = start + args.seconds
    for pipe in pipes:
        pipe.send((start, end))
    time.sleep(max(0.0, start - time.perf_counter()))
    cpu_before = _cpu_seconds(pid)
    time.sleep(max(0.0, end - time.perf_counter()))
    cpu = (_cpu_seconds(pid) - cpu_before) / args.seconds
    memory = _rss_mb(pid)
    results = [pipe.recv() for pipe in pipes]
    for worker in workers:
        worker.join()
    failed = sum(r["failed"] for r in results)
    if failed:
        error = next(r["error"] for r in results if r["error"])
        print(f"({failed} clients failed: {error})", file=sys.stderr)
    to_actor = [x for r in results for x in r["to_actor"]]
    to_last = [x for r in results for x in r["to_last"]]
    return {
        "actor_p50": 1000 * _percentile(to_actor, 0.5),
        "actor_p99": 1000 * _percentile(to_actor, 0.99),
        "last_p50": 1000 * _percentile(to_last, 0.5),
        "last_p99": 1000 * _percentile(to_last, 0.99),
        "hands_per_minute": sum(r["hands"] for r in results) * 60 / args.seconds,
        "actions_per_second": len(to_actor) / args.seconds,
        "cpu": 100 * cpu,
        "cpu_per_action": 1000 * cpu / max(1, len(to_actor)) * args.seconds,
        "memory_mb": memory,
    }


def bench(tables: int, args: argparse.Namespace) -> dict[str, float]:
    """Serve ``tables`` busy tables and measure; one run of one row."""
    with tempfile.TemporaryDirectory() as tmp:
        db = f"{tmp}/bench.sqlite3"
        seated = _populate(db, tables)
        command = [sys.executable, "-m", "stud.cli.main", "serve", "--port", "0", "--db", db]
        command += ["--bot-delay", "0", "--hand-pause", "0", "--turn-time", "60"]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            port = int(line.split("127.0.0.1:")[1].split("/")[0])
            return _measure(port, server.pid, seated, args)
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=120)
            if server.stdout is not None:
                server.stdout.close()


COLUMNS = (
    ("actor_p50", "actor_p99", "{:.0f} / {:.0f}"),
    ("last_p50", "last_p99", "{:.0f} / {:.0f}"),
    ("hands_per_minute", None, "{:.0f}"),
    ("actions_per_second", None, "{:.0f}"),
    ("cpu", None, "{:.0f}%"),
    ("cpu_per_action", None, "{:.2f}"),
    ("memory_mb", None, "{:.0f}"),
)


def _row(tables: int, runs: list[dict[str, float]]) -> str:
    cells = [str(tables)]
    for first, second, shape in COLUMNS:
        keys = [first] if second is None else [first, second]
        cells.append(shape.format(*(statistics.median(r[k] for r in runs) for k in keys)))
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    # Thousands of sockets: raise this process's (and the server's) open-file limit.
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring window per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per size (medians shown)")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument(
        "--think", type=float, default=0.25, help="seconds a player thinks (0: act at once)"
    )
    parser.add_argument("--each", action="store_true", help="also print every run")
    args = parser.parse_args()
    print(
        "| tables | to actor p50 / p99 (ms) | to last recipient p50 / p99 (ms) "
        "| hands/min | actions/s | server CPU | CPU per action (ms) | server RSS (MB) |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for tables in args.tables:
        runs = []
        for _ in range(args.repeat):
            runs.append(bench(tables, args))
            if args.each:
                print(_row(tables, runs[-1:]).replace("| ", "|  run ", 1), flush=True)
        print(_row(tables, runs), flush=True)


if __name__ == "__main__":
    main()
