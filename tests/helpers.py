"""A small language for rule tests: set up a table, deal named cards, play moves.

A rule test reads like the situation in RULES.md::

    state = table("stud", [100, 100, 100], {0: "Kc Kd 2c", 1: "Qs Js 5h", 2: "9c 9d Ah"})
    assert legal(state) == ["bring", "complete 10"]
    state = play(state, "0 bring", "1 call", "2 complete 10", "0 fold", "1 call")
    state = deal(state, {1: "7h", 2: "Ts"})

Seats are the engine's, 0-based. Cards are named as players write them; third
street is ``down down door``. Moves are ``"<seat> <verb> [amount]"`` with the verbs
``bring complete bet raise call check fold show muck``; amounts are street totals.
Every move checks that it is that seat's turn, so a test also pins the order of play.

The stakes of every test unless it says otherwise are ``STAKES``: ante 1, bring-in
2, small bet 10, big bet 20, so the arithmetic in the tests stays easy to follow.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence

import pytest

from stud.actions import (
    Action,
    ActionTaken,
    Bet,
    BringIn,
    Call,
    CardsDealt,
    Check,
    CommunityCardDealt,
    Complete,
    Fold,
    HandMucked,
    HandShown,
    Muck,
    PotAwarded,
    Raise,
    Show,
)
from stud.cards import DECK, Card, parse_cards
from stud.rules import Rules
from stud.state import HandState, IllegalActionError, Phase, new_hand

STAKES = "1/2/10/20"
"""Ante 1, bring-in 2, small bet 10, big bet 20."""


def rules(variant: str = "stud", stakes: str = STAKES, **options: object) -> Rules:
    """A rule set from a variant, ``ante/bring-in/small/big`` stakes and options."""
    game = Rules.from_stakes(stakes, variant)
    return dataclasses.replace(game, **options) if options else game  # type: ignore[arg-type]


def table(
    variant: str | Rules,
    stacks: Sequence[int],
    cards: Mapping[int, str] | None = None,
    *,
    stakes: str = STAKES,
    **options: object,
) -> HandState:
    """A hand with antes posted and, if ``cards`` are given, third street dealt."""
    game = variant if isinstance(variant, Rules) else rules(variant, stakes, **options)
    state = new_hand(game, list(stacks))
    return state if cards is None else deal(state, cards)


def deal(state: HandState, cards: Mapping[int, str]) -> HandState:
    """Deal each listed seat its named cards for this street, in the order they are due."""
    remaining = dict(cards)
    while remaining:
        seat = state.deal_due
        if seat is None:
            raise AssertionError(f"no cards are due; left over for seats {sorted(remaining)}")
        if seat not in remaining:
            raise AssertionError(f"cards are due to seat {seat}, but none were named for it")
        state = state.deal(seat, parse_cards(remaining.pop(seat)))
    return state


def deal_community(state: HandState, card: str) -> HandState:
    """Deal the seventh-street community card (R3.4)."""
    (one,) = parse_cards(card)
    return state.deal_community(one)


def action(text: str) -> Action:
    """An action from its words: ``"call"``, ``"raise 30"``, ``"bring"`` ..."""
    verb, *amount = text.split()
    simple: dict[str, Action] = {
        "fold": Fold(),
        "check": Check(),
        "call": Call(),
        "bring": BringIn(),
        "show": Show(),
        "muck": Muck(),
    }
    sized: dict[str, type[Complete | Bet | Raise]] = {
        "complete": Complete,
        "bet": Bet,
        "raise": Raise,
    }
    if verb in simple and not amount:
        return simple[verb]
    if verb in sized and len(amount) == 1:
        return sized[verb](int(amount[0]))
    raise ValueError(f"cannot read the action {text!r}")


def words(act: Action) -> str:
    """An action in the words ``action`` reads."""
    match act:
        case Fold():
            return "fold"
        case Check():
            return "check"
        case Call():
            return "call"
        case BringIn():
            return "bring"
        case Show():
            return "show"
        case Muck():
            return "muck"
        case Complete(to):
            return f"complete {to}"
        case Bet(to):
            return f"bet {to}"
        case Raise(to):
            return f"raise {to}"
    raise AssertionError(f"unknown action {act!r}")


def legal(state: HandState) -> list[str]:
    """The legal actions of the player to act, in words."""
    return [words(a) for a in state.legal_actions()]


def play(state: HandState, *moves: str) -> HandState:
    """Apply moves ``"<seat> <verb> [amount]"``, checking each is that seat's turn."""
    for move in moves:
        seat_text, _, rest = move.partition(" ")
        seat = int(seat_text)
        if state.actor != seat:
            raise AssertionError(
                f"{move!r}: it is seat {state.actor}'s turn, not seat {seat}'s "
                f"(phase {state.phase.value}, street {state.street})"
            )
        state = state.apply(action(rest))
    return state


def refused(state: HandState, act: str | Action, reason: str) -> str:
    """Assert ``act`` is refused with an error matching ``reason``, state unchanged (R8.2)."""
    before = copy.deepcopy(state)
    move = action(act) if isinstance(act, str) else act
    with pytest.raises(IllegalActionError, match=reason) as error:
        state.apply(move)
    assert state == before
    return str(error.value)


def call_down(state: HandState) -> HandState:
    """Play the current betting round passively: bring in, then check or call.

    Stops when the round is over: cards are due, or (for a hand dealing from its
    deck) the next street has begun, or it is showdown.
    """
    street = state.street
    while state.phase is Phase.BETTING and state.street == street:
        options = state.legal_actions()
        for passive in (BringIn(), Check(), Call()):
            if passive in options:
                state = state.apply(passive)
                break
        else:
            raise AssertionError(f"no passive action in {options}")
    return state


def show_all(state: HandState) -> HandState:
    """Every player still in shows, in the order asked."""
    while state.phase is Phase.SHOWDOWN:
        state = state.apply(Show())
    return state


def later_streets(
    state: HandState, hands: Mapping[int, Sequence[Card]], *, first: int = 4
) -> HandState:
    """Deal streets ``first``..7 from each seat's seven cards, betting passively."""
    for street in range(first, 8):
        state = call_down(state)
        if state.phase is not Phase.DEAL:
            break
        assert state.street == street
        due = {s: str(hands[s][street - 1]) for s in state.in_hand if street - 1 < len(hands[s])}
        state = deal(state, due)
        if state.community_due:
            raise AssertionError("the community card is due: use showdown(..., community=...)")
    return call_down(state)


def showdown(
    variant: str | Rules,
    stacks: Sequence[int],
    hands: Mapping[int, str],
    *,
    community: str | None = None,
    stakes: str = STAKES,
    **options: object,
) -> HandState:
    """Play a hand to its end with no betting beyond the bring-in and calls.

    ``hands`` gives each seat its seven cards in the order dealt: two down, the door
    card, three up, the seventh down (six cards when ``community`` is the seventh).
    Everyone still in shows. With stacks of 100 and the default stakes, every pot is
    the antes plus one bring-in a player: ``players * (1 + 2)``.
    """
    cards = {s: parse_cards(text) for s, text in hands.items()}
    state = table(
        variant,
        stacks,
        {s: " ".join(map(str, c[:3])) for s, c in cards.items()},
        stakes=stakes,
        **options,
    )
    for street in range(4, 8):
        state = call_down(state)
        if state.phase is not Phase.DEAL:
            break
        if street == 7 and community is not None:
            state = deal_community(state, community)
        else:
            state = deal(state, {s: str(cards[s][street - 1]) for s in state.in_hand})
    state = call_down(state)
    return show_all(state)


def awards(state: HandState) -> list[tuple[int, int, int, str]]:
    """The pot awards ``(seat, amount, pot, share)`` in the order made."""
    return [
        (e.seat, e.amount, e.pot, e.share.value) for e in state.events if isinstance(e, PotAwarded)
    ]


def won(state: HandState) -> dict[int, int]:
    """Total chips awarded to each seat that won anything."""
    totals: dict[int, int] = {}
    for seat, amount, _, _ in awards(state):
        totals[seat] = totals.get(seat, 0) + amount
    return totals


def taken(state: HandState) -> list[tuple[int, int, str, int]]:
    """The actions so far as ``(street, seat, words, chips put in)``."""
    return [
        (e.street, e.seat, words(e.action), e.amount)
        for e in state.events
        if isinstance(e, ActionTaken)
    ]


def dealt(state: HandState) -> list[CardsDealt]:
    """The ``CardsDealt`` events so far."""
    return [e for e in state.events if isinstance(e, CardsDealt)]


def deck_for(hands: Sequence[str], community: str = "") -> list[Card]:
    """A deck order that deals ``hands`` (seat by seat, seven cards each) as at a table.

    Cards go one at a time clockwise from seat 0 (R3.2), each later street round
    starting from seat 0 again (R3.3); this assumes nobody folds. ``community`` is
    the card dealt after all the hands' cards. Unnamed cards follow in deck order.
    """
    parsed = [parse_cards(h) for h in hands]
    order: list[Card] = []
    for index in range(max(len(p) for p in parsed)):
        order += [p[index] for p in parsed if index < len(p)]
    order += parse_cards(community)
    order += [c for c in DECK if c not in order]
    return order


def replay(state: HandState) -> HandState:
    """Play a hand again from its history alone, naming every card (R8.3)."""
    again = new_hand(state.rules, state.starting_stacks)
    for event in state.events:
        match event:
            case CardsDealt(seat=seat, down=down, up=up):
                again = again.deal(seat, down + up)
            case CommunityCardDealt(card=card):
                again = again.deal_community(card)
            case ActionTaken(action=act):
                again = again.apply(act)
            case HandShown():
                again = again.apply(Show())
            case HandMucked():
                again = again.apply(Muck())
    return again


def cards_in(value: object) -> set[Card]:
    """Every card anywhere inside a value: dataclass fields, tuples, lists, dicts."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack += [getattr(item, f.name) for f in dataclasses.fields(item)]
        elif isinstance(item, tuple | list | set | frozenset):
            stack += list(item)
        elif isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
    return found
