"""``stud``: deal, replay and (in other modules) analyse and play stud from the shell.

Every command turns bad input into one clear line on stderr and a non-zero exit;
tracebacks are for bugs, not for users.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console

from stud.bots import BOTS, make_bot
from stud.history.phh import PHHError, load_phh, replay, to_phh
from stud.history.text import text_history
from stud.rules import Rules, RulesError, Variant
from stud.sim.hand import play_hand

app = typer.Typer(
    name="stud",
    help="Seven-Card Stud, Stud Hi-Lo and Razz: deal, replay, analyse and play.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error for a person and exit non-zero."""
    err.print(f"[bold red]error:[/] {message}", markup=True)
    raise typer.Exit(code)


def parse_bots(spec: str, seats: int | None = None) -> list[str]:
    """Bot names from ``"tight,random"``, repeated around ``seats`` seats (default: one each)."""
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not names:
        fail("--bots needs at least one bot name")
    for name in names:
        if name not in BOTS:
            fail(f"--bots: no bot named {name!r}; choose from {', '.join(sorted(BOTS))}")
    return [names[i % len(names)] for i in range(len(names) if seats is None else seats)]


def make_rules(variant: str, stakes: str) -> Rules:
    """Rules from command-line options, or a clear error naming the option."""
    try:
        return Rules.from_stakes(stakes, Variant(variant))
    except ValueError as error:
        if isinstance(error, RulesError):
            fail(f"--stakes {stakes}: {error}")
        fail(f"--variant {variant!r} is not one of: {', '.join(v.value for v in Variant)}")


VariantOption = Annotated[
    str, typer.Option("--variant", "-v", help="stud, stud8 or razz.", show_default=True)
]


@app.command()
def deal(
    *,
    variant: VariantOption = "stud8",
    players: Annotated[int, typer.Option("--players", "-n", help="2 to 8 players.")] = 6,
    seed: Annotated[int | None, typer.Option(help="Seed for the deck and the bots.")] = None,
    stakes: Annotated[str, typer.Option(help="ante/bring-in/small bet/big bet.")] = "1/1/5/10",
    stack: Annotated[int, typer.Option(help="Each player's starting chips.")] = 200,
    bots: Annotated[str, typer.Option(help="Bots around the table, repeated.")] = "station,random",
    phh: Annotated[bool, typer.Option("--phh", help="Print PHH instead of text.")] = False,
) -> None:
    """Play one hand between built-in players and print its history."""
    if not 2 <= players <= 8:
        fail(f"--players {players}: stud is for 2 to 8 players")
    if stack <= 0:
        fail(f"--stack {stack}: a stack must be a positive number of chips")
    rules = make_rules(variant, stakes)
    names = parse_bots(bots, players)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    state = play_hand(rules, [stack] * players, [make_bot(n) for n in names], random.Random(seed))
    if phh:
        typer.echo(to_phh(state, players=names, _seed=seed), nl=False)
    else:
        labels = [f"{n.capitalize()} {i + 1}" for i, n in enumerate(names)]
        typer.echo(text_history(state, names=labels, title=f"Hand, seed {seed}"), nl=False)


@app.command(name="replay")
def replay_command(
    files: Annotated[list[Path], typer.Argument(help="PHH files to replay.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a line.")] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Compare with each file's finishing_stacks.")
    ] = False,
) -> None:
    """Replay PHH hand histories and print each hand's finishing stacks."""
    failures = 0
    for path in files:
        try:
            hand = load_phh(path)
            state = replay(hand)
        except PHHError as error:
            err.print(f"[bold red]error:[/] {error}", markup=True)
            failures += 1
            continue
        if not state.is_over:
            err.print(
                f"[bold red]error:[/] {path}: the actions stop before the hand is over "
                f"({state.phase.value}, street {state.street})",
                markup=True,
            )
            failures += 1
            continue
        stacks = list(state.final_stacks)
        recorded = list(hand.finishing_stacks) if hand.finishing_stacks else None
        matches = recorded is None or recorded == stacks
        if as_json:
            record: dict[str, object] = {
                "file": str(path),
                "variant": hand.variant_code,
                "finishing_stacks": stacks,
            }
            if check:
                record["matches"] = recorded == stacks
            typer.echo(json.dumps(record))
        else:
            note = ""
            if check:
                note = "  (matches)" if recorded == stacks else "  (MISMATCH)"
            typer.echo(f"{path}  {hand.variant_code}  {' '.join(map(str, stacks))}{note}")
        if check and recorded is None:
            err.print(f"[bold red]error:[/] {path}: no finishing_stacks to check", markup=True)
            failures += 1
        elif check and not matches:
            err.print(
                f"[bold red]mismatch:[/] {path}: replayed {stacks}, recorded {recorded}",
                markup=True,
            )
            failures += 1
    if failures:
        raise typer.Exit(1)


from stud.cli import equity, history, play, serve, sim  # noqa: E402, F401  (each adds its commands to app)


def main() -> None:
    """Entry point of the ``stud`` script."""
    try:
        app()
    except BrokenPipeError:  # `stud replay ... | head` is fine
        sys.stderr.close()


if __name__ == "__main__":
    # Run as `python -m stud.cli.main`, this file is `__main__`; the command modules
    # registered on the `app` of `stud.cli.main`, so run that one.
    from stud.cli.main import main as registered_main

    registered_main()
