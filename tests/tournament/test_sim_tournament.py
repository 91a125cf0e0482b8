"""`stud sim --tournament N`: sit-and-gos between bots, places and ROI per bot."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from stud.cli.main import app

runner = CliRunner()


def sim(*args: str) -> dict[str, object]:
    result = runner.invoke(
        app, ["sim", "--variant", "razz", "--bots", "station,random,tight", "--json", *args]
    )
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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tournament", "0"], "--tournament 0: play at least one tournament"),
        (["--tournament", "2", "--ray", "local"], "without --ray, --plot or --phh"),
    ],
)
def test_bad_tournament_options_are_refused(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["sim", *args])
    assert result.exit_code == 2
    assert message in result.stderr
