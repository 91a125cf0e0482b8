"""R4: the bring-in on third street (stakes 1/2/10/20 unless a test says otherwise)."""

import pytest

from engines import Compiled
from helpers import call_down, deal, deck_for, legal, play, refused, rules, table, taken
from stud.actions import BringIn, Complete
from stud.state import Phase, new_hand

HIGH_GAMES = ["stud", "stud8"]


@pytest.mark.parametrize("variant", HIGH_GAMES)
def test_r4_1_lowest_door_card_brings_in(variant: str) -> None:
    state = table(variant, [100] * 3, {0: "Kc Kd Qh", 1: "As Ad 4c", 2: "2c 3c 9h"})
    assert state.phase is Phase.BETTING
    assert state.actor == 1  # door cards Qh, 4c, 9h: the four is lowest
    assert state.bring_in_seat == 1


@pytest.mark.parametrize("variant", HIGH_GAMES)
def test_r4_1_ace_is_high_for_the_bring_in(variant: str) -> None:
    # An ace door card is the highest, not the lowest: the king brings in.
    state = table(variant, [100] * 3, {0: "2c 3c Ac", 1: "2d 3d Kd", 2: "2h 3h As"})
    assert state.actor == 1


@pytest.mark.parametrize("variant", HIGH_GAMES)
def test_r4_1_bring_in_suit_tie(variant: str) -> None:
    # Four deuces showing: clubs < diamonds < hearts < spades (R1.1), so the club.
    cards = {0: "Ac Kc 2s", 1: "Ad Kd 2h", 2: "Ah Kh 2c", 3: "As Ks 2d"}
    assert table(variant, [100] * 4, cards).actor == 2


@pytest.mark.parametrize("variant", HIGH_GAMES)
def test_r4_1_bring_in_suit_tie_diamond_below_heart(variant: str) -> None:
    cards = {0: "Ac Kc 7h", 1: "Ad Kd 7d", 2: "Ah Kh 9c"}
    assert table(variant, [100] * 3, cards).actor == 1


def test_r4_1_razz_highest_door_card_brings_in_ace_low() -> None:
    # Razz: the highest card brings in; the ace is low, so the king is highest.
    state = table("razz", [100] * 3, {0: "2c 3c Ac", 1: "2d 3d Kd", 2: "2h 3h Qs"})
    assert state.actor == 1


def test_r4_1_razz_ace_is_the_lowest_door_card() -> None:
    # Ace and deuce showing: the deuce is the higher card in razz and brings in.
    state = table("razz", [100] * 2, {0: "3c 4c As", 1: "3d 4d 2c"})
    assert state.actor == 1


def test_r4_1_razz_bring_in_suit_tie_goes_to_the_higher_suit() -> None:
    cards = {0: "2c 3c Kh", 1: "2d 3d Ks", 2: "2h 3h Kc", 3: "2s 3s Kd"}
    assert table("razz", [100] * 4, cards).actor == 1


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_r4_2_bring_in_player_may_only_bring_in_or_complete(variant: str) -> None:
    state = table(variant, [100] * 3, {0: "Kc Kd Qh", 1: "As Ad 7c", 2: "2c 3c 7h"})
    seat = state.actor
    assert seat is not None
    assert legal(state) == ["bring", "complete 10"]
    refused(state, "fold", "cannot fold")
    refused(state, "check", "cannot check")
    refused(state, "call", "cannot call")
    refused(state, "bet 10", "cannot bet")
    refused(state, "complete 20", "cannot complete to 20")
    after = play(state, f"{seat} bring")
    assert after.wagers[seat] == 2
    assert after.stacks[seat] == 100 - 1 - 2


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r4_2_bring_in_player_may_complete(variant: str) -> None:
    state = table(variant, [100] * 3, {0: "Kc Kd Qh", 1: "As Ad 4c", 2: "2c 3c 9h"})
    state = play(state, "1 complete 10")
    assert state.level == 10
    assert legal(state) == ["fold", "call", "raise 20"]  # seat 2: the completion was the bet


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r4_3_short_bring_in_posts_what_it_has_and_others_enter_for_the_full_bring_in(
    variant: str,
) -> None:
    # Seat 1 has 2 chips: the ante leaves 1, so it brings in all-in for 1.
    state = table(variant, [100, 2, 100], {0: "Kc Kd Qh", 1: "As Ad 3c", 2: "2c 3d 9h"})
    assert legal(state) == ["bring"]  # one chip cannot complete
    state = play(state, "1 bring")
    assert state.stacks[1] == 0
    assert state.level == 2  # the others still face the full bring-in
    assert legal(state) == ["fold", "call", "complete 10"]
    state = play(state, "2 call", "0 call")
    assert state.wagers == (2, 1, 2)
    assert state.stacks == (97, 0, 97)
    assert state.phase is Phase.DEAL  # the round is over: street 4 is due
    assert state.street == 4


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r4_3_short_bring_in_wins_only_what_was_matched(variant: str) -> None:
    # Seat 1 (aces, all-in for 1 on the bring-in) beats kings.
    state = table(variant, [100, 2, 100], {0: "Kc Kd Qh", 1: "As Ad 3c", 2: "2c 3d 9h"})
    state = play(state, "1 bring", "2 call", "0 call")
    for street_cards in ({0: "7c", 1: "8d", 2: "Jc"}, {0: "7h", 1: "8h", 2: "Jd"}):
        state = deal(call_down(state), street_cards)
    state = deal(call_down(state), {0: "4c", 1: "5c", 2: "6h"})
    state = deal(call_down(state), {0: "2s", 1: "5s", 2: "Th"})
    state = call_down(state)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    # Contributions: seat 0 = 1 + 2 = 3, seat 1 = 1 + 1 = 2, seat 2 = 3.
    # Main pot: 2 from each = 6, to seat 1 (aces up). Side pot: 1 + 1 = 2, seat 0
    # (kings and sevens) against seat 2 (jacks): seat 0.
    assert state.final_stacks == (97 + 2, 6, 97)


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r4_3_lowest_door_card_all_in_from_the_ante_next_player_clockwise_brings_in(
    variant: str,
) -> None:
    # Seat 1 has only the ante and shows the lowest card; seat 3 shows the next
    # lowest, but seat 2 is next clockwise with chips, so seat 2 brings in.
    cards = {0: "Kc Kd Qh", 1: "As Ad 2c", 2: "4c 4d 9h", 3: "5c 5d 3h"}
    state = table(variant, [100, 1, 100, 100], cards)
    assert state.stacks[1] == 0
    assert state.actor == 2
    assert legal(state) == ["bring", "complete 10"]


def test_r4_3_all_in_ante_player_at_the_last_seat_wraps_round_to_seat_0() -> None:
    cards = {0: "Kc Kd Qh", 1: "As Ad 9c", 2: "4c 4d 2h"}
    state = table("stud8", [100, 100, 1], cards)
    assert state.actor == 0


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r4_4_action_moves_clockwise_from_the_bring_in(variant: str) -> None:
    cards = {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h", 3: "5c 5d Th"}
    state = table(variant, [100] * 4, cards)
    state = play(state, "2 bring", "3 call", "0 call", "1 call")
    assert [seat for _, seat, _, _ in taken(state)] == [2, 3, 0, 1]


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_r4_4_facing_the_bring_in_fold_call_or_complete(variant: str) -> None:
    cards = {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h", 3: "5c 5d Th"}
    state = table(variant, [100] * 4, cards)
    state = play(state, f"{state.actor} bring")
    assert legal(state) == ["fold", "call", "complete 10"]
    refused(state, "raise 12", "cannot raise to 12")
    refused(state, "complete 12", "cannot complete to 12")
    refused(state, "check", "cannot check")


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r4_4_completion_is_the_bet_and_raises_are_small_bets(variant: str) -> None:
    cards = {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h", 3: "5c 5d Th"}
    state = table(variant, [100] * 4, cards)
    state = play(state, "2 bring", "3 complete 10")
    assert legal(state) == ["fold", "call", "raise 20"]
    state = play(state, "0 raise 20")
    assert legal(state) == ["fold", "call", "raise 30"]
    state = play(state, "1 call")
    # The bring-in player (2 in) owes 18 more and may re-raise: the completion reopened.
    assert state.actor == 2
    assert legal(state) == ["fold", "call", "raise 30"]
    state = play(state, "2 call", "3 call")
    assert state.phase is Phase.DEAL
    assert state.wagers == (20, 20, 20, 20)


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_r4_5_bring_in_gets_no_option_when_everyone_calls(variant: str) -> None:
    cards = {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h", 3: "5c 5d Th"}
    state = table(variant, [100] * 4, cards)
    first = state.actor
    assert first is not None
    others = [(first + k) % 4 for k in (1, 2, 3)]
    state = play(state, f"{first} bring", *(f"{s} call" for s in others))
    assert state.phase is Phase.DEAL  # no option for the bring-in: fourth street is due
    assert state.street == 4
    assert state.actor is None


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r4_5_bring_in_gets_no_option_when_others_fold_or_call(variant: str) -> None:
    cards = {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h"}
    state = table(variant, [100] * 3, cards)
    state = play(state, "2 bring", "0 fold", "1 call")
    assert state.phase is Phase.DEAL
    assert state.street == 4


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r4_5_everyone_folds_to_the_bring_in(variant: str) -> None:
    cards = {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h"}
    state = table(variant, [100] * 3, cards)
    state = play(state, "2 bring", "0 fold", "1 fold")
    assert state.is_over
    # Nobody called the bring-in: its 2 chips come back (R6.1), and seat 2 wins the
    # three antes: 100 - 1 - 2 + 2 + 3 = 102.
    assert state.final_stacks == (99, 99, 102)


# -- R4.3: the bring-in player's own short completion -----------------------------


def test_r4_3_bring_in_players_short_completion_under_half_is_measured_from_the_bring_in() -> None:
    # Seat 0 brings in (2c) with 5 behind: all-in to 5 is 3 over the bring-in of 2,
    # less than half the way to the small bet of 10, so it is no completion; the next
    # player may still complete to 10. (Measured from nothing, 5 would be half of 10.)
    state = table("stud", [6, 100, 100], {0: "Kc Kd 2c", 1: "As Ad Jc", 2: "4c 4d 9h"})
    assert legal(state) == ["bring", "complete 5"]
    state = play(state, "0 complete 5")
    assert state.full_bet is False
    assert legal(state) == ["fold", "call", "complete 10"]


def test_r4_3_bring_in_players_short_completion_of_half_counts_as_the_completion() -> None:
    # With 6 behind, all-in to 6 is 4 over the bring-in: half of the 8 to the small bet,
    # so it is the completion (R5.6a) and the next full raise goes to 6 + 10.
    state = table("stud", [7, 100, 100], {0: "Kc Kd 2c", 1: "As Ad Jc", 2: "4c 4d 9h"})
    state = play(state, "0 complete 6")
    assert state.full_bet is True
    assert legal(state) == ["fold", "call", "raise 16"]


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_r4_2_exactly_the_bring_in_behind_can_only_bring_in_in_both_engines(
    variant: str,
) -> None:
    """R4.2, R4.3: a bring-in player left with exactly the bring-in after the ante
    posts it, all-in; completing would need chips they do not have. One chip more
    and the completion is offered (all-in for less than the small bet)."""
    game = rules(variant)  # 1/2/10/20
    door = "Kc" if variant == "razz" else "2c"
    for stack, offered in ((3, [BringIn()]), (4, [BringIn(), Complete(3)])):
        stacks = [stack, 100, 100]
        deck = deck_for([f"7s 8s {door}", "As Ad 7c", "Qc Qd 8h"])
        state = new_hand(game, stacks, deck=deck)
        compiled = Compiled(game, stacks, deck)
        assert state.actor == compiled.actor == 0
        assert state.legal_actions() == offered
        assert compiled.legal_actions() == offered
