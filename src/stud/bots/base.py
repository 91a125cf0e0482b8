"""The bot protocol: a policy sees one seat's view and the legal actions, never more.

A bot gets a ``PlayerView`` (R8.4: no hidden cards of others) whose
``legal_actions`` lists exactly what it may do, and the random generator to use,
passed in so that a seeded game replays exactly. It returns one of the legal
actions.

Every table asks its bots through ``ask``: a bot that raises, or answers with an
action that is not legal, stops the hand with a ``BotError`` naming the bot, the
hand and the view it was given, instead of a traceback from deep in the engine.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from stud.actions import Action
from stud.cards import format_cards
from stud.views import PlayerView

__all__ = ["Bot", "BotError", "ask", "describe_view"]


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


class BotError(ValueError):
    """A bot that raised or broke the rules, with the hand and the view it was given."""


def describe_view(view: PlayerView) -> str:
    """A view in one line: the seat, street, its cards (down ones in parentheses), the
    other players' face-up cards, the chips and the legal actions."""
    others = "; ".join(
        f"seat {s + 1}{' (folded)' if view.folded[s] else ''} {format_cards(cards)}"
        for s, cards in enumerate(view.up)
        if s != view.seat
    )
    legal = ", ".join(str(a) for a in view.legal_actions) or "none"
    return (
        f"seat {view.seat + 1}, street {view.street} ({view.phase.value}), "
        f"cards ({format_cards(view.down)}) {format_cards(view.up[view.seat])}, "
        f"others showing: {others}, pot {view.pot}, to call {view.to_call}, "
        f"stack {view.stacks[view.seat]}, legal: {legal}"
    )


def ask(
    bot: Bot,
    view: PlayerView,
    rng: random.Random,
    *,
    hand: int | None = None,
    label: str | None = None,
) -> Action:
    """``bot``'s action for ``view``, checked to be legal; a ``BotError`` otherwise.

    ``hand`` numbers the hand and ``label`` names the bot (default: its ``name``)
    in the error.
    """
    where = f" in hand {hand}" if hand is not None else ""
    name = label if label is not None else getattr(bot, "name", type(bot).__name__)
    try:
        action = bot.act(view, rng)
    except Exception as error:  # any failure of the bot's own code is the bot's error
        what = " ".join(str(error).split())
        raise BotError(
            f"bot {name!r} raised {type(error).__name__}"
            f"{': ' + what if what else ''}{where}, given the view: {describe_view(view)}"
        ) from error
    if action not in view.legal_actions:
        raise BotError(
            f"bot {name!r} returned {action!r}, which is not legal{where}, "
            f"given the view: {describe_view(view)}"
        )
    return action
