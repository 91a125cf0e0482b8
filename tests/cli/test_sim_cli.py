"""`stud sim` as a user runs it: tables, JSON, plots, PHH, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stud.cli.main import app
from stud.history.phh import PHHHand, load_phhs

runner = CliRunner()
BASE = ["sim", "--variant", "stud8", "--bots", "tight,equity,station,random", "--seed", "5"]


def run_json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, [*BASE, "--json", *args])
    assert result.exit_code == 0, result.output
    record: dict[str, object] = json.loads(result.stdout)
    del record["seconds"], record["hands_per_second"]
    return record


def test_sim_prints_a_row_per_bot() -> None:
    result = runner.invoke(app, [*BASE, "--hands", "400"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    for name in ("tight", "equity", "station", "random"):
        assert f"  {name} " in text
    assert "bb/100" in text
    assert "hands/s" in text


def test_sim_json_is_the_same_whatever_the_jobs() -> None:
    one = run_json("--hands", "900", "--jobs", "1")
    two = run_json("--hands", "900", "--jobs", "2")
    assert one == two
    bots = one["bots"]
    assert isinstance(bots, list)
    assert [b["name"] for b in bots] == ["tight", "equity", "station", "random"]
    assert sum(b["net_chips"] for b in bots) == 0
    assert all(b["hands"] == 900 for b in bots)
    low, high = bots[0]["ci95"]
    assert low < bots[0]["bb_per_100"] < high


def test_players_repeat_the_bots_around_the_table() -> None:
    record = run_json("--hands", "100", "--bots", "random,station", "--players", "5")
    assert record["lineup"] == ["random", "station", "random", "station", "random"]
    assert [b["hands"] for b in record["bots"]] == [300, 200]  # type: ignore[attr-defined]


def test_plot_draws_a_png(tmp_path: Path) -> None:
    path = tmp_path / "sim.png"
    result = runner.invoke(app, [*BASE, "--hands", "300", "--plot", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_phh_keeps_every_hand_in_one_phhs_file(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    result = runner.invoke(app, [*BASE, "--hands", "30", "--phh", str(path)])
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["hands.phhs"]
    hands = load_phhs(path)
    assert sorted(h.hand for h in hands if isinstance(h, PHHHand)) == sorted(
        str(n) for n in range(1, 31)
    )
    replayed = runner.invoke(app, ["replay", "--check", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.count("(matches)") == 30
    assert f"{path} [30]  F7S/8" in replayed.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hands", "0"], "--hands 0: play at least one hand"),
        (["--bots", "tight,shark"], "--bots: no bot named 'shark'"),
        (["--bots", " , "], "--bots needs at least one bot name"),
        (["--bots", "tight"], "--bots tight: a table seats 2 to 8 bots, not 1"),
        (["--players", "9"], "--players 9: a table seats 2 to 8 bots"),
        (["--jobs", "0"], "--jobs 0: the number of processes must be at least 1"),
        (["--variant", "holdem"], "--variant 'holdem' is not one of"),
        (["--stakes", "1/2/5"], "--stakes 1/2/5"),
        (["--stack", "0"], "--stack 0: a stack must be a positive number of chips"),
        (["--seed", "-3"], "--seed -3: a seed is a whole number from 0 to 2**64-1"),
        (["--plot", "out.jpg"], "--plot out.jpg: the picture is a PNG"),
        (["--plot", "/no/such/folder/x.png"], "the folder /no/such/folder does not exist"),
        (["--ray", " "], "--ray needs local, auto or a cluster address"),
    ],
)
def test_bad_options_fail_clearly(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["sim", "--hands", "10", *args])
    assert result.exit_code != 0
    assert message in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("hands", "name a .phhs file"),
        ("folder.phhs", "this is a folder, not a file"),
        ("missing/hands.phhs", "does not exist"),
    ],
)
def test_phh_needs_a_phhs_file_in_a_folder_that_exists(
    tmp_path: Path, name: str, message: str
) -> None:
    (tmp_path / "folder.phhs").mkdir()
    result = runner.invoke(app, ["sim", "--hands", "10", "--phh", str(tmp_path / name)])
    assert result.exit_code != 0
    assert message in " ".join(result.output.split())
