"""The real PokerStars hand histories of the tests (tests/data/pokerstars)."""

from __future__ import annotations

from pathlib import Path

from stud.history.pokerstars.checking import check_hand
from stud.history.pokerstars.reading import StarsError, StarsHand, read_stars

STARS = Path(__file__).resolve().parent / "data" / "pokerstars"


def checked_hands() -> list[StarsHand]:
    """Every stud hand of the files that checks against the engine, file by file."""
    hands = []
    for path in sorted(STARS.glob("*.txt")):
        for hand in read_stars(path.read_text("utf-8-sig"), path.name).hands:
            try:
                check_hand(hand)
            except StarsError:
                continue
            hands.append(hand)
    return hands
