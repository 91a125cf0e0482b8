"""The cardroom's edge: what every connection meets before the application.

``server_options`` are uvicorn's settings that decide whom the server believes
and how long it waits: forwarded client addresses (``X-Forwarded-For``) are
believed only from the proxies the operator names, none by default, so the
per-address limits count the socket's peer.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from typing import Any

__all__ = ["proxy_networks", "server_options"]


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
