"""``stud serve``: the cardroom on the web, on this machine.

Checks its options, opens the database (SQLite by default, ``--db`` for another
file or PostgreSQL), prints the URL and serves until interrupted. The server's
packages are the ``server`` extra (``pip install 'stud[server]'``), imported only
here, when the command runs: every other command works without them.
"""

from __future__ import annotations

import importlib.util
import socket
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from stud.bots import BotLoadError, bot_factory
from stud.cli.app import app, fail

__all__ = ["SERVER_PACKAGES", "serve"]

SERVER_PACKAGES = frozenset(
    {"starlette", "uvicorn", "uvloop", "httptools", "websockets", "pydantic", "psycopg"}
)
"""The ``server`` extra's packages: a missing one means the extra is not installed."""

INSTALL_SERVER = "stud serve needs the cardroom's packages: pip install 'stud[server]'"


def default_db() -> str:
    """The cardroom's SQLite file in the user's data directory."""
    from stud.storage import default_db_path  # noqa: PLC0415

    return str(Path(default_db_path()).with_name("cardroom.sqlite3"))


def _installed(module: str) -> bool:
    """Whether ``module`` can be imported here."""
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:
        return False


def _fastest(module: str, fallback: Any) -> Any:
    """``module`` if it can be imported here, else ``fallback`` (uvicorn's names for both)."""
    return module if _installed(module) else fallback


def _missing_server_package(error: ImportError) -> bool:
    """Whether ``error`` says a package of the ``server`` extra is not installed."""
    name = error.name or ""
    return isinstance(error, ModuleNotFoundError) and name.partition(".")[0] in SERVER_PACKAGES


@app.command(short_help="Serve the cardroom in the browser.")
def serve(
    *,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="SQLite file, sqlite:// URL or postgresql://... (default: user data)."),
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before acting.")] = 0.6,
    turn_time: Annotated[float, typer.Option(help="Seconds a person has to act.")] = 20.0,
    time_bank: Annotated[float, typer.Option(help="Extra seconds, spent once.")] = 30.0,
    hand_pause: Annotated[float, typer.Option(help="Seconds between hands.")] = 3.0,
    bot: Annotated[
        str,
        typer.Option(help="The bot that takes empty seats: a name, file.py:Class or module:Class."),
    ] = "tight",
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="A reverse proxy (address or network) whose X-Forwarded-For is believed;"
            " repeat for more. Default: none, the socket's peer is the client."
        ),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="A host name the cardroom is reached by (the Host browsers send);"
            " repeat for more. Default: the --host address and this machine's names."
        ),
    ] = None,
) -> None:
    """Serve the cardroom: lobby, tables with people and bots, histories, chat."""
    # The server loads only for this command, and only from the `server` extra.
    try:
        import uvicorn  # noqa: PLC0415

        from stud.web.app import Room, create_app  # noqa: PLC0415
        from stud.web.collector import Collector  # noqa: PLC0415
        from stud.web.edge import LOCAL_HOSTS, server_options  # noqa: PLC0415
        from stud.web.settings import Settings  # noqa: PLC0415
        from stud.web.store import Store, StoreError  # noqa: PLC0415
        from stud.web.wire import WireProtocol  # noqa: PLC0415
    except ImportError as error:
        if _missing_server_package(error):
            fail(INSTALL_SERVER)
        raise
    if not 0 <= port < 65536:
        fail(f"--port {port}: a port is 1 to 65535 (0: any free port)")
    for option, value in (
        ("--bot-delay", bot_delay),
        ("--turn-time", turn_time),
        ("--time-bank", time_bank),
        ("--hand-pause", hand_pause),
    ):
        if not 0 <= value <= 3600:
            fail(f"{option} {value}: give 0 to 3600 seconds")
    try:
        bot_factory(bot)
    except BotLoadError as error:
        fail(f"--bot: {error}")
    try:
        options = server_options(trusted_proxy or ())
    except ValueError as error:
        fail(f"--trusted-proxy: {error}")
    url = db or default_db()
    if url.startswith("postgresql") and not _installed("psycopg"):
        fail(INSTALL_SERVER)
    if db is None:
        Path(url).parent.mkdir(parents=True, exist_ok=True)
    try:
        store = Store(url)
    except StoreError as error:
        fail(f"--db: {error}")
    settings = Settings(
        turn_time=turn_time,
        time_bank=time_bank,
        bot_delay=bot_delay,
        hand_pause=hand_pause,
        bot=bot,
    )
    # Listen before saying so: once the URL is printed, connections wait in the backlog.
    try:
        listener = socket.create_server((host, port), backlog=512)
    except OSError as error:
        fail(f"cannot listen on {host}:{port}: {error.strerror}")
    port = listener.getsockname()[1]
    hosts = [*(allowed_host or ()), host, *LOCAL_HOSTS]
    application = create_app(Room(store, settings), hosts=hosts)
    # No per-message compression: a table sends seven small frames an action, and
    # deflating each for each connection cost the server more than the frames.
    # uvloop's event loop where installed (uvicorn's own choice, made explicit): the
    # loop's socket writes cost a busy room the most. httptools' parser, with a
    # deadline for a request's headers (``stud.web.edge``).
    # The websockets sans-I/O protocol with a shorter way for frames and messages
    # (``stud.web.wire``).
    config = uvicorn.Config(
        application,
        fd=listener.fileno(),
        log_level="warning",
        loop=_fastest("uvloop", "asyncio"),
        ws=WireProtocol,
        ws_max_size=65536,
        ws_per_message_deflate=False,
        **options,
    )
    typer.echo(f"The cardroom is open at http://{host}:{port}/  (Ctrl-C closes it)")
    sys.stdout.flush()
    # Short collector pauses: young passes only, survivors out of its walks.
    collector = Collector()
    collector.install()
    try:
        with listener:
            uvicorn.Server(config).run()
    finally:
        collector.uninstall()
