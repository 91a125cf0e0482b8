"""``stud icm`` and ``stud sim --tournament``'s runner: tournament commands.

``stud icm`` values tournament stacks in prize money by the Malmuth-Harville model.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from stud.cli.main import app, fail
from stud.tournament.icm import MAX_ICM_PLAYERS, icm_equities

__all__ = ["icm_command", "parse_payouts"]

out = Console(highlight=False)


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
