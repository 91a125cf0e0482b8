"""Reinforcement-learning environments for stud, stud8 and razz.

* ``StudAECEnv`` (``stud.env.aec``): PettingZoo's AEC API, 2 to 8 agents, one hand
  an episode, on the reference engine.
* ``StudGymEnv`` (``stud.env.gym_env``): Gymnasium's single-agent API, one seat
  against chosen bots.
* ``stud.env.encoding``: the observation vector and the legal-action mask, built
  from a ``PlayerView`` only, shared by all three.
* ``BatchedStudEnv`` (``stud.env.batched``): thousands of tables on the compiled
  engine (``stud.compiled.engine``) stepped in one compiled call, numpy arrays in and
  out, auto-reset, the learner on one seat (bots on the others) or on every seat;
  the same encoding, built by a compiled encoder from the engine's arrays.

``import stud`` does not import this package, so PettingZoo and Gymnasium are
needed only here (``pip install 'stud[env]'``).
"""

from stud.env.aec import StudAECEnv, env
from stud.env.batched import BatchedStudEnv
from stud.env.encoding import ACTION_NAMES, N_ACTIONS, OBS_SIZE
from stud.env.gym_env import StudGymEnv

__all__ = [
    "ACTION_NAMES",
    "N_ACTIONS",
    "OBS_SIZE",
    "BatchedStudEnv",
    "StudAECEnv",
    "StudGymEnv",
    "env",
]
