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


def _line(total: Tally, key: str, opportunities: int, done: int, results: list[float]) -> None:
    line = total.line(key)
    line.opportunities, line.done = opportunities, done
    line.net, line.net_sq = sum(results), sum(r * r for r in results)


def test_a_rate_of_nothing_over_two_chances_is_no_leak() -> None:
    """0% over two chances against 18% over a thousand: the pooled error of so few
    chances keeps it under 4 errors; the same 0% over 400 chances is a leak."""
    reference = Tally("reference")
    reference.hands = 5000
    _line(reference, "bet_5", 1000, 182, [0.5] * 1000)
    for chances, leaking in ((2, False), (400, True)):
        player = Tally("hero")
        player.hands = 100 * chances
        _line(player, "bet_5", chances, 0, [-1.0, -2.0] * (chances // 2))
        assert [leak.stat.key for leak in find_leaks(player, reference)] == (
            ["bet_5"] if leaking else []
        )
