"""Tournaments: the list, one tournament's standing, and a new one."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from stud.said import N_, Said
from stud.web.protocol import ProtocolError
from stud.web.room import Room
from stud.web.routes.common import (
    FOREIGN,
    body,
    error,
    me,
    origin_ok,
    refused_opening,
    text_field,
)
from stud.web.store import StoreError

__all__ = ["routes"]


def routes(room: Room) -> list[Route]:
    """``/api/tournaments`` (list and new) and ``/api/tournaments/{id}``."""

    async def tournaments(request: Request) -> Response:
        return JSONResponse({"tournaments": [t.summary() for t in room.tournaments.values()]})

    async def one_tournament(request: Request) -> Response:
        director = room.tournaments.get(request.path_params["tournament"])
        if director is None:
            return error("no such tournament", 404)
        account = await me(room, request)
        return JSONResponse(director.standing(account.id if account else None))

    async def new_tournament(request: Request) -> Response:
        if not origin_ok(request):
            return error(FOREIGN, 403)
        account = await me(room, request)
        if account is None:
            return error(Said(N_("sign in or play as a guest to open a tournament")), 401)
        if refused := refused_opening(room, account):
            return refused
        try:
            data = await body(request)
            director = await room.open_tournament(text_field(data, "name", 40), data)
        except (ProtocolError, StoreError, ValueError) as refused_spec:
            return error(refused_spec)
        return JSONResponse(director.summary())

    return [
        Route("/api/tournaments", tournaments),
        Route("/api/tournaments", new_tournament, methods=["POST"]),
        Route("/api/tournaments/{tournament:int}", one_tournament),
    ]
