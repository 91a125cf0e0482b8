"""Chunks as Ray tasks, for simulations bigger than one machine.

The Ray implementation of ``stud.parallel.Runner``: each item of a map is one Ray
task (a chunk of hands of a simulation, a tournament of a series), and results
come back as tasks finish.
Ray is imported only here and only when used, so it stays an optional extra
(``pip install 'stud[ray]'``); every node of a cluster needs stud installed.

``address`` is what ``ray.init`` takes: a cluster's address, ``"auto"`` for the
cluster this machine belongs to, or ``None`` to start a local Ray instance for this
run (with ``num_cpus`` workers) and stop it afterwards. A ``host:port`` address
(``ray://`` or not) is first tried with a plain TCP connection, because Ray itself
keeps retrying an unreachable one, silently, for over a minute.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit

from stud.parallel import Prepare
from stud.sim.run import SimError

__all__ = ["CONNECT_SECONDS", "RayCluster", "check_reachable", "import_ray"]

T = TypeVar("T")
R = TypeVar("R")

CONNECT_SECONDS = 5.0
"""How long to wait for a cluster's port to answer before saying it cannot be reached."""

LOCAL_OBJECT_STORE = 128 * 1024 * 1024
"""Bytes of shared memory for a local instance: chunk results are a few kilobytes."""


def import_ray() -> Any:
    """The ``ray`` module, or a clear error saying how to install it."""
    try:
        import ray  # noqa: PLC0415 (optional dependency, imported only when used)
    except ImportError:
        raise SimError("--ray needs Ray: pip install 'stud[ray]'") from None
    return ray


def check_reachable(address: str, timeout: float = CONNECT_SECONDS) -> None:
    """Fail fast, with the reason, when a ``host:port`` cluster address does not answer.

    Other addresses (``auto``, ``local``) are left to Ray, which finds them itself.
    """
    parts = urlsplit(address if "://" in address else f"//{address}")
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        raise SimError(f"--ray {address}: the port is not a number from 0 to 65535") from None
    if not host or port is None:
        return
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except TimeoutError:
        raise SimError(
            f"--ray {address}: no answer from {host}:{port} within {timeout:g} s"
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise SimError(f"--ray {address}: cannot reach {host}:{port} ({reason})") from None


class RayCluster:
    """Runs a map as Ray tasks on a cluster (or a local instance): a ``stud.parallel.Runner``."""

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        self.address = address
        self.num_cpus = num_cpus

    def map(
        self, function: Callable[[T], R], items: Sequence[T], *, prepare: Prepare = None
    ) -> Iterator[R]:
        """``function`` of each item as a Ray task, the results as tasks finish (in any
        order). ``function`` must be importable by name on every node, as stud's are.
        ``prepare`` runs here before a local instance starts (its workers then load
        numba's cache rather than compile); a cluster's nodes prepare themselves."""
        ray = import_ray()
        started = False
        if not ray.is_initialized():
            if self.address is None:
                if prepare is not None:
                    prepare()
                ray.init(
                    _node_ip_address="127.0.0.1",  # a local instance stays on loopback
                    num_cpus=self.num_cpus,
                    include_dashboard=False,
                    log_to_driver=False,
                    object_store_memory=LOCAL_OBJECT_STORE,
                    configure_logging=False,
                )
            else:
                check_reachable(self.address)
                try:
                    ray.init(address=self.address, log_to_driver=False, configure_logging=False)
                except ConnectionError as error:
                    raise SimError(f"--ray {self.address}: cannot connect ({error})") from None
            started = True
        try:
            task = ray.remote(function)
            pending = [task.remote(item) for item in items]
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                try:
                    yield ray.get(done[0])
                except ray.exceptions.RayTaskError as error:
                    for ref in pending:  # stop the rest; the first error is the answer
                        ray.cancel(ref)
                    if isinstance(error.cause, ValueError):  # SimError, TournamentError
                        raise error.cause from None
                    raise
        finally:
            if started:
                ray.shutdown()
