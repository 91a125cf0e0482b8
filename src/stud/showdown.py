"""Showdowns that run themselves: who must show, and who may muck (R6.7).

The engine asks each player still in, in the rulebook's order (the last to bet or
raise on the last street first, else the first to act on it, then clockwise), to
show or muck. A cardroom does not wait on that question: a hand the rules require to
be shown is shown, and a hand that can no longer win any part of any pot it contests
is mucked when its player keeps the usual "muck losing hands" setting. ``automatic``
gives that answer for the player whose turn it is, from the hands shown so far only:
the first hand of each pot is always shown, and a hand is mucked only when hands
already on the table beat it for every part of every pot it is in. A hand that wins
or ties for any part of a pot is therefore always shown, and mucking never changes
who wins what.
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.actions import Muck, Show
from stud.pots import Contender
from stud.state import HandState, Phase

__all__ = ["automatic", "can_still_win"]


def automatic(state: HandState, *, muck_losing: bool = True) -> Show | Muck:
    """The showdown choice for the player to act (R6.7): ``Show`` unless the hand can
    no longer win anything and ``muck_losing`` lets its player throw it away."""
    seat = state.actor
    if state.phase is not Phase.SHOWDOWN or seat is None:
        raise ValueError("nobody is to show or muck: the hand is not at its showdown")
    if muck_losing and not can_still_win(state, seat):
        return Muck()
    return Show()


def can_still_win(state: HandState, seat: int) -> bool:
    """Whether ``seat``'s hand wins or ties for some part of some pot it contests against
    the hands shown so far (R6.7): a pot where nothing is shown yet is still open."""
    rules = state.rules
    mine = state.contender(seat)
    for pot in state.showdown_pots():
        if pot.amount <= 0 or seat not in pot.eligible:
            continue
        shown = [state.contender(s) for s in pot.eligible if s != seat and state.declared[s]]
        if _takes_a_part(mine, shown, lowball=rules.lowball, split_low=rules.split_low):
            return True
    return False


def _takes_a_part(
    mine: Contender, shown: Sequence[Contender], *, lowball: bool, split_low: bool
) -> bool:
    if lowball:
        assert mine.low is not None
        return all(o.low is not None and mine.low <= o.low for o in shown)
    assert mine.high is not None
    if all(o.high is not None and mine.high >= o.high for o in shown):
        return True
    if not split_low or mine.low is None:
        return False
    return all(o.low is None or mine.low <= o.low for o in shown)
