"""Reading a player's keys: one keypress at a terminal, one line from a pipe.

At a terminal the table takes single keys, no Enter needed, and keys typed before
a question was on screen are dropped, so a stray key meant for the last screen
never acts on the next one. From a pipe or another program, input is read a line
at a time (the key is the line's text), so the game can be driven and tested
without a terminal. End of input, Ctrl-D and Ctrl-C all end the session cleanly.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol, TextIO

__all__ = ["KeySource", "LineKeys", "TerminalKeys", "key_source"]

_END_KEYS = {"\x04"}  # Ctrl-D, which a terminal in single-key mode passes through


class KeySource(Protocol):
    """Where keys come from."""

    @property
    def single_key(self) -> bool:
        """Whether one keypress answers (else a key then Enter)."""
        ...

    def read_key(self) -> str | None:
        """The next key (``""`` for a bare Enter), or ``None`` when input has ended."""
        ...

    def drop_typeahead(self) -> None:
        """Forget keys typed so far; called before a new question goes on screen."""
        ...


class LineKeys:
    """Keys as lines of text: ``c`` then a newline is the key ``c``."""

    single_key = False

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def read_key(self) -> str | None:
        line = self._stream.readline()
        if not line:
            return None
        return line.strip()

    def drop_typeahead(self) -> None:
        """Nothing to drop: a script's lines are all meant as answers."""


class TerminalKeys:
    """Single keypresses from a terminal in cbreak mode (Ctrl-C still interrupts)."""

    single_key = True

    def __init__(self, fd: int) -> None:
        self._fd = fd

    def read_key(self) -> str | None:
        data = os.read(self._fd, 32)
        if not data:
            return None
        text = data.decode("utf-8", errors="replace")
        # An escape sequence (an arrow key) is one key; otherwise the first key counts.
        key = text if text.startswith("\x1b") else text[0]
        if key in _END_KEYS:
            return None
        if key in ("\r", "\n", " "):
            return ""
        return key

    def drop_typeahead(self) -> None:
        import termios  # noqa: PLC0415  (POSIX only; never imported for a pipe)

        termios.tcflush(self._fd, termios.TCIFLUSH)


@contextmanager
def key_source(stream: TextIO | None = None) -> Iterator[KeySource]:
    """Single keys when ``stream`` (stdin by default) is a terminal, else lines.

    The terminal's mode is restored however the session ends.
    """
    stream = sys.stdin if stream is None else stream
    fd = _fileno(stream)
    if fd is None or not os.isatty(fd):
        yield LineKeys(stream)
        return
    try:
        import termios  # noqa: PLC0415
        import tty  # noqa: PLC0415
    except ImportError:  # a terminal without termios: Enter after each key
        yield LineKeys(stream)
        return
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield TerminalKeys(fd)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _fileno(stream: TextIO) -> int | None:
    try:
        return stream.fileno()
    except (OSError, ValueError, AttributeError):
        return None
