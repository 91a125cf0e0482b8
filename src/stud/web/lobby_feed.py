"""The lobby as it changes: every page on the lobby is sent the tables and the
tournaments when they change (a seat taken or left, a table opened, a tournament
registering, starting or ending), not when it asks.

A table says that something changed each time it publishes; the feed then sends the
lobby once to everyone watching, if it differs from what they were sent last. Changes
that come close together go out as one: after a send the feed waits ``pace`` seconds
before the next, so a busy room costs each lobby page a frame or two a second at most.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from stud.web.frames import frame
from stud.web.viewer import Viewer

__all__ = ["LobbyFeed"]

log = logging.getLogger("stud.web")


class LobbyFeed:
    """Who watches the lobby, and the one task that sends it to them as it changes."""

    def __init__(
        self,
        lobby: Callable[[], dict[str, Any]],
        seated: Callable[[int], list[int]],
        pace: float = 0.5,
    ) -> None:
        self._lobby = lobby
        self._seated = seated
        """The tables an account sits at: each page is told its own, to mark them."""
        self.pace = pace
        self._watchers: dict[Viewer, str] = {}
        """Each page watching, and the ``seated`` frame it was sent last."""
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._last = ""

    def watch(self, viewer: Viewer) -> None:
        """A page opened the lobby: it is sent the lobby now, and again as it changes."""
        self._watchers[viewer] = ""
        viewer.push(self._frame())
        self._tell_seated(viewer)
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    def leave(self, viewer: Viewer) -> None:
        self._watchers.pop(viewer, None)

    def changed(self) -> None:
        """Something the lobby shows may have changed (cheap: it only wakes the task)."""
        if self._watchers:
            self._changed.set()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def _frame(self) -> str:
        return frame("lobby", **self._lobby())

    def _tell_seated(self, viewer: Viewer) -> None:
        """The tables this page's player sits at, if they changed since it was told."""
        if viewer.account is None:
            return
        text = frame("seated_at", tables=self._seated(viewer.account))
        if self._watchers.get(viewer) != text:
            self._watchers[viewer] = text
            viewer.push(text)

    async def _run(self) -> None:
        while True:
            await self._changed.wait()
            self._changed.clear()
            try:
                text = self._frame()
            except Exception:  # a bug must not end the lobby's updates
                log.exception("the lobby could not be read")
                continue
            if text != self._last:
                self._last = text
                for viewer in list(self._watchers):
                    viewer.push(text)
                    self._tell_seated(viewer)
            await asyncio.sleep(self.pace)
