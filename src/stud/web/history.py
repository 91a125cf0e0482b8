"""A played hand as one player saw it: readable text and PHH, others' hidden cards masked.

The store keeps every hand's full PHH (it must, to be replayed); what a player
downloads is cut down to their chair here: another player's face-down cards
become ``??`` unless that player showed them at showdown.
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.history.phh import parse_phh, replay, to_phh
from stud.history.text import text_history
from stud.state import HandState

__all__ = ["seat_phh", "seat_text", "stored_hand"]


def stored_hand(phh: str) -> HandState:
    """The finished hand behind a stored PHH."""
    return replay(parse_phh(phh, source="stored hand"))


def seat_text(
    state: HandState, names: list[str], seat: int, title: str, table_seats: Sequence[int]
) -> str:
    """The hand's text history from ``seat``'s chair, each player numbered by the
    table's seat it sat in (``table_seats``, 0-based)."""
    return text_history(state, names=names, seat=seat, title=title, table_seats=table_seats)


def seat_phh(state: HandState, names: list[str], seat: int) -> str:
    """The hand's PHH with every face-down card ``seat`` never saw written ``??``."""
    return to_phh(state, viewer=seat, players=names)
