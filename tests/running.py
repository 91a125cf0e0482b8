"""Running ``stud`` as a child process and signalling it once it says it is under way.

An interrupt test must not guess when a command has started its work (a sleep is
too short on a loaded machine): it waits for the command's own line on stderr,
the progress line a long run prints, and only then sends the signal. The
generous timeouts only turn a hung command into a failure.
"""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
from typing import IO

import pytest

__all__ = ["interruptible", "signal_when"]

WAIT_SECONDS = 300.0
"""How long a command may take to say it is under way, or to end after a signal."""


def interruptible() -> None:
    """In a child before it runs: Ctrl-C back to its default.

    A shell that starts the tests in the background without job control makes them
    ignore SIGINT, and a child inherits that; Python then leaves SIGINT ignored and
    an interrupt test would wait on a command that never hears it.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def signal_when(
    wanted: str, *args: str, sig: signal.Signals = signal.SIGINT, on_stdout: bool = False
) -> subprocess.CompletedProcess[str]:
    """Run ``stud ARGS``, send ``sig`` once a stderr line holds ``wanted``, then wait.

    ``on_stdout`` watches stdout instead. The result holds every line of both streams.
    The wait for the end is bounded: a command that left workers holding its
    pipes never reaches end of file, and fails here.
    """
    command = [sys.executable, "-m", "stud.cli.main", *args]
    lines: queue.Queue[str] = queue.Queue()
    kept: list[str] = []
    seen: list[str] = []

    def read(stream: IO[str], into: list[str] | None) -> None:
        for line in stream:
            if into is None:
                lines.put(line)
            else:
                into.append(line)
        if into is None:
            lines.put("")  # end of file

    with subprocess.Popen(
        command,
        stdin=subprocess.PIPE,  # left open: a command that reads keys waits for them
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        preexec_fn=interruptible,  # noqa: PLW1509  # only resets a signal before exec
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        watched, other = (
            (process.stdout, process.stderr) if on_stdout else (process.stderr, process.stdout)
        )
        readers = [
            threading.Thread(target=read, args=(watched, None), daemon=True),
            threading.Thread(target=read, args=(other, kept), daemon=True),
        ]
        for reader in readers:
            reader.start()
        try:
            while True:
                line = lines.get(timeout=WAIT_SECONDS)
                if not line:
                    pytest.fail(f"{command} ended before saying {wanted!r}:\n{''.join(seen)}")
                seen.append(line)
                if wanted in line:
                    break
            process.send_signal(sig)
            process.wait(timeout=WAIT_SECONDS)
            for reader in readers:
                reader.join(timeout=WAIT_SECONDS)
                assert not reader.is_alive(), "a pipe stayed open after the command ended"
        finally:
            if process.poll() is None:
                process.kill()
    while (line := lines.get()) != "":
        seen.append(line)
    watched_text, other_text = "".join(seen), "".join(kept)
    out, err = (watched_text, other_text) if on_stdout else (other_text, watched_text)
    return subprocess.CompletedProcess(command, process.returncode, out, err)
