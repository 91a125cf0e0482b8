"""A player's own statistics page (``/stats``) and its data (``/api/me/stats``).

The page is the signed-in player's own: their statistics, results and all-in EV
graph and leak report over their cardroom hands, each hand as they saw it
(``stud.web.player_stats``). Nobody else's page is served: another player's
figures would tell what they did in hands one never saw.
"""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from stud.web.player_stats import MOST_HANDS, player_report
from stud.web.room import Room
from stud.web.routes.common import STATIC, error, me

__all__ = ["routes"]


def routes(room: Room) -> list[Route]:
    """``/stats`` and ``/api/me/stats``."""

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "stats.html")

    async def my_stats(request: Request) -> Response:
        account = await me(room, request)
        if account is None:
            return error("sign in or play as a guest to see your statistics", 401)
        rows = await asyncio.to_thread(room.store.played_by, account.id, MOST_HANDS)
        report = await asyncio.to_thread(player_report, rows, account.id, account.name)
        return JSONResponse(report)

    return [Route("/stats", page), Route("/api/me/stats", my_stats)]
