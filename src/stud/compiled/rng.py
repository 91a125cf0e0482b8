"""The simulator's random numbers: one small counter-based stream per hand.

Every hand of a simulation draws its deck and its bots' choices from its own stream,
whose start depends only on the simulation's seed and the hand's index. So a hand is
the same whichever process plays it, in whatever order, and a run gives the same
numbers with one job or many (the sum of the hands does not depend on how they were
split up).

The stream is splitmix64: one 64-bit word of state, a fixed odd step, and a mixing
function with good avalanche. It is not cryptographic, and needs not be: it only has
to be fast inside compiled code and identical in plain Python (``Stream``), which the
tests use to check the compiled code.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from stud.compiled.jitted import uncounted

__all__ = [
    "MASK64",
    "Stream",
    "hand_start",
    "hand_start_compiled",
    "mix64",
    "next_below",
    "next_u64",
]

MASK64 = 0xFFFF_FFFF_FFFF_FFFF
_GOLDEN = 0x9E37_79B9_7F4A_7C15

_U_GOLDEN = np.uint64(_GOLDEN)
_U_M1 = np.uint64(0xBF58_476D_1CE4_E5B9)
_U_M2 = np.uint64(0x94D0_49BB_1331_11EB)
_U30 = np.uint64(30)
_U27 = np.uint64(27)
_U31 = np.uint64(31)
_U11 = np.uint64(11)
_TO_UNIT = 1.0 / 9007199254740992.0  # 2 ** -53


def mix64(value: int) -> int:
    """splitmix64's finaliser: a 64-bit word to a well-mixed 64-bit word."""
    z = value & MASK64
    z = (z ^ z >> 30) * 0xBF58_476D_1CE4_E5B9 & MASK64
    z = (z ^ z >> 27) * 0x94D0_49BB_1331_11EB & MASK64
    return z ^ z >> 31


def hand_start(seed: int, index: int) -> int:
    """The stream state a simulation with ``seed`` starts hand ``index`` from."""
    return mix64((mix64(seed) + (index + 1) * _GOLDEN) & MASK64)


class Stream:
    """The same stream as the compiled ``next_u64``, in plain Python."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next_u64(self) -> int:
        """The next 64-bit word."""
        self.state = (self.state + _GOLDEN) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """A whole number in ``0..n-1``, as ``next_below`` draws it."""
        return int(((self.next_u64() >> 11) * _TO_UNIT) * n)


@njit(cache=True, inline="always")
def next_u64(state: Any) -> Any:
    """The next word of the stream whose state is ``state[0]`` (advanced in place)."""
    s = state[0] + _U_GOLDEN
    state[0] = s
    z = s
    z = (z ^ (z >> _U30)) * _U_M1
    z = (z ^ (z >> _U27)) * _U_M2
    return z ^ (z >> _U31)


@njit(cache=True, inline="always")
def next_below(state: Any, n: int) -> int:
    """A whole number in ``0..n-1`` (53 random bits scaled: bias below 2 ** -40)."""
    return int(float(next_u64(state) >> _U11) * _TO_UNIT * n)


@njit(cache=True, inline="always")
def _mix(z: Any) -> Any:
    z = (z ^ (z >> _U30)) * _U_M1
    z = (z ^ (z >> _U27)) * _U_M2
    return z ^ (z >> _U31)


@uncounted
def hand_start_compiled(seed: Any, index: int) -> Any:
    """``hand_start`` in compiled code (``seed`` a ``uint64``)."""
    return _mix(_mix(seed) + np.uint64(index + 1) * _U_GOLDEN)
