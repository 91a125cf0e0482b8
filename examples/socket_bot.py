"""A bot that plays at a running cardroom over its websocket (protocol version 2).

It signs in as a guest, sits down, keeps its copy of the table (the snapshot's,
then each event's change applied) and checks, calls or shows when it can, else
takes the first action offered. Run it against ``stud serve``::

    python examples/socket_bot.py 127.0.0.1:8000 1 5    # host, table, seat (0-based)
"""

import asyncio
import json
import sys
import urllib.request

import websockets

from stud.web.frames import apply_change  # or the few lines in docs/protocol.md, "Changes"


async def main(host: str = "127.0.0.1:8000", table: int = 1, seat: int = 5) -> None:
    req = urllib.request.Request(f"http://{host}/api/account/guest", data=b"{}", method="POST")
    token = json.load(urllib.request.urlopen(req))["token"]
    async with websockets.connect(f"ws://{host}/ws/{table}?token={token}") as ws:
        await ws.send(json.dumps({"v": 2, "type": "hello"}))
        await ws.send(json.dumps({"v": 2, "type": "sit", "seat": seat, "buy_in": 200}))
        seq, acted, now = 0, False, None
        async for frame in ws:
            message = json.loads(frame)
            if message["type"] == "snapshot":
                now = message["table"]
            elif message["type"] == "event" and now is not None:
                now = apply_change(now, message["change"])
                acted = acted and "ack" not in message  # its action's event acknowledges it
            else:  # act only on a new table
                if message["type"] == "error":
                    acted = False  # refused: act again when the table next changes
                    print(message["message"], file=sys.stderr)
                continue
            legal = now["hand"]["legal"] if now and now["hand"] and not acted else []
            if legal:
                choice = next(
                    (a for a in legal if a["action"] in ("check", "call", "show")), legal[0]
                )
                seq, acted = seq + 1, True
                act = {k: choice[k] for k in ("action", "to") if k in choice}
                await ws.send(json.dumps({"v": 2, "type": "act", "seq": seq, **act}))


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:2], *map(int, sys.argv[2:4])))
