"""Killed mid-hand (SIGKILL) and started again, the server resumes the hand where it stood.

The real command (``stud serve``) runs in a child process on a free port; the test
waits for the line with the URL, plays part of a hand against the bots over a
websocket, kills the server, starts it on the same database, and checks that the
same hand is there with the same cards, chips and deck commitment, then plays it to
the end.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import urllib.request
from collections.abc import Awaitable, Callable
from typing import TypeVar

import pytest
import websockets
from web_harness import Client, check_books, committed, serving

from stud.web.store import Store

T = TypeVar("T")


def _guest(port: int) -> str:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/account/guest", data=b"{}", method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        token: str = json.load(response)["token"]
        return token


async def _client(
    port: int, token: str, last: int | None = None, epoch: str | None = None
) -> Client:
    ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/1?token={token}")
    client = Client(ws)
    await client.send(type="hello", last=last, epoch=epoch)
    await client.until(lambda m: m["type"] == "welcome")
    return client


def _killed_after(db: str, life: Callable[[int], Awaitable[T]]) -> T:
    """What ``life`` returns, played against ``stud serve`` on ``db``, then the server
    killed with SIGKILL (nothing it had not stored survives)."""
    with serving(db, "--bot", "station") as (process, port):
        out = asyncio.run(life(port))
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
    return out


def _in_hand(message: dict[str, object]) -> bool:
    table = message.get("table")
    return (
        isinstance(table, dict) and table["hand"] is not None and table["hand"]["phase"] != "over"
    )


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_mid_hand_then_restart_resumes_the_hand(
    backend: str, request: pytest.FixtureRequest, tmp_path: object
) -> None:
    db = f"{tmp_path}/cardroom.sqlite3"
    if backend == "postgresql":
        db = request.getfixturevalue("postgres_url")
    rng = random.Random(9)

    async def first_life(port: int) -> tuple[str, dict[str, object]]:
        token = await asyncio.to_thread(_guest, port)
        client = await _client(port, token)
        await client.send(type="sit", seat=5, buy_in=200)
        # Act once in the hand, then wait for the next turn: the hand waits for this
        # seat (the bots are stations: the hand goes on) and nothing moves until then.
        while not (client.legal() and client.table and _in_hand({"table": client.table})):
            await client.recv()
        choice = next(a for a in client.legal() if a["action"] in {"call", "check", "bring_in"})
        client.min_no = 1 << 30  # until the ack says which event answered it
        await client.act(choice["action"], choice.get("to"))
        while not (client.legal() and client.table and _in_hand({"table": client.table})):
            await client.recv()
        await client.ws.close()
        return token, client.table

    token, before = _killed_after(db, first_life)

    async def second_life(port: int) -> None:
        client = await _client(port, token)
        snap = await client.until(lambda m: m["type"] == "snapshot")
        after = snap["table"]
        assert after["hand"]["id"] == before["hand"]["id"]  # type: ignore[index]
        assert after["hand"]["pot"] == before["hand"]["pot"]  # type: ignore[index]
        mine_before = before["seats"][5]  # type: ignore[index]
        mine_after = after["seats"][5]
        assert mine_after["down"] == mine_before["down"]
        assert mine_after["up"][: len(mine_before["up"])] == mine_before["up"]
        assert mine_after["stack"] == mine_before["stack"]
        # The same committed deck (docs/shuffle.md): the stored secret reopens it.
        assert after["hand"]["deck"] == before["hand"]["deck"]  # type: ignore[index]
        assert after["hand"]["deck"]["root"]  # type: ignore[index]
        final = await client.play_hand(rng)
        assert final["table"]["hand"]["id"] == before["hand"]["id"]  # type: ignore[index]
        await client.ws.close()

    with serving(db, "--bot", "station") as (_, port):
        asyncio.run(second_life(port))
    _books(db)


def _books(db: str) -> None:
    store = Store(db)
    try:
        assert check_books(store) == []
    finally:
        store.close()


def _welcome(client: Client) -> dict[str, object]:
    found: dict[str, object] = next(
        m for m in map(json.loads, client.raw) if m["type"] == "welcome"
    )
    return found


async def _to_my_turn(client: Client) -> None:
    """Frames until this seat is to act in a hand in play (the hand waits for it)."""
    while not (client.legal() and client.table and _in_hand({"table": client.table})):
        await client.recv()


def _passive(client: Client) -> dict[str, object]:
    """A legal action that never folds: check, call or bring in."""
    legal = client.legal()
    return next(a for a in legal if a["action"] in {"check", "call", "bring_in", "show"})


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_an_action_resent_after_a_restart_is_a_duplicate_never_applied_again(
    backend: str, request: pytest.FixtureRequest, tmp_path: object
) -> None:
    """The seat's last applied ``seq`` outlives the server: the welcome after the
    restart says it, and the action sent again with it is answered as a resend."""
    db = f"{tmp_path}/cardroom.sqlite3"
    if backend == "postgresql":
        db = request.getfixturevalue("postgres_url")

    async def first_life(port: int) -> tuple[str, int, int]:
        token = await asyncio.to_thread(_guest, port)
        client = await _client(port, token)
        await client.send(type="sit", seat=5, buy_in=200)
        await _to_my_turn(client)
        choice = _passive(client)
        client.min_no = 1 << 30  # until the ack says which event answered it
        await client.act(choice["action"], choice.get("to"))  # type: ignore[arg-type]
        await _to_my_turn(client)  # acknowledged, and the hand waits for this seat again
        assert client.table is not None
        await client.ws.close()
        return token, client.seq, client.table["hand"]["id"]

    token, applied, hand_id = _killed_after(db, first_life)

    async def second_life(port: int) -> None:
        client = await _client(port, token)
        assert _welcome(client)["last_seq"] == applied
        await _to_my_turn(client)
        assert client.table is not None
        assert client.table["hand"]["id"] == hand_id
        choice = _passive(client)
        await client.act(choice["action"], choice.get("to"), seq=applied)  # type: ignore[arg-type]
        answer = await client.until(
            lambda m: m["type"] in {"ack", "error"} or (m["type"] == "event" and "ack" in m)
        )
        assert answer == {"v": 2, "type": "ack", "seq": applied, "applied": False}
        await client.play_hand(random.Random(3))
        await client.ws.close()

    with serving(db, "--bot", "station") as (_, port):
        asyncio.run(second_life(port))
    _books(db)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_leave_asked_mid_hand_is_honoured_after_a_restart(
    backend: str, request: pytest.FixtureRequest, tmp_path: object
) -> None:
    """A player who asked mid-hand to leave after it stands up when the hand the
    restart resumed is over, and is not dealt the next one."""
    db = f"{tmp_path}/cardroom.sqlite3"
    if backend == "postgresql":
        db = request.getfixturevalue("postgres_url")

    async def first_life(port: int) -> tuple[str, int]:
        token = await asyncio.to_thread(_guest, port)
        client = await _client(port, token)
        await client.send(type="sit", seat=5, buy_in=200)
        await _to_my_turn(client)
        assert client.table is not None
        name = client.table["seats"][5]["name"]
        await client.send(type="leave")
        leaving = f"{name} will leave after this hand"
        await client.until(
            lambda m: m["type"] == "event" and any(e.get("text") == leaving for e in m["events"])
        )
        await client.ws.close()
        return token, client.table["hand"]["id"]

    token, hand_id = _killed_after(db, first_life)

    async def second_life(port: int) -> None:
        client = await _client(port, token)
        final = await client.play_passive()
        assert final["table"]["hand"]["id"] == hand_id
        after = await client.until(
            lambda m: (
                m["type"] == "event"
                and (m["table"]["seats"][5] is None or m["table"]["hand"]["id"] != hand_id)
            )
        )
        assert after["table"]["seats"][5] is None, "dealt the next hand after asking to leave"
        assert after["table"]["hand"]["id"] == hand_id
        await client.ws.close()

    with serving(db, "--bot", "station") as (_, port):
        asyncio.run(second_life(port))
    _books(db)


def test_a_seats_last_seq_is_its_sittings_own(store: Store) -> None:
    """The last applied ``seq`` a restart restores counts from the person's sitting down:
    their actions in an earlier sitting in that seat (a new sitting counts from 0) and
    a bot's or the clock's actions (no ``seq``) do not count."""
    ann = store.account(store.guest())
    assert ann is not None
    table = store.create_table("t", "stud", "1/1/5/10", 2, bots=False)
    store.sit(table, 0, ann.id, 200)
    store.sit(table, 1, None, 200, bot="station", name="Station bot 2")
    hand = committed(
        store.save_start, table, "", [0, 1], [ann.name, "bot"], [ann.id, 0], [200, 200]
    )
    committed(store.save_action, hand, 1, 0, {"action": "bring_in"}, False, seq=3)
    committed(store.save_action, hand, 2, 1, {"action": "call"}, False)
    assert store.last_seqs(table) == {0: 3}
    committed(store.save_action, hand, 3, 0, {"action": "check"}, True)  # the clock's: no seq
    assert store.last_seqs(table) == {0: 3}
    committed(store.save_finish, hand, table, {0: 200, 1: 200}, 0, "")
    store.stand(table, 0)
    store.sit(table, 0, ann.id, 200)
    assert store.last_seqs(table) == {}
    again = committed(
        store.save_start, table, "", [0, 1], [ann.name, "bot"], [ann.id, 0], [200, 200]
    )
    committed(store.save_action, again, 1, 0, {"action": "bring_in"}, False, seq=1)
    assert store.last_seqs(table) == {0: 1}
    committed(store.save_finish, again, table, {0: 200, 1: 200}, 0, "")
