"""The one pool (``stud.parallel``) that the simulator, tournament series and odds use."""

from __future__ import annotations

import multiprocessing

import pytest

from stud.parallel import InProcess, JobsError, LocalPool


def _square(n: int) -> int:
    return n * n


def test_local_pool_gives_every_result_and_leaves_no_worker() -> None:
    prepared: list[int] = []
    results = LocalPool(2).map(_square, range(10), prepare=lambda: prepared.append(1))
    assert sorted(results) == [n * n for n in range(10)]
    assert prepared == [1]  # once, in this process, before the workers started
    assert multiprocessing.active_children() == []


def test_a_run_stopped_early_terminates_its_workers() -> None:
    results = LocalPool(2).map(_square, range(1000))
    assert next(results) in {n * n for n in range(1000)}
    results.close()  # the caller stops reading, as Ctrl-C does
    assert multiprocessing.active_children() == []


def test_one_job_or_one_item_runs_here_without_preparing() -> None:
    prepared: list[int] = []
    assert list(LocalPool(1).map(_square, [3, 4], prepare=lambda: prepared.append(1))) == [9, 16]
    assert list(LocalPool(4).map(_square, [5], prepare=lambda: prepared.append(1))) == [25]
    assert list(InProcess().map(_square, [6])) == [36]
    assert prepared == []


def test_jobs_must_be_at_least_one() -> None:
    with pytest.raises(JobsError, match="at least 1, not 0"):
        LocalPool(0)
