"""The cardroom under load: one server process, bot clients over real websockets.

For each size, a fresh ``stud serve`` (SQLite, no bot delay, no pause between
hands) gets that many six-seat tables with six websocket players and one
observer each. The players act after thinking about ``--think`` seconds (0.5 to
1.5 times it; 0 acts at once), mostly calling, sometimes raising. Reported,
over a measuring window after everyone is seated:

- action round trip, p50 and p99: from sending an action to the acting client's
  ack, and to the moment the last of the table's seven connections has the event;
- hands per minute over all tables;
- the server's resident memory at the end.

The clients run in this process on the same machine, so at the larger sizes the
figures include the clients' own queueing; they are an upper bound for the server.

Run: ``make bench-server`` (or ``python benchmarks/bench_server.py --tables 50 100``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from stud.web.store import Store

SEATS = 6


@dataclass
class Run:
    """What one size measured."""

    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    """(table, event number of the action) -> when the action was sent."""
    to_actor: list[float] = field(default_factory=list)
    seen: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    hands: int = 0
    measuring: bool = False
    connected: int = 0


def _populate(db: str, tables: int) -> list[tuple[int, list[str]]]:
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
        ws = await websockets.connect(url, max_size=2**22, ping_interval=None, open_timeout=120)
    run.connected += 1
    async with ws:
        await ws.send(json.dumps({"v": 1, "type": "hello"}))
        seq, pending, min_no = 0, 0.0, 0
        table_now: dict[str, Any] | None = None
        last_no = -1
        async for text in ws:
            now = time.perf_counter()
            message = json.loads(text)
            kind = message["type"]
            if kind == "welcome":
                seq = message["last_seq"]
            elif kind == "ack" and message["applied"]:
                min_no = message["no"]
                if run.measuring and pending:
                    run.to_actor.append(now - pending)
                    run.sent[(table, message["no"])] = pending
                pending = 0.0
            elif kind in {"event", "snapshot"}:
                last_no, table_now = message["no"], message["table"]
                if run.measuring:
                    run.seen.setdefault((table, message["no"]), []).append(now)
                hand = table_now["hand"] if table_now else None
                over = token is None and hand and hand["phase"] == "over" and run.measuring
                if over and any(e["kind"] == "awarded" for e in message.get("events", [])):
                    run.hands += 1
            if token is None or table_now is None or last_no < min_no:
                continue
            legal = table_now["hand"]["legal"] if table_now["hand"] else []
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
                body = {"v": 1, "type": "act", "seq": seq, "action": choice["action"]}
                if "to" in choice:
                    body["to"] = choice["to"]
                await ws.send(json.dumps(body))


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _measure(
    port: int, seated: list[tuple[int, list[str]]], seconds: float, think: float
) -> Run:
    run = Run()
    rng = random.Random(1)
    gate = asyncio.Semaphore(20)
    tasks = []
    for table, tokens in seated:
        for token in [*tokens, None]:
            tasks.append(asyncio.create_task(_player(port, table, token, run, rng, think, gate)))
    while run.connected + sum(t.done() for t in tasks) < len(tasks):
        await asyncio.sleep(0.5)  # a benchmark: wait until everyone has connected
    await asyncio.sleep(3.0)
    run.measuring = True
    await asyncio.sleep(seconds)
    run.measuring = False
    failed = [t for t in tasks if t.done() and t.exception() is not None]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    if failed:
        print(f"({len(failed)} clients failed: {failed[0].exception()!r})", file=sys.stderr)
    return run


def bench(tables: int, seconds: float, think: float) -> dict[str, float]:
    """Serve ``tables`` busy tables and measure; one row of the report."""
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
            run = asyncio.run(_measure(port, seated, seconds, think))
            memory = _rss_mb(server.pid)
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=120)
            if server.stdout is not None:
                server.stdout.close()
    to_last = [
        max(run.seen[key]) - sent
        for key, sent in run.sent.items()
        if len(run.seen.get(key, ())) > 1
    ]
    return {
        "tables": tables,
        "actor_p50": 1000 * _percentile(run.to_actor, 0.5),
        "actor_p99": 1000 * _percentile(run.to_actor, 0.99),
        "last_p50": 1000 * _percentile(to_last, 0.5),
        "last_p99": 1000 * _percentile(to_last, 0.99),
        "hands_per_minute": run.hands * 60 / seconds,
        "actions": len(run.to_actor),
        "memory_mb": memory,
    }


def main() -> None:
    # Thousands of sockets: raise this process's (and the server's) open-file limit.
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring window per size")
    parser.add_argument(
        "--think", type=float, default=1.0, help="seconds a player thinks (0: act at once)"
    )
    args = parser.parse_args()
    print(
        "| tables | to actor p50 / p99 (ms) | to last recipient p50 / p99 (ms) "
        "| hands/min | actions | server RSS (MB) |"
    )
    print("|---:|---:|---:|---:|---:|---:|")
    for tables in args.tables:
        row = bench(tables, args.seconds, args.think)
        print(
            f"| {tables} | {row['actor_p50']:.1f} / {row['actor_p99']:.1f} "
            f"| {row['last_p50']:.1f} / {row['last_p99']:.1f} "
            f"| {row['hands_per_minute']:.0f} | {row['actions']} | {row['memory_mb']:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
