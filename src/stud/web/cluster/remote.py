"""What crosses the bus between a gateway and a table's worker, and the two ends of
a connection: ``RemoteViewer`` (the connection as the worker's table sees it) and
``Post`` (the worker's frames to each gateway, one message per gateway a loop turn).

Channels: ``table:ID`` carries a table's commands to its owner; ``gateway:NAME``
carries frames to one gateway; ``owners`` says a table has a new owner (its
gateways welcome their connections there again); ``workers`` wakes the workers
to look for tables without an owner. Messages are JSON.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from stud.web.cluster.bus import Bus
from stud.web.viewer import Viewer

__all__ = [
    "OWNERS",
    "WORKERS",
    "Post",
    "RemoteViewer",
    "gateway_channel",
    "table_channel",
]

OWNERS = "owners"
WORKERS = "workers"


def table_channel(table: int) -> str:
    return f"table:{table}"


def gateway_channel(gateway: str) -> str:
    return f"gateway:{gateway}"


class Post:
    """A worker's outgoing frames: what one loop turn queued for a gateway goes in one
    message (a list of ``[connection, frame]``, ``null`` for a close)."""

    def __init__(self, bus: Bus) -> None:
        self._bus = bus
        self._waiting: dict[str, list[list[Any]]] = {}

    def frame(self, gateway: str, conn: int, text: str | None) -> None:
        waiting = self._waiting.get(gateway)
        if waiting is None:
            waiting = self._waiting[gateway] = []
            if len(self._waiting) == 1:
                asyncio.get_running_loop().call_soon(self._flush)
        waiting.append([conn, text])

    def _flush(self) -> None:
        waiting, self._waiting = self._waiting, {}
        for gateway, frames in waiting.items():
            self._bus.send(gateway_channel(gateway), json.dumps(frames, separators=(",", ":")))


class RemoteViewer(Viewer):
    """A connection held by a gateway, as a table on a worker sees it: what it is
    pushed goes to that gateway through ``Post``. Muted once its table moves to
    another worker (or this one lets it go), so stopping the table here closes
    nobody's socket."""

    def __init__(self, account: int | None, name: str, gateway: str, conn: int, post: Post) -> None:
        super().__init__(account, name)
        self.gateway = gateway
        self.conn = conn
        self.muted = False
        self._post = post

    def push(self, text: str) -> None:
        if not self.closed and not self.muted:
            self._post.frame(self.gateway, self.conn, text)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            if not self.muted:
                self._post.frame(self.gateway, self.conn, None)
