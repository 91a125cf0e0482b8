"""Limits on what one client may cost the cardroom: a hello is due soon, tables
opened per account, one presence note per player however many tabs, uploads read
off the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Callable
from typing import Any, cast

import pytest
import websockets
from web_harness import WAIT, cardroom, close_code, connect, http_json

import stud.web.routes.hands
from stud.web.frames import frame
from stud.web.routes.connection import Inbox, Sender
from stud.web.viewer import Viewer


def test_a_socket_that_never_says_hello_is_closed() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            room.room.hello_timeout = 0.0  # due at once: the client below never says it
            table, _ = room.seat_guests("stud", 2, 0)
            async with websockets.connect(room.url(table)) as ws:
                answer = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
                assert answer["message"] == "no hello within 0 seconds"
                assert await close_code(ws) == 4000

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
            assert answer["error"] == "you opened 4 tables already: play at one of them"
            assert answer["said"] == {
                "id": "you opened {n} tables already: play at one of them",
                "args": {"n": 4},
            }
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
    real = stud.web.routes.hands.replay_upload

    def spy(*args: Any) -> Any:
        where.append(threading.get_ident())
        return real(*args)

    monkeypatch.setattr(stud.web.routes.hands, "replay_upload", spy)

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


async def _eventually(condition: Callable[[], bool]) -> None:
    """Wait (at most ``WAIT``) for the server to reach ``condition``, looking again
    each turn of its loop, a little later each time."""
    async with asyncio.timeout(WAIT):
        pause = 0.001
        while not condition():
            await asyncio.sleep(pause)
            pause = min(0.1, pause * 2)


def test_a_client_that_sends_but_never_reads_is_still_pinged_and_dropped() -> None:
    async def scenario() -> None:
        async with cardroom(ping=0.05) as room:
            table, (token,) = room.seat_guests("stud", 2, 1)
            # max_queue=1: the client stops reading its socket (and so answering pings)
            # once a frame waits unread, while it keeps sending
            async with websockets.connect(
                room.url(table, token), max_queue=1, close_timeout=0, ping_interval=None
            ) as ws:
                await ws.send(json.dumps({"v": 2, "type": "hello"}))
                await _eventually(lambda: token in room.room.sessions)

                async def chatter() -> None:
                    with contextlib.suppress(websockets.ConnectionClosed):
                        while True:
                            await ws.send(json.dumps({"v": 2, "type": "sit_out"}))
                            await asyncio.sleep(0.04)  # a line now and then, as a tab does

                sending = asyncio.create_task(chatter())
                await _eventually(lambda: token not in room.room.sessions)
                sending.cancel()

    asyncio.run(scenario())


class _FullWire:
    """A connection whose client never reads: its socket stays full."""

    open = True
    paused = True
    cut = False

    async def drained(self) -> None:
        await asyncio.Event().wait()

    def write_frames(self, frames: Any) -> bool:
        raise AssertionError("nothing is written to a full socket")

    def listen(self, handler: Any) -> None:
        pass

    def cut_off(self) -> None:
        self.cut = True


def test_a_connection_whose_socket_stays_full_is_cut_off() -> None:
    async def scenario() -> None:
        wire = _FullWire()
        viewer = Viewer(None, "observer")
        table: Any = None
        inbox = Inbox(table, viewer)
        done = asyncio.Event()
        sender = Sender(cast(Any, None), viewer, wire, inbox, slow=0.0)
        wire.cut_off = lambda: (setattr(wire, "cut", True), done.set())  # type: ignore[method-assign]
        assert sender is not None
        viewer.push(frame("chat", name="x", text="a frame to send"))
        await asyncio.wait_for(done.wait(), WAIT)
        assert wire.cut
        assert viewer.closed

    asyncio.run(scenario())
