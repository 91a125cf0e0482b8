"""R8: what the engine guarantees: conservation, refusals, reproducibility, private views."""

import random
from typing import Any

import pytest

from helpers import (
    call_down,
    cards_in,
    deal,
    later_streets,
    legal,
    play,
    refused,
    replay,
    rules,
    show_all,
    showdown,
    table,
)
from stud.actions import Call, HandShown, PotAwarded
from stud.cards import DECK, parse_cards
from stud.state import HandState, IllegalActionError, Phase, new_hand
from stud.views import view_of


def random_hand(variant: str, stacks: list[int], seed: int) -> list[HandState]:
    """Every position of a hand dealt and played at random from ``seed``."""
    rng = random.Random(seed)
    state = new_hand(rules(variant), stacks, rng=rng)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


# -- R8.1 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
@pytest.mark.parametrize("players", range(2, 9))
def test_r8_1_chips_are_conserved(variant: str, players: int) -> None:
    for seed in range(3):
        stacks = [random.Random(seed * 10 + p).randint(1, 80) for p in range(players)]
        states = random_hand(variant, stacks, seed)
        for state in states:
            assert sum(state.stacks) + state.pot == sum(stacks)
            assert min(state.stacks) >= 0
        assert sum(states[-1].final_stacks) == sum(stacks)
        assert sum(states[-1].payoffs) == 0


# -- R8.2 ------------------------------------------------------------------------

THREE = {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h"}


def test_r8_2_wrong_amount_is_refused_naming_what_is_legal() -> None:
    state = play(table("stud", [100] * 3, THREE), "2 bring", "0 complete 10")
    message = refused(state, "raise 25", "seat 2 cannot raise to 25")
    assert "legal: folds, calls, raises to 20" in message
    refused(state, "raise 10", "cannot raise to 10")
    refused(state, "bet 20", "cannot bet 20")
    refused(state, "complete 10", "cannot complete to 10")


def test_r8_2_acting_while_cards_are_due_is_refused() -> None:
    state = table("stud", [100] * 3)
    refused(state, "check", "cards are due")
    state = call_down(table("stud", [100] * 3, THREE))
    assert state.phase is Phase.DEAL
    refused(state, "bet 10", "cards are due")


def test_r8_2_cards_out_of_turn_or_twice_are_refused_and_nothing_changes() -> None:
    state = play(table("stud", [100] * 3, THREE), "2 bring", "0 fold", "1 call")
    before = state
    assert state.deal_due == 1  # seat 0 folded: seat 1 is first on fourth street
    with pytest.raises(IllegalActionError, match="cards are due to seat 2, not seat 1"):
        state.deal(0, parse_cards("5s"))
    with pytest.raises(IllegalActionError, match="cards are due to seat 2, not seat 3"):
        state.deal(2, parse_cards("5s"))
    with pytest.raises(IllegalActionError, match="As has already been dealt"):
        state.deal(1, parse_cards("As"))
    with pytest.raises(IllegalActionError, match="gets 1 card"):
        state.deal(1, parse_cards("5s 6s"))
    assert state == before


def test_r8_2_actions_after_the_hand_is_over_are_refused() -> None:
    state = play(table("stud", [100] * 3, THREE), "2 bring", "0 fold", "1 fold")
    assert state.is_over
    assert legal(state) == []
    refused(state, "check", "the hand is over")
    refused(state, "show", "the hand is over")
    with pytest.raises(IllegalActionError, match="no cards are due"):
        state.deal(0, parse_cards("5s"))


def test_r8_2_only_show_or_muck_at_showdown() -> None:
    hands = {0: "2h 5h 3c 9h Jh Kh 4d", 1: "9c Td 8s Jc Qs Kd 2s"}
    state = table("stud", [100, 100], {s: h[:8] for s, h in hands.items()})
    state = later_streets(call_down(state), {s: parse_cards(h) for s, h in hands.items()})
    assert state.phase is Phase.SHOWDOWN
    assert legal(state) == ["show", "muck"]
    refused(state, "fold", "cannot fold")
    refused(state, "check", "cannot check")


def test_r8_2_something_that_is_not_an_action_is_refused() -> None:
    state = table("stud", [100] * 3, THREE)
    with pytest.raises(IllegalActionError, match="cannot"):
        state.apply("fold")  # type: ignore[arg-type]


def test_r8_2_not_final_before_the_end() -> None:
    state = table("stud", [100] * 3, THREE)
    with pytest.raises(IllegalActionError, match="not over"):
        _ = state.final_stacks


# -- R8.3 ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_r8_3_same_inputs_same_hand(variant: str) -> None:
    for seed in range(5):
        first = random_hand(variant, [60, 25, 90, 7, 40], seed)
        second = random_hand(variant, [60, 25, 90, 7, 40], seed)
        assert first[-1].events == second[-1].events
        assert first[-1].final_stacks == second[-1].final_stacks
        assert first == second


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
@pytest.mark.parametrize("players", [2, 5, 8])
def test_r8_3_history_replays_to_the_same_final_stacks(variant: str, players: int) -> None:
    for seed in range(4):
        final = random_hand(variant, [50] * players, seed)[-1]
        again = replay(final)
        assert again.is_over
        assert again.final_stacks == final.final_stacks
        assert again.events == final.events


def test_r8_3_eight_handed_community_card_hand_replays() -> None:
    rng = random.Random(5)
    state = new_hand(rules("stud8"), [100] * 8, rng=rng)
    while state.phase is Phase.BETTING:
        state = call_down(state)
    state = show_all(state)
    assert state.community is not None
    again = replay(state)
    assert again.final_stacks == state.final_stacks
    assert again.events == state.events


# -- R8.4 ------------------------------------------------------------------------


def test_r8_4_views_hide_other_players_down_cards() -> None:
    state = call_down(table("stud", [100] * 3, THREE))
    state = deal(state, {0: "5s", 1: "6s", 2: "7d"})
    for seat in range(3):
        view = view_of(state, seat)
        seen = cards_in(view)
        for other in range(3):
            if other != seat:
                assert not seen & set(state.down[other])
                assert set(state.up[other]) <= seen
        assert set(state.down[seat]) <= seen
        assert view.down == state.down[seat]
    assert view_of(state, 0).legal_actions == tuple(state.legal_actions())  # seat 0 acts
    assert view_of(state, 1).legal_actions == ()


def test_r8_4_shown_cards_are_seen_mucked_cards_are_not() -> None:
    hands = {
        0: "2h 5h 3c 9h Jh Kh 4d",
        1: "9c Td 8s Jc Qs Kd 2s",
        2: "As Ad 4c 7c 7s 6d 3d",
    }
    cards = {s: parse_cards(h) for s, h in hands.items()}
    state = table("stud", [100] * 3, {s: h[:8] for s, h in hands.items()})
    state = later_streets(call_down(state), cards)
    assert state.phase is Phase.SHOWDOWN
    declared: list[tuple[int, str]] = []
    while state.phase is Phase.SHOWDOWN:
        seat = state.actor
        assert seat is not None
        move = "show" if not declared else "muck"
        state = play(state, f"{seat} {move}")
        declared.append((seat, move))
    (shower, _), (mucker, _) = declared[0], declared[1]
    for seat in range(3):
        seen = cards_in(view_of(state, seat))
        assert set(cards[shower]) <= seen
        if seat != mucker:
            assert not seen & set(state.down[mucker])
    shown = view_of(state, mucker).shown
    assert shown[shower] == tuple(state.cards_of(shower))
    assert shown[mucker] is None


def test_r8_4_a_winner_who_never_showed_is_not_named() -> None:
    # At showdown the first player mucks: the other wins without showing, and the
    # award must not name the unshown hand (it would tell what the down cards are).
    hands = {0: "2h 5h 3c 9h Jh Kh 4d", 1: "9c Td 8s Jc Qs Kd 2s"}
    state = table("stud", [100, 100], {s: h[:8] for s, h in hands.items()})
    state = later_streets(call_down(state), {s: parse_cards(h) for s, h in hands.items()})
    first = state.actor
    assert first is not None
    state = play(state, f"{first} muck")
    assert state.is_over
    assert not any(isinstance(e, HandShown) for e in state.events)
    (award,) = [e for e in state.events if isinstance(e, PotAwarded)]
    assert award.seat == 1 - first
    assert award.hand == ""


def test_r8_4_views_during_random_hands_never_leak() -> None:
    for seed in range(6):
        for state in random_hand("stud8", [40, 3, 80, 25, 60, 12, 90, 33], seed):
            shown = {e.seat for e in state.events if isinstance(e, HandShown)}
            for seat in range(state.players):
                seen = cards_in(view_of(state, seat))
                for other in range(state.players):
                    if other != seat and other not in shown:
                        assert not seen & set(state.down[other])


def test_r8_4_no_view_of_a_seat_that_is_not_at_the_table() -> None:
    state = table("stud", [100] * 3, THREE)
    with pytest.raises(ValueError, match="no seat 4"):
        view_of(state, 3)
    assert Call() not in view_of(state, 2).legal_actions  # seat 2 must bring in


def test_r8_1_dead_antes_short_ante_is_not_returned_as_an_uncalled_bet() -> None:
    """With ``dead_antes`` every ante is in the main pot, which anyone still in can win.

    Seat 0 posts 1 of a 2 ante, seat 1 posts 2; both are all-in and seat 0 wins. Dead
    antes: seat 0 takes all 3. Live antes (the default): seat 1's unmatched chip comes
    back and seat 0 wins 2.
    """
    hands = {0: "As Ad Kc 7c 7h 4c 2s", 1: "Kd Ks Qh 8d 3h 5c 6s"}
    dead = showdown("stud", [1, 2], hands, stakes="2/2/10/20", dead_antes=True)
    assert dead.final_stacks == (3, 0)
    live = showdown("stud", [1, 2], hands, stakes="2/2/10/20")
    assert live.final_stacks == (2, 1)


@pytest.mark.parametrize("cards", [["Kc", "Kd", "Qh"], "Kc Kd Qh", [50, 49, 40]])
def test_r8_2_dealing_anything_but_cards_is_refused_at_the_door(cards: Any) -> None:
    state = table("stud", [100, 100])
    with pytest.raises(IllegalActionError, match="seat 1's cards must be Card values"):
        state.deal(0, cards)


def test_r8_2_a_deck_order_of_anything_but_cards_is_refused() -> None:
    deck = [str(c) for c in DECK]
    with pytest.raises(ValueError, match=r"a deck order must be Card values .* not '2c'"):
        new_hand(rules("stud"), [100, 100], deck=deck)
