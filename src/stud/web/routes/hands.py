"""Stored hands: a player's download (PHH or text, from their chair), the hands of a
table one may replay, a stored hand's replay and an uploaded file's."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from stud.said import N_, Said
from stud.web.edge import read_body
from stud.web.fairness import stored_shuffle, with_proof
from stud.web.history import seat_phh, seat_text, stored_hand
from stud.web.replay import MAX_UPLOAD, ReplayError, replay_stored, replay_upload
from stud.web.room import Room
from stud.web.routes.common import FOREIGN, error, me, origin_ok
from stud.web.store import HandRow

__all__ = ["routes"]


def routes(room: Room) -> list[Route]:
    """``/api/hands/...``, a table's replays and ``/api/replay``."""

    def watched(account: int, row: HandRow) -> bool:
        start, end = row.started_at.timestamp(), (row.ended_at or row.started_at).timestamp()
        return room.watching.watched(account, row.table_id, start, end)

    async def hand_file(request: Request) -> Response:
        kind = request.path_params["kind"]
        if kind not in {"phh", "txt"}:
            return error("a hand downloads as .phh or .txt", 404)
        account = await me(room, request)
        row = await asyncio.to_thread(room.store.hand, request.path_params["hand"])
        if row is None or row.phh is None:
            return error("no such hand", 404)
        if account is None or account.id not in row.accounts:
            return error("only the players of a hand can download it", 403)
        seat = row.accounts.index(account.id)
        state = stored_hand(row.phh)
        if kind == "phh":
            text = with_proof(seat_phh(state, list(row.names), seat), row.shuffle)
        else:
            text = seat_text(state, list(row.names), seat, f"Hand {row.id}", row.seats)
        name = f"hand-{row.id}.{kind}"  # from the id and a known format: nothing of the path
        return PlainTextResponse(
            text, headers={"content-disposition": f'attachment; filename="{name}"'}
        )

    async def table_replays(request: Request) -> Response:
        account = await me(room, request)
        if account is None:
            return JSONResponse({"hands": []})
        rows = await asyncio.to_thread(room.store.hands, request.path_params["table"])
        out = [
            {"id": row.id, "pot": row.pot, "played": account.id in row.accounts}
            for row in rows
            if account.id in row.accounts or watched(account.id, row)
        ]
        return JSONResponse({"hands": out})

    async def replay_hand(request: Request) -> Response:
        account = await me(room, request)
        if account is None:
            return error(Said(N_("sign in or play as a guest to replay hands")), 401)
        row = await asyncio.to_thread(room.store.hand, request.path_params["hand"])
        if row is None or row.phh is None:
            return error("no such finished hand", 404)
        played = account.id in row.accounts
        if not played and not watched(account.id, row):
            return error(Said(N_("you may replay only the hands you played or watched")), 403)
        table = room.tables.get(row.table_id)
        try:
            result = await asyncio.to_thread(
                replay_stored,
                row.phh,
                hand_id=row.id,
                table_id=row.table_id,
                table_name=table.name if table else f"table {row.table_id}",
                size=table.size if table else 0,
                seats=row.seats,
                names=row.names,
                accounts=row.accounts,
                viewer=row.seats[row.accounts.index(account.id)] if played else None,
                shuffle=stored_shuffle(row.shuffle),
                odds=request.query_params.get("odds") == "1",
            )
        except ReplayError as failed:
            return error(str(failed), 500)
        return JSONResponse(result.json())

    async def replay_file(request: Request) -> Response:
        if not origin_ok(request):
            return error(FOREIGN, 403)
        if await me(room, request) is None:
            return error(Said(N_("sign in or play as a guest to replay a file")), 401)
        name = request.query_params.get("name") or "upload.phh"
        data = await read_body(request, MAX_UPLOAD, f"{name[:100]}: the file")
        try:
            result = await asyncio.to_thread(
                replay_upload,
                data,
                name[:100],
                request.query_params.get("hand"),
                request.query_params.get("odds") == "1",
            )
        except ReplayError as refused:
            return error(refused)
        return JSONResponse(result.json())

    return [
        Route("/api/hands/{hand:int}.{kind:str}", hand_file),
        Route("/api/hands/{hand:int}/replay", replay_hand),
        Route("/api/tables/{table:int}/replays", table_replays),
        Route("/api/replay", replay_file, methods=["POST"]),
    ]
