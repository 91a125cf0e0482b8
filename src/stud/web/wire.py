"""The websocket wire: a connection's frames onto its socket in one write, its
messages to the table as they arrive.

ASGI moves one message per ``send`` and per ``receive``, each through the
application's and the server's wrappers, and uvicorn pauses reading the socket
after every message until the application has taken it. At 200 busy tables that
path was the largest part of the server's time: eight sends an action, each a
websocket frame object, a serialization and a socket write of its own.

``WireProtocol`` is uvicorn's websocket protocol (the websockets sans-I/O parser)
that also offers the application, as the ASGI extension ``WIRE``, a ``Wire``:

- ``write_frames(frames)`` frames every text a connection has waiting and writes
  them to the socket at once: one write, not one per frame. A server frame is never
  masked, so its header is two to ten bytes built here; where a client
  negotiated compression, the frames go through the websockets protocol instead.
  The caller waits while the socket's buffer is full (``paused``, ``drained``),
  as ASGI's ``send`` does.
- ``listen(handler)`` hands each message to ``handler`` as soon as it is parsed,
  in order, instead of queueing it for ``receive``; closing still comes through
  ``receive``. A read that is exactly one short whole text frame (a command,
  as clients send them) is unmasked here; anything else goes through the
  websockets parser, which keeps every rule of the protocol.

Keepalive pings go to a client that has sent a message in the interval only one
interval in three (to watchers, mostly, every interval): one that sends is known to
be there, though it may not read.

An application served without it (another ASGI server, other tests) finds no
``WIRE`` in the scope and uses plain ASGI messages; ``stud.web.app`` does both.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

try:
    from websockets.speedups import apply_mask
except ImportError:  # websockets built without its C part
    from websockets.utils import apply_mask

__all__ = ["WIRE", "Handler", "Wire", "WireProtocol", "framed"]

WIRE = "stud.wire"
"""The ASGI scope extension that holds a connection's ``Wire``."""

Handler = Callable[[str | bytes], None]
"""Takes one message from the client: text, or bytes for a binary frame."""


class Wire(Protocol):
    """A shorter way to one websocket connection than ASGI messages."""

    @property
    def open(self) -> bool:
        """Whether frames may still be written (no close sent or received)."""

    @property
    def paused(self) -> bool:
        """Whether the socket's buffer is full: write again once ``drained``."""

    async def drained(self) -> None:
        """Wait until the socket's buffer has room (or the connection is lost)."""

    def write_frames(self, frames: Iterable[str]) -> bool:
        """Write the frames as text messages, in order, in one write; ``False``, and
        nothing written, once the connection is not ``open``."""

    def listen(self, handler: Handler) -> None:
        """From now on give every message to ``handler`` (any already queued first)."""

    def cut_off(self) -> None:
        """Drop the connection now, unsent frames and all (a client that stopped reading)."""


_TEXT = 0x81
"""FIN and the text opcode: a whole text message in one frame."""
_MASKED = 0x80
"""The mask bit of a frame's second byte: set on every frame a client sends."""
_SHORT = 6
"""The header of a client's frame of under 126 bytes: two bytes and the mask's four."""


def framed(frames: Iterable[str]) -> bytes:
    """Texts as unmasked websocket text frames, back to back (RFC 6455, 5.2)."""
    parts: list[bytes] = []
    for text in frames:
        data = text.encode()
        size = len(data)
        if size < 126:
            parts.append(bytes((_TEXT, size)))
        elif size < 65536:
            parts.append(struct.pack("!BBH", _TEXT, 126, size))
        else:
            parts.append(struct.pack("!BBQ", _TEXT, 127, size))
        parts.append(data)
    return b"".join(parts)


_SKIPS = 2
"""Keepalive pings left out in a row at most for a client that keeps sending."""


class WireProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websocket protocol that is also its connection's ``Wire``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._handler: Handler | None = None
        self._heard = False
        """Whether the client sent a message since the last keepalive ping was due."""
        self._skipped = 0
        """Keepalive pings left out in a row because the client had sent something."""

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        if self.handshake_initiated and not self.close_sent:  # a scope was made
            # ASGI's types say an extension is a dict; this one is the connection.
            self.scope["extensions"][WIRE] = self  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        handler = self._handler
        size = len(data) - _SHORT
        if (
            handler is not None
            and 0 <= size < 126
            and data[0] == _TEXT
            and data[1] == _MASKED | size
            and self.conn.current_size is None  # no fragmented message under way
            and not self.conn.reader.buffer  # nor part of a frame
            and not self.conn.extensions
            and self.open
        ):
            try:
                text = apply_mask(data[_SHORT:], data[2:_SHORT]).decode()
            except UnicodeDecodeError:  # websockets closes with its code for that
                pass
            else:
                self._heard = True
                handler(text)
                return
        super().data_received(data)

    def send_receive_event_to_app(self) -> None:
        self._heard = True
        handler = self._handler
        if self.close_sent:  # uvicorn discards it
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        text: str | bytes = data
        if self.curr_msg_data_type == "text":
            try:
                text = data.decode()
            except UnicodeDecodeError:
                self._refuse_text()
                return
        if handler is None:  # before ``listen``: the message waits in the queue
            super().send_receive_event_to_app()
            return
        self.frames = []
        handler(text)

    def _refuse_text(self) -> None:
        """A text message that is not UTF-8: closed with 1007, as uvicorn does, but
        without logging a traceback for what is a client's mistake."""
        self.frames = []
        self.conn.send_close(1007)
        self.handle_parser_exception()

    def send_keepalive_ping(self) -> None:
        """Ping a client that sent something in the interval only every ``_SKIPS + 1``
        intervals: one that sends is there. Players act every few seconds, so mostly
        watchers are pinged each time (a ping is a socket write, and pinging every
        connection adds up in a busy room); but a client that sends and never reads is
        still asked for a pong now and then, and dropped without one."""
        heard, self._heard = self._heard, False
        if (
            heard
            and self._skipped < _SKIPS
            and not self.close_sent
            and not self.transport.is_closing()
        ):
            self._skipped += 1
            self.ping_timer = None
            self.schedule_ping()
            return
        self._skipped = 0
        super().send_keepalive_ping()

    def cut_off(self) -> None:
        self.transport.abort()

    def listen(self, handler: Handler) -> None:
        """Hand over what waits in the queue, then take messages as they come."""
        waiting: list[Any] = []
        while not self.queue.empty():
            waiting.append(self.queue.get_nowait())
        self._handler = handler
        for message in waiting:
            if message["type"] == "websocket.receive":
                text = message.get("text")
                handler(text if text is not None else message.get("bytes") or b"")
            else:  # a disconnect stays for ``receive``
                self.queue.put_nowait(message)
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()

    @property
    def open(self) -> bool:
        return not (self.disconnected or self.close_sent) and self.conn.state is State.OPEN

    @property
    def paused(self) -> bool:
        return not self.writable.is_set()

    async def drained(self) -> None:
        await self.writable.wait()

    def write_frames(self, frames: Iterable[str]) -> bool:
        if not self.open:
            return False
        if self.conn.extensions:  # compression: websockets encodes each frame
            for text in frames:
                self.conn.send_text(text.encode())
            self.transport.write(b"".join(self.conn.data_to_send()))
        else:
            self.transport.write(framed(frames))
        return True
