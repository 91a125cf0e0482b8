"""``stud deal``: one hand between built-in bots, printed as text or PHH."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from stud.bots import BotError, make_bot
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
from stud.history.phh import to_phh
from stud.history.text import text_history
from stud.rules import DEFAULT_STAKES
from stud.sim.hand import play_hand

__all__ = ["deal"]


@app.command()
def deal(
    *,
    variant: VariantOption = "stud8",
    players: PlayersOption = 6,
    seed: SeedOption = None,
    stakes: StakesOption = DEFAULT_STAKES,
    stack: Annotated[int, typer.Option(help="Each player's starting chips.")] = 200,
    bots: Annotated[
        str,
        typer.Option(help="Bots around the table, repeated: names, file.py:Class or module:Class."),
    ] = "station,random",
    phh: Annotated[bool, typer.Option("--phh", help="Print PHH instead of text.")] = False,
) -> None:
    """Play one hand between built-in players and print its history."""
    check_players(players)
    check_stack(stack)
    check_seed(seed)
    rules = make_rules(variant, stakes)
    names = parse_bots(bots, players)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    seated = [make_bot(n) for n in names]
    try:
        state = play_hand(rules, [stack] * players, seated, random.Random(seed), hand=1)
    except BotError as error:
        fail(str(error), code=1)
    if phh:
        typer.echo(to_phh(state, players=[b.name for b in seated], _seed=seed), nl=False)
    else:
        labels = [f"{b.name.capitalize()} {i + 1}" for i, b in enumerate(seated)]
        typer.echo(text_history(state, names=labels, title=f"Hand, seed {seed}"), nl=False)
