"""A player's results and EV-adjusted results over their hands, drawn as a PNG.

matplotlib draws it, imported only here and only when a graph is asked for, so it
stays the optional ``plot`` extra. The Agg backend needs no display.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

__all__ = ["GraphError", "draw_results", "require_matplotlib"]


class GraphError(ValueError):
    """A graph that cannot be drawn, with the reason."""


def require_matplotlib() -> None:
    """Fail early, before reading any hand, when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401, PLC0415 (optional dependency, imported only when used)
    except ImportError:
        raise GraphError("--graph needs matplotlib: pip install 'stud[plot]'") from None


def draw_results(
    actual: Sequence[float], adjusted: Sequence[float], path: Path, title: str
) -> None:
    """Draw the cumulative results and EV-adjusted results (big bets) to ``path``."""
    require_matplotlib()
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    hands = range(1, len(actual) + 1)
    figure, axes = plt.subplots(figsize=(9, 5), dpi=110)
    axes.plot(hands, actual, label="result", linewidth=1.4)
    axes.plot(hands, adjusted, label="all-in EV adjusted", linewidth=1.4, linestyle="--")
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("hands played")
    axes.set_ylabel("cumulative result (big bets)")
    axes.set_title(title)
    axes.legend(loc="best")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    try:
        figure.savefig(path, format="png")
    except OSError as error:
        raise GraphError(f"--graph {path}: cannot write ({error.strerror})") from None
    finally:
        plt.close(figure)
