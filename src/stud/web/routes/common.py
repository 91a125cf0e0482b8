"""What every route shares: who is asking, from where, with what body; errors in one line."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse

from stud.said import N_, Said, SaidError
from stud.web.edge import read_body
from stud.web.protocol import ProtocolError, check_text, read_json
from stud.web.room import MAX_OPENED, Room
from stud.web.store import AccountInfo

__all__ = [
    "COOKIE",
    "FOREIGN",
    "MAX_BODY",
    "STATIC",
    "body",
    "error",
    "me",
    "minutes",
    "origin_ok",
    "refused_opening",
    "text_field",
    "token",
]

COOKIE = "stud_session"
STATIC = Path(__file__).parent.parent / "static"

MAX_BODY = 65536
"""The largest JSON request body, in bytes (413 over it)."""

FOREIGN = "requests must come from this cardroom's page"


def error(message: str | Said | Exception, status: int = 400) -> JSONResponse:
    """A refusal: one line, to this client only; a refusal as a message (``Said``, or
    a ``SaidError`` with one) carries it too, for the page to say in its language."""
    if isinstance(message, Said):
        message = SaidError(message)
    extra = message.json() if isinstance(message, SaidError) else {}
    return JSONResponse({"error": str(message), **extra}, status_code=status)


def token(connection: HTTPConnection) -> str | None:
    """The session token a request or connection came with, if any."""
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return connection.cookies.get(COOKIE) or connection.query_params.get("token")


async def me(room: Room, connection: HTTPConnection) -> AccountInfo | None:
    """The account signed in on ``connection``, looked up in a worker thread."""
    held = token(connection)
    if not held:
        return None
    return await asyncio.to_thread(room.store.account, held)


def origin_ok(connection: HTTPConnection) -> bool:
    """A browser's Origin must be this server; clients without one (bots) are fine."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == connection.headers.get("host")


async def body(request: Request) -> dict[str, Any]:
    """The request's JSON object (``{}`` for none)."""
    return read_json(await read_body(request, MAX_BODY) or b"{}", "request")


def minutes(seconds: float) -> str:
    """``seconds`` in whole minutes for people, at least one."""
    count = max(1, round(seconds / 60))
    return f"{count} minute{'s' if count > 1 else ''}"


def text_field(data: dict[str, Any], key: str, limit: int = 100) -> str:
    """A text field of a request body, checked; ``ProtocolError`` says what is wrong."""
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError(f"{key} must be text of at most {limit} characters")
    return check_text(value, key)


def refused_opening(room: Room, account: AccountInfo) -> JSONResponse | None:
    """The refusal when ``account`` may not open a table or tournament now."""
    if len(room.opened.get(account.id, ())) >= MAX_OPENED:
        return error(
            Said(N_("you opened {n} tables already: play at one of them"), {"n": MAX_OPENED}), 429
        )
    if wait := room.openings.wait(f"account {account.id}"):
        return error(f"you opened tables just now: try again in {minutes(wait)}", 429)
    return None
