"""One connection to a table as the table sees it: who it is and the frames waiting
to go to it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = ["Viewer"]


class Viewer:
    """One connection to a table: who it is, and the frames waiting to go to it.

    A plain list and one future to wake the connection's writer (an
    ``asyncio.Queue`` did more work per frame), and a writer that wakes takes
    every frame waiting at once. A connection that writes from the loop's own
    callbacks, with no task to wake, sets ``on_waiting`` instead.
    """

    def __init__(self, account: int | None, name: str, limit: int = 1000) -> None:
        self.account = account
        self.name = name
        self.limit = limit
        self.closed = False
        self.on_waiting: Callable[[], None] | None = None
        """Called, instead of waking ``frames``, whenever a frame is queued or the
        viewer closes; the caller then ``take``s what waits."""
        self._waiting: list[str] = []
        self._wake: asyncio.Future[None] | None = None

    def push(self, text: str) -> None:
        """Queue a frame; a client that falls this far behind is cut off."""
        if self.closed:
            return
        if len(self._waiting) >= self.limit:
            self.close()
            return
        self._waiting.append(text)
        self._wake_writer()

    def close(self) -> None:
        """Ask the connection to end (after the frames already queued)."""
        if not self.closed:
            self.closed = True
            self._wake_writer()

    def _wake_writer(self) -> None:
        if self.on_waiting is not None:
            self.on_waiting()
            return
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    def take(self) -> list[str]:
        """Every frame queued, in order, at once (perhaps none)."""
        out, self._waiting = self._waiting, []
        return out

    async def frames(self) -> list[str]:
        """Every frame queued, in order, once there is one; ``[]`` once closed and sent."""
        while not self._waiting and not self.closed:
            self._wake = asyncio.get_running_loop().create_future()
            try:
                await self._wake
            finally:
                self._wake = None
        return self.take()
