"""PHH's action lines, one at a time: read a line and play it on the engine.

``apply_line`` takes one line of a PHH ``actions`` array (``d dh p1 AsKs7h``,
``p2 cbr 20``, ``p1 sm``) and returns the state after it, or raises ``ValueError``
saying what is wrong with it; ``stud.history.phh.replay`` adds where (the file, the
hand, the line). Cards a file writes as ``??`` are dealt as stand-ins.
"""

from __future__ import annotations

import re
from decimal import Decimal

from stud.actions import Bet, BringIn, Call, Check, Complete, Fold, Muck, Raise, Show
from stud.cards import Card, parse_cards
from stud.state import HandState, Phase
from stud.words import PHH

__all__ = ["apply_line", "card_tokens", "chips", "fill_unknown", "short", "show_down_to"]


def short(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to fit one line of an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_MOST_CHIPS = 10**30
"""A bound on any amount read: far above every real stack, and short enough to print."""


def chips(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise ValueError(f"{name} must be a number of chips, not {short(value)}")
    exact = Decimal(value)
    if not exact.is_finite() or exact != exact.to_integral_value():
        raise ValueError(f"{name} must be a whole number of chips (R1.3), not {value}")
    if abs(exact) >= _MOST_CHIPS:
        raise ValueError(f"{name}: {short(value)} is more chips than any hand holds")
    return int(exact)


_ACTION = re.compile(r"^\s*(?P<actor>d|p\d+)\s+(?P<verb>\S+)(?:\s+(?P<args>[^#]*?))?\s*(?:#.*)?$")


_PLAYER = re.compile(r"p[1-9]\d?")


_AMOUNT = re.compile(r"\d{1,30}(?:\.\d{1,30})?")


def seat_of(actor: str, state: HandState) -> int:
    if not _PLAYER.fullmatch(actor):
        raise ValueError(f"{short(actor)} is not a player: players are p1, p2, ... (no zeros)")
    seat = int(actor[1:]) - 1
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no player {actor} in a hand of {state.players}")
    return seat


def card_tokens(cards: str) -> list[str]:
    """The two-character cards of ``'Td3c??'``, each a card or ``??`` (unknown)."""
    if len(cards) % 2 or not cards.isprintable() or any(c.isspace() for c in cards):
        raise ValueError(
            f"{short(cards)} is not a list of cards: each card is two characters "
            "('Td', or '??' for a card nobody saw)"
        )
    tokens = [cards[i : i + 2] for i in range(0, len(cards), 2)]
    for token in tokens:
        if "?" in token and token != "??":
            raise ValueError(f"{token!r} in {short(cards)}: a card is either known or '??'")
    parse_cards("".join(t for t in tokens if t != "??"))  # names a token that is no card
    return tokens


def fill_unknown(cards: str, stand_ins: list[Card]) -> tuple[Card, ...]:
    tokens = card_tokens(cards)
    known = iter(parse_cards("".join(t for t in tokens if t != "??")))
    if tokens.count("??") > len(stand_ins):
        raise ValueError("no card is left to stand in for '??': the hand names all the others")
    return tuple(stand_ins.pop() if t == "??" else next(known) for t in tokens)


def _nothing_after(verb: str, args: str) -> None:
    if args:
        raise ValueError(f"'{verb}' takes nothing after it, not {short(args)}")


def apply_line(
    state: HandState,
    text: str,
    declarations: dict[int, bool],
    stand_ins: list[Card],
    unknown: set[int],
) -> HandState:
    match = _ACTION.match(text)
    if match is None:
        if not text.strip() or text.strip().startswith("#"):
            return state  # a no-op or a commentary
        raise ValueError("not an action: expected 'd dh pN CARDS', 'pN cbr AMOUNT' and the like")
    actor, verb, args = match["actor"], match["verb"], (match["args"] or "").strip()
    if actor == "d":
        if verb == "dh":
            who, _, cards = args.partition(" ")
            if not re.fullmatch(r"p\d+", who) or not cards:
                raise ValueError(f"'d dh' needs a player and cards, not {short(args)}")
            seat = seat_of(who, state)
            if "?" in cards:
                unknown.add(seat)
            return state.deal(seat, fill_unknown(cards, stand_ins))
        if verb == "db":
            cards = parse_cards(args)
            if len(cards) != 1 or len(args) != 2:
                raise ValueError(f"stud deals one community card, not {short(args)}")
            return state.deal_community(cards[0])
        raise ValueError(f"the dealer cannot {short(verb)} in stud (only 'dh' and 'db')")
    seat = seat_of(actor, state)
    if verb == PHH["show"]:
        return _declare(state, seat, args, declarations)
    if state.actor != seat:
        due = (
            f"player p{state.actor + 1} is to act"
            if state.actor is not None
            else "cards are due"
            if state.phase is Phase.DEAL
            else "the hand is over"
        )
        raise ValueError(f"out of turn: {due}")
    legal = state.legal_actions()
    if verb == PHH["bring_in"]:
        _nothing_after(verb, args)
        if BringIn() not in legal:
            allowed = ", ".join(str(a) for a in legal)
            raise ValueError(f"p{seat + 1} cannot bring in now (legal: {allowed})")
        return state.apply(BringIn())
    if verb == PHH["fold"]:
        _nothing_after(verb, args)
        return state.apply(Fold())
    if verb == PHH["call"]:
        _nothing_after(verb, args)
        return state.apply(Check() if Check() in legal else Call())
    if verb == PHH["raise"]:
        if not _AMOUNT.fullmatch(args):
            raise ValueError(f"'cbr' needs an amount, not {short(args)}")
        amount = chips(Decimal(args) if "." in args else int(args), "the amount")
        for action in legal:
            if isinstance(action, Complete | Bet | Raise) and action.to == amount:
                return state.apply(action)
        if BringIn() in legal:
            # A bring-in all-in for less is written as a wager by some writers
            # (pokerkit): the same chips, so the same action.
            brought = state.apply(BringIn())
            if brought.stacks[seat] == 0 and brought.wagers[seat] == amount:
                return brought
        wagers = [str(a) for a in legal if isinstance(a, Complete | Bet | Raise)]
        allowed = ", ".join(wagers) if wagers else "no bet or raise"
        raise ValueError(f"p{seat + 1} cannot bet or raise to {amount} here (allowed: {allowed})")
    known = ", ".join(dict.fromkeys(PHH.values()))
    raise ValueError(f"unknown action {short(verb)} (stud uses {known})")


def _declare(state: HandState, seat: int, args: str, declarations: dict[int, bool]) -> HandState:
    if state.folded[seat]:
        raise ValueError(f"p{seat + 1} has folded and has nothing to show")
    # 'pN sm CARDS' shows, 'pN sm -' shows the cards already dealt, and 'pN sm'
    # with no cards mucks the hand.
    if args and args != "-":
        card_tokens(args)
    if args and args != "-" and "?" not in args:
        shown = parse_cards(args)
        if not set(state.cards_of(seat)).issubset(shown) or len(shown) > 7:
            dealt = " ".join(str(c) for c in state.cards_of(seat))
            raise ValueError(f"p{seat + 1} shows {args} but holds {dealt}")
    declarations[seat] = bool(args)
    if state.phase is Phase.SHOWDOWN:
        return show_down_to(state, declarations)
    return state


def show_down_to(state: HandState, declarations: dict[int, bool]) -> HandState:
    """Apply the showdown declarations known so far, in the engine's showdown order."""
    while state.phase is Phase.SHOWDOWN and state.actor in declarations:
        state = state.apply(Show() if declarations[state.actor] else Muck())
    return state
