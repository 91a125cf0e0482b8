"""One table of action words: every action says its words from ``stud.words``."""

from __future__ import annotations

import pytest

from stud.actions import Action, Bet, BringIn, Call, Check, Complete, Fold, Muck, Raise, Show
from stud.words import PHH, STARS, VERBS, action_button, action_said, said

ACTIONS: list[Action] = [
    Fold(),
    Check(),
    Call(),
    BringIn(),
    Complete(10),
    Bet(10),
    Raise(20),
    Show(),
    Muck(),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_every_action_has_its_words_in_every_table(action: Action) -> None:
    word = action.word
    assert word in VERBS
    assert word in PHH
    assert word in STARS


def test_the_dealer_the_player_and_the_button_say_the_same_verb() -> None:
    assert str(Raise(20)) == "raises to 20" == action_said(Raise(20))
    assert action_said(Raise(20), you=True) == "raise to 20"
    assert action_button(Raise(20), 10) == "Raise to 20"
    assert action_said(Call(), 5, all_in=True) == "calls 5 and is all-in"
    assert action_said(Call(), 5, you=True, all_in=True) == "call 5 and are all-in"
    assert action_button(Call(), 5) == "Call 5"
    assert action_said(BringIn(), 2) == "brings in for 2"
    assert action_button(BringIn(), 2) == "Bring in 2"
    assert action_button(Fold(), 0) == "Fold"
    assert said("ante", 1, you=True) == "post the ante 1"
