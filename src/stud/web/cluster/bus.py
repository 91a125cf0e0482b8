"""The bus between gateways and table workers: channels of text messages, who is
alive, and one shared map (the lobby's table summaries).

Two implementations of one interface: ``LocalBus`` (one event loop, for tests that
run gateways and workers side by side) and ``RedisBus`` (Redis pub/sub, for
processes on any machines). Pub/sub, not streams, because nothing on the bus is
the truth: a frame is published only after its action is committed in
PostgreSQL, and a gateway that missed frames (Redis restarted, a table moved to
another worker) has its connections welcomed again by the table's owner, which
sends each the table as it stands. A command lost on the way is an action its
player was never told was taken: the page still shows the turn, and the player
acts again. Streams would keep and replay messages no one should act on late.

``send`` never waits: messages go out in the order sent, many in one round trip;
while Redis is unreachable they are dropped (and counted), and once it is back
and every channel subscribed again, each ``on_reconnect`` callback runs so the
gateways and workers resync: a worker says again that it owns its tables, a
gateway welcomes its connections again, and whichever comes back last is heard
by the other.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Protocol

__all__ = ["Bus", "Handler", "LocalBus", "RedisBus"]

log = logging.getLogger("stud.web.cluster")

Handler = Callable[[str], None]
"""What a channel's messages are given to, on the event loop, in order."""


class Bus(Protocol):
    """Channels of text messages, presence, and a shared map."""

    def send(self, channel: str, message: str) -> None:
        """Publish ``message`` on ``channel`` (in order, without waiting)."""

    async def subscribe(self, channel: str, handler: Handler) -> None:
        """Give every later message on ``channel`` to ``handler``."""

    async def unsubscribe(self, channel: str) -> None:
        """Stop taking ``channel``'s messages."""

    def on_reconnect(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` each time the bus is back after being unreachable."""

    async def announce(self, kind: str, name: str, ttl: float) -> None:
        """Say that ``name`` (a worker, a gateway) is alive for ``ttl`` seconds more."""

    async def members(self, kind: str) -> set[str]:
        """The names of ``kind`` announced and not yet expired."""

    async def put(self, key: str, field: str, value: str | None) -> None:
        """Set (or with ``None`` remove) one field of the shared map ``key``."""

    async def read(self, key: str) -> dict[str, str]:
        """Every field of the shared map ``key``."""

    async def close(self) -> None:
        """Send what is queued and disconnect."""


class LocalBus:
    """The bus within one event loop: what the tests of gateways and workers use."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {}
        self._members: dict[tuple[str, str], float] = {}
        self._maps: dict[str, dict[str, str]] = {}
        self._reconnects: list[Callable[[], None]] = []

    def send(self, channel: str, message: str) -> None:
        loop = asyncio.get_running_loop()
        for handler in self._handlers.get(channel, ()):
            loop.call_soon(handler, message)

    async def subscribe(self, channel: str, handler: Handler) -> None:
        self._handlers.setdefault(channel, []).append(handler)

    async def unsubscribe(self, channel: str) -> None:
        self._handlers.pop(channel, None)

    def on_reconnect(self, callback: Callable[[], None]) -> None:
        self._reconnects.append(callback)

    def reconnected(self) -> None:
        """As if the bus had been away and came back (for tests)."""
        for callback in self._reconnects:
            callback()

    async def announce(self, kind: str, name: str, ttl: float) -> None:
        self._members[kind, name] = asyncio.get_running_loop().time() + ttl

    async def members(self, kind: str) -> set[str]:
        now = asyncio.get_running_loop().time()
        return {name for (k, name), until in self._members.items() if k == kind and until > now}

    async def put(self, key: str, field: str, value: str | None) -> None:
        fields = self._maps.setdefault(key, {})
        if value is None:
            fields.pop(field, None)
        else:
            fields[field] = value

    async def read(self, key: str) -> dict[str, str]:
        return dict(self._maps.get(key, {}))

    async def close(self) -> None:
        self._handlers.clear()


class RedisBus:
    """The bus over Redis pub/sub (``redis.asyncio`` with hiredis), one connection
    to listen and a pool to publish; it reconnects by itself."""

    PREFIX = "stud:"

    def __init__(self, url: str, retry: float = 0.25) -> None:
        import redis.asyncio as aioredis  # noqa: PLC0415 (the server extra, loaded when used)

        self.url = url
        self._redis = aioredis.Redis.from_url(
            url, socket_connect_timeout=2.0, decode_responses=True
        )
        self._retry = retry
        self._handlers: dict[str, Handler] = {}
        self._outbox: list[tuple[str, str]] = []
        self._wake = asyncio.Event()
        self._reconnects: list[Callable[[], None]] = []
        self._changed = asyncio.Event()
        self._closing = False
        self.dropped = 0
        """Messages dropped while Redis was unreachable."""
        self._sender: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._synced = asyncio.Event()
        """Set once the listener subscribed to every channel asked for."""

    def _started(self) -> None:
        """The bus's two tasks, on the loop of its first use."""
        if self._sender is None:
            loop = asyncio.get_running_loop()
            self._sender = loop.create_task(self._send_loop())
            self._listener = loop.create_task(self._listen_loop())

    def _key(self, name: str) -> str:
        return self.PREFIX + name

    def send(self, channel: str, message: str) -> None:
        self._started()
        self._outbox.append((self._key(channel), message))
        self._wake.set()

    async def subscribe(self, channel: str, handler: Handler) -> None:
        """Once subscribed in Redis (or after a few seconds with Redis away)."""
        self._started()
        self._handlers[self._key(channel)] = handler
        self._synced.clear()
        self._changed.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._synced.wait(), 5.0)

    async def unsubscribe(self, channel: str) -> None:
        self._handlers.pop(self._key(channel), None)
        self._changed.set()

    def on_reconnect(self, callback: Callable[[], None]) -> None:
        self._reconnects.append(callback)

    async def announce(self, kind: str, name: str, ttl: float) -> None:
        await self._redis.set(self._key(f"member:{kind}:{name}"), "1", px=int(ttl * 1000))

    async def members(self, kind: str) -> set[str]:
        prefix = self._key(f"member:{kind}:")
        found: set[str] = set()
        async for key in self._redis.scan_iter(match=prefix + "*", count=500):
            found.add(str(key)[len(prefix) :])
        return found

    async def put(self, key: str, field: str, value: str | None) -> None:
        if value is None:
            await self._redis.hdel(self._key(key), field)
        else:
            await self._redis.hset(self._key(key), field, value)

    async def read(self, key: str) -> dict[str, str]:
        found = await self._redis.hgetall(self._key(key))
        return {str(k): str(v) for k, v in found.items()}

    async def close(self) -> None:
        self._closing = True
        self._wake.set()
        if self._sender is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._sender, 2.0)
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._listener, 2.0)
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(self._redis.aclose(), 2.0)

    async def _send_loop(self) -> None:
        while True:
            if not self._outbox:
                if self._closing:
                    return
                self._wake.clear()
                await self._wake.wait()
                continue
            batch, self._outbox = self._outbox, []
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, message in batch:
                        pipe.publish(channel, message)
                    await pipe.execute()
            except Exception as error:  # Redis away: nothing on the bus is the truth
                self.dropped += len(batch)
                log.warning("bus: %d messages dropped: %s", len(batch), error)
                if self._closing:
                    return
                await asyncio.sleep(self._retry)

    async def _listen_loop(self) -> None:
        """Listen to every subscribed channel; after a broken connection, subscribe
        again to them all and tell the ``on_reconnect`` callbacks."""
        first = True
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                listening: set[str] = set()
                await pubsub.subscribe("stud:-")  # a connection even with no channel yet
                back = not first  # told once every channel is subscribed again
                first = False
                while True:
                    if self._changed.is_set():
                        self._changed.clear()
                        wanted = set(self._handlers)
                        if gone := listening - wanted:
                            await pubsub.unsubscribe(*gone)
                        if new := wanted - listening:
                            await pubsub.subscribe(*new)
                        listening = wanted
                        if not self._changed.is_set():
                            self._synced.set()
                            if back:
                                back = False
                                for callback in self._reconnects:
                                    callback()
                    message = await pubsub.get_message(timeout=0.05)
                    if message is None or message["type"] != "message":
                        continue
                    handler = self._handlers.get(str(message["channel"]))
                    if handler is not None:
                        try:
                            handler(str(message["data"]))
                        except Exception:
                            log.exception("bus: a handler failed")
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception as error:
                log.warning("bus: Redis unreachable (%s); trying again", error)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                self._changed.set()
                await asyncio.sleep(self._retry)
