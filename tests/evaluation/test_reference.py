"""The reference evaluators: exhaustive counts and hand-checked cases (R5.3, R6.4)."""

from collections import Counter
from itertools import combinations

import pytest

from stud.cards import DECK, parse_cards
from stud.evaluation.reference import (
    HighCategory,
    best_high_five,
    best_low8_five,
    describe_high,
    describe_low,
    five_card_high,
    high_category,
    high_value,
    low8_value,
    razz_value,
    showing_value,
)


def test_all_five_card_hands_have_the_known_category_counts() -> None:
    counts: Counter[int] = Counter()
    values: set[int] = set()
    lows = 0
    for hand in combinations(DECK, 5):
        value = five_card_high(hand)
        counts[value >> 20] += 1
        values.add(value)
        ranks = {c.rank.low for c in hand}
        lows += len(ranks) == 5 and max(ranks) <= 8
    assert counts == {
        HighCategory.STRAIGHT_FLUSH: 40,
        HighCategory.FOUR_OF_A_KIND: 624,
        HighCategory.FULL_HOUSE: 3_744,
        HighCategory.FLUSH: 5_108,
        HighCategory.STRAIGHT: 10_200,
        HighCategory.THREE_OF_A_KIND: 54_912,
        HighCategory.TWO_PAIR: 123_552,
        HighCategory.PAIR: 1_098_240,
        HighCategory.HIGH_CARD: 1_302_540,
    }
    assert len(values) == 7_462
    # 56 sets of five different ranks from A..8, in 4**5 suitings each.
    assert lows == 56 * 4**5


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("As Ks Qs Js Ts", "9s 8s 7s 6s 5s"),  # royal beats a lower straight flush
        ("5d 4d 3d 2d Ad", "Kc Kd Kh Ks 2c"),  # steel wheel beats quads
        ("Ac Ad Ah 2c 2d", "Kc Kd Kh Qs Qd"),  # full house by trips
        ("2c 3c 4c 5c 7c", "Ac Kd Qh Js Tc"),  # flush beats straight
        ("6c 5d 4h 3s 2c", "Ac 2d 3h 4s 5c"),  # six-high straight beats the wheel
        ("Ac 2d 3h 4s 5c", "As Ad Ah Kc Qd"),  # the wheel beats trips
        ("Kc Kd 4h 4s 2c", "Qc Qd Jh Js Ac"),  # two pair by the top pair
        ("Kc Kd 4h 4s 3c", "Kh Ks 4c 4d 2c"),  # then the kicker
        ("Ac Kd 9h 7s 3c", "Ad Kc 9s 7h 2c"),  # high cards down to the last
    ],
)
def test_high_ordering(better: str, worse: str) -> None:
    assert five_card_high(parse_cards(better)) > five_card_high(parse_cards(worse))


def test_suits_never_break_a_high_tie() -> None:
    assert five_card_high(parse_cards("As Kd 9h 7s 3c")) == five_card_high(
        parse_cards("Ac Kh 9d 7c 3s")
    )


def test_best_five_of_seven() -> None:
    cards = parse_cards("2c 7d 7h 7s 9c 9d Kc")
    assert describe_high(high_value(cards)) == "full house, sevens full of nines"
    assert set(best_high_five(cards)) == set(parse_cards("7d 7h 7s 9c 9d"))
    assert high_category(high_value(parse_cards("Ah Kh 2h 7h 9h 9c 9d"))) == HighCategory.FLUSH


@pytest.mark.parametrize(
    ("text", "description"),
    [
        ("As Ks Qs Js Ts", "royal flush"),
        ("5d 4d 3d 2d Ad", "straight flush, five high"),
        ("Ac Ad Ah As 2c", "four of a kind, aces"),
        ("Kc Kd 4h 4s 2c", "two pair, kings and fours"),
        ("Kc Kd 5h 4s 2c", "pair of kings"),
        ("Kc Jd 5h 4s 2c", "high card king"),
        ("Ac 2d 3h 4s 5c", "straight, five high"),
    ],
)
def test_describe_high(text: str, description: str) -> None:
    assert describe_high(five_card_high(parse_cards(text))) == description


def test_r6_4_low_needs_five_different_ranks_eight_or_lower() -> None:
    assert low8_value(parse_cards("8c 7d 6h 5s 4c")) == 0x87654
    assert low8_value(parse_cards("9c 7d 6h 5s 4c")) is None
    assert low8_value(parse_cards("8c 8d 6h 5s 4c 4d Kc")) is None
    assert low8_value(parse_cards("Kc Qd 6h 5s 4c 3d 2c")) == 0x65432


def test_r6_4_ace_is_low_and_straights_flushes_do_not_count() -> None:
    wheel = parse_cards("Ac 2c 3c 4c 5c")
    assert low8_value(wheel) == 0x54321
    assert high_category(high_value(wheel)) == HighCategory.STRAIGHT_FLUSH


def test_r6_4_lows_compare_highest_card_first() -> None:
    a = low8_value(parse_cards("8c 6d 5h 4s 3c"))
    b = low8_value(parse_cards("8d 7h 3s 2c Ad"))
    assert a is not None
    assert b is not None
    assert a < b


def test_r6_4_best_low_picks_the_lowest_five_of_seven() -> None:
    cards = parse_cards("Ac 2d 7h 8s 4c Kd 3h")
    assert low8_value(cards) == 0x74321
    five = best_low8_five(cards)
    assert five is not None
    assert describe_low(low8_value(five) or 0) == "7-4-3-2-A low"


def test_razz_low_counts_pairs_against_the_hand_and_the_ace_low() -> None:
    assert razz_value(parse_cards("Ac 2d 3h 4s 5c Kd Kh")) == 0x54321
    assert razz_value(parse_cards("Kc Qd Jh Ts 9c")) == 0xDCBA9
    paired = razz_value(parse_cards("Ac Ad 2h 2s 3c 3d 4h"))
    # The best razz hand here is a pair (A-A-4-3-2 beats two pair).
    assert paired >> 20 == 1
    assert paired < razz_value(parse_cards("Ac Ad 2h 2s 3c 3d 3h"))
    assert describe_low(razz_value(parse_cards("Kc Qd Jh Ts 9c"))) == "K-Q-J-T-9 low"


def test_r5_3_showing_value_counts_pairs_not_straights_or_flushes() -> None:
    pair = showing_value(parse_cards("2c 2d"))
    ace_king = showing_value(parse_cards("As Ks"))
    assert pair > ace_king
    four_flush = showing_value(parse_cards("9s 8s 7s 6s"))
    small_pair = showing_value(parse_cards("3c 3d 2h Kc"))
    assert small_pair > four_flush
    two_pair = showing_value(parse_cards("3c 3d 2h 2c"))
    trips = showing_value(parse_cards("3c 3d 3h 2c"))
    quads = showing_value(parse_cards("3c 3d 3h 3s"))
    assert quads > trips > two_pair > small_pair
    assert showing_value(parse_cards("Kc Kd 5h")) > showing_value(parse_cards("Kh Ks 4c"))


def test_r5_3_razz_showing_value_is_ace_low() -> None:
    assert showing_value(parse_cards("Ac 2d"), ace_low=True) < showing_value(
        parse_cards("3c 2h"), ace_low=True
    )
    assert showing_value(parse_cards("Kc Qd"), ace_low=True) < showing_value(
        parse_cards("2c 2d"), ace_low=True
    )


def test_evaluators_refuse_wrong_sizes_and_duplicates() -> None:
    with pytest.raises(ValueError, match="5 to 7 cards"):
        high_value(parse_cards("As Ks Qs Js"))
    with pytest.raises(ValueError, match="same card twice"):
        high_value(parse_cards("As As Qs Js Ts", allow_duplicates=True))


def test_a_paired_razz_hand_reads_from_the_top_and_says_what_pairs_it() -> None:
    """Players read a paired razz hand as ``Q-8-4-2-2``, not ``2-2-Q-8-4``."""
    said = {
        "2c 2d Qh 8s 4c Qd 2h": "Q-8-4-2-2 (pair of deuces)",
        "Ac Ad Kh Ks Qc Qd Jh": "K-Q-J-A-A (pair of aces)",
        "2c 2d 2h 8s 4c 4d 2s": "8-4-4-2-2 (two pair, fours and deuces)",
        "Kc Kd Ks Kh Qc Qd Qh": "K-K-Q-Q-Q (queens full of kings)",
    }
    for cards, words in said.items():
        assert describe_low(razz_value(parse_cards(cards))) == words
