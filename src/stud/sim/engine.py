"""The compiled hand engine: the rules of ``stud.state`` over flat arrays, for volume.

``stud.state`` is the rulebook: immutable, one event at a time, easy to check. It
plays about a thousand hands a second, which is far too slow to measure bots over
millions of hands. This module plays the same rules (every one of R3 to R7, the
options of ``Rules`` included) in numba-compiled code over a few integer arrays, and
runs the built-in bots' compiled policies inside the same loop.

It is not a second rulebook: tests play thousands of random hands (short stacks and
all-ins, eight-handed community cards, every variant and option) through both
engines with the same deck order and the same choices and require identical legal
actions and final stacks, and they check that what the engine shows a policy is
exactly ``observe(view_of(state, seat))``. When the two disagree, ``stud.state`` is
right by definition.

Layout. A table is described by:

* ``r`` (``R_*``): the rules as integers;
* ``t`` (``T_*``): per-seat blocks of ``MAX_SEATS`` slots (stacks, contributions,
  wagers, folds, ...) and single values (street, level, actor, ...);
* ``cards``: ``(MAX_SEATS, 7)`` card codes per seat in the order dealt (two down,
  up to four up, the seventh down). When the community card is dealt (R3.4) it is
  written into every live seat's seventh slot, so ``cards[s, :7]`` is always the
  hand a seat plays with.

Players always show at showdown here: showing never costs chips, so a bot that
mucks a live hand only gives chips away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from stud.bots.observation import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    MAX_LEGAL,
    MAX_SEATS,
    O_AMOUNT,
    O_ANTE,
    O_BIG,
    O_BRING_IN,
    O_COMMUNITY,
    O_CONTRIB,
    O_DOWN,
    O_FOLDED,
    O_KIND,
    O_LEVEL,
    O_NDOWN,
    O_NLEGAL,
    O_NUP,
    O_PLAYERS,
    O_SEAT,
    O_SMALL,
    O_STACK,
    O_STREET,
    O_UP,
    O_VARIANT,
    O_WAGER,
    OBS_SIZE,
    RAISE,
    RAZZ,
    STUD,
    STUD8,
    variant_code,
)
from stud.bots.policies import RANDOM, STATION, decide
from stud.evaluation.kernels import (
    NO_LOW,
    hand_high,
    hand_low8,
    hand_razz,
    hand_showing,
    kernel_tables,
)
from stud.rules import Rules, ShortAllInRule
from stud.sim.rng import hand_start_compiled, next_below

__all__ = [
    "MAX_ACTIONS",
    "R_SIZE",
    "T_SIZE",
    "PlayedHand",
    "apply_action",
    "legal_actions",
    "observe",
    "play_chunk",
    "play_hand",
    "play_one",
    "rules_array",
    "start_hand",
]

# -- the rules (r) --------------------------------------------------------------
R_VARIANT = 0
R_ANTE = 1
R_BRING_IN = 2
R_SMALL = 3
R_BIG = 4
R_MAX_RAISES = 5
R_UNCAPPED_HU = 6
R_HALF_BET = 7
R_DEAD_ANTES = 8
R_SIZE = 9

# -- the table (t): blocks of MAX_SEATS, then single values --------------------------
T_STACK = 0
T_CONTRIB = 8
T_WAGER = 16
T_FOLDED = 24
T_ACTED = 32
T_NCARDS = 40
T_ANTE = 48  # the ante each seat posted (for dead antes)
T_START = 56  # starting stacks
T_N = 64
T_STREET = 65
T_LEVEL = 66
T_FULL_BET = 67
T_RAISES = 68
T_INCREMENT = 69
T_OPEN_PAIR = 70
T_ACTOR = 71  # -1 when the hand is over
T_SHOWDOWN_FIRST = 72
T_COMMUNITY = 73  # -1 until dealt
T_DECK_POS = 74
T_SHOWDOWN = 75  # 1 when the pot was decided by a showdown
T_SIZE = 76

# Per-hand results (one row of a results array per hand and seat).
RES_PAYOFF = 0
RES_SHOWDOWN = 1
RES_WON = 2
RES_SCOOP = 3
RES_FIELDS = 4

MAX_ACTIONS = 160
"""Actions a hand's log holds. A capped hand takes at most about 5 streets x 8
players x 5 wagers; only an uncapped heads-up war between deep stacks can take
more, and then the log says how many there were so the caller can refuse it."""


def rules_array(rules: Rules) -> npt.NDArray[np.int64]:
    """The rules as the engine's integer array."""
    r = np.zeros(R_SIZE, dtype=np.int64)
    r[R_VARIANT] = variant_code(rules)
    r[R_ANTE] = rules.ante
    r[R_BRING_IN] = rules.bring_in
    r[R_SMALL] = rules.small_bet
    r[R_BIG] = rules.big_bet
    r[R_MAX_RAISES] = rules.max_raises
    r[R_UNCAPPED_HU] = rules.uncapped_heads_up
    r[R_HALF_BET] = rules.short_all_in_rule is ShortAllInRule.HALF_BET
    r[R_DEAD_ANTES] = rules.dead_antes
    return r


# -- small questions -----------------------------------------------------------------


@njit(cache=True, inline="always")
def _can_bet(t: Any, s: int) -> bool:
    return bool(t[T_FOLDED + s] == 0 and t[T_STACK + s] > 0)


@njit(cache=True)
def _in_hand_count(t: Any) -> int:
    count = 0
    for s in range(t[T_N]):
        if t[T_FOLDED + s] == 0:
            count += 1
    return count


@njit(cache=True)
def _bettors(t: Any) -> int:
    count = 0
    for s in range(t[T_N]):
        if _can_bet(t, s):
            count += 1
    return count


@njit(cache=True)
def _nup(t: Any, s: int) -> int:
    """How many face-up cards a seat has (the door card and fourth to sixth street)."""
    n = t[T_NCARDS + s]
    if n <= 2:
        return 0
    return int(min(n, 6) - 2)


@njit(cache=True)
def _cap_reached(t: Any, r: Any) -> bool:
    if r[R_UNCAPPED_HU] and _bettors(t) == 2:
        return False
    return bool(t[T_RAISES] >= 1 + r[R_MAX_RAISES])


@njit(cache=True)
def _full_targets(t: Any, r: Any) -> tuple[int, int, int]:
    """How many street totals a full bet, completion or raise may go to now, and
    those totals in ascending order (``HandState._full_targets``)."""
    level = t[T_LEVEL]
    size = t[T_INCREMENT]
    two = t[T_OPEN_PAIR] != 0 and size == r[R_SMALL] and r[R_SMALL] < r[R_BIG]
    big = r[R_BIG]
    if t[T_FULL_BET] == 0:
        if size > level:
            if two and big > level:
                return 2, size, big
            return 1, size, 0
        if two and big > level:
            return 1, big, 0
        return 0, 0, 0
    if two:
        return 2, level + size, level + big
    return 1, level + size, 0


@njit(cache=True)
def legal_actions(t: Any, r: Any, kinds: Any, amounts: Any) -> int:
    """Write the actor's legal actions, in ``HandState.legal_actions`` order."""
    seat = t[T_ACTOR]
    stack = t[T_STACK + seat]
    if t[T_STREET] == 3 and t[T_LEVEL] == 0:
        kinds[0] = BRING_IN
        amounts[0] = 0
        if stack > r[R_BRING_IN]:
            kinds[1] = COMPLETE
            amounts[1] = min(r[R_SMALL], stack)
            return 2
        return 1
    to_call = t[T_LEVEL] - t[T_WAGER + seat]
    n = 0
    if to_call > 0:
        kinds[0] = FOLD
        amounts[0] = 0
        kinds[1] = CALL
        amounts[1] = 0
        n = 2
    else:
        kinds[0] = CHECK
        amounts[0] = 0
        n = 1
    if stack <= to_call or t[T_ACTED + seat] != 0 or _cap_reached(t, r):
        return n
    other = False
    for s in range(t[T_N]):
        if s != seat and _can_bet(t, s):
            other = True
    if not other:
        return n
    if t[T_LEVEL] == 0:
        kind = BET
    elif t[T_FULL_BET] != 0:
        kind = RAISE
    else:
        kind = COMPLETE
    most = t[T_WAGER + seat] + stack
    count, first_target, second_target = _full_targets(t, r)
    first = n
    for i in range(count):
        target = first_target if i == 0 else second_target
        kinds[n] = kind
        if target <= most:
            amounts[n] = target
            n += 1
        else:
            if n == first or amounts[n - 1] != most:  # a stack of exactly one bet: once
                amounts[n] = most  # all-in for less (R5.6)
                n += 1
            break
    return n


# -- first to act --------------------------------------------------------------------


@njit(cache=True)
def _first_who_can_bet(t: Any, seat: int) -> int:
    """``seat`` if it can bet, else the next seat clockwise that can (-1: none)."""
    n: int = t[T_N]
    for step in range(n):
        s = (seat + step) % n
        if _can_bet(t, s):
            return s
    return -1


@njit(cache=True)
def _bring_in_seat(t: Any, r: Any, cards: Any) -> int:
    """R4.1, R4.3: the lowest door card (razz: the highest, ace low) brings in."""
    best = -1
    best_key = 0
    for s in range(t[T_N]):
        if t[T_FOLDED + s]:
            continue
        code = cards[s, 2]
        if r[R_VARIANT] == RAZZ:
            rank = code // 4 + 2
            low = 1 if rank == 14 else rank
            key = -(low * 4 + code % 4)  # the highest brings in
        else:
            key = code
        if best < 0 or key < best_key:
            best = s
            best_key = key
    return _first_who_can_bet(t, best)


@njit(cache=True)
def _first_to_act(t: Any, r: Any, cards: Any) -> int:
    """R5.3: the best showing hand acts first (razz: the lowest), ties to the lowest seat."""
    lowball = r[R_VARIANT] == RAZZ
    best = -1
    best_value = 0
    for s in range(t[T_N]):
        if t[T_FOLDED + s]:
            continue
        value = hand_showing(cards[s, 2:], _nup(t, s), lowball)
        if not lowball:
            value = -value
        if best < 0 or value < best_value:
            best = s
            best_value = value
    return _first_who_can_bet(t, best)


@njit(cache=True)
def _pair_showing(t: Any, cards: Any) -> bool:
    for s in range(t[T_N]):
        if t[T_FOLDED + s]:
            continue
        nup = _nup(t, s)
        for i in range(nup):
            for j in range(i + 1, nup):
                if cards[s, 2 + i] // 4 == cards[s, 2 + j] // 4:
                    return True
    return False


# -- dealing and streets ---------------------------------------------------------------


@njit(cache=True)
def _deal_street(t: Any, cards: Any, deck: Any) -> None:
    """Deal the street's cards from the deck, one at a time clockwise (R3.2, R3.3, R3.4)."""
    n = t[T_N]
    street = t[T_STREET]
    if street == 7:
        waiting = 0
        for s in range(n):
            if t[T_FOLDED + s] == 0:
                waiting += 1
        if 52 - t[T_DECK_POS] < waiting:
            card = deck[t[T_DECK_POS]]
            t[T_DECK_POS] += 1
            t[T_COMMUNITY] = card
            for s in range(n):
                if t[T_FOLDED + s] == 0:
                    cards[s, 6] = card
            return
    rounds = 3 if street == 3 else 1
    for _ in range(rounds):
        for s in range(n):
            if t[T_FOLDED + s]:
                continue
            cards[s, t[T_NCARDS + s]] = deck[t[T_DECK_POS]]
            t[T_DECK_POS] += 1
            t[T_NCARDS + s] += 1


@njit(cache=True)
def _advance(t: Any, r: Any, cards: Any, deck: Any, tabs: Any, won: Any) -> None:
    """Deal and start streets until someone must act, or show down (R5.7)."""
    while True:
        _deal_street(t, cards, deck)
        n = t[T_N]
        street = t[T_STREET]
        for s in range(n):
            t[T_WAGER + s] = 0
            t[T_ACTED + s] = 0
        t[T_LEVEL] = 0
        t[T_FULL_BET] = 0
        t[T_RAISES] = 0
        t[T_INCREMENT] = r[R_SMALL] if street <= 4 else r[R_BIG]
        t[T_OPEN_PAIR] = street == 4 and r[R_VARIANT] == STUD and _pair_showing(t, cards)
        if _bettors(t) >= 2:
            first = _bring_in_seat(t, r, cards) if street == 3 else _first_to_act(t, r, cards)
            t[T_ACTOR] = first
            t[T_SHOWDOWN_FIRST] = first
            return
        if street == 7:
            _showdown(t, r, cards, tabs, won)
            return
        t[T_STREET] = street + 1


# -- pots ------------------------------------------------------------------------------


@njit(cache=True)
def _return_uncalled(t: Any, r: Any) -> None:
    """R6.1: the largest contributor takes back what nobody matched (dead antes,
    being everyone's, are never part of it)."""
    n = t[T_N]
    live = t[T_CONTRIB : T_CONTRIB + MAX_SEATS].copy()
    if r[R_DEAD_ANTES]:
        for s in range(n):
            live[s] -= t[T_ANTE + s]
    top = 0
    for s in range(1, n):
        if live[s] > live[top]:
            top = s
    second = -(1 << 62)
    for s in range(n):
        if s != top and live[s] > second:
            second = live[s]
    excess = live[top] - second
    if excess > 0:
        t[T_STACK + top] += excess
        t[T_CONTRIB + top] -= excess


@njit(cache=True)
def _build_pots(contrib: Any, live: Any, n: int, amounts: Any, eligible: Any, first: int) -> int:
    """Main and side pots (``pots.build_pots``), written from pot index ``first`` on."""
    levels = np.empty(MAX_SEATS, dtype=np.int64)
    count = 0
    for s in range(n):
        c = contrib[s]
        if live[s] and c > 0:
            seen = False
            for i in range(count):
                if levels[i] == c:
                    seen = True
            if not seen:
                levels[count] = c
                count += 1
    levels[:count].sort()
    pots = first
    previous = 0
    for i in range(count):
        level = levels[i]
        last = i == count - 1
        amount = 0
        for s in range(n):
            c = contrib[s]
            if c > previous:
                amount += (c if last else min(c, level)) - min(c, previous)
        if amount:
            amounts[pots] = amount
            for s in range(n):
                eligible[pots, s] = live[s] and contrib[s] >= level
            pots += 1
        previous = level
    return pots


@njit(cache=True)
def _pots(t: Any, r: Any, amounts: Any, eligible: Any) -> int:
    """Every pot of the showdown, main first (R6.3), dead antes as ``Rules`` says."""
    n = t[T_N]
    live = np.zeros(MAX_SEATS, dtype=np.bool_)
    for s in range(n):
        live[s] = t[T_FOLDED + s] == 0
    contrib = t[T_CONTRIB : T_CONTRIB + MAX_SEATS].copy()
    if not r[R_DEAD_ANTES]:
        return _build_pots(contrib, live, n, amounts, eligible, 0)
    money = 0
    for s in range(n):
        contrib[s] -= t[T_ANTE + s]
        money += t[T_ANTE + s]
    count = _build_pots(contrib, live, n, amounts, eligible, 1)
    if count > 1:
        everyone = True
        for s in range(n):
            if eligible[1, s] != live[s]:
                everyone = False
        if everyone:
            amounts[1] += money
            amounts[0 : count - 1] = amounts[1:count]
            eligible[0 : count - 1] = eligible[1:count]
            return count - 1
    if money:
        amounts[0] = money
        for s in range(n):
            eligible[0, s] = live[s]
        return count
    amounts[0 : count - 1] = amounts[1:count]
    eligible[0 : count - 1] = eligible[1:count]
    return count - 1


@njit(cache=True)
def _share_out(amount: int, winners: Any, nw: int, keys: Any, ascending: bool, won: Any) -> None:
    """Equal shares, odd chips one each in card order (R7.2, R7.4)."""
    order = winners[:nw].copy()
    # Insertion sort by key (no two players hold the same card, so keys differ).
    for i in range(1, nw):
        j = i
        while j > 0 and (
            (keys[order[j]] < keys[order[j - 1]])
            if ascending
            else (keys[order[j]] > keys[order[j - 1]])
        ):
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1
    base = amount // nw
    odd = amount - base * nw
    for i in range(nw):
        won[order[i]] += base + (1 if i < odd else 0)


@njit(cache=True)
def _showdown(t: Any, r: Any, cards: Any, tabs: Any, won: Any) -> None:
    """R6.2 to R7.4: every player still in shows; award every pot, main first."""
    _return_uncalled(t, r)
    n = t[T_N]
    variant = r[R_VARIANT]
    high = np.zeros(MAX_SEATS, dtype=np.int64)
    low = np.zeros(MAX_SEATS, dtype=np.int64)
    high_card = np.zeros(MAX_SEATS, dtype=np.int64)
    low_card = np.zeros(MAX_SEATS, dtype=np.int64)
    for s in range(n):
        if t[T_FOLDED + s]:
            continue
        hand = cards[s, :7]
        own = 6 if t[T_COMMUNITY] >= 0 else 7
        hc = -1
        lc = 1 << 30
        for i in range(own):
            code = cards[s, i]
            hc = max(hc, code)
            rank = code // 4 + 2
            lowrank = 1 if rank == 14 else rank
            lc = min(lc, lowrank * 4 + code % 4)
        high_card[s] = hc
        low_card[s] = lc
        if variant == RAZZ:
            low[s] = hand_razz(hand, tabs)
        else:
            high[s] = hand_high(hand, tabs)
            low[s] = hand_low8(hand, tabs) if variant == STUD8 else NO_LOW
    amounts = np.zeros(MAX_SEATS + 1, dtype=np.int64)
    eligible = np.zeros((MAX_SEATS + 1, MAX_SEATS), dtype=np.bool_)
    pots = _pots(t, r, amounts, eligible)
    won[:] = 0
    hi = np.empty(MAX_SEATS, dtype=np.int64)
    lo = np.empty(MAX_SEATS, dtype=np.int64)
    for p in range(pots):
        amount = amounts[p]
        best_high = -1
        best_low = NO_LOW
        for s in range(n):
            if eligible[p, s]:
                if variant != RAZZ and high[s] > best_high:
                    best_high = high[s]
                best_low = min(best_low, low[s])
        nh = 0
        nl = 0
        for s in range(n):
            if eligible[p, s]:
                if variant != RAZZ and high[s] == best_high:
                    hi[nh] = s
                    nh += 1
                if best_low != NO_LOW and low[s] == best_low:
                    lo[nl] = s
                    nl += 1
        if variant == RAZZ:
            _share_out(amount, lo, nl, low_card, True, won)
        elif variant != STUD8 or nl == 0:
            _share_out(amount, hi, nh, high_card, False, won)
        else:
            same = nh == nl
            if same:
                for i in range(nh):
                    if hi[i] != lo[i]:
                        same = False
            if same:
                _share_out(amount, hi, nh, high_card, False, won)
            else:
                low_half = amount // 2
                _share_out(amount - low_half, hi, nh, high_card, False, won)
                _share_out(low_half, lo, nl, low_card, True, won)
    for s in range(n):
        t[T_STACK + s] += won[s]
        t[T_CONTRIB + s] = 0
        t[T_WAGER + s] = 0
    t[T_ACTOR] = -1
    t[T_SHOWDOWN] = 1


@njit(cache=True)
def _finish(t: Any, r: Any, won: Any) -> None:
    """R6.1: everyone else folded; the last player takes the pot without showing."""
    _return_uncalled(t, r)
    n = t[T_N]
    pot = 0
    for s in range(n):
        pot += t[T_CONTRIB + s]
    won[:] = 0
    for s in range(n):
        if t[T_FOLDED + s] == 0:
            t[T_STACK + s] += pot
            won[s] = pot
        t[T_CONTRIB + s] = 0
        t[T_WAGER + s] = 0
    t[T_ACTOR] = -1
    t[T_SHOWDOWN] = 0


# -- actions ---------------------------------------------------------------------------


@njit(cache=True)
def _next_to_act(t: Any, seat: int) -> int:
    """R5.1: the next player clockwise who still owes an action this round, or -1."""
    n: int = t[T_N]
    bettors = _bettors(t)
    for step in range(1, n + 1):
        s = (seat + step) % n
        if not _can_bet(t, s):
            continue
        if t[T_WAGER + s] < t[T_LEVEL] or (t[T_ACTED + s] == 0 and bettors >= 2):
            return s
    return -1


@njit(cache=True)
def apply_action(
    t: Any, r: Any, cards: Any, deck: Any, kind: int, amount: int, tabs: Any, won: Any
) -> None:
    """The actor's (legal) action, then everything up to the next decision (R4 to R7)."""
    seat = t[T_ACTOR]
    stack = t[T_STACK + seat]
    t[T_ACTED + seat] = 1
    put = 0
    if kind == FOLD:
        t[T_FOLDED + seat] = 1
    elif kind == CALL:
        put = min(t[T_LEVEL] - t[T_WAGER + seat], stack)
    elif kind == BRING_IN:
        put = min(r[R_BRING_IN], stack)
        t[T_LEVEL] = r[R_BRING_IN]  # R4.3: a short bring-in still sets the wager
    elif kind != CHECK:
        to = amount
        level = t[T_LEVEL]
        put = to - t[T_WAGER + seat]
        smallest = _full_targets(t, r)[1]
        full = to >= smallest
        if not full and r[R_HALF_BET]:
            # R5.6: a short all-in of at least half an increment counts as full; a
            # completion is measured from the bring-in, whoever makes it.
            base = max(r[R_BRING_IN], level) if t[T_STREET] == 3 else level
            full = 2 * (to - base) >= smallest - base
        if full:
            for s in range(t[T_N]):
                t[T_ACTED + s] = 0
            t[T_ACTED + seat] = 1
            size = to - level if t[T_FULL_BET] else to
            t[T_FULL_BET] = 1
            t[T_RAISES] += 1
            if t[T_OPEN_PAIR] and size >= r[R_BIG]:
                t[T_INCREMENT] = r[R_BIG]  # R5.5
        t[T_LEVEL] = to
        t[T_SHOWDOWN_FIRST] = seat
    t[T_STACK + seat] = stack - put
    t[T_WAGER + seat] += put
    t[T_CONTRIB + seat] += put
    if _in_hand_count(t) == 1:
        _finish(t, r, won)
        return
    following = _next_to_act(t, seat)
    if following >= 0:
        t[T_ACTOR] = following
        return
    if t[T_STREET] == 7:
        _showdown(t, r, cards, tabs, won)
        return
    t[T_STREET] += 1
    _advance(t, r, cards, deck, tabs, won)


@njit(cache=True)
def start_hand(t: Any, r: Any, cards: Any, deck: Any, stacks: Any, tabs: Any, won: Any) -> None:
    """Post the antes (R3.1) and deal third street; the bring-in is then to act."""
    n = stacks.shape[0]
    t[:] = 0
    cards[:] = -1
    t[T_N] = n
    for s in range(n):
        ante = min(r[R_ANTE], stacks[s])
        t[T_START + s] = stacks[s]
        t[T_ANTE + s] = ante
        t[T_STACK + s] = stacks[s] - ante
        t[T_CONTRIB + s] = ante
    t[T_STREET] = 3
    t[T_COMMUNITY] = -1
    t[T_ACTOR] = -1
    _advance(t, r, cards, deck, tabs, won)


@njit(cache=True)
def observe(t: Any, r: Any, cards: Any, kinds: Any, amounts: Any, nlegal: int, obs: Any) -> None:
    """What the actor may see, in ``stud.bots.observation``'s layout (R8.4)."""
    seat = t[T_ACTOR]
    n = t[T_N]
    obs[:] = 0
    obs[O_SEAT] = seat
    obs[O_PLAYERS] = n
    obs[O_STREET] = t[T_STREET]
    obs[O_LEVEL] = t[T_LEVEL]
    obs[O_VARIANT] = r[R_VARIANT]
    obs[O_ANTE] = r[R_ANTE]
    obs[O_BRING_IN] = r[R_BRING_IN]
    obs[O_SMALL] = r[R_SMALL]
    obs[O_BIG] = r[R_BIG]
    obs[O_COMMUNITY] = t[T_COMMUNITY]
    own_seventh = t[T_NCARDS + seat] == 7
    obs[O_NDOWN] = 3 if own_seventh else 2
    obs[O_DOWN] = cards[seat, 0]
    obs[O_DOWN + 1] = cards[seat, 1]
    obs[O_DOWN + 2] = cards[seat, 6] if own_seventh else -1
    obs[O_NLEGAL] = nlegal
    for i in range(nlegal):
        obs[O_KIND + i] = kinds[i]
        obs[O_AMOUNT + i] = amounts[i]
    for s in range(n):
        obs[O_STACK + s] = t[T_STACK + s]
        obs[O_WAGER + s] = t[T_WAGER + s]
        obs[O_CONTRIB + s] = t[T_CONTRIB + s]
        obs[O_FOLDED + s] = t[T_FOLDED + s]
    for s in range(MAX_SEATS):
        nup = _nup(t, s) if s < n else 0
        obs[O_NUP + s] = nup
        for i in range(4):
            obs[O_UP + 4 * s + i] = cards[s, 2 + i] if i < nup else -1


@njit(cache=True)
def _shuffle(deck: Any, state: Any) -> None:
    """A fresh deck in code order, then Fisher-Yates from the hand's stream."""
    for i in range(52):
        deck[i] = i
    for i in range(51, 0, -1):
        j = next_below(state, i + 1)
        deck[i], deck[j] = deck[j], deck[i]


@njit(cache=True)
def play_hand(
    r: Any,
    stacks: Any,
    policies: Any,
    state: Any,
    deck: Any,
    tabs: Any,
    t: Any,
    cards: Any,
    won: Any,
    log: Any,
    obs_log: Any,
) -> int:
    """Play one hand from ``deck`` with seat ``s`` played by policy ``policies[s]``.

    Choices draw from the stream ``state``. When ``log`` has rows, each action is
    written there as (seat, kind, amount, number of legal actions); when
    ``obs_log`` has rows, so is what the actor saw. Returns the number of actions.
    """
    kinds = np.empty(MAX_LEGAL, dtype=np.int64)
    amounts = np.empty(MAX_LEGAL, dtype=np.int64)
    obs = np.empty(OBS_SIZE, dtype=np.int64)
    start_hand(t, r, cards, deck, stacks, tabs, won)
    actions = 0
    while t[T_ACTOR] >= 0:
        nlegal = legal_actions(t, r, kinds, amounts)
        seat = t[T_ACTOR]
        policy = policies[seat]
        if policy == RANDOM:
            choice = next_below(state, nlegal)
        elif policy == STATION:
            choice = 0
            for i in range(nlegal):
                if kinds[i] == CHECK or kinds[i] == CALL or kinds[i] == BRING_IN:
                    choice = i
                    break
        else:
            observe(t, r, cards, kinds, amounts, nlegal, obs)
            choice = decide(policy, obs, state, tabs)
        if actions < obs_log.shape[0]:
            observe(t, r, cards, kinds, amounts, nlegal, obs_log[actions])
        if actions < log.shape[0]:
            log[actions, 0] = seat
            log[actions, 1] = kinds[choice]
            log[actions, 2] = amounts[choice]
            log[actions, 3] = nlegal
        actions += 1
        apply_action(t, r, cards, deck, kinds[choice], amounts[choice], tabs, won)
    return actions


# -- many hands --------------------------------------------------------------------------

# Per lineup position: the totals a simulation reports.
S_HANDS = 0
S_NET = 1
S_NET_SQ = 2
S_SHOWDOWNS = 3
S_WINS = 4
S_SCOOPS = 5
S_FIELDS = 6


@njit(cache=True)
def play_chunk(
    r: Any,
    stacks: Any,
    lineup: Any,
    seed: Any,
    first: int,
    count: int,
    tabs: Any,
    stats: Any,
    series: Any,
    decks: Any,
    logs: Any,
    lengths: Any,
) -> None:
    """Play hands ``first .. first + count - 1`` of a simulation and add up the results.

    Seats rotate: in hand ``i`` seat ``s`` is played by lineup position
    ``(s + i) % n``, whose policy is ``lineup[(s + i) % n]``. Each hand draws from
    its own stream ``hand_start(seed, i)``, so a hand never depends on the chunk it
    is in. ``stats`` (one row per lineup position, ``S_*``) is added to; ``series``
    (when it has rows) gets each hand's net result per position, and ``decks``,
    ``logs`` and ``lengths`` (when they have rows) each hand's deck and actions.
    """
    n = stacks.shape[0]
    t = np.zeros(T_SIZE, dtype=np.int64)
    cards = np.zeros((MAX_SEATS, 7), dtype=np.int64)
    won = np.zeros(MAX_SEATS, dtype=np.int64)
    deck = np.empty(52, dtype=np.uint8)
    state = np.zeros(1, dtype=np.uint64)
    policies = np.empty(n, dtype=np.int64)
    position = np.empty(n, dtype=np.int64)
    no_log = np.zeros((0, 4), dtype=np.int64)
    no_obs = np.zeros((0, OBS_SIZE), dtype=np.int64)
    for k in range(count):
        index = first + k
        state[0] = hand_start_compiled(seed, index)
        for s in range(n):
            position[s] = (s + index) % n
            policies[s] = lineup[position[s]]
        _shuffle(deck, state)
        if k < decks.shape[0]:
            decks[k, :] = deck
            length = play_hand(
                r, stacks, policies, state, deck, tabs, t, cards, won, logs[k], no_obs
            )
            lengths[k] = length
        else:
            play_hand(r, stacks, policies, state, deck, tabs, t, cards, won, no_log, no_obs)
        total_won = 0
        for s in range(n):
            total_won += won[s]
        for s in range(n):
            p = position[s]
            net = t[T_STACK + s] - stacks[s]
            stats[p, S_HANDS] += 1
            stats[p, S_NET] += net
            stats[p, S_NET_SQ] += net * net
            if t[T_SHOWDOWN] and t[T_FOLDED + s] == 0:
                stats[p, S_SHOWDOWNS] += 1
                if won[s] == total_won and total_won > 0:
                    stats[p, S_SCOOPS] += 1
            if won[s] > 0:
                stats[p, S_WINS] += 1
            if k < series.shape[0]:
                series[k, p] = net


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One hand the compiled engine played, with everything needed to check it."""

    deck: npt.NDArray[np.uint8]
    """The deck order, top first (card codes)."""
    actions: npt.NDArray[np.int64]
    """One row per action: seat, kind code, amount, number of legal actions."""
    observations: npt.NDArray[np.int64]
    """What the actor saw before each action (``stud.bots.observation`` layout)."""
    final_stacks: tuple[int, ...]
    community: int
    """The community card's code, or -1 (R3.4)."""


def play_one(
    rules: Rules,
    stacks: Sequence[int],
    policies: Sequence[int],
    start: int,
    deck: Sequence[int] | None = None,
    max_actions: int = 4 * MAX_ACTIONS,
) -> PlayedHand:
    """Play one hand from stream state ``start``, shuffling unless ``deck`` is given.

    For tests and tools; simulations call ``play_chunk``. A hand with more than
    ``max_actions`` actions (an uncapped heads-up raising war) is refused.
    """
    r = rules_array(rules)
    state = np.array([start], dtype=np.uint64)
    order = np.empty(52, dtype=np.uint8)
    if deck is None:
        _shuffle(order, state)
    else:
        order[:] = deck
    t = np.zeros(T_SIZE, dtype=np.int64)
    cards = np.zeros((MAX_SEATS, 7), dtype=np.int64)
    won = np.zeros(MAX_SEATS, dtype=np.int64)
    log = np.zeros((max_actions, 4), dtype=np.int64)
    seen = np.zeros((max_actions, OBS_SIZE), dtype=np.int64)
    count = play_hand(
        r,
        np.array(stacks, dtype=np.int64),
        np.array(policies, dtype=np.int64),
        state,
        order,
        kernel_tables(),
        t,
        cards,
        won,
        log,
        seen,
    )
    if count > max_actions:
        raise ValueError(f"the hand took {count} actions, more than {max_actions}")
    n = len(stacks)
    return PlayedHand(
        deck=order,
        actions=log[:count].copy(),
        observations=seen[:count].copy(),
        final_stacks=tuple(int(x) for x in t[T_STACK : T_STACK + n]),
        community=int(t[T_COMMUNITY]),
    )
