"""The cardroom's HTTP and websocket endpoints (Starlette), and the room of tables.

``create_app`` builds the application around a ``Room``: the store and one task
per table. HTTP serves the page, accounts and the lobby; each client holds one
websocket per table it watches or plays at (``docs/protocol.md``). Bad input of
any kind gets a one-line error to its sender and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from stud.rules import MAX_SEATS, MIN_SEATS, Rules, RulesError
from stud.web.edge import LOCAL_HOSTS, BodyError, Guard, read_body
from stud.web.fairness import seat_proof, stored_shuffle, with_proof
from stud.web.history import seat_phh, seat_text, stored_hand
from stud.web.limits import RateLimit
from stud.web.protocol import Hello, ProtocolError, check_text, parse_command, read_json
from stud.web.replay import MAX_UPLOAD, ReplayError, replay_stored, replay_upload
from stud.web.store import SESSION_LIFETIME, AccountInfo, HandRow, Store, StoreError
from stud.web.table import Settings, Table, Viewer, frame
from stud.web.tournament import Director, first_rules, tournament_config, tournament_spec
from stud.web.tournament_table import TournamentTable
from stud.web.watching import Watching
from stud.web.wire import WIRE, Wire

__all__ = ["COOKIE", "DEFAULT_TABLES", "Room", "create_app"]

COOKIE = "stud_session"
STATIC = Path(__file__).parent / "static"

DEFAULT_TABLES = (
    ("Stud Hi-Lo", "stud8", "1/1/5/10"),
    ("Seven-Card Stud", "stud", "1/1/5/10"),
    ("Razz", "razz", "1/1/5/10"),
)
"""The tables a new cardroom opens with: six seats, bots in all but two."""

MAX_BIG_BET = 1_000_000
"""The largest big bet a table may play. The store keeps chips in 32-bit columns
(at most 2,147,483,647); eight seats each bought in for the most a table takes (100
big bets) hold 800 million at this limit, leaving room for the pot and the house's
bankroll, which lends the bots their stacks."""

MAX_OPENED = 4
"""Cash tables one account may open in a server's run."""

NOT_TEXT = "messages are JSON in text frames, not binary"
BINARY_REFUSED = 1003
"""The close code for a binary frame: data of a type the server does not accept
(RFC 6455, 7.4.1)."""

FLOOD_RATE = 20.0
"""Messages a second one connection may send on average (bursts of twice that)."""


@dataclass
class Room:
    """Every table of the server and the store behind them."""

    store: Store
    settings: Settings = field(default_factory=Settings)
    defaults: bool = True
    """Open ``DEFAULT_TABLES`` when the store has no table yet."""
    tables: dict[int, Table] = field(default_factory=dict)
    tournaments: dict[int, Director] = field(default_factory=dict)
    """Tournaments by id, the finished ones too; their tables are in ``tables``."""
    watching: Watching = field(default_factory=Watching)
    """Who watched which table when: they may replay those hands."""
    signups: RateLimit = field(default_factory=RateLimit)
    """New accounts (guests and sign-ups) per client address: 5 at once, then one per 10 min."""
    failed_sign_ins: RateLimit = field(default_factory=lambda: RateLimit(burst=10, every=60.0))
    """Wrong passwords per client address: 10 at once, then one a minute."""
    openings: RateLimit = field(default_factory=lambda: RateLimit(burst=4, every=600.0))
    """Tables and tournaments each account may open: 4 at once, then one per 10 minutes."""
    opened: dict[int, set[int]] = field(default_factory=dict)
    """The cash tables each account opened in this run (at most ``MAX_OPENED``)."""
    slow_reader: float = 30.0
    """Seconds a connection's socket may stay full (its client not reading) before it
    is dropped."""
    hello_timeout: float = 10.0
    """Seconds a new table connection has to say hello before it is closed."""
    sessions: dict[str, set[Viewer]] = field(default_factory=dict)
    """The table connections open under each session token: ended when it ends."""

    def end_session(self, token: str | None) -> None:
        """Sign ``token`` out: it opens nothing any more, and its connections close."""
        if not token:
            return
        self.store.logout(token)
        for viewer in self.sessions.pop(token, set()):
            viewer.push(frame("error", message="signed out: sign in again"))
            viewer.close()

    def open(self) -> None:
        """Start a task for every stored table not yet running (the defaults in a new store)."""
        for stored in (*self.store.finished_tournaments(), *self.store.tournaments()):
            if stored.id not in self.tournaments:
                self._run_tournament(Director(stored, self.store, self.settings))
        rows = self.store.tables()
        if not rows and self.defaults and not self.tables:
            for name, variant, stakes in DEFAULT_TABLES:
                self.create(name, variant, stakes, 6, bots=True)
            return
        for row in rows:
            if row.id not in self.tables:
                rules = Rules.from_stakes(row.stakes, row.variant)
                if row.rake:
                    rules = rules.with_rake(row.rake)
                self._start(row.id, row.name, rules, row.seats, row.bots)

    def _run_tournament(self, director: Director) -> None:
        director.start()
        self.tournaments[director.id] = director
        for table in director.tables:
            self.tables[table.id] = table

    def create_tournament(self, name: str, request: dict[str, Any]) -> Director:
        """A new tournament from a lobby request, at as many tables as its players need;
        raises ``ValueError`` (``TournamentError``)."""
        spec = tournament_spec(request)
        config = tournament_config(spec)
        name = " ".join(name.split())[:40] or "Sit and go"
        bots = request.get("bots", False)
        if not isinstance(bots, bool):
            raise ValueError("bots must be true or false")
        first = first_rules(spec)
        ids = self.store.create_tournament(
            name,
            spec,
            bots,
            first.variant.value,
            first.stakes,
            config.table_size,
            tables=config.starting_tables,
        )
        director = Director(self.store.tournament(ids[0]), self.store, self.settings)
        self._run_tournament(director)
        return director

    def _start(self, table_id: int, name: str, rules: Rules, seats: int, bots: bool) -> Table:
        table = Table(table_id, name, rules, seats, self.store, self.settings, bots=bots)
        table.start()
        self.tables[table_id] = table
        return table

    def create(
        self, name: str, variant: str, stakes: str, seats: int, bots: bool, rake: str = ""
    ) -> Table:
        """A new table (bots in all but two seats if ``bots``, the house's ``rake`` as
        ``percent%[:cap]``, R9); raises ``ValueError``."""
        rules = Rules.from_stakes(stakes, variant)
        if rake.strip():
            rules = rules.with_rake(rake)
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
        if rules.big_bet > MAX_BIG_BET:
            raise ValueError(
                f"stakes {stakes}: the big bet may be at most {MAX_BIG_BET:,} chips here"
            )
        name = " ".join(name.split())[:40] or rules.variant.game_name
        table_id = self.store.create_table(
            name, rules.variant.value, rules.stakes, seats, bots, rake=rules.rake
        )
        table = self._start(table_id, name, rules, seats, bots)
        if bots:  # the last one published, so a visitor's snapshot has them all seated
            count = max(1, seats - 2)
            for n in range(count):
                table.add_bot(self.settings.bot, quiet=n < count - 1)
        return table

    async def close(self) -> None:
        """Stop every table task; unfinished hands stay stored to resume."""
        for table in self.tables.values():
            await table.stop()
        self.store.close()


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _token(connection: HTTPConnection) -> str | None:
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return connection.cookies.get(COOKIE) or connection.query_params.get("token")


def _origin_ok(connection: HTTPConnection) -> bool:
    """A browser's Origin must be this server; clients without one (bots) are fine."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == connection.headers.get("host")


MAX_BODY = 65536
"""The largest JSON request body, in bytes (413 over it)."""


async def _body(request: Request) -> dict[str, Any]:
    return read_json(await read_body(request, MAX_BODY) or b"{}", "request")


def _minutes(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    return f"{minutes} minute{'s' if minutes > 1 else ''}"


def _text(data: dict[str, Any], key: str, limit: int = 100) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError(f"{key} must be text of at most {limit} characters")
    return check_text(value, key)


def create_app(room: Room, hosts: Sequence[str] = LOCAL_HOSTS) -> Starlette:
    """The ASGI application serving ``room`` under the host names ``hosts``."""

    def me(connection: HTTPConnection) -> AccountInfo | None:
        return room.store.account(_token(connection))

    def signed_in(token: str, request: Request) -> JSONResponse:
        """A new session's answer; the session the request came with (if any) ends, so
        a token planted before a sign-in is worth nothing after it."""
        room.end_session(_token(request))
        account = room.store.account(token)
        assert account is not None
        response = JSONResponse(
            {"name": account.name, "bankroll": account.bankroll, "token": token}
        )
        response.set_cookie(
            COOKIE,
            token,
            httponly=True,
            samesite="strict",
            max_age=int(SESSION_LIFETIME.total_seconds()),
        )
        return response

    async def account_route(request: Request) -> Response:
        if not _origin_ok(request):
            return _error("requests must come from this cardroom's page", 403)
        kind = request.path_params["kind"]
        if kind not in {"guest", "register", "login"}:
            return _error(f"no account request {kind!r}: use guest, register or login", 404)
        address = request.client.host if request.client else ""
        if kind in {"guest", "register"}:
            wait = room.signups.wait(address)
            if wait:
                return _error(
                    f"too many new accounts from your address: try again in {_minutes(wait)}", 429
                )
        elif wait := room.failed_sign_ins.until_free(address):
            return _error(
                f"too many wrong passwords from your address: try again in {_minutes(wait)}", 429
            )
        try:
            data = await _body(request)
            if kind == "guest":
                return signed_in(await asyncio.to_thread(room.store.guest), request)
            name, password = _text(data, "name", 40), _text(data, "password", 200)
            # scrypt takes tens of milliseconds: off the loop, which serves the tables
            if kind == "register":
                token = await asyncio.to_thread(room.store.register, name, password)
                return signed_in(token, request)
            try:
                token = await asyncio.to_thread(room.store.login, name, password)
                return signed_in(token, request)
            except StoreError:
                room.failed_sign_ins.wait(address)
                raise
        except (ProtocolError, StoreError) as error:
            return _error(str(error))

    async def logout(request: Request) -> Response:
        if not _origin_ok(request):
            return _error("requests must come from this cardroom's page", 403)
        room.end_session(_token(request))
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE)
        return response

    async def whoami(request: Request) -> Response:
        account = me(request)
        if account is None:
            return _error("not signed in", 401)
        return JSONResponse(
            {"name": account.name, "bankroll": account.bankroll, "guest": account.guest}
        )

    async def lobby(request: Request) -> Response:
        return JSONResponse(
            {
                "tables": [
                    t.summary() for t in room.tables.values() if not isinstance(t, TournamentTable)
                ],
                "bots": list(room.settings.offered_bots),
            }
        )

    def opening(account: AccountInfo) -> JSONResponse | None:
        """The refusal when ``account`` may not open a table or tournament now."""
        if len(room.opened.get(account.id, ())) >= MAX_OPENED:
            return _error(f"you opened {MAX_OPENED} tables already: play at one of them", 429)
        if wait := room.openings.wait(f"account {account.id}"):
            return _error(f"you opened tables just now: try again in {_minutes(wait)}", 429)
        return None

    async def new_table(request: Request) -> Response:
        if not _origin_ok(request):
            return _error("requests must come from this cardroom's page", 403)
        account = me(request)
        if account is None:
            return _error("sign in or play as a guest to open a table", 401)
        if refused := opening(account):
            return refused
        try:
            data = await _body(request)
            seats = data.get("seats", 6)
            if not isinstance(seats, int) or isinstance(seats, bool):
                raise ProtocolError("seats must be a whole number")
            table = room.create(
                _text(data, "name", 40),
                _text(data, "variant", 10) or "stud",
                _text(data, "stakes", 40) or "1/1/5/10",
                seats,
                bool(data.get("bots", True)),
                rake=_text(data, "rake", 20),
            )
        except (ProtocolError, RulesError, ValueError) as error:
            return _error(str(error))
        room.opened.setdefault(account.id, set()).add(table.id)
        return JSONResponse(table.summary())

    async def tournaments(request: Request) -> Response:
        return JSONResponse({"tournaments": [t.summary() for t in room.tournaments.values()]})

    async def one_tournament(request: Request) -> Response:
        director = room.tournaments.get(request.path_params["tournament"])
        if director is None:
            return _error("no such tournament", 404)
        account = me(request)
        return JSONResponse(director.standing(account.id if account else None))

    async def new_tournament(request: Request) -> Response:
        if not _origin_ok(request):
            return _error("requests must come from this cardroom's page", 403)
        account = me(request)
        if account is None:
            return _error("sign in or play as a guest to open a tournament", 401)
        if refused := opening(account):
            return refused
        try:
            data = await _body(request)
            table = room.create_tournament(_text(data, "name", 40), data)
        except (ProtocolError, StoreError, ValueError) as error:
            return _error(str(error))
        return JSONResponse(table.summary())

    async def hands(request: Request) -> Response:
        account = me(request)
        table = room.tables.get(request.path_params["table"])
        if table is None:
            return _error("no such table", 404)
        if account is None:
            return JSONResponse({"hands": []})
        out = [
            {
                "id": r.hand_id,
                "pot": r.pot,
                "net": r.state.payoffs[r.accounts.index(account.id)],
                "at": r.ended,
                "proof": seat_proof(
                    r.state, list(r.names), r.accounts.index(account.id), r.shuffle
                ),
            }
            for r in reversed(table.recent)
            if account.id in r.accounts
        ]
        return JSONResponse({"hands": out})

    async def hand_file(request: Request) -> Response:
        kind = request.path_params["kind"]
        if kind not in {"phh", "txt"}:
            return _error("a hand downloads as .phh or .txt", 404)
        account = me(request)
        row = room.store.hand(request.path_params["hand"])
        if row is None or row.phh is None:
            return _error("no such hand", 404)
        if account is None or account.id not in row.accounts:
            return _error("only the players of a hand can download it", 403)
        seat = row.accounts.index(account.id)
        state = stored_hand(row.phh)
        if kind == "phh":
            body = with_proof(seat_phh(state, list(row.names), seat), row.shuffle)
        else:
            body = seat_text(state, list(row.names), seat, f"Hand {row.id}")
        name = f"hand-{row.id}.{kind}"  # from the id and a known format: nothing of the path
        return PlainTextResponse(
            body, headers={"content-disposition": f'attachment; filename="{name}"'}
        )

    async def table_replays(request: Request) -> Response:
        account = me(request)
        if account is None:
            return JSONResponse({"hands": []})
        out = [
            {"id": row.id, "pot": row.pot, "played": account.id in row.accounts}
            for row in room.store.hands(request.path_params["table"])
            if account.id in row.accounts or watched(account.id, row)
        ]
        return JSONResponse({"hands": out})

    def watched(account: int, row: HandRow) -> bool:
        start, end = row.started_at.timestamp(), (row.ended_at or row.started_at).timestamp()
        return room.watching.watched(account, row.table_id, start, end)

    async def replay_hand(request: Request) -> Response:
        account = me(request)
        if account is None:
            return _error("sign in or play as a guest to replay hands", 401)
        row = room.store.hand(request.path_params["hand"])
        if row is None or row.phh is None:
            return _error("no such finished hand", 404)
        played = account.id in row.accounts
        if not played and not watched(account.id, row):
            return _error("you may replay only the hands you played or watched", 403)
        table = room.tables.get(row.table_id)
        try:
            result = await asyncio.to_thread(
                replay_stored,
                row.phh,
                hand_id=row.id,
                table_id=row.table_id,
                table_name=table.name if table else f"table {row.table_id}",
                size=table.size if table else 0,
                seats=row.seats,
                names=row.names,
                accounts=row.accounts,
                viewer=row.seats[row.accounts.index(account.id)] if played else None,
                shuffle=stored_shuffle(row.shuffle),
                odds=request.query_params.get("odds") == "1",
            )
        except ReplayError as error:
            return _error(str(error), 500)
        return JSONResponse(result.json())

    async def replay_file(request: Request) -> Response:
        if not _origin_ok(request):
            return _error("requests must come from this cardroom's page", 403)
        if me(request) is None:
            return _error("sign in or play as a guest to replay a file", 401)
        name = request.query_params.get("name") or "upload.phh"
        data = await read_body(request, MAX_UPLOAD, f"{name[:100]}: the file")
        try:
            result = await asyncio.to_thread(
                replay_upload,
                data,
                name[:100],
                request.query_params.get("hand"),
                request.query_params.get("odds") == "1",
            )
        except ReplayError as error:
            return _error(str(error))
        return JSONResponse(result.json())

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def socket(websocket: WebSocket) -> None:
        token = _token(websocket)
        account = room.store.account(token)
        if token and account is None:
            await websocket.accept()
            await websocket.send_text(
                frame("error", message="signed out or expired: sign in again")
            )
            await websocket.close(code=4001)
            return
        await _serve_socket(room, websocket, account, token)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        room.open()
        yield
        await room.close()

    return Starlette(
        routes=[
            Route("/", page),
            Route("/table/{table:int}", page),
            Route("/api/account/{kind:str}", account_route, methods=["POST"]),
            Route("/api/logout", logout, methods=["POST"]),
            Route("/api/me", whoami),
            Route("/api/tables", lobby),
            Route("/api/tables", new_table, methods=["POST"]),
            Route("/api/tables/{table:int}/hands", hands),
            Route("/api/tournaments", tournaments),
            Route("/api/tournaments", new_tournament, methods=["POST"]),
            Route("/api/tournaments/{tournament:int}", one_tournament),
            Route("/api/hands/{hand:int}.{kind:str}", hand_file),
            Route("/api/hands/{hand:int}/replay", replay_hand),
            Route("/api/tables/{table:int}/replays", table_replays),
            Route("/api/replay", replay_file, methods=["POST"]),
            WebSocketRoute("/ws/{table:int}", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
        exception_handlers={BodyError: _body_refused},
        middleware=[Middleware(Guard, hosts=hosts)],
    )


async def _body_refused(request: Request, error: Exception) -> Response:
    return _error(str(error), error.status if isinstance(error, BodyError) else 400)


async def _serve_socket(
    room: Room, websocket: WebSocket, account: AccountInfo | None, token: str | None
) -> None:
    """One client at one table: hello first, then commands in, frames out."""
    table = room.tables.get(websocket.path_params["table"])
    await websocket.accept()
    if table is None or not _origin_ok(websocket):
        reason = "no such table" if table is None else "connections must come from this cardroom"
        await websocket.send_text(frame("error", message=reason))
        await websocket.close(code=4004 if table is None else 4003)
        return
    viewer = Viewer(account.id if account else None, account.name if account else "observer")
    code = 4000
    try:
        try:
            message = await asyncio.wait_for(websocket.receive(), room.hello_timeout)
        except TimeoutError:
            raise ProtocolError(f"no hello within {room.hello_timeout:g} seconds") from None
        if message["type"] == "websocket.disconnect":
            return
        if message.get("text") is None:
            code = BINARY_REFUSED
            raise ProtocolError(NOT_TEXT)
        first = parse_command(message["text"])
        if not isinstance(first, Hello):
            raise ProtocolError("the first message must be hello")
    except (ProtocolError, WebSocketDisconnect) as error:
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await websocket.send_text(frame("error", message=str(error) or "closed"))
            await websocket.close(code=code)
        return
    wire: Wire | None = websocket.scope.get("extensions", {}).get(WIRE)
    inbox = _Inbox(table, viewer)
    sender = _Sender(websocket, viewer, wire, inbox, room.slow_reader) if wire else None
    writer = asyncio.create_task(_write(websocket, viewer, inbox)) if wire is None else None
    if token:
        room.sessions.setdefault(token, set()).add(viewer)
    table.join(viewer, first)
    watch = room.watching.open(account.id, table.id) if account else None
    if wire is not None:
        wire.listen(inbox.take)  # messages go straight to the table; closing comes below
    try:
        while not viewer.closed or sender is not None:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            inbox.take(text if text is not None else message.get("bytes") or b"")
    except WebSocketDisconnect:
        pass
    finally:
        if watch is not None:
            room.watching.close(watch)
        if token and (held := room.sessions.get(token)) is not None:
            held.discard(viewer)
            if not held:
                del room.sessions[token]
        table.part(viewer)
        viewer.close()
        with contextlib.suppress(Exception):
            if writer is not None:
                await writer
            if sender is not None:
                await sender.closed()


class _Inbox:
    """A connection's messages to its table: each checked against the flood limit and
    parsed, then handed to the table, or answered with an error to the sender."""

    __slots__ = ("_allowance", "_since", "_table", "_viewer", "close_code")

    def __init__(self, table: Table, viewer: Viewer) -> None:
        self._table = table
        self._viewer = viewer
        self._allowance = 2 * FLOOD_RATE
        self._since = time.monotonic()
        self.close_code = 1000
        """The code the connection closes with when this side closes it."""

    def take(self, text: str | bytes) -> None:
        viewer = self._viewer
        if viewer.closed:
            return
        if isinstance(text, bytes):  # the protocol is text: a binary frame is not obeyed
            viewer.push(frame("error", message=NOT_TEXT))
            self.close_code = BINARY_REFUSED
            viewer.close()
            return
        now = time.monotonic()
        self._allowance = min(2 * FLOOD_RATE, self._allowance + (now - self._since) * FLOOD_RATE)
        self._since = now
        if self._allowance < 1:
            viewer.push(frame("error", message="too many messages: slow down"))
            return
        self._allowance -= 1
        try:
            self._table.submit(viewer, parse_command(text))
        except ProtocolError as error:
            viewer.push(frame("error", message=str(error)))


class _Sender:
    """A viewer's frames onto its ``Wire`` at the end of the loop turn that queued
    them, all in one write, from a loop callback: waking a writer task for every
    connection, seven an action, cost more than the writes' own Python."""

    __slots__ = (
        "_closing",
        "_inbox",
        "_loop",
        "_scheduled",
        "_slow",
        "_viewer",
        "_websocket",
        "_wire",
    )

    def __init__(
        self, websocket: WebSocket, viewer: Viewer, wire: Wire, inbox: _Inbox, slow: float
    ) -> None:
        self._websocket = websocket
        self._inbox = inbox
        self._slow = slow
        self._viewer = viewer
        self._wire = wire
        self._loop = asyncio.get_running_loop()
        self._scheduled = False
        self._closing: asyncio.Task[None] | None = None
        viewer.on_waiting = self._wake

    def _wake(self) -> None:
        if not self._scheduled:
            self._scheduled = True
            self._loop.call_soon(self._flush)

    def _flush(self) -> None:
        if self._wire.paused:  # a client slow to read: write once its socket drains
            self._loop.create_task(self._after_drain())
            return
        self._scheduled = False
        frames = self._viewer.take()
        if frames and not self._wire.write_frames(frames):
            return
        if self._viewer.closed and self._closing is None and self._wire.open:
            self._closing = self._loop.create_task(
                self._websocket.close(code=self._inbox.close_code)
            )

    async def _after_drain(self) -> None:
        try:
            async with asyncio.timeout(self._slow):
                await self._wire.drained()
        except TimeoutError:  # a client that does not read costs memory, not forever
            self._viewer.close()
            self._wire.cut_off()
            return
        self._flush()

    async def closed(self) -> None:
        """Once the close this side started has been sent, if it started one."""
        if self._closing is not None:
            await self._closing


async def _write(websocket: WebSocket, viewer: Viewer, inbox: _Inbox) -> None:
    """Send a connection's frames through ASGI as they are queued (without a ``Wire``)."""
    while frames := await viewer.frames():
        try:
            for text in frames:
                await websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError):
            return
    with contextlib.suppress(Exception):
        await websocket.close(code=inbox.close_code)
