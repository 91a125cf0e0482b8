"""Ranges and hands as written: ``[KK, XhXh:0.5] 9s Ts``, ``?? ?? Kc``, ``As Ks Qs``.

A player's hand is its seen cards, its ``??`` cards (a card nobody has seen) and,
optionally, a range for its down cards; ``parse_range`` reads the range, ``_hand``
the whole hand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from stud.cards import DECK, Card, CardError, parse_cards

__all__ = ["UNKNOWN", "EquityError", "Range", "parse_range"]


class EquityError(ValueError):
    """A situation that cannot be dealt: duplicate or unknown cards, wrong counts."""


UNKNOWN = "??"
"""A card a player holds face down that nobody has seen."""


@dataclass(frozen=True, slots=True)
class Range:
    """A player's down cards as weighted possibilities (see ``parse_range``).

    ``combos`` are the combinations the text names, each a sorted tuple of cards,
    with the weight of the first alternative naming it; cards seen elsewhere are
    ruled out later, by the situation.
    """

    text: str
    size: int
    combos: tuple[tuple[Card, ...], ...]
    weights: tuple[Fraction, ...]


_MAX_DOWN_CARDS = 3
"""A stud hand's face-down cards: two on third street and the seventh-street card."""

_PATTERN_CARD = re.compile(r"(10|[2-9TJQKAX?])([cdhs?]?)", re.IGNORECASE)


def parse_range(text: str) -> Range:
    """A range from ``[KK, AhXh:0.5, Qs Js Ts:2]``: alternatives, each a weight.

    An alternative is the down cards as patterns: a rank (``2``-``9``, ``T``,
    ``J``, ``Q``, ``K``, ``A``) or ``X`` for any rank, then a suit (``c``, ``d``,
    ``h``, ``s``) or nothing for any suit; ``??`` is any card. So ``KK`` is a
    pair of kings, ``AhXh`` the ace of hearts with another heart, ``XhXh`` any two
    hearts, ``Ah Kh`` those two cards. Every alternative names the same number of
    cards. ``:w`` weighs each of an alternative's combinations (default 1; a
    decimal or a fraction such as ``1/3``); a combination named twice keeps its
    first weight. Stud players think in down cards, so a range is only ever the
    hidden part of a hand, the up cards are written beside it.
    """
    body = text.strip()
    if not (body.startswith("[") and body.endswith("]")):
        raise EquityError(f"range {text!r}: write it in brackets, e.g. [KK, XhXh:0.5]")
    weights: dict[tuple[Card, ...], Fraction] = {}
    size: int | None = None
    for alternative in body[1:-1].split(","):
        pattern, _, weight_text = alternative.partition(":")
        where = f"range {text!r}, {alternative.strip()!r}"
        weight = _weight(weight_text, where) if weight_text else Fraction(1)
        pools = _pools(pattern, where)
        if len(pools) > _MAX_DOWN_CARDS:
            raise EquityError(
                f"{where}: {len(pools)} cards, but a range is of down cards: "
                f"a stud hand has at most {_MAX_DOWN_CARDS}"
            )
        if size is not None and len(pools) != size:
            raise EquityError(f"{where}: {len(pools)} cards, but the range before has {size}")
        size = len(pools)
        for pick in product(*pools):
            combo = tuple(sorted(pick))
            if len(set(combo)) == size:
                weights.setdefault(combo, weight)
    if not size:
        raise EquityError(f"range {text!r} names no cards")
    return Range(body, size, tuple(weights), tuple(weights.values()))


def _weight(text: str, where: str) -> Fraction:
    try:
        weight = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise EquityError(f"{where}: {text.strip()!r} is not a weight") from None
    if weight <= 0:
        raise EquityError(f"{where}: a weight must be above 0, not {text.strip()}")
    return weight


def _pools(pattern: str, where: str) -> list[list[Card]]:
    """The cards each card of a pattern can be."""
    squeezed = "".join(pattern.split())
    pools: list[list[Card]] = []
    at = 0
    while at < len(squeezed):
        match = _PATTERN_CARD.match(squeezed, at)
        if match is None:
            raise EquityError(
                f"{where}: {squeezed[at:]!r} is not a card pattern "
                "(a rank 2-9 T J Q K A or X, then a suit c d h s or none; ?? is any card)"
            )
        rank, suit = match.group(1).upper().replace("10", "T"), match.group(2).lower()
        pools.append(
            [
                card
                for card in DECK
                if rank in ("X", "?", card.rank.char) and suit in ("", "?", card.suit.char)
            ]
        )
        at = match.end()
    if not pools:
        raise EquityError(f"{where}: no cards")
    return pools


def _cards(cards: str | Sequence[Card], whose: str) -> tuple[Card, ...]:
    if not isinstance(cards, str):
        return tuple(cards)
    try:
        return parse_cards(cards)
    except CardError as error:
        raise EquityError(f"{whose}: {error}") from None


def _hand(text: str | Sequence[Card], whose: str) -> tuple[tuple[Card, ...], int, Range | None]:
    """A player's seen cards, ``??`` count and range from ``"[KK] ?? 9s Ts"``.

    A range's brackets are the text history's down-card brackets too: ``[Ah Kh] 9s``
    read as a range of one combination is exactly those down cards.
    """
    if not isinstance(text, str):
        return tuple(text), 0, None
    player_range: Range | None = None
    rest = text
    if "[" in text or "]" in text:
        match = re.fullmatch(r"\s*(\[[^\[\]]*\])([^\[\]]*)", text)
        if match is None:
            raise EquityError(f"{whose}: a range comes first, once, in brackets: {text!r}")
        try:
            player_range = parse_range(match.group(1))
        except EquityError as error:
            raise EquityError(f"{whose}: {error}") from None
        rest = match.group(2)
    # ``??`` may stand anywhere, in the down-card parentheses too: "(?? ??) Kc".
    unknown = rest.count(UNKNOWN)
    return _cards(rest.replace(UNKNOWN, "  "), whose), unknown, player_range
