"""The socket keeps the protocol's letter: text frames only, the size limit in bytes,
the version an integer, chat with something in it, and bad UTF-8 closed cleanly."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
import websockets
from web_harness import WAIT, Client, cardroom, close_code, connect

from stud.web.protocol import ProtocolError, parse_command


@pytest.mark.parametrize("when", ["hello", "command"])
def test_a_binary_frame_is_refused_not_obeyed(when: str) -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, (token,) = room.seat_guests("stud", 2, 1)
            command = json.dumps({"v": 2, "type": "chat", "text": "from a binary frame"})
            if when == "hello":
                async with websockets.connect(room.url(table, token)) as ws:
                    await ws.send(json.dumps({"v": 2, "type": "hello"}).encode())
                    answer = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
                    assert answer["message"] == "messages are JSON in text frames, not binary"
                    assert await close_code(ws) == 1003
                return
            async with (
                connect(room, table, token) as watcher,
                connect(room, table, token) as client,
            ):
                await client.ws.send(command.encode())
                answer = await client.until(lambda m: m["type"] in {"error", "chat"})
                assert answer == {
                    "v": 2,
                    "type": "error",
                    "message": "messages are JSON in text frames, not binary",
                }
                assert await close_code(client.ws) == 1003
                await watcher.send(type="chat", text="after")
                line = await watcher.until(lambda m: m["type"] == "chat")
                assert line["text"] == "after"  # the binary one never reached the table

    asyncio.run(scenario())


def test_the_frame_limit_counts_bytes() -> None:
    text = "\u00e9" * 190  # 190 characters, 380 bytes
    padded = json.dumps({"v": 2, "type": "chat", "text": text, "pad": None}, ensure_ascii=False)
    frame = padded.replace('"pad": null', '"x": "' + "\u00e9" * 1900 + '"')
    assert len(frame) < 4096 < len(frame.encode())
    with pytest.raises(ProtocolError, match=r"message too large: \d+ bytes, at most 4096"):
        parse_command(frame)


@pytest.mark.parametrize("version", ["2.0", "2e0", "true", '"2"'])
def test_the_version_is_the_integer_2(version: str) -> None:
    with pytest.raises(ProtocolError, match="this server speaks version 2"):
        parse_command('{"v": ' + version + ', "type": "hello"}')


@pytest.mark.parametrize("text", ["   ", "\u3000 \u2003"])
def test_a_chat_line_of_only_spaces_is_refused(text: str) -> None:
    with pytest.raises(ProtocolError, match="a chat line needs something besides spaces"):
        parse_command(json.dumps({"v": 2, "type": "chat", "text": text}))


@pytest.mark.parametrize("size", [10, 1000], ids=["short", "long"])
def test_invalid_utf8_closes_with_1007_and_logs_nothing(
    size: int, errors_logged: list[logging.LogRecord]
) -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, _ = room.seat_guests("stud", 2, 0)
            async with connect(room, table) as client:
                await client.ws.send(
                    b'{"v": 2, "type": "chat", "text": "\xff' + b"a" * size, text=True
                )
                assert await close_code(client.ws) == 1007
            async with connect(room, table) as again:  # the server serves on
                assert isinstance(again, Client)

    asyncio.run(scenario())
    assert [r.getMessage() for r in errors_logged] == []
