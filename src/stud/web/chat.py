"""A table's chat: each account's lines paced, tidied, stored, then sent to everyone
watching the table (players and observers alike)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from stud.said import N_, Said
from stud.web.effects import ChatLine, Effects, Send, Watcher, Write
from stud.web.frames import frame
from stud.web.limits import RateLimit
from stud.web.protocol import ProtocolError
from stud.web.settings import Settings

__all__ = ["TableChat"]


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

    def say(self, viewer: Watcher, text: str, viewers: Collection[Watcher]) -> Effects:
        """One line from ``viewer``: stored, then sent to each of ``viewers``; refused
        (``ProtocolError``) to someone not signed in or talking too fast."""
        account = viewer.account
        if account is None:
            raise ProtocolError(Said(N_("sign in or play as a guest to chat")))
        if self._limit.wait(str(account)):
            raise ProtocolError(Said(N_("slow down: too many chat lines")))
        text = " ".join(text.split())
        line = frame("chat", name=viewer.name, text=text, at=self.wall())
        return [
            Write(ChatLine(self.table, account, viewer.name, text)),
            *(Send(other, line) for other in viewers),
        ]
