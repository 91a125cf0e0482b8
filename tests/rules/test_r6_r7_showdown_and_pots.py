"""R6 showdown and the pot, R7 odd chips (stakes 1/2/10/20 unless a test says otherwise).

``showdown`` plays a hand passively: every player antes 1 and puts in the bring-in
of 2, so with ``n`` players the pot is ``3 * n`` and each stack ends 97 before
winnings. Hands are written in the order dealt: down, down, door, up, up, up, down.
"""

import pytest

from engines import both, passive
from helpers import (
    awards,
    call_down,
    deal,
    deck_for,
    later_streets,
    play,
    rules,
    show_all,
    showdown,
    table,
    won,
)
from stud.actions import BetReturned, HandMucked, HandShown, PotAwarded
from stud.cards import parse_cards
from stud.state import Phase

# -- R6.1 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r6_1_last_player_wins_without_showing_and_the_uncalled_bet_comes_back(
    variant: str,
) -> None:
    state = table(variant, [100] * 3, {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h"})
    state = deal(call_down(state), {0: "5s", 1: "6s", 2: "7d"})
    state = play(state, "0 bet 10", "1 fold", "2 fold")
    assert state.is_over
    assert [e for e in state.events if isinstance(e, BetReturned)] == [BetReturned(0, 10)]
    # The pot is the antes and the called bring-in: 3 + 3 * 2 = 9, with no hand named.
    assert awards(state) == [(0, 9, 0, "whole")]
    assert [e.hand for e in state.events if isinstance(e, PotAwarded)] == [""]
    assert not any(isinstance(e, HandShown) for e in state.events)
    assert state.final_stacks == (97 + 9, 97, 97)
    assert state.payoffs == (6, -3, -3)


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r6_1_uncalled_part_of_a_bet_over_an_all_in_call_comes_back(variant: str) -> None:
    # Seat 1 has 7 behind on fifth street and calls a bet of 20 all-in: 13 of the 20
    # come back to seat 0 before the pot (1 + 1 + 2 + 2 + 7 + 7 = 20) is awarded.
    hands = {0: "Kc Kd Qh 5s 6s 7d 2d", 1: "As Ad 2c 3h 9h Jc 4d"}
    state = table(variant, [100, 10], {s: h[:8] for s, h in hands.items()})
    state = call_down(state)
    state = call_down(deal(state, {0: "5s", 1: "3h"}))
    state = deal(state, {0: "6s", 1: "9h"})
    assert state.actor == 0  # Q-6-5 over 9-3-2
    state = play(state, "0 bet 20", "1 call")
    assert state.stacks == (77, 0)
    state = deal(state, {0: "7d", 1: "Jc"})
    state = deal(state, {0: "2d", 1: "4d"})
    state = show_all(state)
    assert BetReturned(0, 13) in state.events
    assert won(state) == {1: 20}  # aces beat kings
    assert state.final_stacks == (90, 20)


# -- R6.2 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r6_2_every_player_still_in_shows_and_the_best_five_of_seven_wins(variant: str) -> None:
    # Seat 0: flush in hearts (2h 5h 9h Jh Kh) from its seven; seat 1: straight 9-K.
    hands = {0: "2h 5h 3c 9h Jh Kh 4d", 1: "9c Td 8s Jc Qs Kd 2s"}
    state = showdown(variant, [100, 100], hands)
    shown = [e for e in state.events if isinstance(e, HandShown)]
    assert sorted(e.seat for e in shown) == [0, 1]
    assert all(len(e.cards) == 7 for e in shown)
    assert won(state) == {0: 6}
    assert state.final_stacks == (103, 97)


def test_r6_2_the_community_card_plays_for_everyone() -> None:
    # Eight-handed to seventh street with the community As: only seat 0 holds
    # K-Q-J-T to make A-K-Q-J-T with it (seat 1 has K-Q-J-9, seat 6 K-Q-T).
    hands = {
        0: "Kc Qh 2d Jc Td 3h",
        1: "Kd Qd 2h Jd 9c 3c",
        2: "9d Tc 4c 8h 7d 5s",
        3: "9h 9s 4d 8c 7h 6s",
        4: "8d 8s 5c 7c 6d Ah",
        5: "7s 6h 5h 4s 3d Ac",
        6: "2c 2s Kh Qc 4h Th",
        7: "Ks Qs Jh 6c 5d 3s",
    }
    state = showdown("stud", [100] * 8, hands, community="As")
    # Only seat 0 has K-Q-J-T to go with the ace: the whole pot, 8 * 3 = 24.
    assert won(state) == {0: 24}


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r6_2_a_player_who_mucks_gives_up_the_pot(variant: str) -> None:
    hands = {0: "2h 5h 3c 9h Jh Kh 4d", 1: "9c Td 8s Jc Qs Kd 2s"}
    state = table(variant, [100, 100], {s: h[:8] for s, h in hands.items()})
    state = later_streets(call_down(state), {s: parse_cards(h) for s, h in hands.items()})
    assert state.phase is Phase.SHOWDOWN
    first = state.actor
    assert first is not None
    state = state.apply(state.legal_actions()[0])  # the first shows
    assert state.actor == 1 - first
    state = play(state, f"{1 - first} muck")
    assert state.is_over
    assert HandMucked(1 - first) in state.events
    assert won(state) == {first: 6}


def test_r6_2_razz_best_low_wins_with_no_qualifier() -> None:
    # Seat 0: K-Q-J-T-9, no pair; seat 1 cannot avoid a pair. No qualifier in razz.
    hands = {0: "Kc Qd Jh 9s Tc Kd Qh", 1: "2c 2d 3h 3s 4c 4d 2s"}
    state = showdown("razz", [100, 100], hands)
    assert won(state) == {0: 6}


# -- R6.3 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r6_3_all_in_player_wins_only_the_main_pot(variant: str) -> None:
    # Seat 0 (aces up) all-in on third street for 6; seat 1 all-in on fourth for 20.
    hands = {
        0: "As Ad Qh 8d 8h 5c 5s",  # aces up
        1: "Kc Kd Jc 7c 7h 4c 2s",  # kings up
        2: "2c 3d 2h Jd Js 6h Th",  # jacks up
    }
    state = table(variant, [6, 20, 100], {s: h[:8] for s, h in hands.items()})
    state = play(state, "2 bring", "0 complete 5", "1 complete 10", "2 call")
    assert state.stacks == (0, 9, 89)
    state = deal(state, {0: "8d", 1: "7c", 2: "Jd"})
    assert state.actor == 1  # seat 0 shows Q-8 but is all-in: the next clockwise acts
    state = play(state, "1 bet 9", "2 call")
    assert state.stacks == (0, 0, 80)
    state = later_streets(state, {s: parse_cards(h) for s, h in hands.items()}, first=5)
    state = show_all(state)
    # Contributions 6, 20, 20. Main pot 3 * 6 = 18 to seat 0 (aces up); side pot
    # 2 * 14 = 28 to seat 1 (kings up over jacks up).
    assert awards(state) == [(0, 18, 0, "whole"), (1, 28, 1, "whole")]
    assert state.final_stacks == (18, 28, 80)


def test_r6_3_three_pots_and_the_low_half_of_the_main_pot_to_a_main_pot_only_player() -> None:
    hands = {
        0: "Ac 2d 4h 7s 5c Kd Qh",  # 7-5-4-2-A low, ace-king high
        1: "Qc Qd Qs Jh Jd 9h 9s",  # queens full of jacks, no low
        2: "6c 5d 3h 8s 2s Td Tc",  # 8-6-5-3-2 low, pair of tens
        3: "Ah As Jc 9d 9c Th 8h",  # aces and nines, no low
    }
    cards = {s: parse_cards(h) for s, h in hands.items()}
    state = table("stud8", [6, 20, 100, 100], {s: h[:8] for s, h in hands.items()})
    assert state.actor == 2  # door 3h
    # Seat 0 is all-in for 5 more (not a full completion); seat 1 completes.
    state = play(state, "2 bring", "3 call", "0 complete 5", "1 complete 10", "2 call", "3 call")
    state = deal(state, {s: str(c[3]) for s, c in cards.items()})
    assert state.actor == 1  # Q-J showing; it bets its last 9 (a full bet: at least half)
    state = play(state, "1 bet 9", "2 call", "3 call")
    state = deal(state, {s: str(c[4]) for s, c in cards.items()})
    assert state.actor == 2  # seat 1 (jacks showing) is all-in; seat 2 is next clockwise
    state = play(state, "2 bet 20", "3 call")
    state = later_streets(state, cards, first=6)
    state = show_all(state)
    assert state.is_over
    # Contributions: seat 0: 6, seat 1: 20, seats 2 and 3: 40.
    # Main pot 4 * 6 = 24: high to seat 1 (full house) 12, low to seat 0 (7-5-4-2-A) 12.
    # Side pot 1, 3 * 14 = 42 (seats 1-3): high seat 1 21, low seat 2 (8-6-5-3-2) 21.
    # Side pot 2, 2 * 20 = 40 (seats 2-3): high seat 3 (two pair) 20, low seat 2 20.
    assert awards(state) == [
        (1, 12, 0, "high"),
        (0, 12, 0, "low"),
        (1, 21, 1, "high"),
        (2, 21, 1, "low"),
        (3, 20, 2, "high"),
        (2, 20, 2, "low"),
    ]
    assert state.final_stacks == (12, 33, 60 + 41, 60 + 20)


# -- R6.4 ------------------------------------------------------------------------


def test_r6_4_lows_compare_highest_card_first() -> None:
    hands = {
        0: "8c 6d 5h 4s 3c Kd Kh",  # 8-6-5-4-3 low
        1: "8d 7c 3d 2h Ac Qs Qc",  # 8-7-3-2-A low
        2: "Jh Js Jd 9c 9d Th Ts",  # jacks full, no low
    }
    state = showdown("stud8", [100] * 3, hands)
    # Pot 9: high half 5 to seat 2, low half 4 to seat 0 (8-6 beats 8-7).
    assert awards(state) == [(2, 5, 0, "high"), (0, 4, 0, "low")]
    assert state.final_stacks == (101, 97, 102)


def test_r6_4_a_nine_low_does_not_qualify() -> None:
    hands = {0: "9c 7d 5h 3s 2c Kd Ks", 1: "Ac Ad Qh Jc Tc 4d 6h"}
    state = showdown("stud8", [100, 100], hands)
    assert awards(state) == [(1, 6, 0, "whole")]  # aces take it all: no low


def test_r6_4_the_wheel_is_the_best_low_and_a_straight_for_high() -> None:
    hands = {
        0: "Ac 2d 3h 4s 5c Kd Qs",  # 5-4-3-2-A: five-high straight and the best low
        1: "6c 4d 3c 2h Ad Jh Js",  # 6-4-3-2-A low, pair of jacks
        2: "Kc Kh Qd Qh 9s 9d 7h",  # kings up, no low
    }
    state = showdown("stud8", [100] * 3, hands)
    assert won(state) == {0: 9}  # scoops: best high and best low


def test_r6_4_straights_and_flushes_do_not_count_against_a_low() -> None:
    hands = {0: "7c 6d 5h 4s 3c Kd Ks", 1: "Ah Ad Ac 9s 9h Jc Qd"}
    state = showdown("stud8", [100, 100], hands)
    # Seat 0's 7-6-5-4-3 is a straight and still a qualifying low.
    assert awards(state) == [(1, 3, 0, "high"), (0, 3, 0, "low")]


def test_r6_4_different_cards_for_high_and_low() -> None:
    # Seat 0: a heart flush (Ah Kh Qh 5h 2h) for high, A-2-3-4-5 (with 3c 4d) for low.
    hands = {0: "Ah Kh 3c Qh 4d 5h 2h", 1: "9c Td 8d Qc Js 6s 6d"}
    state = showdown("stud8", [100, 100], hands)
    assert won(state) == {0: 6}
    (award,) = [e for e in state.events if isinstance(e, PotAwarded)]
    assert "flush" in award.hand
    assert "5-4-3-2-A" in award.hand


# -- R6.5 ------------------------------------------------------------------------


def test_r6_5_no_low_in_a_side_pot_the_high_hand_takes_it_all() -> None:
    hands = {
        0: "Ac 2d 4h 7s 5c Kd Qh",  # 7-5-4-2-A low
        1: "Qc Qd Qs Jh Jd 9h 9s",  # queens full, no low
        2: "Ah As Jc 9d 9c Th 8h",  # aces up, no low
    }
    cards = {s: parse_cards(h) for s, h in hands.items()}
    state = table("stud8", [6, 100, 100], {s: h[:8] for s, h in hands.items()})
    assert state.actor == 0  # door 4h
    state = play(state, "0 bring", "1 complete 10", "2 call", "0 call")
    assert state.stacks == (0, 89, 89)
    state = show_all(later_streets(state, cards))
    # Contributions 6, 11, 11. Main pot 18: high 9 to seat 1, low 9 to seat 0.
    # Side pot 5 + 5 = 10 between seats 1 and 2, neither has a low: all to seat 1.
    assert awards(state) == [(1, 9, 0, "high"), (0, 9, 0, "low"), (1, 10, 1, "whole")]
    assert state.final_stacks == (9, 108, 89)


def test_r6_5_splits_are_decided_by_the_cards_only() -> None:
    # Nothing to agree: with a qualifying low anywhere in the pot it always splits.
    hands = {0: "Ah Ad Ac 9s 9h Jc Qd", 1: "8c 7d 6h 2s 3c Ks Kh"}
    state = showdown("stud8", [100, 100], hands)
    assert awards(state) == [(0, 3, 0, "high"), (1, 3, 0, "low")]


# -- R6.6 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r6_6_tied_hands_split_equally_suits_do_not_matter(variant: str) -> None:
    # Both make a king-high straight; the spade king beats no one.
    hands = {0: "9c Td Jh Qs Kc 2d 3h", 1: "9d Th Js Qc Ks 2s 4c"}
    state = showdown(variant, [100, 100], hands)
    assert won(state) == {0: 3, 1: 3}
    assert state.final_stacks == (100, 100)


def test_r6_6_razz_tied_lows_split() -> None:
    hands = {0: "7c 5d 4h 3s 2c Kd Ks", 1: "7d 5h 4s 3c 2d Qc Qh"}
    state = showdown("razz", [100, 100], hands)
    assert won(state) == {0: 3, 1: 3}


# -- R7 --------------------------------------------------------------------------


def test_r7_1_odd_chip_of_a_split_pot_goes_to_the_high_half() -> None:
    hands = {
        0: "8c 6d 5h 4s 3c Kd Kh",  # the low
        1: "Tc 9h Qs Qh 2d 2s 2h",  # deuces full, no low
        2: "Jh Js Jd 9c 9d Th Ts",  # the high
    }
    state = showdown("stud8", [100] * 3, hands)
    # Pot 9 is odd: high half 5, low half 4.
    assert awards(state) == [(2, 5, 0, "high"), (0, 4, 0, "low")]


def test_r7_2_tied_highs_odd_chip_by_highest_card_of_all_seven() -> None:
    # Seats 0 and 1 both play 5-6-7-8-9. In the five played, seat 0 has the higher
    # card (9s over 9c), but all seven count: seat 1 holds the Kd.
    hands = {
        0: "2c 3c 5h 6s 7d 8c 9s",
        1: "Kd 2d 5d 6h 7s 8d 9c",
        2: "Ac Ad Qh Jh 3h 4h Ts",  # pair of aces
    }
    state = showdown("stud", [100] * 3, hands)
    # Pot 9 between two: 4 each and the odd chip to seat 1.
    assert won(state) == {1: 5, 0: 4}
    assert state.final_stacks == (101, 102, 97)


def test_r7_2_tied_highs_in_the_high_half() -> None:
    hands = {
        0: "2c 3c 5h 6s 7d 8c 9s",  # straight to the nine, 7-6-5-3-2 low
        1: "Kd 2d 5d 6h 7s 8d 9c",  # straight to the nine, 8-7-6-5-2 low
        2: "Ac 2h 3h 4c 6d Jh Qd",  # 6-4-3-2-A low
    }
    state = showdown("stud8", [100] * 3, hands)
    # Pot 9: high half 5 split 3 (seat 1, holding the king) and 2; low half 4 to seat 2.
    assert sorted(awards(state)) == [(0, 2, 0, "high"), (1, 3, 0, "high"), (2, 4, 0, "low")]


def test_r7_2_tied_lows_odd_chip_by_lowest_card_then_suit() -> None:
    hands = {
        0: "Ad 3d 4h 5s 7c Ks 9d",  # 7-5-4-3-A low, ace of diamonds, king high
        1: "Ac 3c 4d 5h 7d Qh 9h",  # 7-5-4-3-A low, ace of clubs, queen high
        2: "Kc Kd Kh Jc Js 2s 8s",  # kings full
    }
    state = showdown("stud8", [100] * 3, hands, stakes="1/4/10/20")
    # Pot 3 * (1 + 4) = 15: high half 8 to seat 2; low half 7 split 4 and 3, the odd
    # chip to the lowest card, Ac (seat 1), though seat 0 holds the highest card.
    assert sorted(awards(state)) == [(0, 3, 0, "low"), (1, 4, 0, "low"), (2, 8, 0, "high")]
    assert state.final_stacks == (98, 99, 103)


def test_r7_2_a_community_card_counts_for_no_one_in_the_odd_chip() -> None:
    # Eight-handed, seats 0 and 1 tie with A-K-Q-J-T using the community As. Seat 7
    # (2 chips) calls all-in for 1, so there is a side pot of 7 * 1 = 7 to divide.
    # The As is everyone's: by their own cards seat 1's Kd beats seat 0's Kc.
    hands = {
        0: "Kc Qh 2d Jc Td 3h",
        1: "Kd Qd 2h Jd Tc 3c",
        2: "9c 9d 4c 8h 7d 5s",
        3: "9h 9s 4d 8c 7h 6s",
        4: "8d 8s 5c 7c 6d Ah",
        5: "7s 6h 5h 4s 3d Ac",
        6: "2c 2s Kh Qc 4h Th",
        7: "Ks Qs Jh 6c 5d 3s",
    }
    state = showdown("stud", [100] * 7 + [2], hands, community="As")
    # Main pot 8 * 2 = 16: 8 each. Side pot 7: 4 to seat 1, 3 to seat 0.
    assert sorted(awards(state)) == [
        (0, 3, 1, "whole"),
        (0, 8, 0, "whole"),
        (1, 4, 1, "whole"),
        (1, 8, 0, "whole"),
    ]
    assert state.final_stacks == (108, 109, 97, 97, 97, 97, 97, 0)


def test_r7_3_same_players_tie_high_and_low_split_whole_pot() -> None:
    # Seats 0 and 1 both have 2-3-4-5-6: a six-high straight and a 6-5-4-3-2 low.
    # Seat 2 folds to the bring-in, so the pot is 3 antes + 2 + 2 = 7.
    hands = {0: "Ks 2d 3c 4h 5s 6c 9d", 1: "Qh 2c 3d 4s 5c 6d Tc"}
    state = table("stud8", [100] * 3, {0: "Ks 2d 3c", 1: "Qh 2c 3d", 2: "Ah Ad Kc"})
    state = play(state, "0 bring", "1 call", "2 fold")
    state = show_all(later_streets(state, {s: parse_cards(h) for s, h in hands.items()}))
    # Divided as a whole: 7 = 4 + 3, the extra chip by highest card (seat 0's Ks).
    # Half by half would be 4 = 2 + 2 high and 3 = 2 (seat 1, lowest card 2c) + 1 low,
    # giving seat 1 the extra chip instead.
    assert won(state) == {0: 4, 1: 3}
    assert state.final_stacks == (101, 100, 99)


def test_r7_4_no_player_gets_more_than_one_odd_chip_from_a_pot() -> None:
    # Three tie with 5-6-7-8-9; two others fold to the bring-in: pot 5 + 3 * 2 = 11,
    # 3 each and 2 odd chips, one to Ks (seat 0) and one to Qs (seat 1), none to Js.
    hands = {
        0: "Ks 2c 5h 6s 7d 8c 9s",
        1: "Qs 2d 5d 6h 7s 8d 9c",
        2: "Js 3c 5c 6c 7c 8h 9h",
    }
    third = {0: "Ks 2c 5h", 1: "Qs 2d 5d", 2: "Js 3c 5c", 3: "Ac Ad Th", 4: "Kc Kd Tc"}
    state = table("stud", [100] * 5, third)
    state = play(state, "2 bring", "3 fold", "4 fold", "0 call", "1 call")
    state = show_all(later_streets(state, {s: parse_cards(h) for s, h in hands.items()}))
    assert won(state) == {0: 4, 1: 4, 2: 3}
    assert state.final_stacks == (101, 101, 100, 99, 99)


def test_r7_5_razz_odd_chip_by_lowest_card_ace_low_then_suit() -> None:
    hands = {
        0: "Ad 3d 4h 5s 7c Ks 9d",  # 7-5-4-3-A, ace of diamonds, and the highest card
        1: "Ac 3c 4d 5h 7d Qh 9h",  # 7-5-4-3-A, ace of clubs: the lowest card
        2: "Kc Kd Kh Jc Js 2s 8s",  # paired all over
    }
    state = showdown("razz", [100] * 3, hands, stakes="1/4/10/20")
    # Pot 3 * (1 + 4) = 15 between two: 8 to the ace of clubs, 7 to the ace of diamonds.
    assert awards(state) == [(1, 8, 0, "whole"), (0, 7, 0, "whole")]


# Eight-handed to seventh street, the community Ac (R3.4). Seats 0 and 1 tie for low
# with 5-4-3-2-A, each using the Ac: by their own cards seat 1's 2c is the lower
# card (clubs below diamonds), though the Ac would be everyone's lowest. Seat 7 (2
# chips) calls all-in for 1, so the side pot is 7 * 1 = 7: an odd number to divide.
TIED_LOWS = [
    "Kd Qh 2d 3h 4d 5h",
    "Kc Qs 2c 3s 4c 5s",
    "9h 9s Th Ts Jh Js",
    "6h 7h 8h 9d Td Jd",
    "6s 7s 8s 9c Tc Jc",
    "Kh Ks Ah As Qc Qd",
    "6d 7d 8d 6c 7c 8c",
    "2h 2s 4h 4s 3c 3d",
]


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        # R7.5: the whole pot to the tied lows; main 16 = 8 + 8, side 7 = 4 (seat 1) + 3.
        ("razz", {0: 11, 1: 12}),
        # R7.2: seat 5's aces full take the high halves (8 and 4); the low halves are
        # 8 = 4 + 4 and 3 = 2 (seat 1) + 1.
        ("stud8", {0: 5, 1: 6, 5: 12}),
    ],
)
def test_r7_2_r7_5_a_community_card_counts_for_no_one_in_the_odd_chip_of_tied_lows(
    variant: str, expected: dict[int, int]
) -> None:
    stacks = [100] * 7 + [2]
    state, compiled = both(rules(variant), stacks, deck_for(TIED_LOWS, "Ac"), passive)
    assert str(state.community) == "Ac"
    assert won(state) == expected
    assert compiled.stacks == state.final_stacks


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_r6_3_with_dead_antes_a_player_all_in_on_the_ante_can_win_the_dead_money(
    variant: str,
) -> None:
    """R6.3 with dead antes: the antes are one main pot open to every player still in,
    so seat 0, all-in for 1 of a 2 ante, wins all 2 + 2 + 1 = 5 of them with the best
    hand; seats 1 and 2 play for the side pot of their bring-in and calls. With live
    antes seat 0 wins only what the others matched: 1 + 1 + 1."""
    best = "2c 3c 4c 5c 6c" if variant != "stud" else "Ac Ad Ah As Kc"
    hands = [f"{best} 7d 7h", "Jc Jd Qh 9s 8d 9h Th", "Qc Qd Kh 9c 8h 9d Tc"]
    if variant == "razz":
        hands = ["Ac 2c 3c 4c 5c 7d 7h", "Jc Jd Qh 9s 8d Qs Th", "Qc Qd Kh 9c 8h Ks Tc"]
    stacks = [1, 100, 100]
    for dead, main in ((True, 5), (False, 3)):
        game = rules(variant, "2/2/10/20", dead_antes=dead)
        state, compiled = both(game, stacks, deck_for(hands), passive)
        assert won(state)[0] == main
        assert state.final_stacks[0] == main
        assert compiled.stacks == state.final_stacks
