"""``.phhs``: PHH's many-hand file, one TOML table per hand, read and written."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pokerkit
import pytest
from typer.testing import CliRunner

from stud.bots import StationBot
from stud.cli.main import app
from stud.history.phh import PHHError, PHHHand, load_phhs, parse_phhs, replay, to_phh, to_phhs
from stud.rules import Rules, Variant
from stud.sim.hand import play_hand
from stud.state import HandState

WSOP = Path(__file__).resolve().parents[1] / "data" / "wsop-2023"
runner = CliRunner()


def _hands(count: int) -> list[HandState]:
    rules = Rules(variant=Variant.STUD8, ante=4, bring_in=4, small_bet=20, big_bet=40)
    return [
        play_hand(rules, [400, 400, 400], [StationBot()] * 3, random.Random(seed))
        for seed in range(count)
    ]


def _read(text: str, source: str = "hands.phhs") -> list[PHHHand]:
    hands = parse_phhs(text, source)
    assert all(isinstance(h, PHHHand) for h in hands), hands
    return [h for h in hands if isinstance(h, PHHHand)]


def test_written_hands_read_back_each_as_played() -> None:
    states = _hands(4)
    hands = _read(to_phhs(to_phh(s, hand=n) for n, s in enumerate(states, start=1)))
    assert [h.hand for h in hands] == ["1", "2", "3", "4"]
    assert [h.extra["hand"] for h in hands] == [1, 2, 3, 4]
    assert [replay(h).events for h in hands] == [s.events for s in states]


def test_pokerkit_reads_our_phhs_and_we_read_pokerkits() -> None:
    states = _hands(3)
    text = to_phhs(to_phh(s) for s in states)
    theirs = list(pokerkit.HandHistory.loads_all(text))
    assert [tuple(list(h)[-1].stacks) for h in theirs] == [s.final_stacks for s in states]
    again = _read(pokerkit.HandHistory.dumps_all(theirs))
    assert [replay(h).final_stacks for h in again] == [s.final_stacks for s in states]


def test_a_bad_hand_is_its_own_error_naming_the_line_and_the_others_are_read() -> None:
    texts = [to_phh(s) for s in _hands(3)]
    texts[1] = texts[1].replace("variant = ", "variant = 1 #", 1)
    text = to_phhs(texts)
    first, second, third = parse_phhs(text, "hands.phhs")
    assert isinstance(first, PHHHand)
    assert isinstance(third, PHHHand)
    assert isinstance(second, PHHError)
    line = text.splitlines().index("[2]") + 2
    assert str(second).startswith(f"hands.phhs:{line}: hand 2: field 'variant': 1 is not a stud")


def test_action_lines_count_from_the_top_of_the_file() -> None:
    texts = [to_phh(s) for s in _hands(2)]
    text = to_phhs(texts)
    second = _read(text)[1]
    lines = text.splitlines()
    for action, line in zip(second.actions, second.action_lines, strict=True):
        assert line is not None
        assert f"'{action}'" in lines[line - 1] or f'"{action}"' in lines[line - 1]
    assert second.action_lines[0] == lines.index("[2]") + 10


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "variant = 'F7S'\n[1]\nantes = [1]\n",
            r"hands\.phhs:1: field 'variant' is outside any hand",
        ),
        ("[1\n", r"hands\.phhs: not valid TOML"),
        ("# nothing but a comment\n", r"hands\.phhs: no hands: a \.phhs file is a table per hand"),
    ],
)
def test_a_file_that_is_not_a_table_of_hands_is_refused(text: str, message: str) -> None:
    with pytest.raises(PHHError, match=message):
        parse_phhs(text, "hands.phhs")


def test_replay_reports_each_hand_of_a_phhs_and_goes_on(tmp_path: Path) -> None:
    wsop = sorted(WSOP.glob("*.phh"))[:3]
    texts = [p.read_text() for p in wsop]
    texts[1] = texts[1].replace("starting_stacks", "starting_stacks = 'x'\n_old", 1)
    path = tmp_path / "wsop.phhs"
    path.write_text(to_phhs(texts))
    single = tmp_path / "one.phh"
    single.write_text(texts[0])
    result = runner.invoke(app, ["replay", "--check", str(path), str(single)])
    assert result.exit_code == 1
    assert f"{path} [1]  F7S" in result.output
    assert f"{path} [3]  F7S" in result.output
    assert re.search(rf"{re.escape(str(path))}:\d+: hand 2: field 'starting_stacks'", result.output)
    assert f"{single}  F7S" in result.output
    assert result.output.count("(matches)") == 3


def test_load_phhs_names_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PHHError, match=r"none\.phhs: cannot read the file"):
        load_phhs(tmp_path / "none.phhs")


def test_replay_json_names_the_hand_of_a_phhs(tmp_path: Path) -> None:
    path = tmp_path / "two.phhs"
    states = _hands(2)
    path.write_text(to_phhs(to_phh(s) for s in states))
    result = runner.invoke(app, ["replay", "--json", "--check", str(path)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert records == [
        {
            "file": str(path),
            "variant": "F7S/8",
            "finishing_stacks": list(s.final_stacks),
            "hand": str(n),
            "matches": True,
        }
        for n, s in enumerate(states, start=1)
    ]
