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
    {"starlette", "uvicorn", "uvloop", "httptools", "websockets", "pydantic", "psycopg", "redis"}
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
    role: Annotated[
        str | None,
        typer.Option(help="On many processes: 'gateway' (pages, sockets) or 'worker' (tables)."),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(help="The Redis the gateways and workers share: redis://host:port/0."),
    ] = None,
    workers: Annotated[
        int, typer.Option(help="A cluster on this machine: this many table workers.")
    ] = 0,
    gateways: Annotated[
        int, typer.Option(help="A cluster on this machine: this many gateways (ports from --port).")
    ] = 0,
    lease: Annotated[
        float, typer.Option(help="Seconds a worker's hold on a table lasts unless renewed.")
    ] = 3.0,
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
    _check_cluster(role, redis, workers, gateways, url, lease)
    if workers or gateways:
        from stud.web.cluster.local import local_cluster  # noqa: PLC0415

        passed = [
            *("--bot", bot, "--bot-delay", str(bot_delay), "--turn-time", str(turn_time)),
            *("--time-bank", str(time_bank), "--hand-pause", str(hand_pause)),
            *("--lease", str(lease)),
            *(f"--allowed-host={name}" for name in allowed_host or ()),
        ]
        try:
            status = local_cluster(url, redis, workers, gateways, host, port, passed)
        except (FileNotFoundError, RuntimeError) as error:
            fail(str(error))
        raise typer.Exit(status)
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
    if role == "worker" and redis is not None:
        from stud.web.cluster.local import run_worker  # noqa: PLC0415

        run_worker(store, redis, settings, lease)
        return
    # Listen before saying so: once the URL is printed, connections wait in the backlog.
    try:
        listener = socket.create_server((host, port), backlog=512)
    except OSError as error:
        fail(f"cannot listen on {host}:{port}: {error.strerror}")
    port = listener.getsockname()[1]
    hosts = [*(allowed_host or ()), host, *LOCAL_HOSTS]
    room = Room(store, settings)
    if role == "gateway" and redis is not None:
        from stud.web.cluster.bus import RedisBus  # noqa: PLC0415
        from stud.web.cluster.gateway import GatewayRoom  # noqa: PLC0415

        room = GatewayRoom(store, RedisBus(redis), settings)
    application = create_app(room, hosts=hosts)
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
    what = "The cardroom's gateway" if role == "gateway" else "The cardroom"
    typer.echo(f"{what} is open at http://{host}:{port}/  (Ctrl-C closes it)")
    sys.stdout.flush()
    # Short collector pauses: young passes only, survivors out of its walks.
    collector = Collector()
    collector.install()
    try:
        with listener:
            uvicorn.Server(config).run()
    finally:
        collector.uninstall()


ROLES = ("gateway", "worker")


def _check_cluster(
    role: str | None, redis: str | None, workers: int, gateways: int, db: str, lease: float
) -> None:
    """The options of a cardroom on many processes, each wrong one said in one line."""
    if role is not None and role not in ROLES:
        fail(f"--role {role}: give gateway or worker")
    if workers < 0 or gateways < 0:
        fail("--workers and --gateways count processes: 1 or more")
    local = workers > 0 or gateways > 0
    if local and role is not None:
        fail("--role runs one process of a cluster; --workers/--gateways start a whole one")
    if local and not (workers and gateways):
        fail("a cluster on this machine needs --workers N and --gateways M, at least 1 each")
    if not 0.5 <= lease <= 600:
        fail(f"--lease {lease}: give 0.5 to 600 seconds")
    if role is not None and redis is None:
        fail(f"--role {role} needs --redis redis://host:port/0, the bus it shares")
    if redis is not None and not redis.startswith(("redis://", "rediss://", "unix://")):
        fail(f"--redis {redis}: give a redis://, rediss:// or unix:// URL")
    if redis is not None and not (role or local):
        fail("--redis is for a cardroom on many processes: give --role or --workers/--gateways")
    if (role or local) and not db.startswith("postgresql"):
        what = f"--role {role}" if role else "a cluster"
        fail(f"{what} needs --db postgresql://...: its processes share one database")
