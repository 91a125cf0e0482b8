"""A tournament's structure: levels of stakes, the clock that moves them, the game
rotation of a mixed event, and the prize table (R10.1, R10.3).

Everything here is a value: which level, game and prizes apply is a function of how
many hands were dealt or how many minutes passed, asked once when a hand is dealt,
so a level change takes effect at the next hand and never during one (R10.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from stud.rules import Rules, RulesError, Variant

__all__ = [
    "CAP_SHARE",
    "Clock",
    "Level",
    "Structure",
    "TournamentError",
    "capped_levels",
    "doubling_levels",
    "first_level",
    "prize_table",
    "rising_levels",
]

CAP_SHARE = 10
"""A capped structure rises until its big bet is a tenth of all the chips in play."""


class TournamentError(ValueError):
    """A tournament that cannot be played as set up, with the reason."""


class Clock(StrEnum):
    """What a level lasts: a number of hands, or of minutes."""

    HANDS = "hands"
    MINUTES = "minutes"


@dataclass(frozen=True, slots=True)
class Level:
    """One level's stakes (R10.1) and how long it lasts, in the structure's clock."""

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    length: int

    def rules(self, variant: Variant) -> Rules:
        """The rule set of a hand dealt at this level."""
        return Rules(
            variant,
            ante=self.ante,
            bring_in=self.bring_in,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
        )


@dataclass(frozen=True, slots=True)
class Structure:
    """Levels in order (the last lasts for ever), their clock, and the games played.

    With more than one game (a mixed event, e.g. stud, razz, stud8), each is played
    for ``hands_per_game`` hands in turn, or for a whole level in turn when
    ``game_per_level`` is set (the game then changes with the stakes).
    """

    levels: tuple[Level, ...]
    clock: Clock = Clock.HANDS
    games: tuple[Variant, ...] = (Variant.STUD,)
    hands_per_game: int = 8
    game_per_level: bool = False

    def __post_init__(self) -> None:
        if not self.levels:
            raise TournamentError("a structure needs at least one level")
        if not self.games:
            raise TournamentError("a structure needs at least one game")
        if self.hands_per_game < 1:
            raise TournamentError("each game of a rotation lasts at least one hand")
        for number, level in enumerate(self.levels, start=1):
            if level.length < 1:
                raise TournamentError(f"level {number} must last at least one {self.clock[:-1]}")
            try:
                level.rules(self.games[0])
            except RulesError as error:
                raise TournamentError(f"level {number}: {error}") from None

    def level_index(self, hands: int, minutes: float = 0.0) -> int:
        """The level (0-based) of a hand dealt after ``hands`` hands and ``minutes`` minutes."""
        elapsed = self._elapsed(hands, minutes)
        end = 0.0
        for index, level in enumerate(self.levels):
            end += level.length
            if elapsed < end:
                return index
        return len(self.levels) - 1

    def _elapsed(self, hands: int, minutes: float) -> float:
        return hands if self.clock is Clock.HANDS else minutes

    def game(self, hands: int, minutes: float = 0.0) -> Variant:
        """The game of a hand dealt after ``hands`` hands and ``minutes`` minutes."""
        if self.game_per_level:
            turn = self.level_index(hands, minutes)
            if turn == len(self.levels) - 1:
                # The last level lasts for ever; its games go on turning, a level's length each.
                since = self._elapsed(hands, minutes) - self.start_of_last_level
                turn += int(since // self.levels[-1].length)
            return self.games[turn % len(self.games)]
        return self.games[hands // self.hands_per_game % len(self.games)]

    @property
    def start_of_last_level(self) -> int:
        """When the last level starts, in the structure's clock."""
        return sum(level.length for level in self.levels[:-1])

    def rules(self, hands: int, minutes: float = 0.0) -> Rules:
        """The rules of a hand dealt now: this level's stakes, this turn's game."""
        return self.levels[self.level_index(hands, minutes)].rules(self.game(hands, minutes))

    @classmethod
    def doubling(
        cls,
        ante: int,
        small_bet: int,
        length: int,
        levels: int = 20,
        *,
        bring_in: int | None = None,
        big_bet: int | None = None,
        clock: Clock = Clock.HANDS,
        games: tuple[Variant, ...] = (Variant.STUD,),
        hands_per_game: int = 8,
        game_per_level: bool = False,
    ) -> Structure:
        """``levels`` levels from the first level's stakes, each doubling every stake of
        the one before (``doubling_levels``). The first level's bring-in is by default
        twice the ante, kept below the small bet, and its big bet twice the small bet."""
        first = first_level(ante, small_bet, length, bring_in=bring_in, big_bet=big_bet)
        return cls(doubling_levels(first, levels), clock, games, hands_per_game, game_per_level)


def first_level(
    ante: int,
    small_bet: int,
    length: int,
    *,
    bring_in: int | None = None,
    big_bet: int | None = None,
) -> Level:
    """A first level from its ante and small bet: the bring-in by default twice the
    ante, kept below the small bet, and the big bet twice the small bet."""
    return Level(
        ante,
        max(ante, min(2 * ante, small_bet - 1)) if bring_in is None else bring_in,
        small_bet,
        2 * small_bet if big_bet is None else big_bet,
        length,
    )


def doubling_levels(first: Level, count: int) -> tuple[Level, ...]:
    """``count`` levels starting at ``first``, each doubling all four stakes of the one
    before (R10.1), so every level keeps the first level's proportions: its bring-in
    stays as many antes, and below the small bet, as it was at the first."""
    return tuple(
        Level(
            first.ante * 2**i,
            first.bring_in * 2**i,
            first.small_bet * 2**i,
            first.big_bet * 2**i,
            first.length,
        )
        for i in range(count)
    )


def rising_levels(first: Level, count: int) -> tuple[Level, ...]:
    """``count`` levels starting at ``first``, the stakes rising by half and by a third
    in turn (x1, x1.5, x2, x3, x4, x6...: doubling every two levels), as cardrooms'
    standard structures rise: gentler than doubling every level. Each stake is
    rounded to a whole chip, the bring-in kept from the ante to below the small bet."""
    out = []
    for i in range(count):
        factor = 2 ** (i // 2) * (1.5 if i % 2 else 1.0)
        ante = max(1, _whole(first.ante * factor))
        small = _whole(first.small_bet * factor)
        bring_in = max(ante, min(_whole(first.bring_in * factor), small - 1))
        out.append(Level(ante, bring_in, small, _whole(first.big_bet * factor), first.length))
    return tuple(out)


def _whole(chips: float) -> int:
    return int(chips + 0.5)


def capped_levels(levels: Sequence[Level], chips_in_play: int) -> tuple[Level, ...]:
    """``levels`` up to the first whose big bet reaches a ``CAP_SHARE``-th of the chips
    in play; that one lasts for ever (as the last level does, R10.1). Stakes that keep
    rising past it only make every hand an all-in on the antes: a tournament with
    1,080 chips in play has nothing left to play for at 8192/16384."""
    for index, level in enumerate(levels):
        if level.big_bet * CAP_SHARE >= chips_in_play:
            return tuple(levels[: index + 1])
    return tuple(levels)


def prize_table(pool: int, percentages: Sequence[float]) -> tuple[int, ...]:
    """Prizes in whole units from a pool and percentages by place, first first.

    Each place gets its percentage rounded down; what rounding leaves goes to first
    place, so the prizes add up to exactly the pool when the percentages add up to 100.
    """
    if pool < 0:
        raise TournamentError(f"the prize pool cannot be negative ({pool})")
    if not percentages or any(p < 0 for p in percentages):
        raise TournamentError("a payout table needs places with percentages of 0 or more")
    total = sum(percentages)
    if total > 100 + 1e-9:
        raise TournamentError(f"the payout percentages add up to {total:g}, more than 100")
    prizes = [int(pool * p // 100) for p in percentages]
    if abs(total - 100) < 1e-9:
        prizes[0] += pool - sum(prizes)
    return tuple(prizes)
