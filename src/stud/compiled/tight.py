"""The tight bot's policy: stud starting-hand rules and made-hand tiers, compiled.

The policy grades its hand on a four-step scale and then acts by the scale:

* ``3`` strong: bet, complete or raise whenever it may;
* ``2`` good: call, and bet when checked to after third street; give up early
  against two raises;
* ``1`` speculative: take a free card or call a cheap one (the bring-in on third
  street, later a bet when the pot pays four to one), never raise;
* ``0`` weak: check if free, otherwise fold.

Third street follows the starting-hand rules stud players learn first. In stud:
rolled-up trips, big pairs (tens or better) and pairs higher than every live door
card, live three-flushes and three-straights; a hand is "dead" when the cards it
needs are showing in other hands. In stud eight-or-better: three low cards (strong
with an ace, five-high, or suited or connected so that they can scoop with a flush
or straight), aces, rolled-up trips, low pairs with a low card; high pairs are worth
a bring-in at most, since they rarely scoop; later, a low draw that is also a
flush or straight draw plays as a strong hand. In razz:
three cards to an eight, better with a low door card against higher ones.

Later streets grade the made hand (with the compiled evaluators once there are five
cards) and the draws, and drop a grade when an opponent's face-up cards alone beat
everything this hand can show (in razz: a better unpaired board).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from stud.bots.observation import (
    O_BIG,
    O_DOWN,
    O_FOLDED,
    O_LEVEL,
    O_NUP,
    O_PLAYERS,
    O_SEAT,
    O_SMALL,
    O_STREET,
    O_UP,
    O_VARIANT,
    RAZZ,
    STUD8,
)
from stud.compiled.evaluation import NO_LOW, hand_high, hand_low8, hand_razz, hand_showing
from stud.compiled.features import (
    AGGRESSIVE,
    CALLING,
    PASSIVE,
    act,
    my_cards,
    pot,
    rank_of,
    to_call,
)

__all__ = ["tight_choice"]


@njit(cache=True, inline="always")
def _low_rank(code: int) -> int:
    rank = code // 4 + 2
    return 1 if rank == 14 else rank


@njit(cache=True, inline="always")
def _lows(cards: Any, n: int) -> Any:
    """Which low ranks (1 for the ace, up to 8) the first ``n`` cards hold."""
    lows = np.zeros(9, dtype=np.bool_)
    for i in range(n):
        low = _low_rank(cards[i])
        if low <= 8:
            lows[low] = True
    return lows


@njit(cache=True)
def _up_cards(obs: Any, seat: int, out: Any) -> int:
    nup: int = obs[O_NUP + seat]
    for i in range(nup):
        out[i] = obs[O_UP + 4 * seat + i]
    return nup


@njit(cache=True)
def _third_stud(cards: Any, rank_seen: Any, suit_seen: Any, max_door: int) -> int:
    r0, r1, r2 = rank_of(cards[0]), rank_of(cards[1]), rank_of(cards[2])
    if r0 == r1 == r2:
        return 3
    if r0 in (r1, r2) or r1 == r2:
        pair = r0 if r0 in (r1, r2) else r1
        kicker = r0 + r1 + r2 - 2 * pair
        dead = rank_seen[pair]
        if dead >= 2:
            return 1 if pair >= 12 else 0
        if pair >= 10:
            return 3 if dead == 0 or pair >= 13 else 2
        if pair > max_door:
            return 2
        if kicker >= 12 and dead == 0:
            return 1
        return 0
    s0, s1, s2 = cards[0] % 4, cards[1] % 4, cards[2] % 4
    if s0 == s1 == s2:
        if suit_seen[s0] <= 2:
            return 2 if max(r0, r1, r2) >= 11 else 1
        return 1 if suit_seen[s0] <= 3 else 0
    top = max(r0, r1, r2)
    bottom = min(r0, r1, r2)
    if top - bottom <= 4 or (
        top == 14 and max(r0 if r0 < 14 else 0, r1 if r1 < 14 else 0, r2 if r2 < 14 else 0) <= 5
    ):
        # Three to a straight: live when few of the ranks that fill it are showing.
        needed = 0
        for rank in range(max(2, bottom - 1), min(14, top + 1) + 1):
            if rank not in (r0, r1, r2):
                needed += rank_seen[rank]
        return 1 if needed <= 3 and top >= 8 else 0
    return 0


@njit(cache=True)
def _third_stud8(cards: Any, rank_seen: Any) -> int:
    r0, r1, r2 = rank_of(cards[0]), rank_of(cards[1]), rank_of(cards[2])
    if r0 == r1 == r2:
        return 3
    low0, low1, low2 = _low_rank(cards[0]), _low_rank(cards[1]), _low_rank(cards[2])
    distinct = low0 not in (low1, low2) and low1 != low2
    if distinct and max(low0, low1, low2) <= 8:
        top = max(low0, low1, low2)
        strength = 1
        suited = cards[0] % 4 == cards[1] % 4 == cards[2] % 4
        connected = top - min(low0, low1, low2) <= 4
        if min(low0, low1, low2) == 1 or top <= 5 or suited or connected:
            strength = 3  # a strong low, or one that can make a straight or flush: scoops
        elif top <= 7:
            strength = 2
        lows_out = 0
        for rank in range(2, 9):
            lows_out += rank_seen[rank]
        lows_out += rank_seen[14]
        if lows_out >= 6:
            strength -= 1  # the low cards this hand needs are going fast
        return strength
    if not distinct:
        pair = low0 if low0 in (low1, low2) else low1
        kicker = low0 + low1 + low2 - 2 * pair
        if pair == 1:
            return 3
        if pair <= 8 and kicker <= 8:
            return 1
        return 1 if pair >= 11 and rank_seen[pair] == 0 else 0
    return 0


@njit(cache=True)
def _third_razz(cards: Any, obs: Any) -> int:
    low0, low1, low2 = _low_rank(cards[0]), _low_rank(cards[1]), _low_rank(cards[2])
    if low0 in (low1, low2) or low1 == low2:
        return 0
    top = max(low0, low1, low2)
    if top > 8:
        return 0
    strength = 3 if top <= 5 else 2 if top <= 7 else 1
    seat = obs[O_SEAT]
    mine = _low_rank(obs[O_UP + 4 * seat])
    lowest = True
    for s in range(obs[O_PLAYERS]):
        if s != seat and obs[O_FOLDED + s] == 0 and _low_rank(obs[O_UP + 4 * s]) <= mine:
            lowest = False
    if lowest and strength < 3:
        strength += 1  # the lowest door card: every higher board must respect it
    return strength


@njit(cache=True)
def _draws(cards: Any, n: int, suit_seen: Any) -> tuple[bool, bool]:
    """Four to a live flush; four to a straight (open or gutshot)."""
    suits = np.zeros(4, dtype=np.int64)
    present = np.zeros(15, dtype=np.bool_)
    for i in range(n):
        suits[cards[i] % 4] += 1
        rank = rank_of(cards[i])
        present[rank] = True
        if rank == 14:
            present[1] = True
    flush = False
    for s in range(4):
        if suits[s] == 4 and suit_seen[s] <= 4:
            flush = True
    straight = False
    for low in range(1, 11):
        inside = 0
        for rank in range(low, low + 5):
            if present[rank]:
                inside += 1
        if inside >= 4:
            straight = True
    return flush, straight


@njit(cache=True)
def _later_stud(cards: Any, n: int, street: int, suit_seen: Any, tabs: Any) -> int:
    if n >= 5:
        value = hand_high(cards[:n].astype(np.uint8), tabs)
        category = value >> 20
        top = (value >> 16) & 15
    else:
        grouped = hand_showing(cards, n, False)
        category = (grouped >> 20) if (grouped >> 20) < 4 else 3
        top = (grouped >> 16) & 15
    if category >= 3:
        return 3
    if category == 2:
        return 3 if top >= 10 and street <= 5 else 2
    if category == 1:
        if top >= 10:
            return 2
        return 1 if street <= 5 else 1 if top >= 7 else 0
    if street <= 6:
        flush, straight = _draws(cards, n, suit_seen)
        if flush:
            return 2 if street == 4 else 1
        if straight:
            return 1
    return 0


@njit(cache=True)
def _later_stud8(cards: Any, n: int, street: int, suit_seen: Any, tabs: Any) -> int:
    lows = _lows(cards, n)
    low_count = 0
    for rank in range(1, 9):
        low_count += lows[rank]
    category = 0
    top = 0
    made_low = NO_LOW
    if n >= 5:
        hand = cards[:n].astype(np.uint8)
        value = hand_high(hand, tabs)
        category = value >> 20
        top = (value >> 16) & 15
        made_low = hand_low8(hand, tabs)
    else:
        grouped = hand_showing(cards, n, False)
        category = min(grouped >> 20, 3)
        top = (grouped >> 16) & 15
    if made_low != NO_LOW:
        low_top = made_low >> 16
        if low_top <= 6 or category >= 4:
            return 3
        return 2 if street <= 6 or low_top <= 7 else 1
    if category >= 3:
        return 3
    if category == 2:
        return 2
    if low_count >= 4:
        if street <= 5:
            flush, straight = _draws(cards, n, suit_seen)
            return 3 if flush or straight else 2  # drawing to both halves: a scoop
        return 1
    if category == 1 and top == 14:
        return 2
    if category == 1 or low_count == 3:
        return 1 if street <= 5 else 0
    return 0


@njit(cache=True)
def _later_razz(cards: Any, n: int, street: int, tabs: Any) -> int:
    if n >= 5:
        value = hand_razz(cards[:n].astype(np.uint8), tabs)
        if value >> 20:
            return 0
        top = (value >> 16) & 15
        if top <= 7:
            return 3
        if top == 8:
            return 2
        return 1 if top <= 10 and street <= 6 else 0
    lows = _lows(cards, n)
    count = 0
    top = 0
    for rank in range(1, 9):
        if lows[rank]:
            count += 1
            top = rank
    if count == 4:
        return 3 if top <= 6 else 2
    return 1 if count == 3 else 0


@njit(cache=True)
def _board_threat(obs: Any, cards: Any, n: int, variant: int) -> int:
    """-1 when an opponent's face-up cards beat this hand's, +1 when none come close."""
    seat = obs[O_SEAT]
    up = np.empty(4, dtype=np.int64)
    if variant == RAZZ:
        nup = _up_cards(obs, seat, up)
        mine = hand_showing(up, nup, True)
        better = False
        best_board = True
        for s in range(obs[O_PLAYERS]):
            if s == seat or obs[O_FOLDED + s]:
                continue
            theirs = hand_showing(up, _up_cards(obs, s, up), True)
            if theirs < mine and theirs >> 20 == 0:
                better = True
            if theirs <= mine:
                best_board = False
        return -1 if better else 1 if best_board else 0
    mine = hand_showing(cards, n, False)
    for s in range(obs[O_PLAYERS]):
        if s == seat or obs[O_FOLDED + s]:
            continue
        theirs = hand_showing(up, _up_cards(obs, s, up), False)
        if theirs >> 20 > 0 and theirs > mine:
            return -1
    return 0


@njit(cache=True)
def _stance(obs: Any, strength: int) -> int:
    street = obs[O_STREET]
    owed = to_call(obs)
    increment = obs[O_SMALL] if street <= 4 else obs[O_BIG]
    heavy = obs[O_LEVEL] >= 3 * increment
    if strength >= 3:
        return act(obs, AGGRESSIVE)
    if strength == 2:
        if owed == 0:
            return act(obs, AGGRESSIVE if street >= 4 else CALLING)
        if heavy and street <= 4:
            return act(obs, PASSIVE)
        return act(obs, CALLING)
    if strength == 1:
        if owed == 0:
            return act(obs, CALLING)
        if street == 3:
            return act(obs, CALLING if obs[O_LEVEL] < obs[O_SMALL] else PASSIVE)
        if 4 * owed <= pot(obs) and not heavy:
            return act(obs, CALLING)
    return act(obs, PASSIVE)


@njit(cache=True)
def tight_choice(obs: Any, state: Any, tabs: Any) -> int:
    """The tight bot's choice: the index of a legal action (``state`` is not needed:
    the policy is deterministic)."""
    variant = obs[O_VARIANT]
    street = obs[O_STREET]
    seat = obs[O_SEAT]
    cards = np.empty(8, dtype=np.int64)
    n = my_cards(obs, cards)
    rank_seen = np.zeros(15, dtype=np.int64)
    suit_seen = np.zeros(4, dtype=np.int64)
    max_door = 0
    for s in range(obs[O_PLAYERS]):
        if s == seat:
            continue
        for i in range(obs[O_NUP + s]):
            code = obs[O_UP + 4 * s + i]
            rank_seen[rank_of(code)] += 1
            suit_seen[code % 4] += 1
        if obs[O_FOLDED + s] == 0 and obs[O_NUP + s] > 0:
            max_door = max(max_door, rank_of(obs[O_UP + 4 * s]))
    if street == 3:
        third = np.empty(3, dtype=np.int64)
        third[0] = obs[O_DOWN]
        third[1] = obs[O_DOWN + 1]
        third[2] = obs[O_UP + 4 * seat]
        if variant == RAZZ:
            strength = _third_razz(third, obs)
        elif variant == STUD8:
            strength = _third_stud8(third, rank_seen)
        else:
            strength = _third_stud(third, rank_seen, suit_seen, max_door)
        return _stance(obs, strength)
    if variant == RAZZ:
        strength = _later_razz(cards, n, street, tabs)
    elif variant == STUD8:
        strength = _later_stud8(cards, n, street, suit_seen, tabs)
    else:
        strength = _later_stud(cards, n, street, suit_seen, tabs)
    if variant == RAZZ or strength < 3:
        strength = max(0, min(3, strength + _board_threat(obs, cards, n, variant)))
    return _stance(obs, strength)
