"""``stud play``: sit at a table with bots and play stud hand after hand.

This module only turns options into a session: it checks them (every bad one is a
clear error and a non-zero exit before any card is dealt), opens the hand store,
chooses how to read keys and how to draw, and prints the session's summary.
"""

from __future__ import annotations

import random
import time
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from stud.bots import BOTS, BotError, make_bot
from stud.cli.app import (
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
)
from stud.rules import DEFAULT_STAKES, Rules
from stud.storage import MEMORY, StorageError, default_db_path, describe_ids, open_store
from stud.tournament.event import Tournament

__all__ = ["default_bots", "play"]

_PREFERRED = ("tight", "equity")


def default_bots() -> str:
    """The thinking bots when there are any, else the simple ones."""
    names = [n for n in _PREFERRED if n in BOTS]
    return ",".join(names or ["station", "random"])


@app.command(short_help="Play stud against bots in the terminal.")
def play(
    ctx: typer.Context,
    *,
    variant: VariantOption = "stud8",
    players: Annotated[
        int,
        typer.Option(
            "--players",
            "-p",
            help="Seats, 2 to 8, you included; with --tournament, the entrants, 2 to "
            f"{MAX_ENTRANTS}, at tables of --table-size.",
        ),
    ] = 6,
    stakes: StakesOption = DEFAULT_STAKES,
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
            help="A tournament to a winner: a sit-and-go, or with more --players than "
            "--table-size, you at one table of several; the stakes double every ten hands "
            "unless --levels says.",
        ),
    ] = False,
    table_size: TableSizeOption = None,
    levels: LevelsOption = None,
    level_hands: LevelHandsOption = None,
    level_minutes: LevelMinutesOption = None,
    rotation: RotationOption = None,
    rotate_every: RotateEveryOption = None,
    payouts: PayoutsOption = None,
) -> None:
    """Play stud against bots in the terminal, hand after hand, until you quit."""
    options = TournamentOptions(
        table_size, levels, level_hands, level_minutes, rotation, rotate_every, payouts
    )
    options.check(ctx, tournament=tournament)
    if not tournament:
        check_players(players, ", you included")
    check_stack(stack)
    check_seed(seed)
    rules = make_rules(variant, stakes)
    config = options.config(rules, players, stack) if tournament else None
    if stack < rules.ante:
        fail(f"--stack {stack}: a stack must cover the ante ({rules.ante})")
    name = name.strip()
    if not name or not name.isprintable():
        fail(f"--name {name!r}: give a name of printable characters")
    names = parse_bots(bots if bots is not None else default_bots(), players - 1)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if config is not None and players > config.table_size:
        # Seats drawn by lot: tables filled in turn would seat each bot with its own kind.
        random.Random(f"{seed}:seats").shuffle(names)
    try:
        store = open_store(db)
    except StorageError as error:
        fail(f"--db: {error}")
    console = Console(highlight=False, emoji=False)
    look = look_of(console)
    seated = [Player("You", stack)] + [
        Player(f"{bot.name.capitalize()} {chair + 2}", stack, bot)
        for chair, bot in enumerate(make_bot(n) for n in names)
    ]
    try:
        with key_source() as keys:
            start = Tournament.start(config) if config is not None else None
            console.print(
                *_welcome(rules, seated, start, seed),
                Text(f"Hand histories are kept in {store.location}"),
                Text(
                    "Keys: f fold, k check, c call or bring in, b or r bet/complete/raise, "
                    "B the big bet (open pair on 4th street); q folds and leaves."
                ),
                sep="\n",
                soft_wrap=True,  # a path or a list of names stays whole, to be copied
            )
            started = time.monotonic()
            session = TableSession(
                rules=rules,
                players=seated,
                rng=random.Random(seed),
                console=console,
                keys=keys,
                store=store,
                look=look,
                history_name=name,
                tournament=start,
                minutes=lambda: (time.monotonic() - started) / 60,
            )
            result = session.run()
    except BotError as error:
        fail(str(error), code=1)
    finally:
        store.close()
    _summary(console, result, store.location if db != MEMORY else None)
    if result.interrupted:
        raise typer.Exit(130)  # as a shell reports a program Ctrl-C ended


def _welcome(
    rules: Rules, seated: list[Player], tournament: Tournament | None, seed: int
) -> list[Text]:
    """What the table is: the game and stakes, and who you play against."""
    if tournament is None or tournament.config.starting_tables == 1:
        first = tournament.deal()[0].rules if tournament is not None else rules
        return [
            Text(f"{first.variant.game_name}, stakes {first.stakes}", style="bold"),
            Text(
                f"You sit in seat 1 with {seated[0].stack} chips, against "
                + ", ".join(p.name for p in seated[1:])
                + f". Seed {seed}."
            ),
        ]
    config = tournament.config
    first = tournament.deal()[0].rules
    (mine,) = (t for t in tournament.tables if 0 in t)
    return [
        Text(
            f"A tournament of {config.players} players at {config.starting_tables} tables "
            f"of {config.table_size} or fewer; {first.variant.game_name}, stakes {first.stakes}",
            style="bold",
        ),
        Text(
            f"You sit at table 1 with {seated[0].stack} chips, against "
            + ", ".join(seated[p].name for p in mine if p != 0)
            + f". Prizes {', '.join(map(str, config.prizes))}; the tables are balanced "
            f"and merged as players go out (R10.3). Seed {seed}."
        ),
    ]


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
