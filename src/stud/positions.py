"""A finished hand's positions again, one step at a time, rebuilt from its events.

Replays (the cardroom's and the terminal's) and odds street by street need the hand
as it stood at each step, not only how it ended. Only the dealt cards and the
decisions are replayed through the engine; antes, streets, returned bets and awards
follow from the rules again, so a history whose events the rules do not give back
is refused rather than drawn wrong.
"""

from __future__ import annotations

from stud.actions import (
    ActionTaken,
    CardsDealt,
    CommunityCardDealt,
    Event,
    HandMucked,
    HandShown,
    Muck,
    PotAwarded,
    RakeTaken,
    Show,
)
from stud.state import HandState, IllegalActionError, Phase, new_hand

__all__ = ["PositionError", "Step", "steps"]

Step = tuple[HandState, tuple[Event, ...]]
"""The hand at one step, and the events that step added."""


class PositionError(ValueError):
    """The hand's events cannot be played again through the rules."""


def steps(final: HandState) -> list[Step]:
    """The hand at each step, with the events each added.

    A step ends where the live table sends a frame: when someone is to act or the
    hand is over (the call that closes a street comes with the next street's deal).
    """
    state = new_hand(final.rules, final.starting_stacks)
    out: list[Step] = []
    start = 0
    for event in final.events:
        try:
            state = _again(state, event)
        except IllegalActionError as error:
            raise PositionError(f"the hand does not replay: {error}") from None
        if len(state.events) > start and state.phase is not Phase.DEAL:
            out.append((state, state.events[start:]))
            start = len(state.events)
    if state.events != final.events:
        if not (out and state.is_over and final.rake and _same_play(state, final)):
            raise PositionError("the hand does not replay to the same events")
        # The history records a rake its rules do not take (``phh.replay`` took it
        # out of the pots): the hand ends as the history says.
        begun = len(state.events) - len(out[-1][1])
        out[-1] = (final, final.events[begun:])
    return out


def _same_play(rebuilt: HandState, final: HandState) -> bool:
    """Whether two endings of a hand differ only in the rake and the awards after it."""

    def play(state: HandState) -> list[Event]:
        return [e for e in state.events if not isinstance(e, RakeTaken | PotAwarded)]

    return play(rebuilt) == play(final)


def _again(state: HandState, event: Event) -> HandState:
    """``state`` after the deal or decision ``event`` records; any other event follows."""
    match event:
        case CardsDealt(seat=seat, down=down, up=up):
            return state.deal(seat, down + up)
        case CommunityCardDealt(card=card):
            return state.deal_community(card)
        case ActionTaken(action=action):
            return state.apply(action)
        case HandShown():
            return state.apply(Show())
        case HandMucked():
            return state.apply(Muck())
        case _:
            return state
