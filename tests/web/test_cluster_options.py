"""``stud serve``'s options of a cardroom on many processes, each wrong one said in
one line (exit status 2, no traceback)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from stud.cli.main import app

WAIT = 60.0


runner = CliRunner()


@pytest.mark.parametrize(
    ("options", "error"),
    [
        (["--role", "boss"], "--role boss: give gateway or worker"),
        (["--role", "worker"], "--role worker needs --redis redis://host:port/0"),
        (["--role", "gateway", "--redis", "redis://h/0"], "needs --db postgresql://"),
        (["--workers", "2"], "needs --workers N and --gateways M, at least 1 each"),
        (["--workers", "1", "--gateways", "1"], "a cluster needs --db postgresql://"),
        (["--redis", "redis://h/0"], "--redis is for a cardroom on many processes"),
        (
            ["--role", "worker", "--redis", "http://h", "--db", "postgresql://x/y"],
            "give a redis://",
        ),
        (["--lease", "0.1"], "--lease 0.1: give 0.5 to 600 seconds"),
        (["--role", "worker", "--workers", "1", "--gateways", "1"], "--role runs one process"),
    ],
)
def test_cluster_options_are_refused_in_one_line(options: list[str], error: str) -> None:
    result = runner.invoke(app, ["serve", "--port", "0", *options])
    assert result.exit_code == 2
    assert error in result.output
    assert "Traceback" not in result.output
