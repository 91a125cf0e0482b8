"""R6.7: the showdown's order, and which hands are shown or mucked without a decision.

The engine asks in the rulebook's order; ``stud.showdown.automatic`` answers for a
cardroom that never waits on a showdown: the first hand of a pot is always shown, a
hand beaten for every part of every pot it contests by hands already shown is mucked
(when its player mucks losing hands), and a hand that wins or ties for a part of a
pot is always shown, so mucking never changes who wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest
from hypothesis import given

from helpers import call_down, later_streets, play, show_all, table, won
from strategies import Setup, choose, setups
from stud.actions import HandMucked, HandShown, Muck, PotAwarded, Show
from stud.cards import parse_cards
from stud.showdown import automatic, can_still_win
from stud.state import HandState, Phase


def seventh_street(variant: str, hands: Mapping[int, str]) -> HandState:
    """Deal ``hands`` (seven cards each, in dealing order), checking or calling every
    street before the seventh; the seventh's betting is still to come."""
    state = table(variant, [100] * len(hands), {s: h[:8] for s, h in hands.items()})
    cards = {s: parse_cards(h) for s, h in hands.items()}
    state = later_streets(call_down(state), {s: c[:6] for s, c in cards.items()})
    while state.deal_due is not None:
        state = state.deal(state.deal_due, cards[state.deal_due][6:])
    return state


def to_showdown(variant: str, hands: Mapping[int, str], *moves: str) -> HandState:
    """``seventh_street``, then ``moves`` and checks or calls to the showdown."""
    state = call_down(play(seventh_street(variant, hands), *moves))
    assert state.phase is Phase.SHOWDOWN
    return state


def run_itself(state: HandState, muck_losing: bool = True) -> HandState:
    while state.phase is Phase.SHOWDOWN:
        state = state.apply(automatic(state, muck_losing=muck_losing))
    return state


# Seat 0: a flush; seat 1: a straight; seat 2: a pair of twos.
FLUSH, STRAIGHT, TWOS = "2h 5h 3c 9h Jh Kh 4d", "9c Td 8s Jc Qs Kd 2s", "2c 7s 2d 6c 3s 4s Ad"


def test_r6_7_the_last_to_bet_on_the_last_street_shows_first() -> None:
    hands = {0: FLUSH, 1: STRAIGHT, 2: TWOS}
    seventh = seventh_street("stud", hands)
    first_to_act = seventh.actor
    assert first_to_act is not None
    # Nobody bets on seventh: the first to act on it shows first.
    assert call_down(seventh).actor == first_to_act
    # The next player bets and is called: the bettor shows first.
    bettor = (first_to_act + 1) % 3
    state = call_down(play(seventh, f"{first_to_act} check", f"{bettor} bet 20"))
    assert state.phase is Phase.SHOWDOWN
    assert state.actor == bettor
    assert automatic(state) == Show()


def test_r6_7_the_first_hand_is_shown_even_when_it_loses() -> None:
    state = to_showdown("stud", {0: TWOS, 1: FLUSH})
    first = state.actor
    assert first is not None
    assert automatic(state) == Show()


def test_r6_7_a_beaten_hand_is_mucked_and_the_winner_always_shown() -> None:
    state = to_showdown("stud", {0: FLUSH, 1: STRAIGHT, 2: TWOS})
    end = run_itself(state)
    shown = {e.seat for e in end.events if isinstance(e, HandShown)}
    mucked = {e.seat for e in end.events if isinstance(e, HandMucked)}
    assert 0 in shown
    assert won(end) == {0: 9}
    # Whoever came after the flush with a worse hand mucked it unseen.
    order = [e.seat for e in end.events if isinstance(e, HandShown | HandMucked)]
    after_flush = order[order.index(0) + 1 :]
    assert set(after_flush) <= mucked
    assert show_all(state).final_stacks == end.final_stacks


def test_r6_7_a_player_who_keeps_losing_hands_shows_them() -> None:
    end = run_itself(to_showdown("stud", {0: FLUSH, 1: STRAIGHT, 2: TWOS}), muck_losing=False)
    assert not [e for e in end.events if isinstance(e, HandMucked)]
    assert {e.seat for e in end.events if isinstance(e, HandShown)} == {0, 1, 2}


def test_r6_7_a_tied_hand_is_shown() -> None:
    # Both play the same straight, 9 to king; the second to show ties and must show.
    hands = {0: "9c Td 8s Jc Qs Kd 2s", 1: "9d Th 8h Jd Qc Ks 3c"}
    end = run_itself(to_showdown("stud", hands))
    assert {e.seat for e in end.events if isinstance(e, HandShown)} == {0, 1}
    assert won(end) == {0: 3, 1: 3}


def test_r6_7_stud8_a_hand_beaten_high_still_shows_for_the_low_half() -> None:
    # Seat 1's 7-5-4-3-2 low loses high to seat 0's flush but takes the low half.
    hands = {0: "Kh Qh 9c 9h Jh 2h Kd", 1: "2c 3d 4s 5c 7d Td Qs"}
    state = to_showdown("stud8", hands)
    end = run_itself(state)
    assert {e.seat for e in end.events if isinstance(e, HandShown)} == {0, 1}
    assert set(won(end)) == {0, 1}


def test_r6_7_razz_a_worse_low_is_mucked() -> None:
    hands = {0: "Ac 2d 3h 4s 6c Kd Qh", 1: "Kc Qd Jh 9s Tc Kh Qs"}
    state = to_showdown("razz", hands)
    end = run_itself(state)
    assert won(end) == {0: 6}
    if state.actor == 0:
        assert HandMucked(1) in end.events
    else:
        assert HandShown(1, end.cards_of(1)) in end.events


def test_r6_7_nobody_is_asked_outside_a_showdown() -> None:
    state = table("stud", [100, 100], {0: "2c 3c 4c", 1: "5d 6d 7d"})
    with pytest.raises(ValueError, match="not at its showdown"):
        automatic(state)


@given(setups(min_players=2, max_players=8))
def test_r6_7_a_showdown_that_runs_itself_pays_what_everyone_showing_pays(setup: Setup) -> None:
    """Every hand that wins a part of a pot is shown, every mucked hand could not win
    against what was shown before it, and the pots go exactly where they go when every
    player shows."""
    rng = random.Random(setup.seed)
    state = setup.start()
    while not state.is_over and state.phase is not Phase.SHOWDOWN:
        state = state.apply(choose(state, rng, setup.fold_rate))
    if state.phase is not Phase.SHOWDOWN:
        return
    end = state
    while end.phase is Phase.SHOWDOWN:
        choice = automatic(end)
        seat = end.actor
        assert seat is not None
        assert (choice == Muck()) == (not can_still_win(end, seat))
        end = end.apply(choice)
    everyone = show_all(state)
    assert end.final_stacks == everyone.final_stacks
    shown = {e.seat for e in end.events if isinstance(e, HandShown)}
    mucked = {e.seat for e in end.events if isinstance(e, HandMucked)}
    winners = {e.seat for e in end.events if isinstance(e, PotAwarded)}
    assert winners <= shown
    assert not winners & mucked
