"""A player's results and EV-adjusted results over their hands, drawn as a PNG
(``stud.chart``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from stud import chart

__all__ = ["GraphError", "draw_results"]


class GraphError(ValueError):
    """A graph that cannot be drawn, with the reason."""


def draw_results(
    actual: Sequence[float], adjusted: Sequence[float], path: Path, title: str
) -> None:
    """Draw the cumulative results and EV-adjusted results (big bets) to ``path``."""
    hands = range(1, len(actual) + 1)
    with chart.drawing(path, "--graph", GraphError) as axes:
        axes.plot(hands, actual, label="result", linewidth=1.4)
        axes.plot(hands, adjusted, label="all-in EV adjusted", linewidth=1.4, linestyle="--")
        axes.axhline(0, color="grey", linewidth=0.8)
        axes.set_xlabel("hands played")
        axes.set_ylabel("cumulative result (big bets)")
        axes.set_title(title)
