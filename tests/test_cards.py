"""Card notation and the integer card code (R1.1)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stud.cards import (
    DECK,
    Card,
    CardError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_hand,
)


def test_r1_1_suit_order_is_clubs_diamonds_hearts_spades() -> None:
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert parse_card("2c") < parse_card("2d") < parse_card("2h") < parse_card("2s")


def test_r1_1_deck_has_52_distinct_cards_ace_high() -> None:
    assert len(set(DECK)) == 52
    assert max(DECK) == parse_card("As")
    assert min(DECK) == parse_card("2c")
    assert Rank.ACE.low == 1
    assert Rank.KING.low == 13


@pytest.mark.parametrize("text", ["As Td 2c", "AsTd2c", "as td 2C", "As,Td, 2c", "  AsTd 2c  "])
def test_parse_cards_accepts_spaced_and_packed_notation(text: str) -> None:
    assert parse_cards(text) == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.TEN, Suit.DIAMONDS),
        Card(Rank.TWO, Suit.CLUBS),
    )


def test_format_cards_round_trips() -> None:
    assert format_cards(parse_cards("AsTd2c")) == "As Td 2c"
    assert str(parse_card("tH")) == "Th"


@pytest.mark.parametrize(
    ("text", "named"),
    [("As Xd", "'Xd'"), ("As T", "'T'"), ("1c", "'1c'"), ("AsKz", "'Kz'")],
)
def test_bad_card_string_names_the_bad_token(text: str, named: str) -> None:
    with pytest.raises(CardError, match=named):
        parse_cards(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "As Xd",
            "'Xd' is not a card: 'X' is not a rank (2-9, T or 10, J, Q, K, A) (at character 4",
        ),
        ("As T", "'T' is not a card: it has no suit (c, d, h, s) (at character 4 of 'As T')"),
        ("AsKz", "'Kz' is not a card: 'z' is not a suit (c, d, h, s) (at character 3"),
        ("1c", "'1c' is not a card: '1' is not a rank"),
        ("(Ah 2h 3h", "')' is missing at the end of '(Ah 2h 3h'"),
        ("Ah) 2h", "')' closes a group that was not opened (at character 3"),
        ("(Ah (2h)) 3h", "'(' opens a group inside another (at character 5"),
        ("(Ah 2h] 3h", "']' closes a group that was not opened"),
    ],
)
def test_an_error_says_which_token_where_and_why(text: str, message: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(text)
    assert message in str(caught.value)


def test_ten_may_be_written_10() -> None:
    assert parse_card("10h") == parse_card("Th")
    assert parse_cards("10h 10S,Jc") == parse_cards("Th Ts Jc")
    assert parse_cards("10h10s") == parse_cards("ThTs")


def test_parentheses_mark_the_down_cards() -> None:
    ah, two, three, seven = parse_cards("Ah 2h 3h 7c")
    assert parse_cards("(Ah 2h) 3h") == (ah, two, three)
    assert parse_hand("(Ah 2h) 3h (7c)") == [(ah, True), (two, True), (three, False), (seven, True)]
    assert parse_hand("[Ah 2h] 3h") == parse_hand("(Ah2h)3h")


def test_duplicate_card_is_refused() -> None:
    with pytest.raises(CardError, match="As appears twice"):
        parse_cards("As Kd As")
    assert len(parse_cards("As As", allow_duplicates=True)) == 2


@given(st.integers(min_value=0, max_value=51))
def test_code_round_trips_and_encodes_rank_and_suit(code: int) -> None:
    card = Card.from_code(code)
    assert card.code == code
    assert card.rank == code // 4 + 2
    assert card.suit == code % 4
    assert parse_card(str(card)) == card


def test_code_out_of_range_is_refused() -> None:
    with pytest.raises(CardError, match="52"):
        Card.from_code(52)


def test_odds_take_parenthesised_down_cards_and_tens() -> None:
    from stud.equity import odds  # noqa: PLC0415 (compiles the odds kernels)

    marked = odds(["(As Ks) Qs Js 10s 9s", "(2c 3c) 4d 5d 7h 7d"], method="exact")
    plain = odds(["As Ks Qs Js Ts 9s", "2c 3c 4d 5d 7h 7d"], method="exact")
    assert marked == plain
