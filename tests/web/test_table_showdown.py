"""The showdown at a cardroom table runs itself (R6.7): no Show or Muck buttons, no
clock, no time-out; each hand still in is shown or mucked at once, in the rulebook's
order, and a player may keep every hand shown by turning "muck losing hands" off."""

from __future__ import annotations

from test_table_logic import _actor, _run, _table, _Viewer

from stud.actions import HandMucked, HandShown
from stud.state import Phase
from stud.web.effects import ActionRow, Send, Write
from stud.web.projection import own_view, public_view
from stud.web.protocol import Act, MuckLosing
from stud.web.table_logic import TableLogic


def _to_the_showdown(logic: TableLogic, ann: _Viewer, bob: _Viewer) -> None:
    """Ann and Bob bring in, call and check to the end: the hand reaches its showdown."""
    seq = {id(ann): 0, id(bob): 0}
    while (hand := logic.play.hand) is not None and hand.phase is not Phase.SHOWDOWN:
        assert not hand.is_over
        legal = {type(a).__name__ for a in hand.legal_actions()}
        name = next(n for n in ("BringIn", "Check", "Call") if n in legal)
        actor = _actor(logic, ann, bob)
        seq[id(actor)] += 1
        action = {"BringIn": "bring_in", "Check": "check", "Call": "call"}[name]
        _run(logic.command(actor, Act(type="act", seq=seq[id(actor)], action=action)))


def _finish(logic: TableLogic) -> list[Write]:
    """The clock's steps until the hand is over; the writes they asked for."""
    writes: list[Write] = []
    for _ in range(4):
        hand = logic.play.hand
        assert hand is not None
        if hand.is_over:
            return writes
        writes += [e for e in _run(logic.tick()) if isinstance(e, Write)]
    raise AssertionError("the showdown did not end")


def test_r6_7_the_showdown_offers_no_buttons_and_no_clock_and_runs_itself() -> None:
    logic, ann, bob, _ = _table()
    _to_the_showdown(logic, ann, bob)
    hand = logic.play.hand
    assert hand is not None
    assert hand.actor is not None
    moment = logic.moment()
    assert moment.clock is None  # nobody's clock runs at a showdown
    public = public_view(moment)
    for seat in (0, 1):
        own = own_view(moment, seat, public)
        assert own is not None
        assert own.hand_json is None or own.hand_json["legal"] == []
    assert logic.wake_at() == logic.play.turn_start  # due at once, not at a deadline
    actor = _actor(logic, ann, bob)
    refused = _run(logic.command(actor, Act(type="act", seq=99, action="show")))
    assert any(isinstance(e, Send) and "by itself" in e.text for e in refused)
    writes = _finish(logic)
    rows = [w.row for w in writes if isinstance(w.row, ActionRow)]
    assert rows
    assert not any(r.timed_out for r in rows)
    over = logic.play.hand
    assert over is not None
    assert over.is_over
    told = [e for e in over.events if isinstance(e, HandShown | HandMucked)]
    assert isinstance(told[0], HandShown)  # the first hand at a showdown is always shown
    winners = {seat for seat, won in enumerate(over.payoffs) if won > 0}
    for e in told:
        if isinstance(e, HandMucked):
            assert e.seat not in winners  # only a hand that wins nothing is mucked
    assert not any(s and s.sitting_out for s in logic.seats)  # no sit-out after it


def test_r6_7_muck_losing_hands_is_on_by_default_and_off_shows_every_hand() -> None:
    logic, ann, bob, _ = _table()
    assert all(s is None or s.muck_losing for s in logic.seats)
    for viewer in (ann, bob):
        _run(logic.command(viewer, MuckLosing(type="muck_losing", on=False)))
    assert not any(s and s.muck_losing for s in logic.seats)
    _to_the_showdown(logic, ann, bob)
    _finish(logic)
    over = logic.play.hand
    assert over is not None
    shown = {e.seat for e in over.events if isinstance(e, HandShown)}
    assert shown == {0, 1}
    assert not any(isinstance(e, HandMucked) for e in over.events)
