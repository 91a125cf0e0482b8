"""Tournament commands: ``stud icm``, and what ``stud sim --tournament N`` and
``stud play --tournament`` share.

``stud icm`` values tournament stacks in prize money by the Malmuth-Harville model.
``TournamentOptions`` turns the set-up options both commands take (table size,
levels, their length in hands or minutes, a rotation of games, payouts) into a
``TournamentConfig``, each bad value a one-line error naming its option.
``stud sim --tournament N`` plays N tournaments between bots, sit-and-gos or
multi-table ones, on every core or on Ray, and reports each bot's finishing
places and return on investment.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from dataclasses import dataclass
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from stud.cli.app import app, err, fail, stop_on_sigterm
from stud.cli.progress import Progress
from stud.parallel import Runner
from stud.rules import MAX_SEATS, MIN_SEATS, Rules, RulesError, Variant
from stud.sim.run import SimError
from stud.tournament.event import TournamentConfig
from stud.tournament.icm import MAX_ICM_PLAYERS, icm_equities
from stud.tournament.places import ordinal
from stud.tournament.run import SeriesResult, run_sit_and_gos
from stud.tournament.structure import Clock, Level, Structure, TournamentError, doubling_levels

__all__ = [
    "MAX_ENTRANTS",
    "LevelHandsOption",
    "LevelMinutesOption",
    "LevelsOption",
    "PayoutsOption",
    "RotateEveryOption",
    "RotationOption",
    "TableSizeOption",
    "TournamentOptions",
    "default_payouts",
    "icm_command",
    "parse_payouts",
    "play_series",
]

out = Console(highlight=False, emoji=False)

SIT_AND_GO_BIG_BETS = 50
"""A sit-and-go's starting stack unless ``--stack`` says: 50 big bets of the first level."""
LEVEL_HANDS = 10
"""Hands a level lasts; then the stakes double."""
LEVELS = 30


def parse_payouts(text: str, option: str = "--payouts") -> list[float]:
    """Prizes from ``"50,30,20"``, first place first, or a clear error naming the option."""
    parts = [p.strip() for p in text.split(",")]
    prizes: list[float] = []
    for i, part in enumerate(parts, start=1):
        try:
            prize = float(part)
        except ValueError:
            fail(f"{option} {text}: place {i} ({part!r}) is not a number")
        if not 0 <= prize < float("inf"):
            fail(f"{option} {text}: place {i} ({part}) must be a prize of 0 or more")
        prizes.append(prize)
    return prizes


_CHIPS = re.compile(r"\d{1,3}(?:,\d{3})+|\d+")


@app.command(name="icm")
def icm_command(
    stacks: Annotated[list[str], typer.Argument(help="Each player's chips, e.g. 5000 3000 2000.")],
    payouts: Annotated[
        str, typer.Option(help="Prizes by place, first first: amounts or percentages.")
    ] = "50,30,20",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for tools.")] = False,
) -> None:
    """Each stack's share of the prize pool by ICM (Malmuth-Harville)."""
    chips: list[int] = []
    for i, given in enumerate(stacks, start=1):
        # "5,000" as the table prints it, or 5000; commas only between groups of three.
        if not _CHIPS.fullmatch(given):
            fail(f"stack {i} ({given!r}) must be a whole number of chips, such as 5000 or 5,000")
        text = given.replace(",", "")
        if len(text.lstrip("0")) > MAX_ICM_DIGITS:
            fail(f"stack {i} ({text[:12]}..., {len(text)} digits): at most {MAX_ICM_DIGITS} digits")
        chips.append(int(text))
    if len(chips) < 2:
        fail("give at least two stacks")
    if len(chips) > MAX_ICM_PLAYERS:
        fail(f"ICM is worked out for at most {MAX_ICM_PLAYERS} players, not {len(chips)}")
    if sum(chips) == 0:
        fail("every stack is 0: someone must have chips")
    prizes = parse_payouts(payouts)
    equities = icm_equities(chips, prizes)
    pool = sum(prizes[: len(chips)])
    total = sum(chips)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "stacks": chips,
                    "payouts": prizes,
                    "equities": [round(e, 6) for e in equities],
                }
            )
        )
        return
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"ICM (Malmuth-Harville), prizes {', '.join(f'{p:g}' for p in prizes)}",
        caption=f"{total:,} chips; prize pool {pool:g}",
    )
    for column in ("Player", "Stack", "Chips %", "Equity", "Pool %"):
        table.add_column(column, justify="right")
    for i, (stack, equity) in enumerate(zip(chips, equities, strict=True), start=1):
        table.add_row(
            str(i),
            f"{stack:,}",
            f"{100 * stack / total:.2f}%",
            f"{equity:.4f}",
            f"{100 * equity / pool:.2f}%" if pool else "-",
        )
    out.print(table)


def default_payouts(players: int) -> tuple[float, ...]:
    """The usual payouts, in percent: winner takes all heads-up, two paid up to four
    players, three from five, five from nine, nine from nineteen."""
    if players == 2:
        return (100.0,)
    if players <= 4:
        return (65.0, 35.0)
    if players <= 8:
        return (50.0, 30.0, 20.0)
    if players <= 18:
        return (40.0, 25.0, 15.0, 12.0, 8.0)
    return (30.0, 20.0, 14.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0)


MAX_ICM_DIGITS = 30
"""The most digits of a stack ``stud icm`` values: far beyond any tournament."""
MAX_TOURNAMENTS = 10**9
"""Tournaments one run may ask for: weeks of work on every core already."""
MAX_ENTRANTS = 1000
"""The most entrants a tournament on the command line takes: 125 tables of eight."""
BUY_IN = 100

# -- options that set a tournament up, the same in `stud sim` and `stud play` ----------

TableSizeOption = Annotated[
    int | None,
    typer.Option(
        "--table-size",
        help="With --tournament: seats a table, 2 to 8 (default 8). More players than "
        "that play a multi-table tournament, tables balanced and merged by R10.3.",
    ),
]
LevelsOption = Annotated[
    str | None,
    typer.Option(
        "--levels",
        metavar="A/B/S/B,...",
        help="With --tournament: each level's ante/bring-in/small bet/big bet, in order, "
        "e.g. 1/2/5/10,2/4/10/20; the last lasts to the end (default: --stakes, doubled "
        "every level).",
    ),
]
LevelHandsOption = Annotated[
    int | None,
    typer.Option(
        "--level-hands",
        help=f"With --tournament: hands a level lasts at each table (default {LEVEL_HANDS}).",
    ),
]
LevelMinutesOption = Annotated[
    int | None,
    typer.Option(
        "--level-minutes",
        help="With --tournament: minutes a level lasts, instead of hands (stud play reads "
        "the clock; stud sim counts a minute a hand).",
    ),
]
RotationOption = Annotated[
    str | None,
    typer.Option(
        "--rotation",
        metavar="GAMES",
        help="With --tournament: a mixed event, games in turn, e.g. stud,razz,stud8 "
        "(instead of --variant).",
    ),
]
RotateEveryOption = Annotated[
    str | None,
    typer.Option(
        "--rotate-every",
        metavar="level|N",
        help="With --rotation: the next game at each level (the default) or every N hands.",
    ),
]
PayoutsOption = Annotated[
    str | None,
    typer.Option(
        "--payouts",
        metavar="PERCENTS",
        help="With --tournament: percentages of the prize pool by place, first first, "
        "adding up to 100, e.g. 50,30,20 (default: by the number of players).",
    ),
]


@dataclass(frozen=True, slots=True)
class TournamentOptions:
    """The set-up options of a tournament as typed; ``None`` where not given."""

    table_size: int | None = None
    levels: str | None = None
    level_hands: int | None = None
    level_minutes: int | None = None
    rotation: str | None = None
    rotate_every: str | None = None
    payouts: str | None = None

    def check(self, ctx: typer.Context, *, tournament: bool) -> None:
        """Refuse these options without ``--tournament``, ``--levels`` with ``--stakes``
        and ``--rotation`` with ``--variant``: each pair says the same thing twice, and
        one of them would be ignored."""
        given = [name for name in self.__dataclass_fields__ if getattr(self, name) is not None]
        if given and not tournament:
            fail(f"--{given[0].replace('_', '-')} goes with --tournament")

        def typed(name: str) -> bool:
            source = ctx.get_parameter_source(name)
            return source is not None and source.name != "DEFAULT"

        if self.levels is not None and typed("stakes"):
            fail("--levels and --stakes: give one; --levels sets the stakes of every level")
        if self.rotation is not None and typed("variant"):
            fail("--rotation and --variant: give one; --rotation names the games played")

    def config(self, rules: Rules, players: int, stack: int | None) -> TournamentConfig:
        """The tournament these options set up, or a one-line error naming the option.

        ``rules`` is the first level's stakes and the game (unless ``--levels`` and
        ``--rotation`` say otherwise); everyone starts with ``stack`` (by default
        ``SIT_AND_GO_BIG_BETS`` big bets of the first level).
        """
        if not 2 <= players <= MAX_ENTRANTS:
            fail(f"--players {players}: a tournament takes 2 to {MAX_ENTRANTS} players")
        table_size = MAX_SEATS if self.table_size is None else self.table_size
        if not MIN_SEATS <= table_size <= MAX_SEATS:
            fail(f"--table-size {table_size}: a stud table seats {MIN_SEATS} to {MAX_SEATS}")
        if self.level_hands is not None and self.level_minutes is not None:
            fail("--level-hands and --level-minutes: give one, a level lasts hands or minutes")
        length = self.level_minutes if self.level_minutes is not None else self.level_hands
        if length is not None and length < 1:
            option = "--level-minutes" if self.level_minutes is not None else "--level-hands"
            fail(f"{option} {length}: a level lasts at least one")
        length = length or LEVEL_HANDS
        games = self._games(rules.variant)
        levels = (
            _levels(self.levels, length)
            if self.levels
            else doubling_levels(
                Level(rules.ante, rules.bring_in, rules.small_bet, rules.big_bet, length), LEVELS
            )
        )
        every, per_level = self._rotate_every(len(games))
        try:
            structure = Structure(
                levels,
                Clock.HANDS if self.level_minutes is None else Clock.MINUTES,
                games,
                hands_per_game=every,
                game_per_level=per_level,
            )
        except TournamentError as error:
            fail(f"--levels {self.levels or rules.stakes}: {error}")
        payouts = self._payouts(players)
        if stack is None:
            stack = SIT_AND_GO_BIG_BETS * levels[0].big_bet
        return TournamentConfig(players, stack, structure, BUY_IN, payouts, table_size)

    def _games(self, variant: Variant) -> tuple[Variant, ...]:
        if self.rotation is None:
            return (variant,)
        games: list[Variant] = []
        for part in self.rotation.split(","):
            try:
                games.append(Variant(part.strip()))
            except ValueError:
                names = ", ".join(v.value for v in Variant)
                fail(f"--rotation {self.rotation}: {part.strip()!r} is not one of {names}")
        return tuple(games)

    def _rotate_every(self, games: int) -> tuple[int, bool]:
        """Hands a game lasts, and whether each level is a game instead."""
        text = self.rotate_every
        if text is not None and self.rotation is None:
            fail(f"--rotate-every {text}: there is no --rotation of games to turn")
        if text is None or text.strip().lower() == "level":
            return 1, games > 1
        hands = text.strip()
        if not (hands.isascii() and hands.isdigit()) or int(hands) < 1:
            fail(f"--rotate-every {text}: say level, or a number of hands of 1 or more")
        return int(hands), False

    def _payouts(self, players: int) -> tuple[float, ...]:
        if self.payouts is None:
            return default_payouts(players)
        percents = parse_payouts(self.payouts)
        total = sum(percents)
        if abs(total - 100) > 1e-9:
            fail(f"--payouts {self.payouts}: the percentages add up to {total:g}, not 100")
        if len(percents) > players:
            fail(f"--payouts {self.payouts}: {len(percents)} places paid of {players} players")
        return tuple(percents)


def _levels(text: str, length: int) -> tuple[Level, ...]:
    """Levels from ``"1/2/5/10,2/4/10/20"``, each lasting ``length``."""
    levels = []
    for number, part in enumerate(text.split(","), start=1):
        try:
            rules = Rules.from_stakes(part.strip())
        except RulesError as error:
            fail(f"--levels {text}: level {number} ({part.strip()!r}): {error}")
        levels.append(Level(rules.ante, rules.bring_in, rules.small_bet, rules.big_bet, length))
    return tuple(levels)


def play_series(
    config: TournamentConfig,
    lineup: tuple[str, ...],
    count: int,
    seed: int | None,
    *,
    jobs: int | None,
    tasks: Runner | None = None,
    as_json: bool,
) -> None:
    """``stud sim --tournament N``: N tournaments, the lineup repeated to fill the
    entrants, on ``jobs`` local processes (default: every core) or ``tasks`` (Ray)."""
    if count < 1:
        fail(f"--tournament {count}: play at least one tournament")
    if count > MAX_TOURNAMENTS:
        fail(f"--tournament {count}: play at most {MAX_TOURNAMENTS:,} tournaments")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    workers = jobs or os.cpu_count() or 1
    kind = "sit-and-gos" if config.starting_tables == 1 else "tournaments"
    with stop_on_sigterm(), Progress(err, kind, count, kind) as progress:
        try:
            result = run_sit_and_gos(
                config, lineup, count, seed, jobs=workers, progress=progress.update, tasks=tasks
            )
        except (TournamentError, SimError) as error:
            fail(str(error))
        except KeyboardInterrupt:
            err.print(f"interrupted before any of the {kind} was finished")
            raise typer.Exit(130) from None
    seconds = time.monotonic() - progress.started
    if not result.complete:
        err.print(f"interrupted: the results of the {result.tournaments:,} {kind} finished")
    if as_json:
        typer.echo(json.dumps(series_record(result, seconds), indent=2))
    else:
        out.print(render_series(result, seconds))
    if not result.complete:
        raise typer.Exit(130)


def series_record(result: SeriesResult, seconds: float) -> dict[str, object]:
    """A series' results for tools."""
    config = result.config
    return {
        "tournaments": result.tournaments,
        "complete": result.complete,
        "seed": result.seed,
        "players": config.players,
        "table_size": config.table_size,
        "tables": config.starting_tables,
        "variant": config.structure.games[0].value,
        "games": [game.value for game in config.structure.games],
        "buy_in": config.buy_in,
        "prizes": list(config.prizes),
        "hands": result.hands,
        "seconds": round(seconds, 3),
        "bots": [
            {
                "name": bot.name,
                "entries": bot.entries,
                "places": [round(p, 3) for p in bot.places],
                "prizes": bot.prizes,
                "roi": round(bot.roi, 5),
                "roi_ci95": round(bot.roi_ci95, 5),
            }
            for bot in result.bots
        ],
    }


def render_series(result: SeriesResult, seconds: float) -> Table:
    """Finishing places (share of entries) and ROI per bot.

    A sit-and-go shows every place; a multi-table tournament the paid places, then
    how often each bot was paid and reached the final table.
    """
    config = result.config
    tables = config.starting_tables
    games = config.structure.games
    game = games[0].game_name if len(games) == 1 else ", ".join(g.value for g in games)
    count = result.tournaments
    title = f"{count:,} sit-and-go{'s' if count != 1 else ''} of {config.players}"
    if tables > 1:
        title = (
            f"{count:,} tournament{'s' if count != 1 else ''} of {config.players} at "
            f"{tables} tables of {config.table_size} or fewer"
        )
    if not result.complete:
        title += " (interrupted)"
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"{title}, {game}, buy-in {config.buy_in}, "
        f"prizes {', '.join(map(str, config.prizes))}",
        caption=f"places: share of entries; ROI: mean (prize - buy-in) / buy-in, ± its 95% "
        f"confidence interval; seed {result.seed}; {result.hands:,} hands in {seconds:.1f} s",
    )
    shown = config.players if tables == 1 else len(config.prizes)
    table.add_column("Bot")
    table.add_column("Entries", justify="right")
    for place in range(1, shown + 1):
        table.add_column(ordinal(place), justify="right")
    if tables > 1:
        table.add_column("Paid", justify="right")
        table.add_column("Final table", justify="right")
    table.add_column("ROI", justify="right", style="bold")
    table.add_column("± 95%", justify="right")

    def share(places: float, entries: int) -> str:
        return f"{100 * places / entries:.1f}%" if entries else "-"

    for bot in result.bots:
        shares = [share(p, bot.entries) for p in bot.places[:shown]]
        if tables > 1:
            shares.append(share(sum(bot.places[: len(config.prizes)]), bot.entries))
            shares.append(share(sum(bot.places[: config.table_size]), bot.entries))
        table.add_row(
            bot.name,
            str(bot.entries),
            *shares,
            f"{100 * bot.roi:+.1f}%",
            f"{100 * bot.roi_ci95:.1f}%",
        )
    return table
