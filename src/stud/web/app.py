"""The cardroom's HTTP and websocket endpoints (Starlette), around the room of tables.

``create_app`` builds the application around a ``Room`` (``stud.web.room``): the
store and one task per table. HTTP serves the page, accounts and the lobby; each
client holds one websocket per table it watches or plays at (``docs/protocol.md``).
The routes, by concept, are in ``stud.web.routes``. Bad input of any kind gets a
one-line error to its sender and changes nothing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from stud.web.edge import LOCAL_HOSTS, BodyError, Guard
from stud.web.room import DEFAULT_TABLES, Room
from stud.web.routes import accounts, connection, hands, tables, tournaments
from stud.web.routes.common import COOKIE, STATIC, error

__all__ = ["COOKIE", "DEFAULT_TABLES", "Room", "create_app"]


def create_app(room: Room, hosts: Sequence[str] = LOCAL_HOSTS) -> Starlette:
    """The ASGI application serving ``room`` under the host names ``hosts``."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await room.start()
        await room.ready()
        yield
        await room.close()

    routes: list[BaseRoute] = [
        *tables.routes(room),
        *accounts.routes(room),
        *tournaments.routes(room),
        *hands.routes(room),
        *connection.routes(room),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={BodyError: _body_refused},
        middleware=[Middleware(Guard, hosts=hosts)],
    )


async def _body_refused(request: Request, refused: Exception) -> Response:
    return error(str(refused), refused.status if isinstance(refused, BodyError) else 400)
