"""Local best response (Lisý and Bowling 2017) against a compiled bot, heads-up.

A best response to a stud bot cannot be computed exactly: the game is far too large.
A local best response is a lower bound on what one would win: at each of its
decisions it keeps the bot's *range* (what the bot's face-down cards may be, weighted
by how likely the bot was to act as it did with them) and picks the action with the
largest expected value against that range, as if no more betting followed:

* fold: 0 (what is in the pot is spent);
* check, call or bring in, putting in ``c``: ``w (pot + c) - c``, with ``w`` the
  share of the pot it wins at the showdown against the range (run-outs);
* bet or raise, putting in ``c`` to which the bot must add ``m``:
  ``f pot + (1 - f) (w' (pot + c + m) - c)``, with ``f`` the chance the bot folds
  to it (the bot's own policy asked, for each hand of the range, in the position
  after the raise) and ``w'`` the share against the hands that call.

The range is a set of particles, each a guess of the bot's face-down cards drawn
from the cards the responder has not seen; after each of the bot's actions a
particle's weight is multiplied by 1 when the bot's policy, given that particle's
cards in the bot's real position, takes the same stance (fold, check or call, bet
or raise), else by ``MISMATCH``. A particle whose card turns up face up on a later
street draws another unseen card in its place, and each draws a third face-down card
on seventh street. The responder sees only what its seat may see (R8.4): its own
cards, the face-up cards and the betting; the bot plays its real hand.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from stud.bots.observation import O_DOWN, O_NDOWN
from stud.bots.observation import OBS_SIZE as BOT_OBS_SIZE
from stud.compiled.engine import (
    T_ACTOR,
    T_CONTRIB,
    T_LEVEL,
    T_NCARDS,
    T_SIZE,
    T_STACK,
    T_WAGER,
    apply_action,
    bot_choice,
    legal_actions,
    observe_table,
    shuffle,
    start_hand,
)
from stud.compiled.equity_bot import first_share, unseen_cards
from stud.compiled.policies import decide
from stud.compiled.rng import hand_start_compiled, next_below
from stud.core.codes import (
    BRING_IN,
    CALL,
    CHECK,
    FOLD,
    MAX_LEGAL,
    R_BRING_IN,
    R_VARIANT,
)
from stud.rules import MAX_SEATS

__all__ = ["MISMATCH", "lbr_duplicate"]

MISMATCH = 0.1
"""A particle's weight factor when the bot, holding it, would have taken another stance."""


@njit(cache=True)
def _stance(kind: int) -> int:
    if kind == FOLD:
        return 0
    if kind in (CHECK, CALL, BRING_IN):
        return 1
    return 2


@njit(cache=True)
def _seen_by(t: Any, cards: Any, me: int, other: int, hidden: Any, nhidden: int) -> Any:
    """The cards the responder knows of, with one particle's guess of the bot's."""
    seen = np.zeros(52, dtype=np.bool_)
    for i in range(t[T_NCARDS + me]):
        seen[cards[me, i]] = True
    nup = min(t[T_NCARDS + other], 6) - 2
    for i in range(max(nup, 0)):
        seen[cards[other, 2 + i]] = True
    for i in range(nhidden):
        if hidden[i] >= 0:
            seen[hidden[i]] = True
    return seen


@njit(cache=True)
def _draw_unseen(seen: Any, state: Any) -> int:
    left = 52 - seen.sum()
    k = next_below(state, left)
    for code in range(52):
        if not seen[code]:
            if k == 0:
                return code
            k -= 1
    return -1


@njit(cache=True)
def _refresh_particles(t: Any, cards: Any, me: int, other: int, hidden: Any, state: Any) -> None:
    """Particles drawn again where a card of theirs turned up, and a third face-down card
    for each once the bot has seven cards."""
    need = 3 if t[T_NCARDS + other] == 7 else 2
    for k in range(hidden.shape[0]):
        for i in range(need):
            card = hidden[k, i]
            clash = card < 0
            if not clash:
                for j in range(t[T_NCARDS + me]):
                    clash = clash or cards[me, j] == card
                nup = min(t[T_NCARDS + other], 6) - 2
                for j in range(max(nup, 0)):
                    clash = clash or cards[other, 2 + j] == card
            if clash:
                hidden[k, i] = -1
                seen = _seen_by(t, cards, me, other, hidden[k], 3)
                hidden[k, i] = _draw_unseen(seen, state)


@njit(cache=True)
def _bot_view(
    t: Any, r: Any, cards: Any, kinds: Any, amounts: Any, nlegal: int, obs: Any, hidden: Any
) -> None:
    """The bot's observation in its real position, holding a particle's face-down cards."""
    observe_table(t, r, cards, kinds, amounts, nlegal, obs)
    for i in range(obs[O_NDOWN]):
        obs[O_DOWN + i] = hidden[i]


@njit(cache=True)
def _share(
    t: Any, r: Any, cards: Any, me: int, other: int, hidden: Any, tabs: Any, state: Any, runs: int
) -> float:
    """The responder's average share of the pot against one particle, over ``runs`` run-outs."""
    hands = np.empty((2, 7), dtype=np.uint8)
    known = np.zeros(2, dtype=np.int64)
    for i in range(t[T_NCARDS + me]):
        hands[0, i] = cards[me, i]
    known[0] = t[T_NCARDS + me]
    nup = max(min(t[T_NCARDS + other], 6) - 2, 0)
    ndown = 3 if t[T_NCARDS + other] == 7 else 2
    for i in range(ndown):
        hands[1, i] = hidden[i]
    for i in range(nup):
        hands[1, ndown + i] = cards[other, 2 + i]
    known[1] = ndown + nup
    unseen, m = unseen_cards(_seen_by(t, cards, me, other, hidden, ndown))
    need = (7 - known[0]) + (7 - known[1])
    variant = r[R_VARIANT]
    high = np.empty(2, dtype=np.int64)
    low = np.empty(2, dtype=np.int64)
    high_share = np.empty(2, dtype=np.int64)
    low_share = np.empty(2, dtype=np.int64)
    total = 0.0
    for _ in range(runs):
        for i in range(need):
            j = i + next_below(state, m - i)
            unseen[i], unseen[j] = unseen[j], unseen[i]
        drawn = 0
        for p in range(2):
            for slot in range(known[p], 7):
                hands[p, slot] = unseen[drawn]
                drawn += 1
        total += first_share(hands, 2, variant, tabs, high, low, high_share, low_share)
    return total / runs


@njit(cache=True)
def _respond(
    t: Any,
    r: Any,
    cards: Any,
    deck: Any,
    kinds: Any,
    amounts: Any,
    nlegal: int,
    policy: int,
    hidden: Any,
    weight: Any,
    tabs: Any,
    won: Any,
    state: Any,
    runs: int,
) -> int:
    """The responder's choice: the legal action index of the best stance against the range."""
    me = t[T_ACTOR]
    other = 1 - me
    pot = t[T_CONTRIB] + t[T_CONTRIB + 1]
    particles = hidden.shape[0]
    share = np.empty(particles)
    for k in range(particles):
        share[k] = _share(t, r, cards, me, other, hidden[k], tabs, state, runs)
    total_weight = weight.sum()
    w = (weight * share).sum() / total_weight
    best = -1
    best_value = -1e300
    aggressive = False
    for i in range(nlegal):
        kind = kinds[i]
        stance = _stance(kind)
        put = 0
        if kind == CALL:
            put = min(t[T_LEVEL] - t[T_WAGER + me], t[T_STACK + me])
        elif kind == BRING_IN:
            put = min(r[R_BRING_IN], t[T_STACK + me])
        elif stance == 2:
            put = amounts[i] - t[T_WAGER + me]
        if stance == 0:
            value = 0.0
        elif stance == 1:
            value = w * (pot + put) - put
        else:
            if aggressive:
                continue  # the smallest bet or raise only, as the learned bot's stances
            aggressive = True
            # the bot's answer to the raise, for each particle, from the position after it
            tt = t.copy()
            cc = cards.copy()
            dd = deck.copy()
            ww = won.copy()
            apply_action(tt, r, cc, dd, kind, amounts[i], tabs, ww)
            folds = 0.0
            calling = 0.0
            calling_share = 0.0
            extra = max(tt[T_LEVEL] - tt[T_WAGER + other], 0)
            if tt[T_ACTOR] == other:
                k2 = np.empty(MAX_LEGAL, dtype=np.int64)
                a2 = np.empty(MAX_LEGAL, dtype=np.int64)
                n2 = legal_actions(tt, r, k2, a2)
                obs = np.empty(BOT_OBS_SIZE, dtype=np.int64)
                for k in range(particles):
                    _bot_view(tt, r, cc, k2, a2, n2, obs, hidden[k])
                    answer = decide(policy, obs, state, tabs)
                    if _stance(k2[answer]) == 0:
                        folds += weight[k]
                    else:
                        calling += weight[k]
                        calling_share += weight[k] * share[k]
            else:
                calling = total_weight
                calling_share = (weight * share).sum()
            f = folds / total_weight
            wc = calling_share / calling if calling > 0 else w
            value = f * pot + (1 - f) * (wc * (pot + put + extra) - put)
        if value > best_value:
            best_value = value
            best = i
    return best


@njit(cache=True)
def _hand(
    r: Any,
    stacks: Any,
    start: Any,
    responder: int,
    policy: int,
    particles: int,
    runs: int,
    tabs: Any,
) -> int:
    """One hand from stream ``start``: the responder in seat ``responder``, the bot in the
    other; the responder's net chips."""
    t = np.zeros(T_SIZE, dtype=np.int64)
    cards = np.zeros((MAX_SEATS, 7), dtype=np.int64)
    won = np.zeros(MAX_SEATS, dtype=np.int64)
    deck = np.empty(52, dtype=np.uint8)
    state = np.zeros(1, dtype=np.uint64)
    mine = np.zeros(1, dtype=np.uint64)  # the responder's own stream: the bot's is the deal's
    kinds = np.empty(MAX_LEGAL, dtype=np.int64)
    amounts = np.empty(MAX_LEGAL, dtype=np.int64)
    obs = np.empty(BOT_OBS_SIZE, dtype=np.int64)
    state[0] = start
    mine[0] = hand_start_compiled(start, 1)
    shuffle(deck, state)
    start_hand(t, r, cards, deck, stacks, tabs, won)
    other = 1 - responder
    hidden = np.full((particles, 3), -1, dtype=np.int64)
    weight = np.ones(particles)
    _refresh_particles(t, cards, responder, other, hidden, mine)
    while t[T_ACTOR] >= 0:
        nlegal = legal_actions(t, r, kinds, amounts)
        if t[T_ACTOR] == other:
            choice = bot_choice(policy, t, r, cards, kinds, amounts, nlegal, obs, state, tabs)
            played = _stance(kinds[choice])
            for k in range(particles):
                _bot_view(t, r, cards, kinds, amounts, nlegal, obs, hidden[k])
                if _stance(kinds[decide(policy, obs, mine, tabs)]) != played:
                    weight[k] *= MISMATCH
            weight /= weight.sum()
        else:
            choice = _respond(
                t,
                r,
                cards,
                deck,
                kinds,
                amounts,
                nlegal,
                policy,
                hidden,
                weight,
                tabs,
                won,
                mine,
                runs,
            )
        apply_action(t, r, cards, deck, kinds[choice], amounts[choice], tabs, won)
        if t[T_ACTOR] >= 0:
            _refresh_particles(t, cards, responder, other, hidden, mine)
    net: int = t[T_STACK + responder] - stacks[responder]
    return net


@njit(cache=True)
def lbr_duplicate(
    r: Any,
    stacks: Any,
    seed: Any,
    first: int,
    count: int,
    policy: int,
    particles: int,
    runs: int,
    tabs: Any,
    out: Any,
) -> None:
    """Deals ``first .. first + count - 1``, each played twice (the responder in seat 0,
    then in seat 1) against compiled policy ``policy``: ``out[k]`` the responder's net
    chips over deal ``k``'s two hands."""
    for k in range(count):
        start = hand_start_compiled(seed, first + k)
        out[k] = _hand(r, stacks, start, 0, policy, particles, runs, tabs) + _hand(
            r, stacks, start, 1, policy, particles, runs, tabs
        )
