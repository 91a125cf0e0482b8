"""Reinforcement-learning environments for stud, stud8 and razz.

* ``StudAECEnv`` (``stud.env.aec``): PettingZoo's AEC API, 2 to 8 agents, one hand
  an episode, on the reference engine.
* ``StudGymEnv`` (``stud.env.gym_env``): Gymnasium's single-agent API, one seat
  against chosen bots.
* ``stud.env.encoding``: the observation vector and the legal-action mask, built
  from a ``PlayerView`` only, shared by both.

A batched environment, thousands of tables stepped at once on the compiled engine
(``stud.sim.engine``), belongs here too, as ``stud.env.batched`` with the same
encoding; it waits for the compiled engine's rewrite, so that it is built on the
engine's public interface rather than today's internals. ``benchmarks/bench_env.py``
has its place in the comparison ready.

``import stud`` does not import this package, so PettingZoo and Gymnasium are
needed only here (``pip install 'stud[env]'``).
"""

from stud.env.aec import StudAECEnv, env
from stud.env.encoding import ACTION_NAMES, N_ACTIONS, OBS_SIZE
from stud.env.gym_env import StudGymEnv

__all__ = ["ACTION_NAMES", "N_ACTIONS", "OBS_SIZE", "StudAECEnv", "StudGymEnv", "env"]
