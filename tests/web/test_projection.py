"""R8.4 at the cardroom: no frame shows a seat another seat's face-down cards.

Tables are driven in process (the same table task, no sockets, so many hands are
cheap): every seat acts at random from what its own frames offer, an observer
watches, and every raw frame anyone received is searched for the down cards of
the other seats that were not shown at showdown by then.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_harness import FAST

from stud.rules import Rules
from stud.web.protocol import Act, Hello
from stud.web.replay import replay_stored
from stud.web.store import Store
from stud.web.table import Table, Viewer

HANDS = 3


async def _seat_loop(
    table: Table, viewer: Viewer, frames: list[str], rng: random.Random, done: asyncio.Event
) -> None:
    seq, min_no, last_no = 0, 0, -1
    table_now: dict[str, Any] | None = None
    waiting: list[str] = []
    while not done.is_set():
        if not waiting:
            getter = asyncio.ensure_future(viewer.frames())
            stopper = asyncio.ensure_future(done.wait())
            finished, _ = await asyncio.wait({getter, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if getter not in finished:
                getter.cancel()
                return
            stopper.cancel()
            waiting = getter.result()
            if not waiting:  # closed
                return
        text = waiting.pop(0)
        frames.append(text)
        message = json.loads(text)
        if message["type"] == "ack" and message["applied"]:
            min_no = message["no"]
        if message["type"] in {"event", "snapshot"}:
            last_no, table_now = message["no"], message["table"]
        hand = table_now["hand"] if table_now and last_no >= min_no else None
        if hand and hand["legal"]:
            choice = rng.choice(hand["legal"])
            seq, min_no = seq + 1, 1 << 30
            act = Act(type="act", seq=seq, action=choice["action"], to=choice.get("to"))
            table.submit(viewer, act)


async def _observe(viewer: Viewer, frames: list[str], done: asyncio.Event) -> None:
    over: set[int] = set()
    waiting: list[str] = []
    while len(over) < HANDS:
        if not waiting:
            waiting = await asyncio.wait_for(viewer.frames(), 60)
            assert waiting, "the observer's connection closed"
        text = waiting.pop(0)
        frames.append(text)
        message = json.loads(text)
        hand = (
            message.get("table", {}).get("hand")
            if message["type"] in {"event", "snapshot"}
            else None
        )
        if hand and hand["phase"] == "over":
            over.add(hand["id"])
    done.set()


async def _play(variant: str, players: int, seed: int) -> tuple[Table, dict[int | None, list[str]]]:
    store = Store("sqlite://")
    table_id = store.create_table("t", variant, "1/1/5/10", players, bots=False)
    viewers: dict[int | None, Viewer] = {}
    for seat in range(players):
        account = store.account(store.guest())
        assert account is not None
        store.sit(table_id, seat, account.id, 300)
        viewers[seat] = Viewer(account.id, account.name)
    viewers[None] = Viewer(None, "observer")
    table = Table(table_id, "t", Rules.from_stakes("1/1/5/10", variant), players, store, FAST)
    table.start()
    for viewer in viewers.values():
        table.join(viewer, Hello(type="hello"))
    frames: dict[int | None, list[str]] = {who: [] for who in viewers}
    done = asyncio.Event()
    rng = random.Random(seed)
    loops = [_seat_loop(table, viewers[s], frames[s], rng, done) for s in range(players)]
    await asyncio.gather(_observe(viewers[None], frames[None], done), *loops)
    await table.stop()
    return table, frames


def _secrets(table: Table) -> dict[int, dict[int, set[str]]]:
    """Each finished hand's face-down cards by table seat."""
    out: dict[int, dict[int, set[str]]] = {}
    for recent in table.recent:
        out[recent.hand_id] = {
            seat: {str(c) for c in recent.state.down[h]} for h, seat in enumerate(recent.seats)
        }
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["stud", "stud8", "razz"]),
    players=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_r8_4_no_frame_shows_another_seats_down_cards(
    variant: str, players: int, seed: int
) -> None:
    table, frames = asyncio.run(_play(variant, players, seed))
    secrets = _secrets(table)
    checked = 0
    for viewer, texts in frames.items():
        for text in texts:
            message = json.loads(text)
            hand = (
                message.get("table", {}).get("hand")
                if message["type"] in {"event", "snapshot"}
                else None
            )
            if hand is None or hand["id"] not in secrets:
                continue
            shown = {
                seat["seat"]
                for seat in message["table"]["seats"]
                if seat is not None and seat.get("shown") is not None
            }
            for seat, cards in secrets[hand["id"]].items():
                if seat == viewer or seat in shown:
                    continue
                leaked = [c for c in cards if f'"{c}"' in text]
                assert not leaked, (
                    f"seat {seat}'s {leaked} sent to {viewer} in frame {message['no']}"
                )
                checked += 1
    assert checked > 0


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["stud", "stud8", "razz"]),
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_r8_4_a_replayed_hand_shows_no_step_another_seats_down_cards(
    variant: str, players: int, seed: int
) -> None:
    table, _ = asyncio.run(_play(variant, players, seed))
    secrets = _secrets(table)
    checked = 0
    for recent in table.recent:
        row = table.store.hand(recent.hand_id)
        assert row is not None
        assert row.phh is not None
        for viewer in (*recent.seats, None):
            replay = replay_stored(
                row.phh,
                hand_id=row.id,
                table_id=table.id,
                table_name=table.name,
                size=table.size,
                seats=row.seats,
                names=row.names,
                accounts=row.accounts,
                viewer=viewer,
            )
            for step in replay.steps:
                text = json.dumps(step)
                shown = {s["seat"] for s in step["table"]["seats"] if s and s["shown"]}
                for seat, cards in secrets[recent.hand_id].items():
                    if seat == viewer or seat in shown:
                        continue
                    leaked = [c for c in cards if f'"{c}"' in text]
                    assert not leaked, f"seat {seat}'s {leaked} replayed to {viewer}"
                    checked += 1
            if viewer is not None:  # by the end a player has seen all their own down cards
                mine = step["table"]["seats"][viewer]
                assert set(mine["down"]) == secrets[recent.hand_id][viewer]
    assert checked > 0


def test_r8_4_a_seat_sees_its_own_down_cards_and_others_only_backs() -> None:
    _, frames = asyncio.run(_play("stud", 3, 7))
    first = next(json.loads(t) for t in frames[1] if json.loads(t)["type"] == "snapshot")
    seats = first["table"]["seats"]
    assert len(seats[1]["down"]) == 2
    assert seats[0]["down"] == []
    assert seats[0]["down_count"] == 2
    observer = next(json.loads(t) for t in frames[None] if json.loads(t)["type"] == "snapshot")
    assert all(s["down"] == [] for s in observer["table"]["seats"])
