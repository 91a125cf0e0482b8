"""A table's logic on its own: inputs in, effects out, no store, no event loop.

The logic answers each input with values; these tests carry them out by hand (a
write answered as the store would, or not at all), so what they show holds for
any shell: nothing is published before its write is answered, and a write never
answered changes nothing the players could see.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from stud.rules import Rules
from stud.web.cash_seating import CashSeating
from stud.web.effects import (
    ActionRow,
    ChatLine,
    Effect,
    Effects,
    Later,
    Publish,
    Row,
    Send,
    SitRow,
    StartRow,
    Write,
)
from stud.web.protocol import Act, Chat, Hello, Sit
from stud.web.settings import Settings
from stud.web.table_logic import TableLogic
from test_import_cycles import _imports, _modules


@dataclass
class _Viewer:
    account: int | None
    name: str
    got: list[str] = field(default_factory=list)
    closed: bool = False

    def push(self, text: str) -> None:
        self.got.append(text)

    def close(self) -> None:
        self.closed = True

    def __hash__(self) -> int:
        return id(self)


@dataclass
class _StoredSeat:
    seat: int
    account_id: int
    name: str
    stack: int
    bot: str | None = None
    sitting_out: bool = False
    leaving: bool = False


def _answer(row: Row) -> Any:
    """What the store answers a row with: a hand's number, a seat's row, else nothing."""
    if isinstance(row, StartRow):
        return 7
    if isinstance(row, SitRow):
        return _StoredSeat(row.seat, row.account or 99, row.name or f"Player {row.account}", 0)
    return None


def _run(effects: Effects, answer: Callable[[Row], Any] = _answer) -> list[Effect]:
    """Carry out effects as a shell does, depth first; every effect reached, in order."""
    done: list[Effect] = []
    for effect in effects:
        done.append(effect)
        if isinstance(effect, Write):
            if effect.then is not None:
                done += _run(effect.then(answer(effect.row)), answer)
        elif isinstance(effect, Later):
            done += _run(effect.step(), answer)
    return done


def _table() -> tuple[TableLogic, _Viewer, _Viewer, list[float]]:
    """Ann and Bob seated at a stud table, connected; a hand dealt."""
    now = [100.0]
    rules = Rules.from_stakes("1/1/5/10", "stud")
    logic = TableLogic(3, "t", rules, 4, Settings(), CashSeating(), clock=lambda: now[0])
    rows = [_StoredSeat(0, 1, "Ann", 500), _StoredSeat(1, 2, "Bob", 500)]
    assert logic.restore(rows, {}, None, []) == []
    ann, bob = _Viewer(1, "Ann"), _Viewer(2, "Bob")
    # Bob dropped only just now (a restart), so he is dealt in as Ann connects.
    done = _run(logic.join(ann, Hello(type="hello")))
    assert [e.row for e in done if isinstance(e, Write) and isinstance(e.row, StartRow)]
    _run(logic.join(bob, Hello(type="hello")))
    assert logic.play.hand is not None
    assert logic.play.hand_id == 7
    return logic, ann, bob, now


def _actor(logic: TableLogic, ann: _Viewer, bob: _Viewer) -> _Viewer:
    hand = logic.play.hand
    assert hand is not None
    assert hand.actor is not None
    return (ann, bob)[logic.play.hand_seats[hand.actor]]


def test_an_action_is_stored_before_anyone_hears_of_it() -> None:
    logic, ann, bob, _ = _table()
    hand, no = logic.play.hand, logic.moments.no
    actor = _actor(logic, ann, bob)
    effects = logic.command(actor, Act(type="act", seq=1, action="bring_in"))
    (write,) = [e for e in effects if isinstance(e, Write)]
    assert isinstance(write.row, ActionRow)
    assert (write.row.hand, write.row.number, write.row.seq) == (7, 1, 1)
    assert not any(isinstance(e, Publish | Send) for e in effects)
    assert (logic.play.hand, logic.moments.no) == (
        hand,
        no,
    )  # nothing changed until the write is answered
    assert write.then is not None
    after = _run(write.then(None))
    assert logic.play.hand is not hand
    assert logic.moments.no == no + 1
    (publish,) = [e for e in after if isinstance(e, Publish)]
    assert (publish.acked, publish.seq) == (actor, 1)
    assert set(publish.viewers) == {ann, bob}


def test_a_write_never_answered_changes_nothing_anyone_sees() -> None:
    logic, ann, bob, _ = _table()
    hand, no, log = logic.play.hand, logic.moments.no, list(logic.moments.log)
    actor = _actor(logic, ann, bob)
    effects = logic.command(actor, Act(type="act", seq=1, action="bring_in"))
    assert any(isinstance(e, Write) for e in effects)
    # The store refused: the shell drops the rest; the hand, its numbering and its
    # log are as they were, and the same action may be sent again.
    assert (logic.play.hand, logic.moments.no, list(logic.moments.log)) == (hand, no, log)
    again = logic.command(actor, Act(type="act", seq=1, action="bring_in"))
    assert isinstance(next(e for e in again if isinstance(e, Write)).row, ActionRow)


def test_a_sit_takes_the_seat_only_once_the_store_has_the_buy_in() -> None:
    logic, *_ = _table()
    cat = _Viewer(5, "Cat")
    _run(logic.join(cat, Hello(type="hello")))
    effects = logic.command(cat, Sit(type="sit", seat=2, buy_in=200))
    (write,) = [e for e in effects if isinstance(e, Write)]
    assert write.row == SitRow(3, 2, 5, 200)
    assert logic.seats[2] is None
    assert write.then is not None
    seated = _run(write.then(_StoredSeat(2, 5, "Cat", 200)))
    seat = logic.seats[2]
    assert seat is not None
    assert (seat.name, seat.stack) == ("Cat", 200)
    assert any(isinstance(e, Send) and '"seated"' in e.text for e in seated)


def test_a_bad_command_is_answered_to_its_sender_alone() -> None:
    logic, ann, bob, _ = _table()
    actor = _actor(logic, ann, bob)
    other = bob if actor is ann else ann
    effects = _run(logic.command(other, Act(type="act", seq=1, action="bring_in")))
    sends = [e for e in effects if isinstance(e, Send)]
    assert [s.viewer for s in sends] == [other]
    assert "turn, not yours" in sends[0].text
    assert not any(isinstance(e, Write | Publish) for e in effects)


def test_chat_is_stored_then_sent_to_everyone_and_paced() -> None:
    logic, ann, bob, _ = _table()
    effects = logic.command(ann, Chat(type="chat", text="  good   luck "))
    first = effects[0]
    assert isinstance(first, Write)
    assert first.row == ChatLine(3, 1, "Ann", "good luck")
    sent = {e.viewer for e in effects if isinstance(e, Send)}
    assert sent == {ann, bob}
    for _ in range(Settings().chat_burst - 1):
        logic.command(ann, Chat(type="chat", text="hi"))
    refused = logic.command(ann, Chat(type="chat", text="hi"))
    assert [e.viewer for e in refused if isinstance(e, Send)] == [ann]
    assert not any(isinstance(e, Write) for e in refused)


def test_the_time_out_comes_from_the_clock_it_is_given() -> None:
    logic, *_, now = _table()
    deadline = logic.wake_at()
    assert deadline is not None
    assert deadline == now[0] + Settings().turn_time + Settings().time_bank
    now[0] = deadline
    done = _run(logic.tick())
    rows = [e.row for e in done if isinstance(e, Write)]
    assert any(isinstance(r, ActionRow) and r.timed_out for r in rows)


def test_the_table_logic_reaches_no_store_no_event_loop_and_no_socket() -> None:
    """The logic and everything it imports from stud: none is the store, storage or
    a shell, and none imports asyncio, socket or SQLAlchemy."""
    modules = _modules()
    reached, todo = set(), ["stud.web.table_logic", "stud.web.cash_seating", "stud.web.chat"]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(_imports(name, modules[name], modules))
    assert not {m for m in reached if m.startswith(("stud.web.store", "stud.storage"))}
    assert not reached & {"stud.web.table", "stud.web.viewer", "stud.web.writer", "stud.web.app"}
    for name in reached:
        tree = ast.parse(modules[name].read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for imported in names:
                top = imported.split(".")[0]
                assert top not in {"asyncio", "socket", "sqlalchemy"}, (name, imported)
