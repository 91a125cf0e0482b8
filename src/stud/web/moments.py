"""The moments a table published: numbered, kept for this hand and the one before, and
turned into each connection's frames.

Every change at a table is a numbered ``Published`` moment. A connection gets the
projection of each for the seat its account sits in (``stud.web.frames``), the
public part encoded once for all; a connection that comes back holding moment ``n``
of this run gets the moments after it, and one that holds nothing (or a moment no
longer kept) gets a snapshot of the newest.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Collection

from stud.web.effects import Effects, Publish, Send, Watcher
from stud.web.frames import EventFrames, Published, TableView, frame
from stud.web.projection import Moment, project, project_log
from stud.web.protocol import Hello

__all__ = ["Moments"]


class Moments:
    """A table's published moments, the newest last."""

    def __init__(self) -> None:
        self.no = 0
        """The newest moment's number (0 before the first)."""
        self.log: deque[Published] = deque()
        """The moments published in this hand and the one before, the newest last."""
        self._view: TableView | None = None
        """The newest moment as its viewers got it, to tell the next one's change."""
        self._hand_first = 1

    def begin(self, moment: Moment, people: dict[int | None, int]) -> None:
        """The moment a first snapshot shows and a first change is from, if none yet."""
        if not self.log:
            self.log.append(Published(self.no, moment, people))

    def restart(self, moment: Moment, people: dict[int | None, int]) -> None:
        """The table is back after a restart, with a hand in play: moment 1 of this run."""
        self.no = 1
        self.log.append(Published(1, moment, people))
        self._hand_first = 1

    def hand_starts(self) -> None:
        """A hand is dealt: from now on the moments of the hand before last are let go."""
        keep_from = self._hand_first
        self._hand_first = self.no + 1
        while len(self.log) > 1 and self.log[0].no < keep_from:
            self.log.popleft()

    def publish(
        self,
        moment: Moment,
        people: dict[int | None, int],
        viewers: Collection[Watcher],
        ack: tuple[Watcher, int] | None = None,
    ) -> Effects:
        """Number and keep a moment, and publish what changed to each viewer; the
        connection whose action it is (``ack``) has the action's ``seq`` in its frame."""
        self.no += 1
        newest = Published(self.no, moment, people)
        before = self.log[-1] if self.log else None  # None: a table not started yet
        self.log.append(newest)
        if before is None or not viewers:
            self._view = None
            return []
        view = self._view
        was = view if view is not None and view.no == before.no else TableView(before)
        now = TableView(newest, was)
        self._view = now
        acked, seq = ack or (None, 0)
        return [Publish(EventFrames(now, was), tuple(viewers), acked, seq)]

    def catch_up(self, viewer: Watcher, hello: Hello, epoch: str) -> Effects:
        """A joining viewer gets the changes since the moment it holds, if this run
        (``epoch``) kept that one (the client holds the table as that moment's frame
        left it), else a snapshot of the newest moment, which the next change is from."""
        first, newest, last = self.log[0].no, self.log[-1], hello.last
        if hello.epoch == epoch and last is not None and first <= last <= newest.no:
            views: list[TableView] = []
            for published in list(self.log)[last - first :]:
                views.append(TableView(published, views[-1] if views else None))
            return [
                Send(viewer, EventFrames(now, before).text(viewer.account))
                for before, now in itertools.pairwise(views)
            ]
        seat = newest.people.get(viewer.account)
        table = project(newest.moment, seat)
        log = project_log(newest.moment, seat)
        return [Send(viewer, frame("snapshot", no=newest.no, table=table, log=log))]
