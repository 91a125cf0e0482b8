"""The situation model: each player's cards, the dead cards, and how they can be dealt.

A ``Situation`` is checked when made. Each combination of the players' ranges
that no seen card rules out is a *holding* (``_holdings``); a situation whose deck
cannot give every player a seventh card is dealt as one ``_Case`` a community card
(R3.4).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from stud.cards import DECK, Card
from stud.equity.ranges import UNKNOWN, EquityError, Range, _cards, _hand
from stud.rules import MAX_SEATS, MIN_SEATS, Variant

__all__ = ["Situation"]

_MAX_HOLDINGS = 250_000
"""The most holdings (combinations of the players' ranges) a situation may have."""


@dataclass(frozen=True, slots=True)
class Situation:
    """Each player's cards and the dead cards, checked when made.

    ``hands`` are the cards seen; ``unknown`` counts each player's ``??`` cards and
    ``ranges`` gives a player's down cards as a ``Range`` (or ``None``).
    """

    variant: Variant
    hands: tuple[tuple[Card, ...], ...]
    dead: tuple[Card, ...] = ()
    unknown: tuple[int, ...] = ()
    ranges: tuple[Range | None, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", Variant(self.variant))
        n = len(self.hands)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise EquityError(f"odds need {MIN_SEATS} to {MAX_SEATS} players, not {n}")
        object.__setattr__(self, "unknown", tuple(self.unknown) or (0,) * n)
        object.__setattr__(self, "ranges", tuple(self.ranges) or (None,) * n)
        if len(self.unknown) != n or len(self.ranges) != n:
            raise EquityError(f"unknown cards and ranges are given for {n} players, one each")
        seen: dict[Card, str] = {}
        for i, hand in enumerate(self.hands):
            if not 3 <= self.held[i] <= 7:
                raise EquityError(
                    f"player {i + 1} has {self.held[i]} cards ({self.describe(i)}): "
                    "a stud hand has 3 to 7"
                )
            for card in hand:
                if card in seen:
                    raise EquityError(f"{card} is in {seen[card]} and in player {i + 1}'s hand")
                seen[card] = f"player {i + 1}'s hand"
        for card in self.dead:
            if card in seen:
                raise EquityError(f"{card} is in {seen[card]} and among the dead cards")
            seen[card] = "the dead cards"
        unseen = self._unseen()
        own = sum(self.needs(community=False))
        if own > unseen and sum(self.needs(community=True)) + 1 > unseen:
            raise EquityError(f"the hands need {own} more cards but only {unseen} are unseen")
        for i, player_range in enumerate(self.ranges):
            if player_range is not None and not _open_combos(self, i):
                raise EquityError(
                    f"player {i + 1}'s range {player_range.text} has no combination left: "
                    "each one holds a card seen elsewhere"
                )
        if self.ranged:
            _holdings(self)  # refuses ranges that cannot all be held at once

    @classmethod
    def parse(
        cls,
        variant: Variant | str,
        hands: Sequence[str | Sequence[Card]],
        dead: str | Sequence[Card] = "",
    ) -> Situation:
        """A situation from card strings (or cards): ``Situation.parse("stud8", ["As Ks Qs",
        "?? ?? 2c 3c 4d", "[KK, XhXh:0.5] 9h"], dead="5h")``; a bad card is an error
        naming its player."""
        parsed = [_hand(h, f"player {i + 1}") for i, h in enumerate(hands)]
        dead_cards = _cards(dead, "dead cards")
        try:
            kind = Variant(variant)
        except ValueError:
            raise EquityError(f"{variant!r} is not a variant (stud, stud8, razz)") from None
        return cls(
            kind,
            tuple(known for known, _, _ in parsed),
            dead_cards,
            tuple(unknown for _, unknown, _ in parsed),
            tuple(player_range for _, _, player_range in parsed),
        )

    @property
    def held(self) -> tuple[int, ...]:
        """How many cards each player holds: seen, ``??`` and ranged."""
        return tuple(
            len(hand) + unknown + (0 if r is None else r.size)
            for hand, unknown, r in zip(self.hands, self.unknown, self.ranges, strict=True)
        )

    @property
    def ranged(self) -> bool:
        """Whether some player's down cards are a range."""
        return any(r is not None for r in self.ranges)

    def describe(self, player: int) -> str:
        """A player's hand as written: range, ``??`` cards, then the cards seen."""
        player_range = self.ranges[player]
        parts = [] if player_range is None else [player_range.text]
        parts += [UNKNOWN] * self.unknown[player]
        parts += [str(c) for c in self.hands[player]]
        return " ".join(parts)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The unseen cards the rest of the deal (and any range's cards) comes from."""
        known = {c for hand in self.hands for c in hand} | set(self.dead)
        return tuple(c for c in DECK if c not in known)

    @property
    def community(self) -> bool:
        """Whether the deck runs short and seventh street is a community card (R3.4)."""
        return sum(self.needs(community=False)) > self._unseen()

    def _unseen(self) -> int:
        """Unseen cards left for the deal once the ranges' cards are held."""
        return len(self.deck) - sum(r.size for r in self.ranges if r is not None)

    def needs(self, *, community: bool) -> list[int]:
        """Cards each player still takes from the deck: their ``??`` cards, then up
        to seven, or six plus the community card (R3.4)."""
        return [
            (6 if community and held < 7 else 7) - held + unknown
            for held, unknown in zip(self.held, self.unknown, strict=True)
        ]

    def holdings(self) -> int:
        """How many combinations of the players' ranges can be held together."""
        return len(_holdings(self).weights) if self.ranged else 1

    def holding(self, number: int) -> Situation:
        """The situation with holding ``number`` turned into seen cards."""
        cards = _holdings(self).cards[number]
        return Situation(
            self.variant,
            tuple((*hand, *extra) for hand, extra in zip(self.hands, cards, strict=True)),
            self.dead,
            self.unknown,
        )

    def outcomes(self) -> int:
        """How many ways the cards still to come can fall (over every holding)."""
        if self.ranged:
            return self.holdings() * self.holding(0).outcomes()
        return sum(case.outcomes() for case in self.cases())

    def cases(self) -> list[_Case]:
        """The situation as dealt from one deck: itself, or one case a community card."""
        if self.ranged:
            raise EquityError("a situation with ranges is dealt holding by holding")
        if not self.community:
            return [_Case(self, None)]
        return [
            _Case(Situation(self.variant, self.hands, (*self.dead, card), self.unknown), card)
            for card in self.deck
        ]


def _open_combos(situation: Situation, player: int) -> list[int]:
    """The combinations of a player's range that hold no card seen elsewhere."""
    player_range = situation.ranges[player]
    assert player_range is not None
    unseen = set(situation.deck)
    return [j for j, combo in enumerate(player_range.combos) if unseen.issuperset(combo)]


@dataclass(frozen=True)
class _Holdings:
    """Every combination of the players' ranges that can be held together."""

    cards: list[tuple[tuple[Card, ...], ...]]  # each holding: the range cards of each player
    weights: list[int]  # whole-number weights, in proportion to the ranges' weights
    codes: npt.NDArray[np.uint8]  # (holdings, players, 3): the cards' codes
    masks: npt.NDArray[np.uint64]  # (holdings,): the cards as a mask of codes
    probabilities: npt.NDArray[np.float64]  # weights / sum(weights)


@lru_cache(maxsize=16)
def _holdings(situation: Situation) -> _Holdings:
    """The holdings, found player by player, dropping any with a card held twice."""
    n = len(situation.hands)
    partial: list[tuple[tuple[tuple[Card, ...], ...], int, int]] = [((), 0, 1)]
    for i, player_range in enumerate(situation.ranges):
        if player_range is None:
            partial = [((*cards, ()), mask, w) for cards, mask, w in partial]
            continue
        scale = math.lcm(*(w.denominator for w in player_range.weights))
        options = [
            (
                player_range.combos[j],
                sum(1 << c.code for c in player_range.combos[j]),
                int(player_range.weights[j] * scale),
            )
            for j in _open_combos(situation, i)
        ]
        if len(partial) * len(options) > 4 * _MAX_HOLDINGS:
            raise EquityError(
                f"the ranges allow over {_MAX_HOLDINGS:,} holdings together: narrow them"
            )
        partial = [
            ((*cards, combo), mask | combo_mask, w * combo_weight)
            for cards, mask, w in partial
            for combo, combo_mask, combo_weight in options
            if not mask & combo_mask
        ]
        if len(partial) > _MAX_HOLDINGS:
            raise EquityError(
                f"the ranges allow over {_MAX_HOLDINGS:,} holdings together: narrow them"
            )
    if not partial:
        raise EquityError("the ranges cannot all be held at once: they need the same cards")
    codes = np.zeros((len(partial), n, 3), dtype=np.uint8)
    for h, (cards, _, _) in enumerate(partial):
        for i, combo in enumerate(cards):
            codes[h, i, : len(combo)] = [c.code for c in combo]
    weights = [w for _, _, w in partial]
    total = sum(weights)
    return _Holdings(
        [cards for cards, _, _ in partial],
        weights,
        codes,
        np.array([mask for _, mask, _ in partial], dtype=np.uint64),
        np.array([w / total for w in weights], dtype=np.float64),
    )


@dataclass(frozen=True, slots=True)
class _Case:
    """A situation with, when the deck runs short, its community card fixed."""

    situation: Situation
    community: Card | None

    @property
    def needs(self) -> list[int]:
        """Cards each player still needs from the deck."""
        return self.situation.needs(community=self.community is not None)

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's known cards, with the community card if it plays for them."""
        known = self.situation.hands[player]
        if self.community is None or self.situation.held[player] == 7:
            return known
        return (*known, self.community)

    def outcomes(self) -> int:
        """How many ways this case's cards can fall."""
        left, total = len(self.situation.deck), 1
        for need in self.needs:
            total *= math.comb(left, need)
            left -= need
        return total
