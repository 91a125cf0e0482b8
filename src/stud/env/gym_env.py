"""A Gymnasium environment: one seat of stud against chosen bots, one hand an episode.

The learner sits in ``seat`` (0-based) and the other seats are filled by bots named
as on the command line (``tight``, ``equity``, ``station``, ``random``, ``learned`` or
a spec of a bot of your own, ``stud.bots.loading``), repeated around the table.
``reset`` deals a hand and lets the bots act until it is the learner's turn; ``step``
plays the learner's action and the bots' answers up to the learner's next turn or
the end of the hand, where the reward is the learner's net result (chips, or big
bets with ``reward_unit="big_bets"``).

With built-in bots only, the hand is played by the compiled engine and the bots'
compiled policies, one call into compiled code a step (``stud.env.compiled_hand``;
players always show at the showdown, as in ``stud sim``); a bot of your own plays
on the reference engine (``stud.state``), which ``engine="reference"`` also asks for.

The observation is the learner's view only (``stud.env.encoding``), with the mask
of legal actions beside it. Gymnasium's action space cannot change from step to
step, so an action the mask forbids is played as the passive one (check or call,
the bring-in, or show) and ``info["illegal_action"]`` says so; a learner that
respects the mask never sees it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium import spaces

from stud.bots import Bot, ask, make_bot
from stud.env.aec import (
    Engine,
    ObsDict,
    RewardUnit,
    check_engine,
    check_table,
    observation_space,
    reward_of,
    rules_for,
)
from stud.env.encoding import (
    BRING_IN,
    CHECK_CALL,
    N_ACTIONS,
    SHOW,
    action_map,
    observe,
)
from stud.history.text import text_history
from stud.rules import Variant
from stud.state import HandState, new_hand
from stud.views import view_of

if TYPE_CHECKING:
    from stud.env.compiled_hand import CompiledHand

__all__ = ["StudGymEnv"]

_PASSIVE = (CHECK_CALL, BRING_IN, SHOW)


class StudGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The learner in ``seat`` against ``opponents`` (bot names or specs)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium reads it from the class)

    def __init__(
        self,
        variant: str | Variant = "stud8",
        opponents: Sequence[str] = ("tight",),
        *,
        players: int | None = None,
        seat: int = 0,
        stakes: str = "1/2/5/10",
        stack: int | None = None,
        reward_unit: RewardUnit = "chips",
        render_mode: str | None = None,
        engine: Engine | None = None,
    ) -> None:
        """``engine``: None plays on the compiled engine when every bot is built in."""
        self.rules = rules_for(variant, stakes)
        if not opponents:
            raise ValueError("opponents: name at least one bot")
        n = players if players is not None else len(opponents) + 1
        self.stack = check_table(n, stack, self.rules, reward_unit)
        if not 0 <= seat < n:
            raise ValueError(f"seat={seat}: the learner sits in a seat from 0 to {n - 1}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: only 'ansi' is drawn")
        self.render_mode = render_mode
        self.players = n
        self.seat = seat
        self.reward_unit = reward_unit
        named = [opponents[i % len(opponents)] for i in range(n - 1)]
        self.bots: dict[int, Bot] = {
            s: make_bot(name)
            for s, name in zip((s for s in range(n) if s != seat), named, strict=True)
        }
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(N_ACTIONS)
        self._rng = random.Random()
        self._hand: HandState | None = None
        self.table: CompiledHand | None = None
        """The compiled engine's table, or None on the reference engine."""
        self._seeded = False
        self._live = False  # a hand is dealt and not over
        if engine is not None:
            check_engine(engine)
        from stud.env.compiled_hand import COMPILED_BOTS  # noqa: PLC0415 (numba, on demand)

        built_in = all(name in COMPILED_BOTS for name in named)
        if engine == "compiled" and not built_in:
            others = ", ".join(sorted({n for n in named if n not in COMPILED_BOTS}))
            raise ValueError(
                f"engine='compiled': the compiled engine plays built-in bots only, not {others}"
            )
        if engine != "reference" and built_in:
            from stud.env.compiled_hand import CompiledHand  # noqa: PLC0415

            bots = dict(zip(self.bots, named, strict=True))
            self.table = CompiledHand(self.rules, n, self.stack, [seat], bots)

    @property
    def hand(self) -> HandState | None:
        """The hand being played (on the compiled engine, replayed on the reference one)."""
        if self.table is None:
            return self._hand
        return self.table.replay() if self._seeded else None

    def _observe(self, hand: HandState) -> ObsDict:
        return observe(view_of(hand, self.seat), self.stack * self.players)

    def _play_bots(self, hand: HandState) -> HandState:
        """The bots' actions until the learner must act or the hand is over."""
        while not hand.is_over and hand.actor != self.seat:
            seat = hand.actor
            assert seat is not None  # a hand with a deck deals itself
            hand = hand.apply(ask(self.bots[seat], view_of(hand, seat), self._rng))
        return hand

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        super().reset(seed=seed)
        table = self.table
        if table is not None:
            if seed is not None or not self._seeded:
                table.seed(seed if seed is not None else random.getrandbits(63))
                self._seeded = True
            table.deal()
            while table.is_over:  # a hand the learner cannot act in is skipped
                table.deal()
            self._live = True
            return self._observe_compiled(table), {}
        if seed is not None:
            self._rng = random.Random(seed)
        while True:  # a hand the learner cannot act in (all-in on the ante) is skipped
            hand = self._play_bots(new_hand(self.rules, [self.stack] * self.players, rng=self._rng))
            if not hand.is_over:
                break
        self._hand = hand
        return self._observe(hand), {}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        table = self.table
        if table is not None:
            return self._step_compiled(table, int(action))
        if self._hand is None or self._hand.is_over:
            raise RuntimeError("the hand is over: call reset() to deal the next one")
        legal = action_map(view_of(self._hand, self.seat))
        info: dict[str, Any] = {}
        index = int(action)
        if index not in legal:
            info["illegal_action"] = True
            index = next(i for i in _PASSIVE if i in legal)
        hand = self._play_bots(self._hand.apply(legal[index]))
        self._hand = hand
        reward = reward_of(hand, self.seat, self.reward_unit) if hand.is_over else 0.0
        return self._observe(hand), reward, hand.is_over, False, info

    def _observe_compiled(self, table: CompiledHand) -> ObsDict:
        return {"observation": table.observation(self.seat), "action_mask": table.mask.copy()}

    def _step_compiled(
        self, table: CompiledHand, index: int
    ) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        if not self._live:
            raise RuntimeError("the hand is over: call reset() to deal the next one")
        info: dict[str, Any] = {}
        mask = table.mask
        if not 0 <= index < N_ACTIONS or not mask[index]:
            info["illegal_action"] = True
            index = next(i for i in _PASSIVE if mask[i])
        table.play(index)
        if table.actor >= 0:
            return self._observe_compiled(table), 0.0, False, False, info
        self._live = False
        unit = 1 if self.reward_unit == "chips" else self.rules.big_bet
        observation = self._observe_compiled(table)
        return observation, table.payoff(self.seat) / unit, True, False, info

    def render(self) -> str | None:
        if self.render_mode is None or self.hand is None:
            return None
        names = ["learner" if s == self.seat else self.bots[s].name for s in range(self.players)]
        return text_history(self.hand, names=names, seat=self.seat, title="stud.env")
