"""Environment speed: agent steps per second of ``stud.env`` next to a pokerkit loop, one core.

The work of one step, the same on both sides: the agent to act gets its
observation (its own cards, everyone's face-up cards, chips) and its mask of legal
action kinds, picks uniformly among the legal kinds, and the action is applied;
hands are six-handed stud8 from fresh stacks, dealt and shown down automatically.

* ``stud.env AEC``: ``StudAECEnv`` (PettingZoo) on the compiled engine (its
  default: one call into compiled code a step), and on the reference engine
  (``stud.state``: every action checked, every observation from a ``PlayerView``).
* ``stud.env Gym``: ``StudGymEnv`` (Gymnasium), one learner and five random bots,
  counting the learner's steps only (the bots' turns are played inside ``step``),
  on each engine.
* ``pokerkit``: pokerkit 0.7's ``State`` with dealing, collection and showdown
  automated, and the same observation and mask built from it at every step.

* ``stud.env batched``: ``BatchedStudEnv`` on the compiled engine, N tables at
  once, every seat played by the learner (every step is an agent step, as in the
  AEC row): numpy arrays of observations and masks out, one action per table in,
  chosen uniformly among the legal ones by numpy, vectorised over the tables.

    .venv/bin/python benchmarks/bench_env.py [--rounds 5] [--seconds 2] [--tables 1,64,1024,8192]

Each figure is the median of several rounds (the machine is shared): steps per
second of wall-clock time, and steps per second of this process's own CPU time,
which other programs on the machine hardly change.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from bench_sim import PLAYERS, STACK, pokerkit_state  # the same pokerkit table
from stud.env import N_ACTIONS, StudAECEnv, StudGymEnv
from stud.env.aec import Engine
from stud.env.batched import BatchedStudEnv
from stud.env.encoding import BRING_IN, CHECK_CALL, FOLD, O_DOWN, O_SEATS, O_UP, OBS_SIZE, RAISE

STAKES = "1/2/5/10"  # bench_sim's RULES


class Rate(NamedTuple):
    """Steps per second of wall-clock time and of this process's CPU time."""

    wall: float
    cpu: float


class Clock:
    """Wall-clock and CPU time since it was made; ``rate`` of steps over both."""

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()

    def elapsed(self) -> float:
        return time.perf_counter() - self.wall

    def rate(self, steps: int) -> Rate:
        return Rate(steps / self.elapsed(), steps / (time.process_time() - self.cpu))


class Uniform:
    """A uniformly random legal action index from a mask: the same cheap draw for every loop."""

    def __init__(self, seed: int) -> None:
        self.draw = random.Random(seed).random

    def __call__(self, mask: np.ndarray[Any, Any]) -> int:
        legal = mask.nonzero()[0]
        return int(legal[int(self.draw() * len(legal))])


def aec_rate(engine: Engine) -> Callable[[float], Rate]:
    """Agent steps per second of the PettingZoo environment on ``engine``."""

    def rate(seconds: float) -> Rate:
        env = StudAECEnv("stud8", PLAYERS, stakes=STAKES, stack=STACK, engine=engine)
        choose = Uniform(1)
        env.reset(seed=1)  # seeded once, then a stream of hands
        steps, clock = 0, Clock()
        while clock.elapsed() < seconds:
            env.reset()
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(choose(observation["action_mask"]))
                steps += 1
        return clock.rate(steps)

    return rate


def gym_rate(engine: Engine) -> Callable[[float], Rate]:
    """Learner steps per second of the Gymnasium environment against random bots."""

    def rate(seconds: float) -> Rate:
        env = StudGymEnv(
            "stud8", ("random",), players=PLAYERS, stakes=STAKES, stack=STACK, engine=engine
        )
        choose = Uniform(1)
        env.reset(seed=1)  # seeded once, as Gymnasium asks: a seed makes a new np_random
        steps, clock = 0, Clock()
        while clock.elapsed() < seconds:
            observation, _ = env.reset()
            done = False
            while not done:
                observation, _, done, _, _ = env.step(choose(observation["action_mask"]))
                steps += 1
        return clock.rate(steps)

    return rate


def batched_rate(tables: int) -> Callable[[float], Rate]:
    """Agent steps per second of the batched environment with ``tables`` tables."""

    def rate(seconds: float) -> Rate:
        env = BatchedStudEnv(
            tables, "stud8", PLAYERS, every_seat=True, stakes=STAKES, stack=STACK, copy=False
        )
        choose = np.random.default_rng(1)
        _, masks = env.reset(seed=0)
        steps, clock = 0, Clock()
        while clock.elapsed() < seconds:
            # uniform among the legal actions: the largest of a random key per legal slot
            keys = choose.random(masks.shape) * masks
            _, masks, _, _ = env.step(keys.argmax(axis=1))
            steps += tables
        return clock.rate(steps)

    return rate


_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


def _code(card: Any) -> int:
    return _RANKS.index(card.rank.value) * 4 + _SUITS.index(card.suit.value)


def pokerkit_observe(state: Any) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The actor's observation and mask, as ``stud.env.encoding`` lays them out."""
    me = state.actor_index
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    total = STACK * PLAYERS
    for rel in range(PLAYERS):
        seat = (me + rel) % PLAYERS
        for card in state.get_up_cards(seat):
            obs[O_UP + 52 * rel + _code(card)] = 1.0
        base = O_SEATS + 7 * rel
        obs[base] = 1.0
        obs[base + 1] = not state.statuses[seat]
        obs[base + 4] = state.stacks[seat] / total
        obs[base + 5] = state.bets[seat] / total
    for card in state.get_down_cards(me):
        obs[O_DOWN + _code(card)] = 1.0
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    mask[FOLD] = state.can_fold()
    mask[CHECK_CALL] = state.can_check_or_call()
    mask[BRING_IN] = state.can_post_bring_in()
    mask[RAISE] = state.can_complete_bet_or_raise_to()
    return obs, mask


def pokerkit_rate(seconds: float) -> Rate:
    """Steps per second of a pokerkit loop doing the same work."""
    choose = Uniform(1)
    steps, clock = 0, Clock()
    while clock.elapsed() < seconds:
        state = pokerkit_state()
        while state.status:
            _, mask = pokerkit_observe(state)
            kind = choose(mask)
            if kind == FOLD:
                state.fold()
            elif kind == CHECK_CALL:
                state.check_or_call()
            elif kind == BRING_IN:
                state.post_bring_in()
            else:
                state.complete_bet_or_raise_to()
            steps += 1
    return clock.rate(steps)


def median_rate(measure: Callable[[float], Rate], seconds: float, rounds: int) -> Rate:
    """The median wall-clock and the median CPU rate of ``rounds`` rounds."""
    rates = [measure(seconds) for _ in range(rounds)]
    return Rate(statistics.median(r.wall for r in rates), statistics.median(r.cpu for r in rates))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--tables", default="1,64,1024,8192", help="batched sizes, commas")
    args = parser.parse_args()
    sizes = [int(n) for n in args.tables.split(",")]
    batched = {f"stud.env batched, N={n:,}": batched_rate(n) for n in sizes}
    rows = {
        "stud.env AEC, compiled": aec_rate("compiled"),
        "stud.env AEC, reference": aec_rate("reference"),
        "stud.env Gym 5 bots, compiled": gym_rate("compiled"),
        "stud.env Gym 5 bots, reference": gym_rate("reference"),
        "pokerkit loop": pokerkit_rate,
        **batched,
    }
    for warm in rows.values():  # caches, kernels
        warm(0.2)
    print(
        f"six-handed stud8, {args.rounds} rounds of {args.seconds:g} s, "
        "median agent steps/s, one core"
    )
    print(f"{'':<32}{'wall clock':>12}{'':>15}{'CPU time':>12}")
    rates = {
        name: median_rate(measure, args.seconds, args.rounds) for name, measure in rows.items()
    }
    reference = rates["pokerkit loop"]
    for name, rate in rates.items():
        print(
            f"{name:<32}{rate.wall:>12,.0f}{rate.wall / reference.wall:>11,.1f}x pk"
            f"{rate.cpu:>12,.0f}{rate.cpu / reference.cpu:>11,.1f}x pk"
        )


if __name__ == "__main__":
    main()
