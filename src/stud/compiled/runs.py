"""Many hands on the compiled engine: a simulation's loop, and one hand played for a test.

``run_hands`` plays ``count`` hands of a lineup in one compiled call, rotating the
seats, and adds each position's totals to ``stats`` (columns ``S_*``); ``play_one``
plays one hand from Python and returns what happened in it (``PlayedHand``), which
tests compare with the reference engine (``stud.state``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from stud.bots.observation import (
    OBS_SIZE,
)
from stud.compiled.engine import (
    MAX_ACTIONS,
    T_COMMUNITY,
    T_FOLDED,
    T_RAKE,
    T_SHOWDOWN,
    T_SIZE,
    T_STACK,
    hand_buffers,
    rules_array,
    run_hand,
    shuffle,
)
from stud.compiled.evaluation import (
    kernel_tables,
)
from stud.compiled.rng import hand_start_compiled
from stud.rules import MAX_SEATS, Rules

__all__ = ["S_FIELDS", "PlayedHand", "play_one", "run_hands"]


# Per lineup position: the totals a simulation reports.
S_HANDS = 0
S_NET = 1
S_NET_SQ = 2
S_SHOWDOWNS = 3
S_WINS = 4
S_SCOOPS = 5
S_FIELDS = 6


@njit(cache=True)
def run_hands(
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
    t, cards, won, deck, state = hand_buffers()
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
        shuffle(deck, state)
        if k < decks.shape[0]:
            decks[k, :] = deck
            length = run_hand(
                r, stacks, policies, state, deck, tabs, t, cards, won, logs[k], no_obs
            )
            lengths[k] = length
        else:
            run_hand(r, stacks, policies, state, deck, tabs, t, cards, won, no_log, no_obs)
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
    rake: int = 0
    """Chips the house took (R9): the final stacks plus this are the starting stacks."""


def play_one(
    rules: Rules,
    stacks: Sequence[int],
    policies: Sequence[int],
    start: int,
    deck: Sequence[int] | None = None,
    max_actions: int = 4 * MAX_ACTIONS,
) -> PlayedHand:
    """Play one hand from stream state ``start``, shuffling unless ``deck`` is given.

    For tests and tools; simulations call ``run_hands``. A hand with more than
    ``max_actions`` actions (an uncapped heads-up raising war) is refused.
    """
    r = rules_array(rules)
    state = np.array([start], dtype=np.uint64)
    order = np.empty(52, dtype=np.uint8)
    if deck is None:
        shuffle(order, state)
    else:
        order[:] = deck
    t = np.zeros(T_SIZE, dtype=np.int64)
    cards = np.zeros((MAX_SEATS, 7), dtype=np.int64)
    won = np.zeros(MAX_SEATS, dtype=np.int64)
    log = np.zeros((max_actions, 4), dtype=np.int64)
    seen = np.zeros((max_actions, OBS_SIZE), dtype=np.int64)
    count = run_hand(
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
        rake=int(t[T_RAKE]),
    )
