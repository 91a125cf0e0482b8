"""Which cards of a replayed history stand in for the cards nobody saw (``??``).

A PHH file may write a card as ``??``; replaying it needs a real card there, so the
reader deals one the file names nowhere (``phh.replay``). Whatever draws or counts
the hand afterwards (a replay's card backs, odds against the cards a history holds)
must know which cards those are.
"""

from __future__ import annotations

import re

from stud.actions import CardsDealt
from stud.cards import Card
from stud.history.phh import PHHHand
from stud.state import HandState

__all__ = ["UNKNOWN", "stand_ins"]

UNKNOWN = "??"
"""How PHH writes a card nobody saw."""

_DEAL = re.compile(r"^\s*d\s+dh\s+p\d+\s+(\S+)")


def stand_ins(hand: PHHHand, final: HandState) -> frozenset[Card]:
    """The cards that stand in for ``hand``'s ``??`` in ``final``, its replay.

    The i-th ``d dh`` action of the file is the i-th deal of the replayed hand, card
    for card; the stand-ins are cards the file names nowhere, so the set is exact.
    """
    deals = [m[1] for a in hand.actions if (m := _DEAL.match(a))]
    dealt = [e for e in final.events if isinstance(e, CardsDealt)]
    unknown: set[Card] = set()
    for cards, event in zip(deals, dealt, strict=True):
        tokens = [cards[i : i + 2] for i in range(0, len(cards), 2)]
        unknown.update(c for t, c in zip(tokens, event.cards, strict=True) if t == UNKNOWN)
    return frozenset(unknown)
