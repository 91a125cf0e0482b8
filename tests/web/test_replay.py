"""Replaying a hand at the table: stored hands by who may see what, and uploaded PHH files.

The server is real (loopback, websockets, HTTP); a hand is played to its end by
websocket clients, then fetched step by step over HTTP.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hands import NAMES
from hands import played as _played
from web_harness import Cardroom, Message, cardroom, clients_at, connect, http_json

from stud.actions import BringIn, Call, Check, Muck, Show
from stud.history.phh import to_phh, to_phhs
from stud.rules import Rules, Variant
from stud.state import HandState, new_hand
from stud.web.history import seat_phh
from stud.web.replay import MAX_UPLOAD, replay_stored


async def _get(room: Cardroom, path: str, token: str | None = None) -> tuple[int, Any]:
    return await asyncio.to_thread(http_json, room.port, path, token)


async def _post(
    room: Cardroom, path: str, body: bytes, token: str | None, **headers: str
) -> tuple[int, Any]:
    return await asyncio.to_thread(http_json, room.port, path, token, body, headers)


def _over(message: Message) -> bool:
    table = message.get("table") if message["type"] in {"event", "snapshot"} else None
    return bool(table and table["hand"] and table["hand"]["phase"] == "over")


def _without_clock(table: dict[str, Any]) -> dict[str, Any]:
    """A table frame's hand and seats as the hand left them (not who is connected now)."""
    keep = ("stack", "wager", "put_in", "folded", "up", "down", "down_count", "shown")
    seats = [None if s is None else {k: s[k] for k in keep} for s in table["seats"]]
    hand = {k: v for k, v in table["hand"].items() if k != "legal"}
    return {"seats": seats, "hand": hand}


def test_a_player_replays_their_hand_as_they_saw_it_and_a_watcher_as_an_observer() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("stud8", 3, 2)
            watcher, stranger = room.store.guest(), room.store.guest()
            async with (
                connect(room, table, watcher) as observer,
                clients_at(room, table, tokens) as players,
            ):
                finals = await asyncio.gather(*(p.play_hand(random.Random(3)) for p in players))
                await observer.until(_over)
            hand_id = finals[0]["table"]["hand"]["id"]
            # The live table at the end of the hand, as each seat saw it, is the replay's end.
            for seat, (token, final) in enumerate(zip(tokens, finals, strict=True)):
                status, replay = await _get(room, f"/api/hands/{hand_id}/replay", token)
                assert status == 200, replay
                assert replay["seat"] == seat
                steps = replay["steps"]
                assert [s["no"] for s in steps] == list(range(len(steps)))
                first, last = steps[0]["table"], steps[-1]["table"]
                assert first["hand"]["street"] == 3
                assert len(first["seats"][seat]["down"]) == 2
                assert first["seats"][1 - seat]["down"] == []
                assert first["seats"][1 - seat]["down_count"] == 2
                assert _without_clock(last) == _without_clock(final["table"])
                assert all(s["table"]["hand"]["legal"] == [] for s in steps)
                assert steps[0]["events"][0] == {
                    "kind": "note",
                    "text": f"Hand {hand_id}",
                    "said": {"id": "Hand {id}", "args": {"id": hand_id}},
                }
            # Someone who watched sees no down cards until a showdown shows them.
            status, seen = await _get(room, f"/api/hands/{hand_id}/replay", watcher)
            assert status == 200
            assert seen["seat"] is None
            for step in seen["steps"]:
                for s in step["table"]["seats"]:
                    assert s is None or s["down"] == []
            status, listing = await _get(room, f"/api/tables/{table}/replays", watcher)
            assert listing["hands"] == [
                {"id": hand_id, "pot": finals[0]["table"]["hand"]["pot"], "played": False}
            ]
            # Someone who neither played nor watched it may not replay it.
            status, refused = await _get(room, f"/api/hands/{hand_id}/replay", stranger)
            only = "you may replay only the hands you played or watched"
            assert (status, refused) == (403, {"error": only, "said": {"id": only}})
            status, listing = await _get(room, f"/api/tables/{table}/replays", stranger)
            assert listing == {"hands": []}
            status, refused = await _get(room, f"/api/hands/{hand_id}/replay")
            assert status == 401
            assert "sign in" in refused["error"]
            status, missing = await _get(room, "/api/hands/9999/replay", stranger)
            assert (status, missing) == (404, {"error": "no such finished hand"})

    asyncio.run(scenario())


def test_an_uploaded_phh_file_replays_with_unknown_cards_as_backs() -> None:
    state = _played(fold_out=True)
    text = seat_phh(state, NAMES, 0)  # Bob's and Cy's down cards are '??'

    async def scenario() -> None:
        async with cardroom() as room:
            token = room.store.guest()
            status, replay = await _post(room, "/api/replay?name=mine.phh", text.encode(), token)
            assert status == 200, replay
            assert replay["title"] == "mine.phh"
            last = replay["steps"][-1]["table"]
            names = [s["name"] for s in last["seats"]]
            assert names == NAMES
            assert last["hand"]["phase"] == "over"
            assert [s["stack"] for s in last["seats"]] == list(state.final_stacks)
            first = replay["steps"][0]["table"]["seats"]
            assert first[0]["down"] == [str(c) for c in state.down[0][:2]]
            assert first[1]["down"] == []
            assert first[1]["down_count"] == 2
            raw = json.dumps(replay)
            for other in (1, 2):
                assert not any(f'"{c}"' in raw for c in state.down[other])
            dealt = [e for s in replay["steps"] for e in s["events"] if e["kind"] == "dealt"]
            assert dealt[0]["down"] == first[0]["down"]
            # A file that stops mid-hand replays as far as it goes, and says so.
            begun = to_phh(new_hand(state.rules, [50, 50], rng=random.Random(1)).apply(BringIn()))
            status, part = await _post(room, "/api/replay?name=part.phh", begun.encode(), token)
            assert status == 200
            assert len(part["steps"]) == 2
            assert part["steps"][-1]["events"][-1]["text"].startswith("The file stops here")

    asyncio.run(scenario())


def test_a_phhs_file_offers_its_hands_and_replays_the_one_chosen() -> None:
    hands = [to_phh(_played(False, seed), players=NAMES) for seed in (1, 2)]
    data = to_phhs([hands[0], "variant = 'NT'\n", hands[1]]).encode()

    async def scenario() -> None:
        async with cardroom() as room:
            token = room.store.guest()
            status, first = await _post(room, "/api/replay?name=set.phhs", data, token)
            assert status == 200, first
            assert [h["name"] for h in first["hands"]] == ["1", "2", "3"]
            assert first["hands"][1]["error"].startswith("set.phhs:")
            assert first["chosen"] == "1"
            status, third = await _post(room, "/api/replay?name=set.phhs&hand=3", data, token)
            assert status == 200
            assert third["chosen"] == "3"
            assert third["title"] == "set.phhs [3]"
            assert third["steps"] != first["steps"]
            status, bad = await _post(room, "/api/replay?name=set.phhs&hand=2", data, token)
            assert status == 400
            assert bad["error"].startswith("set.phhs:")
            assert "hand 2" in bad["error"]

    asyncio.run(scenario())


STARS = Path(__file__).parent.parent / "data" / "pokerstars" / "7-Stud-USD-0.04-0.08-200911.txt"


def test_a_pokerstars_history_replays_through_the_importer_in_any_encoding() -> None:
    text = STARS.read_text(encoding="utf-8")
    numbers = [line.split("#")[1].split(":")[0] for line in text.splitlines() if "Game #" in line]

    async def scenario() -> None:
        async with cardroom() as room:
            token = room.store.guest()
            for data in (text.encode(), text.encode("utf-16")):
                status, first = await _post(room, "/api/replay?name=stars.txt", data, token)
                assert status == 200, first
                assert [h["name"] for h in first["hands"]] == numbers
                assert first["chosen"] == numbers[0]
                seats = first["steps"][-1]["table"]["seats"]
                assert [s["name"] for s in seats if s] == [
                    "Hero",
                    "Nikolay Zem",
                    "totof51",
                    "trs2758",
                    "MasterTrini1",
                ]
            status, later = await _post(
                room, f"/api/replay?name=stars.txt&hand={numbers[-1]}", text.encode(), token
            )
            assert status == 200, later
            assert later["title"] == f"stars.txt [{numbers[-1]}]"
            assert "odds" not in later
            status, odds = await _post(room, "/api/replay?name=stars.txt&odds=1", data, token)
            assert status == 200, odds
            assert odds["steps"] == first["steps"]
            assert next(o["street"] for o in odds["odds"]) == 3
            hero = [s["name"] for s in seats if s].index("Hero")
            assert odds["odds"][0]["seen"][hero] is not None
            holdem = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2009/11/26\n"
            status, error = await _post(room, "/api/replay?name=h.txt", holdem.encode(), token)
            assert status == 400
            assert "no stud, stud8 or razz hand" in error["error"]
            assert "Hold'em No Limit" in error["error"]

    asyncio.run(scenario())


def _mucked(seed: int = 5) -> HandState:
    """Three-handed, called down; at the showdown seat 2 mucks, the others show."""
    state = new_hand(
        Rules(Variant.STUD, ante=1, bring_in=1, small_bet=5, big_bet=10),
        [100, 100, 100],
        rng=random.Random(seed),
    )
    while not state.is_over:
        legal = state.legal_actions()
        if Show() in legal:
            state = state.apply(Muck() if state.actor == 2 else Show())
        else:
            state = state.apply(next(a for a in (Check(), Call(), BringIn()) if a in legal))
    return state


def test_a_stored_replays_odds_use_only_the_cards_its_viewer_saw() -> None:
    """R8.4: odds by street from a stored hand never tell a card the viewer did not see."""

    def stored(state: HandState, viewer: int | None) -> dict[str, Any]:
        return replay_stored(
            to_phh(state, players=NAMES),
            hand_id=1,
            table_id=1,
            table_name="Stud",
            size=4,
            seats=[0, 1, 3],
            names=NAMES,
            accounts=[1, 2, 3],
            viewer=viewer,
            odds=True,
        ).json()

    shown = _played(False)
    for viewer in (0, 3, None):
        odds = stored(shown, viewer)["odds"]
        assert [o["street"] for o in odds] == [3, 4, 5, 6, 7]
        for o in odds:  # everyone showed: every seat's odds, and the real ones
            assert o["seen"][2] is None
            assert o["real"][2] is None
            assert all(o["seen"][s] is not None for s in (0, 1, 3))
            assert sum(o["real"][s] for s in (0, 1, 3)) == pytest.approx(1.0, abs=1e-3)
    mucked = _mucked()
    for viewer in (0, None):
        odds = stored(mucked, viewer)["odds"]
        assert all(o["real"] is None and o["seen"][3] is None for o in odds)
        # Seats 0 and 1 showed at the end: their odds as they saw them may be told.
        assert all(o["seen"][0] is not None and o["seen"][1] is not None for o in odds)
    # The player who mucked holds their own cards and saw the two shown: to them,
    # every live hand is known.
    odds = stored(mucked, 3)["odds"]
    assert all(o["seen"][3] is not None for o in odds)
    assert all(o["real"] is not None for o in odds)


def test_a_bad_oversized_or_anonymous_upload_gets_one_clear_line() -> None:
    good = to_phh(_played(False), players=NAMES)
    broken = good.replace("cc", "cbr 999", 1)
    lines = broken.splitlines()
    line = next(n for n, text in enumerate(lines, start=1) if "cbr 999" in text)

    async def scenario() -> None:
        async with cardroom() as room:
            token = room.store.guest()
            status, error = await _post(room, "/api/replay?name=bad.phh", broken.encode(), token)
            assert status == 400
            message = error["error"]
            assert message.startswith(f"bad.phh:{line}: action ")
            assert "cannot bet or raise to 999" in message
            assert "\n" not in message
            assert "Traceback" not in message
            for junk, why in (
                (b"variant = [", "not valid TOML"),
                (b"\xff\xfe", "not UTF-8"),
                (b"", "'variant' is missing"),
                (good.split("actions")[0].encode(), "stop before third street is dealt"),
            ):
                status, error = await _post(room, "/api/replay?name=j.phh", junk, token)
                assert status == 400
                assert why in error["error"], error
            big = b"#" * (MAX_UPLOAD + 1)
            status, error = await _post(room, "/api/replay?name=big.phh", big, token)
            assert status == 413
            assert error == {"error": f"big.phh: the file is over {MAX_UPLOAD} bytes"}
            status, error = await _post(room, "/api/replay?name=a.phh", good.encode(), None)
            assert status == 401
            status, error = await _post(
                room, "/api/replay?name=a.phh", good.encode(), token, origin="http://evil.example"
            )
            assert status == 403

    asyncio.run(scenario())
