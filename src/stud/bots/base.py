"""The bot protocol: a policy sees one seat's view and the legal actions, never more.

A bot gets a ``PlayerView`` (R8.4: no hidden cards of others) whose
``legal_actions`` lists exactly what it may do, and the random generator to use,
passed in so that a seeded game replays exactly. It returns one of the legal
actions.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from stud.actions import Action
from stud.views import PlayerView

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """A policy for one seat."""

    @property
    def name(self) -> str:
        """A short name, shown at the table and in results."""
        ...

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """One of ``view.legal_actions``."""
        ...
