"""A throw-away PostgreSQL for the cardroom's storage tests.

Debian's server binaries (``make web-tools`` installs them) run a cluster in a
temporary directory on 127.0.0.1 and a free port, as the ``postgres`` user when
the tests run as root (PostgreSQL refuses root). ``pg_ctl -w`` returns once the
server accepts connections; the cluster is stopped when the session ends.
"""

from __future__ import annotations

import glob
import logging
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from web_harness import check_books

from stud.web.store import Store


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _as_owner(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a running PostgreSQL cluster, owned by this test session."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.skip("PostgreSQL's server is not installed (make web-tools installs it)")
    bindir = Path(found[-1]).parent
    root = Path(tempfile.mkdtemp(prefix="stud-pg-"))
    data = root / "data"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = _free_port()
    initdb = [str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "stud", "--no-sync"]
    subprocess.run(_as_owner(initdb), check=True, capture_output=True)
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    pg_ctl = str(bindir / "pg_ctl")
    start = [pg_ctl, "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start"]
    subprocess.run(_as_owner(start), check=True, capture_output=True)
    try:
        yield f"postgresql://stud@127.0.0.1:{port}"
    finally:
        stop = [pg_ctl, "-D", str(data), "-m", "immediate", "stop"]
        subprocess.run(_as_owner(stop), check=False, capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A new, empty database on the session's cluster."""
    name = f"cardroom_{secrets.token_hex(4)}"
    with psycopg.connect(f"{postgres_server}/postgres", autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return f"{postgres_server}/{name}"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store in a SQLite file, then on PostgreSQL; its books must balance at
    the end of every test that used it (``check_books``)."""
    if request.param == "sqlite":
        url = f"{tmp_path}/cardroom.sqlite3"
    else:
        url = request.getfixturevalue("postgres_url")
    opened = Store(url)
    yield opened
    opened.close()
    again = Store(url)  # the test may have closed it
    try:
        assert check_books(again) == []
    finally:
        again.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new cardroom database in a SQLite file, then on PostgreSQL."""
    if request.param == "sqlite":
        return f"{tmp_path}/cardroom.sqlite3"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def errors_logged() -> Iterator[list[logging.LogRecord]]:
    """Every record at WARNING or above from the server's loggers (the test servers
    leave uvicorn's to reach the root logger), to show bad input leaves no traceback."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = records.append  # type: ignore[method-assign]
    loggers = [logging.getLogger(), logging.getLogger("uvicorn")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield records
    finally:
        for logger in loggers:
            logger.removeHandler(handler)
