"""R5: betting rounds, the cap, first to act, the open pair, short all-ins, running out.

Stakes are 1/2/10/20 (ante, bring-in, small bet, big bet), so half a small bet is 5.
"""

import random
from collections.abc import Sequence
from typing import Any

import pytest

from helpers import (
    call_down,
    deal,
    deck_for,
    legal,
    play,
    refused,
    rules,
    show_all,
    table,
    taken,
)
from stud.actions import ActionTaken, Fold
from stud.bots import EquityBot, RandomBot, StationBot, TightBot
from stud.cards import parse_cards
from stud.rules import ShortAllInRule
from stud.state import HandState, Phase, new_hand
from stud.views import view_of

THREE = {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h"}
"""Doors Qh, Jc, 2h: seat 2 brings in; passive play leaves 97 behind and a pot of 9."""

FOUR = {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h", 3: "5c 5d 9h"}
"""Doors Qh, Jc, 2h, 9h: seat 2 brings in."""


def fourth_street(
    variant: str,
    stacks: Sequence[int],
    fourth: dict[int, str],
    third: dict[int, str] | None = None,
    **options: Any,
) -> HandState:
    """Third street dealt and called around (bring-in 2), then fourth street dealt."""
    third = third if third is not None else (THREE if len(stacks) == 3 else FOUR)
    state = call_down(table(variant, stacks, third, **options))
    return deal(state, fourth)


# -- R5.1 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_1_round_goes_on_until_everyone_has_acted(variant: str) -> None:
    state = fourth_street(variant, [100] * 3, {0: "5s", 1: "6s", 2: "7d"})
    assert state.actor == 0  # Q-5 shows highest
    state = play(state, "0 check", "1 check")
    assert state.phase is Phase.BETTING  # seat 2 has not acted yet
    state = play(state, "2 bet 10")
    # The two who checked must now act again.
    assert legal(state) == ["fold", "call", "raise 20"]
    state = play(state, "0 call")
    assert state.actor == 1
    state = play(state, "1 fold")
    assert state.phase is Phase.DEAL
    assert state.street == 5
    assert state.wagers == (10, 0, 10)


def test_r5_1_a_raise_makes_the_bettor_act_again() -> None:
    state = fourth_street("stud8", [100] * 3, {0: "5s", 1: "6s", 2: "7d"})
    state = play(state, "0 bet 10", "1 call", "2 raise 20", "0 call")
    assert state.actor == 1  # called 10, owes 10 more
    state = play(state, "1 call")
    assert state.phase is Phase.DEAL
    assert state.wagers == (20, 20, 20)


def test_r5_1_checked_around_round_ends_after_the_last_check() -> None:
    state = fourth_street("razz", [100] * 3, {0: "5s", 1: "6s", 2: "7d"})
    first = state.actor
    assert first is not None
    state = play(state, *(f"{(first + k) % 3} check" for k in range(3)))
    assert state.phase is Phase.DEAL
    assert state.street == 5


# -- R2.2 (bet sizes by street, through the betting rounds) ----------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_r2_2_small_bet_on_third_and_fourth_big_bet_after(variant: str) -> None:
    state = table(variant, [500] * 2, {0: "Kc Kd Qh", 1: "As Ad 2c"})
    first = state.actor
    assert first is not None
    assert legal(state) == ["bring", "complete 10"]
    state = play(state, f"{first} complete 10")
    assert legal(state) == ["fold", "call", "raise 20"]
    state = play(state, f"{1 - first} call")
    sizes: dict[int, list[str]] = {}
    for street, cards in zip(range(4, 8), ("5s 6s", "7h 8h", "9c Tc", "3d 4d"), strict=True):
        mine, yours = cards.split()
        state = deal(state, {0: mine, 1: yours})
        assert state.street == street
        sizes[street] = legal(state)
        state = call_down(state)
    assert sizes == {
        4: ["fold", "check", "bet 10"],
        5: ["fold", "check", "bet 20"],
        6: ["fold", "check", "bet 20"],
        7: ["fold", "check", "bet 20"],
    }


def test_r2_2_raises_on_fifth_street_are_big_bets() -> None:
    state = fourth_street("stud", [200] * 3, {0: "5s", 1: "6s", 2: "7d"})
    state = call_down(state)
    state = deal(state, {0: "8s", 1: "9d", 2: "Th"})
    first = state.actor
    assert first == 0  # Q-8-5 over J-9-6 and T-7-2
    state = play(state, "0 bet 20")
    assert legal(state) == ["fold", "call", "raise 40"]
    refused(state, "raise 30", "cannot raise to 30")


# -- R5.2 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_r5_2_cap_is_one_bet_and_three_raises(variant: str) -> None:
    state = table(variant, [200] * 3, THREE)
    first = state.actor
    assert first is not None
    a, b, c = first, (first + 1) % 3, (first + 2) % 3
    state = play(state, f"{a} bring", f"{b} complete 10", f"{c} raise 20")
    state = play(state, f"{a} raise 30", f"{b} raise 40")
    assert state.actor == c
    assert legal(state) == ["fold", "call"]
    refused(state, "raise 50", "cannot raise to 50")
    state = play(state, f"{c} call")
    assert legal(state) == ["fold", "call"]  # the bring-in player too
    state = play(state, f"{a} call")
    assert state.phase is Phase.DEAL
    assert state.wagers == (40, 40, 40)


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_2_cap_on_a_big_bet_street(variant: str) -> None:
    state = fourth_street(variant, [200] * 3, {0: "5s", 1: "6s", 2: "7d"})
    state = deal(call_down(state), {0: "8s", 1: "9d", 2: "Th"})
    state = play(state, "0 bet 20", "1 raise 40", "2 raise 60", "0 raise 80")
    assert legal(state) == ["fold", "call"]


def test_r5_2_cap_applies_heads_up_by_default() -> None:
    state = table("stud", [200] * 2, {0: "Kc Kd Qh", 1: "As Ad 2c"})
    state = play(state, "1 bring", "0 complete 10", "1 raise 20", "0 raise 30", "1 raise 40")
    assert legal(state) == ["fold", "call"]


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_2_uncapped_heads_up_option(variant: str) -> None:
    state = table(variant, [200] * 2, {0: "Kc Kd Qh", 1: "As Ad 2c"}, uncapped_heads_up=True)
    state = play(state, "1 bring", "0 complete 10", "1 raise 20", "0 raise 30", "1 raise 40")
    assert legal(state) == ["fold", "call", "raise 50"]
    state = play(state, "0 raise 50", "1 raise 60", "0 raise 70")
    assert legal(state) == ["fold", "call", "raise 80"]


def test_r5_2_uncapped_heads_up_stays_capped_with_three_who_can_bet() -> None:
    state = table("stud", [200] * 3, THREE, uncapped_heads_up=True)
    state = play(state, "2 bring", "0 complete 10", "1 raise 20", "2 raise 30", "0 raise 40")
    assert legal(state) == ["fold", "call"]


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_2_uncapped_once_only_two_can_still_bet(variant: str) -> None:
    # Three are in, but seat 0 is all-in (10 behind after the ante): two can bet.
    state = table(variant, [11, 200, 200], THREE, uncapped_heads_up=True)
    state = play(state, "2 bring", "0 complete 10", "1 raise 20", "2 raise 30", "1 raise 40")
    assert state.stacks[0] == 0
    assert legal(state) == ["fold", "call", "raise 50"]


def test_r5_2_max_raises_option() -> None:
    state = table("stud", [200] * 3, THREE, max_raises=1)
    state = play(state, "2 bring", "0 complete 10", "1 raise 20")
    assert legal(state) == ["fold", "call"]


# -- R5.3 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_3_highest_showing_hand_acts_first(variant: str) -> None:
    state = fourth_street(variant, [100] * 3, {0: "5s", 1: "Ah", 2: "7d"})
    assert state.actor == 1  # J-A over Q-5 over 7-2 (the ace is high)


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_3_open_pair_beats_high_cards(variant: str) -> None:
    state = fourth_street(variant, [100] * 3, {0: "Ac", 1: "6s", 2: "2s"})
    assert state.actor == 2  # a pair of deuces beats A-Q


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_3_second_card_breaks_a_tie_of_high_cards(variant: str) -> None:
    third = {0: "2c 3c Qh", 1: "2d 3d Qs", 2: "4c 4d 2h"}
    state = fourth_street(variant, [100] * 3, {0: "9s", 1: "Tc", 2: "8d"}, third)
    assert state.actor == 1  # Q-T over Q-9


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_3_tie_goes_to_the_lowest_seat(variant: str) -> None:
    # Seats 1 and 2 both show Q-9: suits do not matter, seat 1 acts first.
    third = {0: "2c 3c 5h", 1: "2d 3d Qs", 2: "4c 4d Qh"}
    state = fourth_street(variant, [100] * 3, {0: "6c", 1: "9c", 2: "9s"}, third)
    assert state.actor == 1
    # And when the tie is between the last seat and seat 0, seat 0 acts first.
    third = {0: "2c 3c Qh", 1: "2d 3d 5h", 2: "4c 4d Qs"}
    state = fourth_street(variant, [100] * 3, {0: "9s", 1: "6c", 2: "9c"}, third)
    assert state.actor == 0


def test_r5_3_straights_and_flushes_do_not_count() -> None:
    # Sixth street: seat 0 shows 5h 6h 7h 8h (four to a straight flush), seat 1 a
    # pair of deuces, which is the better showing hand.
    state = call_down(table("stud", [200] * 2, {0: "Ac Ad 5h", 1: "Kc Kd 2c"}))
    for fourth, fifth in (("6h", "2d"), ("7h", "3s")):
        state = call_down(deal(state, {0: fourth, 1: fifth}))
    state = deal(state, {0: "8h", 1: "4c"})
    assert state.street == 6
    assert state.actor == 1


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_3_all_in_best_hand_action_starts_with_next_player_who_can_act(variant: str) -> None:
    # Seat 1 (all-in on third street) shows the best hand on fourth street: seat 2, the
    # next clockwise who can bet, acts first, though seat 3 shows more than seat 2.
    stacks = [100, 3, 100, 100]
    state = fourth_street(variant, stacks, {0: "5s", 1: "Js", 2: "7d", 3: "Kh"})
    assert state.stacks[1] == 0
    assert state.actor == 2


def test_r5_3_razz_lowest_showing_hand_acts_first() -> None:
    # Razz doors Qh, Jc, 2h: seat 0 brings in with the queen.
    state = fourth_street("razz", [100] * 3, {0: "5s", 1: "6s", 2: "7d"})
    assert state.actor == 2  # 7-2 is the lowest showing


def test_r5_3_razz_pairs_are_bad_and_the_ace_is_low() -> None:
    third = {0: "Kc Kd 2s", 1: "Qc Qd As", 2: "Jc Jd 9h"}
    state = fourth_street("razz", [100] * 3, {0: "2c", 1: "3s", 2: "8c"}, third)
    assert state.actor == 1  # 3-A beats 9-8; 2-2 is a pair, worst of all


def test_r5_3_razz_tie_goes_to_the_lowest_seat() -> None:
    third = {0: "Kc Kd 4s", 1: "Qc Qd 9s", 2: "Jc Jd 4h"}
    state = fourth_street("razz", [100] * 3, {0: "6c", 1: "2s", 2: "6d"}, third)
    assert state.actor == 0  # seats 0 and 2 both show 6-4


# -- R5.4 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_r5_4_first_player_on_fourth_street_may_check_or_bet(variant: str) -> None:
    state = fourth_street(variant, [100] * 3, {0: "5s", 1: "6s", 2: "7d"})
    assert legal(state) == ["fold", "check", "bet 10"]  # and fold (R5.8)
    refused(state, "bet 20", "cannot bet 20")


# -- R5.5 ------------------------------------------------------------------------

PAIR = {0: "5s", 1: "Jh", 2: "7d"}
"""Fourth street where seat 1 pairs its jack door card and acts first."""


def test_r5_5_open_pair_allows_small_or_big_bet_on_fourth() -> None:
    state = fourth_street("stud", [200] * 3, PAIR)
    assert state.actor == 1
    assert legal(state) == ["fold", "check", "bet 10", "bet 20"]


def test_r5_5_open_pair_small_bet_may_be_raised_small_or_big() -> None:
    state = play(fourth_street("stud", [200] * 3, PAIR), "1 bet 10")
    assert legal(state) == ["fold", "call", "raise 20", "raise 30"]
    state = play(state, "2 raise 20")
    assert legal(state) == ["fold", "call", "raise 30", "raise 40"]


def test_r5_5_after_a_big_bet_every_raise_is_big() -> None:
    state = play(fourth_street("stud", [300] * 3, PAIR), "1 bet 20")
    assert legal(state) == ["fold", "call", "raise 40"]
    refused(state, "raise 30", "cannot raise to 30")
    state = play(state, "2 raise 40")
    assert legal(state) == ["fold", "call", "raise 60"]


def test_r5_5_after_a_big_raise_every_raise_is_big() -> None:
    state = play(fourth_street("stud", [300] * 3, PAIR), "1 bet 10", "2 raise 30")
    assert legal(state) == ["fold", "call", "raise 50"]
    state = play(state, "0 raise 50", "1 raise 70")
    assert legal(state) == ["fold", "call"]  # the cap: bet and three raises


def test_r5_5_open_pair_of_a_player_all_in_still_counts() -> None:
    # Seat 1 is all-in (3 chips: ante and bring-in call) and pairs its jack.
    state = fourth_street("stud", [100, 3, 100], PAIR)
    assert state.stacks[1] == 0
    assert state.actor == 2  # next clockwise who can bet
    assert legal(state) == ["fold", "check", "bet 10", "bet 20"]


def test_r5_5_open_pair_with_equal_small_and_big_bets_offers_one_size() -> None:
    state = fourth_street("stud", [200] * 3, PAIR, stakes="1/2/10/10")
    assert legal(state) == ["fold", "check", "bet 10"]
    state = play(state, "1 bet 10")
    assert legal(state) == ["fold", "call", "raise 20"]


@pytest.mark.parametrize("variant", ["stud8", "razz"])
def test_r5_5_open_pair_changes_nothing_in_stud8_and_razz(variant: str) -> None:
    third = {0: "Kc Kd Qh", 1: "As Ad 5c", 2: "4c 4d 2h"}
    state = fourth_street(variant, [200] * 3, {0: "5s", 1: "5h", 2: "7d"}, third)
    first = state.actor
    assert first is not None
    assert legal(state) == ["fold", "check", "bet 10"]
    refused(state, "bet 20", "cannot bet 20")
    state = play(state, f"{first} bet 10")
    assert legal(state) == ["fold", "call", "raise 20"]


def test_r5_5_open_pair_is_only_for_fourth_street() -> None:
    state = fourth_street("stud", [300] * 3, PAIR)
    state = deal(call_down(state), {0: "8s", 1: "9d", 2: "Th"})
    assert state.actor == 1
    assert legal(state) == ["fold", "check", "bet 20"]


# -- R5.6 ------------------------------------------------------------------------

NO_PAIR = {0: "6s", 1: "7s", 2: "8d", 3: "3h"}
"""Fourth street for FOUR with no pair: seat 0 (Q-6) acts first, then 1, 2, 3."""


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_6_all_in_call_for_less(variant: str) -> None:
    # Seat 1 has 8 behind on fourth street and calls a 10 bet all-in for 8.
    state = fourth_street(variant, [100, 11, 100], {0: "5s", 1: "6s", 2: "7d"})
    state = play(state, "0 bet 10")
    assert legal(state) == ["fold", "call"]
    state = play(state, "1 call")
    event = state.events[-1]
    assert isinstance(event, ActionTaken)
    assert (event.amount, event.all_in) == (8, True)
    assert state.stacks[1] == 0
    assert state.level == 10
    assert legal(state) == ["fold", "call", "raise 20"]  # seat 2 still faces the full 10


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_6_short_all_in_of_half_a_bet_reopens_the_betting(variant: str) -> None:
    # Seat 1 has 16 behind: over a bet of 10 it raises all-in to 16, 6 more, at least
    # half of 10, so it counts as a full raise: the bettor (seat 0) may raise again.
    state = fourth_street(variant, [100, 19, 100], {0: "5s", 1: "6s", 2: "7d"})
    state = play(state, "0 bet 10")
    assert legal(state) == ["fold", "call", "raise 16"]
    state = play(state, "1 raise 16")
    assert legal(state) == ["fold", "call", "raise 26"]  # highest wager plus 10
    state = play(state, "2 call")
    assert state.actor == 0
    assert legal(state) == ["fold", "call", "raise 26"]


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_6_short_all_in_under_half_a_bet_does_not_reopen_for_those_who_acted(
    variant: str,
) -> None:
    # Seat 1 raises all-in to 14, only 4 more: seat 0, who bet, may only call or fold;
    # seat 2, who has not acted, may make a full raise to 14 + 10.
    state = fourth_street(variant, [100, 17, 100], {0: "5s", 1: "6s", 2: "7d"})
    state = play(state, "0 bet 10", "1 raise 14")
    assert legal(state) == ["fold", "call", "raise 24"]
    state = play(state, "2 call")
    assert state.actor == 0
    assert legal(state) == ["fold", "call"]
    refused(state, "raise 24", "cannot raise to 24")
    state = play(state, "0 call")
    assert state.phase is Phase.DEAL
    assert state.wagers == (14, 14, 14)


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_6_full_bet_rule_short_all_in_never_reopens(variant: str) -> None:
    state = fourth_street(
        variant,
        [100, 19, 100],
        {0: "5s", 1: "6s", 2: "7d"},
        short_all_in_rule=ShortAllInRule.FULL_BET,
    )
    state = play(state, "0 bet 10", "1 raise 16")
    assert legal(state) == ["fold", "call", "raise 26"]  # seat 2 has not acted
    state = play(state, "2 call")
    assert legal(state) == ["fold", "call"]  # seat 0 bet already: 6 more does not reopen


def test_r5_6_full_bet_rule_even_a_nearly_full_all_in_does_not_reopen() -> None:
    state = fourth_street(
        "stud8",
        [100, 22, 100],
        {0: "5s", 1: "6s", 2: "7d"},
        short_all_in_rule="full-bet",
    )
    state = play(state, "0 bet 10", "1 raise 19", "2 call")
    assert legal(state) == ["fold", "call"]


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_6_short_all_in_of_half_a_bet_counts_toward_the_cap(variant: str) -> None:
    # Seat 2 has 26 behind: bet 10, raise 20, all-in 26 (6 more: a raise), raise 36:
    # that is the bet and three raises, so seat 0 may only call.
    state = fourth_street(variant, [100, 100, 29, 100], NO_PAIR)
    state = play(state, "0 bet 10", "1 raise 20", "2 raise 26")
    assert legal(state) == ["fold", "call", "raise 36"]
    state = play(state, "3 raise 36")
    assert legal(state) == ["fold", "call"]


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_6_short_all_in_under_half_does_not_count_toward_the_cap(variant: str) -> None:
    # Seat 2 has 23 behind: its all-in to 23 (3 more) is not a raise, so seat 3 raises
    # to 33 (the second raise) and seat 0 to 43 (the third); then the cap.
    state = fourth_street(variant, [100, 100, 26, 100], NO_PAIR)
    state = play(state, "0 bet 10", "1 raise 20", "2 raise 23")
    assert legal(state) == ["fold", "call", "raise 33"]
    state = play(state, "3 raise 33")
    assert legal(state) == ["fold", "call", "raise 43"]
    state = play(state, "0 raise 43")
    assert legal(state) == ["fold", "call"]


def test_r5_6_full_bet_rule_short_all_in_does_not_count_toward_the_cap() -> None:
    state = fourth_street("stud", [100, 100, 29, 100], NO_PAIR, short_all_in_rule="full-bet")
    state = play(state, "0 bet 10", "1 raise 20", "2 raise 26", "3 raise 36")
    assert legal(state) == ["fold", "call", "raise 46"]


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_6_short_all_in_completion_under_half_does_not_reopen_for_the_bring_in(
    variant: str,
) -> None:
    # Seat 3 has 3 behind after the ante and "completes" all-in to 3, one more than
    # the bring-in: the bring-in player may only call it or fold; seats 0 and 1 have
    # not acted and may complete to the full 10.
    state = table(variant, [100, 100, 100, 4], FOUR)
    state = play(state, "2 bring")
    assert legal(state) == ["fold", "call", "complete 3"]
    state = play(state, "3 complete 3")
    assert legal(state) == ["fold", "call", "complete 10"]
    state = play(state, "0 call", "1 call")
    assert state.actor == 2
    assert legal(state) == ["fold", "call"]


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_6_short_all_in_completion_over_half_reopens_for_the_bring_in(variant: str) -> None:
    # All-in to 9 over the bring-in of 2: 7 of the 8 to complete, a full completion.
    state = table(variant, [100, 100, 100, 10], FOUR)
    state = play(state, "2 bring", "3 complete 9")
    assert legal(state) == ["fold", "call", "raise 19"]
    state = play(state, "0 call", "1 call")
    assert legal(state) == ["fold", "call", "raise 19"]


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_6_short_all_in_opening_bet_under_half_is_completed_to_the_full_bet(
    variant: str,
) -> None:
    """A short all-in bet of less than half is not a bet: the next full wager completes.

    RULES.md reads "every later full raise goes to the highest wager plus one
    increment"; with no full bet yet there is nothing to raise, so, as with the
    bring-in, the next player completes the bet to the small bet (cardroom practice).
    """
    # Seat 0 has 4 behind on fourth street and bets it all.
    state = fourth_street(variant, [7, 100, 100], {0: "5s", 1: "6s", 2: "7d"})
    assert legal(state) == ["fold", "check", "bet 4"]
    state = play(state, "0 bet 4")
    assert legal(state) == ["fold", "call", "complete 10"]
    state = play(state, "1 complete 10")
    assert legal(state) == ["fold", "call", "raise 20"]


def test_r5_6_short_all_in_opening_bet_of_half_counts_as_the_bet() -> None:
    state = fourth_street("stud", [9, 100, 100], {0: "5s", 1: "6s", 2: "7d"})
    state = play(state, "0 bet 6")
    assert legal(state) == ["fold", "call", "raise 16"]


def test_r5_6_all_in_for_less_than_a_big_raise_on_an_open_pair() -> None:
    # Open pair, seat 2 has 15 behind: short of both the small (20) and the big (30)
    # raise, its one raise is all-in to 15.
    state = fourth_street("stud", [200, 200, 18], PAIR)
    state = play(state, "1 bet 10")
    assert legal(state) == ["fold", "call", "raise 15"]


def test_r5_6_no_raise_is_offered_twice_when_the_stack_is_exactly_one_bet() -> None:
    # Open pair: seat 1 has exactly 10 behind, so "bet 10" is both the small bet and
    # all-in; it must be offered once.
    state = fourth_street("stud", [100, 13, 100], {0: "5s", 1: "Jh", 2: "7d"})
    assert state.actor == 1
    assert legal(state) == ["fold", "check", "bet 10"]


# -- R5.7 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_7_heads_up_all_in_cards_are_dealt_with_no_more_betting(variant: str) -> None:
    state = table(variant, [100, 11], {0: "Kc Kd Qh", 1: "As Ad 2c"})
    state = play(state, "1 bring", "0 complete 10", "1 call")  # all-in for 8 more
    assert state.stacks == (89, 0)
    for street, cards in zip(
        range(4, 7), ({0: "3c", 1: "3d"}, {0: "4c", 1: "4d"}, {0: "5c", 1: "5d"}), strict=True
    ):
        assert (state.phase, state.street) == (Phase.DEAL, street)
        state = deal(state, cards)
    assert (state.phase, state.street) == (Phase.DEAL, 7)
    state = deal(state, {0: "7c", 1: "7d"})
    assert state.phase is Phase.SHOWDOWN
    assert [(street, seat) for street, seat, _, _ in taken(state)] == [(3, 1), (3, 0), (3, 1)]


def test_r5_7_everyone_all_in_on_the_ante_no_bring_in() -> None:
    state = table("stud8", [1, 1, 1], THREE)
    assert state.stacks == (0, 0, 0)
    assert (state.phase, state.street) == (Phase.DEAL, 4)
    assert taken(state) == []


def test_r5_7_one_player_with_chips_and_the_rest_all_in_on_the_ante() -> None:
    state = table("stud", [100, 1, 1], THREE)
    assert (state.phase, state.street) == (Phase.DEAL, 4)  # no bring-in: nobody to bet with
    assert state.stacks == (99, 0, 0)


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_7_player_with_chips_must_still_answer_an_all_in_bet(variant: str) -> None:
    # Seat 0 shoves its last 8 on fourth street: seat 1 must call or fold, no raise
    # (nobody left to call it), then the hand runs out.
    state = fourth_street(variant, [11, 100], {0: "Ac", 1: "5d"}, {0: "Kc Kd Qh", 1: "As Ad 2c"})
    assert state.actor == 0
    state = play(state, "0 bet 8")
    assert legal(state) == ["fold", "call"]
    state = play(state, "1 call")
    assert (state.phase, state.street) == (Phase.DEAL, 5)


def test_r5_7_three_handed_two_all_in_deals_out_with_a_deck() -> None:
    hands = ["Kc Kd Qh 2s 3s 4s 5s", "As Ad Jc 2d 3d 4d 5d", "4c 4h 2h 6c 7c 8c 9h"]
    state = new_hand(rules("stud"), [100, 3, 3], deck=deck_for(hands))
    # Seats 1 and 2 have 2 behind: seat 2 brings in all-in, seat 1 calls all-in.
    state = play(state, "2 bring", "0 call", "1 call")
    assert state.phase is Phase.SHOWDOWN  # only seat 0 could bet: cards ran out
    assert [state.cards_of(s) for s in range(3)] == [parse_cards(h) for h in hands]
    state = show_all(state)
    # Everyone put in 3; seat 1's steel wheel (A-2-3-4-5 of diamonds) takes all 9.
    assert state.final_stacks == (97, 9, 0)


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r5_6_bring_in_player_completing_all_in_is_measured_from_the_bring_in(
    variant: str,
) -> None:
    # The bring-in seat (2) has 5 or 6 behind after the ante. A completion goes from
    # the bring-in (2) to the small bet (10): 8, half of it 4. All-in to 5 adds 3, not
    # a completion, so the next player completes to 10; all-in to 6 adds 4, a
    # completion, so the next full wager is a raise to 6 + 10 = 16.
    short = table(variant, [100, 100, 6, 100], FOUR)
    assert legal(short) == ["bring", "complete 5"]
    assert legal(play(short, "2 complete 5")) == ["fold", "call", "complete 10"]
    enough = table(variant, [100, 100, 7, 100], FOUR)
    assert legal(play(enough, "2 complete 6")) == ["fold", "call", "raise 16"]


# -- R5.6a: short all-ins add up from the last full wager level ---------------------


def _short_all_ins(short_all_in_rule: str = "half-bet") -> HandState:
    """Bring-in 1, small bet 5: seat 0 brings in, seat 1 is all-in to 2, seat 2 to 3."""
    state = table(
        "stud",
        [100, 2, 3, 100],
        {0: "Kc Kd 2c", 1: "As Ad Kh", 2: "4c 4d Qh", 3: "9s 9h Ac"},
        stakes="0/1/5/10",
        short_all_in_rule=short_all_in_rule,
    )
    state = play(state, "0 bring", "1 complete 2")
    assert legal(state) == ["fold", "call", "complete 3"]  # 2 alone is no completion
    return play(state, "2 complete 3")


def test_r5_6a_two_short_all_ins_add_up_to_the_completion() -> None:
    # 3 is half way from the bring-in (1) to the small bet (5): together the two short
    # all-ins are the completion, so the next full raise goes to 3 + 5 = 8.
    state = _short_all_ins()
    assert state.full_bet is True
    assert legal(state) == ["fold", "call", "raise 8"]
    state = play(state, "3 call")
    # The completion reopened the betting for the bring-in player.
    assert legal(state) == ["fold", "call", "raise 8"]


def test_r5_6a_under_the_full_bet_rule_short_all_ins_must_add_up_to_a_full_wager() -> None:
    state = _short_all_ins("full-bet")
    assert state.full_bet is False
    assert legal(state) == ["fold", "call", "complete 5"]


def test_r5_6a_short_raises_add_up_from_the_last_full_raise() -> None:
    # Fourth street, bet 10: seat 1 is all-in to 14 (4 of 10: no raise), seat 2 all-in
    # to 15 (5 over the last full level, 10: half a raise, so a raise); seat 0, who bet,
    # may raise again, to 15 + 10.
    state = fourth_street("stud", [100, 17, 18, 100], {0: "Ah", 1: "6d", 2: "7h", 3: "8c"})
    state = play(state, "0 bet 10", "1 raise 14")
    assert state.raises == 1
    state = play(state, "2 raise 15")
    assert state.raises == 2
    state = play(state, "3 call")
    assert legal(state) == ["fold", "call", "raise 25"]


# -- R5.8: folding when checking is free ---------------------------------------------


def test_r5_8_a_player_may_fold_when_checking_is_free() -> None:
    state = fourth_street("stud", [100, 100, 100], {0: "Ah", 1: "5d", 2: "7h"})
    assert legal(state)[:2] == ["fold", "check"]
    state = play(state, "0 fold", "1 check", "2 check")
    assert state.folded == (True, False, False)
    assert state.street == 5


def test_r5_8_a_free_fold_heads_up_ends_the_hand() -> None:
    state = fourth_street("stud", [100, 100], {0: "Ah", 1: "5d"}, {0: "Kc Kd Qh", 1: "As Ad Jc"})
    state = play(state, "0 fold")
    assert state.is_over
    assert state.payoffs == (-3, 3)


def test_r5_8_the_bring_in_player_may_not_fold_before_posting() -> None:
    state = table("stud", [100, 100], {0: "Kc Kd 2c", 1: "As Ad Jc"})
    refused(state, "fold", "cannot fold")


def test_r5_8_bots_do_not_fold_where_they_could_check() -> None:
    state = fourth_street("stud", [100, 100, 100], {0: "Ah", 1: "5d", 2: "7h"})
    rng = random.Random(5)
    for bot in (RandomBot(), StationBot(), TightBot(), EquityBot()):
        for _ in range(20):
            assert bot.act(view_of(state, 0), rng) != Fold()
