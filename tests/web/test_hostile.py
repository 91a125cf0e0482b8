"""A hostile client, written from ``docs/protocol.md`` with a plain websockets
client: bad input of every kind, each answered with an error to that client only,
while the server serves on and the books balance, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from typing import Any

import websockets
from web_harness import WAIT, cardroom, close_code, http_json

BAD_MESSAGES = [
    "not json",
    "[1, 2]",
    "null",
    '"hello"',
    "{",
    "[" * 4000,
    '{"v": 1, "type": "chat", "text": "old"}',
    '{"v": 2.0, "type": "chat", "text": "float"}',
    '{"v": "2", "type": "chat", "text": "string"}',
    '{"type": "chat", "text": "no version"}',
    '{"v": 2, "type": "nope"}',
    '{"v": 2}',
    '{"v": 2, "type": "hello"}',
    '{"v": 2, "type": "sit", "seat": -1, "buy_in": 100}',
    '{"v": 2, "type": "sit", "seat": 9, "buy_in": 100}',
    '{"v": 2, "type": "sit", "seat": 1, "buy_in": 100}',
    '{"v": 2, "type": "sit", "seat": 5, "buy_in": 1000000000000000000000000000}',
    '{"v": 2, "type": "sit", "seat": "1", "buy_in": 100}',
    '{"v": 2, "type": "act", "seq": 0, "action": "fold"}',
    '{"v": 2, "type": "act", "seq": 1, "action": "cheat"}',
    '{"v": 2, "type": "act", "seq": 1, "action": "fold", "to": 5}',
    '{"v": 2, "type": "act", "seq": 1, "action": "raise"}',
    '{"v": 2, "type": "act", "seq": 1, "action": "raise", "to": -5}',
    '{"v": 2, "type": "act", "seq": 1.5, "action": "call"}',
    '{"v": 2, "type": "chat", "text": ""}',
    '{"v": 2, "type": "chat", "text": "   "}',
    '{"v": 2, "type": "chat", "text": "nul\\u0000here"}',
    '{"v": 2, "type": "chat", "text": "lone \\ud800 surrogate"}',
    '{"v": 2, "type": "chat", "text": "bidi \\u202e override"}',
    '{"v": 2, "type": "chat", "text": 5}',
    '{"v": 2, "type": "chat", "text": "' + "x" * 201 + '"}',
    '{"v": 2, "type": "chat", "text": "hi", "admin": true}',
    '{"v": 2, "type": "add_bot", "bot": "../../etc/passwd"}',
    '{"v": 2, "type": "remove_bot", "seat": 1}',
    '{"v": 2, "type": "register"}',
    '{"v": 2, "type": "chat", "text": "' + "\u00e9" * 150 + '", "x": "' + "\u00e9" * 1900 + '"}',
]
"""Each refused with an error frame, to its sender only; nothing changes."""


async def _frames_until(ws: Any, wanted: str) -> list[dict[str, Any]]:
    frames = []
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
        frames.append(message)
        if message["type"] == wanted:
            return frames


async def _hello(ws: Any) -> None:
    await ws.send(json.dumps({"v": 2, "type": "hello"}))
    await _frames_until(ws, "welcome")


def _http_refusals(port: int, token: str) -> list[int]:
    statuses = []
    for path, body in (
        ("/api/account/login", b"[" * 30000),
        ("/api/account/login", b"\xff\xfe"),
        ("/api/account/register", json.dumps({"name": "Ho\u0000st", "password": "x" * 8}).encode()),
        (
            "/api/account/register",
            json.dumps({"name": "Tight bot 1", "password": "secret1"}).encode(),
        ),
        ("/api/tables", json.dumps({"stakes": "1/1/5/2000000000"}).encode()),
        ("/api/tables", json.dumps({"seats": 99}).encode()),
        ("/api/tournaments", json.dumps({"name": "x", "players": -1}).encode()),
    ):
        statuses.append(http_json(port, path, token, body)[0])
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/account/login",
        data=b"{}",
        headers={"Content-Length": "200000000"},
        method="POST",
    )
    try:
        urllib.request.urlopen(request, timeout=WAIT)
    except urllib.error.HTTPError as error:
        statuses.append(error.code)
    except OSError:  # the server answered before the body it refused and closed
        statuses.append(413)
    return statuses


def test_a_hostile_client_gets_errors_alone_and_the_room_holds(db_url: str) -> None:
    async def scenario() -> None:
        async with cardroom(db_url) as room:
            table, (attacker, victim) = room.seat_guests("stud", 6, 2)
            url = room.url
            async with (
                websockets.connect(url(table, attacker)) as bad,
                websockets.connect(url(table, victim)) as good,
                websockets.connect(url(table)) as watcher,
            ):
                for ws in (bad, good, watcher):
                    await _hello(ws)
                for text in BAD_MESSAGES:
                    await bad.send(text)
                    answer = (await _frames_until(bad, "error"))[-1]
                    assert answer["message"], text
                    assert "\n" not in answer["message"]
                    assert "Traceback" not in answer["message"]
                # A line the victim and the watcher get after anything the attack made.
                await bad.send(json.dumps({"v": 2, "type": "chat", "text": "done"}))
                for ws in (good, watcher):
                    seen = await _frames_until(ws, "chat")
                    assert [m for m in seen if m["type"] == "error"] == []
                    assert seen[-1]["text"] == "done"
            for payload, code in ((b'{"v": 2}', 1003), (b'{"v": 2, "x": "\xff"}', 1007)):
                async with websockets.connect(url(table, attacker)) as ws:
                    await _hello(ws)
                    await ws.send(payload, text=code == 1007)
                    assert await close_code(ws) == code
            statuses = await asyncio.to_thread(_http_refusals, room.port, attacker)
            assert all(400 <= status < 500 for status in statuses), statuses
            async with websockets.connect(url(table, victim)) as ws:  # still serving
                await _hello(ws)
            held, granted = room.store.chips()
            assert held == granted
            assert room.store.unbalanced_accounts() == []

    asyncio.run(scenario())
