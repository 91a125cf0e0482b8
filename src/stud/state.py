"""One hand of stud as a state machine: who acts, what is legal, what happens next.

A ``HandState`` is an immutable position. ``legal_actions()`` lists exactly what the
player to act may do (with amounts), ``apply(action)`` returns the next position, and
``events`` is the hand's history so far. Dealing is explicit: a hand started with a
deck order deals itself from it, one card at a time clockwise as at a real table
(R3.2); a hand started without one stops whenever cards are due and waits for
``deal(seat, cards)`` or ``deal_community(card)`` (replays name every card).

Seats are numbered 0 to n-1 clockwise from the dealer's left (R1.2); people see
them as seats 1 to n.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, make_dataclass, replace
from enum import Enum
from operator import attrgetter
from typing import Any, Self, TypeVar

from stud import evaluation
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
    Event,
    Fold,
    HandMucked,
    HandShown,
    Muck,
    PotAwarded,
    Raise,
    RakeTaken,
    Share,
    Show,
    StreetStarted,
    action_of,
)
from stud.cards import DECK, Card, format_cards
from stud.core import betting, pots
from stud.core.codes import (
    MAX_LEGAL,
    R_BIG,
    R_HALF_BET,
    R_RAKE_CAP,
    R_RAKE_PERMILLE,
    R_VARIANT,
    high_card_key,
    low_card_key,
    rule_codes,
)
from stud.pots import Contender, Pot, award_pot, build_pots, uncalled_bet
from stud.rules import MAX_SEATS, MIN_SEATS, Rules
from stud.words import action_said

__all__ = ["HandState", "IllegalActionError", "Phase", "new_hand"]

FIRST_STREET = 3
LAST_STREET = 7


class IllegalActionError(ValueError):
    """An action the rules do not allow here; the state it was offered to is unchanged."""


class Phase(Enum):
    """What the hand waits for."""

    DEAL = "deal"
    """Cards are due (automatic when the hand has a deck)."""
    BETTING = "betting"
    """A player must act."""
    SHOWDOWN = "showdown"
    """A player still in must show or muck."""
    OVER = "over"
    """The pot has been awarded."""


_T = TypeVar("_T")


def _set(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return (*values[:index], value, *values[index + 1 :])


@dataclass(frozen=True, slots=True)
class HandState:
    """One position of a hand. Build it with ``new_hand``; move it with ``apply``."""

    rules: Rules
    starting_stacks: tuple[int, ...]
    stacks: tuple[int, ...]
    """Chips each player has behind (not yet put in)."""
    contributed: tuple[int, ...]
    """Chips each player has put in this hand, antes included."""
    wagers: tuple[int, ...]
    """Chips each player has put in on this street (antes excluded)."""
    down: tuple[tuple[Card, ...], ...]
    up: tuple[tuple[Card, ...], ...]
    folded: tuple[bool, ...]
    events: tuple[Event, ...]
    phase: Phase = Phase.DEAL
    street: int = FIRST_STREET
    actor: int | None = None
    """The seat to act (betting or showdown); ``None`` while dealing or when over."""
    community: Card | None = None
    level: int = 0
    """The wager everyone must match on this street."""
    full_bet: bool = False
    """Whether a full bet or completion (or a short all-in counted as one) was made."""
    full_level: int = 0
    """The round's last full wager level, which short all-ins are measured from (R5.6a):
    the bring-in on third street until a completion, else the last full wager."""
    raises: int = 0
    """Bets and raises on this street that count toward the cap."""
    increment: int = 0
    """The size of a full raise now (the big bet once one was made on an open pair)."""
    open_pair: bool = False
    """Fourth street in stud with a pair showing: bets may be small or big (R5.5)."""
    acted: tuple[bool, ...] = ()
    """Whether each player has acted since the last full bet or raise."""
    bring_in_seat: int | None = None
    showdown_first: int | None = None
    """Who shows first: the last aggressor, else the first to act, of the last street."""
    declared: tuple[bool | None, ...] = ()
    """At showdown: True shown, False mucked, None not yet."""
    deck: tuple[Card, ...] | None = None
    """The cards still to deal, top first, when the hand deals itself."""
    dealt: frozenset[Card] = field(default_factory=frozenset)
    rake: int = 0
    """Chips the house took from the pots once the hand is over (R9)."""
    _codes: tuple[int, ...] | None = field(default=None, init=False, repr=False, compare=False)
    """``rule_codes(rules)``, kept with the hand: looking it up hashes the rules each time."""
    _legal: tuple[Action, ...] | None = field(default=None, init=False, repr=False, compare=False)
    """``legal_actions`` once asked: the same position always has the same answer, and
    a table asks twice (its frame for the player to act, then ``apply``)."""

    def _with(self, **changes: object) -> HandState:
        """This position with ``changes``.

        Built as a ``_Draft`` (the same fields, not frozen, so its ``__init__`` and
        the changes set each slot directly) and then made a ``HandState``: the two
        classes have the same slots, so the object is the same either way.
        ``dataclasses.replace`` checked and passed every field by keyword, and
        setting the frozen slots one by one through their descriptors still cost
        most of an action.
        """
        draft = _Draft(*_copied_values(self), None)  # ``_legal``: a new position's own
        for name, value in changes.items():
            if name not in _FIELD_SET:
                raise TypeError(f"HandState has no field {name!r}")
            setattr(draft, name, value)
        draft.__class__ = HandState
        state: HandState = draft
        return state

    def _rule_codes(self) -> tuple[int, ...]:
        codes = self._codes
        if codes is None:
            codes = rule_codes(self.rules)
            _set_field(self, "_codes", codes)
        return codes

    # -- what a caller asks -------------------------------------------------------

    @property
    def players(self) -> int:
        """How many players are in the hand."""
        return len(self.stacks)

    @property
    def is_over(self) -> bool:
        """Whether the pot has been awarded."""
        return self.phase is Phase.OVER

    @property
    def pot(self) -> int:
        """All chips put in so far (antes, bets, and bets of this street)."""
        return sum(self.contributed)

    @property
    def final_stacks(self) -> tuple[int, ...]:
        """Each player's chips once the hand is over, after the rake (R9.4)."""
        if not self.is_over:
            raise IllegalActionError("the hand is not over yet")
        return self.stacks

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Each player's net result of the hand (chips won minus chips put in)."""
        return tuple(f - s for f, s in zip(self.final_stacks, self.starting_stacks, strict=True))

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        """A player's own cards in the order dealt (the community card not included)."""
        down, up = self.down[seat], self.up[seat]
        # Dealt order: two down, the door card and later up cards, the seventh down.
        return down[:2] + up + down[2:]

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards a player plays with: their own plus the community card, if any."""
        own = self.down[seat] + self.up[seat]
        return own if self.community is None else (*own, self.community)

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats that have not folded."""
        return tuple(s for s in range(self.players) if not self.folded[s])

    @property
    def deal_due(self) -> int | None:
        """The seat whose cards are due, or ``None`` (and see ``community_due``)."""
        if self.phase is not Phase.DEAL or self.community_due or self.community is not None:
            return None  # the community card is everyone's seventh card
        for seat in self.in_hand:
            if self._cards_on(seat) < self.street:  # a player holds as many cards as the street
                return seat
        return None

    @property
    def community_due(self) -> bool:
        """Whether the community card is due: seventh street with too few cards (R3.4)."""
        if self.phase is not Phase.DEAL or self.street != LAST_STREET or self.community:
            return False
        waiting = [s for s in self.in_hand if self._cards_on(s) < 7]
        return len(waiting) == len(self.in_hand) and 52 - len(self.dealt) < len(waiting)

    def _cards_on(self, seat: int) -> int:
        return len(self.down[seat]) + len(self.up[seat])

    @property
    def cards_due(self) -> tuple[int, int]:
        """How many cards each player gets on this street, face down and face up."""
        if self.street == FIRST_STREET:
            return 2, 1
        return (1, 0) if self.street == LAST_STREET else (0, 1)

    # -- legal actions ------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Everything the player to act may do now, with exact amounts."""
        return list(self._legal_now())

    def _legal_now(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = tuple(self._find_legal())
            _set_field(self, "_legal", legal)
        return legal

    def _find_legal(self) -> list[Action]:
        if self.phase is Phase.SHOWDOWN:
            return [Show(), Muck()]
        if self.phase is not Phase.BETTING or self.actor is None:
            return []
        kinds = [0] * MAX_LEGAL
        amounts = [0] * MAX_LEGAL
        count = betting.legal_actions(
            self.actor,
            self.players,
            self.folded,
            self.stacks,
            self.wagers,
            self.acted,
            self.street,
            self.level,
            self.full_bet,
            self.raises,
            self.increment,
            self.open_pair,
            self._rule_codes(),
            kinds,
            amounts,
        )
        return [action_of(kinds[i], amounts[i]) for i in range(count)]

    # -- moving the hand on -------------------------------------------------------

    def apply(self, action: Action) -> HandState:
        """The position after ``action`` by the player to act.

        An illegal action raises ``IllegalActionError`` saying why; this state is
        immutable, so it is left exactly as it was (R8.2).
        """
        if self.phase is Phase.OVER:
            raise IllegalActionError(f"the hand is over; {action} is not possible")
        if self.phase is Phase.DEAL:
            raise IllegalActionError(f"cards are due before anyone acts; {action} is not possible")
        legal = self._legal_now()
        for allowed in legal:
            if allowed == action:
                action = allowed  # the legal one: ``Bet(10.0)`` plays as 10 (R1.3)
                break
        else:
            seat = self.actor if self.actor is not None else -1
            listed = ", ".join(str(a) for a in legal)
            # Anything but an action (R8.2) is named as it came.
            what = action_said(action, you=True) if isinstance(action, Action) else repr(action)
            raise IllegalActionError(f"seat {seat + 1} cannot {what} now; legal: {listed}")
        if self.phase is Phase.SHOWDOWN:
            return self._declare(action)
        return self._bet(action)

    def deal(self, seat: int, cards: Sequence[Card]) -> HandState:
        """Give ``seat`` its cards for this street (down cards first on third street)."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalActionError(f"a seat is a whole number from 0, not {seat!r}")
        _check_cards(cards, f"seat {seat + 1}'s cards")
        due = self.deal_due
        if due is None:
            what = "the community card is due" if self.community_due else "no cards are due"
            raise IllegalActionError(f"{what}; cannot deal to seat {seat + 1}")
        if seat != due:
            raise IllegalActionError(f"cards are due to seat {due + 1}, not seat {seat + 1}")
        n_down, n_up = self.cards_due
        if len(cards) != n_down + n_up:
            raise IllegalActionError(
                f"seat {seat + 1} gets {n_down + n_up} card(s) on street {self.street}, "
                f"not {len(cards)} ({format_cards(cards)})"
            )
        self._check_fresh(cards)
        return self._give({seat: cards})._after_deal()

    def _give(self, hands: Mapping[int, Sequence[Card]], **changes: object) -> HandState:
        """This street's cards to each seat of ``hands`` (in its order), one new
        position for them all; down cards first, as ``cards_due`` says."""
        n_down = self.cards_due[0]
        down, up = list(self.down), list(self.up)
        dealt: list[Card] = []
        events: list[Event] = []
        for seat, cards in hands.items():
            new_down, new_up = tuple(cards[:n_down]), tuple(cards[n_down:])
            down[seat] += new_down
            up[seat] += new_up
            dealt += cards
            events.append(CardsDealt(seat, self.street, new_down, new_up))
        return self._with(
            down=tuple(down),
            up=tuple(up),
            dealt=self.dealt.union(dealt),
            events=(*self.events, *events),
            **changes,
        )

    def deal_community(self, card: Card) -> HandState:
        """Deal the seventh-street community card (R3.4)."""
        _check_cards([card], "the community card")
        if not self.community_due:
            raise IllegalActionError(
                "no community card is due: the deck still has a card for everyone"
            )
        self._check_fresh([card])
        state = self._with(
            community=card,
            dealt=self.dealt | {card},
            events=(*self.events, CommunityCardDealt(card)),
        )
        return state._after_deal()

    def _check_fresh(self, cards: Sequence[Card]) -> None:
        seen = set(self.dealt)
        for card in cards:
            if card in seen:
                raise IllegalActionError(f"{card} has already been dealt")
            seen.add(card)

    def _after_deal(self) -> HandState:
        if self.deal_due is not None or self.community_due:
            return self
        return self._start_betting()

    def _auto_deal(self) -> HandState:
        """Deal a whole street from the deck, one card at a time clockwise (R3.2)."""
        deck = self.deck
        assert deck is not None
        if self.community_due:
            return self._with(deck=deck[1:]).deal_community(deck[0])
        seats = [s for s in self.in_hand if self._cards_on(s) < self.street]
        # Seat i of k gets the deck's cards i, i + k, i + 2k, ... of this street's.
        k, dealing = len(seats), sum(self.cards_due) * len(seats)
        hands = {s: deck[i:dealing:k] for i, s in enumerate(seats)}
        return self._give(hands, deck=deck[dealing:])._after_deal()

    def _settle(self) -> HandState:
        """Deal from the deck while cards are due (hands with a deck deal themselves)."""
        state = self
        while state.phase is Phase.DEAL and state.deck is not None:
            state = state._auto_deal()
        return state

    def _start_betting(self) -> HandState:
        """Cards are out: find who acts first, or run on when nobody can bet (R5.7)."""
        n = self.players
        increment = self.rules.bet_size(self.street)
        codes = self._rule_codes()
        open_pair = betting.open_pair_counts(codes[R_VARIANT], self.street) and any(
            betting.shows_pair([c.code for c in self.up[s]], len(self.up[s])) for s in self.in_hand
        )
        betting_round = {
            "phase": Phase.BETTING,
            "wagers": (0,) * n,
            "level": 0,
            "full_bet": False,
            "full_level": self.rules.bring_in if self.street == FIRST_STREET else 0,
            "raises": 0,
            "increment": increment,
            "acted": (False,) * n,
            "open_pair": open_pair,
        }
        if betting.bettors(self.folded, self.stacks, n) < 2:
            return self._with(**betting_round)._next_street()
        lowball = self.rules.lowball
        if self.street == FIRST_STREET:
            doors = [self.up[s][0].code if self.up[s] else 0 for s in range(n)]
            first = betting.bring_in_seat(doors, self.folded, self.stacks, n, lowball)
            return self._with(
                **betting_round, actor=first, bring_in_seat=first, showdown_first=first
            )
        showing = [
            0 if self.folded[s] else evaluation.showing_value(self.up[s], ace_low=lowball)
            for s in range(n)
        ]
        first = betting.first_to_act(showing, self.folded, self.stacks, n, lowball)
        return self._with(**betting_round, actor=first, showdown_first=first)

    def _bet(self, action: Action) -> HandState:
        """A betting action, and who acts next: one new position in the common case
        (each new position copies every field)."""
        assert self.actor is not None
        seat = self.actor
        stack = self.stacks[seat]
        changes: dict[str, object] = {}
        acted = _set(self.acted, seat, True)
        folded = self.folded
        level = self.level
        put = 0
        match action:
            case Fold():
                folded = _set(folded, seat, True)
            case Check():
                pass
            case Call():
                put = min(self.level - self.wagers[seat], stack)
            case BringIn():
                put = min(self.rules.bring_in, stack)
                # R4.3: a short bring-in still sets the wager the others must enter for.
                level = self.rules.bring_in
            case Complete(to) | Bet(to) | Raise(to):
                put = to - self.wagers[seat]
                codes = self._rule_codes()
                full = betting.counts_as_full(
                    to, self.full_bet, self.full_level, self.increment, codes[R_HALF_BET] != 0
                )
                if full:
                    acted = tuple(s == seat for s in range(self.players))
                    changes["full_bet"] = True
                    changes["full_level"] = to
                    changes["raises"] = self.raises + 1
                    changes["increment"] = betting.increment_after(
                        to, self.level, self.full_bet, self.open_pair, self.increment, codes[R_BIG]
                    )
                level = to
                changes["showdown_first"] = seat
            case _:
                raise IllegalActionError(f"{action} is not a betting action")
        stacks = _set(self.stacks, seat, stack - put)
        wagers = _set(self.wagers, seat, self.wagers[seat] + put)
        live = folded.count(False)
        following = -1
        if live > 1:
            following = betting.next_to_act(
                seat, self.players, folded, stacks, wagers, acted, level
            )
        state = self._with(
            stacks=stacks,
            wagers=wagers,
            contributed=_set(self.contributed, seat, self.contributed[seat] + put),
            folded=folded,
            acted=acted,
            level=level,
            events=(
                *self.events,
                ActionTaken(seat, self.street, action, put, stacks[seat] == 0 and put > 0),
            ),
            actor=following if following >= 0 else seat,
            **changes,
        )
        if following >= 0:
            return state
        if live == 1:
            return state._finish()
        return state._next_street()

    def _next_street(self) -> HandState:
        if self.street == LAST_STREET:
            return self._to_showdown()
        state = self._with(
            phase=Phase.DEAL,
            street=self.street + 1,
            actor=None,
            events=(*self.events, StreetStarted(self.street + 1)),
        )
        return state._settle()

    def _return_uncalled(self) -> HandState:
        # Dead antes are everyone's: never an uncalled bet.
        returned = uncalled_bet(self.contributed, self._antes() if self.rules.dead_antes else None)
        if returned is None:
            return self
        seat, amount = returned
        return self._with(
            stacks=_set(self.stacks, seat, self.stacks[seat] + amount),
            contributed=_set(self.contributed, seat, self.contributed[seat] - amount),
            wagers=_set(self.wagers, seat, max(0, self.wagers[seat] - amount)),
            events=(*self.events, BetReturned(seat, amount)),
        )

    def _to_showdown(self) -> HandState:
        state = self._return_uncalled()
        first = state.showdown_first if state.showdown_first is not None else 0
        state = state._with(
            phase=Phase.SHOWDOWN,
            actor=None,
            declared=tuple(False if f else None for f in state.folded),
        )
        return state._next_declarer(first)

    def _next_declarer(self, seat: int) -> HandState:
        """From ``seat`` clockwise, the first player still to show or muck."""
        live = [s for s in self.in_hand if self.declared[s] is not False]
        if len(live) == 1:
            return self._resolve()
        for step in range(self.players):
            s = (seat + step) % self.players
            if not self.folded[s] and self.declared[s] is None:
                return self._with(actor=s)
        return self._resolve()

    def _declare(self, action: Action) -> HandState:
        assert self.actor is not None
        seat = self.actor
        if isinstance(action, Show):
            event: Event = HandShown(seat, self.cards_of(seat))
        else:
            event = HandMucked(seat)
        state = self._with(
            declared=_set(self.declared, seat, isinstance(action, Show)),
            events=(*self.events, event),
        )
        return state._next_declarer(seat)

    def _finish(self) -> HandState:
        """Everyone else folded: the last player wins without showing (R6.1)."""
        state = self._return_uncalled()
        (winner,) = state.in_hand
        amounts = [state.pot]
        raked = state._take_rake(amounts)
        award = PotAwarded(winner, amounts[0], 0, Share.WHOLE, "")
        return raked._close([award])

    def _resolve(self) -> HandState:
        """Award every pot, main first, among the hands shown (R6.2 to R7.4)."""
        rules = self.rules
        live = tuple(
            not f and d is not False for f, d in zip(self.folded, self.declared, strict=True)
        )
        contenders = {s: self.contender(s) for s in self.in_hand}
        awards: list[PotAwarded] = []
        built = self.showdown_pots()
        amounts = [pot.amount for pot in built]
        state = self._take_rake(amounts)
        for index, pot in enumerate(built):
            claimants = [contenders[s] for s in pot.eligible if live[s]]
            if not claimants:
                # Everyone who could win this side pot mucked: their hands still decide it.
                claimants = [contenders[s] for s in pot.eligible]
            if amounts[index]:
                awards += award_pot(
                    amounts[index],
                    index,
                    claimants,
                    split_low=rules.split_low,
                    lowball=rules.lowball,
                )
        # A hand nobody saw is not named: the name would tell its down cards (R8.4).
        awards = [a if self.declared[a.seat] else replace(a, hand="") for a in awards]
        return state._close(awards)

    def _take_rake(self, amounts: list[int]) -> HandState:
        """R9: the house's rake out of the pots' ``amounts`` (changed in place), recorded
        as one ``RakeTaken`` event per pot it came from."""
        before = list(amounts)
        codes = self._rule_codes()
        rake = pots.take_rake(
            amounts, len(amounts), self.street, codes[R_RAKE_PERMILLE], codes[R_RAKE_CAP]
        )
        if not rake:
            return self
        taken = [RakeTaken(p, b - a) for p, (b, a) in enumerate(zip(before, amounts, strict=True))]
        return self._with(rake=rake, events=(*self.events, *(e for e in taken if e.amount)))

    def _antes(self) -> list[int]:
        antes = [0] * self.players
        for event in self.events:
            if isinstance(event, AntePosted):
                antes[event.seat] = event.amount
        return antes

    def showdown_pots(self) -> list[Pot]:
        """The main pot and side pots as they stand, with who may win each (R6.3);
        antes played dead are in the main pot, open to every live player."""
        dead = self._antes() if self.rules.dead_antes else None
        return build_pots(self.contributed, [not f for f in self.folded], dead)

    def contender(self, seat: int) -> Contender:
        """``seat``'s claim at showdown: its high and low values and their names."""
        cards = self.hand_of(seat)
        own = self.down[seat] + self.up[seat]
        high_card = max(high_card_key(c.code) for c in own)
        low_card = min(low_card_key(c.code) for c in own)
        if self.rules.lowball:
            low = evaluation.razz_value(cards)
            return Contender(seat, None, low, high_card, low_card, "", evaluation.describe_low(low))
        if self.rules.split_low:
            high, low8 = evaluation.high_low8_value(cards)
        else:
            high, low8 = evaluation.high_value(cards), None
        return Contender(
            seat,
            high,
            low8,
            high_card,
            low_card,
            evaluation.describe_high(high),
            evaluation.describe_low(low8) if low8 is not None else "",
        )

    def _close(self, awards: list[PotAwarded]) -> HandState:
        awards = [a for a in awards if a.amount > 0]  # a pot emptied by a returned bet
        stacks = list(self.stacks)
        for award in awards:
            stacks[award.seat] += award.amount
        return self._with(
            phase=Phase.OVER,
            actor=None,
            stacks=tuple(stacks),
            contributed=(0,) * self.players,
            wagers=(0,) * self.players,
            events=(*self.events, *awards),
        )

    # -- starting a hand ----------------------------------------------------------

    @classmethod
    def _start(cls, rules: Rules, stacks: Sequence[int], deck: tuple[Card, ...] | None) -> Self:
        n = len(stacks)
        antes = [min(rules.ante, s) for s in stacks]
        events: list[Event] = [
            AntePosted(s, a, a == stacks[s]) for s, a in enumerate(antes) if a > 0
        ]
        events.append(StreetStarted(FIRST_STREET))
        return cls(
            rules=rules,
            starting_stacks=tuple(stacks),
            stacks=tuple(s - a for s, a in zip(stacks, antes, strict=True)),
            contributed=tuple(antes),
            wagers=(0,) * n,
            down=((),) * n,
            up=((),) * n,
            folded=(False,) * n,
            events=tuple(events),
            acted=(False,) * n,
            declared=(None,) * n,
            deck=deck,
        )


_FIELD_NAMES = tuple(f.name for f in fields(HandState))
_FIELD_SET = frozenset(name for name in _FIELD_NAMES if name != "_legal")
_Draft: Any = make_dataclass(
    "_Draft", [(name, object) for name in _FIELD_NAMES], slots=True, eq=False, repr=False
)
"""A ``HandState`` being built: the same slots, in the same order, but not frozen."""
if _Draft.__slots__ != HandState.__slots__ or _FIELD_NAMES[-1] != "_legal":
    raise AssertionError("a _Draft must have a HandState's slots, _legal last")
_copied_values = attrgetter(*_FIELD_NAMES[:-1])
_set_field = object.__setattr__


def _check_cards(cards: object, what: str) -> None:
    """Refuse anything but a sequence of ``Card`` values, at the door (R8.2)."""
    bad: object = None
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        bad = cards
    else:
        bad = next((c for c in cards if not isinstance(c, Card)), None)
    if bad is not None:
        raise IllegalActionError(
            f"{what} must be Card values (stud.parse_cards reads them from text), not {bad!r}"
        )


def new_hand(
    rules: Rules,
    stacks: Sequence[int],
    *,
    deck: Sequence[Card] | None = None,
    rng: random.Random | None = None,
) -> HandState:
    """Start a hand: antes are posted (R3.1) and third street is due.

    Give ``deck`` (all 52 cards, top first) or ``rng`` (shuffles a fresh deck) for a
    hand that deals itself; give neither to name every card with ``deal``.
    """
    if not MIN_SEATS <= len(stacks) <= MAX_SEATS:
        raise ValueError(
            f"stud is for {MIN_SEATS} to {MAX_SEATS} players, not {len(stacks)} (R1.2)"
        )
    for seat, stack in enumerate(stacks):
        if not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0:
            raise ValueError(
                f"seat {seat + 1}'s stack must be a positive whole number, not {stack!r}"
            )
    if deck is not None and rng is not None:
        raise ValueError("give a deck order or a random generator, not both")
    order: tuple[Card, ...] | None = None
    if deck is not None:
        try:
            _check_cards(deck, "a deck order")
        except IllegalActionError as error:
            raise ValueError(str(error)) from None
        order = tuple(deck)
        if len(order) != 52 or set(order) != set(DECK):
            raise ValueError("a deck order must hold each of the 52 cards exactly once")
    elif rng is not None:
        shuffled = list(DECK)
        rng.shuffle(shuffled)
        order = tuple(shuffled)
    return HandState._start(rules, stacks, order)._settle()
