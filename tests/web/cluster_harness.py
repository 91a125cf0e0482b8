"""A throw-away Redis for the cluster's tests, and a cardroom of gateways and workers
started as processes of their own (``stud serve --role ...``).

``redis_url`` runs Debian's ``redis-server`` in a temporary directory on 127.0.0.1
and a free port (no snapshots), for one test, stopped after it
(``stud.web.cluster.local.redis_server``, what ``stud serve --workers`` uses).
A process's readiness is a line it prints, read from its output: no test waits
on a clock.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from stud.web.cluster.local import redis_server

WAIT = 120.0
"""Seconds any one awaited line may take, on a loaded machine (a hung test fails)."""


LINES = threading.Condition()
"""Notified whenever any process of a test prints a line."""


@pytest.fixture
def redis_url() -> Iterator[str]:
    """The URL of a Redis of this test's own."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (make web-tools installs it)")
    with redis_server() as (url, _process):
        yield url


@dataclass
class Proc:
    """A process of the cluster, every line it printed kept and handed on in order."""

    process: subprocess.Popen[str]
    lines: queue.Queue[str] = field(default_factory=queue.Queue)
    seen: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with LINES:
                self.seen.append(line)
                LINES.notify_all()
            self.lines.put(line)
        self.lines.put("")

    def until(self, wanted: str) -> str:
        """The first line from now holding ``wanted`` (fails if the process ends first)."""
        while True:
            line = self.lines.get(timeout=WAIT)
            if not line:
                raise AssertionError(f"process ended before {wanted!r}: {''.join(self.seen)}")
            if wanted in line:
                return line

    @property
    def pid(self) -> int:
        return self.process.pid

    def signal(self, number: int) -> None:
        os.kill(self.process.pid, number)


def stud_process(*arguments: str) -> Proc:
    """``stud ARGUMENTS`` with its output (stdout and stderr) read line by line."""
    command = [sys.executable, "-c", "from stud.cli.main import main; main()", *arguments]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
    )
    return Proc(process)


@contextlib.contextmanager
def processes() -> Iterator[list[Proc]]:
    """The processes a test starts, each killed at the end if still running."""
    started: list[Proc] = []
    try:
        yield started
    finally:
        for proc in started:
            if proc.process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    proc.signal(signal.SIGCONT)
                    proc.signal(signal.SIGKILL)
            proc.process.wait()
            proc.reader.join(WAIT)
            if proc.process.stdout is not None:
                proc.process.stdout.close()
