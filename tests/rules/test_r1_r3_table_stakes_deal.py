"""R1 cards and table, R2 stakes, R3 antes and the deal (stakes 1/2/10/20)."""

import random

import pytest

from helpers import (
    call_down,
    deal,
    deal_community,
    dealt,
    legal,
    play,
    rules,
    show_all,
    showdown,
    table,
    taken,
)
from stud.actions import AntePosted, Bet, CardsDealt, CommunityCardDealt, StreetStarted
from stud.cards import DECK, parse_cards
from stud.rules import Rules, RulesError, Variant
from stud.state import IllegalActionError, Phase, new_hand

# -- R1 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r1_1_suit_order_decides_by_suit_clubs_lowest(variant: str) -> None:
    # Two sevens showing: the seven of clubs is lower than the seven of diamonds.
    state = table(variant, [100] * 2, {0: "Ac Kc 7d", 1: "Ad Kd 7c"})
    assert state.actor == 1
    state = table(variant, [100] * 2, {0: "Ac Kc 7h", 1: "Ad Kd 7s"})
    assert state.actor == 0


def test_r1_1_a_deck_must_hold_the_52_cards_once() -> None:
    game = rules("stud")
    with pytest.raises(ValueError, match="52 cards"):
        new_hand(game, [100, 100], deck=list(DECK[:51]))
    with pytest.raises(ValueError, match="52 cards"):
        new_hand(game, [100, 100], deck=[*DECK[:51], DECK[0]])


@pytest.mark.parametrize("players", [1, 9])
def test_r1_2_two_to_eight_players_only(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 8 players"):
        new_hand(rules("stud"), [100] * players)


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
@pytest.mark.parametrize("players", range(2, 9))
def test_r1_2_every_table_size_plays_to_the_end(variant: str, players: int) -> None:
    state = new_hand(rules(variant), [100] * players, rng=random.Random(players))
    while state.phase is Phase.BETTING:
        state = call_down(state)
    state = show_all(state)
    assert state.is_over
    assert sum(state.final_stacks) == 100 * players
    # Everyone stayed to the end: each has seven cards (or six and the community card).
    assert all(len(state.hand_of(s)) == 7 for s in range(players))


def test_r1_2_betting_moves_clockwise_and_wraps_round() -> None:
    cards = {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 9h", 3: "5c 5d 2h"}
    state = play(table("stud", [100] * 4, cards), "3 bring", "0 call", "1 call", "2 call")
    assert [seat for _, seat, _, _ in taken(state)] == [3, 0, 1, 2]


def test_r1_3_stakes_and_stacks_are_whole_chips() -> None:
    with pytest.raises(RulesError, match="whole number"):
        Rules(Variant.STUD, ante=1, bring_in=2, small_bet=10.5, big_bet=20)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="positive whole number"):
        new_hand(rules("stud"), [100, 99.5])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="positive whole number"):
        new_hand(rules("stud"), [100, 0])


def test_r1_3_amounts_stay_whole_chips_whatever_number_type_is_offered() -> None:
    state = call_down(table("stud", [100, 100], {0: "Kc Kd Qh", 1: "As Ad 2c"}))
    state = deal(state, {0: "5d", 1: "7c"})
    assert legal(state) == ["fold", "check", "bet 10"]
    state = state.apply(Bet(10.0))  # type: ignore[arg-type]
    assert all(type(chips) is int for chips in (*state.stacks, *state.wagers, state.level))


# -- R2 ------------------------------------------------------------------------


def test_r2_1_four_amounts_from_stakes() -> None:
    game = Rules.from_stakes("1/2/10/20", "stud8")
    assert (game.ante, game.bring_in, game.small_bet, game.big_bet) == (1, 2, 10, 20)
    assert game.variant is Variant.STUD8
    assert game.stakes == "1/2/10/20"


def test_r2_1_bring_in_defaults_to_the_ante() -> None:
    game = Rules(Variant.STUD, ante=2, small_bet=10, big_bet=20)
    assert game.bring_in == 2
    assert Rules.from_stakes("2/0/10/20").bring_in == 2
    state = table(game, [100] * 2, {0: "Kc Kd Qh", 1: "As Ad 2c"})
    state = play(state, "1 bring")
    assert state.wagers == (0, 2)
    assert legal(state) == ["fold", "call", "complete 10"]


def test_r2_1_any_bring_in_from_the_ante_to_below_the_small_bet() -> None:
    state = table("stud", [100] * 2, {0: "Kc Kd Qh", 1: "As Ad 2c"}, stakes="1/4/10/20")
    state = play(state, "1 bring")
    assert state.wagers == (0, 4)
    assert state.stacks == (99, 95)


@pytest.mark.parametrize(
    ("stakes", "why"),
    [
        ("2/1/10/20", "cannot be less than the ante"),
        ("1/10/10/20", "must be less than the small bet"),
        ("1/2/10/5", "big bet"),
        ("1/2/10", "four whole numbers"),
        ("1/-2/10/20", "four whole numbers"),
        ("a/2/10/20", "four whole numbers"),
    ],
)
def test_r2_1_stakes_that_cannot_be_played_are_refused(stakes: str, why: str) -> None:
    with pytest.raises(RulesError, match=why):
        Rules.from_stakes(stakes)


def test_r2_1_negative_and_unknown_settings_are_refused() -> None:
    with pytest.raises(RulesError, match="negative"):
        Rules(Variant.STUD, ante=-1, bring_in=2, small_bet=10, big_bet=20)
    with pytest.raises(RulesError, match="variant"):
        Rules("holdem", ante=1, bring_in=2, small_bet=10, big_bet=20)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="short_all_in_rule"):
        Rules(short_all_in_rule="quarter-bet")  # type: ignore[arg-type]


def test_r2_2_bet_size_by_street() -> None:
    game = rules("stud")
    assert [game.bet_size(street) for street in range(3, 8)] == [10, 10, 20, 20, 20]


# -- R3 ------------------------------------------------------------------------


def test_r3_1_antes_are_posted_before_any_card() -> None:
    state = new_hand(rules("stud"), [100, 100, 100], rng=random.Random(1))
    kinds = [type(e) for e in state.events]
    assert kinds[:4] == [AntePosted, AntePosted, AntePosted, StreetStarted]
    assert kinds[4] is CardsDealt
    antes = [e for e in state.events if isinstance(e, AntePosted)]
    assert [(e.seat, e.amount, e.all_in) for e in antes] == [
        (0, 1, False),
        (1, 1, False),
        (2, 1, False),
    ]


def test_r3_1_antes_posted_before_the_deal_without_a_deck() -> None:
    state = new_hand(rules("stud8", "5/5/10/20"), [100, 50])
    assert state.phase is Phase.DEAL
    assert state.stacks == (95, 45)
    assert state.pot == 10
    assert dealt(state) == []


def test_r3_1_player_with_less_than_the_ante_posts_all_and_is_all_in() -> None:
    state = new_hand(rules("stud", "5/5/10/20"), [100, 3, 5])
    antes = [(e.seat, e.amount, e.all_in) for e in state.events if isinstance(e, AntePosted)]
    assert antes == [(0, 5, False), (1, 3, True), (2, 5, True)]
    assert state.stacks == (95, 0, 0)
    assert state.contributed == (5, 3, 5)


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r3_1_short_ante_wins_only_what_was_matched(variant: str) -> None:
    # Seat 1 posts 3 of a 5 ante and has the best hand: it wins 3 from each (9); the
    # other 2 + 2 of the antes and all later bets are a side pot for seats 0 and 2.
    hands = {0: "Kc Kd Qh 7c 7h 4c 2s", 1: "As Ad 3c 8d 8h 5c 5s", 2: "2c 3d 9h Jc Jd 6h Th"}
    state = showdown(variant, [100, 3, 100], hands, stakes="5/5/10/20")
    # Seat 1's 3c is lowest but it is all-in, so seat 2 brings in for 5, seat 0 calls.
    # Contributions: seats 0 and 2: 5 + 5 = 10, seat 1: 3. Main pot 3 * 3 = 9 to
    # seat 1 (aces up); side pot 7 + 7 = 14 to seat 0 (kings up beats jacks):
    # 100 - 10 + 14 = 104.
    assert state.final_stacks == (104, 9, 90)


def test_r3_2_third_street_two_down_one_up_one_card_at_a_time_from_seat_0() -> None:
    deck = list(DECK)
    random.Random(7).shuffle(deck)
    state = new_hand(rules("stud"), [100] * 3, deck=deck)
    for seat in range(3):
        assert state.down[seat] == (deck[seat], deck[seat + 3])
        assert state.up[seat] == (deck[seat + 6],)
    third = [e for e in dealt(state) if e.street == 3]
    assert [e.seat for e in third] == [0, 1, 2]


def test_r3_2_named_cards_are_dealt_in_seat_order() -> None:
    state = new_hand(rules("stud"), [100] * 3)
    assert state.deal_due == 0
    before = state
    with pytest.raises(IllegalActionError, match="cards are due to seat 1, not seat 2"):
        state.deal(1, parse_cards("2c 3c 4c"))
    with pytest.raises(IllegalActionError, match="gets 3 card"):
        state.deal(0, parse_cards("2c 3c"))
    assert state == before
    state = deal(state, {0: "2c 3c 4c"})
    assert state.down[0] == parse_cards("2c 3c")
    assert state.up[0] == parse_cards("4c")
    assert state.deal_due == 1


@pytest.mark.parametrize("variant", ["stud", "stud8"])
def test_r3_3_one_up_card_on_four_to_six_and_one_down_on_seventh(variant: str) -> None:
    hands = {0: "Kc Kd Qh 5s 6s 7s 8d", 1: "As Ad Jc 5h 6h 7h 8c"}
    state = table(variant, [100] * 2, {s: h[:8] for s, h in hands.items()})
    for street in range(4, 8):
        state = call_down(state)
        state = deal(state, {s: h.split()[street - 1] for s, h in hands.items()})
    assert [len(state.down[s]) for s in (0, 1)] == [3, 3]
    assert [len(state.up[s]) for s in (0, 1)] == [4, 4]
    assert state.down[0] == parse_cards("Kc Kd 8d")
    assert state.up[1] == parse_cards("Jc 5h 6h 7h")
    seventh = [e for e in dealt(state) if e.street == 7]
    assert all(len(e.down) == 1 and not e.up for e in seventh)


def test_r3_3_each_round_starts_with_the_player_nearest_the_dealer_left() -> None:
    deck = list(parse_cards("Kc As 4c Kd Ad 4d Qh Jc 2h"))
    deck += [c for c in DECK if c not in deck]
    state = new_hand(rules("stud"), [100] * 3, deck=deck)
    assert state.actor == 2  # door cards Qh, Jc, 2h
    state = play(state, "2 bring", "0 fold", "1 call")
    # Seat 0 folded: fourth street goes seat 1 first, then seat 2, from the top.
    assert state.up[1][1] == deck[9]
    assert state.up[2][1] == deck[10]
    assert len(state.up[0]) == 1


def test_r3_4_community_card_when_the_deck_runs_out_eight_handed() -> None:
    deck = list(DECK)
    random.Random(3).shuffle(deck)
    state = new_hand(rules("stud"), [100] * 8, deck=deck)
    for _ in range(4):
        state = call_down(state)  # third to sixth street: 8 x 6 = 48 cards dealt
    assert state.street == 7
    assert state.community == deck[48]
    assert [e for e in state.events if isinstance(e, CommunityCardDealt)] == [
        CommunityCardDealt(deck[48])
    ]
    for seat in range(8):
        assert len(state.cards_of(seat)) == 6
        assert state.hand_of(seat) == (*state.down[seat], *state.up[seat], deck[48])
    assert state.phase is Phase.BETTING
    state = show_all(call_down(state))
    assert sum(state.final_stacks) == 800


def test_r3_4_named_community_card_and_no_seventh_card_of_ones_own() -> None:
    hands = [
        "Kc Qh 2d Jc Td 3h",
        "Kd Qd 2h Jd Tc 3c",
        "9c 9d 4c 8h 7d 5s",
        "9h 9s 4d 8c 7h 6s",
        "8d 8s 5c 7c 6d Ah",
        "7s 6h 5h 4s 3d Ac",
        "2c 2s Kh Qc 4h Th",
        "Ks Qs Jh 6c 5d 3s",
    ]
    state = table("stud", [100] * 8, {s: h[:8] for s, h in enumerate(hands)})
    for street in range(4, 7):
        state = deal(call_down(state), {s: h.split()[street - 1] for s, h in enumerate(hands)})
    state = call_down(state)
    assert state.street == 7
    assert state.community_due
    assert state.deal_due is None
    with pytest.raises(IllegalActionError, match="community card is due"):
        state.deal(0, parse_cards("Ts"))
    state = deal_community(state, "As")
    assert not state.community_due
    assert state.deal_due is None  # the community card is everyone's seventh card
    assert state.phase is Phase.BETTING


def test_r3_4_no_community_card_with_seven_players_left() -> None:
    # Eight players, one folds on third street: 24 + 7 * 4 = 52 cards, enough for all.
    deck = list(DECK)
    random.Random(11).shuffle(deck)
    state = new_hand(rules("stud"), [100] * 8, deck=deck)
    first = state.actor
    assert first is not None
    state = play(state, f"{first} bring", f"{(first + 1) % 8} fold")
    for _ in range(5):
        state = call_down(state)
    assert state.phase is Phase.SHOWDOWN
    assert state.community is None
    assert all(len(state.cards_of(s)) == 7 for s in state.in_hand)
    assert len(state.in_hand) == 7


def test_r3_4_deal_community_refused_when_the_deck_has_enough() -> None:
    state = new_hand(rules("stud"), [100] * 2)
    with pytest.raises(IllegalActionError, match="no community card is due"):
        deal_community(state, "As")


def test_r2_1_stakes_for_an_unknown_variant_name_the_variants() -> None:
    with pytest.raises(RulesError, match="variant 'holdem' is not one of: stud, stud8, razz"):
        Rules.from_stakes("1/1/5/10", "holdem")
