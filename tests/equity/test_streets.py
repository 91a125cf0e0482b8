"""Odds street by street through a played hand (``stud.equity.streets``).

A seat's odds "as it saw them" may use nothing it did not see (R8.4): changing the
other players' down cards, which it never saw, changes nothing. Against the real
cards the odds are exact where the hand is fully known, sum to the whole pot, and
on seventh street are what the showdown then paid.
"""

from __future__ import annotations

import random

import pytest

from stud.actions import BringIn, Call, Check, Fold, PotAwarded, Show
from stud.cards import DECK, Card
from stud.equity.streets import odds_by_street, seen_share
from stud.positions import steps
from stud.rules import Rules, Variant
from stud.state import HandState, new_hand


def called_down(variant: Variant, deck: list[Card], players: int = 3) -> HandState:
    """Everyone checks and calls to the showdown and shows, dealt from ``deck``."""
    rules = Rules(variant, ante=1, bring_in=1, small_bet=5, big_bet=10)
    state = new_hand(rules, [200] * players, deck=deck)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(next(a for a in (Show(), Check(), Call(), BringIn()) if a in legal))
    return state


def every_card(final: HandState) -> set[Card]:
    return {c for down in final.down for c in down}


@pytest.mark.parametrize("variant", list(Variant))
def test_r8_4_a_seats_own_odds_use_nothing_it_did_not_see(variant: Variant) -> None:
    deck = list(DECK)
    random.Random(7).shuffle(deck)
    final = called_down(variant, deck)
    odds = odds_by_street([s for s, _ in steps(final)], every_card(final))
    assert [o.street for o in odds] == [3, 4, 5, 6, 7]
    # Swap seat 1's and seat 2's first down cards with cards nobody was dealt:
    # seat 0 never saw them, so its odds as it saw them cannot move.
    dealt = [c for down in final.down for c in down] + [c for up in final.up for c in up]
    spare = [c for c in deck if c not in dealt]
    other = list(deck)
    for seat, stand_in in ((1, spare[0]), (2, spare[1])):
        card = final.down[seat][0]
        i, j = other.index(card), other.index(stand_in)
        other[i], other[j] = other[j], other[i]
    changed = called_down(variant, other)
    assert changed.down[1][0] == spare[0]
    again = odds_by_street([s for s, _ in steps(changed)], every_card(changed))
    assert [o.seen[0] for o in again] == [o.seen[0] for o in odds]
    assert [o.real for o in again] != [o.real for o in odds]


def test_the_real_odds_share_the_whole_pot_and_seventh_street_is_what_was_paid() -> None:
    deck = list(DECK)
    random.Random(11).shuffle(deck)
    final = called_down(Variant.STUD8, deck)
    odds = odds_by_street([s for s, _ in steps(final)], every_card(final))
    for o in odds:
        assert o.real is not None
        assert sum(s for s in o.real if s is not None) == pytest.approx(1.0)
    # On seventh street nothing is left to come: the real odds are the result.
    paid = [0] * final.players
    for award in (e for e in final.events if isinstance(e, PotAwarded)):
        paid[award.seat] += award.amount
    seventh = odds[-1].real
    assert seventh is not None
    pot = sum(paid)
    assert [s * pot for s in seventh if s is not None] == pytest.approx(paid)


def test_no_real_odds_while_a_live_hand_is_unknown() -> None:
    deck = list(DECK)
    random.Random(3).shuffle(deck)
    final = called_down(Variant.RAZZ, deck)
    hidden = set(final.down[2])
    odds = odds_by_street([s for s, _ in steps(final)], every_card(final) - hidden)
    assert all(o.real is None for o in odds)
    assert all(o.seen[2] is None for o in odds)
    assert all(o.seen[0] is not None and o.seen[1] is not None for o in odds)


@pytest.mark.parametrize("variant", list(Variant))
def test_r8_4_a_seats_share_now_uses_nothing_it_did_not_see(variant: Variant) -> None:
    deck = list(DECK)
    random.Random(11).shuffle(deck)
    rules = Rules(variant, ante=1, bring_in=1, small_bet=5, big_bet=10)
    state = new_hand(rules, [200] * 3, deck=deck)
    share = seen_share(state, 0)
    assert share is not None
    assert 0.0 <= share <= 1.0
    # Seat 1's down cards swapped with the deck's last two (dealt to nobody yet): seat
    # 0 never saw either, so what it is told cannot move.
    other = list(deck)
    for card, spare in zip(state.down[1], (-1, -2), strict=True):
        at = other.index(card)
        other[at], other[spare] = other[spare], other[at]
    swapped = new_hand(rules, [200] * 3, deck=other)
    assert swapped.down[1] != state.down[1]
    assert swapped.hand_of(0) == state.hand_of(0)
    assert seen_share(swapped, 0) == share
    # Out of the hand, or alone in it: nothing to tell.
    folded = state
    while len(folded.in_hand) > 1:  # the bring-in posts, then everyone else folds
        legal = folded.legal_actions()
        folded = folded.apply(BringIn() if BringIn() in legal else Fold())
    assert seen_share(folded, folded.in_hand[0]) is None
    out = next(s for s in range(3) if s not in folded.in_hand)
    assert seen_share(folded, out) is None
