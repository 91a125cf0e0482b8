"""How far a long command has got, on stderr: a bar on a terminal, lines elsewhere.

On a terminal a rich bar appears once the work has taken a second (a quick run
shows nothing) and is wiped when it ends. When stderr is a pipe or a file, a bar
would be noise, but a caller still wants to know the work is under way (to
interrupt it, to watch a log): a plain line after the first piece of work that
is not the last, then at most one every ``LINE_SECONDS``. A run done in one piece
prints no line at all.
"""

from __future__ import annotations

import time
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as Bar

__all__ = ["LINE_SECONDS", "Progress"]

LINE_SECONDS = 10.0
"""The least time between two progress lines when stderr is not a terminal."""

BAR_AFTER_SECONDS = 1.0
"""A terminal gets a bar only for work that lasts longer than this."""


class Progress:
    """Progress of ``total`` units of ``unit`` (``hands``, ``trials``) towards an answer."""

    def __init__(self, console: Console, what: str, total: int, unit: str) -> None:
        self.console = console
        self.what = what
        self.total = total
        self.unit = unit
        self.started = time.monotonic()
        self._bar: Bar | None = None
        self._last_line: float | None = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Wipe the bar, if one is showing."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None

    def rate(self, done: int) -> str:
        """Units a second so far, for a person to read."""
        elapsed = time.monotonic() - self.started
        return f"{done / elapsed:,.0f} {self.unit}/s" if elapsed > 0 else ""

    def update(self, done: int) -> None:
        """``done`` units of the total are finished."""
        now = time.monotonic()
        if not self.console.is_terminal:
            due = self._last_line is None or now - self._last_line >= LINE_SECONDS
            if done < self.total and due:
                self._last_line = now
                self.console.print(
                    f"{self.what}: {done:,} of {self.total:,} {self.unit}, {self.rate(done)}",
                    markup=False,
                    highlight=False,
                )
            return
        if self._bar is None and now - self.started > BAR_AFTER_SECONDS:
            self._bar = Bar(
                TextColumn(f"[bold]{self.what}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn(self.unit),
                TextColumn("{task.fields[rate]}"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=self.console,
                transient=True,
            )
            self._bar.add_task(self.what, total=self.total, rate="")
            self._bar.start()
        if self._bar is not None:
            self._bar.update(self._bar.task_ids[0], completed=done, rate=self.rate(done))
