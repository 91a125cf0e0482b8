"""The cardroom's verifiable shuffle (docs/shuffle.md), over a real server: the next
deck is committed before the seeds for it are sent, the seeds sent with actions are
mixed into the next hand, every card shown comes with its opening, and a player's
download and hands list verify (``stud verify`` on the file)."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request
from pathlib import Path
from typing import Any

from typer.testing import CliRunner
from web_harness import Cardroom, Client, Message, cardroom, clients_at, http_json

from stud.cli.main import app
from stud.verify import verify_proof, verify_text
from stud.web.fairness import Dealer

runner = CliRunner()


async def _get(room: Cardroom, path: str, token: str) -> tuple[int, Any]:
    return await asyncio.to_thread(http_json, room.port, path, token)


async def _get_text(room: Cardroom, path: str, token: str) -> str:
    def fetch() -> str:
        request = urllib.request.Request(
            f"http://127.0.0.1:{room.port}{path}", headers={"authorization": f"Bearer {token}"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            text: str = response.read().decode()
            return text

    return await asyncio.to_thread(fetch)


async def _play_seeding(client: Client, rng: random.Random, seed: str, hand_id: int) -> Message:
    """Play hand ``hand_id`` at random, each action carrying ``seed``; its last frame."""
    while True:
        legal = client.legal()
        hand = client.table["hand"] if client.table else None
        if legal and hand is not None and hand["id"] == hand_id:
            choice = rng.choice(legal)
            client.min_no = 1 << 30
            client.seq += 1
            extra = {"to": choice["to"]} if choice.get("to") else {}
            await client.send(
                type="act", seq=client.seq, action=choice["action"], seed=seed, **extra
            )
        message = await client.recv()
        assert message["type"] != "error", message
        if message["type"] in {"event", "snapshot"}:
            hand = message["table"]["hand"]
            if hand is not None and hand["id"] == hand_id and hand["phase"] == "over":
                return message


def _check_openings(raw: list[str], seat: int) -> int:
    """Every card a client was shown in an event item came with a salt; how many."""
    count = 0
    for text in raw:
        message = json.loads(text)
        for item in message.get("events", []) + message.get("log", []):
            if item["kind"] == "dealt":
                cards = item["up"] + (item["down"] if item["seat"] == seat else [])
                assert set(item["open"]) == set(cards), item
                count += len(cards)
            elif item["kind"] in {"shown", "community"}:
                assert set(item["open"]) == set(item.get("cards") or [item.get("card")]), item
    return count


def test_seeds_go_into_the_next_hand_whose_deck_was_committed_before_them(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        async with cardroom() as room:
            table, tokens = room.seat_guests("stud", 2, 2)
            async with clients_at(room, table, tokens) as clients:
                for c in clients:
                    await c.until(
                        lambda m: (
                            m["type"] in {"snapshot", "event"}
                            and bool(m.get("table", {}).get("hand"))
                        )
                    )
                first = clients[0].table
                assert first is not None
                hand_id, committed = first["hand"]["id"], first["next_deck"]
                assert first["hand"]["deck"]["root"] != committed
                # Both seats play the hand with their seeds: they go into the next hand.
                seeds = ["alpha-0", "beta_1"]
                await asyncio.gather(
                    *(
                        _play_seeding(c, random.Random(i), seeds[i], hand_id)
                        for i, c in enumerate(clients)
                    )
                )
                nxt = await clients[0].until(
                    lambda m: (
                        m["type"] == "event" and (m["table"]["hand"] or {}).get("id") == hand_id + 1
                    )
                )
                deck = nxt["table"]["hand"]["deck"]
                assert deck["root"] == committed, "the deal is the deck committed before the seeds"
                assert deck["seeds"] == seeds
                await asyncio.gather(
                    *(
                        _play_seeding(c, random.Random(7 + i), seeds[i], hand_id + 1)
                        for i, c in enumerate(clients)
                    )
                )
                for i, c in enumerate(clients):
                    assert _check_openings(c.raw, c.seat if c.seat is not None else i) > 0
                # Each player's hands list and download verify against the commitment.
                for i, token in enumerate(tokens):
                    status, data = await _get(room, f"/api/tables/{table}/hands", token)
                    assert status == 200
                    proofs = {h["id"]: h["proof"] for h in data["hands"]}
                    proof = proofs[hand_id + 1]
                    assert proof["root"] == committed
                    result = verify_proof(
                        proof["root"],
                        proof["leaves"],
                        proof["seeds"],
                        proof["salts"],
                        proof["actions"],
                    )
                    assert result.cards >= 3
                    text = await _get_text(room, f"/api/hands/{hand_id + 1}.phh", token)
                    assert verify_text(text).root == committed
                    path = tmp_path / f"hand-{i}.phh"
                    path.write_text(text)
                done = runner.invoke(app, ["verify", str(tmp_path / "hand-0.phh")])
                assert done.exit_code == 0, done.output
                assert "verified" in done.output

    asyncio.run(run())
    # A changed salt: the command says which card of which action failed, exit 1.
    path = tmp_path / "hand-0.phh"
    text = path.read_text()
    salts_line = next(line for line in text.splitlines() if line.startswith("_deck_salts"))
    salts = json.loads(salts_line.split("=", 1)[1])
    n = next(i for i, s in enumerate(salts) if s)
    salts[n] = ("1" if salts[n][0] == "0" else "0") + salts[n][1:]
    path.write_text(text.replace(salts_line, f"_deck_salts = {json.dumps(salts)}"))
    done = runner.invoke(app, ["verify", str(path)])
    assert done.exit_code == 1
    assert "does not open commitment" in done.output
    assert f"deal position {n + 1}" in done.output
    missing = runner.invoke(app, ["verify", str(tmp_path / "nope.phh")])
    assert missing.exit_code == 1
    assert "cannot read it" in missing.output


def test_a_seed_goes_into_one_deal_of_the_deck_committed_before_it() -> None:
    dealer = Dealer()
    committed = dealer.next.root
    dealer.offer(1, "old")
    dealer.offer(1, "new")  # the newest seed counts
    dealer.offer(2, "two")
    dealer.offer(None, "observer")  # an observer has no seat to seed
    dealer.offer(3, None)
    shuffle = dealer.shuffle([1, 3])
    assert shuffle.deck.root == committed
    assert shuffle.seeds == ("new",)
    assert dealer.next.root == committed  # nothing spent until the hand is dealt
    dealer.dealt([1, 3])
    assert dealer.next.root != committed
    again = dealer.shuffle([1, 2])
    assert again.seeds == ("two",)  # 1's seed was spent; 2 was not dealt, kept its own
