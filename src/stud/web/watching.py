"""Who watched which table when: so a person may replay the hands they saw dealt.

A signed-in viewer's connection to a table is an interval of time; a finished
hand that overlaps one of that person's intervals at that table is a hand they
watched, and they may replay it as an observer saw it. Kept in memory: after a
restart only a hand's players may replay it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Watch", "Watching"]


@dataclass(slots=True)
class Watch:
    """One account's connection to one table, from ``start`` to ``end`` (``None``: open)."""

    account: int
    table: int
    start: float
    end: float | None = None


@dataclass
class Watching:
    """Every account's connections to every table, the last ``keep`` of each."""

    clock: Callable[[], float] = time.time
    keep: int = 50
    _watches: dict[tuple[int, int], list[Watch]] = field(default_factory=dict)

    def open(self, account: int, table: int) -> Watch:
        """An account connected to a table now."""
        watch = Watch(account, table, self.clock())
        kept = self._watches.setdefault((account, table), [])
        kept.append(watch)
        del kept[: -self.keep]
        return watch

    def close(self, watch: Watch) -> None:
        """That connection ended now."""
        watch.end = self.clock()

    def watched(self, account: int, table: int, start: float, end: float) -> bool:
        """Whether the account was at the table during some of ``start`` to ``end``."""
        return any(
            w.start <= end and (w.end is None or w.end >= start)
            for w in self._watches.get((account, table), ())
        )
