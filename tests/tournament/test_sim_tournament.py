"""`stud sim --tournament N`: sit-and-gos between bots, places and ROI per bot."""

from __future__ import annotations

import io
import json
import signal

import pytest
from rich.console import Console
from typer.testing import CliRunner

from running import signal_when
from stud.cli.main import app
from stud.cli.tournament import render_series
from stud.tournament.event import TournamentConfig
from stud.tournament.run import run_sit_and_gos
from stud.tournament.structure import Structure

runner = CliRunner()


def sim(*args: str, variant: str = "razz") -> dict[str, object]:
    game = ["--variant", variant] if variant else []
    result = runner.invoke(app, ["sim", *game, "--bots", "station,random,tight", "--json", *args])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_places_and_prizes_add_up_over_the_series() -> None:
    data = sim("--tournament", "6", "--seed", "4", "--jobs", "1")
    bots = data["bots"]
    assert isinstance(bots, list)
    assert data["prizes"] == [195, 105]  # 65% and 35% of 3 x 100
    assert [b["entries"] for b in bots] == [6, 6, 6]
    for place in range(3):
        assert sum(b["places"][place] for b in bots) == pytest.approx(6)
    assert sum(b["prizes"] for b in bots) == 6 * 300
    assert sum(b["roi"] for b in bots) == pytest.approx(0, abs=1e-4)


def test_a_seed_gives_the_same_series_on_one_process_or_two() -> None:
    one = sim("--tournament", "4", "--seed", "9", "--jobs", "1")
    two = sim("--tournament", "4", "--seed", "9", "--jobs", "2")
    assert one["bots"] == two["bots"]
    assert one["hands"] == two["hands"]


def test_the_table_shows_each_place_and_the_roi() -> None:
    result = runner.invoke(
        app, ["sim", "--bots", "station,random", "--tournament", "2", "--seed", "1", "-j", "1"]
    )
    assert result.exit_code == 0, result.output
    for column in ("Bot", "1st", "2nd", "ROI", "± 95%"):
        assert column in result.stdout


def test_a_multi_table_series_balances_to_a_final_table_and_reports_places() -> None:
    data = sim("--tournament", "3", "--players", "11", "--table-size", "4", "--seed", "2")
    assert data["tables"] == 3
    assert data["players"] == 11
    assert data["table_size"] == 4
    assert data["prizes"] == [440, 275, 165, 132, 88]  # 40/25/15/12/8 of 11 x 100
    bots = data["bots"]
    assert isinstance(bots, list)
    # The three bots repeated to fill eleven seats, one seat further each tournament.
    assert sum(b["entries"] for b in bots) == 3 * 11
    assert sorted(b["entries"] for b in bots) == [11, 11, 11]
    for place in range(11):
        assert sum(b["places"][place] for b in bots) == pytest.approx(3)
    assert sum(b["prizes"] for b in bots) == 3 * 1100


def test_the_structure_and_payouts_come_from_the_options() -> None:
    data = sim(
        "--tournament",
        "2",
        "--players",
        "5",
        "--levels",
        "1/2/5/10,5/10/25/50,25/50/100/200",
        "--level-hands",
        "3",
        "--rotation",
        "stud, razz",
        "--rotate-every",
        "2",
        "--payouts",
        "70,30",
        "--seed",
        "3",
        variant="",
    )
    assert data["prizes"] == [350, 150]
    assert data["games"] == ["stud", "razz"]


def test_a_multi_table_series_shows_the_paid_places_and_the_final_table() -> None:
    config = TournamentConfig(12, 100, Structure.doubling(1, 5, 10), payouts=(40, 25, 15, 12, 8))
    result = run_sit_and_gos(config, ["random", "station"], 1, seed=1)
    screen = Console(file=io.StringIO(), width=200)
    screen.print(render_series(result, 1.0))
    shown = screen.file.getvalue()
    assert "1 tournament of 12 at 2 tables of 8 or fewer" in shown
    for column in ("1st", "5th", "Paid", "Final table", "ROI"):
        assert column in shown
    assert "6th" not in shown  # only the paid places of a multi-table event


LONG_SERIES = ["sim", "--tournament", "100000", "--players", "9", "--table-size", "4"]
LONG_SERIES += ["--bots", "random,station", "--seed", "3", "-j", "2"]


def test_ctrl_c_stops_a_series_with_the_tournaments_finished() -> None:
    done = signal_when("tournaments: ", *LONG_SERIES, "--json")
    assert done.returncode == 130
    assert "interrupted: the results of the " in done.stderr
    record = json.loads(done.stdout)
    assert record["complete"] is False
    finished = record["tournaments"]
    assert 0 < finished < 100_000
    assert sum(b["entries"] for b in record["bots"]) == 9 * finished
    assert sum(b["prizes"] for b in record["bots"]) == 900 * finished


def test_sigterm_stops_a_series_and_its_workers() -> None:
    done = signal_when("tournaments: ", *LONG_SERIES, sig=signal.SIGTERM)
    # signal_when saw both pipes closed: no worker outlived the command.
    assert done.returncode == 128 + signal.SIGTERM
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tournament", "0"], "--tournament 0: play at least one tournament"),
        (["--tournament", "2", "--plot", "x.png"], "without --plot or --phh"),
        (["--tournament", "2", "--players", "1001"], "--players 1001: a tournament takes 2 to"),
        (["--tournament", "2", "--table-size", "9"], "--table-size 9: a stud table seats 2 to 8"),
        (["--table-size", "4"], "--table-size goes with --tournament"),
        (["--tournament", "2", "--levels", "1/2/5"], "--levels 1/2/5: level 1 ('1/2/5'):"),
        (["--tournament", "2", "--levels", "1/2/5/10,9/2/5/10"], "--levels 1/2/5/10,9/2/5/10:"),
        (["--tournament", "2", "--levels", "1/2/5/10", "--stakes", "1/2/5/10"], "give one"),
        (["--tournament", "2", "--level-hands", "0"], "--level-hands 0: a level lasts"),
        (
            ["--tournament", "2", "--level-hands", "5", "--level-minutes", "5"],
            "--level-hands and --level-minutes: give one",
        ),
        (["--tournament", "2", "--rotation", "stud,holdem"], "--rotation stud,holdem: 'holdem'"),
        (["--tournament", "2", "--rotation", "razz", "-v", "stud"], "--rotation and --variant"),
        (["--tournament", "2", "--rotate-every", "2"], "there is no --rotation"),
        (
            ["--tournament", "2", "--rotation", "stud,razz", "--rotate-every", "x"],
            "--rotate-every x: say level",
        ),
        (
            ["--tournament", "2", "--rotation", "stud,razz", "--rotate-every", "\u00b2"],
            "--rotate-every \u00b2: say level",
        ),
        (["--tournament", "2", "--payouts", "50,30"], "--payouts 50,30: the percentages add up"),
        (["--tournament", "2", "--payouts", "50,x"], "--payouts 50,x: place 2 ('x')"),
        (["--tournament", "2", "-p", "2", "--payouts", "50,30,20"], "3 places paid of 2"),
        (["--tournament", "2", "--ray", " "], "--ray needs local, auto or a cluster address"),
    ],
)
def test_bad_tournament_options_are_refused(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["sim", *args])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output
