"""The cardroom's edge: what every connection meets before the application.

``server_options`` are uvicorn's settings that decide whom the server believes
and how long it waits: forwarded client addresses (``X-Forwarded-For``) are
believed only from the proxies the operator names, none by default, so the
per-address limits count the socket's peer.

``read_body`` reads a request's body up to a limit: a ``Content-Length`` over it
is refused before a byte is read, and a body without one (chunked) is read only
until it passes the limit, so an oversized request costs the server the limit,
not its size.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Sequence
from typing import Any

from starlette.requests import Request
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = [
    "BODY_TIMEOUT",
    "HEADER_TIMEOUT",
    "LOCAL_HOSTS",
    "SECURITY_HEADERS",
    "BodyError",
    "Guard",
    "proxy_networks",
    "read_body",
    "server_options",
]

HEADER_TIMEOUT = 10.0
"""Seconds a connection has to send a request's headers (from connecting, or from the
request's first byte): a client that trickles them in (slowloris) is cut off."""
BODY_TIMEOUT = 30.0
"""Seconds a request's body has to arrive once its headers have."""


class BodyError(Exception):
    """A request body refused (too large, too slow), with its HTTP status and one line."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


async def read_body(
    request: Request, limit: int, what: str = "the request", timeout: float = BODY_TIMEOUT
) -> bytes:
    """The request's body, or ``BodyError`` (413) as soon as it is known to be over
    ``limit`` bytes (from its ``Content-Length``, else while it arrives), or (408)
    once it has taken more than ``timeout`` seconds."""
    too_large = BodyError(f"{what} is over {limit} bytes", 413)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    data = bytearray()
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                data += chunk
                if len(data) > limit:
                    raise too_large
    except TimeoutError:
        raise BodyError(
            f"{what} came too slowly: send it within {timeout:g} seconds", 408
        ) from None
    return bytes(data)


class _TimelyHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol (httptools) that closes a connection whose request
    headers are not whole ``header_timeout`` seconds after it connected or after the
    request's first byte: uvicorn itself waits for them without end."""

    header_timeout = HEADER_TIMEOUT
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._header_timer is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._header_timer = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()


def timely_http(header_timeout: float = HEADER_TIMEOUT) -> type[HttpToolsProtocol]:
    """The HTTP protocol class with its deadline for a request's headers."""
    if header_timeout == HEADER_TIMEOUT:
        return _TimelyHttp
    return type("TimelyHttp", (_TimelyHttp,), {"header_timeout": header_timeout})


def proxy_networks(proxies: Sequence[str]) -> list[str]:
    """The operator's trusted proxies, each an address or a network (``10.0.0.0/8``);
    raises ``ValueError`` naming the first that is neither."""
    out = []
    for proxy in proxies:
        try:
            out.append(str(ipaddress.ip_network(proxy.strip(), strict=False)))
        except ValueError:
            raise ValueError(f"{proxy!r} is not an IP address or network") from None
    return out


def server_options(
    trusted_proxies: Sequence[str] = (), header_timeout: float = HEADER_TIMEOUT
) -> dict[str, Any]:
    """uvicorn ``Config`` settings for the cardroom (``stud serve`` and the tests)."""
    networks = proxy_networks(trusted_proxies)
    return {
        "http": timely_http(header_timeout),
        # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise
        "proxy_headers": bool(networks),
        "forwarded_allow_ips": networks,
    }


LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
"""The names a cardroom on this machine answers to unless the operator names others."""

SECURITY_HEADERS = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        b" connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self';"
        b" frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)
"""On every HTTP answer: the page runs only its own scripts, is never framed, and no
answer is read as another type than it says."""


class Guard:
    """ASGI middleware in front of the cardroom: a request or socket whose ``Host``
    is not a name the operator serves is refused (a page of another site that
    resolves its own name to this server, DNS rebinding, reaches nothing), so is a
    path holding control characters; every HTTP answer gets ``SECURITY_HEADERS``."""

    def __init__(self, app: Any, hosts: Sequence[str] = LOCAL_HOSTS) -> None:
        self.app = app
        self.hosts = frozenset(host.lower().strip("[]") for host in hosts)

    def host_ok(self, scope: Any) -> bool:
        for name, value in scope.get("headers", ()):
            if name.lower() == b"host":  # uvicorn's websockets scope keeps the case sent
                host = value.decode("latin-1").lower()
                host = host[1:].split("]")[0] if host.startswith("[") else host.rsplit(":", 1)[0]
                return host in self.hosts
        return False

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind not in {"http", "websocket"}:
            await self.app(scope, receive, send)
            return
        refusal = None
        if not self.host_ok(scope):
            refusal = "this cardroom is not served under that host name"
        elif any(ord(c) < 32 or ord(c) == 127 for c in scope.get("path", "")):
            refusal = "the path holds control characters"
        if refusal is not None:
            if kind == "websocket":  # closing before accepting: uvicorn answers 403
                await send({"type": "websocket.close", "code": 4003, "reason": refusal})
                return
            body = json.dumps({"error": refusal}).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 400,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                        *SECURITY_HEADERS,
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
