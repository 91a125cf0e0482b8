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

import ipaddress
from collections.abc import Sequence
from typing import Any

from starlette.requests import Request

__all__ = ["TooLargeError", "proxy_networks", "read_body", "server_options"]


class TooLargeError(Exception):
    """A request body over its limit: answered 413 with this message."""


async def read_body(request: Request, limit: int, what: str = "the request") -> bytes:
    """The request's body, or ``TooLargeError`` as soon as it is known to be over ``limit``
    bytes (from its ``Content-Length``, else while it arrives)."""
    too_large = TooLargeError(f"{what} is over {limit} bytes")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise too_large
    return bytes(data)


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


def server_options(trusted_proxies: Sequence[str] = ()) -> dict[str, Any]:
    """uvicorn ``Config`` settings for the cardroom (``stud serve`` and the tests)."""
    networks = proxy_networks(trusted_proxies)
    return {
        # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise
        "proxy_headers": bool(networks),
        "forwarded_allow_ips": networks,
    }
