"""A played hand as the statistics read it, and what one seat did in it.

``PlayedHand`` is a finished ``HandState`` with what the history says around it:
the players' names, where it came from and when it was played, and which seats'
cards the history really holds (a PokerStars file shows only some). ``seat_hand``
walks the hand's events once and keeps what every statistic asks about one seat:
its door card and third-street cards, each of its decisions with what it faced,
the streets it saw, the showdown and the chips it won.

Everything here is pure: no file, no store, no clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from stud.actions import (
    ActionTaken,
    Bet,
    BetReturned,
    BringIn,
    Call,
    CardsDealt,
    Check,
    Complete,
    Event,
    Fold,
    HandMucked,
    HandShown,
    PotAwarded,
    Raise,
    Share,
    StreetStarted,
)
from stud.cards import Card
from stud.rules import Rules
from stud.state import HandState

__all__ = [
    "Decision",
    "PlayedHand",
    "PlayerHand",
    "SeatHand",
    "first_decision",
    "player_hand",
    "seat_hand",
    "walk",
]


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A finished hand and what its history says around it.

    ``names`` has one name per seat; ``known`` says, per seat, whether the history
    holds that seat's real down cards (a file shows other players' down cards only
    when they are shown). ``played_at`` is an ISO 8601 time in UTC, or ``""``.
    ``label`` names the hand for people (``file.txt #123``, ``store 42``).
    """

    state: HandState
    names: tuple[str, ...]
    label: str
    played_at: str = ""
    known: tuple[bool, ...] = ()

    def __post_init__(self) -> None:
        n = self.state.players
        if len(self.names) != n:
            raise ValueError(f"{self.label}: {len(self.names)} names for {n} seats")
        if not self.known:
            object.__setattr__(self, "known", (True,) * n)

    @property
    def big_bet(self) -> int:
        """The hand's big bet, the unit of results (big bets per 100 hands)."""
        return self.state.rules.big_bet

    def seat_of(self, name: str) -> int | None:
        """The seat the player of that name sat in, or ``None``."""
        try:
            return self.names.index(name)
        except ValueError:
            return None


@dataclass(frozen=True, slots=True)
class Decision:
    """One action of the seat and the betting it faced when it acted.

    ``level`` counts the full bets and raises already made on the street (the
    bring-in is level 0, a completion level 1, a raise of it level 2);
    ``owed`` whether there was something to call; ``opened`` whether anyone had
    already called, completed, bet or raised on the street before this action;
    ``checked_before`` whether this seat had checked earlier on the street.
    """

    street: int
    action: object
    owed: bool
    level: int
    opened: bool
    checked_before: bool
    forced: bool
    """The bring-in player's first action on third street (bring in or complete)."""
    order: int
    """How many seats had acted on the street before, this seat's own actions too."""
    aggressor: int | None
    """The seat that made the last full bet or raise on the street before, if any."""


@dataclass(slots=True)
class SeatHand:
    """What one seat did in one hand and what came of it.

    It holds what the statistics read and nothing of the engine's state, so a hand
    read straight from its stored actions (``stud.stats.quick``) gives the same.
    """

    label: str
    seat: int
    variant: str
    """``stud``, ``stud8`` or ``razz``."""
    big_bet: int
    net: int
    """The seat's result in chips."""
    door: Card | None = None
    third: tuple[Card, ...] = ()
    decisions: list[Decision] = field(default_factory=list)
    folded_on: int | None = None
    streets: set[int] = field(default_factory=set)
    """The streets dealt while this seat was still in the hand."""
    bring_in_seat: int | None = None
    third_order: list[int] = field(default_factory=list)
    """The seats in the order they first acted on third street (bring-in first)."""
    third_actions: list[tuple[int, object]] = field(default_factory=list)
    """Every third-street action, seat and action, in order."""
    last_third_aggressor: int | None = None
    showdown: bool = False
    won: int = 0
    shares: list[tuple[int, Share]] = field(default_factory=list)
    """This seat's awards, pot number and share."""
    awarded: dict[int, int] = field(default_factory=dict)
    """Chips awarded from each pot, to everyone."""
    mine_by_pot: dict[int, int] = field(default_factory=dict)
    others_doors: tuple[Card, ...] = ()
    put_on: dict[int, int] = field(default_factory=dict)
    """Chips this seat put in on each street (less what came back), antes apart."""

    @property
    def net_bb(self) -> float:
        """The seat's result in big bets."""
        return self.net / self.big_bet

    @property
    def went_to_showdown(self) -> bool:
        """Whether the hand had a showdown and this seat was still in it."""
        return self.showdown and self.folded_on is None

    def result_from(self, street: int | None) -> float:
        """The result in big bets from the start of ``street`` on: what the seat won
        less what it put in from then (the whole hand's result for ``None``). It is
        what the decisions from that street on brought, the chips before being sunk."""
        if street is None:
            return self.net_bb
        put = sum(chips for s, chips in self.put_on.items() if s >= street)
        return (self.won - put) / self.big_bet

    def on(self, street: int) -> list[Decision]:
        """The seat's decisions on one street."""
        return [d for d in self.decisions if d.street == street]


_AGGRESSIVE = (Complete, Bet, Raise)


def first_decision(decisions: list[Decision], test: Callable[[Decision], bool]) -> Decision | None:
    """The first of ``decisions`` that passes ``test``, if any."""
    return next((d for d in decisions if test(d)), None)


def seat_hand(hand: PlayedHand, seat: int) -> SeatHand:
    """What ``seat`` did in ``hand``, in one pass over its events."""
    state = hand.state
    return walk(
        state.events,
        SeatHand(
            hand.label,
            seat,
            state.rules.variant.value,
            state.rules.big_bet,
            state.payoffs[seat],
        ),
        state.players,
    )


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One player's hand ready to count: their seat's hand, the game, and the hand
    as the engine replayed it when it was (the all-in EV reads the engine's state;
    a stored hand read straight from its actions has none, and was no all-in)."""

    seat: SeatHand
    rules: Rules
    players: int
    played_at: str
    played: PlayedHand | None = None


def player_hand(hand: PlayedHand, seat: int, label: str = "") -> PlayerHand:
    """A replayed hand as ``seat``'s hand to count (named ``label`` if given)."""
    state = hand.state
    mine = seat_hand(hand, seat)
    if label:
        mine.label = label
    return PlayerHand(mine, state.rules, state.players, hand.played_at, hand)


def walk(events: Iterable[Event], out: SeatHand, n: int) -> SeatHand:
    """Fill ``out`` (a seat's hand with its result) from the hand's events, at a
    table of ``n`` seats: the one reading of the events every statistic relies on."""
    seat = out.seat
    wager = [0] * n
    level_chips = 0
    level = 0
    opened = False
    checked: set[int] = set()
    acted = 0
    aggressor: int | None = None
    street = 3
    live = [True] * n
    doors: dict[int, Card] = {}
    seen_third: set[int] = set()
    for event in events:
        if isinstance(event, StreetStarted):
            street = event.street
            wager = [0] * n
            level_chips = level = acted = 0
            aggressor = None
            opened = False
            checked = set()
            if live[seat]:
                out.streets.add(street)
        elif isinstance(event, CardsDealt):
            if event.street == 3 and event.up:
                doors[event.seat] = event.up[0]
            if event.seat == seat and event.street == 3:
                out.third = event.down + event.up
                out.door = event.up[0] if event.up else None
        elif isinstance(event, ActionTaken):
            action = event.action
            forced = isinstance(action, BringIn) or (
                street == 3 and out.bring_in_seat is None and isinstance(action, Complete)
            )
            if street == 3:
                if out.bring_in_seat is None:
                    out.bring_in_seat = event.seat
                if event.seat not in seen_third:
                    seen_third.add(event.seat)
                    out.third_order.append(event.seat)
                out.third_actions.append((event.seat, action))
                if isinstance(action, _AGGRESSIVE):
                    out.last_third_aggressor = event.seat
            if event.seat == seat:
                out.decisions.append(
                    Decision(
                        street=street,
                        action=action,
                        owed=level_chips > wager[seat],
                        level=level,
                        opened=opened,
                        checked_before=seat in checked,
                        forced=forced,
                        order=acted,
                        aggressor=aggressor,
                    )
                )
            acted += 1
            wager[event.seat] += event.amount
            if event.seat == seat:
                out.put_on[street] = out.put_on.get(street, 0) + event.amount
            if isinstance(action, _AGGRESSIVE):
                level += 1
                opened = True
                aggressor = event.seat
            elif isinstance(action, Call):
                opened = True
            elif isinstance(action, Check):
                checked.add(event.seat)
            elif isinstance(action, Fold):
                live[event.seat] = False
                if event.seat == seat:
                    out.folded_on = street
            level_chips = max(level_chips, wager[event.seat])
        elif isinstance(event, BetReturned) and event.seat == seat:
            out.put_on[street] = out.put_on.get(street, 0) - event.amount
        elif isinstance(event, HandShown | HandMucked):
            out.showdown = True
        elif isinstance(event, PotAwarded):
            out.awarded[event.pot] = out.awarded.get(event.pot, 0) + event.amount
            if event.seat == seat:
                out.won += event.amount
                out.shares.append((event.pot, event.share))
                out.mine_by_pot[event.pot] = out.mine_by_pot.get(event.pot, 0) + event.amount
    out.others_doors = tuple(card for s, card in sorted(doors.items()) if s != seat)
    return out
