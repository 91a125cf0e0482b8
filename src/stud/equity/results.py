"""What a run of the odds gives: each player's counts and share of the pot."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from stud.cards import Card, format_cards
from stud.equity.situation import Situation

__all__ = ["EquityResult", "Method", "PlayerOdds"]


class Method(StrEnum):
    """How the odds were found."""

    EXACT = "exact"
    MONTE_CARLO = "monte-carlo"


@dataclass(frozen=True, slots=True)
class PlayerOdds:
    """One player's results over all outcomes counted.

    ``wins`` are outcomes where the player takes the whole pot alone (a scoop in
    stud8), ``ties`` where they get part of it, ``losses`` where they get nothing.
    ``share`` is the expected fraction of the pot (EV), exact for exact methods.
    """

    cards: tuple[Card, ...]
    """The player's cards seen (``Situation.describe`` writes the whole hand)."""
    wins: int
    ties: int
    losses: int
    high_wins: int
    high_ties: int
    low_wins: int
    low_ties: int
    share: float
    share_error: float
    """The standard error of ``share`` (0 for exact results)."""

    @property
    def scoops(self) -> int:
        """Outcomes where the player takes the whole pot alone."""
        return self.wins


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The odds of a situation."""

    situation: Situation
    method: Method
    outcomes: int
    """Outcomes counted (exact) or trials dealt (Monte Carlo). With ranges, an exact
    count weighs each outcome by its holding's weight (in whole numbers)."""
    total_outcomes: int
    """How many outcomes the situation has in all (weighted alike)."""
    players: tuple[PlayerOdds, ...]
    seed: int | None = None
    complete: bool = True
    """False for a Monte Carlo run stopped early (the counts so far)."""

    def to_dict(self) -> dict[str, Any]:
        """A plain dictionary for JSON."""
        return {
            "variant": self.situation.variant.value,
            "method": self.method.value,
            "outcomes": self.outcomes,
            "total_outcomes": self.total_outcomes,
            "seed": self.seed,
            "complete": self.complete,
            "dead": format_cards(self.situation.dead),
            "holdings": self.situation.holdings(),
            "players": [
                {
                    "cards": self.situation.describe(i),
                    "wins": p.wins,
                    "ties": p.ties,
                    "losses": p.losses,
                    "win": p.wins / self.outcomes if self.outcomes else 0.0,
                    "tie": p.ties / self.outcomes if self.outcomes else 0.0,
                    "lose": p.losses / self.outcomes if self.outcomes else 0.0,
                    "high_wins": p.high_wins,
                    "high_ties": p.high_ties,
                    "low_wins": p.low_wins,
                    "low_ties": p.low_ties,
                    "scoops": p.scoops,
                    "equity": p.share,
                    "equity_error": p.share_error,
                }
                for i, p in enumerate(self.players)
            ],
        }
