"""A simulation's results per bot: chips, big bets per 100 hands with a 95% interval.

The chunks' integer totals are added up per bot name (a bot seated twice counts
each seat's hands), so results are exact and identical however the hands were
split. The interval is the normal one for a mean of independent hands: every hand
starts from fresh stacks, so a bot's hands are independent draws.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from stud.sim.engine import S_HANDS, S_NET, S_NET_SQ, S_SCOOPS, S_SHOWDOWNS, S_WINS
from stud.sim.run import ChunkResult, Simulation

__all__ = ["Z95", "BotResult", "SimResult", "collect"]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


@dataclass(frozen=True, slots=True)
class BotResult:
    """One bot's totals over a simulation.

    ``showdowns``: hands it was still in at a showdown. ``wins``: hands in which it
    took chips from the pot (a share counts). ``scoops``: showdowns in which it alone
    took every chip awarded (in stud8, both halves, or the whole pot with no low).
    """

    name: str
    hands: int
    net: int
    net_sq: int
    showdowns: int
    wins: int
    scoops: int
    big_bet: int

    @property
    def mean(self) -> float:
        """Net chips per hand."""
        return self.net / self.hands

    @property
    def sd(self) -> float:
        """The sample standard deviation of the net chips of one hand."""
        if self.hands < 2:
            return math.nan
        variance = (self.net_sq - self.net * self.net / self.hands) / (self.hands - 1)
        return math.sqrt(max(0.0, variance))

    @property
    def bb_per_100(self) -> float:
        """Big bets won per 100 hands."""
        return 100 * self.mean / self.big_bet

    @property
    def ci95(self) -> float:
        """The half-width of the 95% confidence interval of ``bb_per_100``."""
        return 100 * Z95 * self.sd / math.sqrt(self.hands) / self.big_bet

    def as_dict(self) -> dict[str, object]:
        """The result for ``--json``."""
        ci = self.ci95
        return {
            "name": self.name,
            "hands": self.hands,
            "net_chips": self.net,
            "bb_per_100": round(self.bb_per_100, 4),
            "ci95": [round(self.bb_per_100 - ci, 4), round(self.bb_per_100 + ci, 4)]
            if not math.isnan(ci)
            else None,
            "showdowns": self.showdowns,
            "wins": self.wins,
            "scoops": self.scoops,
        }


@dataclass(frozen=True, slots=True)
class SimResult:
    """The results of a simulation, per bot name in lineup order."""

    sim: Simulation
    bots: tuple[BotResult, ...]
    cumulative: npt.NDArray[np.int64] | None
    """Each bot's running net chips after each hand (``hands x bots``), if kept."""

    def as_dict(self) -> dict[str, object]:
        """The results for ``--json`` (timing is the caller's to add)."""
        sim = self.sim
        return {
            "variant": sim.rules.variant.value,
            "stakes": sim.rules.stakes,
            "hands": sim.hands,
            "seed": sim.seed,
            "stack": sim.stack,
            "lineup": list(sim.bots),
            "bots": [b.as_dict() for b in self.bots],
        }


def collect(sim: Simulation, chunks: Sequence[ChunkResult]) -> SimResult:
    """Add up the chunks per bot name."""
    names = list(dict.fromkeys(sim.bots))
    totals = np.zeros((len(names), 6), dtype=np.int64)
    where = [names.index(name) for name in sim.bots]
    for chunk in chunks:
        for position, row in enumerate(chunk.stats):
            totals[where[position]] += row
    covered = sum(chunk.count for chunk in chunks)
    if covered != sim.hands:
        raise ValueError(f"the chunks cover {covered} hands, not {sim.hands}")
    bots = tuple(
        BotResult(
            name=name,
            hands=int(t[S_HANDS]),
            net=int(t[S_NET]),
            net_sq=int(t[S_NET_SQ]),
            showdowns=int(t[S_SHOWDOWNS]),
            wins=int(t[S_WINS]),
            scoops=int(t[S_SCOOPS]),
            big_bet=sim.rules.big_bet,
        )
        for name, t in zip(names, totals, strict=True)
    )
    cumulative = None
    if sim.keep_series:
        per_hand = np.zeros((sim.hands, len(names)), dtype=np.int64)
        for chunk in sorted(chunks, key=lambda c: c.first):
            assert chunk.series is not None
            block = per_hand[chunk.first : chunk.first + chunk.count]
            for position in range(sim.players):
                block[:, where[position]] += chunk.series[:, position]
        cumulative = np.cumsum(per_hand, axis=0)
    return SimResult(sim, bots, cumulative)
