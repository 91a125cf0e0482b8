"""Accounts: a guest, a sign-up or a sign-in (scrypt, in a worker thread), a guest's
own name, a new password, sign-out, who am I, the page's language kept on the account,
and each language's catalogue."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from stud.web.languages import LANGUAGES, catalogue, is_language
from stud.web.protocol import ProtocolError
from stud.web.room import Room
from stud.web.routes.common import (
    COOKIE,
    FOREIGN,
    body,
    error,
    me,
    minutes,
    origin_ok,
    text_field,
    token,
)
from stud.web.store import SESSION_LIFETIME, StoreError

__all__ = ["routes"]


def routes(room: Room) -> list[Route]:
    """``/api/account/{kind}`` (``name`` and ``password`` among them), ``/api/logout``,
    ``/api/me``, ``/api/me/language`` and ``/api/languages/{language}``."""

    async def signed_in(new: str, request: Request) -> JSONResponse:
        """A new session's answer; the session the request came with (if any) ends, so
        a token planted before a sign-in is worth nothing after it."""
        await room.end_session(token(request))
        account = await asyncio.to_thread(room.store.account, new)
        assert account is not None
        response = JSONResponse({"name": account.name, "bankroll": account.bankroll, "token": new})
        response.set_cookie(
            COOKIE,
            new,
            httponly=True,
            samesite="strict",
            max_age=int(SESSION_LIFETIME.total_seconds()),
        )
        return response

    async def account_route(request: Request) -> Response:
        if not origin_ok(request):
            return error(FOREIGN, 403)
        kind = request.path_params["kind"]
        if kind not in {"guest", "register", "login"}:
            return error(f"no account request {kind!r}: use guest, register or login", 404)
        address = request.client.host if request.client else ""
        if kind in {"guest", "register"}:
            wait = room.signups.wait(address)
            if wait:
                return error(
                    f"too many new accounts from your address: try again in {minutes(wait)}", 429
                )
        elif wait := room.failed_sign_ins.until_free(address):
            return error(
                f"too many wrong passwords from your address: try again in {minutes(wait)}", 429
            )
        try:
            data = await body(request)
            if kind == "guest":
                return await signed_in(await asyncio.to_thread(room.store.guest), request)
            name, password = text_field(data, "name", 40), text_field(data, "password", 200)
            # scrypt takes tens of milliseconds: off the loop, which serves the tables
            if kind == "register":
                made = await asyncio.to_thread(room.store.register, name, password)
                return await signed_in(made, request)
            try:
                made = await asyncio.to_thread(room.store.login, name, password)
                return await signed_in(made, request)
            except StoreError:
                room.failed_sign_ins.wait(address)
                raise
        except (ProtocolError, StoreError) as refused:
            return error(refused)

    async def rotated(request: Request, new: str, ended: list[str]) -> JSONResponse:
        """The answer to a name or password changed: every other session's connections
        are told and closed; this browser's close quietly (the page connects again
        with the new session)."""
        own = token(request)
        for viewer in room.sessions.pop(own or "", set()):
            viewer.close()
        for old in ended:
            if old != own:
                await room.end_session(old)
        return await signed_in(new, request)

    async def choose_name(request: Request) -> Response:
        if not origin_ok(request):
            return error(FOREIGN, 403)
        account = await me(room, request)
        if account is None:
            return error("play as a guest first, then choose a name", 401)
        try:
            data = await body(request)
            name, password = text_field(data, "name", 40), text_field(data, "password", 200)
            new, ended = await asyncio.to_thread(room.store.claim, account.id, name, password)
        except (ProtocolError, StoreError) as refused:
            return error(str(refused))
        return await rotated(request, new, ended)

    async def new_password(request: Request) -> Response:
        if not origin_ok(request):
            return error(FOREIGN, 403)
        account = await me(room, request)
        if account is None:
            return error("sign in to change your password", 401)
        address = request.client.host if request.client else ""
        if wait := room.failed_sign_ins.until_free(address):
            return error(
                f"too many wrong passwords from your address: try again in {minutes(wait)}", 429
            )
        try:
            data = await body(request)
            old, password = text_field(data, "old", 200), text_field(data, "password", 200)
            try:
                new, ended = await asyncio.to_thread(
                    room.store.change_password, account.id, old, password
                )
            except StoreError as refused:
                if "wrong" in str(refused):
                    room.failed_sign_ins.wait(address)
                raise
        except (ProtocolError, StoreError) as refused:
            return error(str(refused))
        return await rotated(request, new, ended)

    async def logout(request: Request) -> Response:
        if not origin_ok(request):
            return error(FOREIGN, 403)
        await room.end_session(token(request))
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE)
        return response

    async def whoami(request: Request) -> Response:
        account = await me(room, request)
        if account is None:
            return error("not signed in", 401)
        return JSONResponse(
            {
                "name": account.name,
                "bankroll": account.bankroll,
                "guest": account.guest,
                "language": account.language,
            }
        )

    async def language(request: Request) -> Response:
        """Keep the page's language on the account signed in."""
        if not origin_ok(request):
            return error(FOREIGN, 403)
        account = await me(room, request)
        if account is None:
            return error("not signed in", 401)
        try:
            chosen = text_field(await body(request), "language", 8)
        except ProtocolError as refused:
            return error(refused)
        if not is_language(chosen):
            return error(f"no language {chosen!r}: choose one of {', '.join(LANGUAGES)}")
        await asyncio.to_thread(room.store.set_language, account.id, chosen)
        return JSONResponse({"language": chosen})

    async def messages(request: Request) -> Response:
        """A language's catalogue for the page (``stud.web.languages.catalogue``)."""
        chosen = request.path_params["language"]
        if not is_language(chosen):
            return error(f"no language {chosen!r}: the page speaks {', '.join(LANGUAGES)}", 404)
        return JSONResponse(catalogue(chosen), headers={"cache-control": "no-cache"})

    return [
        Route("/api/account/name", choose_name, methods=["POST"]),
        Route("/api/account/password", new_password, methods=["POST"]),
        Route("/api/account/{kind:str}", account_route, methods=["POST"]),
        Route("/api/logout", logout, methods=["POST"]),
        Route("/api/me", whoami),
        Route("/api/me/language", language, methods=["POST"]),
        Route("/api/languages/{language:str}", messages),
    ]
