"""Charts of results over hands, drawn as PNG files (``stud sim --plot``, ``stud stats
--graph``).

matplotlib draws them: a chart people read needs axes, labels and a legend, which is
its job. It is imported only here and only when a chart is asked for, so it stays the
optional ``plot`` extra (``pip install 'stud[plot]'``); the Agg backend needs no
display.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["drawing", "require_matplotlib"]


def require_matplotlib(option: str, error: Callable[[str], Exception]) -> None:
    """Fail early, before a long run, when matplotlib is missing: ``error`` says that
    ``option`` needs it."""
    try:
        import matplotlib  # noqa: F401, PLC0415 (optional dependency, imported only when used)
    except ImportError:
        raise error(f"{option} needs matplotlib: pip install 'stud[plot]'") from None


@contextmanager
def drawing(path: Path, option: str, error: Callable[[str], Exception]) -> Iterator[Any]:
    """The axes of a new chart: drawn on in the ``with`` block, then given its legend
    and grid and written to ``path``; a path that cannot be written is ``error``,
    naming ``option``."""
    require_matplotlib(option, error)
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    figure, axes = plt.subplots(figsize=(9, 5), dpi=110)
    try:
        yield axes
        axes.legend(loc="best")
        axes.grid(alpha=0.3)
        figure.tight_layout()
        try:
            figure.savefig(path, format="png")
        except OSError as failed:
            raise error(f"{option} {path}: cannot write ({failed.strerror})") from None
    finally:
        plt.close(figure)
