"""Where independent pieces of work run: this process, local worker processes, or Ray.

The simulator's chunks of hands, a tournament series' tournaments and the odds'
slices of an enumeration are all the same shape: a function of each item, the
items independent, the results added up in any order. A ``Runner`` plays such a
map; ``InProcess`` and ``LocalPool`` (``--jobs``) are here, and
``stud.sim.ray_cluster.RayCluster`` runs the same map as Ray tasks.

Signals, the same for every command: a worker ignores Ctrl-C, which the parent
alone hears (it stops reading, the pool's workers are terminated on the way out,
and the command reports what was finished); a worker dies on SIGTERM, and the
command's own SIGTERM handler (``stud.cli.app.stop_on_sigterm``) kills its
workers before it ends, so none outlives it holding the caller's pipes.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TypeAlias, TypeVar

__all__ = ["InProcess", "JobsError", "LocalPool", "Prepare", "Runner", "worker_signals"]

T = TypeVar("T")
R = TypeVar("R")

Prepare: TypeAlias = Callable[[], None] | None
"""What a map runs once in this process before any worker starts (see ``Runner.map``)."""


class JobsError(ValueError):
    """A number of worker processes that cannot be used."""


class Runner(Protocol):
    """Somewhere to run a function of many independent items."""

    def map(
        self, function: Callable[[T], R], items: Sequence[T], *, prepare: Prepare = None
    ) -> Iterator[R]:
        """``function`` of every item, each result as it is done, in any order.

        ``function`` must be importable by name (a module-level function) and the
        items picklable. ``prepare``, when given, runs once in this process before
        any worker starts, for what the workers should inherit rather than redo
        (compiled code loaded from numba's cache); it is skipped when nothing
        runs elsewhere. However the iteration ends (done, Ctrl-C, an error, the
        caller stops reading), no work is left running.
        """
        ...


class InProcess:
    """Runs the items one after another in this process."""

    def map(
        self, function: Callable[[T], R], items: Sequence[T], *, prepare: Prepare = None
    ) -> Iterator[R]:
        del prepare  # nothing to hand on: the first item loads what it needs
        for item in items:
            yield function(item)


def worker_signals() -> None:
    """A worker leaves Ctrl-C to the parent, which stops it, and dies on SIGTERM."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class LocalPool:
    """Up to ``jobs`` local worker processes, never more than items; one job, or one
    item, runs in this process.

    However the run ends (done, Ctrl-C, an error, the caller stops reading), the
    workers are terminated on the way out: an item still running is thrown away
    rather than waited for, so an interrupted run stops at once.
    """

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise JobsError(f"the number of jobs must be at least 1, not {jobs}")
        self.jobs = jobs

    def map(
        self, function: Callable[[T], R], items: Sequence[T], *, prepare: Prepare = None
    ) -> Iterator[R]:
        workers = min(self.jobs, len(items))
        if workers <= 1:
            yield from InProcess().map(function, items)
            return
        methods = multiprocessing.get_all_start_methods()
        # Forked workers inherit what the parent loaded; spawned ones load it again.
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        if prepare is not None:
            prepare()
        pool = context.Pool(workers, initializer=worker_signals)
        try:
            yield from pool.imap_unordered(function, items)
        finally:
            pool.terminate()
            pool.join()
