"""The hands a table finished lately: the last few kept whole (replays, tournaments
reading the result) and the last hour's pots counted for the lobby."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

from stud.actions import PotAwarded
from stud.shuffle import Shuffle
from stud.state import HandState

__all__ = ["HOUR", "LastHour", "RecentHand"]

HOUR = 3600.0


class LastHour:
    """The hands a table finished in the last hour and their pots, kept as they end,
    so the lobby reads its figures from memory (no query per table per look)."""

    def __init__(self, pots: list[tuple[float, int]] | None = None) -> None:
        self._pots: deque[tuple[float, int]] = deque(pots or ())
        self._total = sum(pot for _, pot in self._pots)

    def add(self, ended: float, pot: int) -> None:
        """One hand ended (``ended`` in seconds since the epoch)."""
        self._pots.append((ended, pot))
        self._total += pot
        self._drop(ended)

    def figures(self, now: float) -> tuple[int, float]:
        """Hands finished in the hour before ``now``, and their average pot."""
        self._drop(now)
        count = len(self._pots)
        return count, self._total / count if count else 0.0

    def _drop(self, now: float) -> None:
        while self._pots and self._pots[0][0] < now - HOUR:
            self._total -= self._pots.popleft()[1]


@dataclass(slots=True)
class RecentHand:
    """A hand a table finished: its state, who held each seat, and the deck's proof."""

    hand_id: int
    state: HandState
    seats: tuple[int, ...]
    names: tuple[str, ...]
    accounts: tuple[int, ...]
    ended: float = field(default_factory=time.time)
    shuffle: Shuffle | None = None

    @property
    def pot(self) -> int:
        """Every chip the hand awarded."""
        return sum(e.amount for e in self.state.events if isinstance(e, PotAwarded))
