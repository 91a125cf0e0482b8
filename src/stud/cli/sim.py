"""``stud sim``: bots against each other over many hands, on local cores or Ray.

The command checks its options, builds a ``Simulation``, picks where to run it
(this process, ``--jobs`` local processes, or ``--ray``), shows its progress on
stderr, and prints the per-bot table (or ``--json``) on stdout. Ctrl-C stops the
run at once and reports the hands finished so far (exit 130); SIGTERM stops it and
its workers.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from stud.cli.app import (
    JobsOption,
    SeedOption,
    StakesOption,
    VariantOption,
    app,
    check_chart,
    check_jobs,
    check_players,
    check_seed,
    check_stack,
    err,
    fail,
    make_rules,
    parse_bots,
    stop_on_sigterm,
)
from stud.cli.progress import Progress
from stud.cli.tournament import (
    MAX_ENTRANTS,
    LevelHandsOption,
    LevelMinutesOption,
    LevelsOption,
    PayoutsOption,
    RotateEveryOption,
    RotationOption,
    TableSizeOption,
    TournamentOptions,
    play_series,
)
from stud.history.phh import phhs_table
from stud.parallel import Runner
from stud.rules import DEFAULT_STAKES, MAX_SEATS, MIN_SEATS, RulesError
from stud.sim.results import SimResult, collect
from stud.sim.run import ChunkResult, LocalProcesses, SimError, Simulation, simulate

if TYPE_CHECKING:
    from stud.sim.ray_cluster import RayCluster

out = Console(highlight=False, emoji=False)

MAX_HANDS = 10**12
"""Hands one run may ask for: weeks of work on every core already; a typo of a few
extra zeros is refused before it starts."""

STACK_BIG_BETS = 100
"""Each bot's stack at the start of every hand unless ``--stack`` says: 100 big bets."""


def render(result: SimResult, seconds: float) -> Table:
    """The per-bot results as a rich table."""
    sim = result.sim
    rate = result.hands / seconds if seconds > 0 else float("inf")
    played = f"{result.hands:,} hands"
    if not result.complete:
        played = f"{result.hands:,} of {sim.hands:,} hands (interrupted)"
    several = any(bot.seats > 1 for bot in result.bots)
    rake = ""
    if sim.rules.rake:
        rake = (
            f"; rake {sim.rules.rake}: {result.rake:,} chips, "
            f"{result.rake_per_100:.2f} per 100 hands, every figure after it"
        )
    per_seat = "; a bot in several seats plays each hand in each, its figures per seat"
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"{sim.rules.variant.game_name}, stakes {sim.rules.stakes}, "
        f"{sim.players} seats, {played}",
        caption=f"Hands: hands each bot played; bb/100: big bets per 100 hands, "
        f"± its 95% confidence interval{per_seat if several else ''}; "
        f"seed {sim.seed}; every hand from {sim.stack} chips; "
        f"{seconds:.1f} s, {rate:,.0f} hands/s{rake}",
    )
    table.add_column("Bot")
    if several:
        table.add_column("Seats", justify="right")
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
            *([str(bot.seats)] if several else []),
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
    if players is not None:
        check_players(players, " bots")
    lineup = parse_bots(spec, players)
    if not MIN_SEATS <= len(lineup) <= MAX_SEATS:
        fail(f"--bots {spec}: a table seats {MIN_SEATS} to {MAX_SEATS} bots, not {len(lineup)}")
    return tuple(lineup)


def _executor(jobs: int | None, ray: str | None) -> Runner:
    check_jobs(jobs)
    if ray is None:
        return LocalProcesses(jobs or 1)
    return _ray(jobs, ray)


def _ray(jobs: int | None, ray: str) -> RayCluster:
    """The Ray cluster ``--ray`` names (with ``--jobs`` CPUs for a local instance)."""
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
    check_chart(plot, "--plot")
    if phh is not None:
        if phh.suffix.lower() != ".phhs":
            fail(f"--phh {phh}: the hands go in one PHH file of many hands, so name a .phhs file")
        if not phh.parent.is_dir():
            fail(f"--phh {phh}: the folder {phh.parent} does not exist")
        if phh.is_dir():
            fail(f"--phh {phh}: this is a folder, not a file")


@contextmanager
def _hand_file(path: Path | None) -> Iterator[TextIO | None]:
    """The open ``--phh`` file, written hand by hand as chunks finish."""
    if path is None:
        yield None
        return
    try:
        kept = path.open("w", encoding="utf-8")
    except OSError as error:
        fail(f"--phh {path}: cannot write it ({error.strerror})")
    with kept:
        yield kept


@app.command(name="sim", short_help="Play bots against each other and report results.")
def sim_command(
    ctx: typer.Context,
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
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Seats, 2 to 8 (default: one per bot named); with --tournament, the "
            f"entrants, 2 to {MAX_ENTRANTS}.",
        ),
    ] = None,
    seed: SeedOption = None,
    stakes: StakesOption = DEFAULT_STAKES,
    rake: Annotated[
        str | None,
        typer.Option(
            metavar="PERCENT[:CAP]",
            help="The house's rake (R9): a percentage of each pot, to a tenth, and an "
            "optional cap in chips per hand, e.g. 5%:3; none on a hand ended on third street.",
        ),
    ] = None,
    stack: Annotated[
        int | None,
        typer.Option(
            help="Each bot's chips at the start of every hand (default 100 big bets); with "
            "--tournament, the starting stack (default 50 big bets of the first level)."
        ),
    ] = None,
    jobs: JobsOption = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="ADDRESS",
            help="Run chunks (or tournaments) as Ray tasks: 'local' starts a Ray instance "
            "here (with --jobs CPUs), 'auto' joins this machine's cluster, or give a "
            "cluster address.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    plot: Annotated[
        Path | None, typer.Option(help="Draw each bot's cumulative result to a PNG file.")
    ] = None,
    phh: Annotated[
        Path | None, typer.Option(help="Keep every hand in this .phhs file (PHH, many hands).")
    ] = None,
    tournament: Annotated[
        int | None,
        typer.Option(
            help="Play this many tournaments instead, places and ROI per bot: sit-and-gos, "
            "or multi-table ones when --players is more than --table-size (the bots "
            "repeated to fill the entrants, seats drawn by lot)."
        ),
    ] = None,
    table_size: TableSizeOption = None,
    levels: LevelsOption = None,
    level_hands: LevelHandsOption = None,
    level_minutes: LevelMinutesOption = None,
    rotation: RotationOption = None,
    rotate_every: RotateEveryOption = None,
    payouts: PayoutsOption = None,
) -> None:
    """Play bots against each other, seats rotating, and report each bot's results."""
    options = TournamentOptions(
        table_size, levels, level_hands, level_minutes, rotation, rotate_every, payouts
    )
    options.check(ctx, tournament=tournament is not None)
    rules = make_rules(variant, stakes)
    if rake is not None:
        try:
            rules = rules.with_rake(rake)
        except RulesError as error:
            fail(f"--rake {rake}: {error}")
    check_seed(seed)
    if stack is not None:
        check_stack(stack)
    if tournament is not None:
        if plot is not None or phh is not None:
            fail("--tournament reports places and ROI, without --plot or --phh")
        if rake is not None:
            fail(f"--rake {rake}: a tournament takes no rake; the rake is for cash games (R9)")
        check_jobs(jobs)
        entrants = players if players is not None else len(parse_bots(bots))
        config = options.config(rules, entrants, stack)
        lineup = tuple(parse_bots(bots))
        tasks = None if ray is None else _ray(jobs, ray)
        play_series(config, lineup, tournament, seed, jobs=jobs, tasks=tasks, as_json=as_json)
        return
    lineup = _lineup(bots, players)
    if hands < 1:
        fail(f"--hands {hands}: play at least one hand")
    if hands > MAX_HANDS:
        fail(f"--hands {hands}: play at most {MAX_HANDS:,} hands")
    if stack is None:
        stack = STACK_BIG_BETS * rules.big_bet
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
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

    chunks: list[ChunkResult] = []
    interrupted = False
    with (
        stop_on_sigterm(),
        Progress(err, "simulating", hands, "hands") as progress,
        _hand_file(phh) as kept,
    ):

        def done(chunk: ChunkResult) -> None:
            if kept is not None and chunk.hands is not None:
                for k, text in enumerate(chunk.hands):  # table k+1 is hand k, from 0
                    kept.write(phhs_table(chunk.first + k + 1, text))
            chunks.append(chunk)
            progress.update(sum(c.count for c in chunks))

        try:
            simulate(sim, executor, on_chunk=done)
        except SimError as error:
            fail(str(error))
        except KeyboardInterrupt:
            interrupted = True
    seconds = time.monotonic() - progress.started
    if interrupted and not chunks:
        err.print("interrupted before any hand was finished")
        raise typer.Exit(130)
    result = collect(sim, chunks)
    if interrupted:
        err.print(f"interrupted: the results of the {result.hands:,} hands finished")
    if plot is not None:
        from stud.sim.plot import plot_cumulative  # noqa: PLC0415 (needs matplotlib)

        try:
            plot_cumulative(result, plot)
        except SimError as error:
            fail(str(error))
    if as_json:
        record = result.as_dict()
        record["seconds"] = round(seconds, 3)
        record["hands_per_second"] = round(result.hands / seconds, 1) if seconds > 0 else None
        typer.echo(json.dumps(record, indent=2))
    else:
        out.print(render(result, seconds))
    if interrupted:
        raise typer.Exit(130)
