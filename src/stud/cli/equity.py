"""``stud equity``: the odds of a stud situation, as a table or JSON."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from stud.cli.main import app, err, fail
from stud.equity import EquityError, EquityResult, Method, Situation, run_equity
from stud.rules import Variant

out = Console(highlight=False)


def _percent(count: int, total: int) -> str:
    return f"{100 * count / total:.1f}%" if total else "-"


def render(result: EquityResult) -> Table:
    """The odds as a rich table: one row a player."""
    situation = result.situation
    split = situation.variant is Variant.STUD8
    holdings = situation.holdings()
    if result.method is Method.EXACT and situation.ranged:
        caption = f"exact: every outcome of {holdings:,} holdings of the ranges, weighted"
    elif result.method is Method.EXACT:
        caption = f"exact: all {result.outcomes:,} outcomes"
    else:
        caption = (
            f"Monte Carlo: {result.outcomes:,} trials (seed {result.seed}) of "
            f"{result.total_outcomes:,} outcomes"
        )
        if situation.ranged:
            caption += f" over {holdings:,} holdings of the ranges"
        caption += "; equity ± standard error"
        if not result.complete:
            caption += "; stopped early"
    if situation.community:
        caption += "; seventh street is a community card (R3.4)"
    table = Table(title=f"{situation.variant.game_name} odds", caption=caption)
    table.add_column("#")
    table.add_column("Cards", no_wrap=True)
    table.add_column("Win" if not split else "Scoop", justify="right")
    table.add_column("Tie" if not split else "Split", justify="right")
    table.add_column("Lose", justify="right")
    if split:
        table.add_column("High", justify="right")
        table.add_column("Low", justify="right")
    table.add_column("Equity", justify="right", style="bold", no_wrap=True)
    n = result.outcomes
    for i, player in enumerate(result.players):
        equity = f"{100 * player.share:.2f}%"
        if result.method is Method.MONTE_CARLO:
            equity += f" ± {100 * player.share_error:.2f}"
        row = [
            f"{i + 1}",
            situation.describe(i),
            _percent(player.wins, n),
            _percent(player.ties, n),
            _percent(player.losses, n),
        ]
        if split:
            row += [
                _percent(player.high_wins + player.high_ties, n),
                _percent(player.low_wins + player.low_ties, n),
            ]
        table.add_row(*row, equity)
    return table


@app.command()
def equity(
    hands: Annotated[
        list[str],
        typer.Argument(
            help='Each player\'s cards, e.g. "As Ks Qs"; ?? for a down card nobody has seen, '
            'a range of down cards first: "[KK, XhXh:0.5] 9s".'
        ),
    ],
    *,
    variant: Annotated[str, typer.Option("--variant", "-v", help="stud, stud8 or razz.")] = "stud",
    dead: Annotated[str, typer.Option(help="Dead cards: folded or otherwise seen.")] = "",
    budget: Annotated[
        int, typer.Option(help="Enumerate exactly when there are at most this many outcomes.")
    ] = 1_000_000_000,
    trials: Annotated[int, typer.Option(help="Monte Carlo trials.")] = 1_000_000,
    seed: Annotated[int, typer.Option(help="Monte Carlo seed.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Processes to run on.")] = 1,
    exact: Annotated[
        bool | None,
        typer.Option("--exact/--monte-carlo", help="Force a method (default: by --budget)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """How often each hand wins: exact or Monte Carlo, with dead cards, unseen down
    cards and ranges."""
    if jobs < 1:
        fail(f"--jobs {jobs}: must be at least 1")
    if trials < 1:
        fail(f"--trials {trials}: must be at least 1")
    if budget < 0:
        fail(f"--budget {budget}: must not be negative")
    try:
        situation = Situation.parse(variant, hands, dead)
    except EquityError as error:
        fail(str(error))
    method = None if exact is None else (Method.EXACT if exact else Method.MONTE_CARLO)
    last: EquityResult | None = None
    progress: Progress | None = None
    started = time.monotonic()
    try:
        for last in run_equity(
            situation, exact_budget=budget, trials=trials, seed=seed, jobs=jobs, method=method
        ):
            target = last.total_outcomes if last.method is Method.EXACT else trials
            if progress is None and time.monotonic() - started > 1 and err.is_terminal:
                progress = Progress(
                    TextColumn(f"{last.method.value}"),
                    BarColumn(),
                    TextColumn("{task.completed:,}/{task.total:,}"),
                    TimeRemainingColumn(),
                    console=err,
                    transient=True,
                )
                progress.add_task("odds", total=target)
                progress.start()
            if progress is not None:
                progress.update(progress.task_ids[0], completed=last.outcomes)
    except EquityError as error:  # a method the situation cannot be run by
        if progress is not None:
            progress.stop()
        fail(str(error))
    except KeyboardInterrupt:
        if progress is not None:
            progress.stop()
        if last is None or last.method is Method.EXACT:
            err.print("interrupted: no exact result" if last else "interrupted before any result")
            raise typer.Exit(130) from None
        err.print(f"interrupted: the result of the first {last.outcomes:,} trials")
        _show(last, as_json)
        raise typer.Exit(130) from None
    if progress is not None:
        progress.stop()
    assert last is not None
    _show(last, as_json)


def _show(result: EquityResult, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        out.print(render(result))
