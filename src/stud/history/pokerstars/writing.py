"""Write hands stud played as PokerStars text, which ``read_stars`` reads back.

``write_stars`` turns a hand into PokerStars' format; ``phh_stars`` does the same
for a PHH hand, replayed through the engine first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from typing import Any

from stud.actions import (
    Action,
    ActionTaken,
    AntePosted,
    Bet,
    BetReturned,
    BringIn,
    Call,
    CardsDealt,
    Check,
    CommunityCardDealt,
    Complete,
    Fold,
    HandMucked,
    HandShown,
    PotAwarded,
    Raise,
    RakeTaken,
    StreetStarted,
)
from stud.cards import Card, parse_card
from stud.history.phh import PHHError, PHHHand, replay
from stud.history.pokerstars.reading import GAME_TITLES, MOST_SEATS, SYMBOL_OF
from stud.state import HandState
from stud.words import ALL_IN, STARS

__all__ = ["phh_stars", "write_stars"]


def phh_stars(
    hand: PHHHand,
    *,
    number: int,
    played_at: str = "2026/01/01 00:00:00 UTC",
    hidden: Collection[int] | None = None,
) -> str:
    """A PHH hand as PokerStars text, its own fields kept: the players' names and
    seats, the table and its size, the currency, the tournament, the hand number
    (else ``number``), the rake and the shows and mucks in the history's order.

    ``hidden``: seats whose face-down cards are not written (by default, those the
    PHH does not name, ``??``). Raises ``PHHError`` for a hand that cannot be
    written.
    """
    state = replay(hand)
    if not state.is_over:
        raise PHHError("the actions stop before the hand is over", source=hand.source)
    n = state.players
    extra = hand.extra

    def listed(key: str, kind: type) -> list[Any] | None:
        value = extra.get(key)
        if value is None:
            return None
        if not (
            isinstance(value, list) and len(value) == n and all(isinstance(v, kind) for v in value)
        ):
            raise PHHError(f"field '{key}': must list one value a player", source=hand.source)
        return value

    names = listed("players", str)
    seats = listed("seats", int)
    if seats is not None and (len(set(seats)) != n or not all(1 <= s <= MOST_SEATS for s in seats)):
        raise PHHError(
            f"field 'seats': {seats} are not {n} different seats from 1 to {MOST_SEATS}",
            source=hand.source,
        )
    currency = extra.get("currency", "")
    if currency and currency not in SYMBOL_OF:
        raise PHHError(
            f"field 'currency': {currency!r} is not a currency PokerStars writes "
            f"({', '.join(SYMBOL_OF)})",
            source=hand.source,
        )
    event = str(extra.get("event", ""))
    tournament = m[1] if (m := re.fullmatch(r"PokerStars tournament #(\d+)", event)) else ""
    size = extra.get("seat_count")
    recorded = extra.get("hand")
    return write_stars(
        state,
        number=recorded if isinstance(recorded, int) and not isinstance(recorded, bool) else number,
        names=names,
        seats=seats,
        table=str(extra.get("table", "stud")),
        max_seats=size if isinstance(size, int) and n <= size <= MOST_SEATS else None,
        currency=str(currency),
        tournament=tournament,
        played_at=played_at,
        hidden=_hidden_seats(hand) if hidden is None else hidden,
        showdown=_declarations(hand, state),
    )


def _hidden_seats(hand: PHHHand) -> set[int]:
    """Players some of whose face-down cards the PHH does not name (``??``).

    PokerStars text shows every face-up card, so an unknown face-up card cannot be
    written: that hand is refused.
    """
    hidden = set()
    deals: dict[int, int] = {}
    for action in hand.actions:
        parts = action.split()
        if parts[:2] != ["d", "dh"] or len(parts) < 4:
            continue
        seat = int(parts[2][1:]) - 1
        deals[seat] = deals.get(seat, 0) + 1
        cards = [parts[3][i : i + 2] for i in range(0, len(parts[3]), 2)]
        up = cards[2:3] if deals[seat] == 1 else cards if deals[seat] <= 4 else []
        if "??" in up:
            raise PHHError(
                f"{parts[2]}'s face-up card is not known ('??'); PokerStars text shows "
                "every face-up card",
                source=hand.source,
            )
        if "??" in cards:
            hidden.add(seat)
    return hidden


def _declarations(hand: PHHHand, state: HandState) -> list[Declaration]:
    """The shows and mucks of a PHH hand, in its order: the cards it names (a ``??``
    is left out: PokerStars text names only cards seen), ``None`` for a muck."""
    dealt: list[list[str]] = [[] for _ in range(state.players)]
    found: list[Declaration] = []
    for action in hand.actions:
        parts = action.split("#")[0].split()
        if parts[:2] == ["d", "dh"] and len(parts) == 4:
            dealt[int(parts[2][1:]) - 1] += [
                parts[3][i : i + 2] for i in range(0, len(parts[3]), 2)
            ]
        elif len(parts) in (2, 3) and parts[1] == "sm" and parts[0][1:].isdigit():
            seat = int(parts[0][1:]) - 1
            if len(parts) == 2:
                found.append((seat, None))
                continue
            tokens = (
                dealt[seat]
                if parts[2] == "-"
                else [parts[2][i : i + 2] for i in range(0, len(parts[2]), 2)]
            )
            found.append((seat, tuple(parse_card(t) for t in tokens if t != "??")))
    return found


Declaration = tuple[int, tuple[Card, ...] | None]
"""A showdown declaration as a history lists it: the seat, and the cards shown or
``None`` for a muck."""


def write_stars(
    state: HandState,
    *,
    number: int,
    names: Sequence[str] | None = None,
    seats: Sequence[int] | None = None,
    table: str = "stud",
    max_seats: int | None = None,
    currency: str = "",
    tournament: str = "",
    played_at: str = "2026/01/01 00:00:00 ET",
    hidden: Collection[int] = (),
    showdown: Sequence[Declaration] | None = None,
) -> str:
    """A finished hand as PokerStars text, which ``read_stars`` reads back to the same hand.

    It follows the conventions trackers read (PokerTracker, Hold'em Manager, fpdb):
    the header line, ``Seat N: name (X in chips)`` at the real seat numbers, one line
    per ante, ``*** 3rd STREET ***`` to ``*** RIVER ***`` with ``Dealt to`` lines
    (every card dealt, as the hand looks to someone who saw them all), ``raises X to
    Y`` with street totals, the uncalled bet, the showdown, ``collected`` lines
    (after the rake) and a summary with the total pot, each pot when there are side
    pots, and the rake (R9.4). With a ``currency`` (``USD``, ``EUR``, ``GBP``) a chip
    is a cent and amounts are money; a ``tournament`` number makes a tournament hand.
    The face-down cards of ``hidden`` seats are not written, as a cardroom writes an
    opponent's (the import reads them as ``??``). ``showdown`` gives the shows and
    mucks in a history's own order, shows the engine did not ask for included (a
    winner's after the others mucked, or after winning uncontested); by default they
    are the engine's.
    """
    if not state.is_over:
        raise ValueError("only a finished hand can be written")
    rules = state.rules
    n = state.players
    who = list(names) if names else [f"Player {i + 1}" for i in range(n)]
    where = list(seats) if seats else list(range(1, n + 1))
    if currency and currency not in SYMBOL_OF:
        raise ValueError(f"currency {currency!r}: PokerStars writes {', '.join(SYMBOL_OF)}")
    symbol = SYMBOL_OF.get(currency, "")

    def chips(amount: int) -> str:
        if not currency:
            return str(amount)
        dollars, cents = divmod(amount, 100)
        return f"{symbol}{dollars}" + (f".{cents:02d}" if cents else "")

    stakes = f"{chips(rules.small_bet)}/{chips(rules.big_bet)}" + (
        f" {currency}" if currency else ""
    )
    event = f"Tournament #{tournament}, " if tournament else ""
    out = [
        f"PokerStars Hand #{number}: {event} {GAME_TITLES[rules.variant]} ({stakes}) - {played_at}",
        f"Table '{table}' {max_seats or 8}-max",
        *(
            f"Seat {where[i]}: {who[i]} ({chips(state.starting_stacks[i])} in chips)"
            for i in range(n)
        ),
    ]
    declared = showdown is not None
    pending = declared

    def declarations() -> list[str]:
        return [
            f"{who[seat]}: {STARS['show']} [{' '.join(map(str, cards))}]"
            if cards is not None
            else f"{who[seat]}: {STARS['muck']}"
            for seat, cards in showdown or ()
        ]

    cards: list[list[Card]] = [[] for _ in range(n)]
    street_in = [0] * n
    pots: dict[int, int] = {}
    """Each pot's chips before the rake; ``after``: after it, as the winners took them."""
    after: dict[int, int] = {}
    awarded = False
    for event_ in state.events:
        match event_:
            case AntePosted(seat=seat, amount=amount, all_in=all_in):
                tail = ALL_IN.third if all_in else ""
                out.append(f"{who[seat]}: {STARS['ante']} {chips(amount)}{tail}")
            case StreetStarted(street=street):
                out.append(
                    "*** RIVER ***"
                    if street == 7
                    else f"*** {street}{'rd' if street == 3 else 'th'} STREET ***"
                )
                street_in = [0] * n
            case CardsDealt(seat=seat):
                dealt = event_.up if seat in hidden else event_.cards
                if not dealt:
                    continue  # a hidden seventh-street card: no line, as for an opponent
                old = " ".join(map(str, cards[seat]))
                new = " ".join(map(str, dealt))
                cards[seat].extend(dealt)
                out.append(f"Dealt to {who[seat]} " + (f"[{old}] [{new}]" if old else f"[{new}]"))
            case CommunityCardDealt(card=card):
                # The card is the river's: its header shows it, as PokerStars writes it.
                out[out.index("*** RIVER ***")] = f"*** RIVER *** [{card}]"
            case ActionTaken(seat=seat, action=action, amount=amount, all_in=all_in):
                level = max(street_in)
                street_in[seat] += amount
                out.append(
                    f"{who[seat]}: {_stars_verb(action, amount, level, street_in[seat], chips)}"
                    + (ALL_IN.third if all_in else "")
                )
            case BetReturned(seat=seat, amount=amount):
                out.append(f"Uncalled bet ({chips(amount)}) returned to {who[seat]}")
            case HandShown(seat=seat, cards=shown) if not declared:
                out.append(f"{who[seat]}: {STARS['show']} [{' '.join(map(str, shown))}]")
            case HandMucked(seat=seat) if not declared:
                out.append(f"{who[seat]}: {STARS['muck']}")
            case HandShown() | HandMucked():
                if pending:
                    out += declarations()
                    pending = False  # written once, where the showdown began
            case RakeTaken(pot=pot, amount=amount):
                pots[pot] = pots.get(pot, 0) + amount
                after.setdefault(pot, 0)
            case PotAwarded(seat=seat, amount=amount, pot=pot):
                pots[pot] = pots.get(pot, 0) + amount
                after[pot] = after.get(pot, 0) + amount
                awarded = True
                out.append(f"{who[seat]} collected {chips(amount)} from pot")
            case _:
                pass
    if pending and awarded:
        out += declarations()  # shown after winning uncontested, as PokerStars writes it
    total = sum(pots.values())
    listed = ""
    if len(pots) > 1:
        listed = " " + " ".join(
            f"{'Main pot' if i == 0 else 'Side pot' + (f'-{i}' if len(pots) > 2 else '')} "
            f"{chips(after[p])}."
            for i, p in enumerate(sorted(pots))
        )
    out += ["*** SUMMARY ***", f"Total pot {chips(total)}{listed} | Rake {chips(state.rake)}"]
    return "\n".join([*out, "", ""])


def _stars_verb(
    action: Action, amount: int, level: int, total: int, chips: Callable[[int], str]
) -> str:
    """An action as PokerStars words; ``level`` is the wager to match before it."""
    match action:
        case BringIn() | Call():
            return f"{STARS[action.word]} {chips(amount)}"
        case Fold() | Check():
            return STARS[action.word]
        case Bet() | Complete() | Raise() if level == 0:
            return f"{STARS['bet']} {chips(total)}"
        case Complete():
            return f"{STARS['complete']} {chips(total)}"
        case _:
            return f"{STARS['raise']} {chips(total - level)} to {chips(total)}"
