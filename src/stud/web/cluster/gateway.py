"""A gateway: the room of a process that serves the pages, the accounts and the
websockets, while its tables run on workers.

The gateway's room holds a ``RemoteTable`` for each cash table: the same handle
the routes use for a table in this process, whose ``join``, ``submit`` and
``part`` go over the bus to the table's owner, and whose lobby entry is the one
its owner keeps in the shared map. Frames come back on the gateway's own channel
and go to each connection as they would from a table here. When a table has a
new owner (a worker died or drained) or the bus comes back after being away, the
gateway says hello again for each of its connections there: the owner welcomes
each and sends the table as it stands, and the client's socket never closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import uuid
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from stud.rules import Rules
from stud.web.cluster.bus import Bus
from stud.web.cluster.remote import OWNERS, WORKERS, gateway_channel, table_channel
from stud.web.cluster.worker import SUMMARIES
from stud.web.protocol import Command, Hello
from stud.web.room import Room, _NewTable
from stud.web.settings import Settings
from stud.web.store import Store, TableRow, TournamentRow, TournamentTableRow
from stud.web.table import Table
from stud.web.tournament import Director
from stud.web.viewer import Viewer

__all__ = ["GatewayRoom", "RemoteTable"]

ALIVE = 3.0
"""Seconds a gateway's announcement lasts (renewed every second): the workers let
a dead gateway's connections go once it runs out."""


@dataclass
class _Conn:
    viewer: Viewer
    table: int
    hello: str


class RemoteTable(Table):
    """A table owned by a worker, as the gateway's routes see it."""

    def __init__(self, new: _NewTable, store: Store, settings: Settings, room: GatewayRoom):
        super().__init__(new.id, new.name, new.rules, new.seats, store, settings, bots=new.bots)
        self._room = room

    def start(self) -> None:
        return None

    async def ready(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    def join(self, viewer: Viewer, hello: Hello) -> None:
        self._room.join(self.id, viewer, hello)

    def part(self, viewer: Viewer) -> None:
        self._room.part(viewer)

    def submit(self, viewer: Viewer, command: Command) -> None:
        self._room.submit(viewer, command)

    def summary(self) -> dict[str, Any]:
        found = self._room.summaries.get(self.id)
        return found if found is not None else super().summary()


class GatewayRoom(Room):
    """The room of a gateway: its tables are ``RemoteTable``s, run by the workers."""

    def __init__(self, store: Store, bus: Bus, settings: Settings | None = None) -> None:
        super().__init__(store, settings or Settings(), defaults=False)
        self.bus = bus
        self.name = uuid.uuid4().hex[:12]
        self.summaries: dict[int, dict[str, Any]] = {}
        self._conns: dict[int, _Conn] = {}
        self._ids: dict[Viewer, int] = {}
        self._numbers = itertools.count(1)
        self._tasks: list[asyncio.Task[None]] = []

    # -- the room's life ------------------------------------------------------------

    def open(self) -> None:
        """A remote handle for every stored cash table (tournaments are not served on
        many processes yet)."""
        self._refresh_tables()

    def _refresh_tables(self) -> None:
        for row in self._cash_tables():
            if row.id not in self.tables:
                self._remote(row)

    def _remote(self, row: TableRow) -> None:
        rules = Rules.from_stakes(row.stakes, row.variant)
        if row.rake:
            rules = rules.with_rake(row.rake)
        self._start(_NewTable(row.id, row.name, rules, row.seats, row.bots))

    def _cash_tables(self) -> list[TableRow]:
        """The stored tables that are not a tournament's."""
        with self.store.engine.connect() as connection:
            tournament = set(connection.scalars(select(TournamentRow.table_id)))
            tournament |= set(connection.scalars(select(TournamentTableRow.table_id)))
        return [row for row in self.store.tables() if row.id not in tournament]

    async def ready(self) -> None:
        await self.bus.subscribe(gateway_channel(self.name), self._frames)
        await self.bus.subscribe(OWNERS, self._owner_changed)
        self.bus.on_reconnect(self._welcome_all_again)
        await self.bus.announce("gateway", self.name, ALIVE)
        self._tasks.append(asyncio.get_running_loop().create_task(self._beat()))

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await self.bus.close()
        self.store.close()

    async def _beat(self) -> None:
        """Say this gateway is alive, and read the lobby's entries, every second."""
        while True:
            with contextlib.suppress(Exception):  # the bus away: try again next second
                await self.bus.announce("gateway", self.name, ALIVE)
                entries = await self.bus.read(SUMMARIES)
                self.summaries = {int(k): json.loads(v) for k, v in entries.items()}
            await asyncio.sleep(1.0)

    def _start(self, new: _NewTable) -> Table:
        table = RemoteTable(new, self.store, self.settings, self)
        self.tables[new.id] = table
        return table

    def _launch_table(self, new: _NewTable) -> tuple[Table, list[asyncio.Future[None]]]:
        """A new table's handle; a worker takes it (and seats its bots) once woken."""
        table = self._start(new)
        self.bus.send(WORKERS, str(new.id))
        return table, []

    def create_tournament(self, name: str, request: dict[str, Any]) -> Director:
        raise ValueError("tournaments are not played on a cardroom of many processes yet")

    async def open_tournament(self, name: str, request: dict[str, Any]) -> Director:
        raise ValueError("tournaments are not played on a cardroom of many processes yet")

    # -- connections ----------------------------------------------------------------

    def join(self, table: int, viewer: Viewer, hello: Hello) -> None:
        number = next(self._numbers)
        self._ids[viewer] = number
        conn = self._conns[number] = _Conn(viewer, table, hello.model_dump_json())
        self._send_join(number, conn)

    def _send_join(self, number: int, conn: _Conn) -> None:
        self._send(conn.table, number, conn.viewer, "join", conn.hello)

    def part(self, viewer: Viewer) -> None:
        number = self._ids.pop(viewer, None)
        if number is not None and (conn := self._conns.pop(number, None)) is not None:
            self._send(conn.table, number, viewer, "part", "")

    def submit(self, viewer: Viewer, command: Command) -> None:
        number = self._ids.get(viewer)
        if number is not None:
            conn = self._conns[number]
            self._send(conn.table, number, viewer, "command", command.model_dump_json())

    def _send(self, table: int, number: int, viewer: Viewer, kind: str, text: str) -> None:
        message = {
            "kind": kind,
            "gw": self.name,
            "conn": number,
            "account": viewer.account,
            "name": viewer.name,
            "text": text,
        }
        self.bus.send(table_channel(table), json.dumps(message, separators=(",", ":")))

    def _frames(self, message: str) -> None:
        """Frames from a worker: each to its connection (``null``: close it)."""
        for number, text in json.loads(message):
            conn = self._conns.get(number)
            if conn is None:
                continue
            if text is None:
                conn.viewer.close()
            else:
                conn.viewer.push(text)

    def _owner_changed(self, message: str) -> None:
        """A table has a new owner: each connection there says hello again, afresh."""
        table = int(json.loads(message)["table"])
        if table not in self.tables:  # opened at another gateway: read it off the loop
            self._tasks.append(asyncio.get_running_loop().create_task(self._learn_tables()))
        for number, conn in list(self._conns.items()):
            if conn.table == table:
                self._welcome_again(number, conn)

    async def _learn_tables(self) -> None:
        with contextlib.suppress(Exception):  # the database away: the next owner tells again
            for row in await asyncio.to_thread(self._cash_tables):
                if row.id not in self.tables:
                    self._remote(row)

    def _welcome_all_again(self) -> None:
        for number, conn in list(self._conns.items()):
            self._welcome_again(number, conn)

    def _welcome_again(self, number: int, conn: _Conn) -> None:
        conn.hello = Hello(type="hello").model_dump_json()
        self._send_join(number, conn)
