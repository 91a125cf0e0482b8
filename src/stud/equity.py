"""Odds for any stud situation: exact enumeration or Monte Carlo, with dead cards.

A situation is each player's cards (three to seven, up and down alike) and the
dead cards (folded or otherwise seen). Every player is taken to the end with no
more folding; each outcome is one way to deal the cards still to come.

What a player holds face down need not be known. ``??`` is a card nobody has
seen: it comes from the unseen deck exactly like a card still to be dealt, so a
player showing ``?? ?? Kc`` simply needs six more cards. A range says more: the
down cards as weighted possibilities, ``[KK, XhXh:0.5] 9s Ts`` (see
``parse_range``). Each combination of the players' ranges that no seen card rules
out is a *holding*; the odds are the holdings' odds weighed by their weights,
exactly (every outcome of every holding) or by Monte Carlo (a holding drawn by
weight, then the rest of the deal).

How it is fast: the cards still to come are drawn from one remaining deck of ``m``
cards, and player ``i`` needs ``k_i`` of them. Every player's ``C(m, k_i)`` possible
completions are evaluated once, in a batch, by the compiled kernels; an outcome is
then a choice of disjoint completions, and scoring it is a few table lookups and
comparisons. Exact enumeration walks every disjoint choice; Monte Carlo draws them
at random and finds each player's table entry by the combinatorial number system
(the colex rank of the drawn deck positions).

The community card (R3.4): when the deck cannot give every player a seventh card,
one community card is everyone's seventh. Each possible community card is then
its own case (the card joins every hand still short of seven), and the cases are
weighed equally, as the card is equally likely to be any unseen one.

Pot shares are counted exactly in units of 1/1680 of a pot (1680 = 2 x lcm(1..8)),
so high/low halves split among any number of tied players stay whole numbers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

import stud.jitted  # noqa: F401  (the core, callable from the kernels)
from stud.cards import DECK, Card, CardError, format_cards, parse_cards
from stud.core import shares
from stud.core.shares import SHARE_UNIT
from stud.evaluation.kernels import NO_LOW, high_batch, high_low8_batch, razz_batch
from stud.parallel import LocalPool, Runner
from stud.rules import MAX_SEATS, MIN_SEATS, Variant

__all__ = [
    "SHARE_UNIT",
    "EquityError",
    "EquityResult",
    "Method",
    "PlayerOdds",
    "Range",
    "Situation",
    "odds",
    "parse_range",
    "run_equity",
]


# Columns of a player's counter row.
_WIN, _TIE, _LOSE, _HIGH_WIN, _HIGH_TIE, _LOW_WIN, _LOW_TIE, _SHARE, _SHARE_SQ = range(9)
_COLUMNS = 9


class EquityError(ValueError):
    """A situation that cannot be dealt: duplicate or unknown cards, wrong counts."""


class Method(StrEnum):
    """How the odds were found."""

    EXACT = "exact"
    MONTE_CARLO = "monte-carlo"


UNKNOWN = "??"
"""A card a player holds face down that nobody has seen."""

_MAX_HOLDINGS = 250_000
"""The most holdings (combinations of the players' ranges) a situation may have."""


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


@dataclass(frozen=True, slots=True)
class PlayerOdds:
    """One player's results over all outcomes counted.

    ``wins`` are outcomes where the player takes the whole pot alone (a scoop in
    stud8), ``ties`` where they get part of it, ``losses`` where they get nothing.
    ``share`` is the expected fraction of the pot (EV), exact for exact methods.
    """

    cards: tuple[Card, ...]
    """The player's cards seen (``Situation.describe`` writes the whole hand)."""
    wins: int
    ties: int
    losses: int
    high_wins: int
    high_ties: int
    low_wins: int
    low_ties: int
    share: float
    share_error: float
    """The standard error of ``share`` (0 for exact results)."""

    @property
    def scoops(self) -> int:
        """Outcomes where the player takes the whole pot alone."""
        return self.wins


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The odds of a situation."""

    situation: Situation
    method: Method
    outcomes: int
    """Outcomes counted (exact) or trials dealt (Monte Carlo). With ranges, an exact
    count weighs each outcome by its holding's weight (in whole numbers)."""
    total_outcomes: int
    """How many outcomes the situation has in all (weighted alike)."""
    players: tuple[PlayerOdds, ...]
    seed: int | None = None
    complete: bool = True
    """False for a Monte Carlo run stopped early (the counts so far)."""

    def to_dict(self) -> dict[str, Any]:
        """A plain dictionary for JSON."""
        return {
            "variant": self.situation.variant.value,
            "method": self.method.value,
            "outcomes": self.outcomes,
            "total_outcomes": self.total_outcomes,
            "seed": self.seed,
            "complete": self.complete,
            "dead": format_cards(self.situation.dead),
            "holdings": self.situation.holdings(),
            "players": [
                {
                    "cards": self.situation.describe(i),
                    "wins": p.wins,
                    "ties": p.ties,
                    "losses": p.losses,
                    "win": p.wins / self.outcomes if self.outcomes else 0.0,
                    "tie": p.ties / self.outcomes if self.outcomes else 0.0,
                    "lose": p.losses / self.outcomes if self.outcomes else 0.0,
                    "high_wins": p.high_wins,
                    "high_ties": p.high_ties,
                    "low_wins": p.low_wins,
                    "low_ties": p.low_ties,
                    "scoops": p.scoops,
                    "equity": p.share,
                    "equity_error": p.share_error,
                }
                for i, p in enumerate(self.players)
            ],
        }


# ------------------------------------------------------------------ tables


@dataclass(frozen=True)
class _Tables:
    """Every player's completions: deck-position masks and hand values."""

    masks: npt.NDArray[np.uint64]  # (players, widest)
    high: npt.NDArray[np.int32]  # high value, or minus the razz value
    low: npt.NDArray[np.int32]  # eight-or-better low or NO_LOW
    counts: npt.NDArray[np.int64]  # completions of each player
    needs: npt.NDArray[np.int64]  # cards each player needs
    deck_size: int
    split_low: bool


@lru_cache(maxsize=64)
def _tables(case: _Case) -> _Tables:
    situation = case.situation
    deck = situation.deck
    m = len(deck)
    codes = np.array([c.code for c in deck], dtype=np.uint8)
    needs = case.needs
    widest = max(math.comb(m, k) for k in needs)
    n = len(needs)
    masks = np.zeros((n, widest), dtype=np.uint64)
    high = np.zeros((n, widest), dtype=np.int32)
    low = np.full((n, widest), NO_LOW, dtype=np.int32)
    counts = np.zeros(n, dtype=np.int64)
    for i, k in enumerate(needs):
        hand = case.hand(i)
        # Completions in colex order, so that a sorted draw's colex rank indexes them.
        combos = _colex(m, k)
        count = len(combos)
        counts[i] = count
        known = np.array([c.code for c in hand], dtype=np.uint8)
        batch = np.empty((count, 7), dtype=np.uint8)
        batch[:, : len(known)] = known
        if k:
            batch[:, len(known) :] = codes[combos]
            masks[i, :count] = np.bitwise_or.reduce(
                np.left_shift(np.uint64(1), combos.astype(np.uint64)), axis=1
            )
        high[i, :count], low[i, :count] = _values(situation.variant, batch)
    return _Tables(
        masks,
        high,
        low,
        counts,
        np.array(needs, dtype=np.int64),
        m,
        situation.variant is Variant.STUD8,
    )


def _values(
    variant: Variant, batch: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Each seven-card hand's high value (minus the razz value: higher is better in
    every game) and eight-or-better low (``NO_LOW`` outside stud8)."""
    if variant is Variant.RAZZ:
        return -razz_batch(batch), np.full(len(batch), NO_LOW, dtype=np.int32)
    if variant is Variant.STUD8:
        return high_low8_batch(batch)
    return high_batch(batch), np.full(len(batch), NO_LOW, dtype=np.int32)


@lru_cache(maxsize=256)
def _colex(m: int, k: int) -> npt.NDArray[np.int64]:
    """All k-subsets of range(m), one a row, in colex order.

    Colex order sorts subsets by their largest element, then the rest the same
    way; so the subsets with largest element ``top`` follow all those of
    ``range(top)``, and a sorted subset's position is the sum of ``C(a_j, j + 1)``.
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    parts = [np.zeros((0, k), dtype=np.int64)]
    for top in range(k - 1, m):
        rest = _colex(top, k - 1)
        parts.append(np.hstack([rest, np.full((len(rest), 1), top, dtype=np.int64)]))
    return np.vstack(parts)


# ------------------------------------------------------------------ kernels


@njit(cache=True)
def _score(
    chosen: Any, high: Any, low: Any, split_low: bool, counters: Any, weight: int, work: Any
) -> None:
    """Add one outcome (player i holding completion ``chosen[i]``) to the counters.

    ``work`` is scratch space, four rows of one slot a player. The shares are
    ``core.shares.pot_shares``, the split every pot of both engines follows.
    """
    n = chosen.shape[0]
    for i in range(n):
        work[0, i] = high[i, chosen[i]]
        work[1, i] = low[i, chosen[i]]
    high_winners, low_winners = shares.pot_shares(work[0], work[1], n, False, work[2], work[3])
    for i in range(n):
        high_share = work[2, i]
        low_share = work[3, i]
        if split_low and high_share:
            counters[i, _HIGH_WIN if high_winners == 1 else _HIGH_TIE] += weight
        if low_share:
            counters[i, _LOW_WIN if low_winners == 1 else _LOW_TIE] += weight
        share = high_share + low_share
        if share == SHARE_UNIT:
            counters[i, _WIN] += weight
        elif share > 0:
            counters[i, _TIE] += weight
        else:
            counters[i, _LOSE] += weight
        counters[i, _SHARE] += share * weight
        counters[i, _SHARE_SQ] += share * share * weight


@njit(cache=True)
def _enumerate(
    masks: Any,
    counts: Any,
    high: Any,
    low: Any,
    split_low: bool,
    start: int,
    stop: int,
    counters: Any,
) -> int:
    """Every outcome whose first player holds completion ``start..stop-1``.

    The players before the last are walked depth first; for each such prefix the
    last player's completions fall into nine cells by how their high and low
    compare with the best of the prefix (better, equal, worse). All outcomes of a
    cell share their winners, so each cell is scored once, weighted by its size:
    the inner loop only compares and counts.
    """
    n = counts.shape[0]
    last = n - 1
    chosen = np.zeros(n, dtype=np.int64)
    used = np.zeros(n, dtype=np.uint64)
    index = np.zeros(n, dtype=np.int64)
    cell_count = np.zeros(9, dtype=np.int64)
    cell_first = np.zeros(9, dtype=np.int64)
    work = np.zeros((4, n), dtype=np.int64)
    total = 0
    for first in range(start, stop):
        chosen[0] = first
        used[0] = masks[0, first]
        depth = 1
        index[1] = 0
        while depth >= 1:
            if depth == last:
                # The prefix is complete: tally the last player's completions.
                best_high = high[0, chosen[0]]
                best_low = low[0, chosen[0]]
                for i in range(1, last):
                    best_high = max(best_high, high[i, chosen[i]])
                    best_low = min(best_low, low[i, chosen[i]])
                cell_count[:] = 0
                taken = used[last - 1]
                for c in range(counts[last]):
                    if masks[last, c] & taken:
                        continue
                    h = high[last, c]
                    cell = 0 if h > best_high else (1 if h == best_high else 2)
                    if split_low:
                        lo = low[last, c]
                        cell = cell * 3 + (0 if lo < best_low else (1 if lo == best_low else 2))
                    if cell_count[cell] == 0:
                        cell_first[cell] = c
                    cell_count[cell] += 1
                for cell in range(9):
                    if cell_count[cell]:
                        chosen[last] = cell_first[cell]
                        _score(chosen, high, low, split_low, counters, cell_count[cell], work)
                        total += cell_count[cell]
                depth -= 1
                if depth >= 1:
                    index[depth] += 1
                continue
            if index[depth] >= counts[depth]:
                depth -= 1
                if depth >= 1:
                    index[depth] += 1
                continue
            mask = masks[depth, index[depth]]
            if mask & used[depth - 1]:
                index[depth] += 1
                continue
            chosen[depth] = index[depth]
            used[depth] = used[depth - 1] | mask
            depth += 1
            index[depth] = 0
    return total


@njit(cache=True)
def _sample(
    needs: Any,
    deck_size: int,
    high: Any,
    low: Any,
    split_low: bool,
    trials: int,
    seed: int,
    binomial: Any,
    counters: Any,
) -> None:
    """``trials`` random outcomes, drawn by a partial shuffle of the deck positions.

    The generator is xorshift64* (fast, and plenty for dealing cards); a position
    is drawn by Lemire's multiply-shift on 32 bits, whose bias (under 1 in 10**7
    here) is far below what a Monte Carlo run can see.
    """
    state = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) | np.uint64(1)
    n = needs.shape[0]
    positions = np.arange(deck_size)
    chosen = np.zeros(n, dtype=np.int64)
    drawn = np.zeros(7, dtype=np.int64)
    work = np.zeros((4, n), dtype=np.int64)
    total_needed = 0
    for i in range(n):
        total_needed += needs[i]
    for _ in range(trials):
        for j in range(total_needed):
            state ^= state >> np.uint64(12)
            state ^= state << np.uint64(25)
            state ^= state >> np.uint64(27)
            r = (state * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(32)
            pick = j + np.int64((r * np.uint64(deck_size - j)) >> np.uint64(32))
            positions[j], positions[pick] = positions[pick], positions[j]
        at = 0
        for i in range(n):
            k = needs[i]
            for j in range(k):  # insertion sort of this player's draw
                value = positions[at + j]
                h = j
                while h > 0 and drawn[h - 1] > value:
                    drawn[h] = drawn[h - 1]
                    h -= 1
                drawn[h] = value
            rank = 0
            for j in range(k):
                rank += binomial[drawn[j], j + 1]
            chosen[i] = rank
            at += k
        _score(chosen, high, low, split_low, counters, 1, work)


_BINOMIAL = np.array([[math.comb(a, b) for b in range(8)] for a in range(53)], dtype=np.int64)


@njit(cache=True)
def _deal(
    hands: Any,
    filled: Any,
    needs: Any,
    shares: Any,
    community: int,
    seen: Any,
    taken: Any,
    seed: int,
) -> None:
    """Deal the rest of each trial's hands, card by card (no completion tables).

    ``hands[i, t]`` holds player ``i``'s first ``filled[i]`` cards in trial ``t``;
    the unseen deck is every card not in ``seen`` (the seen and dead cards) nor
    ``taken[t]`` (the trial's range cards). A partial shuffle of it gives the
    community card first when there is one (to each player with ``shares[i]``),
    then ``needs[i]`` cards a player. A position is drawn from a uniform double
    (numba's Mersenne Twister), whose bias is far below what a run can see.
    """
    np.random.seed(seed)
    n = hands.shape[0]
    free = np.empty(52, dtype=np.int64)
    total = community
    for i in range(n):
        total += needs[i]
    for t in range(hands.shape[1]):
        used = seen | taken[t]
        m = 0
        for code in range(52):
            if not (used >> np.uint64(code)) & np.uint64(1):
                free[m] = code
                m += 1
        for j in range(total):
            pick = j + int(np.random.random() * (m - j))
            free[j], free[pick] = free[pick], free[j]
        at = community
        for i in range(n):
            for k in range(needs[i]):
                hands[i, t, filled[i] + k] = free[at]
                at += 1
            if community and shares[i]:
                hands[i, t, 6] = free[0]


@njit(cache=True)
def _score_each(high: Any, low: Any, split_low: bool, counters: Any) -> None:
    """Score every trial ``t`` of hand values ``high[:, t]`` and ``low[:, t]``."""
    chosen = np.zeros(high.shape[0], dtype=np.int64)
    work = np.zeros((4, high.shape[0]), dtype=np.int64)
    for t in range(high.shape[1]):
        chosen[:] = t
        _score(chosen, high, low, split_low, counters, 1, work)


# ------------------------------------------------------------------ driving


@dataclass(frozen=True)
class _Task:
    """One independent piece of work: a slice of an enumeration or a batch of trials."""

    case: int
    start: int = 0
    stop: int = 0
    trials: int = 0
    seed: int = 0
    holding: int = -1
    """For a situation with ranges: the holding enumerated (-1 when dealt at random)."""


_WIDEST = 1 << 21
"""The most completions a player's table may hold; a situation whose players need
more cards than that (``??`` cards early in the hand) is dealt card by card."""

_DEALT_CHUNK = 1 << 16
"""Trials a piece when dealing card by card (they are held in memory as hands)."""


def _tabled(situation: Situation) -> bool:
    """Whether every player's completions fit in a table (see ``_WIDEST``)."""
    unseen = situation._unseen()
    needs = situation.needs(community=situation.community)
    return all(math.comb(unseen, k) <= _WIDEST for k in needs)


def _dealt(situation: Situation) -> bool:
    """Whether Monte Carlo deals card by card: ranges, or players too wide for tables."""
    return situation.ranged or not _tabled(situation)


def _run_task(situation: Situation, task: _Task) -> npt.NDArray[Any]:
    if task.trials and _dealt(situation):
        return _run_dealt(situation, task)
    if situation.ranged:
        weight = _holdings(situation).weights[task.holding]
        part = _run_task(situation.holding(task.holding), replace(task, holding=-1))
        return part.astype(object) * weight
    t = _tables(situation.cases()[task.case])
    counters = np.zeros((len(situation.hands), _COLUMNS), dtype=np.int64)
    if task.trials:
        _sample(
            t.needs,
            t.deck_size,
            t.high,
            t.low,
            t.split_low,
            task.trials,
            task.seed,
            _BINOMIAL,
            counters,
        )
    else:
        _enumerate(t.masks, t.counts, t.high, t.low, t.split_low, task.start, task.stop, counters)
    return counters


def _run_dealt(situation: Situation, task: _Task) -> npt.NDArray[np.int64]:
    """``task.trials`` Monte Carlo trials, each a holding drawn by weight, then the
    rest of the deal card by card."""
    holdings = _holdings(situation)
    rng = np.random.default_rng(task.seed)
    picks = rng.choice(len(holdings.weights), size=task.trials, p=holdings.probabilities)
    community = situation.community
    n = len(situation.hands)
    hands = np.zeros((n, task.trials, 7), dtype=np.uint8)
    filled = np.zeros(n, dtype=np.int64)
    for i, (known, player_range) in enumerate(zip(situation.hands, situation.ranges, strict=True)):
        size = 0 if player_range is None else player_range.size
        hands[i, :, : len(known)] = [c.code for c in known]
        hands[i, :, len(known) : len(known) + size] = holdings.codes[picks, i, :size]
        filled[i] = len(known) + size
    seen = sum(1 << c.code for c in (*(c for h in situation.hands for c in h), *situation.dead))
    _deal(
        hands,
        filled,
        np.array(situation.needs(community=community), dtype=np.int64),
        np.array([held < 7 for held in situation.held], dtype=np.bool_),
        int(community),
        np.uint64(seen),
        holdings.masks[picks],
        task.seed % (1 << 32),
    )
    high = np.empty((n, task.trials), dtype=np.int32)
    low = np.empty((n, task.trials), dtype=np.int32)
    for i in range(n):
        high[i], low[i] = _values(situation.variant, hands[i])
    counters = np.zeros((n, _COLUMNS), dtype=np.int64)
    _score_each(high, low, situation.variant is Variant.STUD8, counters)
    return counters


def _plan(
    situation: Situation, method: Method, trials: int, seed: int, chunk: int
) -> list[tuple[_Task, int]]:
    """The tasks of a run, each with the outcomes it covers (weighted, with ranges)."""
    tasks: list[tuple[_Task, int]] = []
    if method is Method.EXACT and situation.ranged:
        return [
            (replace(task, holding=h), size * weight)
            for h, weight in enumerate(_holdings(situation).weights)
            for task, size in _plan(situation.holding(h), method, trials, seed, chunk)
        ]
    if method is Method.EXACT:
        if not _tabled(situation):
            raise EquityError(
                "too many ways to complete the hands to enumerate exactly: use Monte Carlo"
            )
        for c, case in enumerate(situation.cases()):
            first = math.comb(len(case.situation.deck), case.needs[0])
            per_first = case.outcomes() // first
            step = max(1, chunk // max(per_first, 1))
            tasks.extend(
                (_Task(c, s, min(s + step, first)), per_first * (min(s + step, first) - s))
                for s in range(0, first, step)
            )
        return tasks
    # Monte Carlo: trials spread evenly over the community cases (each equally
    # likely), in chunks whose seeds depend only on the seed and the chunk number,
    # so that the result is the same however many processes run them. Dealt card by
    # card, the community card is drawn with the rest.
    cases = 1 if _dealt(situation) else len(situation.cases())
    if _dealt(situation):
        chunk = min(chunk, _DEALT_CHUNK)
    per_case, extra = divmod(trials, cases)
    number = 0
    for c in range(cases):
        todo = per_case + (1 if c < extra else 0)
        while todo > 0:
            size = min(chunk, todo)
            seed_c = int(np.random.SeedSequence([seed, number]).generate_state(1)[0] >> 1)
            tasks.append((_Task(c, trials=size, seed=seed_c), size))
            todo -= size
            number += 1
    return tasks


def _result(
    situation: Situation,
    counters: npt.NDArray[Any],
    counted: int,
    total: int,
    method: Method,
    seed: int | None,
    complete: bool,
) -> EquityResult:
    players = []
    for i, hand in enumerate(situation.hands):
        row = [int(x) for x in counters[i]]
        share = row[_SHARE] / SHARE_UNIT / counted if counted else 0.0
        error = 0.0
        if method is Method.MONTE_CARLO and counted > 1:
            mean_sq = row[_SHARE_SQ] / SHARE_UNIT**2 / counted
            error = math.sqrt(max(mean_sq - share * share, 0.0) / (counted - 1))
        players.append(
            PlayerOdds(
                cards=hand,
                wins=row[_WIN],
                ties=row[_TIE],
                losses=row[_LOSE],
                high_wins=row[_HIGH_WIN],
                high_ties=row[_HIGH_TIE],
                low_wins=row[_LOW_WIN],
                low_ties=row[_LOW_TIE],
                share=share,
                share_error=error,
            )
        )
    return EquityResult(situation, method, counted, total, tuple(players), seed, complete)


def run_equity(
    situation: Situation,
    *,
    exact_budget: int = 1_000_000_000,
    trials: int = 1_000_000,
    seed: int = 0,
    jobs: int = 1,
    method: Method | None = None,
    chunk: int = 1 << 21,
    runner: Runner | None = None,
) -> Iterator[EquityResult]:
    """The odds as they build up: one result after each piece of work, the last whole.

    Exact enumeration when the outcomes number at most ``exact_budget`` (or when
    ``method`` says so), Monte Carlo with ``trials`` seeded trials otherwise. With
    ``jobs`` above one the pieces run in that many processes (``runner``, when
    given, runs them instead: a ``stud.parallel.Runner`` such as Ray). Stopping the
    iteration early leaves the partial counts in the last result yielded (for
    Monte Carlo, a fair estimate; for exact, not an answer).
    """
    if jobs < 1:
        raise EquityError(f"jobs must be at least 1, not {jobs}")
    if trials < 1:
        raise EquityError(f"trials must be at least 1, not {trials}")
    total = situation.outcomes()
    if method is None:
        tabled = _tabled(situation.holding(0) if situation.ranged else situation)
        method = Method.EXACT if total <= exact_budget and tabled else Method.MONTE_CARLO
    plan = _plan(situation, method, trials, seed, chunk)
    target = sum(size for _, size in plan)
    if method is Method.EXACT:
        total = target  # with ranges, outcomes count by their holding's weight
    # Python integers: weighted counts can pass what 64 bits hold.
    counters = np.zeros((len(situation.hands), _COLUMNS), dtype=np.int64).astype(object)
    counted = 0
    used_seed = seed if method is Method.MONTE_CARLO else None
    pieces = [(situation, task, size) for task, size in plan]
    for size, part in (runner or LocalPool(jobs)).map(_run_piece, pieces):
        counters = counters + part.astype(object)
        counted += size
        yield _result(situation, counters, counted, total, method, used_seed, counted == target)


def _run_piece(piece: tuple[Situation, _Task, int]) -> tuple[int, npt.NDArray[Any]]:
    """One piece of a run's plan: the outcomes it covers and its counters."""
    situation, task, size = piece
    return size, _run_task(situation, task)


def odds(
    hands: Sequence[str | Sequence[Card]],
    dead: str | Sequence[Card] = (),
    *,
    variant: Variant | str = Variant.STUD,
    exact_budget: int = 1_000_000_000,
    trials: int = 1_000_000,
    seed: int = 0,
    jobs: int = 1,
    method: Method | str | None = None,
    progress: Callable[[EquityResult], None] | None = None,
) -> EquityResult:
    """The odds of each player, from their known cards and the dead cards.

    >>> result = odds(["As Ks Qs Js", "2c 2d 3h 4c"], variant="stud", method="exact")
    >>> result.method.value, round(sum(p.share for p in result.players), 9)
    ('exact', 1.0)
    """
    situation = Situation.parse(variant, hands, dead)
    last: EquityResult | None = None
    for last in run_equity(
        situation,
        exact_budget=exact_budget,
        trials=trials,
        seed=seed,
        jobs=jobs,
        method=Method(method) if method is not None else None,
    ):
        if progress is not None:
            progress(last)
    assert last is not None
    return last
