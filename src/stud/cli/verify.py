"""``stud verify``: a hand history checked against its deck commitment (docs/shuffle.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from stud.cli.app import app
from stud.verify import main

__all__ = ["verify_command"]


@app.command(name="verify")
def verify_command(
    files: Annotated[list[Path], typer.Argument(help="PHH files downloaded from the cardroom.")],
) -> None:
    """Check that every card a hand history shows opens the deck committed before the deal.

    It runs the standalone verifier, ``src/stud/verify.py`` (``python verify.py
    hand.phh`` does the same without stud); the exit code is 1 if any history
    fails, with what failed and where.
    """
    code = main([str(path) for path in files])
    if code:
        raise typer.Exit(code)
