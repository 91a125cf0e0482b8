"""What one seat may see of a hand (R8.4): the one place that decides it.

``seen_down`` says which face-down cards a viewer (a seat, or ``None`` for an
observer) may see: their own, and those a player showed at showdown; every
face-up card and the community card are everyone's. A ``PlayerView`` is built
from a ``HandState`` for one seat on that decision and holds only what that player
could see at a real table: their own cards, everyone's face-up cards, the
community card, the chips, the actions, and cards shown at showdown. Bots and
remote players get views, never states, so they cannot peek; the bots'
observation and the RL encoding are made from a view, and a viewer's hand
history, the cardroom's frames and replays take their face-down cards from
``seen_down``. The compiled engine's observations, which cannot call Python, are
checked against it by a property test (``tests/test_seat_views.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from stud.actions import Action, CardsDealt, Event, HandShown
from stud.cards import Card
from stud.rules import Rules
from stud.state import HandState, Phase

__all__ = ["PlayerView", "seen_down", "view_of", "visible_cards"]


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


def _shown(state: HandState) -> list[tuple[Card, ...] | None]:
    """The cards each seat showed at showdown (``None`` if not shown)."""
    shown: list[tuple[Card, ...] | None] = [None] * state.players
    if state.phase is Phase.SHOWDOWN or state.phase is Phase.OVER:  # none shown before
        for event in state.events:
            if isinstance(event, HandShown):
                shown[event.seat] = event.cards
    return shown


def seen_down(state: HandState, viewer: int | None) -> tuple[tuple[Card, ...], ...]:
    """Each seat's face-down cards as ``viewer`` (a seat, or ``None`` for an observer)
    may see them, seat by seat (R8.4): a seat sees its own; everyone sees those of a
    player who showed them at showdown; of any other seat, nothing (empty)."""
    shown = _shown(state)
    return tuple(
        down if seat == viewer or shown[seat] is not None else ()
        for seat, down in enumerate(state.down)
    )


def visible_cards(state: HandState, viewer: int | None) -> frozenset[Card]:
    """Every card ``viewer`` (a seat, or ``None`` for an observer) may see of the hand:
    ``seen_down``'s, every face-up card and the community card (R8.4)."""
    cards = {c for down in seen_down(state, viewer) for c in down}
    cards.update(c for up in state.up for c in up)
    if state.community is not None:
        cards.add(state.community)
    return frozenset(cards)


def view_of(state: HandState, seat: int) -> PlayerView:
    """The view of ``state`` from ``seat``: nothing of other players' down cards."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat + 1} at a table of {state.players}")
    shown = _shown(state)
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
        down=seen_down(state, seat)[seat],
        community=state.community,
        shown=tuple(shown),
        level=state.level,
        legal_actions=tuple(state.legal_actions()) if state.actor == seat else (),
        events=tuple(_visible(e, seat) for e in state.events),
    )
