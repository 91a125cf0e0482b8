"""R8.4 when a seat changes hands between hands: the finished hand stays on the table
until the next deal, and whoever sits in one of its seats after it (a cash table's
next player, a tournament's moved player) gets nothing of the old occupant's hand.

A real server on loopback and real websocket clients; every raw frame the newcomer
gets is searched for the cards the seat's old occupant held face down.
"""

from __future__ import annotations

import asyncio
from typing import Any

from test_sit_and_go import _over
from test_tournament_tables import THREE, three_away
from web_harness import Client, Message, cardroom, connect

from stud.web.history import stored_hand
from stud.web.store import Store


async def _play_until_over(client: Client, prefer: tuple[str, ...]) -> Message:
    """Take the first of ``prefer`` that is legal on each turn, until a hand this
    client sits in is over; its last frame."""
    while True:
        legal = {a["action"]: a for a in client.legal()}
        choice = next((legal[n] for n in prefer if n in legal), None)
        if choice is not None:
            client.min_no = 1 << 30  # wait for the ack before acting again
            await client.act(choice["action"], choice.get("to"))
        message = await client.recv()
        assert message["type"] != "error", message
        if message["type"] in {"event", "snapshot"} and message["table"]["you"] is not None:
            hand = message["table"]["hand"]
            if hand is not None and hand["phase"] == "over":
                return message


def _quoted(cards: list[str], raw: list[str]) -> list[str]:
    return [c for c in cards if any(f'"{c}"' in text for text in raw)]


def _is_note(text: str) -> Any:
    def wanted(message: Message) -> bool:
        events = message.get("events", []) if message["type"] == "event" else []
        return any(e["kind"] == "note" and text in e["text"] for e in events)

    return wanted


def test_r8_4_who_sits_in_a_folded_players_seat_before_the_next_deal_sees_none_of_it() -> None:
    """Heads-up, Bea leaves mid-hand and folds; Ann sits out, so the finished hand stays
    on the table; Cy sits in Bea's seat. Neither the change Cy gets nor a fresh
    connection's snapshot shows Bea's down cards, her stack, or her hand as Cy's."""

    async def scenario() -> None:
        async with cardroom() as room:
            table, (ann_token, bea_token) = room.seat_guests("stud", 2, 2)
            cy_token = room.store.guest()
            async with (
                connect(room, table, ann_token) as ann,
                connect(room, table, bea_token) as bea,
            ):
                await bea.until(
                    lambda m: (
                        m["type"] in {"event", "snapshot"} and bool(bea.table and bea.table["hand"])
                    )
                )
                await bea.send(type="leave")
                ann_over, bea_over = await asyncio.gather(
                    _play_until_over(ann, ("complete", "bet", "raise", "call", "check", "show")),
                    _play_until_over(bea, ("fold", "bring_in", "check", "call", "muck", "show")),
                )
                bea_seat = bea_over["table"]["seats"][1]
                assert bea_seat["folded"]
                secret = list(bea_seat["down"])
                assert len(secret) == 2
                await ann.until(_is_note("stands up"))
                await ann.send(type="sit_out")
                await ann.until(_is_note("sits out"))
                async with connect(room, table, cy_token) as cy:
                    await cy.send(type="sit", seat=1, buy_in=150)
                    await cy.until(lambda m: m["type"] == "seated")
                    sat = await cy.until(_is_note("sits down in seat 2"))
                    assert sat["table"]["hand"]["phase"] == "over"  # Bea's hand, still shown
                    mine = sat["table"]["seats"][1]
                    assert (mine["stack"], mine["in_hand"], mine.get("down", [])) == (
                        150,
                        False,
                        [],
                    )
                    assert sat["table"]["you"] == 1
                    async with connect(room, table, cy_token) as again:
                        snapshot = await again.until(lambda m: m["type"] == "snapshot")
                        assert snapshot["table"]["hand"]["phase"] == "over"
                        assert snapshot["table"]["seats"][1] == mine
                        assert _quoted(secret, again.raw) == []
                    assert _quoted(secret, cy.raw) == []
                assert ann_over["table"]["hand"]["id"] == sat["table"]["hand"]["id"]
            held, granted = room.store.chips()
            assert held == granted

    asyncio.run(scenario())


def _own_cards(store: Store, table: int, hand_id: int, name: str) -> tuple[int, set[str]]:
    """The table seat ``name`` held in a finished hand and their face-down cards in it."""
    row = store.hand(hand_id)
    assert row is not None
    assert row.table_id == table
    assert row.phh
    assert name in row.names, f"down cards of hand {hand_id}, which {name} was not dealt"
    h = row.names.index(name)
    return row.seats[h], {str(c) for c in stored_hand(row.phh).down[h]}


def test_r8_4_a_player_moved_into_a_tournament_seat_sees_none_of_its_last_hand() -> None:
    """Ann and Cat play at table 1 and sit out; Bob waits at table 2 and watches
    table 1. Once one of them is out, Bob is moved into that seat (R10.3) while its
    last hand is still on the table: no frame his table-1 connection gets holds a
    down card that was not his own in the hand it shows."""

    async def scenario() -> None:
        async with cardroom() as room:
            made = room.room.create_tournament("Three", {**THREE, "bots": False})
            one, two = (t.id for t in made.tables)
            tokens = [room.store.guest() for _ in range(3)]
            bob_account = room.store.account(tokens[1])
            assert bob_account is not None
            bob = bob_account.name
            async with (
                connect(room, two, tokens[1]) as at_two,
                connect(room, one, tokens[1]) as watch,
            ):
                frames: list[Message] = []

                async def watched(wanted: Any) -> Message:
                    while True:
                        message = await watch.recv()
                        frames.append(message)
                        if wanted(message):
                            return message

                await three_away(room, one, tokens, at_two)
                arrived = await watched(_is_note(f"{bob} moves in from table 2"))
                seat = arrived["table"]["you"]
                assert seat is not None
                last = arrived["table"]["hand"]
                assert last is not None
                assert last["phase"] == "over"
                assert bob not in room.store.hand(last["id"]).names  # type: ignore[union-attr]
                mine = arrived["table"]["seats"][seat]
                assert (mine["name"], mine["in_hand"], mine.get("down", [])) == (bob, False, [])
                await watch.send(type="sit_out")
                await watched(_over)
            checked = 0
            for message in frames:
                if message["type"] not in {"event", "snapshot"} or not message["table"]["hand"]:
                    continue
                hand_id = message["table"]["hand"]["id"]
                downs = [(s["seat"], s.get("down")) for s in message["table"]["seats"] if s]
                downs += [
                    (e["seat"], e["down"])
                    for e in message.get("events", ())
                    if e["kind"] == "dealt"
                ]
                for at, down in downs:
                    if down:
                        own_seat, own = _own_cards(room.store, one, hand_id, bob)
                        assert (at, set(down) - own) == (own_seat, set()), f"hand {hand_id}"
                        checked += 1
            assert checked > 0  # Bob was dealt at table 1 and saw his own cards there

    asyncio.run(scenario())
