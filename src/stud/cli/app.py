"""The ``stud`` command's application and what every subcommand shares.

Each subcommand module adds its commands to ``app`` here; ``stud.cli.main`` imports
them all and runs the app, so no command module imports ``main``. What the
commands have in common lives here once: the one-line error, the usage-error
format, and the checks of options that several commands take (players, seeds,
jobs, stacks and stakes, the bots around the table), so a bound means the same
in every command.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import FrameType
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

try:  # typer carries its own copy of click from 0.26 on; before, it used click itself
    from typer import _click as click
except ImportError:  # pragma: no cover
    import click  # type: ignore[no-redef]

from stud.bots import BotLoadError, bot_factory
from stud.chart import require_matplotlib
from stud.rules import MAX_SEATS, MIN_SEATS, Rules, RulesError, Variant
from stud.sim.run import MAX_CHIPS

__all__ = [
    "MAX_JOBS",
    "MAX_SEED",
    "JobsOption",
    "PlayersOption",
    "SeedOption",
    "StakesOption",
    "VariantOption",
    "app",
    "check_chart",
    "check_jobs",
    "check_players",
    "check_seed",
    "check_stack",
    "err",
    "fail",
    "make_rules",
    "parse_bots",
    "report",
    "stop_on_sigterm",
]

MAX_JOBS = 4 * (os.cpu_count() or 1)
"""The most local processes a command starts: four per core is already more than
helps, and a typo such as ``--jobs 100000`` must not fork a machine to a halt."""

MAX_SEED = 2**64 - 1
"""Seeds are unsigned 64-bit numbers: what numpy's and the simulator's streams take."""

err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error for a person and exit non-zero."""
    report(message)
    raise typer.Exit(code)


def report(message: str, label: str = "error") -> None:
    """Print one error line for a person; the message is text, never markup."""
    err.print(f"[bold red]{label}:[/] {escape(message)}", markup=True)


class _OneLineErrors(TyperGroup):
    """Usage errors as one line, ``error: ...``, exit 2: as every other error here."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as error:
            error.show()
            code = 0
        except click.exceptions.ClickException as error:
            report(error.format_message())
            code = error.exit_code
        except typer.Abort:
            code = 1
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


def _version(show: bool) -> None:
    if show:
        try:
            number = version("stud")
        except PackageNotFoundError:  # run from a source tree that was never installed
            number = "unknown"
        typer.echo(f"stud {number}")
        raise typer.Exit


app = typer.Typer(
    name="stud",
    cls=_OneLineErrors,
    help="Seven-Card Stud, Stud Hi-Lo and Razz: deal, replay, analyse and play.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _stud(
    *,
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print stud's version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Seven-Card Stud, Stud Hi-Lo and Razz: deal, replay, analyse and play."""


# -- options several commands take, with the same letter and bound everywhere --------

VariantOption = Annotated[str, typer.Option("--variant", "-v", help="stud, stud8 or razz.")]
PlayersOption = Annotated[int, typer.Option("--players", "-p", help="Seats, 2 to 8.")]
SeedOption = Annotated[
    int | None,
    typer.Option("--seed", "-s", help="Seed, 0 to 2**64-1: the same seed, the same cards."),
]
StakesOption = Annotated[
    str, typer.Option("--stakes", help="ante/bring-in/small bet/big bet, in chips.")
]
JobsOption = Annotated[
    int | None, typer.Option("--jobs", "-j", help=f"Local processes, 1 to {MAX_JOBS}.")
]


def check_players(players: int, who: str = "") -> None:
    """A table seats 2 to 8 (R1.2)."""
    if not MIN_SEATS <= players <= MAX_SEATS:
        fail(f"--players {players}: a table seats {MIN_SEATS} to {MAX_SEATS}{who}")


def check_seed(seed: int | None) -> None:
    """A seed, when given, is in ``0..MAX_SEED``."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        fail(f"--seed {seed}: a seed is a whole number from 0 to 2**64-1")


def check_chart(path: Path | None, option: str) -> None:
    """A chart asked for by ``option`` can be drawn to ``path`` (checked before a long
    run): matplotlib is installed, the name is a ``.png`` and its folder exists."""
    if path is None:
        return
    try:
        require_matplotlib(option, ValueError)
    except ValueError as error:
        fail(str(error))
    if path.suffix.lower() != ".png":
        fail(f"{option} {path}: the picture is a PNG, so name a .png file")
    if not path.parent.is_dir():
        fail(f"{option} {path}: the folder {path.parent} does not exist")


def check_jobs(jobs: int | None) -> None:
    """A number of processes, when given, is in ``1..MAX_JOBS``."""
    if jobs is not None and not 1 <= jobs <= MAX_JOBS:
        fail(f"--jobs {jobs}: the number of processes must be from 1 to {MAX_JOBS}")


def check_stack(stack: int) -> None:
    """A stack is 1 to ``MAX_CHIPS`` chips."""
    if not 1 <= stack <= MAX_CHIPS:
        fail(f"--stack {stack}: a stack must be from 1 to {MAX_CHIPS:,} chips")


def make_rules(variant: str, stakes: str) -> Rules:
    """Rules from command-line options, or a clear error naming the option."""
    try:
        rules = Rules.from_stakes(stakes, Variant(variant))
    except ValueError as error:
        if isinstance(error, RulesError):
            fail(f"--stakes {stakes}: {error}")
        fail(f"--variant {variant!r} is not one of: {', '.join(v.value for v in Variant)}")
    if rules.big_bet > MAX_CHIPS or rules.ante > MAX_CHIPS:
        fail(f"--stakes {stakes}: stakes go up to {MAX_CHIPS:,} chips")
    return rules


def parse_bots(spec: str, seats: int | None = None) -> list[str]:
    """Bots from ``"tight,./mybot.py:MyBot"``, repeated around ``seats`` seats (default: one
    each): built-in names, or specs of bots of your own (``stud.bots.loading``)."""
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not names:
        fail("--bots needs at least one bot name")
    try:
        for name in names:
            bot_factory(name)
    except BotLoadError as error:
        fail(f"--bots: {error}")
    return [names[i % len(names)] for i in range(len(names) if seats is None else seats)]


def _terminated(signum: int, frame: FrameType | None) -> None:
    """Stop this process's workers, then end at once with the status of the signal.

    Unwinding instead (an exception through ``finally`` blocks) can hang: the
    signal may land while the main thread holds a lock that a pool's shutdown
    then waits on. Nothing a command holds needs more than the kernel's cleanup.
    """
    del frame
    for worker in multiprocessing.active_children():  # only this process's own children
        worker.kill()
    os._exit(128 + signum)  # no flush: the signal may have come in the middle of a write


@contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """While inside, SIGTERM stops the command's worker processes with it.

    Python's default for SIGTERM ends the process at once: the workers of a pool
    live on, still holding the caller's pipes. Here the workers this process
    started are killed first; the exit status is 143, as for a process the signal
    ended. The previous handler is back afterwards.
    """
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
