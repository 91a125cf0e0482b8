"""``stud``: the command's entry point, with every subcommand registered.

Each subcommand lives in its own module and adds itself to ``stud.cli.app.app``;
importing them here is what puts them on the command line. Every command turns
bad input into one clear line on stderr and a non-zero exit; tracebacks are for
bugs, not for users.
"""

from __future__ import annotations

import sys

from stud.cli import (
    deal,
    equity,
    history,
    play,
    pokerstars,
    replay,
    serve,
    sim,
    stats,
    tournament,
    train,
    verify,
)
from stud.cli.app import app

__all__ = ["app", "main"]

COMMANDS = (
    deal,
    equity,
    history,
    play,
    pokerstars,
    replay,
    serve,
    sim,
    stats,
    tournament,
    train,
    verify,
)
"""The modules whose commands ``stud`` offers."""


def main() -> None:
    """Entry point of the ``stud`` script."""
    try:
        app()
    except BrokenPipeError:  # `stud replay ... | head` is fine
        sys.stderr.close()


if __name__ == "__main__":
    main()
