"""A PettingZoo AEC environment: one hand of stud, stud8 or razz for 2 to 8 agents.

An episode is one hand from fresh stacks, played by the reference engine
(``stud.state``), so every rule of the rulebook holds. Agent ``player_i`` sits in
seat ``i + 1``; the agent to act is the one the rules say (the bring-in, then the
best showing hand, R4-R5), and at the showdown each player still in shows or mucks.
Observations and masks come from the agent's own ``PlayerView`` only
(``stud.env.encoding``). Rewards come at the end of the hand, each agent's net
result in chips or, with ``reward_unit="big_bets"``, in big bets.

Dealing is explicit: ``reset(seed=s)`` starts a generator from ``s``, which deals
this hand and the hands after it, so a seed gives the same episodes again.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from stud.actions import Action
from stud.env.encoding import ACTION_NAMES, N_ACTIONS, OBS_SIZE, action_map, observe
from stud.history.text import text_history
from stud.rules import MAX_SEATS, MIN_SEATS, Rules, Variant
from stud.state import HandState, new_hand
from stud.views import PlayerView, view_of

__all__ = [
    "ObsDict",
    "RewardUnit",
    "StudAECEnv",
    "check_table",
    "env",
    "observation_space",
    "reward_of",
    "rules_for",
]

RewardUnit = Literal["chips", "big_bets"]
ObsDict = dict[str, npt.NDArray[Any]]


def rules_for(variant: str | Variant, stakes: str) -> Rules:
    """The rules of a variant name and ``ante/bring-in/small/big`` stakes."""
    return Rules.from_stakes(stakes, Variant(variant))


def observation_space() -> spaces.Dict:
    """The observation vector and the legal-action mask, as PettingZoo's classic games."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (N_ACTIONS,), dtype=np.int8),
        }
    )


def check_table(players: int, stack: int | None, rules: Rules, reward_unit: str) -> int:
    """The stack every seat starts with (default 100 big bets), or a clear error."""
    if not MIN_SEATS <= players <= MAX_SEATS:
        raise ValueError(f"players={players}: stud is for {MIN_SEATS} to {MAX_SEATS} players")
    if reward_unit not in ("chips", "big_bets"):
        raise ValueError(f"reward_unit={reward_unit!r}: choose 'chips' or 'big_bets'")
    chips = 100 * rules.big_bet if stack is None else stack
    if chips < 1:
        raise ValueError(f"stack={chips}: a stack must be a positive number of chips")
    return chips


def reward_of(hand: HandState, seat: int, unit: RewardUnit) -> float:
    """A seat's net result in a finished hand, in chips or big bets."""
    return hand.payoffs[seat] / (1 if unit == "chips" else hand.rules.big_bet)


class StudAECEnv(AECEnv[str, ObsDict, int]):  # type: ignore[misc]  # PettingZoo is untyped
    """One hand of stud per episode, for ``players`` agents (PettingZoo AEC API)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "stud_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Variant = "stud8",
        players: int = 2,
        *,
        stakes: str = "1/2/5/10",
        stack: int | None = None,
        reward_unit: RewardUnit = "chips",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules_for(variant, stakes)
        self.stack = check_table(players, stack, self.rules, reward_unit)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: choose 'ansi' or 'human'")
        self.render_mode = render_mode
        self.reward_unit = reward_unit
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.observation_spaces = {a: observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self.hand: HandState | None = None
        self._seen: tuple[HandState, str, PlayerView] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        n = len(self.possible_agents)
        self.hand = new_hand(self.rules, [self.stack] * n, rng=self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        hand = self._current()
        self.agent_selection = self.possible_agents[hand.actor if hand.actor is not None else 0]

    def _current(self) -> HandState:
        if self.hand is None:
            raise RuntimeError("call reset() before playing")
        return self.hand

    def observe(self, agent: str) -> ObsDict:
        return observe(self._view(agent), self.stack * len(self.possible_agents))

    def legal(self, agent: str) -> dict[int, Action]:
        """The legal actions of ``agent`` now, by action index."""
        return action_map(self._view(agent))

    def _view(self, agent: str) -> PlayerView:
        """The agent's view of the hand now; kept, as ``last()`` and ``step()`` both need it."""
        hand = self._current()
        if self._seen is None or self._seen[0] is not hand or self._seen[1] != agent:
            self._seen = (hand, agent, view_of(hand, self.possible_agents.index(agent)))
        return self._seen[2]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.legal(agent)
        if action is None or int(action) not in legal:
            names = ", ".join(f"{i} {ACTION_NAMES[i]}" for i in sorted(legal))
            raise ValueError(f"{agent}: action {action} is not legal now; legal: {names}")
        self._cumulative_rewards[agent] = 0.0
        hand = self._current().apply(legal[int(action)])
        self.hand = hand
        if hand.is_over:
            for seat, agent_name in enumerate(self.possible_agents):
                self.rewards[agent_name] = reward_of(hand, seat, self.reward_unit)
                self.terminations[agent_name] = True
        else:
            self._clear_rewards()
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        hand = self._current()
        names = [a.replace("_", " ") for a in self.possible_agents]
        text = text_history(hand, names=names, title="stud.env")
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self.hand = None


def env(**kwargs: Any) -> StudAECEnv:
    """The environment, as PettingZoo's ``env()`` constructors name it."""
    return StudAECEnv(**kwargs)
