"""The cardroom on many processes under load, against one process, and its failover.

Two parts, each over a PostgreSQL and a Redis the benchmark starts in temporary
directories (Debian's ``postgresql`` and ``redis-server``):

- **Load**: for each size, that many six-seat tables with six websocket players and
  an observer each (the clients of ``bench_server.py``), served once by one
  ``stud serve`` on PostgreSQL and once by ``--gateways`` gateways and
  ``--workers`` workers on the same machine (the clients spread over the
  gateways). Reported: action round trip p50/p99 to the actor and to the last of
  the table's seven connections, actions per second, CPU per action summed over
  the serving processes, and their resident memory.
- **Failover**: a table with bots and one person (acting at once); ``--kills``
  times, the worker holding it is SIGKILLed (and a new one started), and the time
  from the kill to the person's first acknowledged action at the table, taken
  over by another worker, is measured; p50 and p99.

Run: ``python benchmarks/bench_cluster.py --tables 200 400 --kills 20``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import json
import multiprocessing
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import websockets

from bench_server import (
    _client_process,
    _cpu_seconds,
    _percentile,
    _populate,
    _rss_mb,
)
from stud.web.cluster.local import free_port, redis_server

STUD = [sys.executable, "-c", "from stud.cli.main import main; main()", "serve"]
FAST = ["--bot-delay", "0", "--hand-pause", "0", "--turn-time", "60"]


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A throw-away PostgreSQL cluster (as ``tests/web/conftest.py`` runs one)."""
    bindir = Path(sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))[-1]).parent
    root = Path(tempfile.mkdtemp(prefix="stud-bench-pg-"))
    owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = free_port()
    data = root / "data"
    initdb = [str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "stud", "--no-sync"]
    subprocess.run([*owner, *initdb], check=True, capture_output=True)
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=300"
    pg_ctl = str(bindir / "pg_ctl")
    start = [pg_ctl, "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start"]
    subprocess.run([*owner, *start], check=True, capture_output=True)
    try:
        yield f"postgresql://stud@127.0.0.1:{port}"
    finally:
        subprocess.run([*owner, pg_ctl, "-D", str(data), "-m", "fast", "stop"], check=False)
        shutil.rmtree(root, ignore_errors=True)


def _database(server: str) -> str:
    name = f"bench_{os.getpid()}_{time.monotonic_ns()}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return f"{server}/{name}"


def _start(command: list[str], wanted: str) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if wanted in line:  # the rest of its output read on, so it never fills the pipe
            threading.Thread(target=process.stdout.read, daemon=True).start()
            return process, line
    raise RuntimeError(f"{command} ended before {wanted!r}")


def _gateway_port(line: str) -> int:
    return int(line.split("127.0.0.1:")[1].split("/", maxsplit=1)[0])


def _stop(processes: list[subprocess.Popen[str]]) -> None:
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
    for process in processes:
        process.wait()
        if process.stdout is not None:
            process.stdout.close()


def _load(
    ports: list[int], pids: list[int], seated: Any, args: argparse.Namespace
) -> dict[str, float]:
    """The clients of ``bench_server.py``, spread over the gateways; CPU summed over
    the serving processes."""
    spawn = multiprocessing.get_context("spawn")
    pipes, clients = [], []
    for n in range(args.clients):
        ours, theirs = spawn.Pipe()
        share = seated[n :: args.clients]
        port = ports[n % len(ports)]
        client = spawn.Process(target=_client_process, args=(port, share, args.think, theirs))
        client.start()
        pipes.append(ours)
        clients.append(client)
    for pipe in pipes:
        assert pipe.recv() == "connected"
    start = time.perf_counter() + 3.0
    end = start + args.seconds
    for pipe in pipes:
        pipe.send((start, end))
    time.sleep(max(0.0, start - time.perf_counter()))
    before = sum(_cpu_seconds(pid) for pid in pids)
    time.sleep(max(0.0, end - time.perf_counter()))
    cpu = sum(_cpu_seconds(pid) for pid in pids) - before
    memory = sum(_rss_mb(pid) for pid in pids)
    results = [pipe.recv() for pipe in pipes]
    for client in clients:
        client.join()
    to_actor = [x for r in results for x in r["to_actor"]]
    to_last = [x for r in results for x in r["to_last"]]
    return {
        "actor_p50": 1000 * _percentile(to_actor, 0.5),
        "actor_p99": 1000 * _percentile(to_actor, 0.99),
        "last_p50": 1000 * _percentile(to_last, 0.5),
        "last_p99": 1000 * _percentile(to_last, 0.99),
        "actions_per_second": len(to_actor) / args.seconds,
        "cpu_per_action": 1000 * cpu / max(1, len(to_actor)),
        "memory_mb": memory,
    }


def load(
    server: str, redis: str, tables: int, cluster: bool, args: argparse.Namespace
) -> dict[str, float]:
    db = _database(server)
    seated = _populate(db, tables)
    common = ["--db", db, *FAST]
    started: list[subprocess.Popen[str]] = []
    try:
        if not cluster:
            process, line = _start([*STUD, "--port", "0", *common], "open at")
            started.append(process)
            return _load([_gateway_port(line)], [process.pid], seated, args)
        ports = []
        for _ in range(args.workers):
            started.append(
                _start([*STUD, "--role", "worker", "--redis", redis, *common], "is running")[0]
            )
        for _ in range(args.gateways):
            process, line = _start(
                [*STUD, "--role", "gateway", "--port", "0", "--redis", redis, *common], "open at"
            )
            started.append(process)
            ports.append(_gateway_port(line))
        _all_taken(db, tables)
        return _load(ports, [p.pid for p in started], seated, args)
    finally:
        _stop(started)


def _all_taken(db: str, tables: int) -> None:
    """Until every table has an owner (a benchmark may poll)."""
    while True:
        with psycopg.connect(db) as connection:
            row = connection.execute(
                "SELECT count(*) FROM table_leases WHERE owner <> ''"
            ).fetchone()
        if row is not None and row[0] >= tables:
            return
        time.sleep(0.2)


def failover(server: str, redis: str, kills: int) -> list[float]:
    """Seconds from each kill to the first acknowledged action after it."""
    db = _database(server)
    common = ["--db", db, "--redis", redis, "--bot-delay", "0", "--hand-pause", "0", "--lease", "2"]
    started: list[subprocess.Popen[str]] = []
    names: dict[str, subprocess.Popen[str]] = {}

    def worker() -> None:
        process, line = _start([*STUD, "--role", "worker", *common], "is running")
        started.append(process)
        found = re.search(r"worker (\w+) is running", line)
        assert found is not None
        names[found.group(1)] = process

    try:
        worker()
        worker()
        gateway, line = _start([*STUD, "--role", "gateway", "--port", "0", *common], "open at")
        started.append(gateway)
        return asyncio.run(_failovers(db, _gateway_port(line), kills, names, worker))
    finally:
        _stop(started)


async def _failovers(
    db: str, port: int, kills: int, names: dict[str, Any], worker: Any
) -> list[float]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/account/guest", data=b"{}", method="POST"
    )
    token = json.load(urllib.request.urlopen(request))["token"]
    times: list[float] = []
    killed_at: float | None = None
    starting: list[asyncio.Task[None]] = []  # the replacements, started meanwhile
    from stud.web.frames import apply_change  # noqa: PLC0415

    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/1?token={token}") as ws:
        await ws.send(json.dumps({"v": 2, "type": "hello"}))
        await ws.send(json.dumps({"v": 2, "type": "sit", "seat": 5, "buy_in": 1000}))
        now: dict[str, Any] | None = None
        seq, waiting, acks = 0, False, 0
        while len(times) < kills:
            message = json.loads(await ws.recv())
            kind = message["type"]
            if kind == "snapshot":
                now, waiting = message["table"], False
            elif kind == "event" and now is not None:
                now = apply_change(now, message["change"])
                if "ack" in message:
                    waiting, acks = False, acks + 1
                    if killed_at is not None:
                        times.append(time.perf_counter() - killed_at)
                        killed_at = None
                    elif acks % 5 == 0:  # kill the table's owner, start another
                        with psycopg.connect(db) as connection:
                            row = connection.execute(
                                "SELECT owner FROM table_leases WHERE table_id = 1"
                            ).fetchone()
                        assert row is not None
                        victim = names.pop(row[0])
                        killed_at = time.perf_counter()
                        victim.send_signal(signal.SIGKILL)
                        starting.append(asyncio.create_task(asyncio.to_thread(worker)))
            if now is not None and now["you"] is None and kind == "snapshot":
                await ws.send(json.dumps({"v": 2, "type": "sit", "seat": 5, "buy_in": 200}))
            hand = now["hand"] if now else None
            legal = [a["action"] for a in hand["legal"]] if hand and not waiting else []
            if legal:
                wanted = ("show", "check", "bring_in", "call", "fold")
                action = next((a for a in wanted if a in legal), legal[0])
                seq, waiting = seq + 1, True
                await ws.send(json.dumps({"v": 2, "type": "act", "seq": seq, "action": action}))
    await asyncio.gather(*starting)
    return times


def main() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="*", default=[200, 400])
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring window per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per row (medians shown)")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--think", type=float, default=0.25, help="seconds a player thinks")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--gateways", type=int, default=2)
    parser.add_argument("--kills", type=int, default=20, help="failovers measured (0: none)")
    args = parser.parse_args()
    with postgres() as server, redis_server() as (redis, _):
        if args.tables:
            print(
                "| tables | served by | to actor p50 / p99 (ms) | to last p50 / p99 (ms) "
                "| actions/s | CPU per action (ms, all processes) | RSS (MB, all) |"
            )
            print("|---:|---|---:|---:|---:|---:|---:|")
        for tables in args.tables:
            for cluster in (False, True):
                runs = [load(server, redis, tables, cluster, args) for _ in range(args.repeat)]
                m = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
                who = (
                    f"{args.gateways} gateways + {args.workers} workers"
                    if cluster
                    else "one process"
                )
                print(
                    f"| {tables} | {who} | {m['actor_p50']:.0f} / {m['actor_p99']:.0f} "
                    f"| {m['last_p50']:.0f} / {m['last_p99']:.0f} | {m['actions_per_second']:.0f} "
                    f"| {m['cpu_per_action']:.2f} | {m['memory_mb']:.0f} |",
                    flush=True,
                )
        if args.kills:
            times = failover(server, redis, args.kills)
            print(
                f"failover over {len(times)} kills: p50 {statistics.median(times):.2f} s, "
                f"p99 {_percentile(times, 0.99):.2f} s, max {max(times):.2f} s"
            )


if __name__ == "__main__":
    main()
