"""docs/cli.md, the command-line reference, made from ``stud <command> --help``.

``python tests/docs/cli_reference.py`` (``make cli-docs``) writes it again after a
command changes; ``tests/docs/test_docs.py`` fails while the file and the help
differ, so the reference cannot drift from the commands. What depends on the
machine is written the same everywhere: the help is made in a child process whose
home is ``HOME`` (the default files read ``/home/you/.local/share/stud/...``), and
the most ``--jobs`` (four per core) is written as such.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import typer
from typer.testing import CliRunner

from stud.cli.app import MAX_JOBS
from stud.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "cli.md"
WIDTH = "100"
"""Columns the help is laid out in (``COLUMNS``), so the text is the same anywhere."""
HOME = "/home/you"
"""The home the reference's default paths are shown under."""

HEADER = """\
# Command-line reference

Every `stud` command and its options, exactly as `stud <command> --help` prints
them. This page is made from the commands themselves: `make cli-docs` writes it
again, and the tests fail while it differs from what the commands print. Default
files are shown for a user whose home is `/home/you`.

Short options mean the same in every command: `-v` variant, `-p` players, `-n`
hands, `-s` seed, `-j` jobs. The bounds are the same too: 2 to 8 players (a
tournament's entrants, up to 1000, at tables of 2 to 8), seeds from 0 to 2**64-1,
1 to 4 jobs per core, stacks and stakes up to 1,000,000 chips (the compiled engine
and the bots count in 64-bit integers; `stud.sim.run.MAX_CHIPS`), stakes in ASCII
digits. Any bad option or argument is one line on stderr, saying which and why,
and exit status 2:

    $ stud sim --jobs 100000
    error: --jobs 100000: the number of processes must be from 1 to 8

(on a machine of two cores, where four per core is 8).

Commands that need an extra say so in one line, and exit 2, when it is missing:
`stud serve` needs `pip install 'stud[server]'`, `stud sim --ray` needs
`pip install 'stud[ray]'` and `stud sim --plot` needs `pip install 'stud[plot]'`.
"""


def commands() -> Iterator[list[str]]:
    """Every command line that has its own help: ``[]`` for ``stud``, then each
    command and each subcommand of a group, in the order ``stud --help`` lists them."""
    group = typer.main.get_command(app)
    yield []
    context = group.make_context("stud", [], resilient_parsing=True)
    for name in group.list_commands(context):  # type: ignore[attr-defined]
        command = group.get_command(context, name)  # type: ignore[attr-defined]
        yield [name]
        if hasattr(command, "list_commands"):
            inner = command.make_context(name, [], parent=context, resilient_parsing=True)
            for sub in command.list_commands(inner):
                yield [name, sub]


def help_text(args: list[str]) -> str:
    """What ``stud ARGS --help`` prints, laid out ``WIDTH`` columns wide."""
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": WIDTH, "NO_COLOR": "1"})
    if result.exit_code != 0:
        raise RuntimeError(f"stud {' '.join(args)} --help failed: {result.output}")
    text = result.output.rstrip() + "\n"
    return text.replace(f"Local processes, 1 to {MAX_JOBS}.", "Local processes, 1 to 4 per core.")


def reference() -> str:
    """The whole of docs/cli.md."""
    parts = [HEADER]
    for args in commands():
        title = " ".join(["stud", *args])
        parts.append(f"\n## `{title}`\n\n```text\n{help_text(args)}```\n")
    return "".join(parts)


def made_here() -> str:
    """The reference as a child process makes it, with the same home on any machine."""
    env = {k: v for k, v in os.environ.items() if k not in {"XDG_DATA_HOME", "COLUMNS"}}
    env["HOME"] = HOME
    done = subprocess.run(
        [sys.executable, __file__, "--print"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return done.stdout


if __name__ == "__main__":
    if sys.argv[1:] == ["--print"]:
        sys.stdout.write(reference())
    else:
        REFERENCE.write_text(made_here())
        print(f"wrote {REFERENCE.relative_to(ROOT)}", file=sys.stderr)
