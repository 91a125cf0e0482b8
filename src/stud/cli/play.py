"""``stud play``: sit at a table with bots and play stud hand after hand.

This module only turns options into a session: it checks them (every bad one is a
clear error and a non-zero exit before any card is dealt), opens the hand store,
chooses how to read keys and how to draw, and prints the session's summary.
"""

from __future__ import annotations

import random
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from stud.bots import BOTS, BotError, make_bot
from stud.cli.app import (
    PlayersOption,
    SeedOption,
    StakesOption,
    VariantOption,
    app,
    check_players,
    check_seed,
    check_stack,
    fail,
    make_rules,
    parse_bots,
)
from stud.cli.keys import key_source
from stud.cli.session import Player, SessionResult, TableSession
from stud.cli.table import look_of
from stud.cli.tournament import sit_and_go
from stud.storage import MEMORY, StorageError, default_db_path, describe_ids, open_store

__all__ = ["default_bots", "play"]

_PREFERRED = ("tight", "equity")


def default_bots() -> str:
    """The thinking bots when there are any, else the simple ones."""
    names = [n for n in _PREFERRED if n in BOTS]
    return ",".join(names or ["station", "random"])


@app.command()
def play(
    *,
    variant: VariantOption = "stud8",
    players: PlayersOption = 6,
    stakes: StakesOption = "1/1/5/10",
    stack: Annotated[int, typer.Option(help="Everyone's starting chips.")] = 200,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bots around the table, repeated as needed "
            f"(choose from {', '.join(sorted(BOTS))}, or module:Class, file.py:Class; "
            f"default {default_bots()})."
        ),
    ] = None,
    seed: SeedOption = None,
    name: Annotated[
        str, typer.Option(help="Your name in the hand histories (the table says You).")
    ] = "Hero",
    db: Annotated[
        str | None,
        typer.Option(
            help=f"SQLite file for the hand histories (default {default_db_path()}; "
            "':memory:' keeps nothing)."
        ),
    ] = None,
    tournament: Annotated[
        bool,
        typer.Option(
            "--tournament",
            help="A sit-and-go: the stakes double every ten hands; play to a winner.",
        ),
    ] = False,
) -> None:
    """Play stud against bots in the terminal, hand after hand, until you quit."""
    check_players(players, ", you included")
    check_stack(stack)
    check_seed(seed)
    rules = make_rules(variant, stakes)
    if stack < rules.ante:
        fail(f"--stack {stack}: a stack must cover the ante ({rules.ante})")
    name = name.strip()
    if not name or not name.isprintable():
        fail(f"--name {name!r}: give a name of printable characters")
    names = parse_bots(bots if bots is not None else default_bots(), players - 1)
    try:
        store = open_store(db)
    except StorageError as error:
        fail(f"--db: {error}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    console = Console(highlight=False)
    look = look_of(console)
    seated = [Player("You", stack)] + [
        Player(f"{bot.name.capitalize()} {chair + 2}", stack, bot)
        for chair, bot in enumerate(make_bot(n) for n in names)
    ]
    try:
        with key_source() as keys:
            console.print(
                Text(f"{rules.variant.game_name}, stakes {rules.stakes}", style="bold"),
                Text(
                    f"You sit in seat 1 with {stack} chips, against "
                    + ", ".join(p.name for p in seated[1:])
                    + f". Seed {seed}."
                ),
                Text(f"Hand histories are kept in {store.location}"),
                Text(
                    "Keys: f fold, k check, c call or bring in, b or r bet/complete/raise, "
                    "B the big bet (open pair on 4th street); q folds and leaves."
                ),
                sep="\n",
                soft_wrap=True,  # a path or a list of names stays whole, to be copied
            )
            session = TableSession(
                rules=rules,
                players=seated,
                rng=random.Random(seed),
                console=console,
                keys=keys,
                store=store,
                look=look,
                history_name=name,
                tournament=sit_and_go(rules, players, stack) if tournament else None,
            )
            result = session.run()
    except BotError as error:
        fail(str(error), code=1)
    finally:
        store.close()
    _summary(console, result, store.location if db != MEMORY else None)
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports a program Ctrl-C ended


def _summary(console: Console, result: SessionResult, kept_in: str | None) -> None:
    hands = f"{result.hands} hand{'s' if result.hands != 1 else ''} played"
    if result.abandoned:
        hands += " (the hand left unfinished is not counted)"
    console.print(Text(f"Session over: {hands}, {result.won} won.", style="bold"), soft_wrap=True)
    mood = "green" if result.net > 0 else "red" if result.net < 0 else ""
    console.print(
        Text(f"Net result: {result.net:+d} chips ({result.start} -> {result.final}).", mood),
        soft_wrap=True,
    )
    if result.hand_ids and kept_in is not None:
        console.print(
            f"Saved as {describe_ids(result.hand_ids)} in {kept_in}; "
            "`stud history list` shows them.",
            markup=False,
            soft_wrap=True,
        )
