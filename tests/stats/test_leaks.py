"""The leak report finds a planted leak first and nothing in an unchanged bot.

A smaller version of benchmarks/validate_leaks.py (whose result is in
docs/stats.md): fewer hands, seeded, so the same hands every run.
"""

from __future__ import annotations

import pytest

from stud.bots import TightBot
from stud.rules import Rules
from stud.stats.counting import Tally, tally
from stud.stats.leaks import find_leaks
from stud.stats.planted import CallDownBot
from stud.stats.reference import play_table, reference_tally

HANDS = 4_000


@pytest.fixture(scope="module")
def reference() -> Tally:
    return reference_tally(Rules(), 4, HANDS, seed=1)


def hero(bot: object, seed: int) -> Tally:
    lineup = [bot, TightBot(), TightBot(), TightBot()]
    names = ["hero", "a", "b", "c"]
    return tally(play_table(Rules(), lineup, HANDS, seed, names=names), "hero")  # type: ignore[list-item]


def test_a_planted_call_down_on_sixth_street_ranks_first(reference: Tally) -> None:
    leaks = find_leaks(hero(CallDownBot(), 7), reference)
    assert leaks, "the planted leak was not found"
    top = leaks[0]
    assert top.stat.key == "fold_to_bet_6"
    assert top.direction == "too seldom"
    assert top.rate < top.reference
    assert top.cost > top.cost_error > 0
    assert top.examples
    assert all(label.startswith("hand ") for label, _ in top.examples)
    later = [leak for leak in leaks[1:] if leak.stat.street == 7]
    assert all(leak.follows == "fold_to_bet_6" for leak in later)


def test_an_unchanged_bot_shows_no_leak(reference: Tally) -> None:
    assert find_leaks(hero(TightBot(), 7), reference) == []
