"""Counting the statistics over many hands, and the filters that pick the hands.

``tally`` adds up every statistic of ``STATS`` for one player: opportunities,
times done, and the results (in big bets) of the hands where the opportunity came
up, which the leak report weighs. ``Filters`` picks hands by variant, stakes,
date, number of players and door card. Pure: hands in, numbers out.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from stud.cards import Card, Rank
from stud.rules import Rules
from stud.stats.hands import PlayedHand, PlayerHand, SeatHand, seat_hand
from stud.stats.table import STATS, Kind, Stat, door_group

__all__ = [
    "EXAMPLES",
    "Z95",
    "Figure",
    "Filters",
    "Tally",
    "count_each",
    "figure",
    "figures",
    "mean_and_error",
    "parse_doors",
    "player_hands",
    "shape",
    "tally",
    "tally_hands",
]

EXAMPLES = 3
"""How many example hands each statistic keeps for each way it went (done or not)."""

_RANKS = "23456789TJQKA"


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands count; every field left empty lets everything through.

    ``since`` and ``until`` are ISO dates (``2009-11-26``), inclusive; a hand with
    no date passes only when neither is given. ``doors`` are ranks (``"TJQKA"``).
    """

    variant: str = ""
    stakes: str = ""
    since: str = ""
    until: str = ""
    players: int | None = None
    doors: frozenset[Rank] = frozenset()

    def passes(self, hand: PlayedHand, seat: int) -> bool:
        """Whether this seat's hand counts."""
        up = hand.state.up[seat]
        return self.admits(
            hand.state.rules, hand.state.players, hand.played_at, up[0] if up else None
        )

    def admits(self, rules: Rules, players: int, played_at: str, door: Card | None) -> bool:
        """Whether a hand of this game, table size, time and door card counts."""
        if self.variant and rules.variant.value != self.variant:
            return False
        if self.stakes and rules.stakes != self.stakes:
            return False
        if self.players is not None and players != self.players:
            return False
        day = played_at[:10]
        if self.since and not (day and day >= self.since):
            return False
        if self.until and not (day and day <= self.until):
            return False
        return not self.doors or (door is not None and door.rank in self.doors)


def parse_doors(text: str) -> frozenset[Rank]:
    """Ranks from ``"TJQKA"`` (or ``"t,j"``); a ``ValueError`` names a bad one."""
    ranks: set[Rank] = set()
    for char in text.replace(",", "").replace(" ", "").upper():
        if char not in _RANKS:
            raise ValueError(f"{char!r} is not a card rank (2-9, T, J, Q, K, A)")
        ranks.add(Rank(_RANKS.index(char) + 2))
    if not ranks:
        raise ValueError("no rank given")
    return frozenset(ranks)


@dataclass(slots=True)
class _Line:
    opportunities: int = 0
    done: int = 0
    net: float = 0.0
    net_sq: float = 0.0
    net_done: float = 0.0
    worst_done: list[tuple[float, int, str]] = field(default_factory=list)
    worst_not: list[tuple[float, int, str]] = field(default_factory=list)


@dataclass(slots=True)
class Tally:
    """The sums behind every statistic for one player."""

    player: str
    hands: int = 0
    lines: dict[str, _Line] = field(default_factory=lambda: {s.key: _Line() for s in STATS})
    _order: int = 0

    def add(self, s: SeatHand) -> None:
        """Count one of the player's hands."""
        self.hands += 1
        whole = s.net_bb
        from_street: dict[int, float] = {}
        for stat, opportunities, done in _counts(s):
            line = self.lines[stat.key]
            line.opportunities += opportunities
            line.done += done
            if stat.kind is Kind.RATIO:
                continue
            if stat.street is None:
                result = whole
            elif stat.street in from_street:
                result = from_street[stat.street]
            else:
                result = from_street[stat.street] = s.result_from(stat.street)
            line.net += result
            line.net_sq += result * result
            if done:
                line.net_done += result
            if stat.spot is not None:
                self._order += 1
                kept = line.worst_done if done else line.worst_not
                # keep the hands that lost most: a heap of the largest -result
                entry = (-result, self._order, s.label)
                if len(kept) < EXAMPLES:
                    heapq.heappush(kept, entry)
                elif entry > kept[0]:
                    heapq.heapreplace(kept, entry)

    def line(self, key: str) -> _Line:
        """The sums of one statistic."""
        return self.lines[key]

    @staticmethod
    def examples(kept: list[tuple[float, int, str]]) -> list[tuple[str, float]]:
        """Example hands, the one that lost most first: label and result in big bets."""
        return [(label, -loss) for loss, _, label in sorted(kept, reverse=True)]


Shape = tuple[object, ...]

_COUNTED: dict[Shape, tuple[tuple[Stat, int, int], ...]] = {}
"""Every statistic's count by the shape of a seat's hand, for hands of the same shape."""
_MOST_SHAPES = 200_000


_BY_PLAY = tuple(stat for stat in STATS if not stat.by_cards)
_BY_CARDS = tuple(stat for stat in STATS if stat.by_cards)


def shape(s: SeatHand) -> Shape:
    """Everything about a seat's hand that the counts of the statistics of its play
    read, and nothing else (no amounts, no names, of the cards only whether the
    door is ten or higher): two hands of one shape have the same counts of every
    such statistic, so they are counted once. The statistics of the seat's cards
    (``Stat.by_cards``) are counted hand by hand. ``tests/stats/test_quick.py``
    holds this against counting each hand."""
    halves = frozenset(share for pot, share in s.shares if pot == 0)
    return (
        s.seat,
        s.variant,
        tuple(
            (
                d.street,
                type(d.action),
                d.owed,
                d.level,
                d.opened,
                d.checked_before,
                d.forced,
                d.aggressor,
            )
            for d in s.decisions
        ),
        s.folded_on,
        frozenset(s.streets),
        s.bring_in_seat,
        tuple(s.third_order),
        tuple((seat, type(action)) for seat, action in s.third_actions),
        s.last_third_aggressor,
        s.showdown,
        s.won > 0,
        s.mine_by_pot.get(0, 0) == s.awarded.get(0, 0) > 0,
        halves,
        door_group(s),
    )


def _counted(s: SeatHand, stats: tuple[Stat, ...]) -> tuple[tuple[Stat, int, int], ...]:
    found = []
    for stat in stats:
        opportunities, done = stat.count(s)
        if opportunities or done:  # a ratio's "done" may come alone
            found.append((stat, opportunities, done))
    return tuple(found)


def _counts(s: SeatHand) -> tuple[tuple[Stat, int, int], ...]:
    """Each statistic with an opportunity (or a ratio's count) in the seat's hand."""
    key = shape(s)
    by_play = _COUNTED.get(key)
    if by_play is None:
        by_play = _counted(s, _BY_PLAY)
        if len(_COUNTED) >= _MOST_SHAPES:
            _COUNTED.clear()
        _COUNTED[key] = by_play
    return by_play + _counted(s, _BY_CARDS)


def count_each(s: SeatHand) -> tuple[tuple[Stat, int, int], ...]:
    """Each statistic with an opportunity in the seat's hand, counted from the table
    itself (no shapes), in the table's order: what ``shape`` is held against."""
    return _counted(s, STATS)


def player_hands(
    hands: Iterable[PlayedHand], player: str, filters: Filters = Filters()
) -> Iterable[SeatHand]:
    """The player's seat in each hand they played that passes the filters."""
    for hand in hands:
        seat = hand.seat_of(player)
        if seat is not None and filters.passes(hand, seat):
            yield seat_hand(hand, seat)


def tally(hands: Iterable[PlayedHand], player: str, filters: Filters = Filters()) -> Tally:
    """Every statistic of ``player`` over the hands that pass ``filters``."""
    total = Tally(player)
    for seat in player_hands(hands, player, filters):
        total.add(seat)
    return total


def tally_hands(hands: Iterable[PlayerHand], player: str) -> Tally:
    """Every statistic of ``player`` over their hands, ready to count."""
    total = Tally(player)
    for hand in hands:
        total.add(hand.seat)
    return total


@dataclass(frozen=True, slots=True)
class Figure:
    """One statistic's value: a percentage, a ratio or big bets per 100 hands.

    ``value`` is ``None`` with no opportunity; ``margin`` is the half-width of the
    95% confidence interval (a rate's normal approximation, a result's standard
    error of the mean), ``None`` when it cannot be said.
    """

    stat: Stat
    opportunities: int
    done: int
    value: float | None
    margin: float | None

    def to_dict(self) -> dict[str, object]:
        """A plain dictionary for JSON."""
        return {
            "key": self.stat.key,
            "name": self.stat.name,
            "kind": self.stat.kind.value,
            "opportunities": self.opportunities,
            "done": self.done,
            "value": self.value,
            "margin": self.margin,
        }


Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def mean_and_error(count: int, total: float, total_sq: float) -> tuple[float, float | None]:
    """The mean and its standard error of ``count`` values given their sum and sum of
    squares (``None`` for the error with fewer than two values)."""
    mean = total / count
    if count < 2:
        return mean, None
    variance = max(0.0, (total_sq - count * mean * mean) / (count - 1))
    return mean, math.sqrt(variance / count)


def figure(stat: Stat, line: _Line) -> Figure:
    """One statistic's value from its sums."""
    n = line.opportunities
    if stat.kind is Kind.RATIO:
        value = line.done / n if n else None
        return Figure(stat, n, line.done, value, None)
    if not n:
        return Figure(stat, 0, 0, None, None)
    if stat.kind is Kind.RESULT:
        mean, error = mean_and_error(n, line.net, line.net_sq)
        return Figure(stat, n, n, 100 * mean, None if error is None else 100 * Z95 * error)
    rate = line.done / n
    return Figure(stat, n, line.done, 100 * rate, 100 * Z95 * math.sqrt(rate * (1 - rate) / n))


def figures(total: Tally) -> list[Figure]:
    """Every statistic's value, in the table's order."""
    return [figure(stat, total.lines[stat.key]) for stat in STATS]
