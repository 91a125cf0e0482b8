"""Compile every numba kernel once, ahead of use: ``python -m stud.compiled.warmup``.

The kernels (hand evaluation, odds, the simulator's engine, the bots' policies,
the batched environment and its observation encoder) are compiled on first use and
kept in numba's on-disk cache. The first use on a fresh install would otherwise
stall for some seconds (a minute for the batched environment) in the middle of a
game or a training run; ``make`` runs this right after installing, so it never does.
The batched environment is compiled when its extra (``stud[env]``) is installed.
"""

from __future__ import annotations

import time

from stud.compiled.evaluation import compile_all
from stud.compiled.numba_cache import refresh
from stud.equity import Method, Situation, run_equity
from stud.rules import Rules, Variant
from stud.sim.run import Simulation, play_chunk

__all__ = ["warm_up"]

ENV_PACKAGES = frozenset({"pettingzoo", "gymnasium"})
"""The ``env`` extra's packages, which ``stud.env`` imports."""


def warm_up() -> float:
    """Compile (or load) every kernel by running each once; the seconds it took."""
    start = time.perf_counter()
    refresh()
    compile_all()
    situation = Situation.parse("stud8", ["As Ks Qs Js Ts 9s", "2c 3c 4d 5d 7h 7d"])
    for method in Method:
        for _ in run_equity(situation, method=method, trials=10):
            pass
    ranged = Situation.parse("stud8", ["[KK, XhXh] 9s", "?? ?? 2c 3c"])  # dealt card by card
    for _ in run_equity(ranged, method=Method.MONTE_CARLO, trials=10):
        pass
    for variant in Variant:
        lineup = ("tight", "equity", "station", "random", "learned")
        play_chunk(Simulation(Rules(variant=variant), lineup, 4), 0, 4)
    _warm_batched_env()
    return time.perf_counter() - start


def _warm_batched_env() -> None:
    """Step the environments once, with bots inside, if ``stud[env]`` is here."""
    try:
        from stud.env import BatchedStudEnv, StudGymEnv  # noqa: PLC0415
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] in ENV_PACKAGES:
            return
        raise
    env = BatchedStudEnv(2, "stud8", 3, opponents=("tight", "random"))
    _, masks = env.reset(seed=0)
    env.step(masks.argmax(axis=1))
    one = StudGymEnv("stud8", ("tight", "equity", "learned"))  # the one-table kernels
    observation, _ = one.reset(seed=0)
    one.step(int(observation["action_mask"].argmax()))


if __name__ == "__main__":
    print(f"stud: kernels compiled and cached in {warm_up():.1f} s")
