"""What one seat may see of a hand (R8.4).

A ``PlayerView`` is built from a ``HandState`` for one seat and holds only what
that player could see at a real table: their own cards, everyone's face-up cards,
the community card, the chips, the actions, and cards shown at showdown. Bots and
remote players get views, never states, so they cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass

from stud.actions import Action, CardsDealt, Event, HandShown
from stud.cards import Card
from stud.rules import Rules
from stud.state import HandState, Phase

__all__ = ["PlayerView", "view_of"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's view of a hand."""

    seat: int
    rules: Rules
    street: int
    phase: Phase
    actor: int | None
    stacks: tuple[int, ...]
    wagers: tuple[int, ...]
    contributed: tuple[int, ...]
    folded: tuple[bool, ...]
    up: tuple[tuple[Card, ...], ...]
    """Every player's face-up cards."""
    down: tuple[Card, ...]
    """This player's own face-down cards."""
    community: Card | None
    shown: tuple[tuple[Card, ...] | None, ...]
    """Cards each player showed at showdown (``None`` if not shown)."""
    level: int
    legal_actions: tuple[Action, ...]
    """What this player may do now (empty when it is not their turn)."""
    events: tuple[Event, ...]
    """The hand's history with other players' face-down cards removed."""

    @property
    def players(self) -> int:
        """How many players are in the hand."""
        return len(self.stacks)

    @property
    def pot(self) -> int:
        """All chips put in so far."""
        return sum(self.contributed)

    @property
    def to_call(self) -> int:
        """What this player must put in to call (before any all-in cap)."""
        return max(0, self.level - self.wagers[self.seat])

    @property
    def my_cards(self) -> tuple[Card, ...]:
        """This player's cards, face down and face up (community card not included)."""
        return self.down + self.up[self.seat]

    @property
    def dead_cards(self) -> tuple[Card, ...]:
        """Cards this player has seen that nobody still in can use: folded up-cards."""
        return tuple(c for s in range(self.players) if self.folded[s] for c in self.up[s])

    @property
    def is_my_turn(self) -> bool:
        """Whether this player must act now."""
        return self.actor == self.seat


def _visible(event: Event, seat: int) -> Event:
    if isinstance(event, CardsDealt) and event.seat != seat and event.down:
        return CardsDealt(event.seat, event.street, (), event.up)
    return event


def view_of(state: HandState, seat: int) -> PlayerView:
    """The view of ``state`` from ``seat``: nothing of other players' down cards."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat + 1} at a table of {state.players}")
    shown: list[tuple[Card, ...] | None] = [None] * state.players
    for event in state.events:
        if isinstance(event, HandShown):
            shown[event.seat] = event.cards
    return PlayerView(
        seat=seat,
        rules=state.rules,
        street=state.street,
        phase=state.phase,
        actor=state.actor,
        stacks=state.stacks,
        wagers=state.wagers,
        contributed=state.contributed,
        folded=state.folded,
        up=state.up,
        down=state.down[seat],
        community=state.community,
        shown=tuple(shown),
        level=state.level,
        legal_actions=tuple(state.legal_actions()) if state.actor == seat else (),
        events=tuple(_visible(e, seat) for e in state.events),
    )
