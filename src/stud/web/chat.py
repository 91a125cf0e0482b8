"""A table's chat: each account's lines paced, tidied, stored, then sent to everyone
watching the table (players and observers alike); its last lines are kept, and sent
to each connection as it joins, so a reload or a newcomer sees the talk so far."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable

from stud.said import N_, Said
from stud.web.effects import ChatLine, Effects, Send, Watcher, Write
from stud.web.frames import frame
from stud.web.limits import RateLimit
from stud.web.protocol import ProtocolError
from stud.web.settings import Settings

__all__ = ["KEPT", "TableChat"]

KEPT = 50
"""The lines of chat a table keeps to send a connection as it joins."""


class TableChat:
    """The chat of table ``table``: a burst of ``chat_burst`` lines, then one a
    ``chat_every`` seconds, per account."""

    def __init__(
        self,
        table: int,
        settings: Settings,
        clock: Callable[[], float],
        wall: Callable[[], float],
    ) -> None:
        self.table = table
        self.wall = wall
        self._limit = RateLimit(burst=settings.chat_burst, every=settings.chat_every, clock=clock)
        self._kept: deque[dict[str, object]] = deque(maxlen=KEPT)

    def restore(self, lines: Iterable[tuple[str, str, float]]) -> None:
        """The lines stored before (name, text, seconds since the epoch), oldest first."""
        for name, text, at in lines:
            self._kept.append({"name": name, "text": text, "at": at})

    def backlog(self, viewer: Watcher) -> Effects:
        """The lines kept, to a connection that just joined (nothing if none)."""
        if not self._kept:
            return []
        return [Send(viewer, frame("chat_log", lines=list(self._kept)))]

    def say(self, viewer: Watcher, text: str, viewers: Collection[Watcher]) -> Effects:
        """One line from ``viewer``: stored, then sent to each of ``viewers``; refused
        (``ProtocolError``) to someone not signed in or talking too fast."""
        account = viewer.account
        if account is None:
            raise ProtocolError(Said(N_("sign in or play as a guest to chat")))
        if self._limit.wait(str(account)):
            raise ProtocolError(Said(N_("slow down: too many chat lines")))
        text = " ".join(text.split())
        said = {"name": viewer.name, "text": text, "at": self.wall()}
        self._kept.append(said)
        line = frame("chat", **said)
        return [
            Write(ChatLine(self.table, account, viewer.name, text)),
            *(Send(other, line) for other in viewers),
        ]
