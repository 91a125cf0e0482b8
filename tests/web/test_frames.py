"""An event's frames, encoded once and joined per viewer, say exactly what the projection says."""

from __future__ import annotations

import json
import random

import pytest

from stud.rules import Rules
from stud.state import new_hand
from stud.web.frames import EventFrames
from stud.web.projection import Clock, Moment, SeatInfo, project, project_events


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("stud", 2, 1), ("stud8", 6, 2), ("razz", 8, 3)]
)
def test_every_viewers_frame_is_its_projection(variant: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules.from_stakes("1/1/5/10", variant)
    hand = new_hand(rules, [300] * players, rng=rng)
    table_seats = tuple(range(1, players + 1))  # seat 0 empty: table seats differ from hand seats
    seats = (None, *(SeatInfo(name=f"p{n}", stack=300, account=n) for n in table_seats))
    checked = no = seen = 0
    while True:
        clock = None if hand.actor is None else Clock(table_seats[hand.actor], 1e9, 30.0)
        moment = Moment(1, "t", rules, seats, hand, table_seats, 7, clock, hand.events[seen:])
        seen = len(hand.events)
        no += 1
        frames = EventFrames(no, moment)
        for viewer in (None, 0, *table_seats):
            wanted = {
                "v": 1,
                "type": "event",
                "no": no,
                "events": project_events(moment, viewer),
                "table": project(moment, viewer),
            }
            assert json.loads(frames.text(viewer)) == wanted
            checked += 1
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(hand.legal_actions()))
    assert no > 2
    assert checked == no * (players + 2)
