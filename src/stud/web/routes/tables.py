"""The lobby's tables: the list (from the counters each table keeps in memory), a new
table, and the hands a player played at one lately."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from stud.rules import RulesError
from stud.said import N_, Said
from stud.web.fairness import seat_proof
from stud.web.protocol import ProtocolError
from stud.web.room import Room
from stud.web.routes.common import (
    FOREIGN,
    STATIC,
    body,
    error,
    me,
    origin_ok,
    refused_opening,
    text_field,
)
from stud.web.tournament_table import TournamentTable

__all__ = ["routes"]


def routes(room: Room) -> list[Route]:
    """The page, ``/api/tables`` (list and new) and a table's recent hands."""

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def lobby(request: Request) -> Response:
        return JSONResponse(
            {
                "tables": [
                    t.summary() for t in room.tables.values() if not isinstance(t, TournamentTable)
                ],
                "bots": list(room.settings.offered_bots),
            }
        )

    async def new_table(request: Request) -> Response:
        if not origin_ok(request):
            return error(FOREIGN, 403)
        account = await me(room, request)
        if account is None:
            return error(Said(N_("sign in or play as a guest to open a table")), 401)
        if refused := refused_opening(room, account):
            return refused
        try:
            data = await body(request)
            seats = data.get("seats", 6)
            if not isinstance(seats, int) or isinstance(seats, bool):
                raise ProtocolError("seats must be a whole number")
            table = await room.open_table(
                text_field(data, "name", 40),
                text_field(data, "variant", 10) or "stud",
                text_field(data, "stakes", 40) or "1/1/5/10",
                seats,
                bool(data.get("bots", True)),
                rake=text_field(data, "rake", 20),
            )
        except (ProtocolError, RulesError, ValueError) as refused_game:
            return error(refused_game)
        room.opened.setdefault(account.id, set()).add(table.id)
        return JSONResponse(table.summary())

    async def hands(request: Request) -> Response:
        account = await me(room, request)
        table = room.tables.get(request.path_params["table"])
        if table is None:
            return error("no such table", 404)
        if account is None:
            return JSONResponse({"hands": []})
        out = [
            {
                "id": r.hand_id,
                "pot": r.pot,
                "net": r.state.payoffs[r.accounts.index(account.id)],
                "at": r.ended,
                "proof": seat_proof(
                    r.state, list(r.names), r.accounts.index(account.id), r.shuffle
                ),
            }
            for r in reversed(table.recent)
            if account.id in r.accounts
        ]
        return JSONResponse({"hands": out})

    return [
        Route("/", page),
        Route("/table/{table:int}", page),
        Route("/api/tables", lobby),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{table:int}/hands", hands),
    ]
