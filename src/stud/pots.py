"""Pots as values and awards as events: the reference engine's face of the core.

The arithmetic lives in ``stud.core.pots`` (uncalled bet, side pots) and
``stud.core.shares`` (winners, halves, odd chips), which the compiled engine runs
too. This module turns tuples of contributions into ``Pot`` values and a pot's
winners into ``PotAwarded`` events with the hands' names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stud.actions import PotAwarded, Share
from stud.core import pots, shares
from stud.core.codes import NO_LOW

__all__ = ["Contender", "Pot", "award_pot", "build_pots", "rake_awards", "uncalled_bet"]


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot (main or side): its chips and the players who can win it."""

    amount: int
    eligible: tuple[int, ...]


def uncalled_bet(
    contributed: Sequence[int], dead: Sequence[int] | None = None
) -> tuple[int, int] | None:
    """The seat and amount of the bet nobody matched (R6.1), if there is one; ``dead``
    money (antes played dead) is never part of it."""
    n = len(contributed)
    if n < 2:
        return None
    seat, amount = pots.uncalled_bet(contributed, dead or (0,) * n, n)
    return (seat, amount) if amount > 0 else None


def build_pots(
    contributed: Sequence[int], live: Sequence[bool], dead: Sequence[int] | None = None
) -> list[Pot]:
    """Main and side pots from each player's total contribution (R6.3); ``dead`` chips
    (antes played as dead money) go to the main pot, open to every live player."""
    n = len(contributed)
    amounts = [0] * (n + 1)
    eligible = [0] * (n + 1)
    count = pots.build_pots(contributed, dead or (0,) * n, live, n, amounts, eligible)
    return [
        Pot(amounts[i], tuple(s for s in range(n) if eligible[i] >> s & 1)) for i in range(count)
    ]


@dataclass(frozen=True, slots=True)
class Contender:
    """A player's claim at showdown.

    ``high`` is the high value (higher wins) or, in razz, ``None``; ``low`` is the
    eight-or-better or razz low value (lower wins) or ``None``. ``high_card`` and
    ``low_card`` are the keys of the player's highest and lowest card
    (``core.codes.high_card_key``, ``low_card_key``), which decide odd chips (R7.2).
    """

    seat: int
    high: int | None
    low: int | None
    high_card: int
    low_card: int
    high_name: str = ""
    low_name: str = ""


def award_pot(
    amount: int, pot: int, contenders: Sequence[Contender], *, split_low: bool, lowball: bool
) -> list[PotAwarded]:
    """Who gets the chips of pot number ``pot``, with odd chips exactly as R7 says
    (``core.shares.award_pot``), as events naming each winner's hand."""
    if not contenders:
        raise ValueError("a pot needs at least one contender")
    n = max(c.seat for c in contenders) + 1
    by_seat: dict[int, Contender] = {c.seat: c for c in contenders}
    high = [0] * n
    low = [NO_LOW] * n
    high_keys = [0] * n
    low_keys = [0] * n
    for c in contenders:
        high[c.seat] = c.high or 0
        low[c.seat] = NO_LOW if c.low is None else c.low
        high_keys[c.seat] = c.high_card
        low_keys[c.seat] = c.low_card
    hi = [0] * n
    lo = [0] * n
    mask = pots.seat_mask([s in by_seat for s in range(n)], n)
    how, nh, high_chips, nl, low_chips = shares.award_pot(
        amount, mask, n, high, low, high_keys, low_keys, split_low, lowball, hi, lo
    )
    awards: list[PotAwarded] = []
    for place in range(nh):
        c = by_seat[hi[place]]
        share, name = Share.HIGH, c.high_name
        if how == shares.BOTH:
            share, name = Share.WHOLE, f"{c.high_name} and {c.low_name}"
        elif how == shares.WHOLE:
            share = Share.WHOLE
        awards.append(
            PotAwarded(c.seat, shares.odd_chip_share(high_chips, nh, place), pot, share, name)
        )
    for place in range(nl):
        c = by_seat[lo[place]]
        share = Share.WHOLE if how == shares.LOWBALL else Share.LOW
        awards.append(
            PotAwarded(c.seat, shares.odd_chip_share(low_chips, nl, place), pot, share, c.low_name)
        )
    return awards


def rake_awards(
    awards: Sequence[PotAwarded], rake: int | Sequence[int]
) -> tuple[list[int], list[PotAwarded]]:
    """A hand's awards with a rake its rules did not take out of the pots first (R9.3).

    ``awards`` are a finished hand's, pot by pot, each pot's winners in odd-chip order
    (as ``award_pot`` lists them). ``rake`` is one amount, taken from the main pot
    first, then the side pots in order, or the chips taken from each pot that has
    chips, in order. Each pot's rest is shared as ``award_pot`` shares it: high and low
    halves (the odd chip high, R7.1), equal shares with odd chips in the same order
    (R7.2). Returns the chips taken from each pot (by pot number) and the awards;
    ``ValueError`` when the rake does not fit the pots.
    """
    by_pot: dict[int, list[PotAwarded]] = {}
    for award in awards:
        by_pot.setdefault(award.pot, []).append(award)
    numbers = sorted(by_pot)
    sizes = [sum(a.amount for a in by_pot[p]) for p in numbers]
    if isinstance(rake, int):
        if rake < 0:
            raise ValueError(f"a rake cannot be negative, not {rake}")
        rest = list(sizes)
        if pots.take_in_order(rest, len(rest), rake):
            raise ValueError(f"a rake of {rake} is more than the pot of {sum(sizes)}")
    else:
        if len(rake) != len(sizes):
            raise ValueError(f"a rake for {len(rake)} pots, but the hand made {len(sizes)}")
        if any(not 0 <= r <= s for r, s in zip(rake, sizes, strict=True)):
            raise ValueError(f"a rake of {list(rake)} cannot come out of pots of {sizes}")
        rest = [s - r for s, r in zip(sizes, rake, strict=True)]
    taken = [0] * (numbers[-1] + 1 if numbers else 0)
    raked: list[PotAwarded] = []
    for number, size, left in zip(numbers, sizes, rest, strict=True):
        taken[number] = size - left
        pot = by_pot[number]
        halves = {a.share for a in pot}
        if halves == {Share.HIGH, Share.LOW}:
            low = left // 2
            parts = {Share.HIGH: left - low, Share.LOW: low}
        else:
            parts = dict.fromkeys(halves, left)
        places = {share: [a for a in pot if a.share is share] for share in parts}
        for award in pot:
            winners = places[award.share]
            chips = shares.odd_chip_share(parts[award.share], len(winners), winners.index(award))
            if chips:
                raked.append(PotAwarded(award.seat, chips, number, award.share, award.hand))
    return taken, raked
