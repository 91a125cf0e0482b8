"""Bad or unusual input to the commands: a clear error and a non-zero exit, or the
input read as it should be; never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stud.cli.main import app

runner = CliRunner()
STARS = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
RAZZ = STARS / "Razz-USD-0.04-0.08-200911.txt"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_import_reads_utf16_files(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "razz.txt"
    path.write_bytes(RAZZ.read_text("utf-8-sig").encode(encoding))
    result = runner.invoke(app, ["import", str(path)])
    assert result.exit_code == 0, result.output
    assert "9 stud hands, 9 checked, 0 refused" in result.stdout


def test_import_reads_past_a_byte_order_mark_before_a_later_hand(tmp_path: Path) -> None:
    text = RAZZ.read_text("utf-8-sig")
    path = tmp_path / "joined.txt"
    path.write_text(
        "\ufeff" + text + "\n\n\ufeff" + text.replace("Game #358", "Game #958"), encoding="utf-8"
    )
    result = runner.invoke(app, ["import", str(path)])
    assert result.exit_code == 0, result.output
    assert "18 stud hands, 18 checked, 0 refused" in result.stdout


def test_import_refuses_a_hand_with_a_huge_seat_number_and_goes_on(tmp_path: Path) -> None:
    text = RAZZ.read_text("utf-8-sig").replace("Seat 3: manga130", "Seat " + "7" * 5000 + ": m", 1)
    path = tmp_path / "seats.txt"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["import", str(path)])
    assert result.exit_code == 1
    assert "9 stud hands, 8 checked, 1 refused" in result.stdout
    assert "PokerStars counts 1 to 10" in result.stderr
    assert "Traceback" not in result.output


def test_icm_of_a_huge_stack_beside_a_small_one() -> None:
    result = runner.invoke(app, ["icm", "10000000000000000", "1", "--json"])
    assert result.exit_code == 0, result.output
    equities = json.loads(result.stdout)["equities"]
    assert equities[0] == pytest.approx(50.0)
    assert equities[1] == pytest.approx(30.0)


def test_icm_reads_stacks_written_as_it_prints_them() -> None:
    grouped = runner.invoke(app, ["icm", "5,000", "3,000", "2000", "--json"])
    plain = runner.invoke(app, ["icm", "5000", "3000", "2000", "--json"])
    assert grouped.exit_code == 0, grouped.output
    assert json.loads(grouped.stdout) == json.loads(plain.stdout)
    assert json.loads(grouped.stdout)["stacks"] == [5000, 3000, 2000]
    for bad in ("5,00", "5,0000", ",500", "5000,"):
        result = runner.invoke(app, ["icm", bad, "1000"])
        assert result.exit_code == 2, bad
        assert f"stack 1 ({bad!r}) must be a whole number of chips" in result.stderr
        assert "Traceback" not in result.output


def test_icm_refuses_a_stack_of_thousands_of_digits() -> None:
    result = runner.invoke(app, ["icm", "9" * 5000, "1"])
    assert result.exit_code == 2
    assert "stack 1" in result.stderr
    assert "5000 digits" in result.stderr
    assert "Traceback" not in result.output


def test_equity_refuses_a_range_of_more_than_three_down_cards() -> None:
    result = runner.invoke(app, ["equity", "[AKQJ] 9s", "As Kd Qh"])
    assert result.exit_code == 2
    assert "4 cards, but a range is of down cards: a stud hand has at most 3" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("--hands", "--hands 100000000000000000000: play at most 1,000,000,000,000 hands"),
        ("--tournament", "--tournament 100000000000000000000: play at most 1,000,000,000"),
    ],
)
def test_sim_refuses_absurd_counts(option: str, message: str) -> None:
    result = runner.invoke(app, ["sim", option, "100000000000000000000"])
    assert result.exit_code == 2
    assert message in result.stderr


def test_errors_print_the_text_given_not_emoji() -> None:
    # ":-1:" is rich's emoji code for a thumbs-down.
    result = runner.invoke(app, ["sim", "--rake", "5%:-1", "--hands", "10"])
    assert result.exit_code == 2
    assert "--rake 5%:-1: rake '5%:-1'" in result.stderr
    assert "\N{THUMBS DOWN SIGN}" not in result.stderr
