"""A tournament as a value: stacks, tables, levels, places and prizes (R10).

``Tournament.start`` seats everyone with the same stack (R10.1). Each round,
``deal`` says which hands are due (one at every table with two players or more,
at the stakes and game of that moment) and ``record`` takes their final stacks:
players whose stack reached zero are out and placed (R10.2), the tables are
balanced and merged (R10.3), and when one player is left the tournament is over.
Nothing here plays a hand or reads a clock: ``stud.tournament.run`` plays the
hands with bots, and a tournament replays from its hands the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from stud.rules import MAX_SEATS, MIN_SEATS, Rules
from stud.state import HandState
from stud.tournament.places import Finish, places_of_the_out
from stud.tournament.structure import Structure, TournamentError, prize_table
from stud.tournament.tables import Move, balance

__all__ = ["TableHand", "Tournament", "TournamentConfig", "replay_tournament"]


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """Who plays for what: entrants, buy-in, starting stack, structure, payouts."""

    players: int
    starting_stack: int
    structure: Structure
    buy_in: int = 100
    payouts: tuple[float, ...] = (65.0, 35.0)
    """Percentages of the prize pool by place, first first."""
    table_size: int = MAX_SEATS

    def __post_init__(self) -> None:
        if self.players < 2:
            raise TournamentError(f"a tournament needs two players or more, not {self.players}")
        if not MIN_SEATS <= self.table_size <= MAX_SEATS:
            raise TournamentError(
                f"a stud table seats {MIN_SEATS} to {MAX_SEATS}, not {self.table_size}"
            )
        if self.starting_stack < 1:
            raise TournamentError("the starting stack must be at least one chip")
        if self.buy_in < 0:
            raise TournamentError("the buy-in cannot be negative")
        prize_table(self.prize_pool, self.payouts)  # checks the percentages

    @property
    def prize_pool(self) -> int:
        """Every buy-in."""
        return self.buy_in * self.players

    @property
    def starting_tables(self) -> int:
        """Tables at the start: as few as seat everyone (more than one: a multi-table event)."""
        return -(-self.players // self.table_size)

    @property
    def prizes(self) -> tuple[int, ...]:
        """Prize of each paid place, first first."""
        return prize_table(self.prize_pool, self.payouts)


@dataclass(frozen=True, slots=True)
class TableHand:
    """A hand due at one table: who sits there in seat order, their stacks, the rules."""

    number: int
    """Counted over the whole tournament, from 0."""
    table: int
    players: tuple[int, ...]
    stacks: tuple[int, ...]
    rules: Rules
    level: int


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament between hands."""

    config: TournamentConfig
    stacks: tuple[int, ...]
    """Every entrant's chips (0 once out)."""
    tables: tuple[tuple[int, ...], ...]
    """Players at each table, in seat order; a broken table is empty."""
    rounds: int = 0
    """Rounds of hands dealt (one hand at every table a round); levels count these."""
    hands: int = 0
    finishes: tuple[Finish, ...] = ()
    moves: tuple[Move, ...] = field(default=())

    @classmethod
    def start(cls, config: TournamentConfig) -> Tournament:
        """Everyone seated with the starting stack, tables filled in turn (R10.1)."""
        count = config.starting_tables
        tables = tuple(tuple(range(t, config.players, count)) for t in range(count))
        return cls(config, (config.starting_stack,) * config.players, tables)

    @property
    def still_in(self) -> tuple[int, ...]:
        """Players with chips."""
        return tuple(p for p, s in enumerate(self.stacks) if s > 0)

    @property
    def is_over(self) -> bool:
        """Whether one player has every chip."""
        return len(self.still_in) == 1

    def prize_of(self, player: int) -> int:
        """What a player won (0 while still playing or out of the money)."""
        return sum(f.prize for f in self.finishes if f.player == player)

    def deal(self, minutes: float = 0.0) -> list[TableHand]:
        """The hands due now, one per table with two players or more.

        The stakes and game are those of this moment (``minutes`` since the start,
        for a structure timed in minutes) and hold for the whole hand (R10.1).
        """
        if self.is_over:
            raise TournamentError("the tournament is over")
        structure = self.config.structure
        level = structure.level_index(self.rounds, minutes)
        rules = structure.levels[level].rules(structure.game(self.rounds, minutes))
        due: list[TableHand] = []
        for table, players in enumerate(self.tables):
            if len(players) >= 2:
                stacks = tuple(self.stacks[p] for p in players)
                due.append(TableHand(self.hands + len(due), table, players, stacks, rules, level))
        return due

    def record(self, results: Sequence[tuple[TableHand, Sequence[int]]]) -> Tournament:
        """The tournament after the hands of one round, given each hand's final stacks."""
        stacks = list(self.stacks)
        finishes = list(self.finishes)
        out: list[int] = []
        before: dict[int, int] = {}
        went_out_in: dict[int, int] = {}
        for hand, final in results:
            if tuple(stacks[p] for p in hand.players) != hand.stacks:
                raise TournamentError(f"hand {hand.number}: the stacks are not the table's now")
            if len(final) != len(hand.players) or sum(final) != sum(hand.stacks):
                raise TournamentError(
                    f"hand {hand.number}: final stacks {list(final)} do not hold the "
                    f"{sum(hand.stacks)} chips the hand started with (R8.1)"
                )
            for player, start, chips in zip(hand.players, hand.stacks, final, strict=True):
                stacks[player] = chips
                if chips == 0:
                    out.append(player)
                    before[player] = start
                    went_out_in[player] = hand.number
        # The hands of a round are played at the same time, so players out at different
        # tables in one round went out in the same hand for R10.2: ordered by their stacks.
        left = len(self.still_in) - len(out)
        finishes += [
            replace(finish, hand=went_out_in[finish.player])
            for finish in places_of_the_out(out, before, left, self.config.prizes)
        ]
        if left == 1:
            (winner,) = (p for p, s in enumerate(stacks) if s > 0)
            prize = self.config.prizes[0] if self.config.prizes else 0
            finishes.append(Finish(winner, 1, prize, 1, self.hands + len(results) - 1))
        seated = [tuple(p for p in t if stacks[p] > 0) for t in self.tables]
        tables, moves = balance(seated, self.config.table_size)
        return replace(
            self,
            stacks=tuple(stacks),
            tables=tables,
            rounds=self.rounds + 1,
            hands=self.hands + len(results),
            finishes=tuple(finishes),
            moves=self.moves + tuple(moves),
        )


def replay_tournament(
    config: TournamentConfig,
    hands: Sequence[HandState],
    minutes: Sequence[float] | None = None,
) -> Tournament:
    """The tournament that these finished hands, in the order dealt, make.

    Each hand must be the one due: the same players' stacks and the same rules as
    the tournament deals at that point (``minutes``: the clock at each round, for a
    structure timed in minutes); otherwise a ``TournamentError`` says which hand.
    """
    tournament = Tournament.start(config)
    position = 0
    while position < len(hands):
        clock = minutes[tournament.rounds] if minutes is not None else 0.0
        due = tournament.deal(clock)
        played = hands[position : position + len(due)]
        if len(played) < len(due):
            raise TournamentError(f"the hands stop in the middle of round {tournament.rounds + 1}")
        results = []
        for hand, state in zip(due, played, strict=True):
            if state.starting_stacks != hand.stacks or state.rules != hand.rules:
                raise TournamentError(
                    f"hand {hand.number}: dealt at {state.rules.stakes} with stacks "
                    f"{list(state.starting_stacks)}, but due at {hand.rules.stakes} with "
                    f"{list(hand.stacks)}"
                )
            results.append((hand, state.final_stacks))
        tournament = tournament.record(results)
        position += len(due)
    return tournament
