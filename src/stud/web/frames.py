"""One table event as text for each of its viewers: what changed, the shared part encoded once.

A client holds a copy of the table (from a ``snapshot``) and every ``event`` frame
after it carries the event's items and a ``change``: only the parts of the table
view that differ from the connection's previous frame (``apply_change`` says how a
client applies it; docs/protocol.md tells the same). A busy table sends an event
to seven connections, and a seat's change differs from an observer's in a few
places only: its own seat with its down cards, and its legal actions (the
projection's ``own_seat``, ``own_legal`` and ``own_events`` decide which, and
nothing here does). So the public view is diffed and encoded once per event, piece
by piece, and a seat's frame is those pieces with the few of its own encoded again.

Most of an event is the same as the one before, and publishing it is most of a
busy server's work: a view shares the previous view's unchanged seats (diffed by
identity), and whether a seat's own part changed is told from what it is made of
(``own_parts``: its down cards and its turn), so a seat's own view is built only
for the seat that acted, the seat to act, and seats dealt to.

What a connection holds is known exactly: every frame about a table is the
projection of one published ``Moment``, for the seat its account sits in at that
moment (``Published.people``), and a connection gets every published moment
after its snapshot in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic_core import to_json

from stud.web.projection import (
    Moment,
    OwnPart,
    SeatKeys,
    all_own_events,
    own_legal,
    own_parts,
    own_seat,
    public_events,
    public_parts,
)
from stud.web.protocol import VERSION

__all__ = ["EventFrames", "Published", "TableView", "apply_change", "frame"]

Json = dict[str, Any]


def frame(kind: str, **fields: Any) -> str:
    """One server message as JSON text (pydantic-core's encoder: several times the
    standard library's speed, and a busy table sends seven frames an action)."""
    return to_json({"v": VERSION, "type": kind, **fields}).decode()


@dataclass(frozen=True, slots=True)
class Published:
    """A numbered table moment as it was published, and the seat each person sat in."""

    no: int
    moment: Moment
    people: dict[int | None, int] = field(default_factory=dict)
    """The seat each account sitting at the table views it from."""


class TableView:
    """One published moment's public view, and each seat's own part when asked for."""

    def __init__(self, published: Published, before: TableView | None = None) -> None:
        """``before``: the view of an earlier moment of the table, whose unchanged
        seats this view shares (the projection decides which)."""
        self.no = published.no
        self.moment = published.moment
        self.people = published.people
        lent = None if before is None else (before.moment, before.seat_keys, before.public)
        self.seat_keys: SeatKeys
        self.public: Json
        self.seat_keys, self.public = public_parts(published.moment, lent)
        self._seat: dict[int, Json] = {}
        self._legal: dict[int, list[Json]] = {}
        self._own_parts: dict[int, OwnPart] | None = None

    @property
    def own_parts(self) -> dict[int, OwnPart]:
        """What each seat's own view is made of, by seat (found once)."""
        if self._own_parts is None:
            self._own_parts = own_parts(self.moment)
        return self._own_parts

    def seat_json(self, index: int, viewer: int | None) -> Json | None:
        """Seat ``index`` as ``viewer`` sees it (its own seat is built once)."""
        part = None if viewer != index else self.own_parts.get(index)
        if part is None:
            seat: Json | None = self.public["seats"][index]
            return seat
        if index not in self._seat:
            self._seat[index] = own_seat(self.public, index, part)
        return self._seat[index]

    def legal(self, viewer: int | None) -> list[Json]:
        """The legal actions ``viewer`` sees (its own, on its turn; else none)."""
        part = None if viewer is None else self.own_parts.get(viewer)
        if part is None or not part[1]:
            return []
        assert viewer is not None
        if viewer not in self._legal:
            self._legal[viewer] = own_legal(self.moment, viewer, part) or []
        return self._legal[viewer]


def apply_change(table: Json, change: Json) -> Json:
    """The table a client holds after an ``event`` frame's ``change`` (a new dict).

    Each field in ``change`` replaces the table's, except ``seats``, an object
    from seat number to that seat's whole new value, and ``hand``, whose fields
    replace the hand's (``null``: no hand now).
    """
    out = dict(table)
    for key, value in change.items():
        if key == "seats":
            seats = list(table["seats"])
            for index, seat in value.items():
                seats[int(index)] = seat
            out["seats"] = seats
        elif key == "hand" and value is not None:
            out["hand"] = {**(table["hand"] or {}), **value}
        else:
            out[key] = value
    return out


_NONE: dict[int, Json] = {}
"""No event items of a seat's own (shared: never changed)."""

_OWN = frozenset({"seats", "hand", "you"})
"""The table's fields that may differ by viewer; every other field is the same for all."""


def _field(key: str, text: bytes) -> bytes:
    return b'"%s":%s' % (key.encode(), text)


class EventFrames:
    """The ``event`` frames of one published moment, ``now``, after ``before``."""

    def __init__(self, now: TableView, before: TableView) -> None:
        self.now, self.before = now, before
        self.events = public_events(now.moment)
        self._event_text = [to_json(e) for e in self.events]
        self._events_text = b",".join(self._event_text)
        old, new = before.public, now.public
        old_seats = old["seats"]
        self._seats = {
            index: seat
            for index, seat in enumerate(new["seats"])
            if seat is not old_seats[index] and seat != old_seats[index]
        }
        self._public_seat_text = {index: to_json(seat) for index, seat in self._seats.items()}
        self._pieces = {i: b'"%d":%s' % (i, text) for i, text in self._public_seat_text.items()}
        """Each changed seat as it stands in the change's ``seats``, in seat order."""
        self._public_seats_field = _seats_field(self._pieces) if self._pieces else b""
        old_hand, hand = old["hand"], new["hand"]
        self._hand: Json | None = None  # the hand's changed fields, or None if it is the same
        self._whole_hand = hand is not None and (old_hand is None or old_hand["id"] != hand["id"])
        if hand is None:
            self._hand_text = b"null" if old_hand is not None else b""
        else:
            self._hand = {k: v for k, v in hand.items() if self._whole_hand or old_hand.get(k) != v}
            self._hand_text = to_json(self._hand) if self._hand else b""
        self._shared = b",".join(
            _field(key, to_json(value))
            for key, value in new.items()
            if key not in _OWN and value != old[key]
        )
        self._head = b'{"v":%d,"type":"event","no":%d,"events":[' % (VERSION, now.no)
        self._texts: dict[tuple[int | None, int | None], str] = {}
        self._dealt: dict[int, dict[int, Json]] | None = None
        self._mine, self._was = now.own_parts, before.own_parts
        """What each seat's own view is made of, now and before."""

    def text(self, account: int | None) -> str:
        """The frame for the connection of ``account`` (``None``: nobody signed in)."""
        viewer = self.now.people.get(account)
        had = self.before.people.get(account)
        if viewer == had and self._as_public(viewer):
            viewer = had = None
        key = (viewer, had)
        if key not in self._texts:
            self._texts[key] = self._encode(viewer, had)
        return self._texts[key]

    def _own_events(self, seat: int) -> dict[int, Json]:
        """The event items ``seat`` sees otherwise (its own dealt cards)."""
        if self._dealt is None:
            self._dealt = all_own_events(self.now.moment, self.events)
        return self._dealt.get(seat, _NONE)

    def _as_public(self, seat: int | None) -> bool:
        """Whether nothing of ``seat``'s own changed (it sat there before and now): then
        its frame is the observers'. The usual case, found without building its own view."""
        if seat is None:
            return True
        mine, was = self._mine.get(seat), self._was.get(seat)
        if mine is None or was is None:
            return mine is was
        if mine != was or seat in self._seats or self._own_events(seat):
            return False
        if mine[1]:  # its turn then and now: its hand may differ by its legal actions
            same_hand = self.now.public["hand"] == self.before.public["hand"]
            return same_hand and self.now.legal(seat) == self.before.legal(seat)
        return True

    def _seat_text(self, index: int, viewer: int | None, had: int | None) -> bytes | None:
        """Seat ``index``'s text in the change for a viewer in seat ``viewer`` now and
        ``had`` before (``None``: the seat is the same as before)."""
        if viewer == had == index:
            mine, was = self._mine.get(index), self._was.get(index)
            if mine is None and was is None:
                return self._public_seat_text.get(index)
            if mine is not None and was is not None:  # its public seat with its down cards
                if mine[0] == was[0] and index not in self._seats:
                    return None
                return to_json(self.now.seat_json(index, viewer))
        seat = self.now.seat_json(index, viewer)
        return None if seat == self.before.seat_json(index, had) else to_json(seat)

    @staticmethod
    def acknowledging(text: str, seq: int) -> str:
        """A frame that also tells its connection its action ``seq`` made this event."""
        return f'{text[:-1]},"ack":{seq}}}'

    def _encode(self, viewer: int | None, had: int | None) -> str:
        # Where the viewer's own part differs from the public one (its seat now and
        # the seat it held before), its change is worked out again; the rest is the
        # public change's text.
        events = self._events_text
        if viewer is not None:
            dealt = self._own_events(viewer)
            if dealt:
                texts = self._event_text.copy()
                for n, item in dealt.items():
                    texts[n] = to_json(item)
                events = b",".join(texts)
        pieces = self._pieces
        for index in (viewer,) if viewer == had else (viewer, had):
            if index is None:
                continue
            mine = self._seat_text(index, viewer, had)
            if mine != self._public_seat_text.get(index):
                pieces = pieces.copy() if pieces is self._pieces else pieces
                if mine is None:
                    del pieces[index]
                else:
                    pieces[index] = b'"%d":%s' % (index, mine)
        hand_text = self._hand_text
        if self._hand is not None and (viewer is not None or had is not None):
            legal = self.now.legal(viewer)
            if self._whole_hand or legal != self.before.legal(had):
                hand_text = to_json({**self._hand, "legal": legal})
        fields = [self._shared] if self._shared else []
        if pieces is self._pieces:
            if self._public_seats_field:
                fields.append(self._public_seats_field)
        elif pieces:
            fields.append(_seats_field(pieces))
        if hand_text:
            fields.append(b'"hand":' + hand_text)
        if viewer != had:
            fields.append(b'"you":' + (b"null" if viewer is None else b"%d" % viewer))
        return b"".join((self._head, events, b'],"change":{', b",".join(fields), b"}}")).decode()


def _seats_field(pieces: dict[int, bytes]) -> bytes:
    """A change's ``seats``: each changed seat's piece (``"3":{...}``), in seat order."""
    return b'"seats":{%s}' % b",".join(pieces[index] for index in sorted(pieces))
