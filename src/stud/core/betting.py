"""Betting decisions: who brings in, who acts, what may be wagered, what counts (R4, R5).

Every function is plain Python over ints and per-seat sequences, in the subset numba
compiles (see ``stud.core``). A seat "can bet" when it has not folded and has chips
behind; an all-in player is still in the hand but never acts again.
"""

from __future__ import annotations

from stud.core.codes import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    R_BIG,
    R_BRING_IN,
    R_MAX_RAISES,
    R_SMALL,
    R_UNCAPPED_HU,
    RAISE,
    STUD,
)
from stud.core.types import Ints, MutableInts

__all__ = [
    "bettors",
    "bring_in_seat",
    "can_bet",
    "cap_reached",
    "counts_as_full",
    "first_to_act",
    "first_who_can_bet",
    "full_targets",
    "increment_after",
    "legal_actions",
    "next_to_act",
    "open_pair_counts",
    "shows_pair",
    "wager_kind",
]


def can_bet(folded: Ints, stacks: Ints, seat: int) -> bool:
    """Whether ``seat`` is still in with chips behind, so it may still act."""
    return not folded[seat] and stacks[seat] > 0


def bettors(folded: Ints, stacks: Ints, n: int) -> int:
    """How many players can still bet; below two, the cards run out unbet (R5.7)."""
    count = 0
    for s in range(n):
        if can_bet(folded, stacks, s):
            count += 1
    return count


def first_who_can_bet(folded: Ints, stacks: Ints, n: int, seat: int) -> int:
    """``seat`` if it can bet, else the next seat clockwise that can; -1 if none (R4.3, R5.3)."""
    for step in range(n):
        s = (seat + step) % n
        if can_bet(folded, stacks, s):
            return s
    return -1


def bring_in_seat(doors: Ints, folded: Ints, stacks: Ints, n: int, lowball: bool) -> int:
    """Who brings in: the lowest door card, ace high, ties to the lower suit; in razz the
    highest, ace low, ties to the higher suit (R4.1). A player all-in from the ante passes
    it to the next player clockwise with chips (R4.3). ``doors`` are card codes."""
    best = -1
    best_key = 0
    for s in range(n):
        if folded[s]:
            continue
        code = doors[s]
        if lowball:
            rank = code // 4 + 2
            key = -((1 if rank == 14 else rank) * 4 + code % 4)
        else:
            key = code
        if best < 0 or key < best_key:
            best = s
            best_key = key
    return first_who_can_bet(folded, stacks, n, best)


def first_to_act(showing: Ints, folded: Ints, stacks: Ints, n: int, lowball: bool) -> int:
    """Who acts first on fourth to seventh street: the best showing hand (razz: the lowest),
    ties to the lowest seat, passing over a player all-in (R5.3). ``showing`` holds each
    seat's showing value (``evaluation.showing_value``)."""
    best = -1
    best_value = 0
    for s in range(n):
        if folded[s]:
            continue
        value = showing[s] if lowball else -showing[s]
        if best < 0 or value < best_value:
            best = s
            best_value = value
    return first_who_can_bet(folded, stacks, n, best)


def shows_pair(up: Ints, count: int) -> bool:
    """Whether the first ``count`` face-up card codes hold a pair."""
    for i in range(count):
        for j in range(i + 1, count):
            if up[i] // 4 == up[j] // 4:
                return True
    return False


def open_pair_counts(variant: int, street: int) -> bool:
    """Whether a pair showing makes fourth street's bets small or big: stud only (R5.5)."""
    return variant == STUD and street == 4


def cap_reached(raises: int, max_raises: int, uncapped_heads_up: bool, bettors: int) -> bool:
    """Whether the bet and its raises have reached the cap (R5.2): one bet and
    ``max_raises`` raises, unless the option lifts it while two players can bet."""
    if uncapped_heads_up and bettors == 2:
        return False
    return raises >= 1 + max_raises


def full_targets(
    level: int, increment: int, full_bet: bool, open_pair: bool, small: int, big: int
) -> tuple[int, int, int]:
    """The street totals a full bet, completion or raise may go to now: how many (0 to
    2) and those totals, ascending.

    Before any full wager the target is the full bet itself (R4.4: "complete the
    wager"); after one it is the highest wager plus one increment (R5.6). With an open
    pair on fourth street the small or the big bet may be wagered (R5.5).
    """
    two = open_pair and increment == small and small < big
    if not full_bet:
        if increment > level:
            if two and big > level:
                return 2, increment, big
            return 1, increment, 0
        if two and big > level:
            return 1, big, 0
        return 0, 0, 0
    if two:
        return 2, level + increment, level + big
    return 1, level + increment, 0


def wager_kind(level: int, full_bet: bool) -> int:
    """What a wager is called: a bet on an empty street, a completion over the bring-in
    or short all-ins, a raise over a full wager."""
    if level == 0:
        return BET
    return RAISE if full_bet else COMPLETE


def legal_actions(
    seat: int,
    n: int,
    folded: Ints,
    stacks: Ints,
    wagers: Ints,
    acted: Ints,
    street: int,
    level: int,
    full_bet: bool,
    raises: int,
    increment: int,
    open_pair: bool,
    r: Ints,
    kinds: MutableInts,
    amounts: MutableInts,
) -> int:
    """Write what ``seat`` may do now (kind codes, and totals for wagers); the count.

    The bring-in player posts the bring-in or completes, nothing else (R4.2). Anyone
    else may fold (R5.8, even when checking is free), check or call, and wager a full
    amount, or all-in for less (R5.6), unless they already acted since the last full
    wager, the cap is reached (R5.2), or nobody is left to call. ``r`` is the rule set's
    codes (``stud.core.codes.rule_codes``).
    """
    stack = stacks[seat]
    if street == 3 and level == 0:
        kinds[0] = BRING_IN
        amounts[0] = 0
        if stack > r[R_BRING_IN]:
            kinds[1] = COMPLETE
            amounts[1] = min(r[R_SMALL], stack)
            return 2
        return 1
    to_call = level - wagers[seat]
    kinds[0] = FOLD
    amounts[0] = 0
    kinds[1] = CALL if to_call > 0 else CHECK
    amounts[1] = 0
    count = 2
    able = bettors(folded, stacks, n)
    if (
        stack <= to_call
        or acted[seat]
        or cap_reached(raises, r[R_MAX_RAISES], r[R_UNCAPPED_HU] != 0, able)
    ):
        return count
    if able < 2:
        return count  # nobody left who could call a wager (the actor is one who can bet)
    kind = wager_kind(level, full_bet)
    most = wagers[seat] + stack
    targets, first, second = full_targets(
        level, increment, full_bet, open_pair, r[R_SMALL], r[R_BIG]
    )
    for i in range(targets):
        target = first if i == 0 else second
        kinds[count] = kind
        if target <= most:
            amounts[count] = target
            count += 1
        else:
            if count == 2 or amounts[count - 1] != most:  # a stack of exactly one bet: once
                amounts[count] = most  # all-in for less (R5.6)
                count += 1
            break
    return count


def counts_as_full(
    to: int, full_bet: bool, full_level: int, increment: int, half_bet: bool
) -> bool:
    """Whether a wager to ``to`` is a full bet, completion or raise: it reopens the
    betting and counts toward the cap (R5.6).

    It is measured from the round's last full wager level ``full_level``, not from
    the all-in before it, so several short all-ins add up (R5.6a). Before any full
    wager that level is the bring-in on third street (so a bring-in player's own short
    completion is measured from the bring-in, R4.3) and nothing on later streets, and
    a full wager reaches the bet itself. Under the half-bet rule half the distance is
    enough; under the full-bet rule only the whole distance counts.
    """
    distance = increment if full_bet else increment - full_level
    reached = to - full_level
    if half_bet:
        return 2 * reached >= distance
    return reached >= distance


def increment_after(
    to: int, level: int, full_bet: bool, open_pair: bool, increment: int, big: int
) -> int:
    """The size of a full raise after a full wager to ``to``: once a big-bet-sized bet
    or raise is made on an open pair, every later raise is the big bet (R5.5)."""
    size = to - level if full_bet else to
    if open_pair and size >= big:
        return big
    return increment


def next_to_act(
    seat: int, n: int, folded: Ints, stacks: Ints, wagers: Ints, acted: Ints, level: int
) -> int:
    """The next player clockwise from ``seat`` who still owes an action this round, or -1
    (R5.1): one who has not matched the highest wager, or has not acted since the last
    full wager while someone else can still bet."""
    able = bettors(folded, stacks, n)
    for step in range(1, n + 1):
        s = (seat + step) % n
        if not can_bet(folded, stacks, s):
            continue
        if wagers[s] < level or (not acted[s] and able >= 2):
            return s
    return -1
