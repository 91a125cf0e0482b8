"""All-in EV: what a hand that went all-in before seventh street was worth when the
betting stopped, and how far the cards dealt after it moved the result.

A hand counts when, at the end of the last street with betting (third to sixth),
two or more players were still in and at most one of them had chips behind, so no
decision was left. At that moment each pot is shared by the odds of its
contenders, from their real cards and with every other card seen dead (the
folded players' cards, the other players' cards): the odds engine, exact when the
outcomes are within its exact budget, else by a million Monte Carlo trials. The
expected result is the shares of the pots (as awarded, after any rake) less what
the player put in; luck is the real result less that.

A hand whose contenders' down cards the history does not hold (``??``) cannot be
valued and is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from stud.actions import ActionTaken, AntePosted, BetReturned, PotAwarded
from stud.cards import Card
from stud.equity import EquityError, Method, odds
from stud.pots import build_pots
from stud.stats.hands import PlayedHand, PlayerHand, player_hand

__all__ = ["AllIn", "OddsFunction", "all_in", "engine_shares", "ev_results", "ev_series"]

OddsFunction = Callable[[Sequence[Sequence[Card]], Sequence[Card], str], tuple[list[float], str]]
"""Each player's share of a pot from their cards, the dead cards and the variant,
and how it was found (``exact`` or ``monte-carlo``)."""


def engine_shares(
    hands: Sequence[Sequence[Card]], dead: Sequence[Card], variant: str
) -> tuple[list[float], str]:
    """The odds engine's shares: exact within its budget, else a million trials."""
    result = odds([list(h) for h in hands], list(dead), variant=variant, seed=0)
    return [p.share for p in result.players], result.method.value


@dataclass(frozen=True, slots=True)
class AllIn:
    """One player's all-in hand: the street, their shares and the expected result."""

    label: str
    street: int
    """The last street with betting: cards after it were dealt with no decision left."""
    equity: float
    """The player's share of all the chips at stake, by the odds."""
    expected: int
    """The expected result in chips (shares of the pots less the chips put in)."""
    actual: int
    method: str

    @property
    def luck(self) -> int:
        """The real result less the expected one, in chips."""
        return self.actual - self.expected


def _put_in(hand: PlayedHand) -> list[int]:
    put = [0] * hand.state.players
    for event in hand.state.events:
        if isinstance(event, AntePosted | ActionTaken):
            put[event.seat] += event.amount
        elif isinstance(event, BetReturned):
            put[event.seat] -= event.amount
    return put


def all_in(hand: PlayedHand, seat: int, shares: OddsFunction = engine_shares) -> AllIn | None:
    """The all-in valuation of ``seat``'s hand, or ``None`` if it does not count."""
    state = hand.state
    live = [not f for f in state.folded]
    if not live[seat] or sum(live) < 2:
        return None
    put = _put_in(hand)
    behind = [state.starting_stacks[s] - put[s] for s in range(state.players)]
    if sum(1 for s in range(state.players) if live[s] and behind[s] > 0) > 1:
        return None
    if not all(hand.known[s] for s in range(state.players) if live[s]):
        return None
    streets = [e.street for e in state.events if isinstance(e, ActionTaken)]
    street = max(streets, default=3)
    if street >= 7:
        return None
    cards_then = street if street > 3 else 3
    held = {s: state.cards_of(s)[:cards_then] for s in range(state.players) if live[s]}
    seen_dead: list[Card] = []
    for s in range(state.players):
        if not live[s]:
            seen_dead.extend(state.cards_of(s) if hand.known[s] else state.up[s])
    awarded: dict[int, int] = {}
    for event in state.events:
        if isinstance(event, PotAwarded):
            awarded[event.pot] = awarded.get(event.pot, 0) + event.amount
    pots = build_pots(put, live)
    expected = 0.0
    stake = 0
    method = Method.EXACT.value
    variant = state.rules.variant.value
    for number, pot in enumerate(pots):
        value = awarded.get(number, 0)
        stake += value
        if seat not in pot.eligible:
            continue
        if len(pot.eligible) == 1:
            expected += value
            continue
        others = [c for s, cards in held.items() if s not in pot.eligible for c in cards]
        try:
            share, how = shares([held[s] for s in pot.eligible], seen_dead + others, variant)
        except EquityError:
            return None
        expected += share[pot.eligible.index(seat)] * value
        if how != Method.EXACT.value:
            method = how
    if stake == 0:
        return None
    mine = round(expected)
    return AllIn(
        label=hand.label,
        street=street,
        equity=expected / stake,
        expected=mine - put[seat],
        actual=state.payoffs[seat],
        method=method,
    )


def ev_series(
    hands: Sequence[PlayedHand], player: str, shares: OddsFunction = engine_shares
) -> tuple[list[float], list[float], list[AllIn]]:
    """The player's cumulative results and EV-adjusted results in big bets, hand by
    hand, and the all-in hands valued."""
    mine = [player_hand(h, seat) for h in hands if (seat := h.seat_of(player)) is not None]
    return ev_results(mine, shares)


def ev_results(
    hands: Sequence[PlayerHand], shares: OddsFunction = engine_shares
) -> tuple[list[float], list[float], list[AllIn]]:
    """One player's cumulative results and EV-adjusted results in big bets, hand by
    hand, and the all-in hands valued (a hand not replayed was no all-in)."""
    actual: list[float] = []
    adjusted: list[float] = []
    valued: list[AllIn] = []
    total = 0.0
    total_ev = 0.0
    for hand in hands:
        seat = hand.seat
        found = None if hand.played is None else all_in(hand.played, seat.seat, shares)
        total += seat.net / seat.big_bet
        if found is not None:
            valued.append(found)
            total_ev += found.expected / seat.big_bet
        else:
            total_ev += seat.net / seat.big_bet
        actual.append(total)
        adjusted.append(total_ev)
    return actual, adjusted, valued
