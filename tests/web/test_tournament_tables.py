"""Multi-table tournaments in the cardroom, over the websocket protocol (R10).

A real server on loopback and real websocket clients. What the server did is
checked against ``stud.tournament`` itself: the stored hands, round by round, are
given to a ``Tournament`` (each to the table it was due at, the players found by
name), which must deal exactly those hands and place everyone as the server
announced (R10.2), balancing and merging its tables as the server seated them
(R10.3). The chips are checked against the ledger: buy-ins into the prize pool,
every prize back to a bankroll, nothing made or lost.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import urllib.request
from typing import Any

import pytest
from test_sit_and_go import (
    _latest,
    _over,
    _post,
    _state,
    _tournament,
    errors_went_only_to_them,
    joined,
    my_turn,
    refusal,
)
from web_harness import Cardroom, Client, Message, cardroom, connect, serving

from stud.tournament.event import Tournament
from stud.web.history import stored_hand
from stud.web.store import GRANT, Store
from stud.web.tournament import seats_after, tournament_config, tournament_spec

EIGHTEEN: dict[str, Any] = {
    "game": "stud",
    "players": 18,
    "table_size": 6,
    "buy_in": 100,
    "stack": 40,
    "ante": 2,
    "small_bet": 4,
    "level_length": 2,
    "clock": "hands",
    "payouts": "40,25,15,10,10",
}
"""Eighteen at three tables of six, short stacks, high antes and levels of two rounds."""

THREE: dict[str, Any] = {**EIGHTEEN, "players": 3, "table_size": 2, "payouts": "100"}
"""Three at two tables of two: the third entrant waits alone at table 2 until the first
player is out at table 1, then table 2 breaks and its player moves (R10.3)."""


def replay_rounds(store: Store, tournament_id: int) -> Tournament:
    """The tournament ``stud.tournament`` makes of the stored hands, round by round."""
    row = store.tournament(tournament_id)
    spec = dict(row.config)
    tables = [t.id for t in store.tournament_tables(tournament_id)]
    entrants = {e.name: e.seat for e in store.entries(tournament_id)}
    hands = sorted(
        (h for t in tables for h in store.hands(t, limit=100_000) if h.phh),
        key=lambda h: h.id,
    )
    tournament = Tournament.start(tournament_config(spec))
    position = 0
    while not tournament.is_over:
        due = tournament.deal()
        played = hands[position : position + len(due)]
        assert len(played) == len(due), f"round {tournament.rounds + 1} is not all stored"
        results = []
        for hand, row_ in zip(
            due, sorted(played, key=lambda h: tables.index(h.table_id)), strict=True
        ):
            assert tables.index(row_.table_id) == hand.table, "a hand at the wrong table"
            state = stored_hand(row_.phh or "")
            players = [entrants[name] for name in row_.names]
            assert sorted(players) == sorted(hand.players), "the wrong players at a table"
            start = dict(zip(players, state.starting_stacks, strict=True))
            assert tuple(start[p] for p in hand.players) == hand.stacks
            assert state.rules == hand.rules  # the level of the round (R10.1)
            final = dict(zip(players, state.final_stacks, strict=True))
            results.append((hand, [final[p] for p in hand.players]))
        tournament = tournament.record(results)
        position += len(due)
    assert position == len(hands), "hands stored after the tournament ended"
    return tournament


def check_final(store: Store, tournament_id: int, final: dict[str, Any]) -> Tournament:
    """R10.2 and R10.3 by ``stud.tournament`` from the stored hands; chips and prizes
    conserved through the ledger."""
    replayed = replay_rounds(store, tournament_id)
    by_entrant = {p["seat"]: p for p in final["standings"]}
    for finish in replayed.finishes:
        player = by_entrant[finish.player]
        assert (player["place"], player["prize"], player["shared"]) == (
            finish.place,
            finish.prize,
            finish.shared,
        )
    config = replayed.config
    assert sum(p["prize"] for p in final["standings"]) == config.prize_pool == sum(config.prizes)
    held, granted = store.chips()
    assert held == granted
    assert store.unbalanced_accounts() == []
    return replayed


def _notes(client: Client) -> list[str]:
    frames = [json.loads(raw) for raw in client.raw]
    return [
        e["text"]
        for f in frames
        if f["type"] == "event"
        for e in f["events"]
        if e["kind"] == "note"
    ]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_r10_3_eighteen_bots_at_three_tables_play_to_a_winner(
    backend: str, request: pytest.FixtureRequest
) -> None:
    """A guest registers and sits out; bots fill seventeen seats; three tables play in
    rounds, balance and merge down to a final table, and someone wins. A watcher at
    the third table sees it break and still hears the end."""
    url = "sqlite://" if backend == "sqlite" else request.getfixturevalue("postgres_url")

    async def scenario() -> None:
        async with cardroom(url) as room:
            made = room.room.create_tournament("Eighteen", {**EIGHTEEN, "bots": True})
            assert [len(t.players) for t in made.tables] == [0, 0, 0]
            first, _, third = (t.id for t in made.tables)
            token = room.store.guest()
            # A client that stops reading is closed at once (the server would otherwise
            # wait on it: websockets' flow control).
            async with connect(room, third) as watcher:
                async with connect(room, third, token) as ann:
                    await ann.send(type="register")
                    # Entrants are seated table by table in turn: Ann, the first, at
                    # table 1; she registered at table 3, so she is sent to hers.
                    moved = await ann.until(lambda m: m["type"] == "moved")
                    assert (moved["table"], moved["seat"]) == (first, 0)
                    started = await ann.until(lambda m: _state(m) == "running")
                standing = _tournament(started)
                assert standing is not None
                assert [t["players"] for t in standing["tables"]] == [6, 6, 6]
                assert standing["you"]["table"] == 1
                async with connect(room, first, token) as seated:
                    assert seated.seat == 0
                    await seated.send(type="sit_out")
                final = await watcher.until(_over)
            result = _tournament(final)
            assert result is not None
            replayed = check_final(room.store, made.id, result)
            assert replayed.moves, "nobody moved"
            assert sum(1 for t in replayed.tables if t) == 1
            # The watcher at table 3 heard of every move from or to it, as R10.3 made them.
            names = {e.seat: e.name for e in room.store.entries(made.id)}
            notes = _notes(watcher)
            heard = [n for n in notes if " moves " in n]
            expected = [
                f"{names[m.player]} moves to table {m.target + 1}"
                if m.source == 2
                else f"{names[m.player]} moves in from table {m.source + 1}"
                for m in replayed.moves
                if 2 in {m.source, m.target}
            ]
            assert expected
            assert sorted(n.split(", seat")[0] for n in heard) == sorted(expected)
            assert sum("wins the tournament" in n for n in notes) == 1
            you = next(p for p in result["standings"] if p["name"] == ann_name(room, token))
            account = room.store.account(token)
            assert account is not None
            assert account.bankroll == GRANT - EIGHTEEN["buy_in"] + you["prize"]
            assert room.store.tables() == []  # every table of the tournament closed with it

    asyncio.run(scenario())


def ann_name(room: Any, token: str) -> str:
    account = room.store.account(token)
    assert account is not None
    return str(account.name)


async def three_away(room: Cardroom, one: int, tokens: list[str], bob: Client) -> None:
    """Ann and Cat (``tokens`` 0 and 2) connect at table 1 and register with Bob
    (entrants 0, 1, 2: tables 1, 2, 1); once it runs they sit out and go (closed at
    once: a client that stops reading holds the server up, websockets' flow
    control), folded at every turn."""
    async with (
        connect(room, one, tokens[0]) as ann,
        connect(room, one, tokens[2]) as cat,
    ):
        for client in (ann, bob, cat):
            await client.send(type="register")
            await client.until(lambda m: m["type"] == "registered")
        for client in (ann, cat):
            await client.until(lambda m: _state(m) == "running")
            await client.send(type="sit_out")


def test_a_moved_person_is_told_and_their_client_follows() -> None:
    """Ann and Cat play at table 1 and sit out; Bob waits alone at table 2. Once one
    of them is out, table 2 breaks and Bob moves (R10.3): his client hears where,
    connects there and sits in that seat. Reconnecting to his old table later sends
    him on again."""

    async def scenario() -> None:
        async with cardroom() as room:
            made = room.room.create_tournament("Three", {**THREE, "bots": False})
            one, two = (t.id for t in made.tables)
            tokens = [room.store.guest() for _ in range(3)]
            async with connect(room, two, tokens[1]) as bob:
                await three_away(room, one, tokens, bob)
                moved = await bob.until(lambda m: m["type"] == "moved")
            assert moved["table"] == one
            assert moved["message"] == f"You moved to table 1, seat {moved['seat'] + 1}"
            async with connect(room, one, tokens[1]) as follower:
                assert follower.seat == moved["seat"]
                async with connect(room, two, tokens[1]) as again:
                    sent_on = await again.until(lambda m: m["type"] == "moved")
                    assert (sent_on["table"], sent_on["seat"]) == (one, moved["seat"])
                await follower.send(type="sit_out")
                final = await follower.until(_over)
            result = _tournament(final)
            assert result is not None
            replayed = check_final(room.store, made.id, result)
            assert any(m.player == 1 and (m.source, m.target) == (1, 0) for m in replayed.moves)

    asyncio.run(scenario())


def test_registration_errors_at_a_multi_table_tournament_go_to_that_client_only() -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            spec = {**THREE, "buy_in": 400, "bots": False}
            made = room.room.create_tournament("Errors", spec)
            two = made.tables[1].id
            rich, poor, late = room.store.guest(), room.store.guest(), room.store.guest()
            rich_id = room.store.account(rich).id  # type: ignore[union-attr]
            spend = room.store.create_table("cash", "stud", "1/1/5/10", 2, bots=False)
            room.store.sit(spend, 0, room.store.account(poor).id, 700)  # type: ignore[union-attr]
            async with (
                connect(room, two, rich) as ann,
                connect(room, two, poor) as bob,
                connect(room, two, late) as cat,
            ):
                await ann.send(type="register")
                await ann.until(lambda m: m["type"] == "registered")
                assert (
                    await refusal(ann, type="register")
                    == "you are already registered for this tournament"
                )
                assert await refusal(bob, type="register") == "the bankroll has 300 chips, not 400"
                await cat.send(type="register")
                await cat.until(lambda m: m["type"] == "registered")
                third = room.store.guest()
                async with connect(room, made.tables[0].id, third) as dan:
                    await dan.send(type="register")
                    await dan.until(lambda m: _state(m) == "running")
                assert await refusal(bob, type="register") == (
                    "registration is closed: the tournament is full and has started"
                )
                await errors_went_only_to_them(bob, [(ann, 1), (cat, 0)])
            assert room.store.account(rich).bankroll == GRANT - 400  # type: ignore[union-attr]
            assert rich_id
            held, granted = room.store.chips()
            assert held == granted

    asyncio.run(scenario())


def test_kill_9_mid_multi_table_tournament_then_restart_resumes_it(tmp_path: object) -> None:
    """Six at two tables of three; killed while Ann's hand is in play. The restarted
    server deals the same hand again at her table, the standings are as they were,
    and the tournament plays to a winner that ``stud.tournament`` agrees with."""
    db = f"{tmp_path}/cardroom.sqlite3"
    spec = {**EIGHTEEN, "players": 6, "table_size": 3, "payouts": "65,35"}

    async def first_life(port: int, table: int, token: str) -> tuple[Message, dict[str, Any]]:
        ann = await joined(port, table, token)
        await ann.send(type="register")
        await ann.until(lambda m: _state(m) == "running")
        await ann.play_passive()
        while not my_turn(ann):  # her table waits for Ann: nothing moves there until she acts
            await ann.recv()
        assert ann.table is not None
        standing = _latest(ann)
        await ann.ws.close()
        return ann.table, standing

    with serving(db, "--bot", "station") as (process, port):
        token = _post(port, "/api/account/guest", {})["token"]
        made = _post(port, "/api/tournaments", {**spec, "name": "Restart", "bots": True}, token)
        assert len(made["tables"]) == 2
        table = made["table"]
        before, standing = asyncio.run(first_life(port, table, token))
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
    assert standing["state"] == "running"

    async def second_life(port: int) -> dict[str, Any]:
        ann = await joined(port, table, token)
        after = ann.table
        assert after is not None
        assert after["hand"]["id"] == before["hand"]["id"]
        mine = before["you"]
        assert after["seats"][mine]["down"] == before["seats"][mine]["down"]
        again = _latest(ann)
        assert (again["state"], again["level"]) == ("running", standing["level"])
        # Ann's table waits for her, so its players' chips are as they were; the other
        # table may have finished its hand of the round before the kill.
        here = {p["seat"]: p for p in standing["standings"] if p["table_id"] == table}
        assert len(here) == 3
        assert [p for p in again["standings"] if p["seat"] in here] == [
            p for p in standing["standings"] if p["seat"] in here
        ]
        assert sum(p["stack"] for p in again["standings"]) == 6 * spec["stack"]
        await ann.play_passive()
        await ann.send(type="sit_out")
        final = await ann.until(_over)
        await ann.ws.close()
        result = _tournament(final)
        assert result is not None
        return result

    with serving(db, "--bot", "station") as (_, port):
        result = asyncio.run(second_life(port))
        status_list = _get_json(port, "/api/tournaments")
    assert status_list["tournaments"][0]["state"] == "over"
    store = Store(db)
    try:
        check_final(store, store.finished_tournaments()[0].id, result)
    finally:
        store.close()
    # Finished tournaments stay listed, with their places and prizes, after a restart.
    with serving(db, "--bot", "station") as (_, port):
        listed = _get_json(port, "/api/tournaments")["tournaments"]
        assert [t["state"] for t in listed] == ["over"]
        places = sorted(p["place"] for p in listed[0]["standings"])
        assert places[0] == 1
        assert sum(p["prize"] for p in listed[0]["standings"]) == 600


def _get_json(port: int, path: str) -> Any:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
        return json.load(response)


def test_a_tournament_for_more_players_than_a_table_seats_is_checked() -> None:
    spec = tournament_spec({**EIGHTEEN})
    config = tournament_config(spec)
    assert (config.table_size, config.starting_tables) == (6, 3)
    assert tournament_spec({"players": 20})["table_size"] == 8
    assert tournament_config(tournament_spec({"players": 20})).starting_tables == 3


def test_r10_3_a_moved_player_takes_the_lowest_free_seat_and_the_others_keep_theirs() -> None:
    start = seats_after(((0, 2), (1,)), {}, 2)
    assert start == {0: (0, 0), 2: (0, 1), 1: (1, 0)}
    # Player 0 is out at table 1, table 2 breaks: player 1 moves into the free seat.
    assert seats_after(((2, 1), ()), start, 2) == {2: (0, 1), 1: (0, 0)}


def test_a_sit_and_go_stored_before_tables_had_a_size_resumes() -> None:
    """A tournament stored by the one-table cardroom (no table size in its set-up, no
    tables or round in its progress) is resumed at its one table and played out."""

    async def scenario() -> None:
        async with cardroom() as room:
            store = room.store
            spec = tournament_spec({**THREE, "players": 2, "payouts": "100"})
            del spec["table_size"]
            tournament, table = store.create_tournament("Old", spec, False, "stud", "2/3/4/8", 2)
            tokens = [store.guest() for _ in range(2)]
            for token in tokens:
                store.enter(tournament, store.account(token).id)  # type: ignore[union-attr]
            progress = {"stacks": [40, 40], "rounds": 0, "hands": 0, "finishes": []}
            old = {**progress, "started": 0.0, "level": 0, "game": "stud"}
            store.save_tournament(tournament, "running", old)
            room.room.open()
            async with connect(room, table, tokens[1]) as bob:
                await bob.send(type="sit_out")
            async with connect(room, table, tokens[0]) as ann:
                await ann.send(type="sit_out")
                final = await ann.until(_over)
            result = _tournament(final)
            assert result is not None
            check_final(store, tournament, result)

    asyncio.run(scenario())
