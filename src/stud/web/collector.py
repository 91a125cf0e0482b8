"""The garbage collector's policy for a serving process: short pauses, memory kept.

CPython's cycle collector stops the whole process while it walks. A busy cardroom
keeps most of its objects a while (each table's moments, views and hand), and
almost all of them die by reference counting when the table moves on, never by
the collector. With the collector's default generations, what survives a young
pass is walked again in the middle pass and then in full passes, and a young pass
allowed many objects walks them all: each pass stops every table for as long as its
walk over the room's live state takes, and those pauses are what the slowest
actions wait on.

So here every collection is a young one over at most ``young`` new objects, and
whatever survives it is moved out of the collector's walks at once (``gc.freeze``):
no pass ever walks the room's live state again. Freezing does not keep an object
alive: one that dies by reference counting is freed as before. Only garbage in
reference cycles that was still reachable at its young pass would stay (about a
dozen objects for each websocket connection opened: uvicorn's HTTP protocol that
hands it over). So a watcher thread reads the process's resident memory every
``interval`` seconds, and when it has grown by half since the last full pass,
runs one full pass over everything and freezes what it keeps: a pause, but one
per half again of memory, and a steady room never needs one. (It reads memory and
not the count of frozen objects because counting them walks them all, holding
the interpreter: as long a pause as the walk it would decide on.)
"""

from __future__ import annotations

import gc
import os
import threading
from pathlib import Path
from typing import Any

__all__ = ["Collector"]


class Collector:
    """Installed in a serving process by ``install``; ``uninstall`` gives the default back."""

    def __init__(self, young: int = 1000, interval: float = 60.0, growth: float = 1.5) -> None:
        self.young = young
        """At most this many new tracked objects between young passes (a pause of a few
        milliseconds per thousand on a busy server)."""
        self.interval = interval
        self.growth = growth
        self.limit = 0
        """A full pass runs once resident memory passes this many bytes."""
        self.full_passes = 0
        self._thresholds: tuple[int, int, int] | None = None
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None

    def install(self, *, watch: bool = True) -> None:
        """Freeze what start-up made, collect young objects only, and (``watch``)
        start the thread that runs a full pass when frozen garbage piles up."""
        if self._thresholds is not None:
            return
        self._thresholds = gc.get_threshold()
        gc.collect()
        gc.freeze()
        self.limit = int(self.growth * resident())
        gc.callbacks.append(self._after_pass)
        gc.set_threshold(self.young, 1 << 30, 1 << 30)
        if watch:
            self._stop.clear()
            self._watcher = threading.Thread(target=self._watch, name="stud-gc", daemon=True)
            self._watcher.start()

    def uninstall(self) -> None:
        """The collector as it was before ``install``, with nothing left frozen."""
        if self._thresholds is None:
            return
        self._stop.set()
        if self._watcher is not None:
            self._watcher.join()
            self._watcher = None
        gc.callbacks.remove(self._after_pass)
        gc.set_threshold(*self._thresholds)
        self._thresholds = None
        gc.unfreeze()

    def sweep(self) -> bool:
        """A full pass if resident memory passed the limit; whether one ran."""
        if resident() <= self.limit:
            return False
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.full_passes += 1
        self.limit = int(self.growth * resident())
        return True

    def _after_pass(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            gc.freeze()

    def _watch(self) -> None:
        while not self._stop.wait(self.interval):
            self.sweep()


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident() -> int:
    """This process's resident memory in bytes (0 where the system does not say)."""
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * _PAGE
    except (OSError, IndexError, ValueError):
        return 0
