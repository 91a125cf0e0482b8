"""The shapes the core's functions take: anything indexable by seat."""

from __future__ import annotations

from typing import Protocol

__all__ = ["Ints", "MutableInts"]


class Ints(Protocol):
    """Per-seat (or per-slot) integers: a tuple, a list or a numpy array row."""

    def __getitem__(self, index: int, /) -> int: ...


class MutableInts(Ints, Protocol):
    """A buffer the core writes results into."""

    def __setitem__(self, index: int, value: int, /) -> None: ...
