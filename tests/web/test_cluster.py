"""The cardroom on many processes, as processes: workers and gateways started with
``stud serve --role ...`` over a Redis and a PostgreSQL of the test's own, a player
at a table over a real websocket to a gateway, and workers killed (SIGKILL),
paused (SIGSTOP past the lease) or their Redis killed and started again.

Each test waits on signals only: a line a process prints ("took table 1 under
epoch 2", "lost table 1"), a frame the player gets. Afterwards it reads the
database: the hand in play finished, every action stored once, under the epoch
of the worker that owned the table, the books balance to the chip, and the
player never saw another seat's down card.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
import subprocess
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import psycopg
import pytest
import websockets
from cluster_harness import LINES, WAIT, Proc, processes, stud_process
from web_harness import check_books

from stud.compiled.warmup import warm_up
from stud.web.cluster.local import redis_server
from stud.web.frames import apply_change
from stud.web.store import Store

LEASE = "2"
"""Seconds a worker's lease lasts in these tests."""

PLAYING = 600.0
"""Seconds a player may play before its test fails (a bound, never reached when it passes)."""

TIMING = ["--bot-delay", "0", "--hand-pause", "0", "--turn-time", "600", "--lease", LEASE]


@dataclass
class Cluster:
    db: str
    redis: str
    started: list[Proc]
    workers: dict[str, Proc] = field(default_factory=dict)
    """Each worker by the name it printed."""
    gateways: list[Proc] = field(default_factory=list)

    def worker(self) -> Proc:
        proc = stud_process(
            "serve", "--role", "worker", "--db", self.db, "--redis", self.redis, *TIMING
        )
        self.started.append(proc)
        name = re.search(r"worker (\w+) is running", proc.until("is running"))
        assert name is not None
        self.workers[name.group(1)] = proc
        return proc

    def gateway(self) -> int:
        proc = stud_process(
            "serve",
            "--role",
            "gateway",
            "--port",
            "0",
            "--db",
            self.db,
            "--redis",
            self.redis,
            *TIMING,
        )
        self.started.append(proc)
        self.gateways.append(proc)
        line = proc.until("open at http://127.0.0.1:")
        return int(line.split("127.0.0.1:")[1].split("/")[0])

    def owner(self, table: int) -> tuple[str, int]:
        """The worker that holds the table's lease, and its epoch (read from the database)."""
        with psycopg.connect(self.db) as connection:
            row = connection.execute(
                "SELECT owner, epoch FROM table_leases WHERE table_id = %s", (table,)
            ).fetchone()
        assert row is not None
        return str(row[0]), int(row[1])


@pytest.fixture(scope="module")
def kernels() -> None:
    """The compiled kernels in numba's cache before any worker starts: a worker loads
    them before it says it is running, and compiling them afresh on a loaded machine
    may take longer than a line is awaited."""
    warm_up()


@pytest.fixture
def cluster(postgres_url: str, kernels: None) -> Iterator[Cluster]:
    with redis_server() as (redis, _), processes() as started:
        yield Cluster(postgres_url, redis, started)


@dataclass
class Player:
    """A person at a table through a gateway, who checks or folds (and shows), buys in
    again if stood up, and keeps what it saw."""

    port: int
    table: int
    seat: int = 5
    now: dict[str, Any] | None = None
    frames: list[dict[str, Any]] = field(default_factory=list)
    acked: list[int] = field(default_factory=list)
    """The seqs of its actions the server acknowledged."""
    welcomes: int = 0
    sits: int = 0
    reconnects: int = 0
    seq: int = 0
    errors: list[str] = field(default_factory=list)
    peeked: list[str] = field(default_factory=list)
    """Another seat's down cards, if it ever saw any before that seat showed them."""

    @property
    def sit(self) -> dict[str, Any]:
        return {"v": 2, "type": "sit", "seat": self.seat, "buy_in": 200}

    def token(self) -> str:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/api/account/guest", data=b"{}", method="POST"
        )
        with urllib.request.urlopen(request, timeout=WAIT) as answer:
            return str(json.load(answer)["token"])

    async def play(self, done: Callable[[Player], bool], *others: int) -> None:
        """Sit down and play until ``done`` says so (after each frame); a socket its
        gateway closes is opened again at the next of ``others``, resuming."""
        token, ports = self.token(), [self.port, *others]
        sit: dict[str, Any] = self.sit
        while True:
            url = f"ws://127.0.0.1:{ports[0]}/ws/{self.table}?token={token}"
            try:
                async with websockets.connect(url) as ws:
                    await ws.send(json.dumps({"v": 2, "type": "hello"}))
                    if sit:
                        await ws.send(json.dumps(sit))
                        sit = {}
                    async with asyncio.timeout(PLAYING):
                        await self._play(ws, done)
                    return
            except websockets.ConnectionClosed:
                if len(ports) < 2:
                    raise
                ports = ports[1:]
                self.reconnects += 1

    async def _play(self, ws: Any, done: Callable[[Player], bool]) -> None:
        waiting, sitting = False, True
        while not done(self):
            message = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
            self.frames.append(message)
            kind = message["type"]
            if kind == "welcome":
                self.welcomes += 1
                self.seq = max(self.seq, int(message["last_seq"]))
                waiting = False
            elif kind == "snapshot":
                self.now = message["table"]
            elif kind == "event" and self.now is not None:
                self.now = apply_change(self.now, message["change"])
                if "ack" in message:
                    self.acked.append(int(message["ack"]))
                    waiting = False
            elif kind == "error":
                self.errors.append(message["message"])
                waiting = False
            self._look()
            if kind == "error" or (self.now is not None and self.now["you"] is not None):
                sitting = False
            if self.now is not None and self.now["you"] is None and not sitting:
                await ws.send(json.dumps(self.sit))  # stood up (busted): buy in again
                self.sits += 1
                sitting = True
                continue
            hand = self.now["hand"] if self.now else None
            legal = [a["action"] for a in hand["legal"]] if hand and not waiting else []
            if legal:
                action = next(a for a in ("show", "check", "bring_in", "fold") if a in legal)
                self.seq, waiting = self.seq + 1, True
                act = {"v": 2, "type": "act", "seq": self.seq, "action": action}
                await ws.send(json.dumps(act))

    def _look(self) -> None:
        if self.now is None:
            return
        for seat in self.now["seats"]:
            if (
                seat
                and seat["seat"] != self.now["you"]
                and seat.get("down")
                and not seat.get("shown")
            ):
                self.peeked.append(f"seat {seat['seat']}: {seat['down']}")

    def hand(self) -> dict[str, Any] | None:
        return self.now["hand"] if self.now else None


def _hands(db: str, table: int) -> list[tuple[int, bool]]:
    with psycopg.connect(db) as connection:
        rows = connection.execute(
            "SELECT id, ended_at IS NOT NULL FROM hands WHERE table_id = %s ORDER BY id", (table,)
        ).fetchall()
    return [(int(hand), bool(ended)) for hand, ended in rows]


def _actions(db: str, table: int) -> list[tuple[int, int, int | None, int | None]]:
    """Every stored action at the table: hand, number, seq, epoch."""
    with psycopg.connect(db) as connection:
        rows = connection.execute(
            "SELECT e.hand_id, e.number, e.seq, e.epoch FROM hand_events e"
            " JOIN hands h ON h.id = e.hand_id WHERE h.table_id = %s"
            " ORDER BY e.hand_id, e.number",
            (table,),
        ).fetchall()
    return [(int(h), int(n), s, e) for h, n, s, e in rows]


def _check_played(cluster: Cluster, player: Player, table: int) -> None:
    """What every test ends on: each hand before the last finished, each stored hand's
    actions numbered without a gap, each acknowledged action stored exactly once, the
    books balanced, and no down card of another seat seen."""
    hands = _hands(cluster.db, table)
    assert all(ended for _, ended in hands[:-1]), hands
    actions = _actions(cluster.db, table)
    for hand, _ in hands:
        numbers = [n for h, n, _, _ in actions if h == hand]
        assert numbers == list(range(1, len(numbers) + 1)), (hand, numbers)
    stored = [seq for _, _, seq, _ in actions if seq is not None]
    assert sorted(stored) == sorted(set(stored))
    assert set(player.acked) <= set(stored)
    assert player.peeked == []
    store = Store(cluster.db)
    try:
        assert check_books(store) == []
    finally:
        store.close()


def _two_workers(cluster: Cluster) -> tuple[Proc, Proc, Player]:
    """A worker holding table 1, a gateway, a second worker, and a player for table 1."""
    first = cluster.worker()
    port = cluster.gateway()
    first.until("took table 1 under epoch 1")
    return first, cluster.worker(), Player(port, 1)


def _mid_hand(p: Player) -> bool:
    """Whether the player is in a hand's betting, two of its actions stored."""
    hand = p.hand()
    return hand is not None and hand["phase"] == "betting" and len(p.acked) >= 2


def test_a_worker_killed_mid_hand_costs_nobody_a_chip(cluster: Cluster) -> None:
    first, second, player = _two_workers(cluster)
    state: dict[str, Any] = {}

    def done(p: Player) -> bool:
        hand = p.hand()
        if "killed" not in state:
            if _mid_hand(p):
                state["killed"] = hand["id"]  # mid-hand, after two actions stored
                first.signal(signal.SIGKILL)
            return False
        # After the kill: the hand in play goes on at the other worker to its end.
        # (the new owner may have finished it and dealt the next before welcoming us)
        return hand is not None and (
            hand["id"] > state["killed"]
            or (hand["id"] == state["killed"] and hand["phase"] == "over")
        )

    asyncio.run(player.play(done))
    second.until("took table 1 under epoch 2")
    assert player.welcomes >= 2  # welcomed again by the new owner, on the same socket
    assert cluster.owner(1)[1] == 2
    assert (state["killed"], True) in _hands(cluster.db, 1)
    epochs = {epoch for hand, _, _, epoch in _actions(cluster.db, 1) if hand == state["killed"]}
    assert epochs == {1, 2}  # begun under the first worker, finished under the second
    _check_played(cluster, player, 1)


def test_a_paused_worker_cannot_write_once_its_lease_is_taken(cluster: Cluster) -> None:
    first, second, player = _two_workers(cluster)
    state: dict[str, Any] = {}

    def done(p: Player) -> bool:
        hand = p.hand()
        if "paused" not in state:
            if _mid_hand(p):
                first.signal(signal.SIGSTOP)
                state["paused"] = True
                second.until("took table 1 under epoch 2")
                state["before"] = _actions(cluster.db, 1)
                first.signal(signal.SIGCONT)
                first.until("lost table 1")
            return False
        # Play on at the new owner: a hand dealt after the pause, played to its end.
        return (
            hand is not None
            and hand["phase"] == "over"
            and p.welcomes >= 2
            and (hand["id"] > max(h for h, _, _, _ in state["before"]))
        )

    asyncio.run(player.play(done))
    after = _actions(cluster.db, 1)
    old = [row for row in after if row[3] == 1]
    assert old == [row for row in state["before"] if row[3] == 1]  # not one row more
    assert len(after) > len(state["before"])  # while the new owner stored on
    _check_played(cluster, player, 1)


def test_a_drained_worker_finishes_its_hand_and_hands_the_table_over(cluster: Cluster) -> None:
    first, second, player = _two_workers(cluster)
    state: dict[str, Any] = {}

    def done(p: Player) -> bool:
        hand = p.hand()
        if "drained" not in state:
            if _mid_hand(p):
                state["drained"] = hand["id"]
                first.signal(signal.SIGTERM)
            return False
        # The next hand, dealt by the other worker, played to its end.
        return (
            p.welcomes >= 2
            and hand is not None
            and (hand["id"] > state["drained"] and hand["phase"] == "over")
        )

    asyncio.run(player.play(done))
    first.until("drained")
    assert first.process.wait(WAIT) == 0
    second.until("took table 1 under epoch 2")
    by_hand = {hand: epoch for hand, _, _, epoch in _actions(cluster.db, 1)}
    assert by_hand[state["drained"]] == 1  # finished where it was dealt
    assert all(epoch == 2 for hand, epoch in by_hand.items() if hand > state["drained"])
    _check_played(cluster, player, 1)


def test_redis_killed_and_started_again_pauses_the_table(postgres_url: str) -> None:
    with redis_server() as (redis, process), processes() as started:
        cluster = Cluster(postgres_url, redis, started)
        worker = cluster.worker()
        port = cluster.gateway()
        worker.until("took table 1 under epoch 1")
        port_number = int(redis.rsplit(":", 1)[1].split("/")[0])
        player = Player(port, 1)
        state: dict[str, Any] = {}

        def done(p: Player) -> bool:
            hand = p.hand()
            if "killed" not in state and hand is not None and len(p.acked) >= 2:
                process.kill()
                process.wait()
                state["killed"] = hand["id"]
                folder = str(list(process.args)[-1])  # type: ignore[arg-type]
                state["redis"] = subprocess.Popen(
                    [
                        "redis-server",
                        "--port",
                        str(port_number),
                        "--bind",
                        "127.0.0.1",
                        "--save",
                        "",
                        "--dir",
                        str(folder),
                    ],
                    stdout=subprocess.DEVNULL,
                )
                return False
            # Back: welcomed again, and a hand dealt after it played to its end.
            return (
                "killed" in state
                and p.welcomes >= 2
                and hand is not None
                and (hand["id"] > state["killed"] and hand["phase"] == "over")
            )

        try:
            asyncio.run(player.play(done))
        finally:
            if "redis" in state:
                state["redis"].kill()
                state["redis"].wait()
        assert cluster.owner(1) == (next(iter(cluster.workers)), 1)  # nobody lost the table
        _check_played(cluster, player, 1)


KILLS = 3
"""Workers killed in the soak (a gateway too, once), each after ``EVERY`` more
actions acknowledged across the tables."""
EVERY = 8


def test_a_soak_killing_workers_and_a_gateway_loses_no_hand_and_no_chip(
    cluster: Cluster,
) -> None:
    """Three tables over two gateways and three workers; a worker holding a table is
    SIGKILLed (and a new one started, as a supervisor would) every ``EVERY`` actions,
    ``KILLS`` times, and a gateway once: its players reconnect to the other one."""
    first = cluster.worker()
    ports = [cluster.gateway(), cluster.gateway()]
    for table in (1, 2, 3):
        first.until(f"took table {table} under epoch 1")
    cluster.worker()
    cluster.worker()
    players = [Player(ports[0], 1), Player(ports[1], 2), Player(ports[1], 3)]
    progress = asyncio.Event()
    finish: dict[int, int] = {}
    """Once the kills are over: the hand each table must play to its end after them."""

    def done(p: Player) -> bool:
        progress.set()
        hand = p.hand()
        return (
            p.table in finish
            and hand is not None
            and hand["id"] >= finish[p.table]
            and hand["phase"] == "over"
        )

    async def acked_grew(by: int) -> None:
        start = sum(len(p.acked) for p in players)
        while sum(len(p.acked) for p in players) < start + by:
            progress.clear()
            await progress.wait()

    async def chaos() -> None:
        for kill in range(KILLS):
            await acked_grew(EVERY)
            table = 1 + kill % 3
            owner, epoch = await asyncio.to_thread(cluster.owner, table)
            victim = cluster.workers.pop(owner)
            victim.signal(signal.SIGKILL)
            await asyncio.to_thread(cluster.worker)  # its replacement
            taken = f"took table {table} under epoch {epoch + 1}"
            await asyncio.to_thread(_anyone_says, list(cluster.workers.values()), taken)
            if kill == 1:  # and a gateway: its players go on at the other one
                cluster.gateways[1].signal(signal.SIGKILL)
        await acked_grew(EVERY)
        for p in players:
            hand = p.hand()
            finish[p.table] = (hand["id"] if hand else 0) + 1
        progress.set()

    async def soak() -> None:
        await asyncio.gather(
            players[0].play(done),
            players[1].play(done, ports[0]),
            players[2].play(done, ports[0]),
            chaos(),
        )

    try:
        asyncio.run(soak())
    except BaseException:
        for p in players:
            print(
                "PLAYER",
                p.table,
                p.port,
                len(p.acked),
                p.welcomes,
                p.reconnects,
                p.errors,
                [(f["type"], f.get("no")) for f in p.frames[-6:]],
                finish,
            )
            hand = p.hand()
            print(
                "HAND",
                hand and {k: hand[k] for k in ("id", "phase", "actor", "legal")},
                p.now
                and [
                    (x["seat"], x.get("sitting_out"), x.get("connected"), x.get("in_hand"))
                    for x in p.now["seats"]
                    if x
                ],
            )
        for proc in cluster.started:
            print("PROC", proc.pid, proc.process.args[5:8], "".join(proc.seen[-15:]))
        raise
    assert players[1].reconnects == players[2].reconnects == 1
    for p in players:
        _check_played(cluster, p, p.table)
    with psycopg.connect(cluster.db) as connection:
        epochs = connection.execute("SELECT min(epoch) FROM table_leases").fetchone()
    assert epochs is not None
    assert epochs[0] >= 2  # every table moved at least once


def _anyone_says(procs: list[Proc], wanted: str) -> None:
    """Until one of the processes printed ``wanted``."""
    with LINES:
        assert LINES.wait_for(
            lambda: any(wanted in line for proc in procs for line in proc.seen), WAIT
        ), wanted
