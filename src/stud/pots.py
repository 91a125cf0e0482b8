"""Pots: the uncalled bet, side pots, high/low halves and odd chips (R6, R7).

Everything here is arithmetic on contributions and hand values; the state decides
who is still in and what their hands are worth, then asks this module who gets
which chips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stud.actions import PotAwarded, Share

__all__ = ["Contender", "Pot", "award_pot", "build_pots", "uncalled_bet"]


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot (main or side): its chips and the players who can win it."""

    amount: int
    eligible: tuple[int, ...]


def uncalled_bet(contributed: Sequence[int]) -> tuple[int, int] | None:
    """The seat and amount of the bet nobody matched (R6.1), if there is one.

    The largest contributor gets back whatever exceeds the second largest
    contribution, folded players' included: nobody could have won those chips.
    """
    if len(contributed) < 2:
        return None
    order = sorted(range(len(contributed)), key=lambda s: contributed[s], reverse=True)
    top, second = order[0], order[1]
    excess = contributed[top] - contributed[second]
    return (top, excess) if excess > 0 else None


def build_pots(
    contributed: Sequence[int], live: Sequence[bool], dead: Sequence[int] | None = None
) -> list[Pot]:
    """Main and side pots from each player's total contribution (R6.3).

    Each distinct contribution of a live (not folded) player closes a pot: a
    player all-in for less can win only what every other player matched. Chips
    of folded players beyond the last level stay in the last pot. ``dead`` chips
    (antes played as dead money) go to the main pot, open to every live player.
    """
    if dead is not None:
        rest = [c - d for c, d in zip(contributed, dead, strict=True)]
        layered = build_pots(rest, live)
        everyone = tuple(s for s, alive in enumerate(live) if alive)
        money = sum(dead)
        if layered and layered[0].eligible == everyone:
            return [Pot(layered[0].amount + money, everyone), *layered[1:]]
        return [Pot(money, everyone), *layered] if money else layered
    levels = sorted({c for c, alive in zip(contributed, live, strict=True) if alive and c > 0})
    pots: list[Pot] = []
    previous = 0
    for i, level in enumerate(levels):
        last = i == len(levels) - 1
        amount = sum(
            (c if last else min(c, level)) - min(c, previous) for c in contributed if c > previous
        )
        eligible = tuple(
            s
            for s, (c, alive) in enumerate(zip(contributed, live, strict=True))
            if alive and c >= level
        )
        if amount:
            pots.append(Pot(amount, eligible))
        previous = level
    return pots


@dataclass(frozen=True, slots=True)
class Contender:
    """A player's claim at showdown.

    ``high`` is the high value (higher wins) or, in razz, ``None``; ``low`` is the
    eight-or-better or razz low value (lower wins) or ``None``. ``high_card`` and
    ``low_card`` are the sort keys of the player's highest and lowest card, which
    decide odd chips (R7.2).
    """

    seat: int
    high: int | None
    low: int | None
    high_card: tuple[int, int]
    low_card: tuple[int, int]
    high_name: str = ""
    low_name: str = ""


def _share_out(
    amount: int, winners: Sequence[Contender], *, by_low_card: bool
) -> list[tuple[Contender, int]]:
    """Split chips equally; leftover chips one each in odd-chip order (R7.2, R7.4)."""
    if by_low_card:
        order = sorted(winners, key=lambda c: c.low_card)
    else:
        order = sorted(winners, key=lambda c: c.high_card, reverse=True)
    base, odd = divmod(amount, len(order))
    return [(c, base + (1 if i < odd else 0)) for i, c in enumerate(order)]


def _best_high(contenders: Sequence[Contender]) -> list[Contender]:
    best = max(c.high for c in contenders if c.high is not None)
    return [c for c in contenders if c.high == best]


def _best_low(contenders: Sequence[Contender]) -> list[Contender]:
    lows = [c.low for c in contenders if c.low is not None]
    if not lows:
        return []
    best = min(lows)
    return [c for c in contenders if c.low == best]


def award_pot(
    amount: int, pot: int, contenders: Sequence[Contender], *, split_low: bool, lowball: bool
) -> list[PotAwarded]:
    """Who gets the chips of one pot, with odd chips exactly as R7 says.

    ``split_low`` (stud8) splits the pot when any contender has a qualifying low
    (R6.5), the odd chip of the split to the high half (R7.1), and divides the
    whole pot at once when the same players tie for both halves (R7.3).
    ``lowball`` (razz) gives the whole pot to the best low.
    """
    if not contenders:
        raise ValueError("a pot needs at least one contender")
    if lowball:
        winners = _best_low(contenders)
        return [
            PotAwarded(c.seat, chips, pot, Share.WHOLE, c.low_name)
            for c, chips in _share_out(amount, winners, by_low_card=True)
        ]
    high_winners = _best_high(contenders)
    low_winners = _best_low(contenders) if split_low else []
    if not low_winners:
        return [
            PotAwarded(c.seat, chips, pot, Share.WHOLE, c.high_name)
            for c, chips in _share_out(amount, high_winners, by_low_card=False)
        ]
    if {c.seat for c in high_winners} == {c.seat for c in low_winners}:
        return [
            PotAwarded(c.seat, chips, pot, Share.WHOLE, f"{c.high_name} and {c.low_name}")
            for c, chips in _share_out(amount, high_winners, by_low_card=False)
        ]
    low_half = amount // 2
    high_half = amount - low_half
    return [
        PotAwarded(c.seat, chips, pot, Share.HIGH, c.high_name)
        for c, chips in _share_out(high_half, high_winners, by_low_card=False)
    ] + [
        PotAwarded(c.seat, chips, pot, Share.LOW, c.low_name)
        for c, chips in _share_out(low_half, low_winners, by_low_card=True)
    ]
