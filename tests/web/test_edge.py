"""The cardroom's edge: whom it believes, what it reads, what it answers with."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import logging
import random
import socket
from pathlib import Path
from typing import Any

import pytest
import websockets
from starlette.requests import Request
from typer.testing import CliRunner
from web_harness import WAIT, Message, cardroom, clients_at, close_code, connect, http_json, serving

from stud.cli.main import app
from stud.web.edge import BodyError, read_body


def _guests(port: int, forwarded: bool) -> list[int]:
    """Six guest requests, each claiming another client address if ``forwarded``."""
    statuses = []
    for n in range(6):
        headers = {"x-forwarded-for": f"203.0.113.{n + 1}"} if forwarded else {}
        statuses.append(http_json(port, "/api/account/guest", body=b"{}", headers=headers)[0])
    return statuses


@pytest.mark.parametrize("trusted", [False, True], ids=["default", "trusted-proxy"])
def test_forwarded_addresses_are_believed_only_from_a_named_proxy(
    tmp_path: Path, trusted: bool
) -> None:
    options = ("--trusted-proxy", "127.0.0.1") if trusted else ()
    with serving(str(tmp_path / "room.sqlite3"), *options) as (_, port):
        statuses = _guests(port, forwarded=True)
    # Five new accounts at once per address: believed, each header is another address.
    assert statuses == ([200] * 6 if trusted else [200] * 5 + [429])


def test_a_trusted_proxy_must_be_an_address(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["serve", "--trusted-proxy", "proxy.example", "--db", str(tmp_path / "x")]
    )
    assert result.exit_code == 2
    assert "--trusted-proxy: 'proxy.example' is not an IP address or network" in result.output


def _raw(port: int, request: bytes, chunks: int = 0) -> bytes:
    """Send a raw HTTP request (then ``chunks`` chunks of 8 KiB, chunked), read the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as client:
        client.sendall(request)
        with contextlib.suppress(OSError):  # the server may answer and close mid-body
            for _ in range(chunks):
                client.sendall(b"2000\r\n" + b"[" * 8192 + b"\r\n")
            client.sendall(b"0\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            more = client.recv(65536)
            if not more:
                break
            answer += more
        return answer


def test_a_body_declared_too_large_is_refused_before_it_is_read() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            head = (
                b"POST /api/account/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 200000000\r\n\r\n{"
            )  # 200 MB promised, one byte sent: the answer must not wait for the rest
            answer = await asyncio.to_thread(_raw, room.port, head)
            assert answer.startswith(b"HTTP/1.1 413 ")
            assert answer.endswith(b'{"error":"the request is over 65536 bytes"}')

    asyncio.run(scenario())


def test_a_chunked_body_is_refused_once_past_the_limit() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            head = (
                b"POST /api/account/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n"
            )
            answer = await asyncio.to_thread(_raw, room.port, head, 16)
            assert answer.startswith(b"HTTP/1.1 413 ")
            assert b'"the request is over 65536 bytes"' in answer

    asyncio.run(scenario())


def test_reading_a_body_stops_once_past_the_limit() -> None:
    pulled = 0

    async def receive() -> Message:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b"x" * 1024, "more_body": pulled < 100_000}

    request = Request({"type": "http", "method": "POST", "headers": []}, receive)
    with pytest.raises(BodyError, match="the upload is over 4096 bytes"):  # 413
        asyncio.run(read_body(request, 4096, "the upload"))
    assert pulled == 5  # 5 KiB: past 4 KiB, and not a chunk more


DEEP = "[" * 4000
"""Nesting deeper than Python's JSON parser recurses, inside the frame limit."""


def test_deep_nesting_over_http_is_a_clear_400(errors_logged: list[logging.LogRecord]) -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            token = room.store.guest()
            for path, who in (("/api/account/login", None), ("/api/tables", token)):
                body = ("[" * 30000).encode()
                status, answer = await asyncio.to_thread(http_json, room.port, path, who, body)
                assert (status, answer) == (400, {"error": "request is nested too deeply"})

    asyncio.run(scenario())
    assert errors_logged == []


def test_deep_nesting_on_the_socket_is_refused_to_that_client(
    errors_logged: list[logging.LogRecord],
) -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, _ = room.seat_guests("stud", 2, 0)
            async with websockets.connect(room.url(table)) as ws:  # as the hello
                await ws.send(DEEP)
                answer = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
                assert answer["message"] == "message is nested too deeply"
                assert await close_code(ws) == 4000
            async with connect(room, table) as client:  # as a command, then on as before
                for text in (DEEP, '{"v": 2, "type": "chat", "text": ' + DEEP):
                    await client.ws.send(text)
                    answer = await client.until(lambda m: m["type"] == "error")
                    assert answer["message"] == "message is nested too deeply"
                await client.send(type="sit", seat=9, buy_in=100)
                answer = await client.until(lambda m: m["type"] == "error")
                assert "seat" in answer["message"]

    asyncio.run(scenario())
    assert errors_logged == []


def test_a_nul_in_any_text_is_a_clear_400_on_both_databases(
    db_url: str, errors_logged: list[logging.LogRecord]
) -> None:
    async def scenario() -> None:
        async with cardroom(db_url) as room:
            token = room.store.guest()
            for path, body, who in (
                ("/api/account/register", {"name": "A\x00b", "password": "secret1"}, None),
                ("/api/account/login", {"name": "A\x00b", "password": "secret1"}, None),
                ("/api/tables", {"name": "Nul\x00table"}, token),
                ("/api/tournaments", {"name": "Nul\x00cup", "players": 2}, token),
            ):
                raw = json.dumps(body).encode()
                status, answer = await asyncio.to_thread(http_json, room.port, path, who, raw)
                assert status == 400, (path, answer)
                assert "U+0000" in answer["error"]
            nul = await asyncio.to_thread(http_json, room.port, "/api/me?token=a%00b")
            assert nul == (401, {"error": "not signed in"})
            table, (player,) = room.seat_guests("stud", 2, 1)
            async with connect(room, table, player) as client:
                await client.send(type="chat", text="hi\x00there")
                answer = await client.until(lambda m: m["type"] == "error")
                assert "U+0000" in answer["message"]
                await client.send(type="chat", text="still here")
                line = await client.until(lambda m: m["type"] == "chat")
                assert line["text"] == "still here"

    asyncio.run(scenario())
    assert errors_logged == []


def test_stakes_a_table_cannot_hold_are_refused_and_open_nothing(db_url: str) -> None:
    async def scenario() -> None:
        async with cardroom(db_url) as room:
            token = room.store.guest()
            body = json.dumps({"name": "Huge", "stakes": "1/1/5/2000000000", "bots": True})
            status, answer = await asyncio.to_thread(
                http_json, room.port, "/api/tables", token, body.encode()
            )
            assert status == 400
            assert "the big bet may be at most 1,000,000 chips" in answer["error"]
            assert room.room.tables == {}
            assert room.store.tables() == []
            # The largest allowed stakes open a table whose bots buy in.
            body = json.dumps({"name": "Big", "stakes": "1/1/500000/1000000", "bots": True})
            status, answer = await asyncio.to_thread(
                http_json, room.port, "/api/tables", token, body.encode()
            )
            assert status == 200, answer
            assert answer["taken"] == 4

    asyncio.run(scenario())


def _until_closed(port: int, sent: bytes) -> bytes:
    """Send part of a request and read until the server closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as client:
        client.sendall(sent)
        answer = b""
        while more := client.recv(65536):
            answer += more
        return answer


@pytest.mark.parametrize(
    "sent", [b"", b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "], ids=["idle", "half"]
)
def test_a_request_whose_headers_never_end_is_cut_off(sent: bytes) -> None:
    async def scenario() -> None:
        async with cardroom(header_timeout=0.0) as room:  # due at once
            assert await asyncio.to_thread(_until_closed, room.port, sent) == b""

    asyncio.run(scenario())


def test_a_body_that_never_ends_is_refused_with_408() -> None:
    pulled = 0

    async def receive() -> Message:
        nonlocal pulled
        pulled += 1
        if pulled > 1:
            await asyncio.Event().wait()  # the rest never comes
        return {"type": "http.request", "body": b"{", "more_body": True}

    request = Request({"type": "http", "method": "POST", "headers": []}, receive)
    with pytest.raises(BodyError, match="the request came too slowly") as refused:
        asyncio.run(read_body(request, 4096, timeout=0.0))
    assert refused.value.status == 408


def _get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, Any, Any]:
    """Status, headers and body of one GET, with the ``Host`` and headers given."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        for name, value in {"Host": f"127.0.0.1:{port}", **(headers or {})}.items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/api/tables", "/api/me", "/nowhere"])
def test_every_answer_forbids_framing_sniffing_and_foreign_scripts(path: str) -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            _, headers, _ = await asyncio.to_thread(_get, room.port, path)
            assert headers["x-frame-options"] == "DENY"
            assert headers["x-content-type-options"] == "nosniff"
            policy = headers["content-security-policy"]
            assert "frame-ancestors 'none'" in policy
            assert "script-src 'self'" in policy

    asyncio.run(scenario())


def test_a_hand_downloads_only_in_its_formats_and_names_itself_from_its_id() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("razz", 2, 2)
            async with clients_at(room, table, tokens) as clients:
                rng = random.Random(5)
                await asyncio.gather(*(c.play_hand(rng) for c in clients))
            hand = room.store.hands(table)[0].id
            bearer = {"authorization": f"Bearer {tokens[0]}"}
            for kind in ("exe", "html", "phh%22;%20filename=%22x.exe", "ph%0d%0aSet-Cookie:%20a=b"):
                status, headers, _ = await asyncio.to_thread(
                    _get, room.port, f"/api/hands/{hand}.{kind}", bearer
                )
                assert status in {400, 404}, kind
                assert "set-cookie" not in headers
            status, headers, _ = await asyncio.to_thread(
                _get, room.port, f"/api/hands/{hand}.phh", bearer
            )
            assert status == 200
            assert headers["content-disposition"] == f'attachment; filename="hand-{hand}.phh"'

    asyncio.run(scenario())


def test_a_control_character_in_the_path_is_a_clear_400(
    errors_logged: list[logging.LogRecord],
) -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            status, _, body = await asyncio.to_thread(_get, room.port, "/api/hands/1.ph%0d%0ax")
            assert status == 400
            assert json.loads(body) == {"error": "the path holds control characters"}

    asyncio.run(scenario())
    assert errors_logged == []


def test_a_foreign_host_name_is_refused_over_http_and_on_the_socket() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, _ = room.seat_guests("stud", 2, 0)
            foreign = {"Host": "rebound.example:80", "Origin": "http://rebound.example:80"}
            status, _, body = await asyncio.to_thread(_get, room.port, "/api/tables", foreign)
            assert status == 400
            assert json.loads(body)["error"] == "this cardroom is not served under that host name"
            upgrade = {
                **foreign,
                "Upgrade": "websocket",
                "Connection": "Upgrade",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
                "Sec-WebSocket-Version": "13",
            }
            status, _, _ = await asyncio.to_thread(_get, room.port, f"/ws/{table}", upgrade)
            assert status == 403
            upgrade.update(
                {"Host": f"127.0.0.1:{room.port}", "Origin": f"http://127.0.0.1:{room.port}"}
            )
            status, _, _ = await asyncio.to_thread(_get, room.port, f"/ws/{table}", upgrade)
            assert status == 101  # the same handshake under this cardroom's name
            for name in (f"localhost:{room.port}", f"[::1]:{room.port}"):
                assert (await asyncio.to_thread(_get, room.port, "/api/tables", {"Host": name}))[
                    0
                ] == 200

    asyncio.run(scenario())
