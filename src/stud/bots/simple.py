"""The simplest policies: uniformly random, and the calling station."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from stud.actions import Action, BringIn, Call, Check, Fold, Show
from stud.compiled.policies import RANDOM, STATION
from stud.views import PlayerView

__all__ = ["RandomBot", "StationBot"]


@dataclass(frozen=True, slots=True)
class RandomBot:
    """Picks uniformly among the legal actions, never folding when it may check (R5.8),
    and always shows at showdown."""

    name: str = "random"
    policy: ClassVar[int] = RANDOM
    """The same policy, compiled, for the simulator (``stud.compiled.policies``)."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal_actions
        if Show() in legal:
            return Show()
        if Check() in legal:
            legal = tuple(a for a in legal if a != Fold())
        return legal[rng.randrange(len(legal))]


@dataclass(frozen=True, slots=True)
class StationBot:
    """Always checks or calls, brings in for the minimum, and shows down."""

    name: str = "station"
    policy: ClassVar[int] = STATION
    """The same policy, compiled, for the simulator (``stud.compiled.policies``)."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        for action in (Show(), Check(), Call(), BringIn()):
            if action in view.legal_actions:
                return action
        return view.legal_actions[0]
