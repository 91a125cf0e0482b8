"""Each statistic's definition on hand-made hands, counted by hand (tests/stats/hands.py)."""

from __future__ import annotations

import pytest
from made_hands import ALL_IN, SCOOP, SHOWDOWN, SPLIT, STEAL, TO_SHOWDOWN, played

from stud.stats.counting import Filters, figures, parse_doors, tally
from stud.stats.hands import seat_hand
from stud.stats.steals import steal_positions
from stud.stats.table import STATS


def counts(text: str, player: str) -> dict[str, tuple[int, int]]:
    """Every statistic's (opportunities, done) for one player in one hand."""
    total = tally([played(text)], player)
    return {key: (line.opportunities, line.done) for key, line in total.lines.items()}


def test_positions_are_counted_back_from_the_bring_in_as_fpdb_does() -> None:
    hand = played(STEAL)
    assert steal_positions(seat_hand(hand, 1)) == {2: 2, 3: 1, 0: 0}


def test_steal_fold_to_steal_and_third_street_stats() -> None:
    dan = counts(STEAL, "dan")
    assert dan["vpip"] == (1, 1)
    assert dan["complete"] == (1, 1)
    assert dan["open_complete"] == (1, 1)
    assert dan["steal"] == (1, 1)
    assert dan["steal_success"] == (1, 1)
    assert dan["complete_door_high"] == (1, 1)  # a queen door
    assert dan["complete_door_low"] == (0, 0)
    assert dan["call_completion"] == (0, 0)
    bob = counts(STEAL, "bob")
    assert bob["vpip"] == (1, 0)  # posting the bring-in is not voluntary
    assert bob["bring_in_complete"] == (1, 0)
    assert bob["fold_to_steal"] == (1, 1)
    assert bob["resteal"] == (1, 0)
    assert bob["fold_to_completion"] == (1, 1)
    cat = counts(STEAL, "cat")
    assert cat["steal"] == (1, 0)  # position 2, only the bring-in in: a chance not taken
    assert cat["limp"] == (1, 0)
    assert cat["play_door_high"] == (1, 0)
    ann = counts(STEAL, "ann")
    assert ann["steal"] == (0, 0)  # position 0, but dan had completed
    assert ann["fold_to_completion"] == (1, 1)
    assert ann["call_completion"] == (1, 0)
    assert ann["raise_completion"] == (1, 0)
    assert ann["complete_door_low"] == (0, 0)  # completing was no longer open
    assert ann["saw_4th"] == (1, 0)


def test_later_streets_continuation_check_raise_and_winning_without_showdown() -> None:
    ann = counts(SHOWDOWN, "ann")
    assert ann["complete"] == (1, 1)
    assert ann["continuation"] == (1, 1)
    assert ann["bet_4"] == (1, 1)
    assert ann["bet_5"] == (1, 0)  # checked
    assert ann["check_raise"] == (1, 1)
    assert ann["bet_6"] == (1, 1)
    assert ann["aggression_4"] == (1, 1)
    assert ann["aggression_5"] == (1, 1)
    assert ann["aggression_factor"] == (0, 3)  # three bets and raises, no call
    assert ann["saw_4th"] == (1, 1)
    assert ann["saw_7th"] == (1, 0)
    assert ann["wtsd"] == (1, 0)
    assert ann["won_seen_4th"] == (1, 1)
    assert ann["won_without_showdown"] == (1, 1)
    assert ann["won_at_showdown"] == (0, 0)
    bob = counts(SHOWDOWN, "bob")
    assert bob["call_completion"] == (1, 1)
    assert bob["fold_to_continuation"] == (1, 0)
    assert bob["fold_to_bet_4"] == (1, 0)
    assert bob["bet_5"] == (1, 1)
    assert bob["fold_to_bet_6"] == (1, 1)
    assert bob["aggression_factor"] == (2, 1)  # called 4th's bet and 5th's raise; bet 5th
    assert bob["check_raise"] == (0, 0)


def test_fold_to_bet_after_checking_is_not_a_check_raise_chance_taken() -> None:
    ann = counts(TO_SHOWDOWN, "ann")
    assert ann["limp"] == (1, 1)
    assert ann["vpip"] == (1, 1)
    assert ann["fold_to_bet_6"] == (1, 1)
    assert ann["check_raise"] == (1, 0)
    assert ann["bet_4"] == (1, 0)
    assert ann["wtsd"] == (1, 0)


def test_stud8_scoop_and_half() -> None:
    ann, bob = counts(SPLIT, "ann"), counts(SPLIT, "bob")
    for seat in (ann, bob):
        assert seat["wtsd"] == (1, 1)
        assert seat["won_at_showdown"] == (1, 1)
        assert seat["half"] == (1, 1)
        assert seat["scoop"] == (1, 0)
    assert ann["bring_in_complete"] == (1, 0)
    ann, bob = counts(SCOOP, "ann"), counts(SCOOP, "bob")
    assert ann["scoop"] == (1, 1)
    assert ann["half"] == (1, 0)
    assert bob["scoop"] == (1, 0)
    assert bob["won_at_showdown"] == (1, 0)


def test_scoop_and_half_count_only_in_stud8() -> None:
    assert counts(ALL_IN, "ann")["scoop"] == (0, 0)


def test_results_by_door_and_by_cards_showing() -> None:
    total = tally([played(STEAL)], "dan")
    assert total.line("door_Q").opportunities == 1
    assert total.line("door_Q").net == pytest.approx(0.4)  # +4 chips, big bet 10
    assert total.line("door_K").opportunities == 0
    # dan's J J Q: no other door (7h, 2c, Kd) shares a rank with them
    assert total.line("hand_live").opportunities == 1
    bob = tally([played(STEAL)], "bob")  # A K 2 against doors 7, K, Q: one shares
    assert bob.line("hand_partly_dead").opportunities == 1


def test_big_bets_per_100_and_its_interval() -> None:
    hands = [played(STEAL), played(SHOWDOWN)]
    ann = {f.stat.key: f for f in figures(tally(hands, "ann"))}
    # ann: -1 chip in STEAL, +33 in SHOWDOWN: 3.2 big bets over 2 hands
    assert ann["bb100"].value == pytest.approx(160.0)
    assert ann["bb100"].margin == pytest.approx(100 * 1.959964 * (3.4 / 2**0.5) / 2**0.5)
    assert ann["vpip"].value == pytest.approx(50.0)


def test_filters_pick_hands() -> None:
    hands = [played(STEAL), played(SPLIT)]
    assert tally(hands, "ann", Filters(variant="stud8")).hands == 1
    assert tally(hands, "ann", Filters(players=4)).hands == 1
    assert tally(hands, "ann", Filters(stakes="1/1/5/10")).hands == 2
    assert tally(hands, "ann", Filters(stakes="2/2/10/20")).hands == 0
    assert tally(hands, "dan", Filters(doors=parse_doors("Q"))).hands == 1
    assert tally(hands, "dan", Filters(doors=parse_doors("A,K"))).hands == 0
    assert tally(hands, "ann", Filters(since="2020-01-01")).hands == 0  # undated hands


def test_bad_door_ranks_are_named() -> None:
    with pytest.raises(ValueError, match="'X' is not a card rank"):
        parse_doors("AX")


def test_at_least_thirty_statistics_each_with_a_source_and_unique_key() -> None:
    assert len(STATS) >= 30
    assert len({s.key for s in STATS}) == len(STATS)
    assert all(s.source and s.definition for s in STATS)
