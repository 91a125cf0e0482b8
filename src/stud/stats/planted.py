"""Bots with a known leak, planted in the tight bot, to check that the leak report
finds what is there and nothing else.

``DoorLeakBot`` completes more with a door card of ten or higher: where the tight
bot would not complete but may, it completes with probability ``extra``.
``CallDownBot`` calls down on sixth street: where the tight bot would fold to a
bet, it calls with probability ``extra``. Both are ordinary bots (``stud.bots``)
and can sit at any table, ``stud.stats.planted:DoorLeakBot`` on the command line.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from stud.actions import Action, Call, Complete, Fold, Raise
from stud.bots import TightBot
from stud.cards import Rank
from stud.views import PlayerView

__all__ = ["CallDownBot", "DoorLeakBot"]


@dataclass(frozen=True, slots=True)
class DoorLeakBot:
    """The tight bot, completing more often with a door card of ten or higher."""

    extra: float = 0.35
    name: str = "door-leak"
    base: TightBot = field(default_factory=TightBot)

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        action = self.base.act(view, rng)
        if view.street != 3 or isinstance(action, Complete | Raise):
            return action
        up = view.up[view.seat]
        completion = [a for a in view.legal_actions if isinstance(a, Complete)]
        if completion and up and up[0].rank >= Rank.TEN and rng.random() < self.extra:
            return completion[0]
        return action


@dataclass(frozen=True, slots=True)
class CallDownBot:
    """The tight bot, calling bets on sixth street it would have folded to."""

    extra: float = 1.0
    name: str = "call-down"
    base: TightBot = field(default_factory=TightBot)

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        action = self.base.act(view, rng)
        if (
            view.street == 6
            and isinstance(action, Fold)
            and Call() in view.legal_actions
            and rng.random() < self.extra
        ):
            return Call()
        return action
