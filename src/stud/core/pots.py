"""Pots: the uncalled bet and the main and side pots (R6.1, R6.3).

Arithmetic on each player's total contribution. ``dead`` is each player's dead money
(antes played as dead money, ``Rules.dead_antes``; zeros otherwise): it is everyone's,
so it is never an uncalled bet and always goes to the main pot. A pot's eligible
players are a seat mask, bit ``s`` for seat ``s``.
"""

from __future__ import annotations

from stud.core.types import Ints, MutableInts

__all__ = ["build_pots", "seat_mask", "take_in_order", "take_rake", "uncalled_bet"]


def seat_mask(flags: Ints, n: int) -> int:
    """The mask of the seats whose flag is set."""
    mask = 0
    for s in range(n):
        if flags[s]:
            mask |= 1 << s
    return mask


def uncalled_bet(contributed: Ints, dead: Ints, n: int) -> tuple[int, int]:
    """The seat and amount of the bet nobody matched (R6.1); ``(-1, 0)`` if none.

    The largest contributor gets back whatever exceeds the second largest
    contribution, folded players' included: nobody could have won those chips.
    """
    top = 0
    for s in range(1, n):
        if contributed[s] - dead[s] > contributed[top] - dead[top]:
            top = s
    second = -(1 << 62)
    for s in range(n):
        if s != top and contributed[s] - dead[s] > second:
            second = contributed[s] - dead[s]
    excess = contributed[top] - dead[top] - second
    if excess > 0:
        return top, excess
    return -1, 0


def _layer(
    contributed: Ints,
    dead: Ints,
    live: Ints,
    n: int,
    amounts: MutableInts,
    eligible: MutableInts,
    first: int,
) -> int:
    """Pots from the live contributions, written from index ``first``; the next index.

    Each distinct contribution of a live (not folded) player closes a pot; chips of
    folded players beyond the last level stay in the last pot.
    """
    pots = first
    previous = 0
    while True:
        level = -1
        last = True
        for s in range(n):
            c = contributed[s] - dead[s]
            if live[s] and c > previous and (level < 0 or c < level):
                level = c
        if level < 0:
            return pots
        for s in range(n):
            if live[s] and contributed[s] - dead[s] > level:
                last = False
        amount = 0
        mask = 0
        for s in range(n):
            c = contributed[s] - dead[s]
            if c > previous:
                amount += (c if last else min(c, level)) - previous
            if live[s] and c >= level:
                mask |= 1 << s
        if amount:
            amounts[pots] = amount
            eligible[pots] = mask
            pots += 1
        previous = level


def build_pots(
    contributed: Ints, dead: Ints, live: Ints, n: int, amounts: MutableInts, eligible: MutableInts
) -> int:
    """Main and side pots, main first (R6.3): their chips in ``amounts`` and seat masks in
    ``eligible`` (buffers of ``n + 1``); returns how many.

    A player all-in for less can win only what every other player matched. Dead money
    joins the main pot, open to every live player.
    """
    money = 0
    for s in range(n):
        money += dead[s]
    everyone = seat_mask(live, n)
    count = _layer(contributed, dead, live, n, amounts, eligible, 1)
    if money and (count == 1 or eligible[1] != everyone):
        amounts[0] = money
        eligible[0] = everyone
        return count
    if count > 1:
        amounts[1] += money
    for i in range(1, count):
        amounts[i - 1] = amounts[i]
        eligible[i - 1] = eligible[i]
    return count - 1


def take_rake(amounts: MutableInts, count: int, street: int, permille: int, cap: int) -> int:
    """Take the house's rake out of the ``count`` pots in ``amounts``; the chips taken.

    R9: ``permille`` thousandths of all the pots together, rounded down, at most
    ``cap`` chips (0: no cap), none when the hand ends on third street. The pots
    are built after the uncalled bet went back (R6.1), so it is never raked. The
    rake empties the main pot first, then the side pots in order (R9.3), before
    anything is awarded.
    """
    if permille <= 0 or street <= 3:
        return 0
    total = 0
    for p in range(count):
        total += amounts[p]
    rake = total * permille // 1000
    if cap > 0 and rake > cap:
        rake = cap
    take_in_order(amounts, count, rake)
    return rake


def take_in_order(amounts: MutableInts, count: int, chips: int) -> int:
    """Take ``chips`` out of the ``count`` pots in ``amounts``, emptying the main pot
    first, then the side pots in order (R9.3); the chips the pots could not give."""
    left = chips
    for p in range(count):
        taken = min(left, amounts[p])
        amounts[p] -= taken
        left -= taken
    return left
