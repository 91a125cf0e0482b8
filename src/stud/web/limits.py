"""How often one client address may do something costly: a token bucket per address.

New accounts cost the house a bankroll each, so guests and sign-ups are limited
per address: a burst at once, then one per ``every`` seconds; so are failed
sign-ins, against guessing passwords. The clock is passed in, so tests need no
waiting.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["RateLimit"]


@dataclass
class RateLimit:
    """``burst`` at once per key, then one more every ``every`` seconds."""

    burst: int = 5
    every: float = 600.0
    clock: Callable[[], float] = time.monotonic
    keys: int = 10_000
    """Addresses remembered at most; the oldest are forgotten first."""
    _held: dict[str, tuple[float, float]] = field(default_factory=dict)

    def _now_held(self, key: str) -> tuple[float, float]:
        now = self.clock()
        held, since = self._held.get(key, (float(self.burst), now))
        return min(float(self.burst), held + (now - since) / self.every), now

    def until_free(self, key: str) -> float:
        """Seconds until ``key`` may have one (0 when it may now), taking nothing."""
        held, _ = self._now_held(key)
        return 0.0 if held >= 1 else (1 - held) * self.every

    def wait(self, key: str) -> float:
        """Take one for ``key`` and return 0, or the seconds until one is free (nothing taken)."""
        held, now = self._now_held(key)
        self._held.pop(key, None)
        if held < 1:
            self._held[key] = (held, now)
            return (1 - held) * self.every
        self._held[key] = (held - 1, now)
        while len(self._held) > self.keys:
            del self._held[next(iter(self._held))]
        return 0.0
