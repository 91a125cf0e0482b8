"""Steals in stud, as fpdb reads them.

The bring-in is the "small blind", and the players who act after it on third street
are numbered back from the last one to act before the bring-in acts again (position
0, then 1 and 2): those three are the steal positions. A steal is a completion from
one of them with nothing but folds before it; the bring-in then faces it.
"""

from __future__ import annotations

from collections.abc import Callable

from stud.actions import Complete, Fold
from stud.stats.hands import Decision, SeatHand, first_decision

__all__ = ["steal_attempt", "steal_positions", "steal_reply", "steal_success"]


def steal_positions(s: SeatHand) -> dict[int, int]:
    """fpdb's stud positions of the players after the bring-in: the last to act
    before the bring-in acts again is 0, the one before 1, and so on."""
    after = s.third_order[1:]
    return {seat: len(after) - 1 - i for i, seat in enumerate(after)}


def _steal_spot(s: SeatHand) -> Decision | None:
    """The seat's first decision when it could steal: in position 0 to 2, nobody
    but the bring-in in yet."""
    if steal_positions(s).get(s.seat, 99) > 2:
        return None
    return first_decision(s.on(3), lambda d: not d.forced and not d.opened)


def steal_attempt(s: SeatHand) -> tuple[int, int]:
    """A steal position with nothing but the bring-in in: opportunities, completions."""
    spot = _steal_spot(s)
    if spot is None:
        return 0, 0
    return 1, int(isinstance(spot.action, Complete))


def _stealer(s: SeatHand) -> int | None:
    """The seat that stole, if third street's first voluntary wager was a completion
    from a steal position with nothing but folds before it."""
    positions = steal_positions(s)
    for seat, action in s.third_actions[1:]:
        if isinstance(action, Fold):
            continue
        if isinstance(action, Complete) and positions.get(seat, 99) <= 2:
            return seat
        return None
    return None


def _facing_steal(s: SeatHand) -> Decision | None:
    """The bring-in's decision after a steal with only folds between."""
    if s.seat != s.bring_in_seat or _stealer(s) is None:
        return None
    stolen = False
    for seat, action in s.third_actions[1:]:
        if not stolen:
            stolen = isinstance(action, Complete)
            continue
        if seat == s.seat:
            break
        if not isinstance(action, Fold):
            return None
    return first_decision(s.on(3), lambda d: not d.forced)


def steal_reply(done: type) -> Callable[[SeatHand], tuple[int, int]]:
    """The bring-in facing a steal: opportunities, and answers of kind ``done``."""

    def count(s: SeatHand) -> tuple[int, int]:
        decision = _facing_steal(s)
        if decision is None:
            return 0, 0
        return 1, int(isinstance(decision.action, done))

    return count


def steal_success(s: SeatHand) -> tuple[int, int]:
    """A steal made: whether it won the pot on third street."""
    spot = _steal_spot(s)
    if spot is None or not isinstance(spot.action, Complete):
        return 0, 0
    return 1, int(4 not in s.streets and s.folded_on is None and s.won > 0)
