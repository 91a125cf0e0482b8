"""The same simulation as Ray tasks on a local Ray instance gives the same totals."""

from __future__ import annotations

import socket

import pytest

from stud.rules import Rules, Variant
from stud.sim.ray_cluster import RayCluster, check_reachable
from stud.sim.results import collect
from stud.sim.run import InProcess, SimError, Simulation, simulate

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


def _closed_port() -> int:
    """A local port nothing listens on: bound, then released."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_an_unreachable_cluster_fails_at_once_with_the_reason() -> None:
    address = f"127.0.0.1:{_closed_port()}"
    sim = Simulation(Rules(), ("random", "random"), hands=10)
    with pytest.raises(SimError, match=f"--ray {address}: cannot reach {address}"):
        simulate(sim, RayCluster(address))
    assert not ray.is_initialized()
    with pytest.raises(SimError, match="cannot reach"):
        check_reachable(f"ray://{address}")
    with pytest.raises(SimError, match="the port is not a number"):
        check_reachable("127.0.0.1:99999")
    check_reachable("auto")  # left to Ray, which finds its own cluster
