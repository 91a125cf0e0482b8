"""The websocket wire: frames written here read back as the texts, a connection's
frames leave in one write, messages reach the table in order, and the cardroom
plays the same over plain ASGI messages and with compression."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
import uvicorn
from hypothesis import given
from hypothesis import strategies as st
from uvicorn.server import ServerState
from web_harness import FAST, cardroom, clients_at
from websockets.client import ClientProtocol
from websockets.frames import Opcode
from websockets.protocol import State
from websockets.uri import parse_uri

from stud.web.app import Room, create_app
from stud.web.store import Store
from stud.web.wire import WIRE, WireProtocol, framed


def _read_back(data: bytes) -> list[str]:
    """What a websocket client makes of ``data`` from the server."""
    client = ClientProtocol(parse_uri("ws://127.0.0.1/"), state=State.OPEN, max_size=None)
    client.receive_data(data)
    frames = client.events_received()
    assert all(f.opcode is Opcode.TEXT and f.fin for f in frames)
    return [bytes(f.data).decode() for f in frames]


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_framed_texts_of_every_length_header_read_back_whole(size: int) -> None:
    texts = ["x" * size, "é" * (size // 2), "{}"]
    assert _read_back(framed(texts)) == texts


@given(st.lists(st.text(max_size=300), max_size=8))
def test_framed_texts_read_back_in_order(texts: list[str]) -> None:
    assert _read_back(framed(texts)) == texts


class _Transport:
    """The socket side of a connection: what was written, in which writes."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closing = False

        self.wrote = asyncio.Event()

    def write(self, data: bytes) -> None:
        self.writes.append(data)
        self.wrote.set()

    async def next_write(self) -> bytes:
        """The next write, once it is made."""
        self.wrote.clear()
        await self.wrote.wait()
        return self.writes[-1]

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 8000) if name in {"sockname", "peername"} else default

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


_HANDSHAKE = (
    b"GET /ws/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


def _client_frame(text: str | bytes, opcode: Opcode = Opcode.TEXT) -> bytes:
    """A masked frame, as a client sends it."""
    client = ClientProtocol(parse_uri("ws://127.0.0.1/"), state=State.OPEN)
    data = text.encode() if isinstance(text, str) else text
    if opcode is Opcode.PING:
        client.send_ping(data)
    else:
        client.send_text(data)
    return b"".join(client.data_to_send())


def _connection(app: Any, path: str = "/ws/1", **options: Any) -> tuple[WireProtocol, _Transport]:
    """A ``WireProtocol`` serving ``app``, with a client's handshake for ``path`` read."""
    config = uvicorn.Config(app, ws=WireProtocol, ws_per_message_deflate=False, **options)
    config.load()
    protocol = WireProtocol(config=config, server_state=ServerState(), app_state={})
    transport = _Transport()
    protocol.connection_made(transport)  # type: ignore[arg-type]
    protocol.data_received(_HANDSHAKE.replace(b"/ws/1", path.encode()))
    return protocol, transport


def test_a_connections_waiting_frames_leave_in_one_write_and_messages_come_in_order() -> None:
    """Three frames, one socket write; three messages in one read, handed over in order,
    the ones that came before ``listen`` first."""
    heard: list[str | bytes] = []
    sent: list[bool] = []

    async def scenario() -> None:
        accepted, replied = asyncio.Event(), asyncio.Event()

        async def app(scope: Any, receive: Any, send: Any) -> None:
            assert (await receive())["type"] == "websocket.connect"
            await send({"type": "websocket.accept"})
            accepted.set()
            heard.append((await receive())["text"])
            wire = scope["extensions"][WIRE]
            wire.listen(heard.append)
            sent.append(wire.write_frames(["one", "two", "three"]))
            replied.set()
            assert (await receive())["type"] == "websocket.disconnect"

        protocol, transport = _connection(app)
        await accepted.wait()
        protocol.data_received(b"".join(_client_frame(t) for t in ("a", "b", "c")))
        await replied.wait()
        assert transport.writes[-1] == framed(["one", "two", "three"])
        protocol.data_received(_client_frame("d"))  # one short frame: unmasked here
        split = _client_frame("e")  # a frame in two reads, and a long one: websockets
        protocol.data_received(split[:3])
        protocol.data_received(split[3:])
        protocol.data_received(_client_frame("f" * 300))
        protocol.data_received(_client_frame(b"?", Opcode.PING))
        assert transport.writes[-1] == bytes((0x8A, 1)) + b"?"  # the pong
        protocol.data_received(_client_frame("g"))
        assert heard == ["a", "b", "c", "d", "e", "f" * 300, "g"]
        assert sent == [True]
        protocol.data_received(_client_frame(b"\xff"))  # not UTF-8: closed with 1007
        assert transport.writes[-1][:4] == bytes((0x88, 2)) + (1007).to_bytes(2, "big")
        assert heard[-1] == "g"
        writes = len(transport.writes)
        protocol.connection_lost(None)
        assert not protocol.open
        assert protocol.write_frames(["late"]) is False
        assert len(transport.writes) == writes

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("ws", "deflate"),
    [(WireProtocol, False), (WireProtocol, True), ("websockets-sansio", False)],
    ids=["wire", "wire-compressed", "plain-asgi"],
)
def test_a_hand_plays_the_same_over_the_wire_compressed_and_plain_asgi(
    ws: Any, deflate: bool
) -> None:
    async def scenario() -> None:
        async with cardroom(ws=ws, deflate=deflate) as room:
            table, tokens = room.seat_guests("stud8", 3, 3)
            async with clients_at(room, table, tokens) as clients:
                await clients[0].send(type="chat", text="first")
                await clients[0].send(type="chat", text="second")
                finals = await asyncio.gather(*(c.play_hand(random.Random(7)) for c in clients))
                lines = [json.loads(r) for r in clients[1].raw]
            chats = [m["text"] for m in lines if m["type"] == "chat"]
            assert chats[:2] == ["first", "second"]
            stacks = [s["stack"] for s in finals[0]["table"]["seats"] if s is not None]
            assert sum(stacks) == 3 * 200
            compressed = clients[0].ws.protocol.extensions != []
            assert compressed == deflate

    asyncio.run(scenario())


def test_frames_wait_while_the_socket_is_full_and_leave_together_once_it_drains() -> None:
    """Flow control: nothing is written while the transport is paused; then all at once."""

    async def scenario() -> None:
        room = Room(Store("sqlite://"), FAST, defaults=False)
        table = room.store.create_table("t", "stud", "1/1/5/10", 2, bots=False)
        room.open()
        protocol, transport = _connection(create_app(room), f"/ws/{table}", lifespan="off")
        await transport.next_write()  # the handshake's answer
        protocol.data_received(_client_frame('{"v": 2, "type": "hello"}'))
        while not any('"snapshot"' in t for t in _read_back(b"".join(transport.writes[1:]))):
            await transport.next_write()
        written = len(transport.writes)
        protocol.pause_writing()
        protocol.data_received(_client_frame('{"v": 2, "type": "nonsense"}'))
        protocol.data_received(_client_frame('{"v": 2, "type": "sit_out"}'))
        await asyncio.sleep(0)  # one loop turn: the table answers, the write falls due
        assert len(transport.writes) == written
        protocol.resume_writing()
        errors = [json.loads(t) for t in _read_back(await transport.next_write())]
        assert [e["type"] for e in errors] == ["error", "error"]
        assert "sign in" in errors[1]["message"]
        assert len(transport.writes) == written + 1
        protocol.connection_lost(None)
        await room.close()

    asyncio.run(scenario())


def test_a_client_that_spoke_within_the_interval_is_not_pinged_one_that_kept_quiet_is() -> None:
    async def scenario() -> None:
        accepted = asyncio.Event()

        async def app(scope: Any, receive: Any, send: Any) -> None:
            assert (await receive())["type"] == "websocket.connect"
            await send({"type": "websocket.accept"})
            scope["extensions"][WIRE].listen(lambda message: None)
            accepted.set()
            assert (await receive())["type"] == "websocket.disconnect"

        protocol, transport = _connection(app, ws_ping_interval=20.0)
        await accepted.wait()
        protocol.data_received(_client_frame('{"v": 2, "type": "leave"}'))
        written = len(transport.writes)
        protocol.send_keepalive_ping()  # its timer's call: the client spoke, no ping
        assert len(transport.writes) == written
        assert protocol.ping_timer is not None  # asked again an interval on
        protocol.send_keepalive_ping()  # a quiet interval: pinged
        assert transport.writes[-1][0] == 0x89
        protocol.connection_lost(None)

    asyncio.run(scenario())
