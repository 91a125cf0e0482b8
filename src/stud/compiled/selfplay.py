"""Hands for training and measuring the learned bot, played in the compiled engine.

Both loops below play whole hands with the compiled engine's own steps
(``stud.compiled.engine``: deal, legal actions, apply), exactly as ``stud sim`` and the
batched environment do. A seat is played by a *kind*: ``k >= 0`` is weight set
``k`` of the network (``stud.compiled.learned_policy``, set 0 being the learner), and
``k < 0`` is the compiled policy ``-k - 1`` (``stud.compiled.policies``, the built-in
bots and the shipped learned one). The network reads the same observation array
(``observe_table``) and the same features at training time as when it plays as a
bot, so what is trained is what plays.

* ``rollout`` plays hands and keeps every decision of weight set 0: its features,
  the stances open, the stance drawn and the probability it had, and each seat's
  net result per hand;
* ``duplicate`` plays every deal twice, the two kinds' seats swapped, so each gets
  the other's cards the second time: luck of the deal cancels (heads-up).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from stud.bots.observation import OBS_SIZE
from stud.compiled.engine import (
    T_ACTOR,
    T_STACK,
    apply_action,
    bot_choice,
    hand_buffers,
    legal_actions,
    observe_table,
    shuffle,
    start_hand,
)
from stud.compiled.learned_policy import (
    N_FEATURES,
    N_OUTPUTS,
    N_STANCES,
    choose_with,
    legal_stances,
    stance_action,
)
from stud.compiled.rng import hand_start_compiled
from stud.core.codes import MAX_LEGAL

__all__ = ["duplicate", "rollout"]


@njit(cache=True)
def _play(
    r: Any,
    stacks: Any,
    kinds: Any,
    start: Any,
    w1: Any,
    b1: Any,
    w2: Any,
    b2: Any,
    w3: Any,
    b3: Any,
    tabs: Any,
    t: Any,
    cards: Any,
    won: Any,
    deck: Any,
    state: Any,
    feats: Any,
    bits: Any,
    stances: Any,
    probs: Any,
    seat_of: Any,
    at: int,
) -> int:
    """One hand from stream state ``start``, seat ``s`` played by ``kinds[s]``; the
    decisions of weight set 0 are written from row ``at`` on (while rows last).
    Returns the next free row."""
    kinds_buf = np.empty(MAX_LEGAL, dtype=np.int64)
    amounts = np.empty(MAX_LEGAL, dtype=np.int64)
    obs = np.empty(OBS_SIZE, dtype=np.int64)
    x = np.empty(N_FEATURES)
    out = np.empty(N_OUTPUTS)
    state[0] = start
    shuffle(deck, state)
    start_hand(t, r, cards, deck, stacks, tabs, won)
    while t[T_ACTOR] >= 0:
        nlegal = legal_actions(t, r, kinds_buf, amounts)
        seat = t[T_ACTOR]
        kind = kinds[seat]
        if kind < 0:
            choice = bot_choice(
                -kind - 1, t, r, cards, kinds_buf, amounts, nlegal, obs, state, tabs
            )
        else:
            observe_table(t, r, cards, kinds_buf, amounts, nlegal, obs)
            stance = choose_with(
                obs, state, tabs, w1[kind], b1[kind], w2[kind], b2[kind], w3[kind], b3[kind], x, out
            )
            choice = stance_action(obs, stance)
            if kind == 0 and at < feats.shape[0]:
                open_ = legal_stances(obs)
                feats[at, :] = x
                bits[at] = open_
                stances[at] = stance
                top = -1e300
                for k in range(N_STANCES):
                    if open_ & (1 << k):
                        top = max(top, out[k])
                total = 0.0
                for k in range(N_STANCES):
                    if open_ & (1 << k):
                        total += np.exp(out[k] - top)
                probs[at] = np.exp(out[stance] - top) / total
                seat_of[at] = seat
                at += 1
        apply_action(t, r, cards, deck, kinds_buf[choice], amounts[choice], tabs, won)
    return at


@njit(cache=True)
def rollout(
    r: Any,
    stacks: Any,
    seed: Any,
    first: int,
    kinds: Any,
    w1: Any,
    b1: Any,
    w2: Any,
    b2: Any,
    w3: Any,
    b3: Any,
    tabs: Any,
    feats: Any,
    bits: Any,
    stances: Any,
    probs: Any,
    hand_of: Any,
    seat_of: Any,
    results: Any,
) -> int:
    """Play hands ``first ..`` (one per row of ``kinds``, the kind of each seat) from
    the streams ``hand_start(seed, i)``; ``results[k, s]`` gets seat ``s``'s net chips
    in hand ``k``. Returns how many decisions of weight set 0 were written."""
    n = stacks.shape[0]
    t, cards, won, deck, state = hand_buffers()
    at = 0
    for k in range(kinds.shape[0]):
        start = hand_start_compiled(seed, first + k)
        before = at
        at = _play(
            r,
            stacks,
            kinds[k],
            start,
            w1,
            b1,
            w2,
            b2,
            w3,
            b3,
            tabs,
            t,
            cards,
            won,
            deck,
            state,
            feats,
            bits,
            stances,
            probs,
            seat_of,
            at,
        )
        for i in range(before, at):
            hand_of[i] = k
        for s in range(n):
            results[k, s] = t[T_STACK + s] - stacks[s]
    return at


@njit(cache=True)
def duplicate(
    r: Any,
    stacks: Any,
    seed: Any,
    first: int,
    count: int,
    a: int,
    b: int,
    w1: Any,
    b1: Any,
    w2: Any,
    b2: Any,
    w3: Any,
    b3: Any,
    tabs: Any,
    out: Any,
) -> None:
    """Deals ``first .. first + count - 1`` heads-up, each played twice: kind ``a`` in
    seat 0 and ``b`` in seat 1, then swapped with the same deck. ``out[k]`` gets
    ``a``'s net chips over the two hands of deal ``k``."""
    t, cards, won, deck, state = hand_buffers()
    none_f = np.zeros((0, N_FEATURES))
    none_i = np.zeros(0, dtype=np.int64)
    none_p = np.zeros(0)
    kinds = np.empty(2, dtype=np.int64)
    for k in range(count):
        start = hand_start_compiled(seed, first + k)
        total = 0
        for swap in range(2):
            kinds[0] = b if swap else a
            kinds[1] = a if swap else b
            _play(
                r,
                stacks,
                kinds,
                start,
                w1,
                b1,
                w2,
                b2,
                w3,
                b3,
                tabs,
                t,
                cards,
                won,
                deck,
                state,
                none_f,
                none_i,
                none_i,
                none_p,
                none_i,
                0,
            )
            seat = 1 if swap else 0
            total += t[T_STACK + seat] - stacks[seat]
        out[k] = total
