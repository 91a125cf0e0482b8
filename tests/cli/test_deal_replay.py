"""The `stud deal` and `stud replay` commands, as a user runs them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stud.cli.main import app

WSOP = Path(__file__).resolve().parents[1] / "data" / "wsop-2023"
runner = CliRunner()


def test_deal_prints_a_whole_hand_history() -> None:
    result = runner.invoke(app, ["deal", "--variant", "stud8", "--players", "6", "--seed", "7"])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Seven-Card Stud Hi-Lo" in text
    assert "*** 3RD STREET ***" in text
    assert "brings in" in text
    assert "*** SUMMARY ***" in text
    assert text.count("posts the ante 1") == 6


def test_deal_is_reproducible_by_seed() -> None:
    first = runner.invoke(app, ["deal", "--seed", "11"]).output
    again = runner.invoke(app, ["deal", "--seed", "11"]).output
    other = runner.invoke(app, ["deal", "--seed", "12"]).output
    assert first == again
    assert first != other


def test_deal_phh_replays_with_replay(tmp_path: Path) -> None:
    result = runner.invoke(app, ["deal", "--variant", "stud", "--seed", "3", "--phh"])
    assert result.exit_code == 0
    path = tmp_path / "hand.phh"
    path.write_text(result.output)
    replayed = runner.invoke(app, ["replay", "--check", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "(matches)" in replayed.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "--players 9: a table seats 2 to 8"),
        (["-p", "1"], "--players 1: a table seats 2 to 8"),
        (["--stack", str(2**64)], "a stack must be from 1 to 1,000,000 chips"),
        (["--stakes", "1/1/5/10000001"], "stakes go up to 1,000,000 chips"),
        (["--seed", "-5"], "--seed -5: a seed is a whole number from 0 to 2**64-1"),
        (["--variant", "holdem"], "--variant 'holdem' is not one of"),
        (["--stakes", "1/1/5"], "--stakes 1/1/5"),
        (["--stakes", "1/9/5/10"], "must be less than the small bet"),
        (["--bots", "shark"], "no bot named 'shark'"),
        (["--stack", "0"], "--stack 0"),
    ],
)
def test_deal_bad_options_fail_clearly(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["deal", *args])
    assert result.exit_code != 0
    assert message in " ".join(result.output.split())


def test_replay_checks_every_wsop_hand() -> None:
    files = sorted(str(p) for p in WSOP.glob("*.phh"))
    result = runner.invoke(app, ["replay", "--check", *files])
    assert result.exit_code == 0, result.output
    assert result.output.count("(matches)") == len(files) == 36


def test_replay_json_lines() -> None:
    path = WSOP / "43_5_00-22-43_F7S.phh"
    result = runner.invoke(app, ["replay", "--json", str(path)])
    assert result.exit_code == 0
    record = json.loads(result.output)
    assert record == {
        "file": str(path),
        "variant": "F7S",
        "finishing_stacks": [4000000, 7700000, 4775000, 8275000, 4950000],
    }


def test_replay_equity_gives_each_players_odds_street_by_street() -> None:
    path = WSOP / "43_5_00-22-43_F7S.phh"
    result = runner.invoke(app, ["replay", "--json", "--equity", str(path)])
    assert result.exit_code == 0, result.output
    odds = json.loads(result.output)["equity"]
    assert odds, "the hand has streets with two or more players in"
    streets = [o["street"] for o in odds]
    assert streets == sorted(set(streets))
    assert streets[0] == 3
    for o in odds:
        assert len(o["seen"]) == 5
        if o["real"] is not None:
            assert sum(v for v in o["real"] if v is not None) == pytest.approx(1.0, abs=1e-3)
    text = runner.invoke(app, ["replay", "--equity", str(path)])
    assert text.exit_code == 0, text.output
    assert "3rd street" in text.output
    assert "as they saw it / against the real cards" in text.output


def test_replay_reports_a_bad_file_and_still_replays_the_others(tmp_path: Path) -> None:
    good = tmp_path / "good.phh"
    shutil.copy(WSOP / "43_5_00-22-43_F7S.phh", good)
    bad = tmp_path / "bad.phh"
    bad.write_text(good.read_text().replace("'p4 cbr 200000'", "'p4 cbr 250000'"))
    result = runner.invoke(app, ["replay", str(bad), str(good)])
    assert result.exit_code == 1
    assert "bad.phh:10: action 10: 'p4 cbr 250000'" in result.output
    assert "good.phh  F7S  4000000 7700000" in result.output


def test_replay_check_flags_a_mismatch(tmp_path: Path) -> None:
    path = tmp_path / "wrong.phh"
    text = (WSOP / "43_5_00-22-43_F7S.phh").read_text()
    path.write_text(text.replace("4950000]", "4950001]"))
    result = runner.invoke(app, ["replay", "--check", str(path)])
    assert result.exit_code == 1
    assert "MISMATCH" in result.output


@pytest.mark.parametrize(
    "change",
    [
        ("variant = 'F7S'", "variant = ['F7S']"),
        ("variant = 'F7S'", "variant = { code = 'F7S' }"),
        ("bring_in = ", "bring_in = " + "9" * 5000 + "\n_old = "),
        ("antes = ", "antes = " + "[" * 3000 + "]" * 3000 + "\n_old = "),
    ],
    ids=["variant-array", "variant-table", "huge-integer", "deep-nesting"],
)
def test_replay_goes_on_after_any_bad_file(tmp_path: Path, change: tuple[str, str]) -> None:
    good = WSOP / "43_5_00-22-43_F7S.phh"
    bad = tmp_path / "bad.phh"
    bad.write_text(good.read_text().replace(*change, 1))
    result = runner.invoke(app, ["replay", str(bad), str(good)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1
    assert errors[0].startswith(f"error: {bad}")
    assert f"{good}  F7S  4000000 7700000" in result.output
