"""`stud equity` as a user runs it."""

from __future__ import annotations

import json
import signal

import pytest
from typer.testing import CliRunner

from running import signal_when
from stud.cli.main import app
from stud.equity import odds

runner = CliRunner()


def test_equity_prints_a_table_and_says_how_it_was_computed() -> None:
    result = runner.invoke(
        app, ["equity", "--variant", "stud8", "As Ks Qs Js Ts 9s", "2c 3c 4d 5d 7h 7d"]
    )
    assert result.exit_code == 0, result.output
    assert "exact: all 1,560 outcomes" in result.output  # 40 unseen cards, then 39
    assert "Scoop" in result.output
    assert "As Ks Qs Js Ts 9s" in result.output


def test_equity_monte_carlo_states_trials_seed_and_error() -> None:
    result = runner.invoke(
        app,
        ["equity", "As Ks Qs", "2c 3c 4d", "7h 7d 8c", "--dead", "5h 9c", "--trials", "20000"],
    )
    assert result.exit_code == 0, result.output
    assert "Monte Carlo: 20,000 trials (seed 0)" in result.output
    assert "±" in result.output


def test_equity_json_is_one_object_with_every_player() -> None:
    result = runner.invoke(app, ["equity", "--json", "As Ks Qs Js Ts 9s", "2c 2d 3h 4h 5h 6c"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["method"] == "exact"
    assert len(data["players"]) == 2
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["As Ks Qs"], "2 to 8 players"),
        (["As Ks Qs", "As 2c 3c"], "As is in player 1's hand and in player 2's hand"),
        (["As Ks Qs", "2c 3c 4x"], "'4x' is not a card"),
        (["As Ks Qs", "2c 3c 4c", "--variant", "omaha"], "'omaha' is not a variant"),
        (["As Ks Qs", "2c 3c 4c", "--jobs", "0"], "--jobs 0"),
        (["As Ks Qs", "2c 3c 4c", "--jobs", "100000"], "--jobs 100000: the number of"),
        (["As Ks Qs", "2c 3c 4c", "--trials", "0"], "--trials 0"),
        (["As Ks Qs", "2c 3c 4c", "--trials", str(10**13)], "--trials 10000000000000"),
        (["As Ks Qs", "2c 3c 4c", "--seed", "-1"], "--seed -1: a seed is a whole number"),
        (["As Ks Qs", "2c 3c 4c", "-s", str(2**64)], "a seed is a whole number from 0"),
        (["As Ks Qs", "2c 3c 4c", "--exact", "--frob"], "No such option: --frob"),
        (["As Ks Qs", "[KK, QQ:-1] 9s"], "a weight must be above 0, not -1"),
        (["As Ks Qs", "[Ks Kd, Ks Kh] 9s"], "player 2's range [Ks Kd, Ks Kh] has no combination"),
        (["As Ks Qs", "?? ?? Kc Kd 9s 8s 7s 6s"], "player 2 has 8 cards"),
        (["?? ?? ??", "?? ?? ??", "--exact"], "to enumerate exactly: use Monte Carlo"),
    ],
)
def test_equity_bad_input_fails_clearly(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["equity", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.startswith("error: ")
    assert result.output.count("\n") == 1


def test_equity_takes_unseen_down_cards_and_shows_them() -> None:
    result = runner.invoke(app, ["equity", "Ah 2h 3h 4s", "?? ?? Kc Kd 9s", "--trials", "20000"])
    assert result.exit_code == 0, result.output
    assert "?? ?? Kc Kd 9s" in result.output
    assert "Monte Carlo: 20,000 trials (seed 0) of 1,588,286,700" in result.output


def test_equity_takes_a_range_and_says_the_odds_are_weighted_over_its_holdings() -> None:
    hand = "[KK, XhXh:0.5] 9s Ts Jd Qd"
    result = runner.invoke(app, ["equity", "-v", "stud8", "Ah 2h 3h 4s 5c 6c", hand])
    assert result.exit_code == 0, result.output
    assert "exact: every outcome of 51 holdings of the ranges, weighted" in result.output
    as_json = runner.invoke(app, ["equity", "--json", "-v", "stud8", "Ah 2h 3h 4s 5c 6c", hand])
    data = json.loads(as_json.stdout)
    assert data["holdings"] == 51  # six pairs of kings and C(10, 2) two-hearts
    assert data["players"][1]["cards"] == hand
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0)


@pytest.fixture(scope="module")
def compiled() -> None:
    """Compile the odds kernels into numba's on-disk cache before a process runs them."""
    odds(["As Ks Qs", "2c 3c 4d"], method="monte-carlo", trials=10)
    odds(["As Ks Qs Js Ts 9s", "2c 3c 4d 5d 7h 7d"], method="exact")


@pytest.mark.usefixtures("compiled")
def test_ctrl_c_stops_monte_carlo_with_the_partial_result() -> None:
    done = signal_when("monte-carlo: ", "equity", "As Ks Qs", "2c 3c 4d", "--trials", "2000000000")
    assert done.returncode == 130
    assert "stopped early" in done.stdout
    assert "interrupted: the result of the first" in done.stderr


@pytest.mark.usefixtures("compiled")
def test_ctrl_c_stops_an_exact_run_with_nothing_printed_as_exact() -> None:
    done = signal_when("exact: ", "equity", "As Ks Qs", "2c 3c 4d", "--exact")
    assert done.returncode == 130
    assert done.stdout == ""
    assert "interrupted: no exact result" in done.stderr


@pytest.mark.usefixtures("compiled")
def test_sigterm_stops_the_workers_too() -> None:
    args = ["equity", "As Ks Qs", "2c 3c 4d", "--trials", "2000000000", "--jobs", "2"]
    done = signal_when("monte-carlo: ", *args, sig=signal.SIGTERM)
    # signal_when saw both pipes closed: no worker outlived the command.
    assert done.returncode == 128 + signal.SIGTERM
    assert done.stdout == ""


def test_a_long_run_on_a_pipe_says_how_far_it_has_got() -> None:
    result = runner.invoke(
        app, ["equity", "As Ks Qs", "2c 3c 4d", "--trials", str(5 * 2**21), "--json"]
    )
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    # A line after the first piece of work; more only if the run outlasts LINE_SECONDS.
    assert lines[0].startswith(f"monte-carlo: {2**21:,} of {5 * 2**21:,} trials, ")
    assert lines[0].endswith(" trials/s")
    assert all(f" of {5 * 2**21:,} trials" in line for line in lines)
    assert json.loads(result.stdout)["outcomes"] == 5 * 2**21
