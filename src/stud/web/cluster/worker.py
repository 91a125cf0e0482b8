"""A table worker: the process that owns tables by lease and runs each as one
``stud serve`` does (``stud.web.table``), its connections held by gateways.

Every ``beat`` (a third of the lease) the worker renews its leases in one
statement; a table whose lease it lost is stopped at once and its connections
muted (its new owner welcomes them). It then takes tables nobody holds, up to its
share (the tables over the live workers, rounded up), and any table left without
an owner for a whole lease besides, each under a new epoch:
the table is read back as stored, its unfinished hand dealt again from the
stored deck and replayed (the restart path), and its gateways told to welcome
their connections again. Each table's rows carry the epoch, so a worker that
wakes after losing its lease is refused by the database.

On SIGTERM a worker drains: no new deal, the hands in play finish, then its
tables are let go at once for the others to take, and it exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import uuid
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text

from stud.rules import Rules
from stud.web.cash_seating import CashSeating
from stud.web.cluster.bus import Bus
from stud.web.cluster.lease import Lease, Leases
from stud.web.cluster.remote import (
    OWNERS,
    WORKERS,
    Post,
    RemoteViewer,
    table_channel,
)
from stud.web.frames import frame
from stud.web.protocol import Hello, ProtocolError, parse_command
from stud.web.room import DEFAULT_TABLES
from stud.web.settings import Settings
from stud.web.store import Store, TableRow
from stud.web.table import Table
from stud.web.table_logic import TableLogic

__all__ = ["SUMMARIES", "ClusterSeating", "Worker"]

log = logging.getLogger("stud.web.cluster")

SUMMARIES = "summaries"
"""The shared map of each table's lobby entry, by table id, kept by its owner."""

GONE = 10.0
"""Seconds a gateway may go unheard of before its connections leave their tables."""

_DEFAULTS_LOCK = 0x5707
"""The advisory lock the workers open the default tables under, one at a time."""


class ClusterSeating(CashSeating):
    """A cash table's seating on a worker: no new deal once the worker drains."""

    def __init__(self) -> None:
        self.draining = False

    def can_deal(self, table: TableLogic) -> bool:
        return not self.draining and super().can_deal(table)


@dataclass
class _Owned:
    table: Table
    seating: ClusterSeating
    lease: Lease
    viewers: dict[tuple[str, int], RemoteViewer] = field(default_factory=dict)


class Worker:
    """One worker process's tables, leases and bus."""

    def __init__(
        self,
        store: Store,
        bus: Bus,
        settings: Settings | None = None,
        name: str | None = None,
        lease: float = 3.0,
        defaults: bool = True,
    ) -> None:
        self.store = store
        self.bus = bus
        self.settings = settings or Settings()
        self.name = name or uuid.uuid4().hex[:12]
        self.leases = Leases(store.engine, self.name, lease)
        self.beat = lease / 3
        self.defaults = defaults
        self.owned: dict[int, _Owned] = {}
        self.post = Post(bus)
        self._look = asyncio.Event()
        self._stopping = asyncio.Event()
        self._renewing: asyncio.Task[None] | None = None
        self._seen: dict[str, float] = {}
        """When each gateway was last heard of (by the loop's clock)."""

    # -- the life of a worker --------------------------------------------------------

    async def run(self) -> None:
        """Own tables until ``drain`` (or cancelled): the leases renewed every beat by a
        task of their own (taking a table, which reads it back, never delays that),
        and tables without an owner taken every beat or when the workers are woken."""
        await self.bus.subscribe(WORKERS, lambda _: self._look.set())
        self.bus.on_reconnect(self._back)
        if self.defaults:
            await asyncio.to_thread(self._open_defaults)
        await self._announce()
        self._renewing = asyncio.get_running_loop().create_task(self._keep())
        # Let the workers started with this one say so before the tables are shared.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopping.wait(), self.beat)
        while not self._stopping.is_set():
            try:
                await self._take_share()
            except Exception:  # the database or Redis away: try again next beat
                log.exception("worker %s: taking tables failed", self.name)
            self._look.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken(), self.beat)

    async def _keep(self) -> None:
        """Every beat: renew its leases in the database (stopping each table whose
        lease it lost), then, on the bus, say it is alive, let the connections of dead
        gateways go and keep the lobby's entries. Redis away stops only the latter."""
        while True:
            try:
                await self._renew()
            except Exception:  # the leases run out if this goes on: others take the tables
                log.exception("worker %s: renewing failed", self.name)
            try:
                await self._tell()
            except Exception as error:
                log.warning("worker %s: the bus is away: %s", self.name, error)
            await asyncio.sleep(self.beat)

    def _back(self) -> None:
        """The bus is back: say again which tables this worker owns (their gateways
        welcome their connections again) and look for tables."""
        for owned in self.owned.values():
            self._owns(owned)
        self._look.set()

    def _owns(self, owned: _Owned) -> None:
        message = {"table": owned.table.id, "epoch": owned.lease.epoch}
        self.bus.send(OWNERS, json.dumps(message))

    async def _woken(self) -> None:
        stop = asyncio.ensure_future(self._stopping.wait())
        look = asyncio.ensure_future(self._look.wait())
        try:
            await asyncio.wait((stop, look), return_when=asyncio.FIRST_COMPLETED)
        finally:
            stop.cancel()
            look.cancel()

    async def drain(self, patience: float = 120.0) -> None:
        """No new deal; once every hand in play is over (or ``patience`` runs out), let
        every table go for the other workers to take."""
        self._stopping.set()
        for owned in self.owned.values():
            owned.seating.draining = True
        loop = asyncio.get_running_loop()
        until = loop.time() + patience
        while loop.time() < until and any(_in_play(o.table) for o in self.owned.values()):
            await asyncio.sleep(0.1)
        await self._stop_keeping()
        tables = list(self.owned)
        for table in tables:
            await self._let_go(table)
        await asyncio.to_thread(self.leases.release, tables)
        self.bus.send(WORKERS, "released")

    async def close(self) -> None:
        """Stop every table without letting its lease go (as a crash would, but tidily)."""
        self._stopping.set()
        await self._stop_keeping()
        for table in list(self.owned):
            await self._let_go(table)

    async def _stop_keeping(self) -> None:
        renewing, self._renewing = self._renewing, None
        if renewing is not None:
            renewing.cancel()
            with contextlib.suppress(BaseException):
                await renewing

    async def _announce(self) -> None:
        await self.bus.announce("worker", self.name, self.leases.ttl)

    async def _renew(self) -> None:
        held = [o.lease for o in self.owned.values()]
        kept = {lease.table for lease in await asyncio.to_thread(self.leases.renew, held)}
        for lease in held:
            if lease.table not in kept and self.owned.get(lease.table, None) is not None:
                log.warning("worker %s: lost table %s", self.name, lease.table)
                await self._let_go(lease.table)

    async def _tell(self) -> None:
        await self._announce()
        await self._forget_gone_gateways()
        for owned in list(self.owned.values()):
            summary = json.dumps(owned.table.summary())
            await self.bus.put(SUMMARIES, str(owned.table.id), summary)

    async def _take_share(self) -> None:
        total = await asyncio.to_thread(self.leases.tables)
        workers = len(await self.bus.members("worker") | {self.name})
        share = math.ceil(total / workers)
        for lease in await asyncio.to_thread(self.leases.take, share - len(self.owned)):
            await self._take(lease)
        # A table left without an owner for a whole lease is taken whatever the share:
        # the workers that count toward it may still be starting (or be dead).
        orphans = await asyncio.to_thread(self.leases.take, total, self.leases.ttl)
        for lease in orphans:
            await self._take(lease)

    async def _forget_gone_gateways(self) -> None:
        """The connections of gateways not heard of for ``GONE`` seconds leave their
        tables (a gateway killed; not one that is slow to say so after Redis restarts)."""
        now = asyncio.get_running_loop().time()
        for name in await self.bus.members("gateway"):
            self._seen[name] = now
        for owned in self.owned.values():
            for key, viewer in list(owned.viewers.items()):
                if now - self._seen.setdefault(key[0], now) > GONE:
                    del owned.viewers[key]
                    owned.table.part(viewer)

    # -- taking and letting go -------------------------------------------------------

    async def _take(self, lease: Lease) -> None:
        row = await asyncio.to_thread(self._row, lease.table)
        if row is None:
            return
        rules = Rules.from_stakes(row.stakes, row.variant)
        if row.rake:
            rules = rules.with_rake(row.rake)
        seating = ClusterSeating()
        seating.draining = self._stopping.is_set()
        table = Table(
            row.id, row.name, rules, row.seats, self.store, self.settings, row.bots, seating=seating
        )
        table.fence = lease.epoch
        owned = self.owned[row.id] = _Owned(table, seating, lease)
        await self.bus.subscribe(table_channel(row.id), lambda m: self._command(owned, m))
        table.start()
        await table.ready()
        if row.bots and await asyncio.to_thread(self._fresh, row.id):
            count = max(1, row.seats - 2)
            await asyncio.gather(
                *(table.add_bot(self.settings.bot, quiet=n < count - 1) for n in range(count))
            )
        log.info("worker %s: took table %s under epoch %s", self.name, row.id, lease.epoch)
        self._owns(owned)

    async def _let_go(self, table_id: int) -> None:
        owned = self.owned.pop(table_id, None)
        if owned is None:
            return
        await self.bus.unsubscribe(table_channel(table_id))
        for viewer in owned.viewers.values():
            viewer.muted = True
        await owned.table.stop()

    def _row(self, table_id: int) -> TableRow | None:
        return next((row for row in self.store.tables() if row.id == table_id), None)

    def _fresh(self, table_id: int) -> bool:
        """Whether a table has never had a seat taken nor a hand dealt (its bots are due)."""
        return not self.store.seats(table_id) and not self.store.hands(table_id, limit=1)

    def _open_defaults(self) -> None:
        """The default tables, in a database with none, by one worker only."""
        with self.store.engine.connect() as connection:
            connection.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _DEFAULTS_LOCK})
            connection.commit()
            try:
                if not self.store.tables():
                    for name, variant, stakes in DEFAULT_TABLES:
                        rules = Rules.from_stakes(stakes, variant)
                        self.store.create_table(name, rules.variant.value, rules.stakes, 6, True)
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _DEFAULTS_LOCK})
                connection.commit()

    # -- a table's messages ----------------------------------------------------------

    def _command(self, owned: _Owned, message: str) -> None:
        """A gateway's message for a table: a connection joining, a command, a part."""
        data: dict[str, Any] = json.loads(message)
        key = (str(data["gw"]), int(data["conn"]))
        kind = data["kind"]
        table = owned.table
        if kind == "join":
            old = owned.viewers.pop(key, None)
            if old is not None:  # welcomed again (a new owner, Redis back): one connection
                old.muted = True
                table.part(old)
            viewer = RemoteViewer(data.get("account"), str(data["name"]), *key, self.post)
            self._seen.setdefault(key[0], asyncio.get_running_loop().time())
            owned.viewers[key] = viewer
            hello = parse_command(data["text"])
            assert isinstance(hello, Hello)
            table.join(viewer, hello)
        elif kind == "part":
            if (gone := owned.viewers.pop(key, None)) is not None:
                table.part(gone)
        elif (sender := owned.viewers.get(key)) is not None:
            try:
                table.submit(sender, parse_command(data["text"]))
            except ProtocolError as error:
                sender.push(frame("error", message=str(error)))


def _in_play(table: Table) -> bool:
    hand = table.hand
    return hand is not None and not hand.is_over
