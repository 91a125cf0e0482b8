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

import pytest
import websockets
from web_harness import Client, serving

from stud.web.store import Store


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

    with serving(db, "--bot", "station") as (process, port):
        token, before = asyncio.run(first_life(port))
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=60)

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
    store = Store(db)
    held, granted = store.chips()
    store.close()
    assert held == granted
