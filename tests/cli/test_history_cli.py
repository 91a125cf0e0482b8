"""``stud history``: reading the hand store safely, and telling a hand as its player saw it."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stud.actions import ActionTaken, Fold, HandShown
from stud.bots import RandomBot, StationBot
from stud.cli.main import app
from stud.history.phh import parse_phh, replay, to_phh
from stud.rules import Rules, Variant
from stud.sim.hand import play_hand
from stud.state import HandState
from stud.storage import HandRecord, SQLiteHandStore, describe_ids

runner = CliRunner()
NAMES = ("Ann", "Random 2", "Station 3", "Random 4")


def _folded_and_shown(seed: int) -> HandState:
    """A hand where seat 2 or 4 folds and seats 1 and 3 go to showdown."""
    rules = Rules(variant=Variant.STUD, ante=1, bring_in=2, small_bet=10, big_bet=20)
    bots = [StationBot(), RandomBot(), StationBot(), RandomBot()]
    return play_hand(rules, [500] * 4, bots, random.Random(seed))


def _a_hand_with_a_fold_and_a_showdown() -> HandState:
    for seed in range(200):
        state = _folded_and_shown(seed)
        folded = {e.seat for e in state.events if isinstance(e, ActionTaken) and e.action == Fold()}
        shown = {e.seat for e in state.events if isinstance(e, HandShown)}
        if folded and {0, 2} <= shown:
            return state
    raise AssertionError("no such hand in 200 seeds")


def _db(path: Path, *states: HandState) -> list[int]:
    store = SQLiteHandStore(path)
    try:
        return [
            store.add(
                HandRecord(
                    played_at="2026-01-02T03:04:05+00:00",
                    session="s",
                    number=n,
                    variant=state.rules.variant.value,
                    stakes=state.rules.stakes,
                    seat=0,
                    names=NAMES,
                    net=state.payoffs[0],
                    pot=sum(state.starting_stacks) - sum(state.stacks),
                    phh=to_phh(state, players=list(NAMES), hand=n),
                )
            )
            for n, state in enumerate(states, start=1)
        ]
    finally:
        store.close()


def test_export_holds_only_what_the_player_saw(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    state = _a_hand_with_a_fold_and_a_showdown()
    (hand_id,) = _db(db, state)
    result = runner.invoke(app, ["history", "export", str(hand_id), "--db", str(db)])
    assert result.exit_code == 0, result.output
    hand = parse_phh(result.output)
    folded = {e.seat for e in state.events if isinstance(e, ActionTaken) and e.action == Fold()}
    shown = {e.seat for e in state.events if isinstance(e, HandShown)}
    for action in hand.actions:
        if action.startswith("d dh p"):
            seat = int(action.split()[2][1:]) - 1
            hidden = "??" in action
            assert hidden == (seat not in shown and seat != 0), action
    assert folded - shown
    for seat in folded - shown:
        third_street = next(a for a in hand.actions if a.startswith(f"d dh p{seat + 1} "))
        assert third_street.startswith(f"d dh p{seat + 1} ????")
    assert hand.extra["players"] == list(NAMES)
    assert replay(hand).final_stacks == state.final_stacks


def test_show_calls_the_player_you(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    (hand_id,) = _db(db, _a_hand_with_a_fold_and_a_showdown())
    shown = runner.invoke(app, ["history", "show", str(hand_id), "--db", str(db)])
    assert shown.exit_code == 0, shown.output
    assert "Dealt to You: [" in shown.output
    assert "Ann" not in shown.output
    assert "Dealt to Station 3: [?? ??]" in shown.output
    assert "You post the ante" in shown.output
    for third_person in ("You posts", "You calls", "You checks", "You completes", "You folds"):
        assert third_person not in shown.output


def test_reading_an_empty_file_refuses_it_and_leaves_it_empty(tmp_path: Path) -> None:
    db = tmp_path / "empty.sqlite3"
    db.write_bytes(b"")
    for command in (["list"], ["show", "1"], ["export", "1"]):
        result = runner.invoke(app, ["history", *command, "--db", str(db)])
        assert result.exit_code != 0
        assert "not a stud hand database" in result.output
        assert "Traceback" not in result.output
    assert db.read_bytes() == b""


def test_list_reports_a_damaged_row_and_lists_the_others(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    states = [_folded_and_shown(seed) for seed in range(3)]
    _db(db, *states)
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE hands SET names = 'oops' WHERE id = 2")
    connection.close()
    result = runner.invoke(app, ["history", "list", "--db", str(db)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any(" 1 " in line and "stud" in line for line in lines)
    assert any(" 3 " in line and "stud" in line for line in lines)
    assert any(" 2 " in line and "damaged" in line for line in lines)
    assert "hands.sqlite3: hand 2 is damaged: " in result.output
    shown = runner.invoke(app, ["history", "show", "2", "--db", str(db)])
    assert shown.exit_code != 0
    assert "hand 2 is damaged" in shown.output


def test_huge_ids_and_limits_are_answered_not_crashed(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    _db(db, _folded_and_shown(1))
    huge = str(2**70)
    shown = runner.invoke(app, ["history", "show", huge, "--db", str(db)])
    assert shown.exit_code != 0
    assert f"no hand {huge} in" in shown.output
    listed = runner.invoke(app, ["history", "list", "--limit", huge, "--db", str(db)])
    assert listed.exit_code == 0, listed.output
    assert "stud" in listed.output


@pytest.mark.parametrize(
    ("ids", "said"),
    [
        ([7], "hand 7"),
        ([3, 4], "hands 3 to 4"),
        ([3, 4, 5, 8, 11], "hands 3 to 5, 8 and 11"),
        ([2, 9], "hands 2 and 9"),
    ],
)
def test_hand_ids_name_the_hands_actually_saved(ids: list[int], said: str) -> None:
    assert describe_ids(ids) == said


class _SharedFile:
    """The store as another table writing to the same file sees it: a hand of the
    other table is kept before each of ours."""

    def __init__(self, store: SQLiteHandStore, other: HandRecord) -> None:
        self.store = store
        self.other = other
        self.location = store.location

    def add(self, record: HandRecord) -> int:
        self.store.add(self.other)
        return self.store.add(record)

    def close(self) -> None:
        self.store.close()


def test_the_session_summary_names_the_ids_it_saved_among_other_writers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "hands.sqlite3"
    (other_id,) = _db(db, _folded_and_shown(3))
    store = SQLiteHandStore(db, read_only=True)
    other = store.get(other_id)
    store.close()
    assert other is not None
    monkeypatch.setattr(
        "stud.cli.play.open_store", lambda path: _SharedFile(SQLiteHandStore(path), other.record)
    )
    keys = ("c\nk\n" * 12 + "\n") * 2 + "c\nk\n" * 12 + "q\n"  # call or check to the end
    args = ["play", "--db", str(db), "--bots", "station", "--players", "3", "--seed", "1"]
    result = runner.invoke(app, args, input=keys)
    assert result.exit_code == 0, result.output
    assert "Session over: 3 hands played" in result.output
    # Ours are 3, 5 and 7; the other table's 2, 4 and 6 (1 was there before).
    assert "Saved as hands 3, 5 and 7 in" in " ".join(result.output.split())


@pytest.mark.parametrize("command", ["show", "export"])
def test_a_kept_hand_that_does_not_replay_is_one_clear_error(tmp_path: Path, command: str) -> None:
    db = tmp_path / "hands.sqlite3"
    _db(db, _folded_and_shown(1))
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE hands SET phh = 'variant = [' WHERE id = 1")
    connection.close()
    result = runner.invoke(app, ["history", command, "1", "--db", str(db)])
    assert result.exit_code == 2
    assert "hand 1 cannot be replayed: hand 1: not valid TOML" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
