"""`stud sim` as a user runs it: tables, JSON, plots, PHH, and clear errors."""

from __future__ import annotations

import json
import signal
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from running import signal_when
from stud.cli.app import MAX_JOBS
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
    record = run_json("--hands", "100", "--bots", "random,station", "-p", "5")
    assert record["lineup"] == ["random", "station", "random", "station", "random"]
    bots = record["bots"]
    assert isinstance(bots, list)
    assert [(b["hands"], b["seats"]) for b in bots] == [(100, 3), (100, 2)]


def test_the_table_counts_hands_played_and_says_so() -> None:
    result = runner.invoke(app, ["sim", "--bots", "random,station", "-p", "3", "-n", "40"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Hands: hands each bot played" in text
    assert "its figures per seat" in text
    row = next(line.split() for line in result.stdout.splitlines() if " random " in line)
    assert row[:3] == ["random", "2", "40"]  # two seats, forty hands


def test_plot_draws_a_png_whose_lines_match_the_legend(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import matplotlib.pyplot as plt  # noqa: PLC0415 (an optional extra)
    from matplotlib.figure import Figure  # noqa: PLC0415

    drawn: dict[str, tuple[list[float], list[float]]] = {}
    keep = plt.close

    def read_then_close(figure: Figure) -> None:
        for line in figure.axes[0].get_lines()[:-1]:  # the last is the zero line
            drawn[str(line.get_label())] = (list(line.get_xdata()), list(line.get_ydata()))
        keep(figure)

    monkeypatch.setattr(plt, "close", read_then_close)
    path = tmp_path / "sim.png"
    args = ["--hands", "300", "--bots", "tight,random", "-p", "3", "--json"]
    result = runner.invoke(app, ["sim", "--seed", "5", *args, "--plot", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    record = json.loads(result.stdout)
    assert len(drawn) == 2
    for bot, (label, (hands, net)) in zip(record["bots"], drawn.items(), strict=True):
        assert label.startswith(f"{bot['name']}: {bot['bb_per_100']:+.1f} ")
        assert hands[0] == 1
        assert hands[-1] == 300
        # The line ends where the legend's bb/100 (per seat) says it should.
        assert net[-1] == pytest.approx(bot["bb_per_100"] * 300 / 100)


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


def test_r9_sim_reports_the_rake_and_every_result_after_it(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    record = run_json("--hands", "200", "--rake", "5%:3", "--phh", str(path))
    assert record["rake"] == "5%:3"
    rake = record["rake_chips"]
    assert isinstance(rake, int)
    # Every hand's own history says what the house took (R9.4): the sum is the report's.
    hands = [h for h in load_phhs(path) if isinstance(h, PHHHand)]
    assert len(hands) == 200
    assert rake == sum(h.extra.get("_rake", 0) for h in hands)
    assert 0 < rake <= 3 * 200  # capped at 3 a hand
    assert record["rake_per_100"] == rake / 2
    bots = record["bots"]
    assert isinstance(bots, list)
    assert sum(b["net_chips"] for b in bots) == -rake
    # The compiled engine, which plays when no hand is kept, takes the same rake.
    assert run_json("--hands", "200", "--rake", "5%:3") == record
    assert run_json("--hands", "200")["rake_chips"] == 0
    table = runner.invoke(app, [*BASE, "--hands", "200", "--rake", "5%:3"])
    assert f"rake 5%:3: {rake:,} chips, {rake / 2:.2f} per 100 hands" in " ".join(
        table.stdout.split()
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hands", "0"], "--hands 0: play at least one hand"),
        (["--bots", "tight,shark"], "--bots: no bot named 'shark'"),
        (["--bots", " , "], "--bots needs at least one bot name"),
        (["--bots", "tight"], "--bots tight: a table seats 2 to 8 bots, not 1"),
        (["--players", "9"], "--players 9: a table seats 2 to 8 bots"),
        (["--jobs", "0"], f"--jobs 0: the number of processes must be from 1 to {MAX_JOBS}"),
        (["--jobs", "100000"], "--jobs 100000: the number of processes must be from 1"),
        (["-j", str(2**70)], "the number of processes must be from 1"),
        (["--variant", "holdem"], "--variant 'holdem' is not one of"),
        (["--stakes", "1/2/5"], "--stakes 1/2/5"),
        (["--stack", "0"], "--stack 0: a stack must be from 1 to 1,000,000 chips"),
        (["--stack", str(10**30)], "a stack must be from 1 to 1,000,000 chips"),
        (["--stakes", "1/1/5/99999999999999999999"], "stakes go up to 1,000,000 chips"),
        (["--stakes", "\uff11/\uff11/\uff15/\uff11\uff10"], "must be four whole numbers"),
        (["--seed", "-3"], "--seed -3: a seed is a whole number from 0 to 2**64-1"),
        (["--plot", "out.jpg"], "--plot out.jpg: the picture is a PNG"),
        (["--plot", "/no/such/folder/x.png"], "the folder /no/such/folder does not exist"),
        (["--ray", " "], "--ray needs local, auto or a cluster address"),
        (["--hands", "many"], "Invalid value for '--hands' / '-n'"),
        (["--rake", "5%%"], "--rake 5%%: rake '5%%' must be a percentage"),
        (["--rake", "2.25"], "must be a percentage with at most one decimal"),
        (
            ["--rake", "120%:3"],
            "--rake 120%:3: the rake (1200 per mille) cannot be more than the pot",
        ),
        (["--frobnicate"], "No such option: --frobnicate"),
    ],
)
def test_bad_options_fail_clearly(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["sim", "--hands", "10", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.startswith("error: ")
    assert result.output.count("\n") == 1  # one line, no box, no usage block


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


LONG_RUN = ["sim", "--bots", "random,random", "--hands", "100000000", "--seed", "3", "-j", "2"]


def test_ctrl_c_stops_a_run_on_two_processes_with_the_hands_finished() -> None:
    done = signal_when("simulating: ", *LONG_RUN, "--json")
    assert done.returncode == 130
    assert "interrupted: the results of the " in done.stderr
    record = json.loads(done.stdout)
    assert record["complete"] is False
    played = record["hands"]
    assert 0 < played < 100_000_000
    assert played % 5_000 == 0  # whole chunks only
    assert [b["hands"] for b in record["bots"]] == [played]
    assert record["bots"][0]["net_chips"] == 0  # one bot in both seats: chips stay with it


def test_sigterm_stops_the_run_and_its_workers() -> None:
    done = signal_when("simulating: ", *LONG_RUN, sig=signal.SIGTERM)
    # signal_when saw both pipes closed: no worker outlived the command.
    assert done.returncode == 128 + signal.SIGTERM
    assert done.stdout == ""


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::FutureWarning")
def test_an_unreachable_ray_cluster_fails_within_seconds() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = runner.invoke(app, ["sim", "--hands", "10", "--ray", f"127.0.0.1:{port}"])
    assert result.exit_code == 2
    assert f"error: --ray 127.0.0.1:{port}: cannot reach 127.0.0.1:{port}" in result.output
