"""All-in EV: the moment the betting stopped, each pot shared by the odds."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from made_hands import ALL_IN, SHOWDOWN, STEAL, phh, played

from stud.cards import Card, format_cards
from stud.stats.ev import all_in, engine_shares, ev_series
from stud.stats.hands import PlayedHand

seen: list[tuple[list[str], str, str]] = []


def fixed(
    hands: Sequence[Sequence[Card]], dead: Sequence[Card], variant: str
) -> tuple[list[float], str]:
    """Three quarters for the first player, whatever the cards; records what it was asked."""
    seen.append(([format_cards(h) for h in hands], format_cards(sorted(dead)), variant))
    return [0.75, 0.25], "exact"


def test_the_all_in_moment_uses_the_cards_dealt_until_the_betting_stopped() -> None:
    seen.clear()
    hand = played(ALL_IN)
    ann = all_in(hand, 0, fixed)
    assert ann is not None
    # all-in on 5th street: five cards each, the 6th and 7th dealt with no decision left
    assert seen == [(["Ah Ad 7c Qc Jd", "Kh Kd 2c 3c 4c"], "", "stud")]
    assert ann.street == 5
    assert ann.expected == 18 - 12  # three quarters of the 24-chip pot, less 12 put in
    assert ann.actual == -12
    assert ann.luck == -18
    bob = all_in(hand, 1, fixed)
    assert bob is not None
    assert bob.expected == -6
    assert bob.actual == 12


def test_the_odds_engine_values_the_hand_exactly() -> None:
    hand = played(ALL_IN)
    ann = all_in(hand, 0, engine_shares)
    bob = all_in(hand, 1, engine_shares)
    assert ann is not None
    assert bob is not None
    assert ann.method == "exact"
    assert ann.equity + bob.equity == pytest.approx(1.0)
    assert 0.5 < ann.equity < 1.0  # aces ahead of kings with two cards to come
    assert ann.expected + bob.expected in (-1, 0, 1)  # rounding to whole chips


def test_hands_not_all_in_or_with_unknown_cards_are_left_as_they_are() -> None:
    assert all_in(played(SHOWDOWN), 0, fixed) is None
    assert all_in(played(STEAL), 3, fixed) is None
    hidden = phh(
        [line.replace("KhKd2c", "????2c") for line in _actions(ALL_IN)],
        stacks=[1000, 12],
        players=["ann", "bob"],
    )
    with pytest.raises(AssertionError):  # the pot cannot be decided without bob's cards
        played(hidden)


def _actions(text: str) -> list[str]:
    body = text.split("actions = [\n", 1)[1].split("\n]", 1)[0]
    return [line.strip().rstrip(",").strip("'") for line in body.splitlines()]


def test_unknown_down_cards_are_not_valued() -> None:
    state = played(ALL_IN).state
    hand = PlayedHand(state, ("ann", "bob"), "x", known=(True, False))
    assert all_in(hand, 0, fixed) is None


def test_series_replace_the_all_in_results_by_their_expectation() -> None:
    hands = [played(STEAL), played(ALL_IN)]
    actual, adjusted, valued = ev_series(hands, "ann", fixed)
    assert actual == pytest.approx([-0.1, -1.3])
    assert adjusted == pytest.approx([-0.1, 0.5])
    assert len(valued) == 1
