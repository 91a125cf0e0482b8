"""Tournament commands: ``stud icm`` and what ``stud sim --tournament N`` runs.

``stud icm`` values tournament stacks in prize money by the Malmuth-Harville model;
``stud sim --tournament N`` plays N sit-and-gos between bots on every core and
reports each bot's finishing places and return on investment.
"""

from __future__ import annotations

import json
import os
import random
import time
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from stud.cli.app import app, err, fail
from stud.rules import Rules
from stud.tournament.event import Tournament, TournamentConfig
from stud.tournament.icm import MAX_ICM_PLAYERS, icm_equities
from stud.tournament.run import SeriesResult, run_sit_and_gos
from stud.tournament.structure import Level, Structure, TournamentError

__all__ = ["icm_command", "parse_payouts", "sit_and_go", "sit_and_gos"]

out = Console(highlight=False)

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
    for i, text in enumerate(stacks, start=1):
        if not text.isdigit():
            fail(f"stack {i} ({text!r}) must be a whole number of chips")
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


def _payouts(players: int) -> tuple[float, ...]:
    """A sit-and-go's usual payouts: winner takes all heads-up, two paid up to four
    players, three paid from five."""
    if players == 2:
        return (100.0,)
    if players <= 4:
        return (65.0, 35.0)
    return (50.0, 30.0, 20.0)


def sit_and_go(rules: Rules, players: int, stack: int) -> Tournament:
    """A sit-and-go at one table: ``rules`` the first level, the stakes doubling every
    ten hands, ``stack`` each, a buy-in of 100 and the usual payouts."""
    return Tournament.start(
        TournamentConfig(players, stack, _doubling(rules), buy_in=100, payouts=_payouts(players))
    )


def _doubling(rules: Rules) -> Structure:
    levels = tuple(
        Level(
            rules.ante * 2**i,
            rules.bring_in * 2**i,
            rules.small_bet * 2**i,
            rules.big_bet * 2**i,
            LEVEL_HANDS,
        )
        for i in range(LEVELS)
    )
    return Structure(levels, games=(rules.variant,))


def sit_and_gos(
    rules: Rules,
    lineup: tuple[str, ...],
    count: int,
    seed: int | None,
    stack: int | None,
    jobs: int | None,
    *,
    as_json: bool,
) -> None:
    """``stud sim --tournament N``: N sit-and-gos, the lineup rotating round the seats.

    The first level is ``--stakes``; the stakes double every ten hands; everyone
    starts with ``--stack`` (default 50 big bets) for a buy-in of 100.
    """
    if count < 1:
        fail(f"--tournament {count}: play at least one tournament")
    if jobs is not None and jobs < 1:
        fail(f"--jobs {jobs}: the number of processes must be at least 1")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    start = SIT_AND_GO_BIG_BETS * rules.big_bet if stack is None else stack
    if start < 1:
        fail(f"--stack {stack}: a stack must be a positive number of chips")
    config = TournamentConfig(
        len(lineup), start, _doubling(rules), buy_in=100, payouts=_payouts(len(lineup))
    )
    workers = jobs or os.cpu_count() or 1
    progress = Progress(
        TextColumn("[bold]sit-and-gos"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    )
    started = time.perf_counter()
    with progress:
        task = progress.add_task("sng", total=count)
        try:
            result = run_sit_and_gos(
                config,
                lineup,
                count,
                seed,
                jobs=workers,
                progress=lambda done: progress.update(task, completed=done),
            )
        except TournamentError as error:
            fail(str(error))
    seconds = time.perf_counter() - started
    if as_json:
        typer.echo(json.dumps(series_record(result, seconds), indent=2))
        return
    out.print(render_series(result, seconds))


def series_record(result: SeriesResult, seconds: float) -> dict[str, object]:
    """A series' results for tools."""
    config = result.config
    return {
        "tournaments": result.tournaments,
        "seed": result.seed,
        "players": config.players,
        "variant": config.structure.games[0].value,
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
    """Finishing places (share of entries) and ROI per bot."""
    config = result.config
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"{result.tournaments:,} sit-and-gos of {config.players}, "
        f"{config.structure.games[0].game_name}, buy-in {config.buy_in}, "
        f"prizes {', '.join(map(str, config.prizes))}",
        caption=f"places: share of entries; ROI: mean (prize - buy-in) / buy-in, ± its 95% "
        f"confidence interval; seed {result.seed}; {result.hands:,} hands in {seconds:.1f} s",
    )
    table.add_column("Bot")
    table.add_column("Entries", justify="right")
    for place in range(1, config.players + 1):
        table.add_column(_ordinal(place), justify="right")
    table.add_column("ROI", justify="right", style="bold")
    table.add_column("± 95%", justify="right")
    for bot in result.bots:
        shares = [f"{100 * p / bot.entries:.1f}%" if bot.entries else "-" for p in bot.places]
        table.add_row(
            bot.name,
            str(bot.entries),
            *shares,
            f"{100 * bot.roi:+.1f}%",
            f"{100 * bot.roi_ci95:.1f}%",
        )
    return table


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n > 20 else n, "th")
    return f"{n}{suffix}"
