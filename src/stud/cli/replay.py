"""``stud replay``: PHH hand histories replayed through the rules, their stacks checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from stud.cli.app import app, err
from stud.history.phh import PHHError, load_phh, replay

__all__ = ["replay_command"]


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
