"""Played hands from where stud keeps or reads them: PHH, PokerStars text, the store.

This is the adapter between histories and the statistics: each hand is replayed
through the engine (a history that the rules do not allow is an error naming the
file and the hand, and the other hands still count), and comes out as a
``PlayedHand`` with its players' names, date and which seats' cards are known.
Reading files and the store is the caller's part: these functions take text or
the store's hands.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from stud.history.phh import PHHError, PHHHand, parse_phh, parse_phhs, replay
from stud.history.phh_flat import read_flat
from stud.history.pokerstars.checking import check_hand
from stud.history.pokerstars.reading import StarsError, StarsHand, read_stars
from stud.stats.counting import Filters
from stud.stats.hands import PlayedHand, PlayerHand, player_hand
from stud.stats.quick import quick_hand

__all__ = [
    "HandError",
    "StoredRow",
    "from_phh_text",
    "from_stars_text",
    "from_store",
    "known_seats",
    "stored_player_hands",
    "stored_seat_hand",
]


class HandError(ValueError):
    """A hand that cannot be counted, with where it is and why."""


_DEALT = re.compile(r"^\s*d\s+dh\s+p(\d+)\s+(\S+)")


def known_seats(actions: Iterable[str], players: int) -> tuple[bool, ...]:
    """Per seat, whether the history deals it no unknown card (``??``)."""
    known = [True] * players
    for action in actions:
        match = _DEALT.match(action)
        if match and "?" in match[2]:
            seat = int(match[1]) - 1
            if 0 <= seat < players:
                known[seat] = False
    return tuple(known)


def _names(extra: Mapping[str, Any], players: int) -> tuple[str, ...]:
    listed = extra.get("players")
    if (
        isinstance(listed, list)
        and len(listed) == players
        and all(isinstance(n, str) for n in listed)
    ):
        return tuple(listed)
    return tuple(f"p{i + 1}" for i in range(players))


def _phh_date(extra: Mapping[str, Any]) -> str:
    year, month, day = extra.get("year"), extra.get("month"), extra.get("day")
    if all(isinstance(v, int) and not isinstance(v, bool) for v in (year, month, day)):
        return f"{year:04d}-{month:02d}-{day:02d}"
    return ""


def _played(
    hand: PHHHand, label: str, played_at: str = "", names: tuple[str, ...] = ()
) -> PlayedHand:
    try:
        state = replay(hand)
    except PHHError as error:
        raise HandError(str(error)) from None
    if not state.is_over:
        raise HandError(f"{label}: the actions stop before the hand is over")
    players = len(hand.starting_stacks)
    return PlayedHand(
        state,
        names or _names(hand.extra, players),
        label,
        played_at or _phh_date(hand.extra),
        known_seats(hand.actions, players),
    )


def from_phh_text(text: str, source: str, *, many: bool) -> Iterator[PlayedHand | HandError]:
    """The hands of a ``.phh`` (``many=False``) or ``.phhs`` file's text."""
    try:
        hands = parse_phhs(text, source) if many else [parse_phh(text, source)]
    except PHHError as error:
        yield HandError(str(error))
        return
    for number, hand in enumerate(hands, start=1):
        if isinstance(hand, PHHError):
            yield HandError(str(hand))
            continue
        label = f"{source} [{hand.hand}]" if hand.hand is not None else source
        if many and hand.hand is None:
            label = f"{source} #{number}"
        try:
            yield _played(hand, label)
        except HandError as error:
            yield error


_STARS_TIME = re.compile(r"(\d{4})/(\d{2})/(\d{2}) (\d{1,2}):(\d{2}):(\d{2})")


def _stars_played(hand: StarsHand) -> PlayedHand:
    label = f"{hand.source}:{hand.line} #{hand.number}"
    try:
        state = check_hand(hand)
    except StarsError as error:
        raise HandError(str(error)) from None
    when = _STARS_TIME.search(hand.header)
    played_at = ""
    if when:
        y, mo, d, h, mi, s = when.groups()
        played_at = f"{y}-{mo}-{d}T{int(h):02d}:{mi}:{s}"
    players = len(hand.players)
    return PlayedHand(state, hand.players, label, played_at, known_seats(hand.actions, players))


def from_stars_text(text: str, source: str) -> Iterator[PlayedHand | HandError]:
    """The stud hands of a PokerStars history's text, each checked by the importer."""
    try:
        read = read_stars(text, source)
    except StarsError as error:
        yield HandError(str(error))
        return
    for unread in read.errors:
        yield HandError(str(unread))
    for hand in read.hands:
        try:
            yield _stars_played(hand)
        except HandError as error:
            yield error


StoredRow = tuple[int, str, tuple[str, ...], str]
"""A stored hand as ``(id, played_at, names, phh)``."""


def from_store(rows: Iterable[StoredRow]) -> Iterator[PlayedHand | HandError]:
    """Stored hands, each given as ``(id, played_at, names, phh)``."""
    for hand_id, played_at, names, text in rows:
        label = f"stored hand {hand_id}"
        try:
            hand = parse_phh(text, label)
            yield _played(hand, label, played_at, names)
        except (PHHError, HandError) as error:
            yield HandError(str(error))
        except ValueError as error:  # names that do not fit the hand's seats
            yield HandError(f"{label}: {error}")


def stored_player_hands(
    rows: Iterable[StoredRow], player: str, filters: Filters
) -> Iterator[PlayerHand | HandError]:
    """``player``'s stored hands that pass ``filters``, ready to count."""
    for row in rows:
        if player in row[2]:
            yield from stored_seat_hand(row, row[2].index(player), filters)


def stored_seat_hand(
    row: StoredRow, seat: int, filters: Filters, label: str = ""
) -> Iterator[PlayerHand | HandError]:
    """One seat of a stored hand, ready to count, if it passes ``filters``.

    A hand stud's engine wrote is read straight from its actions
    (``stud.stats.quick``); one that reader leaves (an all-in, a split stud8 pot,
    a text not in the shape stud writes) is replayed as ``from_store`` does.
    """
    hand_id, played_at, names, text = row
    label = label or f"stored hand {hand_id}"
    flat = read_flat(text)
    quick = None if flat is None else quick_hand(flat)
    mine = None if quick is None else quick.seat(seat, label)
    if flat is None or quick is None or mine is None or quick.players != len(names):
        for replayed in from_store([row]):
            if isinstance(replayed, HandError):
                yield replayed
            elif filters.passes(replayed, seat):
                yield player_hand(replayed, seat, label)
        return
    if filters.admits(flat.rules, quick.players, played_at, mine.door):
        yield PlayerHand(mine, flat.rules, quick.players, played_at)
