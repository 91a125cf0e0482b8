"""A Gymnasium environment: one seat of stud against chosen bots, one hand an episode.

The learner sits in ``seat`` (0-based) and the other seats are filled by bots named
as on the command line (``tight``, ``equity``, ``station``, ``random`` or a spec of
a bot of your own, ``stud.bots.loading``), repeated around the table. ``reset``
deals a hand and lets the bots act until it is the learner's turn; ``step`` plays
the learner's action and the bots' answers up to the learner's next turn or the
end of the hand, where the reward is the learner's net result (chips, or big bets
with ``reward_unit="big_bets"``).

The observation is the learner's view only (``stud.env.encoding``), with the mask
of legal actions beside it. Gymnasium's action space cannot change from step to
step, so an action the mask forbids is played as the passive one (check or call,
the bring-in, or show) and ``info["illegal_action"]`` says so; a learner that
respects the mask never sees it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from stud.bots import Bot, ask, make_bot
from stud.env.aec import (
    ObsDict,
    RewardUnit,
    check_table,
    observation_space,
    reward_of,
    rules_for,
)
from stud.env.encoding import BRING_IN, CHECK_CALL, N_ACTIONS, SHOW, action_map, observe
from stud.history.text import text_history
from stud.rules import Variant
from stud.state import HandState, new_hand
from stud.views import view_of

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
    ) -> None:
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
        self.hand: HandState | None = None

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
        if seed is not None:
            self._rng = random.Random(seed)
        while True:  # a hand the learner cannot act in (all-in on the ante) is skipped
            hand = self._play_bots(new_hand(self.rules, [self.stack] * self.players, rng=self._rng))
            if not hand.is_over:
                break
        self.hand = hand
        return self._observe(hand), {}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        if self.hand is None or self.hand.is_over:
            raise RuntimeError("the hand is over: call reset() to deal the next one")
        legal = action_map(view_of(self.hand, self.seat))
        info: dict[str, Any] = {}
        index = int(action)
        if index not in legal:
            info["illegal_action"] = True
            index = next(i for i in _PASSIVE if i in legal)
        hand = self._play_bots(self.hand.apply(legal[index]))
        self.hand = hand
        reward = reward_of(hand, self.seat, self.reward_unit) if hand.is_over else 0.0
        return self._observe(hand), reward, hand.is_over, False, info

    def render(self) -> str | None:
        if self.render_mode is None or self.hand is None:
            return None
        names = ["learner" if s == self.seat else self.bots[s].name for s in range(self.players)]
        return text_history(self.hand, names=names, seat=self.seat, title="stud.env")
