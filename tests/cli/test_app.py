"""What every `stud` command shares: help, version, short options and one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from stud.cli.app import MAX_JOBS
from stud.cli.main import app

runner = CliRunner()
COMMANDS = ("deal", "equity", "history", "play", "replay", "sim")


def test_version_names_the_installed_package() -> None:
    from importlib.metadata import version  # noqa: PLC0415

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"stud {version('stud')}\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_h_is_help_as_well_as_help(command: str) -> None:
    short = runner.invoke(app, [command, "-h"])
    long = runner.invoke(app, [command, "--help"])
    assert short.exit_code == long.exit_code == 0
    assert short.output == long.output
    assert "Usage: stud " in short.output
    assert "<bool>" not in short.output  # flags read as flags, not as values


def test_stud_alone_shows_the_commands() -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 0
    for command in COMMANDS:
        assert command in result.output
    # Each command's summary is whole, not cut short with "...".
    listed = result.output.split("Commands:")[1]
    assert "..." not in listed
    assert "\u2026" not in listed


@pytest.mark.parametrize(
    ("command", "option", "letter"),
    [
        ("deal", "--players", "-p"),
        ("play", "--players", "-p"),
        ("sim", "--players", "-p"),
        ("sim", "--hands", "-n"),
        ("sim", "--jobs", "-j"),
        ("equity", "--jobs", "-j"),
        ("deal", "--seed", "-s"),
        ("play", "--seed", "-s"),
        ("sim", "--seed", "-s"),
        ("equity", "--seed", "-s"),
        ("deal", "--variant", "-v"),
        ("play", "--variant", "-v"),
        ("sim", "--variant", "-v"),
        ("equity", "--variant", "-v"),
    ],
)
def test_a_short_option_means_the_same_in_every_command(
    command: str, option: str, letter: str
) -> None:
    help_text = runner.invoke(app, [command, "-h"]).output
    assert f"{option}, {letter}" in help_text or f"{letter}, {option}" in help_text


def test_n_is_never_players() -> None:
    for command in COMMANDS:
        help_text = runner.invoke(app, [command, "-h"]).output
        assert "--players, -n" not in help_text
        assert "-n, --players" not in help_text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["shuffle"], "error: No such command 'shuffle'."),
        (["deal", "--players"], "error: Option '--players' requires an argument."),
        (["deal", "-p", "six"], "error: Invalid value for '--players' / '-p'"),
        (["sim", "--jobs", str(MAX_JOBS + 1)], f"must be from 1 to {MAX_JOBS}"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.output.startswith("error: ")
    assert result.output.count("\n") == 1
    assert message in result.output
    assert "╭" not in result.output  # no box


def test_each_command_module_loads_without_the_entry_point() -> None:
    modules = [f"stud.cli.{name}" for name in COMMANDS]
    check = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "assert 'stud.cli.main' not in sys.modules, 'a command imports stud.cli.main'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
