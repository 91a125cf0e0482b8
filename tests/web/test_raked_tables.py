"""Raked cash tables (R9): each hand's rake goes to the house through the ledger.

On SQLite and on a real PostgreSQL: the store moves the rake of a committed hand
to the house's bankroll in the same transaction, and a table created with a rake
takes it hand by hand over the websocket protocol, shows it at showdown, and the
books still balance (bankrolls, stacks and prize pools equal the chips granted,
and every bankroll is the sum of its ledger rows).
"""

from __future__ import annotations

import asyncio
import json

import pytest
from web_harness import cardroom, clients_at, committed

from stud.web.store import GRANT, Store


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: object) -> str:
    if request.param == "sqlite":
        return f"{tmp_path}/cardroom.sqlite3"
    found: str = request.getfixturevalue("postgres_url")
    return found


def test_r9_4_the_rake_of_a_committed_hand_goes_to_the_house(url: str) -> None:
    store = Store(url)
    table = store.create_table("raked", "stud", "1/1/5/10", 2, bots=False, rake="5%:3")
    ann = store.account(store.register("Ann", "secret1"))
    assert ann is not None
    store.sit(table, 0, ann.id, 300)
    store.sit(table, 1, None, 200, bot="station", name="Station bot")
    hand = committed(
        store.save_start, table, "As" * 52, [0, 1], ["Ann", "Station bot"], [ann.id, 0], [300, 200]
    )
    # A pot of 60: Ann wins 57, the house takes 3 (R9.4: stacks after + rake = before).
    committed(store.save_finish, hand, table, {0: 327, 1: 170}, 57, "phh", rake=3)
    assert store.rake_taken(table) == 3
    assert store.chips() == (GRANT, GRANT)
    assert store.unbalanced_accounts() == []
    store.close()


def test_r9_a_raked_table_takes_shows_and_books_the_rake_over_websockets(url: str) -> None:
    async def scenario() -> None:
        async with cardroom(url) as room:
            table = room.store.create_table(
                "Raked", "stud", "5/5/10/20", 2, bots=False, rake="10%:5"
            )
            tokens = []
            for seat in range(2):
                token = room.store.guest()
                account = room.store.account(token)
                assert account is not None
                room.store.sit(table, seat, account.id, 300)
                tokens.append(token)
            room.room.open()
            assert room.room.tables[table].summary()["rake"] == "10%:5"
            async with clients_at(room, table, tokens) as clients:
                finals = await asyncio.gather(*(c.play_passive() for c in clients))
                events = [
                    e
                    for raw in clients[0].raw
                    if '"type":"event"' in raw
                    for e in json.loads(raw)["events"]
                ]
            final = finals[0]["table"]
            assert final["rake"] == "10%:5"
            hand = final["hand"]
            # Both check down to showdown: the pot (at least the antes and the bring-in
            # called, 20) is raked, 10% rounded down, up to the cap of 5.
            awarded = sum(a["amount"] for a in hand["awards"])
            assert hand["rake"] == min(5, (awarded + hand["rake"]) // 10) > 0
            assert sum(e["amount"] for e in events if e["kind"] == "rake") == hand["rake"]
            stacks = [s["stack"] for s in final["seats"]]
            assert sum(stacks) + hand["rake"] == 600
            assert room.store.rake_taken(table) == hand["rake"]
            held, granted = room.store.chips()
            assert held == granted
            assert room.store.unbalanced_accounts() == []

    asyncio.run(scenario())
