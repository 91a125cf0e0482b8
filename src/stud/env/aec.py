"""A PettingZoo AEC environment: one hand of stud, stud8 or razz for 2 to 8 agents.

An episode is one hand from fresh stacks. Agent ``player_i`` sits in seat
``i + 1``; the agent to act is the one the rules say (the bring-in, then the best
showing hand, R4-R5). Rewards come at the end of the hand, each agent's net result
in chips or, with ``reward_unit="big_bets"``, in big bets.

Two engines play it, with the same observations and masks (``stud.env.encoding``,
from the agent's own view only, R8.4):

* ``engine="compiled"`` (the default): the compiled engine of ``stud sim``, one call
  into compiled code a step (``stud.env.compiled_hand``). Players always show at the
  showdown, as in ``stud sim``; ``hand`` replays the hand on the reference engine
  when asked for.
* ``engine="reference"``: ``stud.state``, a ``PlayerView`` a step; at the showdown
  each player still in shows or mucks.

``reset(seed=s)`` starts a stream of hands from ``s``, which deals this hand and the
hands after it, so a seed gives the same episodes again (each engine its own decks).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NoReturn

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

if TYPE_CHECKING:
    from stud.env.compiled_hand import CompiledHand

__all__ = [
    "Engine",
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
Engine = Literal["compiled", "reference"]
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


def check_engine(engine: str) -> None:
    """A clear error for an engine that is not one of the two."""
    if engine not in ("compiled", "reference"):
        raise ValueError(f"engine={engine!r}: choose 'compiled' or 'reference'")


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
        engine: Engine = "compiled",
    ) -> None:
        super().__init__()
        self.rules = rules_for(variant, stakes)
        self.stack = check_table(players, stack, self.rules, reward_unit)
        check_engine(engine)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: choose 'ansi' or 'human'")
        self.render_mode = render_mode
        self.reward_unit = reward_unit
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.observation_spaces = {a: observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self._hand: HandState | None = None
        self._seen: tuple[HandState, str, PlayerView] | None = None
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.table: CompiledHand | None = None
        """The compiled engine's table (its ``deck``, its arrays), or None on the reference one."""
        self._seeded = False
        if engine == "compiled":
            from stud.env.compiled_hand import CompiledHand  # noqa: PLC0415 (numba, on demand)

            self.table = CompiledHand(self.rules, players, self.stack, range(players), {})
        self._dealt = False

    @property
    def hand(self) -> HandState | None:
        """The hand being played (on the compiled engine, replayed on the reference one)."""
        if self.table is None:
            return self._hand
        return self.table.replay() if self._dealt else None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        table = self.table
        if table is None:
            if seed is not None:
                self._rng = random.Random(seed)
            n = len(self.possible_agents)
            self._hand = new_hand(self.rules, [self.stack] * n, rng=self._rng)
        else:
            if seed is not None or not self._seeded:
                table.seed(seed if seed is not None else random.getrandbits(63))
                self._seeded = True
            table.deal()
            self._dealt = True
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        if self.table is not None:
            self.agent_selection = self.possible_agents[max(self.table.actor, 0)]
            return
        hand = self._current()
        self.agent_selection = self.possible_agents[hand.actor if hand.actor is not None else 0]

    def _current(self) -> HandState:
        if self._hand is None:
            raise RuntimeError("call reset() before playing")
        return self._hand

    def _compiled(self) -> CompiledHand:
        if self.table is None or not self._dealt:
            raise RuntimeError("call reset() before playing")
        return self.table

    def observe(self, agent: str) -> ObsDict:
        if self.table is None:
            return observe(self._view(agent), self.stack * len(self.possible_agents))
        table = self._compiled()
        seat = self._seats[agent]
        mask = table.mask.copy() if seat == table.actor else np.zeros(N_ACTIONS, dtype=np.int8)
        return {"observation": table.observation(seat), "action_mask": mask}

    def legal(self, agent: str) -> dict[int, Action]:
        """The legal actions of ``agent`` now, by action index."""
        if self.table is None:
            return action_map(self._view(agent))
        table = self._compiled()
        return table.legal() if self._seats[agent] == table.actor else {}

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
        if self.table is not None:
            over = self._step_compiled(agent, action)
        else:
            over = self._step_reference(agent, action)
        if over:
            for agent_name in self.possible_agents:
                self.terminations[agent_name] = True
            self._accumulate_rewards()
        else:  # rewards come only at the end: before it there is nothing to clear or add
            self._select()
        if self.render_mode == "human":
            self.render()

    def _step_reference(self, agent: str, action: int | None) -> bool:
        legal = self.legal(agent)
        if action is None or int(action) not in legal:
            _refuse(agent, action, sorted(legal))
        self._cumulative_rewards[agent] = 0.0
        hand = self._current().apply(legal[int(action)])
        self._hand = hand
        if hand.is_over:
            for seat, agent_name in enumerate(self.possible_agents):
                self.rewards[agent_name] = reward_of(hand, seat, self.reward_unit)
        return hand.is_over

    def _step_compiled(self, agent: str, action: int | None) -> bool:
        table = self._compiled()
        mask = table.mask
        if action is None or not 0 <= int(action) < N_ACTIONS or not mask[int(action)]:
            _refuse(agent, action, np.flatnonzero(mask).tolist())
        self._cumulative_rewards[agent] = 0.0
        table.play(int(action))
        if table.actor >= 0:
            return False
        unit = 1 if self.reward_unit == "chips" else self.rules.big_bet
        for seat, agent_name in enumerate(self.possible_agents):
            self.rewards[agent_name] = table.payoff(seat) / unit
        return True

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        hand = self._current() if self.table is None else self._compiled().replay()
        names = [a.replace("_", " ") for a in self.possible_agents]
        text = text_history(hand, names=names, title="stud.env")
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self._hand = None
        self._dealt = False


def _refuse(agent: str, action: int | None, legal: list[int]) -> NoReturn:
    names = ", ".join(f"{i} {ACTION_NAMES[i]}" for i in legal)
    raise ValueError(f"{agent}: action {action} is not legal now; legal: {names}")


def env(**kwargs: Any) -> StudAECEnv:
    """The environment, as PettingZoo's ``env()`` constructors name it."""
    return StudAECEnv(**kwargs)
