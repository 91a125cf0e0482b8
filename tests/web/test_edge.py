"""The cardroom's edge: whom it believes, what it reads, what it answers with."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner
from web_harness import http_json, serving

from stud.cli.main import app


def _guests(port: int, forwarded: bool) -> list[int]:
    """Six guest requests, each claiming another client address if ``forwarded``."""
    statuses = []
    for n in range(6):
        headers = {"x-forwarded-for": f"203.0.113.{n + 1}"} if forwarded else {}
        statuses.append(http_json(port, "/api/account/guest", body=b"{}", headers=headers)[0])
    return statuses


@pytest.mark.parametrize("trusted", [False, True], ids=["default", "trusted-proxy"])
def test_forwarded_addresses_are_believed_only_from_a_named_proxy(
    tmp_path: Path, trusted: bool
) -> None:
    options = ("--trusted-proxy", "127.0.0.1") if trusted else ()
    with serving(str(tmp_path / "room.sqlite3"), *options) as (_, port):
        statuses = _guests(port, forwarded=True)
    # Five new accounts at once per address: believed, each header is another address.
    assert statuses == ([200] * 6 if trusted else [200] * 5 + [429])


def test_a_trusted_proxy_must_be_an_address(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["serve", "--trusted-proxy", "proxy.example", "--db", str(tmp_path / "x")]
    )
    assert result.exit_code == 2
    assert "--trusted-proxy: 'proxy.example' is not an IP address or network" in result.output
