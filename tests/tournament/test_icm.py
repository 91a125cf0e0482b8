"""ICM (Malmuth-Harville) against examples worked by hand."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from stud.cli.main import app
from stud.tournament.icm import icm_equities, place_probabilities

runner = CliRunner()


def test_three_players_worked_by_hand() -> None:
    # Player 1 (5000 of 10000) wins with 1/2; is second after player 2 wins (3/10)
    # then beats player 3 (5/7), or after player 3 wins (2/10) then beats player 2
    # (5/8): 3/14 + 1/8 = 19/56; third with the rest, 9/56.
    # Equity 50 x 1/2 + 30 x 19/56 + 20 x 9/56 = 1075/28.
    one, two, three = icm_equities([5000, 3000, 2000], [50, 30, 20])
    assert one == pytest.approx(float(Fraction(1075, 28)))
    # Player 2: first 3/10; second 1/2 x 3/5 + 1/5 x 3/8 = 3/8; third 13/40.
    assert two == pytest.approx(15 + 30 * 3 / 8 + 20 * 13 / 40)  # 32.75
    # Player 3: first 1/5; second 1/2 x 2/5 + 3/10 x 2/7 = 2/7; third 18/35.
    assert three == pytest.approx(float(Fraction(202, 7)))


def test_heads_up_is_second_prize_plus_the_chip_share_of_the_difference() -> None:
    assert icm_equities([3000, 1000], [70, 30]) == pytest.approx([60.0, 40.0])


def test_winner_take_all_is_the_chip_share() -> None:
    assert icm_equities([1, 2, 3, 4], [100]) == pytest.approx([10.0, 20.0, 30.0, 40.0])


def test_equal_stacks_share_equally() -> None:
    assert icm_equities([500] * 4, [50, 30, 20]) == pytest.approx([25.0] * 4)


@given(
    stacks=st.lists(st.integers(min_value=1, max_value=10_000), min_size=2, max_size=7),
    payouts=st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=7),
)
def test_the_prize_money_is_conserved_and_more_chips_are_worth_more(
    stacks: list[int], payouts: list[int]
) -> None:
    payouts = sorted(payouts, reverse=True)
    equities = icm_equities(stacks, payouts)
    assert sum(equities) == pytest.approx(sum(payouts[: len(stacks)]))
    for a in range(len(stacks)):
        for b in range(len(stacks)):
            if stacks[a] > stacks[b]:
                assert equities[a] >= equities[b] - 1e-9
    table = place_probabilities(stacks)
    for row in table:
        assert sum(row) == pytest.approx(1.0)
    for place in range(len(stacks)):
        assert sum(row[place] for row in table) == pytest.approx(1.0)


def test_bad_stacks_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        icm_equities([10, -1], [1])
    with pytest.raises(ValueError, match="at most 20"):
        icm_equities([1] * 21, [1])


def test_icm_command_prints_each_equity() -> None:
    result = runner.invoke(app, ["icm", "5000", "3000", "2000", "--payouts", "50,30,20"])
    assert result.exit_code == 0, result.output
    assert "38.3929" in result.stdout
    assert "32.7500" in result.stdout
    assert "28.8571" in result.stdout
    data = json.loads(runner.invoke(app, ["icm", "5000", "3000", "2000", "--json"]).stdout)
    assert data["equities"] == pytest.approx([38.392857, 32.75, 28.857143])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["icm", "5000", "lots"], "stack 2 ('lots') must be a whole number of chips"),
        (["icm", "5000"], "give at least two stacks"),
        (["icm", "10", "20", "--payouts", "50,x"], "--payouts 50,x: place 2 ('x') is not a number"),
        (["icm", "10", "20", "--payouts", "50,-5"], "place 2 (-5) must be a prize of 0 or more"),
    ],
)
def test_icm_command_refuses_bad_input_in_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output
