"""A table's chat outlives a reload and a restart: its last lines are stored, read
back when the table starts, and sent with their times to each connection that joins."""

from __future__ import annotations

import json

from test_table_logic import _run, _table, _Viewer

from stud.web.chat import KEPT
from stud.web.effects import Send
from stud.web.protocol import Chat, Hello
from stud.web.store import Store


def _backlog(viewer: _Viewer) -> list[dict[str, object]]:
    (frame,) = [json.loads(t) for t in viewer.got if json.loads(t)["type"] == "chat_log"]
    lines: list[dict[str, object]] = frame["lines"]
    return lines


def test_a_connection_that_joins_gets_the_last_lines_with_their_times() -> None:
    logic, ann, _, _ = _table()
    for text in ("good luck", "nice hand"):
        _run(logic.command(ann, Chat(type="chat", text=text)))
    cat = _Viewer(None, "observer")
    for effect in _run(logic.join(cat, Hello(type="hello"))):
        if isinstance(effect, Send) and effect.viewer is cat:
            cat.push(effect.text)
    lines = _backlog(cat)
    assert [(m["name"], m["text"]) for m in lines] == [("Ann", "good luck"), ("Ann", "nice hand")]
    assert all(isinstance(m["at"], float) for m in lines)


def test_a_restarted_table_sends_the_stored_lines_and_keeps_only_the_last() -> None:
    logic, *_ = _table()
    stored = [("Bob", f"line {n}", 1000.0 + n) for n in range(KEPT + 5)]
    logic.chat.restore(stored)
    cat = _Viewer(None, "observer")
    (sent,) = logic.chat.backlog(cat)
    assert isinstance(sent, Send)
    lines = json.loads(sent.text)["lines"]
    assert len(lines) == KEPT
    assert lines[-1] == {"name": "Bob", "text": f"line {KEPT + 4}", "at": 1000.0 + KEPT + 4}


def test_the_store_reads_back_a_tables_last_lines_oldest_first(store: Store) -> None:
    table = store.create_table("t", "razz", "1/1/5/10", 2, bots=False)
    other = store.create_table("u", "razz", "1/1/5/10", 2, bots=False)
    account = store.account(store.guest())
    assert account is not None
    for n in range(5):
        store.add_chat(table, account.id, "Ann", f"line {n}")
    store.add_chat(other, account.id, "Ann", "elsewhere")
    lines = store.recent_chat(table, 3)
    assert [(name, text) for name, text, _ in lines] == [
        ("Ann", "line 2"),
        ("Ann", "line 3"),
        ("Ann", "line 4"),
    ]
    assert lines[0][2] <= lines[-1][2]
    store.close()
