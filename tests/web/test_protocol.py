"""The websocket protocol end to end: real server on loopback, real websocket clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path

import pytest
import websockets
from web_harness import FAST, Client, Message, cardroom, clients_at, connect

from stud.web.settings import Settings


def _over(message: Message) -> bool:
    hand = (
        message.get("table", {}).get("hand") if message["type"] in {"event", "snapshot"} else None
    )
    return hand is not None and hand["phase"] == "over"


def _turn_of(message: Message) -> int | None:
    if message["type"] not in {"event", "snapshot"} or message["table"]["hand"] is None:
        return None
    actor: int | None = message["table"]["hand"]["actor"]
    return actor


@pytest.mark.parametrize(
    ("variant", "seats"),
    [("stud", 2), ("stud8", 4), ("razz", 6), ("stud8", 8)],
)
def test_full_hand_over_websockets(variant: str, seats: int) -> None:
    """Every seat a websocket client acting at random: the hand ends, no chip lost or made."""

    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests(variant, seats, seats)
            async with clients_at(room, table, tokens) as clients:
                rng = random.Random(seats)
                finals = await asyncio.gather(*(c.play_hand(rng) for c in clients))
            hand = finals[0]["table"]["hand"]
            pots = sum(a["amount"] for a in hand["awards"])
            assert pots == hand["pot"] > 0
            stacks = [s["stack"] for s in finals[0]["table"]["seats"] if s is not None]
            assert sum(stacks) == 200 * seats
            held, granted = room.store.chips()
            assert held == granted
            lobby = room.room.tables[table].summary()
            assert lobby["taken"] == seats
            assert lobby["hands_per_hour"] >= 1
            assert lobby["average_pot"] > 0

    asyncio.run(scenario())


def test_out_of_turn_and_illegal_actions_are_refused_to_the_sender_only() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("stud", 3, 3)
            async with clients_at(room, table, tokens) as clients:
                # The last to connect sees its own "is back": the newest event so far.
                back = await clients[2].until(lambda m: m["type"] == "event")
                actor = _turn_of(back)
                assert actor is not None
                idle = clients[(actor + 1) % 3]
                mover = clients[actor]
                before = back["no"]
                await idle.act("call")
                error = await idle.until(lambda m: m["type"] == "error")
                assert "turn" in error["message"]
                await mover.act("raise", to=999)
                error = await mover.until(lambda m: m["type"] == "error")
                assert error["message"]
                await mover.send(type="act", seq=mover.seq + 1, action="bet")
                error = await mover.until(lambda m: m["type"] == "error")
                assert "bet" in error["message"]
                # Nothing changed: the next event anyone sees is the legal action below.
                await mover.act("bring_in")
                acked = await mover.until(lambda m: m["type"] in {"event", "ack", "error"})
                assert acked["type"] == "event"
                assert acked["ack"] == mover.seq  # the action's own event acknowledges it
                assert acked["no"] == before + 1
                seen = await idle.until(lambda m: m["type"] in {"event", "error"})
                assert seen["type"] == "event"
                assert seen["no"] == before + 1
                assert "ack" not in seen  # only the connection that acted is acknowledged
                third = clients[(actor + 2) % 3]
                await third.until(lambda m: m.get("no") == before + 1)
                assert not [r for r in third.raw if json.loads(r)["type"] == "error"]

    asyncio.run(scenario())


def test_a_resent_action_is_applied_once() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("stud", 2, 2)
            async with clients_at(room, table, tokens) as clients:
                snap = await clients[0].until(lambda m: m["type"] == "snapshot")
                mover = clients[_turn_of(snap) or 0]
                await mover.act("bring_in", seq=7)
                first = await mover.until(lambda m: "ack" in m)
                await mover.act("bring_in", seq=7)
                again = await mover.until(lambda m: m["type"] in {"event", "ack", "error"})
                assert (first["type"], first["ack"]) == ("event", 7)
                assert again == {"v": 2, "type": "ack", "seq": 7, "applied": False}
                assert room.room.tables[table].hand is not None
                bring_ins = [
                    e
                    for e in room.room.tables[table].hand.events
                    if type(e).__name__ == "ActionTaken"
                ]
                assert len(bring_ins) == 1

    asyncio.run(scenario())


def test_reconnect_gets_missed_events_then_a_snapshot_when_too_old() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("stud8", 3, 3)
            async with clients_at(room, table, tokens[:2]) as (a, _b):
                snap = await a.until(lambda m: m["type"] == "snapshot")
                seen = snap["no"]
                epoch = a.epoch
            # Seat 3 acts (or not) while 1 and 2 are away: at least its "is back" note.
            async with connect(room, table, tokens[2]) as c:
                await c.until(lambda m: m["type"] == "snapshot")
            hello = {"type": "hello", "last": seen, "epoch": epoch}
            async with connect(room, table, tokens[0], hello, held=snap["table"]) as back:
                missed = await back.until(lambda m: m["type"] in {"event", "snapshot"})
                assert missed["type"] == "event"
                assert missed["no"] == seen + 1
                # The changes since the snapshot, applied to it, give the table as it is
                # (its down cards and all), as a snapshot now would.
                async with connect(room, table, tokens[0]) as other:
                    now = await other.until(lambda m: m["type"] == "snapshot")
                while back.last_no < now["no"]:
                    await back.recv()
                assert back.table == now["table"]
            stale = {"type": "hello", "last": seen, "epoch": "another"}
            async with connect(room, table, tokens[0], stale) as fresh:
                first = await fresh.until(lambda m: m["type"] in {"event", "snapshot"})
                assert first["type"] == "snapshot"
                assert first["table"]["you"] == 0
                assert len(first["table"]["seats"][0]["down"]) == 2

    asyncio.run(scenario())


def test_up_to_date_reconnect_resends_nothing() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("razz", 2, 2)
            async with connect(room, table, tokens[1]) as watcher:
                await watcher.until(lambda m: m["type"] == "snapshot")
                async with connect(room, table, tokens[0]) as a:
                    snap = await a.until(lambda m: m["type"] == "snapshot")
                note = await watcher.until(
                    lambda m: (
                        m["type"] == "event"
                        and any("lost the connection" in e.get("text", "") for e in m["events"])
                    )
                )
                hello = {"type": "hello", "last": note["no"], "epoch": a.epoch}
                async with connect(room, table, tokens[0], hello) as again:
                    await again.send(type="chat", text="hi")
                    first = await again.until(lambda m: m["type"] in {"event", "snapshot", "chat"})
                    # Its own "is back" note is new; nothing older comes again.
                    assert first["type"] == "event"
                    assert first["no"] == note["no"] + 1
                    assert snap["no"] < note["no"]

    asyncio.run(scenario())


def test_time_out_checks_or_folds_then_sits_out_then_stands_up() -> None:
    """Seat 1 never acts: its clock runs out, it sits out, and after the missed hands
    it stands up with its chips back in its bankroll, while the others play on."""
    quick = Settings(turn_time=2.0, time_bank=0.0, bot_delay=0.0, hand_pause=0.0, missed_hands=2)

    async def keep_playing(client: Client, rng: random.Random) -> None:
        while True:
            await client.play_hand(rng)

    async def scenario() -> None:
        async with cardroom(settings=quick) as room:
            table, tokens = room.seat_guests("stud", 3, 3)
            async with clients_at(room, table, tokens) as (idle, *players):
                rng = random.Random(3)
                tasks = [asyncio.create_task(keep_playing(p, rng)) for p in players]
                timed = await idle.until(
                    lambda m: (
                        m["type"] == "event"
                        and any("timed out" in e.get("text", "") for e in m["events"])
                    )
                )
                (action,) = [e for e in timed["events"] if e["kind"] == "action"]
                assert action["seat"] == 0
                assert action["action"] in {"bring_in", "fold", "check"}
                assert timed["table"]["seats"][0]["sitting_out"]
                gone = await idle.until(
                    lambda m: m["type"] == "event" and m["table"]["seats"][0] is None
                )
                assert any("stands up" in e.get("text", "") for e in gone["events"])
            # The connections are closed: the players' loops end on that.
            for task in tasks:
                with contextlib.suppress(websockets.ConnectionClosed):
                    await task
            account = room.store.account(tokens[0])
            assert account is not None
            assert account.bankroll > 1000 - 200  # bought in for 200, lost at most a few chips
            assert not [s for s in room.store.seats(table) if s.seat == 0]

    asyncio.run(scenario())


def test_bad_messages_get_one_line_errors_and_the_table_plays_on() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("stud", 2, 2)
            async with clients_at(room, table, tokens) as (a, b):
                for junk in (
                    "{nope",
                    "[1]",
                    json.dumps({"v": 1, "type": "chat", "text": "x"}),
                    json.dumps({"type": "chat", "text": "x"}),
                    json.dumps({"v": 2, "type": "act", "seq": 1, "action": "dance"}),
                    json.dumps({"v": 2, "type": "sit", "seat": 1, "buy_in": -5}),
                    "x" * 5000,
                ):
                    await a.ws.send(junk)
                    error = await a.until(lambda m: m["type"] == "error")
                    assert "\n" not in error["message"]
                    assert "Traceback" not in error["message"]
                rng = random.Random(1)
                finals = await asyncio.gather(a.play_hand(rng), b.play_hand(rng))
                assert finals[0]["table"]["hand"]["awards"]

    asyncio.run(scenario())


def test_a_version_1_client_is_told_the_server_speaks_version_2() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, _ = room.seat_guests("stud", 2, 0)
            async with websockets.connect(room.url(table)) as ws:
                await ws.send(json.dumps({"v": 1, "type": "hello"}))
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                assert message == {
                    "v": 2,
                    "type": "error",
                    "message": 'protocol version 1: this server speaks version 2 ("v": 2)',
                }
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), 30)
                assert closed.value.rcvd is not None
                assert closed.value.rcvd.code == 4000

    asyncio.run(scenario())


def test_bad_origin_and_unknown_table_are_refused() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, _ = room.seat_guests("stud", 2, 0)
            url = room.url(table)
            async with websockets.connect(url, origin="http://evil.example") as ws:  # type: ignore[arg-type]
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                assert message["type"] == "error"
                assert "cardroom" in message["message"]
            async with websockets.connect(room.url(999)) as ws:
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                assert message == {"v": 2, "type": "error", "message": "no such table"}

    asyncio.run(scenario())


def test_chat_is_rate_limited() -> None:
    async def scenario() -> None:
        async with cardroom(settings=FAST) as room:
            table, tokens = room.seat_guests("stud", 2, 1)
            async with connect(room, table, tokens[0]) as a:
                for n in range(8):
                    await a.send(type="chat", text=f"line {n}")
                replies = [
                    await a.until(lambda m: m["type"] in {"chat", "error"}) for _ in range(8)
                ]
                said = [m["text"] for m in replies if m["type"] == "chat"]
                refused = [m for m in replies if m["type"] == "error"]
                assert said[:5] == [f"line {n}" for n in range(5)]
                assert refused
                assert "slow down" in refused[0]["message"]

    asyncio.run(scenario())


def test_add_and_remove_a_bot_and_leave_after_the_hand() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("stud8", 4, 1)
            async with connect(room, table, tokens[0]) as ann:
                await ann.until(lambda m: m["type"] == "snapshot")
                await ann.send(type="add_bot", bot="station")
                dealt = await ann.until(
                    lambda m: m["type"] == "event" and m["table"]["hand"] is not None
                )
                (bot,) = [s for s in dealt["table"]["seats"] if s is not None and s["bot"]]
                await ann.send(type="remove_bot", seat=bot["seat"])
                await ann.send(type="leave")
                leaving = f"{dealt['table']['seats'][0]['name']} will leave after this hand"
                await ann.until(
                    lambda m: (
                        m["type"] == "event" and any(e.get("text") == leaving for e in m["events"])
                    )
                )
                final = await ann.play_hand(random.Random(4))
                stack = final["table"]["seats"][0]["stack"]
                empty = await ann.until(
                    lambda m: m["type"] == "event" and all(s is None for s in m["table"]["seats"])
                )
                assert empty["table"]["hand"]["phase"] == "over"
            account = room.store.account(tokens[0])
            assert account is not None
            assert account.bankroll == 1000 - 200 + stack
            assert room.store.chips()[0] == room.store.chips()[1]

    asyncio.run(scenario())


def test_a_player_gone_past_the_grace_sits_out_then_loses_the_seat() -> None:
    """No grace at all here: the seats as restored count as gone until they come back."""
    quick = Settings(turn_time=60.0, bot_delay=0.0, hand_pause=0.0, keep_seat=0.0, missed_hands=1)

    async def scenario() -> None:
        async with cardroom(settings=quick) as room:
            table, tokens = room.seat_guests("stud", 3, 3)
            async with clients_at(room, table, tokens[:2]) as (a, _b):
                gone = await a.until(
                    lambda m: m["type"] == "event" and m["table"]["seats"][2] is None
                )
                assert any("stands up" in e.get("text", "") for e in gone["events"])
                dealt = await a.until(
                    lambda m: m["type"] == "event" and m["table"]["hand"] is not None
                )
                in_hand = [s["seat"] for s in dealt["table"]["seats"] if s and s["in_hand"]]
                assert in_hand == [0, 1]

    asyncio.run(scenario())


def test_a_client_may_add_only_a_bot_the_server_offers(tmp_path: Path) -> None:
    """A bot spec names code to load: a client's word must never make the server run it."""
    planted = tmp_path / "planted.py"
    planted.write_text(
        "import pathlib\n"
        f"pathlib.Path({str(tmp_path / 'ran')!r}).touch()\n"
        "class Bot:\n    name = 'planted'\n    def act(self, view, rng): ...\n",
        encoding="utf-8",
    )

    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("stud", 4, 1)
            async with connect(room, table, tokens[0]) as ann:
                await ann.until(lambda m: m["type"] == "snapshot")
                await ann.send(type="add_bot", bot=f"{planted}:Bot")
                refused = await ann.until(lambda m: m["type"] == "error")
                assert "no bot named" in refused["message"]
                assert "station" in refused["message"]

    asyncio.run(scenario())
    assert not (tmp_path / "ran").exists()
