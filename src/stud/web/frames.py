"""One table event as text for each of its viewers, the shared part encoded once.

A busy table sends an event to seven connections, and each seat's frame differs
from an observer's in a few places only: its own down cards, and for the seat
to act its legal actions (``projection.project`` and ``project_events`` decide
which, and nothing here does). So the public view is built and encoded once,
piece by piece, and a seat's frame is those pieces joined, with the few items
the projection gives it of its own (``own_view``, ``own_events``) encoded again.
"""

from __future__ import annotations

from pydantic_core import to_json

from stud.web.projection import Moment, own_events, own_view, public_events, public_view
from stud.web.protocol import VERSION

__all__ = ["EventFrames"]


class EventFrames:
    """The ``event`` frames of one moment, numbered ``no``, for any viewer."""

    def __init__(self, no: int, moment: Moment) -> None:
        self.moment = moment
        self.table = public_view(moment)
        self.events = public_events(moment)
        self._head = b'{"v":%d,"type":"event","no":%d,"events":[' % (VERSION, no)
        self._event_text = [to_json(e) for e in self.events]
        self._seat_text = [to_json(s) for s in self.table["seats"]]
        self._hand_text = to_json(self.table["hand"])
        rest = {k: v for k, v in self.table.items() if k not in {"seats", "hand", "you"}}
        self._rest = to_json(rest)[:-1]  # '{"id":...,"clock":...' still open
        self._texts: dict[int | None, str] = {}

    def text(self, viewer: int | None) -> str:
        """The frame for ``viewer`` (a seat, or ``None`` for an observer)."""
        if viewer not in self._texts:
            self._texts[viewer] = self._encode(viewer)
        return self._texts[viewer]

    def _encode(self, viewer: int | None) -> str:
        # The projection says what this viewer sees beyond the public view; only
        # those items are encoded again, the rest is the public frame's text.
        own = own_view(self.moment, viewer, self.table)
        dealt = own_events(self.moment, viewer, self.events)
        event_text = self._event_text
        if dealt:
            event_text = [
                to_json(dealt[n]) if n in dealt else text for n, text in enumerate(event_text)
            ]
        seat_text, hand_text = self._seat_text, self._hand_text
        if own is not None:
            seat_text = list(seat_text)
            seat_text[own.seat] = to_json(own.seat_json)
            if own.hand_json is not None:
                hand_text = to_json(own.hand_json)
        return b"".join(
            (
                self._head,
                b",".join(event_text),
                b'],"table":',
                self._rest,
                b',"seats":[',
                b",".join(seat_text),
                b'],"hand":',
                hand_text,
                b',"you":',
                b"null" if viewer is None else b"%d" % viewer,
                b"}}",
            )
        ).decode()
