"""What one connection may see of a table: the only place that decides it (R8.4).

Every frame the server sends about a table is built here from a ``Moment`` (the
table as it stands after a change) for one viewer: a seat number, or ``None`` for
an observer. A seat gets its own face-down cards; everyone else gets only how
many there are, until the owner shows them at showdown. The deck's order never
leaves the server: a ``Moment`` holds the hand's ``Shuffle`` only to publish its
commitment and to open each card a viewer is shown, as it is shown (its salt
beside it, docs/shuffle.md). One function to audit, and one property test
(``tests/web/test_projection.py``) that checks raw frames.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from stud.actions import (
    Action,
    ActionTaken,
    AntePosted,
    BetReturned,
    BringIn,
    Call,
    CardsDealt,
    CommunityCardDealt,
    Event,
    HandMucked,
    HandShown,
    PotAwarded,
    RakeTaken,
    StreetStarted,
)
from stud.cards import DECK, Card
from stud.history.text import (
    award_said,
    describe_action,
    hand_said,
    hand_so_far_said,
)
from stud.rules import Rules, Variant
from stud.said import N_, Said
from stud.shuffle import Shuffle
from stud.state import HandState, Phase
from stud.views import seen_down
from stud.web.protocol import action_json
from stud.words import action_button, action_button_said, action_phrase

__all__ = [
    "Clock",
    "Moment",
    "OwnPart",
    "OwnView",
    "SeatInfo",
    "SeatKeys",
    "all_own_events",
    "held",
    "own_events",
    "own_legal",
    "own_parts",
    "own_seat",
    "own_view",
    "project",
    "project_events",
    "project_log",
    "public_events",
    "public_parts",
    "public_view",
]

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat and how: what every viewer may know of them."""

    name: str
    stack: int
    """Chips behind between hands (during a hand the hand's own stack is shown)."""
    bot: bool = False
    sitting_out: bool = False
    connected: bool = True
    account: int | None = None
    sitting: int = 0
    """Which sitting in the seat this is: a number no other sitting at the table shares
    (0 in a replay, whose seats are the hand's), so a finished hand still on the table
    is told apart from the next person to sit in one of its seats."""


@dataclass(frozen=True, slots=True)
class Clock:
    """Whose turn is timed, until when (seconds since the epoch), and their time bank."""

    seat: int
    deadline: float
    bank: float


@dataclass(frozen=True, slots=True)
class Moment:
    """A table as it stands after one change, with the engine events the change made."""

    table: int
    name: str
    rules: Rules
    seats: tuple[SeatInfo | None, ...]
    hand: HandState | None = None
    hand_seats: tuple[int, ...] = ()
    """The table seat of each seat in the hand (the hand numbers its players 0..n-1)."""
    hand_id: int | None = None
    clock: Clock | None = None
    events: tuple[Event, ...] = ()
    notes: tuple[str | Said, ...] = ()
    hand_sittings: tuple[int, ...] = ()
    """The ``SeatInfo.sitting`` of who held each seat of the hand when it was dealt
    (empty: sitting 0 in every one, as a replay's seats are). Only that sitting is
    the hand's in its seat: someone seated there after it (the hand still on the
    table between hands) gets none of it, its cards least of all."""
    shuffle: Shuffle | None = None
    """The hand's shuffle: its commitment is public, and each card shown opens with it."""
    next_deck: str | None = None
    """The root of the next hand's deck, committed before its seeds (docs/shuffle.md)."""


def held(moment: Moment) -> dict[int, int]:
    """The hand's seat of each table seat whose occupant now is who held it in the
    hand (R8.4): the one place that says whose a seat of the hand is. A seat taken
    since the hand was dealt (it stays on the table until the next deal) is not the
    hand's: its new occupant sees neither the old one's cards nor their stack."""
    if moment.hand is None:
        return {}
    sittings = moment.hand_sittings or (0,) * len(moment.hand_seats)
    return {
        seat: h
        for h, (seat, sitting) in enumerate(zip(moment.hand_seats, sittings, strict=True))
        if (info := moment.seats[seat]) is not None and info.sitting == sitting
    }


_TEXT = {card: str(card) for card in DECK}
"""Each card's notation, looked up (every frame names many cards)."""


_CARD = {text: card for card, text in _TEXT.items()}
_RULES_OF = {v.value: Rules.from_stakes("1/1/2/4", v) for v in Variant}
"""Which way a variant names a hand (its stakes do not matter to that)."""


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [_TEXT[c] for c in cards]


def _openings(moment: Moment, cards: tuple[Card, ...]) -> Json:
    """The opening (salt) of each of ``cards``, a viewer sees them: ``{card: salt}``."""
    shuffle = moment.shuffle
    return {} if shuffle is None else {_TEXT[c]: shuffle.opening(c) for c in cards}


def _shown(hand: HandState) -> dict[int, tuple[Card, ...]]:
    """Each seat's shown cards: none before the showdown (R8.4), so no events to read."""
    if hand.phase is not Phase.SHOWDOWN and hand.phase is not Phase.OVER:
        return {}
    return {e.seat: e.cards for e in hand.events if isinstance(e, HandShown)}


def _legal(hand: HandState, h: int) -> list[Json]:
    """The actions the player may take, with the exact chips each puts in: none at
    the showdown, which shows and mucks by itself (R6.7)."""
    if hand.phase is Phase.SHOWDOWN:
        return []
    rules, wager, stack = hand.rules, hand.wagers[h], hand.stacks[h]
    level = hand.level
    return [
        _button(action, _chips_for(action, level, wager, stack, rules))
        for action in hand.legal_actions()
    ]


@lru_cache(maxsize=4096)
def _button(action: Action, chips: int) -> Json:
    """One legal action as the protocol offers it. A seat is offered the same few
    buttons all evening, so each is made once and shared (nothing changes one)."""
    entry = action_json(action)
    entry["chips"] = chips
    entry["label"] = action_button(action, chips)
    entry["label_said"] = action_button_said(action, chips).json()
    return entry


def _chips_for(action: Action, level: int, wager: int, stack: int, rules: Rules) -> int:
    if isinstance(action, Call):
        return min(level - wager, stack)
    if isinstance(action, BringIn):
        return min(rules.bring_in, stack)
    to = getattr(action, "to", None)
    return 0 if to is None else min(to - wager, stack)


def _seat_json(
    moment: Moment, seat: int, shown_by: dict[int, tuple[Card, ...]], holders: dict[int, int]
) -> Json | None:
    info = moment.seats[seat]
    if info is None:
        return None
    out: Json = {
        "seat": seat,
        "name": info.name,
        "stack": info.stack,
        "bot": info.bot,
        "sitting_out": info.sitting_out,
        "connected": info.connected,
        "in_hand": False,
    }
    hand = moment.hand
    h = holders.get(seat)
    if hand is None or h is None:
        return out
    shown = shown_by.get(h)
    named = None if shown is None else hand_said(hand.hand_of(h), hand.rules)
    out.update(
        in_hand=True,
        stack=hand.stacks[h],
        wager=hand.wagers[h],
        put_in=hand.contributed[h],
        folded=hand.folded[h],
        up=_cards(hand.up[h]),
        down_count=len(hand.down[h]),
        down=[],
        shown=None if shown is None else _cards(shown),
        shown_hand=None if shown is None else _english(named),
        shown_hand_said=None if named is None else named.json(),
    )
    return out


def _hand_json(moment: Moment) -> Json | None:
    hand = moment.hand
    if hand is None:
        return None
    seat_of = moment.hand_seats
    actor = None if hand.actor is None else seat_of[hand.actor]
    awards = [
        {
            "seat": seat_of[e.seat],
            "amount": e.amount,
            "pot": e.pot,
            "share": e.share.value,
            "hand": e.hand,
            "hand_said": _award_json(hand, e),
        }
        for e in (hand.events if hand.is_over else ())  # pots are awarded at the end
        if isinstance(e, PotAwarded)
    ]
    return {
        "id": moment.hand_id,
        "street": hand.street,
        "phase": hand.phase.value,
        "actor": actor,
        "pot": sum(a["amount"] for a in awards) if hand.is_over else hand.pot,
        "level": hand.level,
        "community": None if hand.community is None else str(hand.community),
        "awards": awards,
        "rake": hand.rake,
        "legal": [],
        "deck": None if moment.shuffle is None else moment.shuffle.public(),
    }


def public_view(moment: Moment) -> Json:
    """The table as an observer sees it: the part every viewer shares."""
    return public_parts(moment)[1]


SeatKeys = list[object]
"""What each seat of a public view is made of, seat by seat: equal keys, equal seats."""


def _seat_keys(
    moment: Moment, shown_by: dict[int, tuple[Card, ...]], holders: dict[int, int]
) -> SeatKeys:
    hand = moment.hand
    keys: SeatKeys = []
    for seat, info in enumerate(moment.seats):
        h = holders.get(seat)
        if hand is None or h is None:
            keys.append(info)
            continue
        keys.append(
            (
                info,
                hand.stacks[h],
                hand.wagers[h],
                hand.contributed[h],
                hand.folded[h],
                hand.up[h],
                hand.down[h],
                shown_by.get(h),
            )
        )
    return keys


def public_parts(
    moment: Moment, before: tuple[Moment, SeatKeys, Json] | None = None
) -> tuple[SeatKeys, Json]:
    """``public_view(moment)``, and what each of its seats is made of.

    ``before`` is an earlier moment of the same table with its parts: a seat made
    of the same is that view's very seat object, not built again (an action
    changes one seat, so the rest are neither rebuilt nor, by identity, diffed).
    """
    rules = moment.rules
    clock = moment.clock
    shown_by = {} if moment.hand is None else _shown(moment.hand)
    holders = held(moment)
    keys = _seat_keys(moment, shown_by, holders)
    old = None
    if before is not None and len(before[1]) == len(keys):
        old_rules = before[0].rules
        old = before[2] if old_rules is rules or old_rules == rules else None
    if old is None:
        variant, game = rules.variant.value, rules.variant.game_name
        stakes, rake = rules.stakes, rules.rake
        seats = [_seat_json(moment, s, shown_by, holders) for s in range(len(moment.seats))]
    else:  # the same game: its fields and the seats made of the same are the old ones
        assert before is not None
        variant, game, stakes, rake = old["variant"], old["game"], old["stakes"], old["rake"]
        old_keys, old_seats = before[1], old["seats"]
        seats = [
            old_seats[s]
            if key is old_keys[s] or key == old_keys[s]
            else _seat_json(moment, s, shown_by, holders)
            for s, key in enumerate(keys)
        ]
    return keys, {
        "id": moment.table,
        "name": moment.name,
        "variant": variant,
        "game": game,
        "stakes": stakes,
        "rake": rake,
        "seats": seats,
        "hand": _hand_json(moment),
        "clock": None
        if clock is None
        else {"seat": clock.seat, "deadline": clock.deadline, "bank": clock.bank},
        "next_deck": moment.next_deck,
        "you": None,
    }


def project(moment: Moment, viewer: int | None, public: Json | None = None) -> Json:
    """The table as ``viewer`` (a seat, or ``None`` for an observer) may see it.

    ``public`` is ``public_view(moment)`` when the caller has it already: a seat's
    view is the public one with what ``own_view`` adds.
    """
    base = public_view(moment) if public is None else public
    out = {**base, "you": viewer}
    own = own_view(moment, viewer, base)
    if own is not None:
        seats = list(base["seats"])
        seats[own.seat] = own.seat_json
        out["seats"] = seats
        if own.hand_json is not None:
            out["hand"] = own.hand_json
    return out


@dataclass(frozen=True, slots=True)
class OwnView:
    """What a seat in the hand sees beyond the public view, and nothing else differs."""

    seat: int
    seat_json: Json
    """Its own seat, with its face-down cards."""
    hand_json: Json | None
    """The hand with the seat's legal actions, when it is the seat to act."""


def own_view(moment: Moment, viewer: int | None, public: Json) -> OwnView | None:
    """What ``viewer`` sees of the table beyond ``public`` (``public_view(moment)``):
    a seat in the hand, its own down cards and, on its turn, its legal actions;
    anyone else, nothing (``None``)."""
    part = None if viewer is None else own_parts(moment).get(viewer)
    if part is None:
        return None
    assert viewer is not None
    legal = own_legal(moment, viewer, part)
    hand_json = None if legal is None else {**public["hand"], "legal": legal}
    return OwnView(viewer, own_seat(public, viewer, part), hand_json)


def own_seat(public: Json, viewer: int, part: OwnPart) -> Json:
    """``own_view``'s seat alone: the seat ``viewer`` in the hand, with its down cards
    and what its cards make so far (``made``: "two pair, jacks and fives"), which
    only this seat is told before a showdown (R8.4)."""
    seat = public["seats"][viewer]
    down = part[0]
    cards = (*down, *(_CARD[c] for c in seat["up"]))
    made = None if seat["folded"] else hand_so_far_said(cards, _RULES_OF[public["variant"]])
    return {
        **seat,
        "down": _cards(down),
        "made": _english(made),
        "made_said": None if made is None else made.json(),
    }


def own_legal(moment: Moment, viewer: int, part: OwnPart) -> list[Json] | None:
    """``own_view``'s legal actions alone, for the seat ``viewer`` in the hand with
    ``part`` (``None`` off its turn)."""
    if not part[1]:
        return None
    assert moment.hand is not None
    return _legal(moment.hand, moment.hand_seats.index(viewer))


OwnPart = tuple[tuple[Card, ...], bool]
"""What ``own_view`` adds is made of: the seat's down cards, and whether it is its turn."""


def own_parts(moment: Moment) -> dict[int, OwnPart]:
    """What ``own_view`` of each seat is made of beyond the public view, by seat,
    found without building any (a seat not here gets nothing). Of two moments with
    the same part, a seat's own seat is the same exactly when its public seat is,
    and off its turn its hand is the public one: most events need no own view built."""
    hand = moment.hand
    if hand is None:
        return {}
    actor = hand.actor
    return {seat: (seen_down(hand, h)[h], h == actor) for seat, h in held(moment).items()}


def project_events(
    moment: Moment, viewer: int | None, public: list[Json] | None = None
) -> list[Json]:
    """The change's events as ``viewer`` may see them, in table seats.

    ``public`` is ``public_events(moment)`` when the caller has it already; a seat
    sees the same, with what ``own_events`` adds.
    """
    shared = public_events(moment) if public is None else public
    own = own_events(moment, viewer, shared)
    if not own:
        return shared
    return [own.get(index, item) for index, item in enumerate(shared)]


def own_events(moment: Moment, viewer: int | None, public: list[Json]) -> dict[int, Json]:
    """The items of ``public`` (``public_events(moment)``) that ``viewer`` sees
    otherwise, by index: a seat's own cards in the ``dealt`` items."""
    return {} if viewer is None else all_own_events(moment, public).get(viewer, {})


def all_own_events(moment: Moment, public: list[Json]) -> dict[int, dict[int, Json]]:
    """``own_events`` of every seat that has any, by seat, in one pass."""
    out: dict[int, dict[int, Json]] = {}
    offset = len(moment.notes)
    holders: dict[int, int] | None = None
    for index, event in enumerate(moment.events):
        if isinstance(event, CardsDealt):
            holders = held(moment) if holders is None else holders
            seat = moment.hand_seats[event.seat]
            if holders.get(seat) != event.seat:
                continue
            item = {
                **public[offset + index],
                "down": _cards(event.down),
                "open": _openings(moment, event.down + event.up),
            }
            out.setdefault(seat, {})[offset + index] = item
    return out


def project_log(moment: Moment, viewer: int | None) -> list[Json]:
    """The hand's whole log so far as ``viewer`` may see it, as the live events told it.

    A snapshot carries it, so a page loaded mid-hand shows the hand's log whole.
    """
    hand = moment.hand
    if hand is None:
        return []
    notes = () if moment.hand_id is None else (Said(N_("Hand {id}"), {"id": moment.hand_id}),)
    return project_events(replace(moment, events=hand.events, notes=notes), viewer)


def public_events(moment: Moment) -> list[Json]:
    """The change's events as an observer sees them: one item per event, after the notes."""
    out: list[Json] = [_note(note) for note in moment.notes]
    seat_of = moment.hand_seats
    names = [info.name if info else "" for info in moment.seats]
    for event in moment.events:
        match event:
            case AntePosted(seat=h, amount=amount, all_in=all_in):
                out.append({"kind": "ante", "seat": seat_of[h], "amount": amount, "all_in": all_in})
            case StreetStarted(street=street):
                out.append({"kind": "street", "street": street})
            case CardsDealt(seat=h, street=street, down=down, up=up):
                out.append(
                    {
                        "kind": "dealt",
                        "seat": seat_of[h],
                        "street": street,
                        "up": _cards(up),
                        "down": [],
                        "down_count": len(down),
                        "open": _openings(moment, up),
                    }
                )
            case CommunityCardDealt(card=card):
                out.append(
                    {"kind": "community", "card": str(card), "open": _openings(moment, (card,))}
                )
            case ActionTaken() as taken:
                seat = seat_of[taken.seat]
                entry: Json = {"kind": "action", "seat": seat, "street": taken.street}
                entry.update(action_json(taken.action))
                said = Said(
                    N_("{name} {action}"),
                    {
                        "name": names[seat],
                        "action": action_phrase(taken.action, taken.amount, all_in=taken.all_in),
                    },
                )
                entry.update(
                    amount=taken.amount,
                    all_in=taken.all_in,
                    text=f"{names[seat]} {describe_action(taken)}",
                    said=said.json(),
                )
                out.append(entry)
            case BetReturned(seat=h, amount=amount):
                out.append({"kind": "returned", "seat": seat_of[h], "amount": amount})
            case HandShown(seat=h, cards=cards):
                hand = moment.hand
                shown = hand_said(hand.hand_of(h), hand.rules) if hand else None
                out.append(
                    {
                        "kind": "shown",
                        "seat": seat_of[h],
                        "cards": _cards(cards),
                        "hand": _english(shown),
                        "hand_said": None if shown is None else shown.json(),
                        "open": _openings(moment, cards),
                    }
                )
            case RakeTaken(pot=pot, amount=amount):
                out.append({"kind": "rake", "pot": pot, "amount": amount})
            case HandMucked(seat=h):
                out.append({"kind": "mucked", "seat": seat_of[h]})
            case PotAwarded(seat=h, amount=amount, pot=pot, share=share, hand=named):
                out.append(
                    {
                        "kind": "awarded",
                        "seat": seat_of[h],
                        "amount": amount,
                        "pot": pot,
                        "share": share.value,
                        "hand": named,
                        "hand_said": None
                        if moment.hand is None
                        else _award_json(moment.hand, event),
                    }
                )
    return out


def _english(said: Said | None) -> str:
    return "" if said is None else said.english()


def _note(note: str | Said) -> Json:
    """A note for the log: its English ``text``, and a message to say it in any
    language (``said``) when it is one."""
    if isinstance(note, Said):
        return {"kind": "note", "text": note.english(), "said": note.json()}
    return {"kind": "note", "text": note}


def _award_json(hand: HandState, award: PotAwarded) -> Json | None:
    """The hand an award names, as a message (``award_said``); none when it names none
    (a pot nobody contested, a hand not shown)."""
    if not award.hand:
        return None
    return award_said(hand.hand_of(award.seat), hand.rules, award.share).json()
