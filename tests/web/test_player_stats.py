"""A cardroom player's statistics page: their own figures, graph and leaks, each hand
read from their chair (R8.4: nothing rests on a card they did not see), and for them
only."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from web_harness import cardroom, clients_at, http_json

from stud.history.phh import parse_phh, replay
from stud.views import seen_down
from stud.web import player_stats
from stud.web.store import Store

HANDS = 12


async def play_hands(url: str, hands: int = HANDS) -> tuple[int, list[str]]:
    """Two guests play ``hands`` stud hands at random; the table and their tokens."""
    async with cardroom(url) as room:
        table, tokens = room.seat_guests("stud", 2, 2, stack=1000)
        async with clients_at(room, table, tokens) as clients:
            rng = random.Random(9)
            for _ in range(hands):
                await asyncio.gather(*(c.play_hand(rng) for c in clients))
    return table, tokens


def _unseen(full: str, seat: int) -> set[str]:
    """The cards of a stored hand that ``seat`` never saw."""
    state = replay(parse_phh(full))
    seen = seen_down(state, seat)
    return {str(c) for other in range(state.players) for c in state.down[other]} - {
        str(c) for other in range(state.players) for c in seen[other]
    }


def test_r8_4_the_page_reads_each_hand_only_as_its_player_saw_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "room.sqlite3"
    _, tokens = asyncio.run(play_hands(f"sqlite:///{db}"))
    read: list[tuple[str, int]] = []
    real = player_stats.stored_seat_hand

    def spy(row: Any, seat: int, *args: Any) -> Any:
        read.append((row[3], seat))
        return real(row, seat, *args)

    monkeypatch.setattr(player_stats, "stored_seat_hand", spy)
    store = Store(f"sqlite:///{db}")
    try:
        account = store.account(tokens[0])
        assert account is not None
        rows = store.played_by(account.id, 100)
        report = player_stats.player_report(rows, account.id, account.name)
    finally:
        store.close()
    assert report["hands"] == HANDS == len(rows) == len(read)
    hidden_anywhere = False
    figures = repr({k: v for k, v in report.items() if k != "player"})  # a name may hold "9d"
    by_id = {row.id: row for row in rows}
    for (text, seat), row in zip(read, reversed(rows), strict=True):
        assert row.phh is not None
        assert by_id[row.id] is row
        unseen = _unseen(row.phh, seat)
        hidden_anywhere |= bool(unseen)
        dealt = " ".join(parse_phh(text).actions)  # not the names: "guest-9d..." holds "9d"
        assert not any(card in dealt for card in unseen), text
        assert not any(card in figures for card in unseen)
    assert hidden_anywhere  # some hand had cards its player never saw


def test_the_page_is_its_players_own_and_counts_their_hands(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("razz", 2, 2, stack=1000)
            async with clients_at(room, table, tokens) as clients:
                rng = random.Random(3)
                for _ in range(6):
                    await asyncio.gather(*(c.play_hand(rng) for c in clients))
            port = room.port
            status, data = await asyncio.to_thread(http_json, port, "/api/me/stats")
            assert status == 401
            assert "sign in" in data["error"]
            status, data = await asyncio.to_thread(http_json, port, "/api/me/stats", tokens[0])
            assert status == 200, data
            assert data["hands"] == 6
            assert data["game"].startswith("Razz")
            keys = {stat["key"] for stat in data["stats"]}
            assert {"vpip", "bb100", "saw_4th"} <= keys
            assert len(data["graph"]) == 6
            assert data["graph"][-1][1] == data["all_in"]["result_bb"]
            assert isinstance(data["leaks"], list)
            newcomer = room.store.guest()
            status, data = await asyncio.to_thread(http_json, port, "/api/me/stats", newcomer)
            assert status == 200
            assert data["hands"] == 0

    asyncio.run(scenario())
