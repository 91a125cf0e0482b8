"""A table connection: one client at one table over a websocket, hello first, then
commands in (each checked against the flood limit) and frames out."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from stud.said import N_, Said
from stud.web.frames import frame
from stud.web.limits import RateLimit
from stud.web.protocol import Hello, ProtocolError, parse_command
from stud.web.room import Room
from stud.web.routes.common import origin_ok, token
from stud.web.store import AccountInfo
from stud.web.table import Table
from stud.web.viewer import Viewer
from stud.web.wire import WIRE, Wire

__all__ = ["BINARY_REFUSED", "FLOOD_RATE", "NOT_TEXT", "Inbox", "Sender", "routes"]

NOT_TEXT = "messages are JSON in text frames, not binary"
BINARY_REFUSED = 1003
"""The close code for a binary frame: data of a type the server does not accept
(RFC 6455, 7.4.1)."""

FLOOD_RATE = 20.0
"""Messages a second one connection may send on average (bursts of twice that)."""


def routes(room: Room) -> list[WebSocketRoute]:
    """``/ws/{table}``."""

    async def socket(websocket: WebSocket) -> None:
        held = token(websocket)
        account = await asyncio.to_thread(room.store.account, held) if held else None
        if held and account is None:
            await websocket.accept()
            await websocket.send_text(
                frame("error", message="signed out or expired: sign in again")
            )
            await websocket.close(code=4001)
            return
        await _serve_socket(room, websocket, account, held)

    return [WebSocketRoute("/ws/{table:int}", socket)]


async def _serve_socket(
    room: Room, websocket: WebSocket, account: AccountInfo | None, token: str | None
) -> None:
    """One client at one table: hello first, then commands in, frames out."""
    table = room.tables.get(websocket.path_params["table"])
    await websocket.accept()
    if table is None or not origin_ok(websocket):
        reason = "no such table" if table is None else "connections must come from this cardroom"
        await websocket.send_text(frame("error", message=reason))
        await websocket.close(code=4004 if table is None else 4003)
        return
    viewer = Viewer(account.id if account else None, account.name if account else "observer")
    code = 4000
    try:
        try:
            message = await asyncio.wait_for(websocket.receive(), room.hello_timeout)
        except TimeoutError:
            raise ProtocolError(f"no hello within {room.hello_timeout:g} seconds") from None
        if message["type"] == "websocket.disconnect":
            return
        if message.get("text") is None:
            code = BINARY_REFUSED
            raise ProtocolError(NOT_TEXT)
        first = parse_command(message["text"])
        if not isinstance(first, Hello):
            raise ProtocolError("the first message must be hello")
    except (ProtocolError, WebSocketDisconnect) as error:
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await websocket.send_text(frame("error", message=str(error) or "closed"))
            await websocket.close(code=code)
        return
    wire: Wire | None = websocket.scope.get("extensions", {}).get(WIRE)
    inbox = Inbox(table, viewer)
    sender = Sender(websocket, viewer, wire, inbox, room.slow_reader) if wire else None
    writer = None
    if wire is None:
        writer = asyncio.create_task(send_frames(websocket, viewer, lambda: inbox.close_code))
    if token:
        room.sessions.setdefault(token, set()).add(viewer)
    table.join(viewer, first)
    watch = room.watching.open(account.id, table.id) if account else None
    if wire is not None:
        wire.listen(inbox.take)  # messages go straight to the table; closing comes below
    try:
        while not viewer.closed or sender is not None:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            inbox.take(text if text is not None else message.get("bytes") or b"")
    except WebSocketDisconnect:
        pass
    finally:
        if watch is not None:
            room.watching.close(watch)
        if token and (held := room.sessions.get(token)) is not None:
            held.discard(viewer)
            if not held:
                del room.sessions[token]
        table.part(viewer)
        viewer.close()
        with contextlib.suppress(Exception):
            if writer is not None:
                await writer
            if sender is not None:
                await sender.closed()


class Inbox:
    """A connection's messages to its table: each checked against the flood limit and
    parsed, then handed to the table, or answered with an error to the sender."""

    __slots__ = ("_flood", "_table", "_viewer", "close_code")

    def __init__(self, table: Table, viewer: Viewer) -> None:
        self._table = table
        self._viewer = viewer
        self._flood = RateLimit(burst=int(2 * FLOOD_RATE), every=1 / FLOOD_RATE, keys=1)
        self.close_code = 1000
        """The code the connection closes with when this side closes it."""

    def take(self, text: str | bytes) -> None:
        viewer = self._viewer
        if viewer.closed:
            return
        if isinstance(text, bytes):  # the protocol is text: a binary frame is not obeyed
            viewer.push(frame("error", message=NOT_TEXT))
            self.close_code = BINARY_REFUSED
            viewer.close()
            return
        if self._flood.wait(""):
            slow = Said(N_("too many messages: slow down"))
            viewer.push(frame("error", message=slow.english(), said=slow.json()))
            return
        try:
            self._table.submit(viewer, parse_command(text))
        except ProtocolError as error:
            viewer.push(frame("error", message=str(error), **error.json()))


class Sender:
    """A viewer's frames onto its ``Wire`` at the end of the loop turn that queued
    them, all in one write, from a loop callback: waking a writer task for every
    connection, seven an action, cost more than the writes' own Python."""

    __slots__ = (
        "_closing",
        "_inbox",
        "_loop",
        "_scheduled",
        "_slow",
        "_viewer",
        "_websocket",
        "_wire",
    )

    def __init__(
        self, websocket: WebSocket, viewer: Viewer, wire: Wire, inbox: Inbox, slow: float
    ) -> None:
        self._websocket = websocket
        self._inbox = inbox
        self._slow = slow
        self._viewer = viewer
        self._wire = wire
        self._loop = asyncio.get_running_loop()
        self._scheduled = False
        self._closing: asyncio.Task[None] | None = None
        viewer.on_waiting = self._wake

    def _wake(self) -> None:
        if not self._scheduled:
            self._scheduled = True
            self._loop.call_soon(self._flush)

    def _flush(self) -> None:
        if self._wire.paused:  # a client slow to read: write once its socket drains
            self._loop.create_task(self._after_drain())
            return
        self._scheduled = False
        frames = self._viewer.take()
        if frames and not self._wire.write_frames(frames):
            return
        if self._viewer.closed and self._closing is None and self._wire.open:
            self._closing = self._loop.create_task(
                self._websocket.close(code=self._inbox.close_code)
            )

    async def _after_drain(self) -> None:
        try:
            async with asyncio.timeout(self._slow):
                await self._wire.drained()
        except TimeoutError:  # a client that does not read costs memory, not forever
            self._viewer.close()
            self._wire.cut_off()
            return
        self._flush()

    async def closed(self) -> None:
        """Once the close this side started has been sent, if it started one."""
        if self._closing is not None:
            await self._closing


async def send_frames(websocket: WebSocket, viewer: Viewer, close: Callable[[], int]) -> None:
    """Send a connection's frames through ASGI as they are queued (without a ``Wire``),
    then close it with the code ``close`` gives at that moment."""
    while frames := await viewer.frames():
        try:
            for text in frames:
                await websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError):
            return
    with contextlib.suppress(Exception):
        await websocket.close(code=close())
