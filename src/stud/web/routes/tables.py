"""The lobby's tables: the list (from the counters each table keeps in memory), a new
table, the hands a player played at one lately, and a player's odds at a practice
table."""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from stud.equity.streets import seen_share
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

__all__ = ["ODDS_KEPT", "routes"]

ODDS_KEPT = 512
"""Odds answers kept (by table, hand, street and seat): asking again costs nothing."""


def routes(room: Room) -> list[Route]:
    """The page, ``/api/tables`` (list and new) and a table's recent hands."""

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def lobby(request: Request) -> Response:
        return JSONResponse(
            {"tables": room.cash_tables(), "bots": list(room.settings.offered_bots)}
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

    told: OrderedDict[tuple[int, int, int, int], float | None] = OrderedDict()

    async def my_odds(request: Request) -> Response:
        table = room.tables.get(request.path_params["table"])
        if table is None:
            return error("no such table", 404)
        if not table.odds:
            return error("this table does not show odds: a practice table with bots does", 403)
        account = await me(room, request)
        if account is None:
            return error("sign in or play as a guest to sit and see your odds", 401)
        logic = table.logic
        number = logic.people().get(account.id)
        hand, hand_id, seats = logic.play.hand, logic.play.hand_id, logic.play.hand_seats
        if number is None or hand is None or hand_id is None or number not in seats:
            return JSONResponse({"hand": None, "street": None, "share": None})
        key = (table.id, hand_id, hand.street, seats.index(number))
        if key not in told:  # the hand as it stands, an immutable value: read in a thread
            told[key] = await asyncio.to_thread(seen_share, hand, key[3])
            while len(told) > ODDS_KEPT:
                told.popitem(last=False)
        return JSONResponse({"hand": hand_id, "street": hand.street, "share": told[key]})

    return [
        Route("/", page),
        Route("/table/{table:int}", page),
        Route("/api/tables", lobby),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{table:int}/hands", hands),
        Route("/api/tables/{table:int}/odds", my_odds),
    ]
