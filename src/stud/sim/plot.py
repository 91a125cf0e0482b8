"""Each bot's cumulative result over a simulation, drawn as a PNG (``stud.chart``).

Long runs are thinned to at most ``MAX_POINTS`` points a line, which is more than a
picture can show.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from stud import chart
from stud.sim.results import SimResult
from stud.sim.run import SimError

__all__ = ["MAX_POINTS", "plot_cumulative"]

MAX_POINTS = 4_000


def plot_cumulative(result: SimResult, path: Path) -> None:
    """Draw each bot's running net result, in big bets per seat, against hands played.

    Per seat, as the legend's bb/100 is: a line's slope over 100 hands is the
    legend's figure whether the bot sat in one seat or several.
    """
    if result.cumulative is None:
        raise SimError("this simulation kept no per-hand results (keep_series)")
    sim = result.sim
    seats = np.array([bot.seats for bot in result.bots])
    cumulative = result.cumulative / (sim.rules.big_bet * seats)
    hands = np.arange(1, len(cumulative) + 1)
    step = max(1, len(hands) // MAX_POINTS)
    rows = np.unique(np.append(np.arange(0, len(hands), step), len(hands) - 1))
    with chart.drawing(path, "--plot", SimError) as axes:
        for column, bot in enumerate(result.bots):
            label = f"{bot.name}: {bot.bb_per_100:+.1f} ± {bot.ci95:.1f} bb/100"
            axes.plot(hands[rows], cumulative[rows, column], label=label, linewidth=1.4)
        axes.axhline(0, color="grey", linewidth=0.8)
        axes.set_xlabel("hands played")
        axes.set_ylabel("net result per seat (big bets)")
        stopped = "" if result.complete else f" (stopped after {result.hands:,})"
        axes.set_title(
            f"{sim.rules.variant.game_name}, {sim.rules.stakes}, {sim.hands:,} hands{stopped}, "
            f"seed {sim.seed}"
        )
