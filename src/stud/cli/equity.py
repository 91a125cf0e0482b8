"""``stud equity``: the odds of a stud situation, as a table or JSON.

Ctrl-C stops a run: a Monte Carlo run prints the result of the trials so far
(marked as stopped early), an exact run prints nothing, since part of an
enumeration is not the answer; both exit 130. SIGTERM stops the run and its
worker processes.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from stud.cli.app import (
    JobsOption,
    VariantOption,
    app,
    check_jobs,
    check_seed,
    err,
    fail,
    stop_on_sigterm,
)
from stud.cli.progress import Progress
from stud.equity import EquityError, EquityResult, Method, Situation, run_equity
from stud.rules import Variant

out = Console(highlight=False, emoji=False)

MAX_TRIALS = 10**12
"""Monte Carlo trials one run may ask for: days of work on one core already."""


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


@app.command(short_help="How often each hand wins, exact or by sampling.")
def equity(
    hands: Annotated[
        list[str],
        typer.Argument(
            help='Each player\'s cards, e.g. "As Ks Qs"; ?? for a down card nobody has seen, '
            'a range of down cards first: "[KK, XhXh:0.5] 9s".'
        ),
    ],
    *,
    variant: VariantOption = "stud",
    dead: Annotated[str, typer.Option(help="Dead cards: folded or otherwise seen.")] = "",
    budget: Annotated[
        int, typer.Option(help="Enumerate exactly when there are at most this many outcomes.")
    ] = 1_000_000_000,
    trials: Annotated[int, typer.Option(help="Monte Carlo trials.")] = 1_000_000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Monte Carlo seed, 0 to 2**64-1.")] = 0,
    jobs: JobsOption = 1,
    exact: Annotated[
        bool | None,
        typer.Option(
            "--exact/--monte-carlo",
            help="Force a method (default: exact up to --budget outcomes).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """How often each hand wins: exact or Monte Carlo, with dead cards, unseen down
    cards and ranges."""
    check_jobs(jobs)
    check_seed(seed)
    if not 1 <= trials <= MAX_TRIALS:
        fail(f"--trials {trials}: must be from 1 to {MAX_TRIALS:,}")
    if budget < 0:
        fail(f"--budget {budget}: must not be negative")
    try:
        situation = Situation.parse(variant, hands, dead)
    except EquityError as error:
        fail(str(error))
    method = None if exact is None else (Method.EXACT if exact else Method.MONTE_CARLO)
    last: EquityResult | None = None
    progress: Progress | None = None
    try:
        with stop_on_sigterm():
            for last in run_equity(
                situation,
                exact_budget=budget,
                trials=trials,
                seed=seed,
                jobs=jobs or 1,
                method=method,
            ):
                if progress is None:
                    unit = "outcomes" if last.method is Method.EXACT else "trials"
                    target = last.total_outcomes if last.method is Method.EXACT else trials
                    progress = Progress(err, last.method.value, target, unit)
                progress.update(last.outcomes)
    except EquityError as error:  # a method the situation cannot be run by
        if progress is not None:
            progress.close()
        fail(str(error))
    except KeyboardInterrupt:
        if progress is not None:
            progress.close()
        if last is None or last.method is Method.EXACT:
            err.print("interrupted: no exact result" if last else "interrupted before any result")
            raise typer.Exit(130) from None
        err.print(f"interrupted: the result of the first {last.outcomes:,} trials")
        _show(last, as_json)
        raise typer.Exit(130) from None
    if progress is not None:
        progress.close()
    assert last is not None
    _show(last, as_json)


def _show(result: EquityResult, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        out.print(render(result))
