"""The same simulation as Ray tasks on a local Ray instance gives the same totals."""

from __future__ import annotations

import pytest

from stud.rules import Rules, Variant
from stud.sim.ray_cluster import RayCluster
from stud.sim.results import collect
from stud.sim.run import InProcess, Simulation, simulate

ray = pytest.importorskip("ray")


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::FutureWarning")
def test_ray_tasks_give_the_local_totals() -> None:
    sim = Simulation(
        Rules(Variant.STUD, ante=1, bring_in=2, small_bet=5, big_bet=10),
        ("equity", "tight", "random"),
        hands=1_500,
        seed=7,
    )
    local = collect(sim, simulate(sim, InProcess(), chunk_hands=1_500))
    remote = collect(sim, simulate(sim, RayCluster(None, num_cpus=2), chunk_hands=250))
    assert remote.as_dict() == local.as_dict()
    assert not ray.is_initialized()  # the local instance it started is stopped again
