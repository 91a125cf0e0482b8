"""Running the processes of a cardroom on many processes: a worker's main loop, and
``stud serve --workers N --gateways M``, a whole cluster on this machine.

The local cluster starts Debian's ``redis-server`` in a temporary directory on a
free port when no ``--redis`` is given (no snapshots, nothing kept), then the
workers and the gateways as ``stud serve --role ...`` processes of their own,
prints each gateway's URL, and on Ctrl-C or SIGTERM drains the workers, stops the
gateways and Redis, and removes the directory.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence

from stud.web.settings import Settings
from stud.web.store import Store

__all__ = ["free_port", "local_cluster", "redis_server", "run_worker"]

STUD = [sys.executable, "-c", "from stud.cli.main import main; main()"]
"""This stud's command line, run by the interpreter running this one."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def run_worker(store: Store, redis: str, settings: Settings, lease: float) -> None:
    """A worker until SIGTERM or Ctrl-C, which drain it (``Worker.drain``)."""
    from stud.compiled.warmup import warm_up  # noqa: PLC0415
    from stud.web.cluster.bus import RedisBus  # noqa: PLC0415
    from stud.web.cluster.worker import Worker  # noqa: PLC0415

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    # The kernels compiled (or loaded) before any table: compiling on the loop at the
    # first deal would hold it past the lease, and the worker would lose its tables.
    warm_up()

    async def main() -> None:
        bus = RedisBus(redis)
        worker = Worker(store, bus, settings, lease=lease)
        loop = asyncio.get_running_loop()
        draining: list[asyncio.Task[None]] = []

        def drain() -> None:
            if not draining:
                draining.append(loop.create_task(worker.drain()))

        loop.add_signal_handler(signal.SIGTERM, drain)
        loop.add_signal_handler(signal.SIGINT, drain)
        print(f"worker {worker.name} is running (process {os.getpid()})", flush=True)
        await worker.run()
        if draining:
            await draining[0]
        await bus.close()
        store.close()
        print(f"worker {worker.name} drained", flush=True)

    asyncio.run(main())


@contextlib.contextmanager
def redis_server() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A throw-away ``redis-server`` on 127.0.0.1: its URL and process."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise FileNotFoundError("redis-server is not installed (Debian's redis-server package)")
    folder = tempfile.mkdtemp(prefix="stud-redis-")
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", folder],
        stdout=subprocess.DEVNULL,
    )
    try:
        _wait_for_port(port, process)
        yield f"redis://127.0.0.1:{port}/0", process
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def _wait_for_port(port: int, process: subprocess.Popen[bytes], patience: float = 10.0) -> None:
    until = time.monotonic() + patience
    while time.monotonic() < until:
        if process.poll() is not None:
            raise RuntimeError(f"redis-server exited with status {process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError(f"redis-server did not listen on port {port}")


def local_cluster(
    db: str,
    redis: str | None,
    workers: int,
    gateways: int,
    host: str,
    port: int,
    options: Sequence[str],
) -> int:
    """Run a cluster here until interrupted; its exit status."""
    with contextlib.ExitStack() as stack:
        if redis is None:
            redis, _ = stack.enter_context(redis_server())
            print(f"redis-server at {redis}", flush=True)
        common = ["--db", db, "--redis", redis, *options]
        processes = [
            subprocess.Popen([*STUD, "serve", "--role", "worker", *common]) for _ in range(workers)
        ]
        for n in range(gateways):
            at = port + n if port else 0
            processes.append(
                subprocess.Popen(
                    [
                        *STUD,
                        "serve",
                        "--role",
                        "gateway",
                        "--host",
                        host,
                        "--port",
                        str(at),
                        *common,
                    ]
                )
            )
        stopping = False

        def stop(signum: int, frame: object) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        running = set(processes)
        try:  # a process that dies is said, and the others go on (they take its tables)
            while not stopping and running:
                time.sleep(0.2)
                for process in [p for p in running if p.poll() is not None]:
                    running.discard(process)
                    print(f"process {process.pid} exited ({process.returncode})", flush=True)
        finally:
            for process in processes:
                if process.poll() is None:
                    process.send_signal(signal.SIGTERM)
            for process in processes:
                try:
                    process.wait(timeout=150)
                except subprocess.TimeoutExpired:
                    process.kill()
        return 0 if stopping else 1
