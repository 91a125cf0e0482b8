"""Limits on what one client may cost the cardroom: a hello is due soon, tables
opened per account, one presence note per player however many tabs, uploads read
off the event loop."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import pytest
import websockets
from web_harness import WAIT, cardroom, connect, http_json

import stud.web.app


def test_a_socket_that_never_says_hello_is_closed() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            room.room.hello_timeout = 0.0  # due at once: the client below never says it
            table, _ = room.seat_guests("stud", 2, 0)
            async with websockets.connect(room.url(table)) as ws:
                answer = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
                assert answer["message"] == "no hello within 0 seconds"
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), WAIT)
                assert closed.value.rcvd is not None
                assert closed.value.rcvd.code == 4000

    asyncio.run(scenario())


def _open(port: int, token: str, path: str = "/api/tables") -> tuple[int, Any]:
    body = json.dumps({"name": "Mine", "bots": True}).encode()
    return http_json(port, path, token, body)


def test_one_account_opens_a_bounded_number_of_tables() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            token = room.store.guest()
            statuses = [(await asyncio.to_thread(_open, room.port, token))[0] for _ in range(6)]
            assert statuses == [200] * 4 + [429] * 2
            _, answer = await asyncio.to_thread(_open, room.port, token)
            assert answer == {"error": "you opened 4 tables already: play at one of them"}
            assert len(room.room.tables) == 4
            other = room.store.guest()  # another account is not held back
            assert (await asyncio.to_thread(_open, room.port, other))[0] == 200

    asyncio.run(scenario())


def test_tables_and_tournaments_share_the_rate_of_openings() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            token = room.store.guest()
            spec = {"name": "Cup", "players": 2, "bots": True}
            for _ in range(4):
                status, _ = await asyncio.to_thread(
                    http_json, room.port, "/api/tournaments", token, json.dumps(spec).encode()
                )
                assert status == 200
            status, answer = await asyncio.to_thread(_open, room.port, token)
            assert status == 429
            assert answer == {"error": "you opened tables just now: try again in 10 minutes"}

    asyncio.run(scenario())


def test_more_tabs_of_a_seated_player_write_no_note_to_the_table() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, (token,) = room.seat_guests("stud", 2, 1)
            async with connect(room, table) as watcher, connect(room, table, token):
                for _ in range(3):  # more tabs of the same player: present all along
                    async with connect(room, table, token):
                        pass
                await watcher.send(type="chat", text="marker")  # a watcher cannot chat:
                await watcher.until(lambda m: m["type"] == "error")  # a frame to wait for
            notes = [
                event.get("text", "")
                for text in watcher.raw
                for event in json.loads(text).get("events", [])
            ]
            # The player's first connection: present again. The other tabs: nothing.
            assert sum("is back" in note for note in notes) == 1
            assert not any("lost the connection" in note for note in notes)

    asyncio.run(scenario())


def test_an_uploaded_file_is_read_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    where: list[int] = []
    real = stud.web.app.replay_upload

    def spy(*args: Any) -> Any:
        where.append(threading.get_ident())
        return real(*args)

    monkeypatch.setattr(stud.web.app, "replay_upload", spy)

    async def scenario() -> int:
        async with cardroom() as room:
            token = room.store.guest()
            status, _ = await asyncio.to_thread(
                http_json, room.port, "/api/replay?name=x.phhs", token, b"not a file"
            )
            assert status == 400
        return threading.get_ident()

    loop_thread = asyncio.run(scenario())
    assert where
    assert loop_thread not in where
