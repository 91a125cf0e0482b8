"""Many tables stepped at once on the compiled engine: numpy arrays in, numpy arrays out.

``StudAECEnv`` and ``StudGymEnv`` play one hand on the reference engine, a Python
object per action; that is right for checking rules and far too slow to feed a
learner millions of decisions. ``BatchedStudEnv`` keeps ``tables`` hands of the
compiled engine (``stud.compiled.engine``) in flat arrays and steps all of them in one
compiled loop: no Python work per table per step.

The learner plays one seat (``seat``), or every seat (``every_seat=True``); the
other seats are played inside the same compiled loop by the built-in bots'
compiled policies (``stud.compiled.policies``). A table whose hand ends is dealt a new
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

from stud.bots.observation import OBS_SIZE as BOT_OBS_SIZE

# The module, not its names: importing the compiled loop first (as a test of its
# encoder does) imports this package's encoding, and so this module, half-way.
from stud.compiled import batched as loop
from stud.compiled.engine import T_SIZE, rules_array
from stud.compiled.evaluation import kernel_tables
from stud.compiled.policies import POLICY_NAMES
from stud.compiled.rng import hand_start
from stud.core.codes import MAX_LEGAL, MAX_SEATS
from stud.env.aec import RewardUnit, check_table, rules_for
from stud.env.encoding import ACTION_NAMES, N_ACTIONS, OBS_SIZE
from stud.rules import Variant

__all__ = ["BatchedStudEnv"]

_POLICY_OF = {name: number for number, name in POLICY_NAMES.items()}
_MOST_CHIPS = 2**31 - 1


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
        self._args = (  # what ``play_tables`` takes after the actions, the same every step
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
        loop.play_tables(np.zeros(0, dtype=np.int64), *self._args)
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
        i = loop.first_illegal(picked, self._masks)
        if i >= 0:
            names = ", ".join(f"{k} {ACTION_NAMES[k]}" for k in np.flatnonzero(self._masks[i]))
            raise ValueError(f"table {i}: action {int(chosen[i])} is not legal now; legal: {names}")
        loop.play_tables(picked, *self._args)
        rewards = self._rewards if self.every_seat else self._rewards[:, self.seat]
        return (
            self._out(self._obs),
            self._out(self._masks),
            self._out(rewards),
            self._out(self._done),
        )

    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return array.copy() if self.copy else array
