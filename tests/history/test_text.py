"""The readable hand history."""

from __future__ import annotations

from stud.actions import BringIn, Complete, Fold
from stud.cards import parse_cards
from stud.history.text import text_history
from stud.rules import Rules, Variant
from stud.state import HandState, new_hand


def _hand() -> HandState:
    # Seat 1 gets As Ad / 2c, seat 2 gets Kc Kd / 3c: seat 1 has the lowest door
    # card (2c) and brings in; seat 2 completes and seat 1 folds.
    rules = Rules(Variant.STUD, ante=1, bring_in=1, small_bet=5, big_bet=10)
    state = new_hand(rules, [100, 100])
    return state.deal(0, parse_cards("As Ad 2c")).deal(1, parse_cards("Kc Kd 3c"))


def test_history_names_streets_actions_and_the_winner() -> None:
    state = _hand()
    state = state.apply(BringIn()).apply(Complete(5)).apply(Fold())
    text = text_history(state, names=["Ann", "Bob"])
    assert "Seat 1: Ann (100 in chips)" in text
    assert "*** 3RD STREET ***" in text
    assert "Dealt to Ann: [As Ad] 2c" in text
    assert "Ann brings in for 1" in text
    assert "Bob completes to 5" in text
    assert "Uncalled bet of 4 returned to Bob" in text
    # Two antes, Ann's bring-in and the 1 of Bob's 5 that matched it.
    assert "Bob wins 4 from the pot" in text
    assert "Bob: 102 in chips (+2)" in text


def test_history_from_one_chair_hides_the_others_down_cards() -> None:
    state = _hand()
    text = text_history(state, names=["Ann", "Bob"], seat=0)
    assert "Dealt to Ann: [As Ad] 2c" in text
    assert "Dealt to Bob: [?? ??] 3c" in text
    assert "Kc" not in text


def test_history_speaks_to_you_in_the_second_person() -> None:
    state = _hand()
    state = state.apply(BringIn()).apply(Complete(5)).apply(Fold())
    lines = text_history(state, names=["You", "Bob"], seat=0, you=0).splitlines()
    assert "You post the ante 1" in lines
    assert "You bring in for 1" in lines
    assert "You fold" in lines
    assert "Bob posts the ante 1" in lines
    assert "Bob completes to 5" in lines
    assert not [line for line in lines if line.startswith(("You posts", "You brings", "You folds"))]
