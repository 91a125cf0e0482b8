"""The cardroom's care for its players: the time bank grows, a reload keeps the hand's
log, and new accounts are limited per client address."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import replace
from typing import Any

from web_harness import FAST, Message, cardroom, clients_at, connect, http_json

from stud.web.limits import RateLimit


def test_the_time_bank_grows_every_few_hands_up_to_its_cap() -> None:
    settings = replace(FAST, time_bank=1.0, bank_add=2.0, bank_every=2, bank_cap=4.0)

    async def scenario() -> None:
        async with cardroom(settings=settings) as room:
            table_id, tokens = room.seat_guests("razz", 2, 2)
            table = room.room.tables[table_id]
            banks: list[float] = []
            async with clients_at(room, table_id, tokens) as clients:
                rng = random.Random(4)
                for _ in range(6):
                    finals = await asyncio.gather(*(c.play_hand(rng) for c in clients))
                    assert finals[0]["table"]["hand"]["phase"] == "over"
                    seat = table.seats[0]
                    assert seat is not None
                    banks.append(seat.bank)
            # 1 s to start; 2 s more after every second hand, never above 4 s.
            assert banks == [1.0, 3.0, 3.0, 4.0, 4.0, 4.0]

    asyncio.run(scenario())


def test_the_time_bank_a_clock_shows_is_the_grown_one() -> None:
    settings = replace(FAST, time_bank=0.0, bank_add=5.0, bank_every=1, bank_cap=60.0)

    async def scenario() -> None:
        async with cardroom(settings=settings) as room:
            table_id, tokens = room.seat_guests("stud", 2, 2)
            async with clients_at(room, table_id, tokens) as clients:
                rng = random.Random(2)
                await asyncio.gather(*(c.play_hand(rng) for c in clients))
                # The next hand's first clock on a person carries the bank one hand grew.
                clocked = await clients[0].until(
                    lambda m: (
                        m["type"] == "event"
                        and m["table"]["hand"]["phase"] != "over"
                        and m["table"]["clock"] is not None
                    )
                )
                assert clocked["table"]["clock"]["bank"] == 5.0

    asyncio.run(scenario())


def test_a_snapshot_carries_the_hands_log_so_far_as_that_viewer_may_see_it() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table_id, tokens = room.seat_guests("stud", 2, 2)
            watcher = room.store.guest()
            async with clients_at(room, table_id, tokens) as clients:
                snap = await clients[0].until(lambda m: m["type"] == "snapshot")
                actor = snap["table"]["hand"]["actor"]
                await clients[actor].act("bring_in")
                await clients[actor].until(lambda m: "ack" in m)
                hand = room.room.tables[table_id].hand
                assert hand is not None
                secret = [str(c) for c in hand.down[1]]
                # A reload of seat 1's page, and an observer, both arrive mid-hand.
                for token, seat in ((tokens[0], 0), (watcher, None)):
                    async with connect(room, table_id, token) as fresh:
                        again: Message = await fresh.until(lambda m: m["type"] == "snapshot")
                    log = again["log"]
                    number = snap["table"]["hand"]["id"]
                    said = {"id": "Hand {id}", "args": {"id": number}}
                    assert log[0] == {"kind": "note", "text": f"Hand {number}", "said": said}
                    kinds = [e["kind"] for e in log]
                    assert kinds.count("ante") == 2
                    assert kinds.count("dealt") == 2
                    assert [e["action"] for e in log if e["kind"] == "action"] == ["bring_in"]
                    dealt = {e["seat"]: e for e in log if e["kind"] == "dealt"}
                    mine = [str(c) for c in hand.down[0]] if seat == 0 else []
                    assert dealt[0]["down"] == mine
                    assert dealt[1]["down"] == []
                    assert dealt[1]["down_count"] == 2
                    assert not any(f'"{c}"' in json.dumps(again) for c in secret)

    asyncio.run(scenario())


def test_a_rate_limit_allows_a_burst_then_one_per_period() -> None:
    now = [0.0]
    limit = RateLimit(burst=2, every=60.0, clock=lambda: now[0])
    assert [limit.wait("a"), limit.wait("a")] == [0.0, 0.0]
    assert limit.wait("a") == 60.0
    assert limit.wait("b") == 0.0  # another address has its own
    now[0] = 45.0
    assert limit.wait("a") == 15.0
    now[0] = 60.0
    assert limit.wait("a") == 0.0
    assert limit.wait("a") == 60.0


def _account(port: int, kind: str, body: bytes = b"{}") -> tuple[int, Any]:
    return http_json(port, f"/api/account/{kind}", body=body)


def test_guests_and_sign_ups_are_limited_per_address_with_a_clear_429() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            room.room.signups = RateLimit(burst=2, every=600.0)
            port = room.port
            assert (await asyncio.to_thread(_account, port, "guest"))[0] == 200
            body = json.dumps({"name": "Ann", "password": "secret1"}).encode()
            assert (await asyncio.to_thread(_account, port, "register", body))[0] == 200
            for kind, data in (("guest", b"{}"), ("register", body)):
                status, answer = await asyncio.to_thread(_account, port, kind, data)
                assert status == 429
                assert answer == {
                    "error": "too many new accounts from your address: try again in 10 minutes"
                }
            # Signing in to an account one has is not limited.
            status, answer = await asyncio.to_thread(_account, port, "login", body)
            assert status == 200
            assert answer["name"] == "Ann"

    asyncio.run(scenario())


def test_wrong_passwords_are_limited_per_address_and_right_ones_are_not_counted() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            room.room.failed_sign_ins = RateLimit(burst=2, every=60.0)
            port = room.port
            right = json.dumps({"name": "Bea", "password": "secret1"}).encode()
            wrong = json.dumps({"name": "Bea", "password": "guess"}).encode()
            assert (await asyncio.to_thread(_account, port, "register", right))[0] == 200
            for _ in range(3):  # right passwords take nothing from the limit
                assert (await asyncio.to_thread(_account, port, "login", right))[0] == 200
            for _ in range(2):
                status, answer = await asyncio.to_thread(_account, port, "login", wrong)
                assert status == 400
                assert "password" in answer["error"]
            for body in (wrong, right):  # then even the right one waits
                status, answer = await asyncio.to_thread(_account, port, "login", body)
                assert status == 429
                assert answer == {
                    "error": "too many wrong passwords from your address: try again in 1 minute"
                }

    asyncio.run(scenario())
