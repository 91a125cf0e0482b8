"""The serving process's collector policy: young passes only, survivors frozen, a full
pass when frozen garbage piles up, and everything given back on uninstall."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from stud.web.collector import Collector, resident


class _Node:
    """A tracked object that can sit in a reference cycle and be watched by a weakref."""

    other: _Node | None = None


@pytest.fixture
def collector() -> Iterator[Collector]:
    thresholds = gc.get_threshold()
    collector = Collector(young=500)
    collector.install(watch=False)
    try:
        yield collector
    finally:
        collector.uninstall()
    assert gc.get_threshold() == thresholds
    assert gc.get_freeze_count() == 0


def test_install_collects_young_objects_only(collector: Collector) -> None:
    young, middle, old = gc.get_threshold()
    assert young == 500
    assert middle > 1_000_000
    assert old > 1_000_000


def test_a_young_pass_freezes_its_survivors(collector: Collector) -> None:
    frozen = gc.get_freeze_count()
    kept = [_Node() for _ in range(100)]
    gc.collect(0)
    assert gc.get_freeze_count() >= frozen + len(kept)
    assert gc.get_count()[0] == 0


def test_a_frozen_object_still_dies_by_reference_count(collector: Collector) -> None:
    node = _Node()
    watch = weakref.ref(node)
    gc.collect(0)
    del node
    assert watch() is None


def test_a_sweep_frees_a_cycle_frozen_while_it_was_reachable(collector: Collector) -> None:
    first, second = _Node(), _Node()
    first.other, second.other = second, first
    watch = weakref.ref(first)
    gc.collect(0)  # reachable now: frozen with the rest
    del first, second
    assert watch() is not None  # a cycle is never freed by reference counting
    collector.limit = 1 << 60  # memory has not grown enough: no full pass
    assert not collector.sweep()
    assert watch() is not None
    collector.limit = 0
    assert collector.sweep()
    assert watch() is None
    assert collector.full_passes == 1
    assert collector.limit > resident()  # the next one only after memory grows again


def test_resident_memory_is_read() -> None:
    assert resident() > 1 << 20  # a Python process holds more than a megabyte


def test_uninstall_stops_the_watcher() -> None:
    collector = Collector(interval=3600)
    collector.install()
    watcher = collector._watcher
    assert watcher is not None
    assert watcher.is_alive()
    collector.uninstall()
    assert not watcher.is_alive()
    assert gc.get_freeze_count() == 0
