"""A simulation's results per bot: chips, big bets per 100 hands with a 95% interval,
and the house's rake. Every bot's figures are after the rake.

The chunks' integer totals are added up per bot name, in Python integers, so
results are exact and identical however the hands were split. A bot named more
than once sits in several seats: it plays every hand (``hands``) in each of its
``seats``, and its per-hand figures (net chips, bb/100) are per seat, so they
compare with a bot in one seat. The interval is the normal one for a mean of
independent hands: every hand starts from fresh stacks, so a seat's hands are
independent draws.

An interrupted run collects the chunks it finished: fewer hands, the same kind of
result (``SimResult.complete`` says which).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from stud.compiled.runs import S_FIELDS, S_NET, S_NET_SQ, S_SCOOPS, S_SHOWDOWNS, S_WINS
from stud.sim.run import ChunkResult, Simulation

__all__ = ["Z95", "BotResult", "SimResult", "collect"]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


@dataclass(frozen=True, slots=True)
class BotResult:
    """One bot's totals over a simulation.

    ``hands``: hands it played; ``seats``: how many seats it had in each, so
    ``seat_hands`` is their product and the means are per seat. ``showdowns``: hands
    it was still in at a showdown. ``wins``: hands in which it took chips from the
    pot (a share counts). ``scoops``: showdowns in which it alone
    took every chip awarded (in stud8, both halves, or the whole pot with no low).
    """

    name: str
    hands: int
    seats: int
    net: int
    net_sq: int
    showdowns: int
    wins: int
    scoops: int
    big_bet: int

    @property
    def seat_hands(self) -> int:
        """Hands played, counted once per seat."""
        return self.hands * self.seats

    @property
    def mean(self) -> float:
        """Net chips per hand in one seat."""
        return self.net / self.seat_hands

    @property
    def sd(self) -> float:
        """The sample standard deviation of the net chips of one seat in one hand."""
        n = self.seat_hands
        if n < 2:
            return math.nan
        variance = (self.net_sq - self.net * self.net / n) / (n - 1)
        return math.sqrt(max(0.0, variance))

    @property
    def bb_per_100(self) -> float:
        """Big bets won per 100 hands, per seat."""
        return 100 * self.mean / self.big_bet

    @property
    def ci95(self) -> float:
        """The half-width of the 95% confidence interval of ``bb_per_100``."""
        return 100 * Z95 * self.sd / math.sqrt(self.seat_hands) / self.big_bet

    def as_dict(self) -> dict[str, object]:
        """The result for ``--json``."""
        ci = self.ci95
        return {
            "name": self.name,
            "hands": self.hands,
            "seats": self.seats,
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
    hands: int
    """Hands played: ``sim.hands``, or fewer when the run was interrupted."""
    bots: tuple[BotResult, ...]
    cumulative: npt.NDArray[np.int64] | None
    """Each bot's running net chips after each hand played (``hands x bots``, all its
    seats together), if kept."""

    @property
    def rake(self) -> int:
        """Chips the house took over the hands played (R9). Every chip a bot lost went
        to another bot or to the house (R9.4), so it is what the bots lost together."""
        return -sum(bot.net for bot in self.bots)

    @property
    def rake_per_100(self) -> float:
        """Chips of rake per 100 hands (each hand pays it once, whatever the seats)."""
        return 100 * self.rake / self.hands if self.hands else 0.0

    @property
    def complete(self) -> bool:
        """Whether every hand of the simulation was played."""
        return self.hands == self.sim.hands

    def as_dict(self) -> dict[str, object]:
        """The results for ``--json`` (timing is the caller's to add)."""
        sim = self.sim
        return {
            "variant": sim.rules.variant.value,
            "stakes": sim.rules.stakes,
            "hands": self.hands,
            "complete": self.complete,
            "seed": sim.seed,
            "stack": sim.stack,
            "lineup": list(sim.bots),
            "rake": sim.rules.rake or None,
            "rake_chips": self.rake,
            "rake_per_100": round(self.rake_per_100, 4),
            "bots": [b.as_dict() for b in self.bots],
        }


def collect(sim: Simulation, chunks: Sequence[ChunkResult]) -> SimResult:
    """Add up the chunks per bot name: every chunk of ``sim``, or those an interrupted run
    finished."""
    names = list(dict.fromkeys(sim.bots))
    where = [names.index(name) for name in sim.bots]
    totals = [[0] * S_FIELDS for _ in names]
    for chunk in chunks:
        for position, row in enumerate(chunk.stats.tolist()):
            total = totals[where[position]]
            for field, value in enumerate(row):
                total[field] += value
    played = sum(chunk.count for chunk in chunks)
    if played > sim.hands:
        raise ValueError(f"the chunks cover {played} hands, more than {sim.hands}")
    bots = tuple(
        BotResult(
            name=name,
            hands=played,
            seats=sim.bots.count(name),
            net=t[S_NET],
            net_sq=t[S_NET_SQ],
            showdowns=t[S_SHOWDOWNS],
            wins=t[S_WINS],
            scoops=t[S_SCOOPS],
            big_bet=sim.rules.big_bet,
        )
        for name, t in zip(names, totals, strict=True)
    )
    cumulative = None
    if sim.keep_series:
        per_hand = np.zeros((played, len(names)), dtype=np.int64)
        row = 0
        for chunk in sorted(chunks, key=lambda c: c.first):
            assert chunk.series is not None
            block = per_hand[row : row + chunk.count]
            for position in range(sim.players):
                block[:, where[position]] += chunk.series[:, position]
            row += chunk.count
        cumulative = np.cumsum(per_hand, axis=0)
    return SimResult(sim, played, bots, cumulative)
