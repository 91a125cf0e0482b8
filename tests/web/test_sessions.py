"""Sessions end: at logout (bearer and cookie, open table connections too), at the
next sign-in (the token a request came with), and after the limits of
``docs/protocol.md`` (idle and absolute)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

import pytest
import websockets
from sqlalchemy import update
from web_harness import WAIT, Cardroom, cardroom, close_code, connect, http_json

from stud.web.store import SESSION_IDLE, SESSION_LIFETIME, LoginSession, Store


def _post(port: int, path: str, token: str | None = None, cookie: bool = False) -> tuple[int, dict]:
    headers = {"cookie": f"stud_session={token}"} if cookie and token else {}
    return http_json(port, path, None if cookie else token, body=b"{}", headers=headers)


def _me(port: int, token: str, cookie: bool = False) -> int:
    headers = {"cookie": f"stud_session={token}"} if cookie else {}
    return http_json(port, "/api/me", None if cookie else token, headers=headers)[0]


@pytest.mark.parametrize("cookie", [False, True], ids=["bearer", "cookie"])
def test_logout_ends_the_session_and_its_table_connections(cookie: bool) -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, (token,) = room.seat_guests("stud", 2, 1)
            assert await asyncio.to_thread(_me, room.port, token, cookie) == 200
            async with connect(room, table, token) as client:
                status, _ = await asyncio.to_thread(_post, room.port, "/api/logout", token, cookie)
                assert status == 200
                refused = await client.until(lambda m: m["type"] == "error")
                assert "signed out" in refused["message"]
                with pytest.raises(websockets.ConnectionClosed):
                    await asyncio.wait_for(client.ws.recv(), WAIT)
            assert await asyncio.to_thread(_me, room.port, token, cookie) == 401
            await _refused(room, table, token)

    asyncio.run(scenario())


async def _refused(room: Cardroom, table: int, token: str) -> None:
    async with websockets.connect(room.url(table, token)) as ws:
        message = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
        assert message["type"] == "error"
        assert "sign in again" in message["message"]
        assert await close_code(ws) == 4001


def test_a_sign_in_ends_the_session_the_request_came_with() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            body = json.dumps({"name": "Ann", "password": "secret1"}).encode()
            first = (
                await asyncio.to_thread(http_json, room.port, "/api/account/register", None, body)
            )[1]["token"]
            status, answer = await asyncio.to_thread(
                http_json, room.port, "/api/account/login", first, body
            )
            assert status == 200
            assert answer["token"] != first
            assert await asyncio.to_thread(_me, room.port, first) == 401
            assert await asyncio.to_thread(_me, room.port, answer["token"]) == 200

    asyncio.run(scenario())


def _age(store: Store, token: str, created: datetime, seen: datetime | None) -> None:
    with store._tx() as session:
        session.execute(
            update(LoginSession)
            .where(LoginSession.token == token)
            .values(created_at=created, seen_at=seen)
        )


def test_a_session_expires_when_idle_and_when_old(store: Store) -> None:
    now = datetime.now(UTC)
    idle, old, used = store.guest(), store.guest(), store.guest()
    _age(store, idle, now - 2 * SESSION_IDLE, None)  # never used since its sign-in
    _age(store, old, now - SESSION_LIFETIME - SESSION_IDLE / 2, now)  # used, but too old
    _age(store, used, now - 2 * SESSION_IDLE, now - SESSION_IDLE / 2)  # old, used lately
    assert store.account(idle) is None
    assert store.account(old) is None
    assert store.account(used) is not None
    assert store.account(idle) is None  # and it stays ended
    store.close()


def test_logout_in_the_store_ends_the_token(store: Store) -> None:
    token = store.guest()
    store.logout(token)
    assert store.account(token) is None
    store.logout(token)  # twice is harmless
    store.close()
