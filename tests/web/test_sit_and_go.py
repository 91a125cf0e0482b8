"""Sit-and-go tournaments in the cardroom, over the websocket protocol (R10).

A real server on loopback and real websocket clients. The places and prizes the
server announces are checked against ``stud.tournament`` replaying the hands the
store kept, and the chips against the ledger: buy-ins into the prize pool, every
prize back out to a bankroll, nothing made or lost.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import urllib.error
import urllib.request
from typing import Any

import pytest
import websockets
from sqlalchemy import select
from web_harness import Client, Message, cardroom, committed, connect, serving

from stud.tournament.event import replay_tournament
from stud.tournament.structure import TournamentError
from stud.web.history import stored_hand
from stud.web.settings import Settings
from stud.web.store import GRANT, HandEvent, HandRow, Store, StoreError
from stud.web.tournament import tournament_config, tournament_spec

FAST_SPEC: dict[str, Any] = {
    "game": "mixed",
    "players": 4,
    "buy_in": 100,
    "stack": 60,
    "ante": 1,
    "small_bet": 4,
    "level_length": 2,
    "clock": "hands",
    "hands_per_game": 2,
    "payouts": "50,30,20",
    "structure": "doubling",
}
"""Short stacks and levels of two hands, the stakes doubling: four players finish in a
few dozen hands."""


def _tournament(message: Message) -> dict[str, Any] | None:
    found: dict[str, Any] | None = (
        message.get("tournament") if message["type"] == "tournament" else None
    )
    return found


def _over(message: Message) -> bool:
    found = _tournament(message)
    return found is not None and found["state"] == "over"


def stored_hands(store: Store, table: int) -> list[Any]:
    """Every finished hand of a table, in the order dealt, as engine states."""
    return [stored_hand(h.phh) for h in reversed(store.hands(table, limit=10_000)) if h.phh]


def check_final(store: Store, spec: dict[str, Any], table: int, final: dict[str, Any]) -> None:
    """R10.2 by ``stud.tournament`` from the stored hands; prizes and chips conserved."""
    config = tournament_config(tournament_spec(spec))  # as the server read it
    replayed = replay_tournament(config, stored_hands(store, table))
    assert replayed.is_over
    by_seat = {p["seat"]: p for p in final["standings"]}
    for finish in replayed.finishes:
        player = by_seat[finish.player]
        assert (player["place"], player["prize"], player["shared"]) == (
            finish.place,
            finish.prize,
            finish.shared,
        )
    assert sorted(p["place"] for p in final["standings"])[0] == 1
    assert sum(p["prize"] for p in final["standings"]) == config.prize_pool == sum(config.prizes)
    held, granted = store.chips()
    assert held == granted
    assert store.unbalanced_accounts() == []


def test_a_spec_that_cannot_be_played_is_one_clear_line() -> None:
    for bad, words in [
        ({"game": "holdem"}, "game must be one of"),
        ({"players": 65}, "players must be a whole number from 2 to 64"),
        ({"players": 18, "table_size": 9}, "table_size must be a whole number from 2 to 8"),
        ({"payouts": "60,30"}, "add up to 90"),
        ({"players": 2, "payouts": "50,30,20"}, "3 paid places for 2 players"),
        ({"clock": "days"}, "clock must be hands or minutes"),
        ({"stack": "lots"}, "stack must be a whole number"),
    ]:
        with pytest.raises(TournamentError) as error:
            tournament_spec({**FAST_SPEC, **bad})
        assert words in str(error.value)
        assert "\n" not in str(error.value)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_r10_2_sit_and_go_with_bots_plays_to_a_winner_over_websockets(
    backend: str, request: pytest.FixtureRequest
) -> None:
    """A guest registers, bots fill the table; the guest plays, then sits out and is
    folded away. Everyone (an observer too) sees the eliminations and the standings."""
    url = "sqlite://" if backend == "sqlite" else request.getfixturevalue("postgres_url")

    async def scenario() -> None:
        async with cardroom(url) as room:
            made = room.room.create_tournament("Test sit-and-go", {**FAST_SPEC, "bots": True})
            table = made.tables[0].id
            token = room.store.guest()
            async with connect(room, table, token) as ann, connect(room, table) as watcher:
                first = await ann.until(_over_or_registering)
                assert _tournament(first)["state"] == "registering"  # type: ignore[index]
                await ann.send(type="register")
                await ann.until(lambda m: m["type"] == "registered")
                started = await ann.until(lambda m: _state(m) == "running")
                assert _tournament(started)["registered"] == 4  # type: ignore[index]
                # Play one hand to the end, then sit out: the clock folds for Ann at once.
                await ann.play_passive()
                await ann.send(type="sit_out")
                final = await ann.until(_over)
                seen = await watcher.until(_over)
                notes = [e["text"] for m in _events(watcher) for e in m if e["kind"] == "note"]
            result = _tournament(final)
            assert result is not None
            assert _tournament(seen)["standings"] == result["standings"]  # type: ignore[index]
            assert sum("finishes" in n for n in notes) == 3
            assert sum("wins the tournament" in n for n in notes) == 1
            you = result["you"]
            assert you is not None
            assert you["place"] in {1, 2, 3, 4}
            account = room.store.account(token)
            assert account is not None
            assert account.bankroll == GRANT - FAST_SPEC["buy_in"] + you["prize"]
            check_final(room.store, {**FAST_SPEC, "payouts": [50, 30, 20]}, table, result)
            assert room.store.tournaments() == []  # over: not reopened after a restart

    asyncio.run(scenario())


def _state(message: Message) -> str | None:
    found = _tournament(message)
    return None if found is None else str(found["state"])


def _over_or_registering(message: Message) -> bool:
    return _state(message) is not None


def _events(client: Client) -> list[list[Message]]:
    frames = [json.loads(raw) for raw in client.raw]
    return [f["events"] for f in frames if f["type"] == "event"]


def test_registration_errors_go_to_that_client_only_and_unregistering_refunds() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            spec = {**FAST_SPEC, "players": 2, "payouts": "100", "buy_in": 300}
            table = room.room.create_tournament("Heads up", spec).id
            rich, poor, late = room.store.guest(), room.store.guest(), room.store.guest()
            poor_id = room.store.account(poor).id  # type: ignore[union-attr]
            # Spend most of one bankroll at a cash table: it cannot pay the buy-in.
            cash = room.store.create_table("cash", "stud", "1/1/5/10", 2, bots=False)
            room.store.sit(cash, 0, poor_id, 800)
            room.room.open()
            async with connect(room, cash, rich) as someone:
                assert (
                    await refusal(someone, type="register")
                    == "this table plays no tournament: open one from the lobby"
                )
            async with (
                connect(room, table, rich) as ann,
                connect(room, table, poor) as bob,
                connect(room, table, late) as cat,
            ):
                await ann.send(type="register")
                await ann.until(lambda m: m["type"] == "registered")
                assert (
                    await refusal(ann, type="register")
                    == "you are already registered for this tournament"
                )
                assert await refusal(bob, type="register") == "the bankroll has 200 chips, not 300"
                await ann.send(type="unregister")
                await ann.until(lambda m: m["type"] == "unregistered")
                assert room.store.account(rich).bankroll == GRANT  # type: ignore[union-attr]
                assert (
                    await refusal(bob, type="unregister")
                    == "you are not registered for this tournament"
                )
                await ann.send(type="register")
                await cat.send(type="register")
                await cat.until(lambda m: _state(m) == "running")
                await bob.send(type="register")
                error = await bob.until(lambda m: m["type"] == "error")
                assert (
                    error["message"]
                    == "registration is closed: the tournament is full and has started"
                )
                await bob.send(type="sit", seat=0, buy_in=100)
                error = await bob.until(lambda m: m["type"] == "error")
                assert "register to play" in error["message"]
                await errors_went_only_to_them(bob, [(ann, 1), (cat, 0)])
            held, granted = room.store.chips()
            assert held == granted
            assert room.store.unbalanced_accounts() == []

    asyncio.run(scenario())


async def refusal(client: Client, **message: Any) -> str:
    """Send a message the server must refuse; the refusal's one line."""
    await client.send(**message)
    error = await client.until(lambda m: m["type"] == "error")
    return str(error["message"])


async def errors_went_only_to_them(sender: Client, own_errors: list[tuple[Client, int]]) -> None:
    """Nobody else heard of the sender's refusals: a chat line from the sender reaches
    the others with no error before it (each had ``own_errors`` of their own)."""
    await sender.send(type="chat", text="done")
    for client, own in own_errors:
        heard = await client.until(lambda m: m["type"] in {"chat", "error"})
        assert heard["type"] == "chat"
        assert sum('"type":"error"' in raw for raw in client.raw) == own


async def joined(port: int, table: int, token: str | None) -> Client:
    """A client at a table of a served cardroom (an observer with no ``token``), once
    it has the tournament frame."""
    query = f"?token={token}" if token else ""
    ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}{query}")
    client = Client(ws)
    await client.send(type="hello")
    await client.until(lambda m: m["type"] == "tournament")
    return client


def my_turn(c: Client) -> bool:
    """Whether the client's seat is to act in a hand in play."""
    hand = c.table["hand"] if c.table else None
    return bool(c.legal()) and hand is not None and hand["phase"] != "over"


def _post(port: int, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", json.dumps(body).encode(), headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def _get(port: int, path: str) -> Any:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
        return json.load(response)


def _latest(client: Client) -> dict[str, Any]:
    """The newest tournament frame the client got."""
    for raw in reversed(client.raw):
        message = json.loads(raw)
        if message["type"] == "tournament":
            found: dict[str, Any] = message["tournament"]
            return found
    raise AssertionError("no tournament frame")


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_mid_tournament_then_restart_resumes_it(
    backend: str, request: pytest.FixtureRequest, tmp_path: object
) -> None:
    """Killed mid-hand, the tournament goes on where it stood; killed once it is over,
    its table still shows its players and observers the final standings."""
    db = f"{tmp_path}/cardroom.sqlite3"
    if backend == "postgresql":
        db = request.getfixturevalue("postgres_url")
    spec = {**FAST_SPEC, "players": 3, "payouts": "65,35"}

    async def first_life(port: int, table: int, token: str) -> tuple[Message, dict[str, Any], int]:
        ann = await joined(port, table, token)
        await ann.send(type="register")
        await ann.until(lambda m: _state(m) == "running")
        await ann.play_passive()  # one hand done: the tournament has moved on
        while not my_turn(ann):  # the table waits for Ann: nothing moves until she acts
            await ann.recv()
        assert ann.table is not None
        table_then, tournament_then = ann.table, _latest(ann)
        await ann.ws.close()
        return table_then, tournament_then, ann.seq

    with serving(db, "--bot", "station") as (process, port):
        token = _post(port, "/api/account/guest", {})["token"]
        made = _post(port, "/api/tournaments", {**spec, "name": "Restart", "bots": True}, token)
        table = made["table"]
        before, standing, applied = asyncio.run(first_life(port, table, token))
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
    assert standing["state"] == "running"

    async def second_life(port: int) -> dict[str, Any]:
        ann = await joined(port, table, token)
        after = ann.table
        assert after is not None
        assert after["hand"]["id"] == before["hand"]["id"]
        assert after["hand"]["pot"] == before["hand"]["pot"]
        assert after["stakes"] == before["stakes"]
        mine = before["you"]
        assert after["seats"][mine]["down"] == before["seats"][mine]["down"]
        assert after["seats"][mine]["stack"] == before["seats"][mine]["stack"]
        again = _latest(ann)
        assert (again["state"], again["level"]) == ("running", standing["level"])
        assert again["standings"] == standing["standings"]
        welcome = next(m for m in map(json.loads, ann.raw) if m["type"] == "welcome")
        assert applied > 0
        assert welcome["last_seq"] == applied  # an action sent again is not applied twice
        await ann.act("fold", seq=applied)
        answer = await ann.until(
            lambda m: m["type"] in {"ack", "error"} or (m["type"] == "event" and "ack" in m)
        )
        assert answer == {"v": 2, "type": "ack", "seq": applied, "applied": False}
        await ann.play_passive()
        await ann.send(type="sit_out")
        final = await ann.until(_over)
        await ann.ws.close()
        result = _tournament(final)
        assert result is not None
        return result

    with serving(db, "--bot", "station") as (process, port):
        result = asyncio.run(second_life(port))
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
    store = Store(db)
    try:
        check_final(store, {**spec, "payouts": [65, 35]}, table, result)
    finally:
        store.close()

    async def after_the_end(port: int) -> list[dict[str, Any]]:
        seen = []
        for who in (token, None):  # its player, then an observer
            client = await joined(port, table, who)
            seen.append(_latest(client))
            await client.ws.close()
        return seen

    with serving(db, "--bot", "station") as (_, port):
        mine, observed = asyncio.run(after_the_end(port))
        listed = _get(port, f"/api/tournaments/{made['id']}")
    for shown in (mine, observed, listed):
        assert shown["state"] == "over"
        assert shown["standings"] == result["standings"]
    assert mine["you"] == result["you"]


def test_r10_1_a_level_in_minutes_changes_at_the_next_hand_only() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            spec = {**FAST_SPEC, "players": 2, "payouts": "100", "clock": "minutes"}
            made = room.room.create_tournament("Timed", {**spec, "level_length": 1, "bots": True})
            now = [1_000_000.0]
            made.wall = lambda: now[0]
            async with connect(room, made.tables[0].id, room.store.guest()) as ann:
                await ann.send(type="register")
                first = await ann.until(lambda m: _state(m) == "running")
                level = _tournament(first)
                assert level is not None
                assert (level["level"], level["level_ends_at"]) == (1, now[0] + 60)
                while not (ann.legal() and ann.table and ann.table["hand"]["phase"] != "over"):
                    await ann.recv()
                dealt_at = ann.table["stakes"]
                now[0] += 61  # the level's minute is up in the middle of a hand
                final = await ann.play_passive()
                assert final["table"]["stakes"] == dealt_at == "1/2/4/8"
                raised = await ann.until(lambda m: _state(m) == "running" and _level(m) == 2)
                assert _tournament(raised)["stakes"] == "2/4/8/16"  # type: ignore[index]
                dealt = await ann.until(lambda m: m["type"] == "event" and _dealt(m))
                assert dealt["table"]["stakes"] == "2/4/8/16"

    asyncio.run(scenario())


def _level(message: Message) -> int | None:
    found = _tournament(message)
    return None if found is None else int(found["level"])


def _dealt(message: Message) -> bool:
    return any(e["kind"] == "dealt" for e in message["events"])


def test_bad_tables_and_tournaments_are_refused_over_http_in_one_line() -> None:
    """Opening a table with a rake that is not one, or a tournament that cannot be
    played: a 400 with one line, and nothing is made."""

    def refused(port: int, path: str, body: dict[str, Any], token: str) -> str:
        with pytest.raises(urllib.error.HTTPError) as error:
            _post(port, path, body, token)
        assert error.value.code == 400
        message: str = json.load(error.value)["error"]
        return message

    async def scenario() -> None:
        async with cardroom() as room:
            token = room.store.guest()
            port = room.port
            bad_rake = {"name": "x", "variant": "stud", "rake": "lots"}
            message = await asyncio.to_thread(refused, port, "/api/tables", bad_rake, token)
            assert message.startswith("rake 'lots' must be a percentage")
            bad_payouts = {**FAST_SPEC, "payouts": "60,30"}
            message = await asyncio.to_thread(refused, port, "/api/tournaments", bad_payouts, token)
            assert message == "the payouts add up to 90, not 100"
            assert room.room.tables == {}
            assert room.room.tournaments == {}
            raked = {"name": "Raked", "variant": "razz", "rake": "5%:3", "bots": False}
            made = await asyncio.to_thread(_post, port, "/api/tables", raked, token)
            assert made["rake"] == "5%:3"

    asyncio.run(scenario())


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_buy_ins_and_prizes_move_through_the_ledger(
    backend: str, request: pytest.FixtureRequest, tmp_path: object
) -> None:
    """The store alone: buy-ins into the pool, a full tournament refuses, a refund, the
    prizes out; at every step the books balance."""
    url = f"{tmp_path}/cardroom.sqlite3"
    if backend == "postgresql":
        url = request.getfixturevalue("postgres_url")
    store = Store(url)
    spec = {**FAST_SPEC, "players": 2, "payouts": [100]}
    tournament, _ = store.create_tournament("t", spec, False, "stud", "1/2/4/8", 2)
    ann, bob, cat = (store.account(store.guest()) for _ in range(3))
    assert ann is not None
    assert bob is not None
    assert cat is not None
    store.enter(tournament, ann.id)
    store.enter(tournament, None, bot="station", name="Station bot 2")
    with pytest.raises(StoreError, match="the tournament is full: 2 players"):
        store.enter(tournament, bob.id)
    assert store.chips() == (3 * GRANT, 3 * GRANT)
    store.unenter(tournament, ann.id)
    with pytest.raises(StoreError, match="you are not registered"):
        store.unenter(tournament, ann.id)
    store.enter(tournament, cat.id)
    assert [e.name for e in store.entries(tournament)] == [cat.name, "Station bot 2"]
    assert store.chips() == (3 * GRANT, 3 * GRANT)
    store.save_tournament(tournament, "running", {"stacks": [60, 60]})
    with pytest.raises(StoreError, match="registration is closed"):
        store.enter(tournament, bob.id)
    table = store.tournament(tournament).table_id
    hand = committed(
        store.save_start, table, "deck", [0, 1], [cat.name, "Station bot 2"], [cat.id, 0], [60, 60]
    )
    store.finish_tournament_hand(hand, tournament, 120, "phh", {"stacks": [120, 0]}, {0: 200}, True)
    assert store.chips() == (3 * GRANT, 3 * GRANT)
    assert store.unbalanced_accounts() == []
    assert store.tournaments() == []
    assert store.tables() == []  # the tournament's table closed with it
    store.close()


def test_a_dropped_player_is_folded_away_by_the_clock_until_out() -> None:
    """Ann registered, and is gone when the tournament starts (as after a restart).
    Her turns run out (no time to act at all here), she sits out and is folded for at
    once from then on; the tournament plays to its end and she is placed, with her
    prize paid, while away."""
    instant = Settings(turn_time=0.0, time_bank=0.0, bot_delay=0.0, hand_pause=0.0, bot="station")

    async def scenario() -> None:
        async with cardroom(settings=instant) as room:
            store = room.store
            spec = tournament_spec({**FAST_SPEC, "players": 3, "payouts": "65,35"})
            tournament, table = store.create_tournament("Away", spec, True, "razz", "1/2/4/8", 3)
            token = store.guest()
            ann = store.account(token)
            assert ann is not None
            store.enter(tournament, ann.id)
            room.room.open()  # the bots fill the table and it starts, Ann away
            async with connect(room, table) as watcher:
                final = await watcher.until(_over)
            result = _tournament(final)
            assert result is not None
            with store.engine.connect() as connection:
                hers = connection.execute(
                    select(HandEvent.timed_out, HandEvent.action)
                    .join(HandRow, HandRow.id == HandEvent.hand_id)
                    .where(HandRow.table_id == table, HandEvent.seat == 0)
                ).all()
            assert hers
            # The clock acted for her; a showdown runs itself, with no clock (R6.7).
            showdown = {"show", "muck"}
            assert all(out for out, action in hers if action["action"] not in showdown)
            assert all(not out for out, action in hers if action["action"] in showdown)
            mine = next(p for p in result["standings"] if p["seat"] == 0)
            account = store.account(token)
            assert account is not None
            assert account.bankroll == GRANT - spec["buy_in"] + mine["prize"]
            check_final(store, spec, table, result)

    asyncio.run(scenario())
