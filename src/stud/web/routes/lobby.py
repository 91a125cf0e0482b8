"""``/ws/lobby``: a page on the lobby is sent the tables and tournaments as they
change, and (signed in) the tables its player sits at (``stud.web.lobby_feed``). It
sends nothing; whatever it sends is ignored."""

from __future__ import annotations

import asyncio

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from stud.web.frames import frame
from stud.web.room import Room
from stud.web.routes.common import origin_ok, token
from stud.web.routes.connection import send_frames
from stud.web.viewer import Viewer

__all__ = ["routes"]


def routes(room: Room) -> list[WebSocketRoute]:
    """``/ws/lobby``."""

    async def lobby(websocket: WebSocket) -> None:
        await websocket.accept()
        if not origin_ok(websocket):
            await websocket.send_text(
                frame("error", message="connections must come from this cardroom")
            )
            await websocket.close(code=4003)
            return
        held = token(websocket)
        account = await asyncio.to_thread(room.store.account, held) if held else None
        viewer = Viewer(account.id if account else None, "lobby", limit=50)
        room.lobby.watch(viewer)
        writer = asyncio.create_task(send_frames(websocket, viewer, lambda: 1000))
        try:
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass
        except WebSocketDisconnect:
            pass
        finally:
            room.lobby.leave(viewer)
            viewer.close()
            await writer

    return [WebSocketRoute("/ws/lobby", lobby)]
