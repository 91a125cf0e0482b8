"""Many tables stepped at once on the compiled engine: numpy arrays in, numpy arrays out.

``StudAECEnv`` and ``StudGymEnv`` play one hand on the reference engine, a Python
object per action; that is right for checking rules and far too slow to feed a
learner millions of decisions. ``BatchedStudEnv`` keeps ``tables`` hands of the
compiled engine (``stud.sim.engine``) in flat arrays and steps all of them in one
compiled loop: no Python work per table per step.

The learner plays one seat (``seat``), or every seat (``every_seat=True``); the
other seats are played inside the same compiled loop by the built-in bots'
compiled policies (``stud.bots.policies``). A table whose hand ends is dealt a new
hand from fresh stacks in the same call (auto-reset); hand ``k`` of table ``i``
is shuffled from its own stream ``hand_start(hand_start(seed, i), k)``, so a seed
gives the same hands again whatever the number of tables beside it.

Observations and masks are ``stud.env.encoding``'s, built here by a compiled
encoder from the engine's arrays; a test compares them with ``encode`` and
``action_mask`` of the reference engine's ``PlayerView`` step by step. As in
``stud sim``, players always show at the showdown (showing never costs chips), so
the show and muck actions are never offered here.

Rewards are net results of finished hands, in chips or big bets. When a hand the
learner acted in ends, its result is the step's reward and ``done`` is set; a
hand that ends before the learner's next decision (the others fold to it) is
added to the same step's reward.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from stud.bots.observation import OBS_SIZE as BOT_OBS_SIZE
from stud.bots.policies import POLICY_NAMES
from stud.core.codes import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    MAX_LEGAL,
    MAX_SEATS,
    R_VARIANT,
)
from stud.core.codes import RAISE as RAISE_KIND
from stud.env.aec import RewardUnit, check_table, rules_for
from stud.env.encoding import (
    ACTION_NAMES,
    BIG_BET,
    N_ACTIONS,
    O_COMMUNITY,
    O_DOWN,
    O_HAND,
    O_PHASE,
    O_PLAYERS,
    O_POT,
    O_SEATS,
    O_STREET,
    O_TO_CALL,
    O_UP,
    O_VARIANT,
    OBS_SIZE,
    RAISE,
)
from stud.env.encoding import BRING_IN as BRING_IN_ACTION
from stud.env.encoding import CHECK_CALL as CHECK_CALL_ACTION
from stud.env.encoding import FOLD as FOLD_ACTION
from stud.env.prefetch import prefetch
from stud.evaluation.kernels import kernel_tables
from stud.jitted import uncounted
from stud.rng import hand_start, hand_start_compiled
from stud.rules import Variant
from stud.sim.engine import (
    T_ACTOR,
    T_COMMUNITY,
    T_CONTRIB,
    T_FOLDED,
    T_LEVEL,
    T_N,
    T_NCARDS,
    T_RAKE,
    T_SIZE,
    T_STACK,
    T_STREET,
    T_WAGER,
    apply_action,
    bot_choice,
    legal_actions,
    rules_array,
    shuffle,
    start_hand,
)

__all__ = ["BatchedStudEnv", "encode_table", "mask_table"]

_SEAT_FIELDS = 7  # as stud.env.encoding lays out each seat
_HALF = OBS_SIZE // 2  # the observation is cleared in two runs (see encode_table)
_POLICY_OF = {name: number for number, name in POLICY_NAMES.items()}
_MOST_CHIPS = 2**31 - 1
"""The most chips at a table: the tables' state is 32-bit, half the memory of the
engine's 64-bit table, so that more tables' state stays in the caches at thousands
of tables (the engine's code is the same, compiled for either)."""


# -- the encoding, compiled ------------------------------------------------------------


@uncounted
def encode_table(t: Any, r: Any, cards: Any, seat: int, table_chips: int, out: Any) -> None:
    """``stud.env.encoding.encode`` of ``seat``'s view, from the engine's arrays (R8.4).

    The whole row is cleared first, in two halves: a sequential write that the memory
    system streams. Each half (1,200 bytes) stays below the size from which the C
    library's ``memset`` switches to ``rep stosb``, which is slower for rows of this
    size. Clearing only the slots the last observation set touches fewer bytes but at
    scattered places, and clearing only the blocks of the seats at the table leaves
    gaps: neither is a stream, and from a thousand tables on both are slower.
    """
    out[:_HALF] = 0.0
    out[_HALF:] = 0.0
    n = t[T_N]
    actor = t[T_ACTOR]
    community = t[T_COMMUNITY]
    scale = 1.0 / max(table_chips, 1)
    s = seat  # the seat at relative place ``rel``, counted on without a division
    for rel in range(n):
        ncards = t[T_NCARDS + s]
        nup = min(ncards, 6) - 2 if ncards > 2 else 0
        block = O_UP + 52 * rel
        for i in range(nup):
            out[block + cards[s, 2 + i]] = 1.0
        base = O_SEATS + _SEAT_FIELDS * rel
        folded = t[T_FOLDED + s] != 0
        stack = t[T_STACK + s]
        out[base] = 1.0
        out[base + 1] = 1.0 if folded else 0.0
        out[base + 2] = 1.0 if stack == 0 and not folded else 0.0
        out[base + 3] = 1.0 if actor == s else 0.0
        out[base + 4] = min(stack * scale, 1.0)
        out[base + 5] = min(t[T_WAGER + s] * scale, 1.0)
        out[base + 6] = min(t[T_CONTRIB + s] * scale, 1.0)
        s = s + 1 if s + 1 < n else 0
    ranks = 0  # a count per rank, 4 bits each: nothing to allocate per step
    suits = 0
    ncards = t[T_NCARDS + seat]
    mine = min(ncards, 6)  # down cards first, then face-up cards
    held = mine + (1 if ncards == 7 or community >= 0 else 0)
    for i in range(held):
        code = cards[seat, i if i < mine else 6]  # the seventh: own or community
        if i < 2 or (i >= mine and ncards == 7):
            out[O_DOWN + code] = 1.0
        ranks += 1 << (4 * (code >> 2))
        suits += 1 << (4 * (code & 3))
    if community >= 0:
        out[O_COMMUNITY + community] = 1.0
    out[O_STREET + t[T_STREET] - 3] = 1.0
    out[O_PHASE] = 1.0  # betting: the only phase with a decision here
    out[O_VARIANT + r[R_VARIANT]] = 1.0
    out[O_PLAYERS + n - 2] = 1.0
    pot = 0
    for p in range(n):
        pot += t[T_CONTRIB + p]
    out[O_POT] = min(pot * scale, 1.0)
    out[O_TO_CALL] = min(max(0, t[T_LEVEL] - t[T_WAGER + seat]) * scale, 1.0)
    if held == 0:
        return
    group = 0
    pairs = 0
    lows = 0
    for k in range(13):
        count = (ranks >> (4 * k)) & 15
        group = max(group, count)
        if count >= 2:
            pairs += 1
        if count > 0 and (k <= 6 or k == 12):  # eight or lower, or the ace
            lows += 1
    longest = 0
    for k in range(4):
        longest = max(longest, (suits >> (4 * k)) & 15)
    out[O_HAND] = group / 4
    out[O_HAND + 1] = min(pairs, 3) / 3
    out[O_HAND + 2] = longest / 7
    out[O_HAND + 3] = min(lows, 5) / 5


@uncounted
def mask_table(kinds: Any, nlegal: int, mask: Any, choice_of: Any) -> None:
    """``stud.env.encoding.action_map`` over the engine's legal kinds.

    ``mask`` gets 1 per legal action index and ``choice_of`` the engine's legal
    action behind each (-1 when illegal). Of two aggressive amounts the larger is
    the big bet (R5.5).
    """
    mask[:] = 0
    choice_of[:] = -1
    aggressive = 0
    for i in range(nlegal):
        if kinds[i] == COMPLETE or kinds[i] == BET or kinds[i] == RAISE_KIND:
            aggressive += 1
    seen = 0
    for i in range(nlegal):
        kind = kinds[i]
        if kind == FOLD:
            index = FOLD_ACTION
        elif kind in (CHECK, CALL):
            index = CHECK_CALL_ACTION
        elif kind == BRING_IN:
            index = BRING_IN_ACTION
        else:
            seen += 1
            index = BIG_BET if aggressive > 1 and seen == aggressive else RAISE
        mask[index] = 1
        choice_of[index] = i


# -- the batch, compiled ---------------------------------------------------------------


@uncounted
def _deal(
    i: int,
    r: Any,
    stacks: Any,
    seeds: Any,
    hands: Any,
    stream: Any,
    deck: Any,
    t: Any,
    cards: Any,
    tabs: Any,
    won: Any,
) -> None:
    """Shuffle and start table ``i``'s next hand from fresh stacks (its own rows given)."""
    stream[0] = hand_start_compiled(seeds[i], hands[i])
    hands[i] += 1
    shuffle(deck, stream)
    start_hand(t, r, cards, deck, stacks, tabs, won)


_AHEAD = 8  # tables ahead whose lines are asked for (8 and 16 measured alike, 2 and 4 worse)
_LINE = 64  # bytes in a cache line


@uncounted
def _fetch_ahead(
    j: int,
    t: Any,
    cards: Any,
    decks: Any,
    kinds: Any,
    amounts: Any,
    won: Any,
    masks: Any,
    choice_of: Any,
    obs: Any,
) -> None:
    """Ask for the lines table ``j`` will use (``stud.env.prefetch``): the table's state up
    to its single values (its showdown scratch is rarely used), its other rows, and the
    whole observation row it will write."""
    tj = t[j]
    for at in range(0, T_RAKE + 1, _LINE // tj.itemsize):
        prefetch(tj, at)
    prefetch(cards[j, 0], 0)
    prefetch(decks[j], 0)
    prefetch(kinds[j], 0)
    prefetch(amounts[j], 0)
    prefetch(won[j], 0)
    prefetch(masks[j], 0)
    prefetch(choice_of[j], 0)
    oj = obs[j]
    for at in range(0, oj.shape[0], _LINE // oj.itemsize):
        prefetch(oj, at)


@njit(cache=True)
def _first_illegal(actions: Any, masks: Any) -> int:
    """The first table whose action index is out of range or masked out; -1 if none."""
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0 or a >= masks.shape[1] or masks[i, a] != 1:
            return i
    return -1


@uncounted
def _play(
    actions: Any,
    r: Any,
    stacks: Any,
    learner: Any,
    policies: Any,
    seeds: Any,
    hands: Any,
    streams: Any,
    decks: Any,
    t: Any,
    cards: Any,
    kinds: Any,
    amounts: Any,
    tabs: Any,
    won: Any,
    payoff: Any,
    unit: float,
    rewards: Any,
    done: Any,
    table_chips: int,
    obs: Any,
    masks: Any,
    choice_of: Any,
    actor: Any,
    bot_obs: Any,
) -> None:
    """Every table's action, or with no actions every table's first hand; then on to
    each table's next decision. Nothing is allocated: every table works in its own
    rows of the arrays passed in."""
    resetting = actions.shape[0] == 0
    players = stacks.shape[0]
    tables = t.shape[0]
    for i in range(tables):
        if i + _AHEAD < tables:
            _fetch_ahead(i + _AHEAD, t, cards, decks, kinds, amounts, won, masks, choice_of, obs)
        ti = t[i]  # this table's rows, taken once
        ci = cards[i]
        di = decks[i]
        ki = kinds[i]
        ai = amounts[i]
        wi = won[i]
        si = streams[i]
        for s in range(players):
            payoff[i, s] = 0
        done[i] = False
        choice = -1  # the legal action to play next at this table, if any
        if resetting:
            hands[i] = 0
            _deal(i, r, stacks, seeds, hands, si, di, ti, ci, tabs, wi)
        else:
            choice = choice_of[i, actions[i]]
        while True:  # the bots act until the learner's next decision; hands end and start
            if choice >= 0:
                apply_action(ti, r, ci, di, ki[choice], ai[choice], tabs, wi)
                choice = -1
            seat = ti[T_ACTOR]
            if seat < 0:
                if not resetting:
                    for s in range(players):
                        payoff[i, s] += ti[T_STACK + s] - stacks[s]
                    done[i] = True
                _deal(i, r, stacks, seeds, hands, si, di, ti, ci, tabs, wi)
                continue
            nlegal = legal_actions(ti, r, ki, ai)
            if learner[seat]:
                break
            choice = bot_choice(policies[seat], ti, r, ci, ki, ai, nlegal, bot_obs, si, tabs)
        for s in range(players):
            rewards[i, s] = payoff[i, s] / unit
        actor[i] = seat
        mask_table(ki, nlegal, masks[i], choice_of[i])
        encode_table(ti, r, ci, seat, table_chips, obs[i])


# -- the environment -------------------------------------------------------------------


class BatchedStudEnv:
    """``tables`` hands of stud, stud8 or razz stepped at once, auto-reset, numpy in and out.

    ``reset(seed)`` returns ``(observations, masks)``: ``(tables, OBS_SIZE)``
    float32 and ``(tables, N_ACTIONS)`` int8, each table at the learner's first
    decision. ``step(actions)`` takes one action index per table and returns
    ``(observations, masks, rewards, dones)``: rewards are ``(tables,)`` float64
    for the learner's seat, or ``(tables, players)`` with ``every_seat``; dones
    ``(tables,)`` bool. ``actor`` holds the seat each observation is for.
    """

    def __init__(
        self,
        tables: int,
        variant: str | Variant = "stud8",
        players: int = 2,
        *,
        opponents: Sequence[str] = ("random",),
        seat: int = 0,
        every_seat: bool = False,
        stakes: str = "1/2/5/10",
        stack: int | None = None,
        reward_unit: RewardUnit = "chips",
        copy: bool = True,
    ) -> None:
        if tables < 1:
            raise ValueError(f"tables={tables}: there must be at least one table")
        self.rules = rules_for(variant, stakes)
        self.stack = check_table(players, stack, self.rules, reward_unit)
        if self.stack * players > _MOST_CHIPS:
            raise ValueError(
                f"stack={self.stack}: the tables keep chips in 32 bits; "
                f"at most {_MOST_CHIPS // players:,} chips a seat for {players} players"
            )
        if not 0 <= seat < players:
            raise ValueError(f"seat={seat}: choose a seat from 0 to {players - 1}")
        unknown = [name for name in opponents if name not in _POLICY_OF]
        if unknown or not opponents:
            names = ", ".join(_POLICY_OF)
            raise ValueError(f"opponents={tuple(opponents)!r}: choose among {names}")
        self.tables = tables
        self.players = players
        self.every_seat = every_seat
        self.seat = seat
        self.copy = copy
        """False: ``reset`` and ``step`` return the environment's own arrays, which the
        next call overwrites (no copy of ``tables`` observations a step)."""
        self._unit = 1.0 if reward_unit == "chips" else float(self.rules.big_bet)
        self._r = rules_array(self.rules)
        self._stacks = np.full(players, self.stack, dtype=np.int64)
        self._learner = np.zeros(MAX_SEATS, dtype=np.int64)
        self._policies = np.zeros(MAX_SEATS, dtype=np.int64)
        others = [s for s in range(players) if s != seat]
        for k, s in enumerate(others):
            self._policies[s] = _POLICY_OF[opponents[k % len(opponents)]]
        self._learner[: players if every_seat else 0] = 1
        self._learner[seat] = 1
        self._tabs = kernel_tables()
        self._seeds = np.zeros(tables, dtype=np.uint64)
        self._hands = np.zeros(tables, dtype=np.int64)
        self._streams = np.zeros((tables, 1), dtype=np.uint64)
        self.decks = np.zeros((tables, 52), dtype=np.uint8)
        """Each table's current deck, top first (card codes)."""
        self._t = np.zeros((tables, T_SIZE), dtype=np.int32)  # half the bytes of int64
        self._cards = np.zeros((tables, MAX_SEATS, 7), dtype=np.int8)  # codes: 56 bytes a table
        self._kinds = np.zeros((tables, MAX_LEGAL), dtype=np.int64)
        self._amounts = np.zeros((tables, MAX_LEGAL), dtype=np.int64)
        self._won = np.zeros((tables, MAX_SEATS), dtype=np.int64)
        self._payoff = np.zeros((tables, players), dtype=np.int64)
        self._rewards = np.zeros((tables, players), dtype=np.float64)
        self._done = np.zeros(tables, dtype=np.bool_)
        self._obs = np.zeros((tables, OBS_SIZE), dtype=np.float32)
        self._masks = np.zeros((tables, N_ACTIONS), dtype=np.int8)
        self._choice_of = np.full((tables, N_ACTIONS), -1, dtype=np.int64)
        self.actor = np.zeros(tables, dtype=np.int64)
        """The seat each table's observation is for (the learner's, or the one to act)."""
        self._ready = False
        self._args = (  # what ``_play`` takes after the actions, the same every step
            self._r,
            self._stacks,
            self._learner,
            self._policies,
            self._seeds,
            self._hands,
            self._streams,
            self.decks,
            self._t,
            self._cards,
            self._kinds,
            self._amounts,
            self._tabs,
            self._won,
            self._payoff,
            self._unit,
            self._rewards,
            self._done,
            self.stack * self.players,
            self._obs,
            self._masks,
            self._choice_of,
            self.actor,
            np.zeros(BOT_OBS_SIZE, dtype=np.int64),  # what a bot sees
        )

    def reset(self, seed: int = 0) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Deal every table its first hand; table ``i`` draws from ``hand_start(seed, i)``."""
        self._seeds[:] = [hand_start(seed, i) for i in range(self.tables)]
        _play(np.zeros(0, dtype=np.int64), *self._args)
        self._ready = True
        return self._out(self._obs), self._out(self._masks)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
    ]:
        """Play one action index per table; finished hands are dealt again at once."""
        if not self._ready:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.tables,) or chosen.dtype.kind not in "iu":
            raise ValueError(
                f"actions: expected {self.tables} whole numbers, got shape {chosen.shape} "
                f"of {chosen.dtype}"
            )
        picked = np.ascontiguousarray(chosen, dtype=np.int64)
        i = _first_illegal(picked, self._masks)
        if i >= 0:
            names = ", ".join(f"{k} {ACTION_NAMES[k]}" for k in np.flatnonzero(self._masks[i]))
            raise ValueError(f"table {i}: action {int(chosen[i])} is not legal now; legal: {names}")
        _play(picked, *self._args)
        rewards = self._rewards if self.every_seat else self._rewards[:, self.seat]
        return (
            self._out(self._obs),
            self._out(self._masks),
            self._out(rewards),
            self._out(self._done),
        )

    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return array.copy() if self.copy else array
