"""``stud sim``: bots against each other over many hands, on local cores or Ray.

The command checks its options, builds a ``Simulation``, picks where to run it
(this process, ``--jobs`` local processes, or ``--ray``), shows a progress bar with
hands per second on stderr, and prints the per-bot table (or ``--json``) on stdout.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
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

from stud.cli.main import VariantOption, app, err, fail, make_rules, parse_bots
from stud.sim.results import SimResult, collect
from stud.sim.run import (
    ChunkResult,
    Executor,
    LocalProcesses,
    SimError,
    Simulation,
    simulate,
)

out = Console(highlight=False)

STACK_BIG_BETS = 100
"""Each bot's stack at the start of every hand unless ``--stack`` says: 100 big bets."""


def render(result: SimResult, seconds: float) -> Table:
    """The per-bot results as a rich table."""
    sim = result.sim
    rate = sim.hands / seconds if seconds > 0 else float("inf")
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"{sim.rules.variant.game_name}, stakes {sim.rules.stakes}, "
        f"{sim.players} seats, {sim.hands:,} hands",
        caption=f"bb/100: big bets per 100 hands, ± its 95% confidence interval; "
        f"seed {sim.seed}; every hand from {sim.stack} chips; "
        f"{seconds:.1f} s, {rate:,.0f} hands/s",
    )
    table.add_column("Bot")
    table.add_column("Hands", justify="right")
    table.add_column("Net chips", justify="right")
    table.add_column("bb/100", justify="right", style="bold")
    table.add_column("± 95%", justify="right")
    table.add_column("Showdowns", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Scoops", justify="right")
    for bot in result.bots:
        ci = bot.ci95
        table.add_row(
            bot.name,
            str(bot.hands),
            f"{bot.net:+d}",
            f"{bot.bb_per_100:+.2f}",
            f"{ci:.2f}",
            str(bot.showdowns),
            str(bot.wins),
            str(bot.scoops),
        )
    return table


def _lineup(spec: str, players: int | None) -> tuple[str, ...]:
    if players is not None and not 2 <= players <= 8:
        fail(f"--players {players}: a table seats 2 to 8 bots, not {players}")
    lineup = parse_bots(spec, players)
    if not 2 <= len(lineup) <= 8:
        fail(f"--bots {spec}: a table seats 2 to 8 bots, not {len(lineup)}")
    return tuple(lineup)


def _executor(jobs: int | None, ray: str | None) -> Executor:
    if jobs is not None and jobs < 1:
        fail(f"--jobs {jobs}: the number of processes must be at least 1")
    if ray is None:
        return LocalProcesses(jobs or 1)
    from stud.sim.ray_cluster import RayCluster, import_ray  # noqa: PLC0415 (optional)

    try:
        import_ray()
    except SimError as error:
        fail(str(error))
    address = ray.strip()
    if not address:
        fail("--ray needs local, auto or a cluster address")
    return RayCluster(None if address == "local" else address, num_cpus=jobs)


def _check_outputs(plot: Path | None, phh: Path | None) -> None:
    if plot is not None:
        from stud.sim.plot import require_matplotlib  # noqa: PLC0415 (optional)

        try:
            require_matplotlib()
        except SimError as error:
            fail(str(error))
        if plot.suffix.lower() != ".png":
            fail(f"--plot {plot}: the picture is a PNG, so name a .png file")
        if not plot.parent.is_dir():
            fail(f"--plot {plot}: the folder {plot.parent} does not exist")
    if phh is not None:
        if phh.exists() and not phh.is_dir():
            fail(f"--phh {phh}: this is a file, not a folder")
        try:
            phh.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            fail(f"--phh {phh}: cannot create the folder ({error.strerror})")


@app.command(name="sim")
def sim_command(
    *,
    variant: VariantOption = "stud8",
    bots: Annotated[
        str,
        typer.Option(
            help="Bots around the table, comma-separated (repeated to fill seats): "
            "built-in names, or your own as file.py:Class or module:Class."
        ),
    ] = "tight,equity,station,random",
    hands: Annotated[int, typer.Option("--hands", "-n", help="Hands to play.")] = 10_000,
    players: Annotated[
        int | None, typer.Option(help="Seats, 2 to 8 (default: one per bot named).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed: the same seed gives the same numbers.")
    ] = None,
    stakes: Annotated[str, typer.Option(help="ante/bring-in/small bet/big bet.")] = "1/2/5/10",
    stack: Annotated[
        int | None,
        typer.Option(help="Each bot's chips at the start of every hand (default 100 big bets)."),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs", "-j", help="Local processes (default 1); with --ray local, Ray's CPUs."
        ),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="ADDRESS",
            help="Run chunks as Ray tasks: 'local' starts a Ray instance here, "
            "'auto' joins this machine's cluster, or give a cluster address.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    plot: Annotated[
        Path | None, typer.Option(help="Draw each bot's cumulative result to a PNG file.")
    ] = None,
    phh: Annotated[
        Path | None, typer.Option(help="Keep every hand as a PHH file in this folder.")
    ] = None,
) -> None:
    """Play bots against each other, seats rotating, and report each bot's results."""
    rules = make_rules(variant, stakes)
    lineup = _lineup(bots, players)
    if hands < 1:
        fail(f"--hands {hands}: play at least one hand")
    if stack is None:
        stack = STACK_BIG_BETS * rules.big_bet
    elif stack < 1:
        fail(f"--stack {stack}: a stack must be a positive number of chips")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    elif not 0 <= seed < 2**64:
        fail(f"--seed {seed}: a seed is a whole number from 0 to 2**64-1")
    _check_outputs(plot, phh)
    executor = _executor(jobs, ray)
    try:
        sim = Simulation(
            rules,
            lineup,
            hands,
            seed=seed,
            stack=stack,
            keep_series=plot is not None,
            keep_hands=phh is not None,
        )
    except SimError as error:
        fail(str(error))

    progress = Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("hands"),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    )
    started = time.perf_counter()
    with progress:
        task = progress.add_task("sim", total=hands, rate="")

        def done(chunk: ChunkResult) -> None:
            if phh is not None and chunk.hands is not None:
                for k, text in enumerate(chunk.hands):
                    (phh / f"hand-{chunk.first + k:08d}.phh").write_text(text, encoding="utf-8")
            progress.advance(task, chunk.count)
            elapsed = time.perf_counter() - started
            played = progress.tasks[0].completed
            progress.update(task, rate=f"{played / elapsed:,.0f} hands/s" if elapsed else "")

        try:
            chunks = simulate(sim, executor, on_chunk=done)
        except SimError as error:
            fail(str(error))
    seconds = time.perf_counter() - started
    result = collect(sim, chunks)
    if plot is not None:
        from stud.sim.plot import plot_cumulative  # noqa: PLC0415 (needs matplotlib)

        try:
            plot_cumulative(result, plot)
        except SimError as error:
            fail(str(error))
    if as_json:
        record = result.as_dict()
        record["seconds"] = round(seconds, 3)
        record["hands_per_second"] = round(hands / seconds, 1) if seconds > 0 else None
        typer.echo(json.dumps(record, indent=2))
    else:
        out.print(render(result, seconds))
