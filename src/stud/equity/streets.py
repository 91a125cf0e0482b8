"""Each player's odds street by street through a played hand.

Two questions a player studying a hand asks after every street: how did my hand
stand against what I could see (my own cards, everyone's up cards, the folded
cards showing), and how did it really stand against the others' actual cards?
The first is answered from that seat's view only: the others' down cards are
cards it never saw (``??``), drawn from the cards it had not seen. The second
needs every live player's down cards, so it is given only when the history holds
them all (``known``): for a player's own history, when everyone still in showed.

Each answer is a pot share (EV as a fraction of the pot) from the odds engine:
exact when the outcomes are few, else a seeded Monte Carlo estimate, so the same
hand gives the same figures every time.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from stud.cards import Card
from stud.equity.ranges import EquityError
from stud.equity.scheduling import run_equity
from stud.equity.situation import Situation
from stud.state import HandState, Phase

__all__ = ["StreetOdds", "odds_by_street", "seen_share"]

EXACT_BUDGET = 400_000
"""Outcomes enumerated exactly at most; above, ``TRIALS`` deals are sampled."""
TRIALS = 40_000
"""Monte Carlo deals per answer: a share's standard error is then at most 0.25%."""


@dataclass(frozen=True, slots=True)
class StreetOdds:
    """The odds once a street's cards are all dealt, before anyone acts on it."""

    street: int
    step: int
    """The index of the position in the sequence given to ``odds_by_street``."""
    seen: tuple[float | None, ...]
    """Each seat's pot share against what it could see; ``None`` for a seat out of
    the hand, or whose own down cards the history does not hold."""
    real: tuple[float | None, ...] | None
    """Each live seat's pot share against everyone's real cards; ``None`` when the
    history does not hold every live player's down cards."""

    def to_dict(self) -> dict[str, object]:
        """A plain dictionary for JSON (shares rounded to 4 places)."""

        def rounded(shares: Sequence[float | None] | None) -> list[float | None] | None:
            return None if shares is None else [None if s is None else round(s, 4) for s in shares]

        return {
            "street": self.street,
            "step": self.step,
            "seen": rounded(self.seen),
            "real": rounded(self.real),
        }


def odds_by_street(
    positions: Sequence[HandState], known: Collection[Card], *, seed: int = 0
) -> list[StreetOdds]:
    """The odds at each position of ``positions`` (a hand's steps, in order) where a
    street has just been dealt and more than one player is in.

    ``known`` are the down cards the history holds (every card but the ones that
    stand in for ``??``, or only what one viewer saw); a seat's own odds and the
    real-card odds use nothing else.
    """
    out: list[StreetOdds] = []
    street = 0
    for index, state in enumerate(positions):
        if state.phase is not Phase.BETTING or state.street == street:
            continue
        street = state.street
        if len(state.in_hand) < 2:
            continue
        seen = tuple(
            _share(_seen_by(state, seat), seat, seed) if _holds(state, seat, known) else None
            for seat in range(state.players)
        )
        real = None
        if all(_holds(state, s, known) for s in state.in_hand):
            shares = _shares(_real(state, known), seed)
            live = iter(shares)
            real = tuple(next(live) if s in state.in_hand else None for s in range(state.players))
        out.append(StreetOdds(street, index, seen, real))
    return out


def seen_share(state: HandState, seat: int, *, seed: int = 0) -> float | None:
    """``seat``'s pot share now against what it can see (its own cards, everyone's up
    cards, the folded cards showing), as a player at a practice table is told; ``None``
    when it is out of the hand or alone in it. Nobody's down cards but its own are
    used: the answer tells nothing the seat could not see."""
    if seat not in state.in_hand or len(state.in_hand) < 2:
        return None
    return _share(_seen_by(state, seat), seat, seed)


def _holds(state: HandState, seat: int, known: Collection[Card]) -> bool:
    return seat in state.in_hand and all(c in known for c in state.down[seat])


def _seen_by(state: HandState, seat: int) -> tuple[Situation, int]:
    """The situation as ``seat`` saw it, and its index among the live players."""
    hands: list[tuple[Card, ...]] = []
    unknown: list[int] = []
    for s in state.in_hand:
        if s == seat:
            hands.append(state.hand_of(s))
            unknown.append(0)
        else:
            shown = state.up[s] if state.community is None else (*state.up[s], state.community)
            hands.append(shown)
            unknown.append(len(state.down[s]))
    dead = tuple(c for s in range(state.players) if state.folded[s] for c in state.up[s])
    situation = Situation(state.rules.variant, tuple(hands), dead, tuple(unknown))
    return situation, state.in_hand.index(seat)


def _real(state: HandState, known: Collection[Card]) -> Situation:
    """Every live hand as it really was, with the folded cards the history holds dead."""
    hands = tuple(state.hand_of(s) for s in state.in_hand)
    dead = tuple(
        c
        for s in range(state.players)
        if state.folded[s]
        for c in (*state.up[s], *(d for d in state.down[s] if d in known))
    )
    return Situation(state.rules.variant, hands, dead)


def _share(seen: tuple[Situation, int], seat: int, seed: int) -> float:
    situation, index = seen
    return _shares(situation, seed + seat)[index]


def _shares(situation: Situation, seed: int) -> list[float]:
    try:
        *_, last = run_equity(
            situation, exact_budget=EXACT_BUDGET, trials=TRIALS, seed=seed, jobs=1
        )
    except EquityError as error:  # a position the odds engine cannot take: a bug upstream
        raise ValueError(f"no odds for this position: {error}") from None
    return [p.share for p in last.players]
