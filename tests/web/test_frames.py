"""An event's frames carry what changed: applied in turn, they give exactly the projection."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic_core import to_json

from stud.actions import ActionTaken
from stud.rules import Rules
from stud.state import new_hand
from stud.web.frames import EventFrames, Published, TableView, apply_change
from stud.web.projection import Clock, Moment, SeatInfo, project, project_events

OBSERVER = 1000
"""An account that watches; a moment later it sits in seat 0 (table seat 0 is not in the hand)."""

NEWCOMER = 2000
"""An account that sits in table seat 1 once the first hand is over, while it is still shown."""


def _moments(variant: str, players: int, seed: int) -> list[Published]:
    """One hand's published moments, then the next hand's deal, at a table with seat 0 empty
    until the watching account sits there mid-hand. Between the two hands seat 1 changes
    hands: its player leaves and the newcomer sits down while the first hand is shown."""
    rng = random.Random(seed)
    rules = Rules.from_stakes("1/1/5/10", variant)
    table_seats = tuple(range(1, players + 1))  # table seats differ from hand seats
    infos = tuple(SeatInfo(name=f"p{n}", stack=300, account=n) for n in table_seats)
    out: list[Published] = []
    sittings: tuple[int, ...] = ()
    for hand_id in (7, 8):
        if hand_id == 8:  # the finished hand is still the table's when seat 1 changes hands
            last = out[-1].moment
            infos = (SeatInfo(name="n", stack=120, account=NEWCOMER, sitting=1), *infos[1:])
            changed = (last.seats[0], *infos)
            people = {info.account: n for n, info in enumerate(changed) if info is not None}
            notes = ("n sits down in seat 2",)
            moment = replace(last, seats=changed, clock=None, events=(), notes=notes)
            out.append(Published(len(out) + 1, moment, people))
            sittings = (1, *(0 for _ in infos[1:]))
        hand = new_hand(rules, [300] * players, rng=rng)
        seen = 0
        while True:
            no = len(out) + 1
            sat = no > 3  # the watcher sits down in seat 0 from the fourth moment
            seats = (SeatInfo(name="w", stack=100, account=OBSERVER) if sat else None, *infos)
            people = {info.account: n for n, info in enumerate(seats) if info is not None}
            clock = None if hand.actor is None else Clock(table_seats[hand.actor], 1e9 + no, 30.0)
            events = hand.events[seen:]
            moment = Moment(
                1, "t", rules, seats, hand, table_seats, hand_id, clock, events, (), sittings
            )
            out.append(Published(no, moment, people))
            seen = len(hand.events)
            if hand.is_over:
                break
            hand = hand.apply(rng.choice(hand.legal_actions()))
    return out


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("stud", 2, 1), ("stud8", 6, 2), ("razz", 7, 3)]
)
def test_changes_applied_in_turn_give_each_viewers_projection(
    variant: str, players: int, seed: int
) -> None:
    moments = _moments(variant, players, seed)
    accounts = (None, OBSERVER, NEWCOMER, *range(1, players + 1))
    held = {a: project(moments[0].moment, moments[0].people.get(a)) for a in accounts}
    views = [TableView(p) for p in moments]
    checked = 0
    for before, now in itertools.pairwise(views):
        frames = EventFrames(now, before)
        for account in accounts:
            seat = now.people.get(account)
            message = json.loads(frames.text(account))
            assert message.keys() == {"v", "type", "no", "events", "change"}
            assert (message["v"], message["type"], message["no"]) == (2, "event", now.no)
            assert message["events"] == project_events(now.moment, seat)
            held[account] = apply_change(held[account], message["change"])
            assert held[account] == project(now.moment, seat)
            checked += 1
    assert checked == (len(moments) - 1) * len(accounts)


def test_r8_4_who_sits_in_a_seat_of_a_finished_hand_gets_none_of_it() -> None:
    """The newcomer in seat 1 holds the first hand still, between hands: neither its
    old occupant's down cards (R8.4) nor their hand's stack are theirs."""
    moments = _moments("stud", 3, 4)
    sat = next(i for i, p in enumerate(moments) if p.people.get(NEWCOMER) == 1)
    first = moments[sat - 1].moment.hand
    assert first is not None
    assert first.is_over
    secret = {str(c) for c in first.down[0]}
    now, before = TableView(moments[sat]), TableView(moments[sat - 1])
    text = EventFrames(now, before).text(NEWCOMER)
    assert [c for c in secret if f'"{c}"' in text] == []
    mine = project(moments[sat].moment, 1)["seats"][1]
    assert (mine["name"], mine["stack"], mine["in_hand"]) == ("n", 120, False)
    snapshot = to_json(project(moments[sat].moment, 1)).decode()
    assert [c for c in secret if f'"{c}"' in snapshot] == []


def test_a_change_carries_only_what_changed() -> None:
    moments = _moments("stud", 4, 5)
    views = [TableView(p) for p in moments]
    # A bet or call mid-street: the actor's seat, the hand's moving fields and the clock.
    bets = [
        i
        for i, p in enumerate(moments)
        if len(p.moment.events) == 1
        and isinstance(p.moment.events[0], ActionTaken)
        and p.moment.events[0].amount > 0
    ]
    assert bets
    for i in bets:
        change = json.loads(EventFrames(views[i], views[i - 1]).text(None))["change"]
        assert set(change) == {"seats", "hand", "clock"}
        assert list(change["seats"]) == [str(moments[i].moment.events[0].seat + 1)]
        assert {"id", "street", "legal", "awards"}.isdisjoint(change["hand"])
    # The same moment again changes nothing.
    assert json.loads(EventFrames(views[5], TableView(moments[5])).text(2))["change"] == {}


def test_a_seat_gets_its_own_cards_and_buttons_and_no_one_elses() -> None:
    moments = _moments("razz", 4, 11)
    views = [TableView(p) for p in moments]
    first_deal = next(i for i, v in enumerate(views) if v.moment.hand_id == 8)
    frames = EventFrames(views[first_deal], views[first_deal - 1])
    hand = views[first_deal].moment.hand
    assert hand is not None
    for account in (None, OBSERVER, 1, 2, 3, 4):
        change = json.loads(frames.text(account))["change"]
        seat = views[first_deal].people.get(account)
        for number, shown in change["seats"].items():
            if shown is not None and shown["in_hand"]:
                assert (shown["down"] != []) == (int(number) == seat)
        mine = None if seat is None or seat == 0 else hand.actor == seat - 1
        assert (change["hand"]["legal"] != []) == bool(mine)


def _frame_the_long_way(now: Published, before: Published, account: int | None) -> str:
    """An event frame from the viewer's whole projections, fresh, diffed field by field:
    what the shared, reused and cached pieces must add up to, text for text."""
    seat, had = now.people.get(account), before.people.get(account)
    new, old = project(now.moment, seat), project(before.moment, had)
    change: dict[str, Any] = {
        key: new[key] for key in new if key not in {"seats", "hand", "you"} and new[key] != old[key]
    }
    seats = {str(n): s for n, s in enumerate(new["seats"]) if s != old["seats"][n]}
    if seats:
        change["seats"] = seats
    hand, old_hand = new["hand"], old["hand"]
    if hand != old_hand:
        if hand is None or old_hand is None or hand["id"] != old_hand["id"]:
            change["hand"] = hand
        else:
            change["hand"] = {k: v for k, v in hand.items() if old_hand[k] != v}
    if seat != had:
        change["you"] = seat
    events = project_events(now.moment, seat)
    message = {"v": 2, "type": "event", "no": now.no, "events": events, "change": change}
    return to_json(message).decode()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["stud", "stud8", "razz"]),
    players=st.integers(2, 7),
    seed=st.integers(0, 2**32 - 1),
)
def test_each_frame_is_the_text_its_whole_projections_give(
    variant: str, players: int, seed: int
) -> None:
    rng = random.Random(seed)
    moments = _moments(variant, players, seed)
    for i, published in enumerate(moments):  # now and then a player drops or is back
        if rng.random() < 0.2:
            seats = list(published.moment.seats)
            n = rng.randrange(1, players + 1)
            info = seats[n]
            assert info is not None
            seats[n] = replace(info, connected=not info.connected)
            moments[i] = replace(published, moment=replace(published.moment, seats=tuple(seats)))
    accounts = (None, OBSERVER, NEWCOMER, *range(1, players + 1))
    views = [TableView(moments[0])]
    for published in moments[1:]:  # each view shares what it can with the one before
        views.append(TableView(published, views[-1]))
    for before, now in itertools.pairwise(views):
        frames = EventFrames(now, before)
        for account in accounts:
            expected = _frame_the_long_way(now, before, account)
            assert frames.text(account) == expected
