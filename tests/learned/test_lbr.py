"""The local best response against compiled bots: it finds what a bot gives away."""

from __future__ import annotations

import pytest

from stud.learned.lbr import local_best_response
from stud.rules import Rules, Variant

RULES = Rules(Variant.STUD8, ante=1, bring_in=1, small_bet=5, big_bet=10)


def test_it_beats_a_calling_station_by_betting_its_good_hands() -> None:
    # A station never folds and never raises: betting every hand that is ahead of its
    # range wins more than the cards give, so the margin is clear of zero.
    result = local_best_response(RULES, "station", 100, seed=2, particles=16, runs=4)
    assert result.deals == 100
    assert result.bb_per_100 - result.ci95 > 0


def test_it_is_deterministic_given_its_seed() -> None:
    first = local_best_response(RULES, "random", 20, seed=5, particles=8, runs=2)
    again = local_best_response(RULES, "random", 20, seed=5, particles=8, runs=2)
    other = local_best_response(RULES, "random", 20, seed=6, particles=8, runs=2)
    assert first == again
    assert first != other


@pytest.mark.parametrize(
    ("bot", "deals", "message"),
    [("shark", 10, "bot 'shark': choose among"), ("tight", 1, "deals")],
)
def test_bad_arguments_are_clear_errors(bot: str, deals: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        local_best_response(RULES, bot, deals)
