"""A cardroom on a free loopback port, and websocket clients that play from what they see.

Nothing here sleeps: a client waits for the frame it needs (with a generous
limit, so a broken server fails the test instead of hanging it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

import uvicorn
import websockets

from running import interruptible
from stud.web.app import Room, create_app
from stud.web.edge import HEADER_TIMEOUT, server_options
from stud.web.frames import apply_change
from stud.web.settings import Settings
from stud.web.store import Store
from stud.web.wire import WireProtocol

WAIT = 60.0
"""The longest a test waits for one frame before failing."""

FAST = Settings(turn_time=60.0, time_bank=0.0, bot_delay=0.0, hand_pause=0.0, bot="station")

Message = dict[str, Any]


@dataclass
class Cardroom:
    """A running server: its room (to seat players through the store) and its URL."""

    room: Room
    port: int

    @property
    def store(self) -> Store:
        return self.room.store

    def url(self, table: int, token: str | None = None) -> str:
        query = f"?token={token}" if token else ""
        return f"ws://127.0.0.1:{self.port}/ws/{table}{query}"

    def seat_guests(
        self, variant: str, seats: int, players: int, stack: int = 200, stakes: str = "1/1/5/10"
    ) -> tuple[int, list[str]]:
        """A running table with ``players`` guests seated (as if they had dropped); their tokens."""
        table = self.store.create_table("test", variant, stakes, seats, bots=False)
        tokens = []
        for seat in range(players):
            token = self.store.guest()
            account = self.store.account(token)
            assert account is not None
            self.store.sit(table, seat, account.id, stack)
            tokens.append(token)
        self.room.open()
        return table, tokens


@asynccontextmanager
async def cardroom(
    url: str = "sqlite://",
    settings: Settings = FAST,
    ws: Any = WireProtocol,
    deflate: bool = False,
    header_timeout: float = HEADER_TIMEOUT,
    ping: float = 20.0,
) -> AsyncIterator[Cardroom]:
    """A server for one test, on a port of its own, with ``stud serve``'s websocket
    protocol and no compression unless ``ws`` names another or ``deflate`` asks."""
    store = Store(url)
    room = Room(store, settings, defaults=False)
    await room.start()
    await room.ready()
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    config = uvicorn.Config(
        create_app(room),
        lifespan="off",
        log_level="warning",
        log_config=None,  # uvicorn's records reach the root logger, where tests may look
        ws=ws,
        ws_max_size=65536,
        ws_per_message_deflate=deflate,
        ws_ping_interval=ping,
        ws_ping_timeout=ping,
        **server_options(header_timeout=header_timeout),
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[listener]))
    played = False
    try:
        yield Cardroom(room, port)
        played = True
    finally:
        server.should_exit = True
        await task
        for table in list(room.tables.values()):
            await table.stop()
        books = check_books(store) if played else []
        await room.close()
        listener.close()
    assert books == [], books


_P = ParamSpec("_P")
_T = TypeVar("_T")


def committed(write: Callable[_P, Awaitable[_T]], *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """A store write made as the tables make it (queued for the writer thread), once
    it is committed: what the write answers."""

    async def run() -> _T:
        return await write(*args, **kwargs)

    return asyncio.run(run())


def check_books(store: Store) -> list[str]:
    """What is wrong with the store's books (R8.1): every account's bankroll is the sum
    of its ledger rows (each opens at 0 and every chip it gets or pays is a row), and
    the bankrolls plus the chips at tables and in prize pools are the chips granted."""
    wrong = [f"{name}'s bankroll is not its ledger's sum" for name in store.unbalanced_accounts()]
    held, granted = store.chips()
    if held != granted:
        wrong.append(f"{held} chips held, {granted} granted")
    return wrong


@dataclass
class Client:
    """One websocket client: every frame it got, raw and parsed.

    The client keeps its copy of the table as the protocol says (a ``snapshot``'s
    table, then each ``event``'s ``change`` applied); ``recv`` gives an event with
    that copy as its ``table``, so tests read the table the client holds. A client
    that resumes (``hello`` with ``last``) starts from the ``table`` it is given.
    """

    ws: Any
    raw: list[str] = field(default_factory=list)
    seq: int = 0
    last_no: int | None = None
    epoch: str | None = None
    seat: int | None = None
    table: Message | None = None
    min_no: int = 0

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps({"v": 2, **message}))

    async def recv(self) -> Message:
        text = await asyncio.wait_for(self.ws.recv(), WAIT)
        self.raw.append(text)
        message: Message = json.loads(text)
        kind = message["type"]
        if kind == "welcome":
            self.epoch, self.seat = message["epoch"], message["seat"]
            self.seq = max(self.seq, message["last_seq"])
        if kind == "snapshot":
            self.last_no, self.table = message["no"], message["table"]
        if kind == "event":
            if self.table is not None:  # a resumed client given no table keeps none
                assert message["no"] == self.last_no + 1, "an event missed"
                self.table = apply_change(self.table, message["change"])
                message["table"] = self.table
            self.last_no = message["no"]
        if kind == "event" and "ack" in message:  # its action, applied: this is its event
            self.min_no = message["no"]
        return message

    async def until(self, wanted: Callable[[Message], bool]) -> Message:
        while True:
            message = await self.recv()
            if wanted(message):
                return message

    async def act(self, action: str, to: int | None = None, seq: int | None = None) -> None:
        self.seq = self.seq + 1 if seq is None else seq
        extra = {} if to is None else {"to": to}
        await self.send(type="act", seq=self.seq, action=action, **extra)

    def legal(self) -> list[Message]:
        """The legal actions in the newest table this client saw, unless it awaits an ack."""
        if self.table is None or self.last_no is None or self.last_no < self.min_no:
            return []
        hand = self.table["hand"]
        return [] if hand is None else list(hand["legal"])

    async def play_hand(self, rng: random.Random) -> Message:
        """Act at random among the legal actions until the hand is over; its last frame."""
        while True:
            legal = self.legal()  # the newest table may already say it is this seat's turn
            if legal:
                choice = rng.choice(legal)
                self.min_no = 1 << 30  # wait for the ack before acting again
                await self.act(choice["action"], choice.get("to"))
            message = await self.recv()
            if message["type"] == "error":
                raise AssertionError(f"server refused a legal action: {message['message']}")
            if message["type"] in {"event", "snapshot"}:
                hand = message["table"]["hand"]
                if hand is not None and hand["phase"] == "over":
                    return message

    async def play_passive(self) -> Message:
        """Show, check, call or bring in (fold only when nothing else is legal) until a
        hand this client sits in is over; its last frame."""
        while True:
            names = [a["action"] for a in self.legal()]
            if names:
                choice = next(
                    n for n in ("show", "check", "call", "bring_in", "fold") if n in names
                )
                self.min_no = 1 << 30  # wait for the ack before acting again
                await self.act(choice)
            message = await self.recv()
            if message["type"] == "error":
                raise AssertionError(f"server refused a legal action: {message['message']}")
            if message["type"] in {"event", "snapshot"} and message["table"]["you"] is not None:
                hand = message["table"]["hand"]
                if hand is not None and hand["phase"] == "over":
                    return message


@asynccontextmanager
async def connect(
    room: Cardroom,
    table: int,
    token: str | None = None,
    hello: Message | None = None,
    held: Message | None = None,
) -> AsyncIterator[Client]:
    """A client at a table that has said hello (resuming with the table ``held``)."""
    async with websockets.connect(room.url(table, token), max_size=2**22) as ws:
        client = Client(ws, table=held, last_no=(hello or {}).get("last"))
        await client.send(**(hello or {"type": "hello"}))
        await client.until(lambda m: m["type"] == "welcome")
        yield client


@asynccontextmanager
async def clients_at(room: Cardroom, table: int, tokens: list[str]) -> AsyncIterator[list[Client]]:
    """One connected client per token."""
    async with contextlib.AsyncExitStack() as stack:
        yield [await stack.enter_async_context(connect(room, table, t)) for t in tokens]


@contextmanager
def serving(db: str, *options: str) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``stud serve`` in a child process on a free port; its process and port once it listens."""
    command = [sys.executable, "-m", "stud.cli.main", "serve", "--port", "0", "--db", db]
    command += ["--bot-delay", "0", "--hand-pause", "0", "--turn-time", "600", *options]
    # preexec_fn only resets SIGINT before exec, which the cleanup below sends
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, preexec_fn=interruptible)  # noqa: PLW1509
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # printed once the socket listens
        assert "open at http://127.0.0.1:" in line, line
        port = int(line.split("127.0.0.1:")[1].split("/")[0])
        yield process, port
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=60)
        if process.stdout is not None:
            process.stdout.close()


def http_json(
    port: int,
    path: str,
    token: str | None = None,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    """One HTTP request to a cardroom on loopback (POST if there is a body): status and JSON."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=body,
        method="GET" if body is None else "POST",
        headers={**({"authorization": f"Bearer {token}"} if token else {}), **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.load(error)


async def close_code(ws: Any) -> int:
    """The close code the server sent a plain websockets client, once it closes
    (reading, and dropping, whatever frames came before it); -1 for none."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), WAIT)
    except websockets.ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else -1
