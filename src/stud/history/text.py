"""A readable hand history, in the manner of an online cardroom's.

Streets, the cards each player was seen to get, every action with its chips, the
showdown with each hand named, and who won which pot or half. Given a ``seat``,
the history is told from that player's chair: other players' face-down cards stay
hidden unless shown at showdown (R8.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.actions import (
    ActionTaken,
    AntePosted,
    BetReturned,
    CardsDealt,
    CommunityCardDealt,
    Event,
    HandMucked,
    HandShown,
    PotAwarded,
    Share,
    StreetStarted,
)
from stud.cards import Card, format_cards
from stud.evaluation import high_value, low8_value, razz_value
from stud.evaluation.reference import said_high, said_high_so_far, said_low, said_low_draw
from stud.rules import Rules
from stud.said import N_, Said
from stud.state import HandState
from stud.views import view_of
from stud.words import action_said, said

__all__ = [
    "STREET_NAMES",
    "award_said",
    "award_source",
    "describe_action",
    "hand_name",
    "hand_said",
    "hand_so_far",
    "hand_so_far_said",
    "text_history",
]

STREET_NAMES = {3: "3rd street", 4: "4th street", 5: "5th street", 6: "6th street", 7: "7th street"}


def describe_action(taken: ActionTaken, chips: str = "", *, you: bool = False) -> str:
    """One action as a dealer would call it: ``raises to 20``, ``calls 10 and is all-in``;
    to the player with ``you``: ``raise to 20``."""
    return action_said(taken.action, taken.amount, you=you, all_in=taken.all_in, chips=chips)


def hand_said(cards: Sequence[Card], rules: Rules) -> Said | None:
    """What a shown hand makes: ``flush, ace high``, with the low in stud8 and razz."""
    if len(cards) < 5:
        return None
    if rules.lowball:
        return said_low(razz_value(cards))
    high = said_high(high_value(cards))
    if not rules.split_low:
        return high
    low = low8_value(cards)
    return _high_low(high, said_low(low) if low is not None else None)


def hand_name(cards: Sequence[Card], rules: Rules) -> str:
    """``hand_said`` in English, or "" for fewer than five cards."""
    said = hand_said(cards, rules)
    return "" if said is None else said.english()


def award_said(cards: Sequence[Card], rules: Rules, share: Share) -> Said:
    """The hand a pot (or its ``share``) was won with, as the engine names it
    (``stud.pots``): the low for razz and a low half; in stud8 a whole pot won with a
    high and a low names both; the high otherwise."""
    if rules.lowball:
        return said_low(razz_value(cards))
    low = low8_value(cards) if rules.split_low else None
    if share is Share.LOW:
        assert low is not None, "a low half is won with a low"
        return said_low(low)
    high = said_high(high_value(cards))
    if share is Share.WHOLE and low is not None:
        return Said(N_("{high} and {low}"), {"high": high, "low": said_low(low)})
    return high


def hand_so_far_said(cards: Sequence[Card], rules: Rules) -> Said | None:
    """What a player's own cards make while the hand is dealt, as players say it:
    ``two pair, jacks and fives``; in stud8 and razz also the low made or drawn to,
    ``8-7-5-2 low draw``. Only for the seat that holds the cards (R8.4)."""
    if not cards:
        return None
    made = len(cards) >= 5
    if rules.lowball:
        if (made and len({c.rank for c in cards}) >= 5) or len(cards) == 7:
            return said_low(razz_value(cards))
        return said_low_draw(cards, razz=True)
    high = said_high(high_value(cards)) if made else said_high_so_far(cards)
    if not rules.split_low:
        return high
    low = low8_value(cards) if made else None
    return _high_low(high, said_low(low) if low is not None else said_low_draw(cards, razz=False))


def hand_so_far(cards: Sequence[Card], rules: Rules) -> str:
    """``hand_so_far_said`` in English, or "" when it says nothing."""
    said = hand_so_far_said(cards, rules)
    return "" if said is None else said.english()


def _high_low(high: Said, low: Said | None) -> Said:
    """A stud8 hand's two halves: ``flush, ace high; 8-6-5-4-3 low`` or ``...; no low``."""
    return Said(N_("{high}; {low}"), {"high": high, "low": low or Said(N_("no low"))})


def award_source(award: PotAwarded, *, side_pots: bool) -> str:
    """Where an award's chips come from: ``from the low half of side pot 1``."""
    pot = "the pot"
    if side_pots:
        pot = "the main pot" if award.pot == 0 else f"side pot {award.pot}"
    part = {Share.WHOLE: "", Share.HIGH: "the high half of ", Share.LOW: "the low half of "}
    return f"from {part[award.share]}{pot}"


def text_history(
    state: HandState,
    *,
    names: Sequence[str] | None = None,
    seat: int | None = None,
    title: str = "",
    you: int | None = None,
    table_seats: Sequence[int] | None = None,
) -> str:
    """The hand so far as text; from ``seat``'s chair if given, else every card shown.

    ``you`` is the seat spoken to: its actions read "You post the ante 1", "You call 5".
    ``table_seats`` numbers the players by the table's seats (0-based) rather than by
    their places in the hand: a player in the table's sixth seat is "Seat 6" even when
    only five were dealt in.
    """
    rules = state.rules
    who = list(names) if names else [f"Seat {s + 1}" for s in range(state.players)]
    if len(who) != state.players:
        raise ValueError(f"{len(who)} names for {state.players} seats")
    events: Sequence[Event] = state.events if seat is None else view_of(state, seat).events
    heading = f"{rules.variant.game_name}, stakes {rules.stakes} (ante/bring-in/small/big)"
    lines = [f"{title}: {heading}" if title else heading]
    numbers = list(table_seats) if table_seats is not None else list(range(state.players))
    if len(numbers) != state.players:
        raise ValueError(f"{len(numbers)} table seats for {state.players} players")
    lines += [
        f"Seat {numbers[s] + 1}: {who[s]} ({state.starting_stacks[s]} in chips)"
        for s in range(state.players)
    ]

    def told(s: int, word: str, amount: int | None = None, *, all_in: bool = False) -> str:
        return f"{who[s]} {said(word, amount, you=s == you, all_in=all_in)}"

    seen_down: dict[int, list[Card]] = {s: [] for s in range(state.players)}
    seen_up: dict[int, list[Card]] = {s: [] for s in range(state.players)}
    awards: list[PotAwarded] = []
    for event in events:
        match event:
            case AntePosted(seat=s, amount=amount, all_in=all_in):
                lines.append(told(s, "ante", amount, all_in=all_in))
            case StreetStarted(street=street):
                lines.append(f"*** {STREET_NAMES[street].upper()} ***")
            case CardsDealt(seat=s, down=down, up=up):
                seen_down[s].extend(down)
                seen_up[s].extend(up)
                if seen_down[s]:
                    held = f"[{format_cards(seen_down[s])}] "
                else:  # another player's face-down cards, seen from one chair
                    held = "[" + " ".join(["??"] * (3 if event.street == 7 else 2)) + "] "
                lines.append(f"Dealt to {who[s]}: {held}{format_cards(seen_up[s])}".rstrip())
            case CommunityCardDealt(card=card):
                lines.append(f"The deck is short: community card {card} for everyone")
            case ActionTaken() as taken:
                lines.append(f"{who[taken.seat]} {describe_action(taken, you=taken.seat == you)}")
            case BetReturned(seat=s, amount=amount):
                lines.append(f"Uncalled bet of {amount} returned to {who[s]}")
            case HandShown(seat=s, cards=cards):
                if not any(line.startswith("*** SHOWDOWN") for line in lines):
                    lines.append("*** SHOWDOWN ***")
                made = hand_name(state.hand_of(s), state.rules)
                lines.append(f"{told(s, 'show')} [{format_cards(cards)}] ({made})")
            case HandMucked(seat=s):
                lines.append(told(s, "muck"))
            case PotAwarded() as award:
                awards.append(award)
    if awards:
        lines.append("*** SUMMARY ***")
        side_pots = len({a.pot for a in awards}) > 1
        for award in awards:
            source = award_source(award, side_pots=side_pots)
            with_hand = f" with {award.hand}" if award.hand else ""
            lines.append(f"{told(award.seat, 'win', award.amount)} {source}{with_hand}")
        total = sum(a.amount for a in awards) + state.rake
        lines.append(f"Total pot {total}" + (f" | Rake {state.rake}" if state.rake else ""))
        for s in range(state.players):
            net = state.stacks[s] - state.starting_stacks[s]
            lines.append(f"{who[s]}: {state.stacks[s]} in chips ({net:+d})")
    return "\n".join(lines) + "\n"
