"""The leak report: where a player's figures part from a reference's, and what it cost.

Each leak-weighed statistic belongs to a spot (``Stat.spot``): the hands in which
its opportunity came up. For a spot, the player's rate of each of its statistics
is set against the reference's; a difference counts when it is ``threshold``
standard errors or more (4 by default, so that over the few dozen statistics an
unchanged player shows none by chance). What it cost is the spot's result: the
reference's mean result per opportunity less the player's, in big bets, times the
player's opportunities per 100 hands; it is reported when it is above its own
noise (``noise`` standard errors, 1 by default). Leaks are ranked by cost, each
named by its spot's statistic that differs most, with the hands that show it:
those where the player did (or did not do) the thing and lost most. A later
street's leak that may only follow from an earlier one comes after it.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, replace

from stud.stats.counting import Tally, mean_and_error
from stud.stats.table import STATS, Kind, Stat

__all__ = ["Leak", "find_leaks"]


@dataclass(frozen=True, slots=True)
class Leak:
    """One leak: the statistic, both rates, how sure, and the cost per 100 hands."""

    stat: Stat
    spot: str
    rate: float
    """The player's rate, a fraction."""
    reference: float
    z: float
    opportunities: int
    cost: float
    """Big bets lost per 100 hands in the spot, against the reference's results."""
    cost_error: float
    examples: tuple[tuple[str, float], ...]
    """Hands that show the leak: label and the player's result in big bets."""
    follows: str | None = None
    """The key of an earlier street's leak that this one may only follow from."""

    @property
    def direction(self) -> str:
        """``"too often"`` or ``"too seldom"``."""
        return "too often" if self.rate > self.reference else "too seldom"

    def to_dict(self) -> dict[str, object]:
        """A plain dictionary for JSON."""
        return {
            "key": self.stat.key,
            "name": self.stat.name,
            "spot": self.spot,
            "direction": self.direction,
            "rate": self.rate,
            "reference": self.reference,
            "z": self.z,
            "opportunities": self.opportunities,
            "cost_per_100": self.cost,
            "cost_error": self.cost_error,
            "examples": [{"hand": label, "result_bb": r} for label, r in self.examples],
            "follows": self.follows,
        }


def _z(done: int, n: int, ref_done: int, ref_n: int) -> float:
    """The two-proportion z statistic, its variance from the rates pooled (as if the
    player played as the reference): a rate of 0 or 1 over a few opportunities then
    carries the noise of so few, not none."""
    p, r = done / n, ref_done / ref_n
    pooled = (done + ref_done) / (n + ref_n)
    variance = pooled * (1 - pooled) * (1 / n + 1 / ref_n)
    if variance == 0:
        return 0.0 if p == r else math.inf
    return (p - r) / math.sqrt(variance)


def find_leaks(
    player: Tally, reference: Tally, *, threshold: float = 4.0, noise: float = 1.0
) -> list[Leak]:
    """The player's leaks against the reference, the costliest first."""
    spots: dict[str, list[Stat]] = defaultdict(list)
    for stat in STATS:
        if stat.spot is not None and stat.kind is Kind.PERCENT:
            spots[stat.spot].append(stat)
    found: list[Leak] = []
    for spot, stats in spots.items():
        best: tuple[float, Stat] | None = None
        for stat in stats:
            mine, ref = player.line(stat.key), reference.line(stat.key)
            if mine.opportunities < 2 or ref.opportunities < 2:
                continue
            z = _z(mine.done, mine.opportunities, ref.done, ref.opportunities)
            if abs(z) >= threshold and (best is None or abs(z) > abs(best[0])):
                best = (z, stat)
        if best is None:
            continue
        z, stat = best
        mine, ref = player.line(stat.key), reference.line(stat.key)
        my_mean, my_error = mean_and_error(mine.opportunities, mine.net, mine.net_sq)
        ref_mean, ref_error = mean_and_error(ref.opportunities, ref.net, ref.net_sq)
        per_100 = 100 * mine.opportunities / player.hands
        cost = (ref_mean - my_mean) * per_100
        error = math.hypot(my_error or 0.0, ref_error or 0.0) * per_100
        if cost <= noise * error:
            continue
        rate = mine.done / mine.opportunities
        kept = mine.worst_done if rate > ref.done / ref.opportunities else mine.worst_not
        found.append(
            Leak(
                stat=stat,
                spot=spot,
                rate=rate,
                reference=ref.done / ref.opportunities,
                z=z,
                opportunities=mine.opportunities,
                cost=cost,
                cost_error=error,
                examples=tuple(Tally.examples(kept)),
            )
        )
    found.sort(key=lambda leak: -leak.cost)
    return _roots_first(found)


def _roots_first(found: list[Leak]) -> list[Leak]:
    """The leaks with those that may follow from an earlier street's after them.

    A leak changes which hands reach the later streets, so a later street's
    difference that is smaller (in standard errors) than an earlier street's is
    read first as its consequence, and listed after the leaks it may follow from.
    """
    roots: list[Leak] = []
    later: list[Leak] = []
    for leak in found:
        street = leak.stat.street or 0
        cause = next(
            (
                other
                for other in found
                if (other.stat.street or 0) < street and abs(other.z) > abs(leak.z)
            ),
            None,
        )
        if cause is None:
            roots.append(leak)
        else:
            later.append(replace(leak, follows=cause.stat.key))
    return roots + later
