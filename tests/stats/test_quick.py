"""Stored hands counted from their actions count as their replays do, on many random
hands of every game; and hands of one shape have one count (``counting.shape``)."""

from __future__ import annotations

import json
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stud.actions import ActionTaken, AntePosted
from stud.cli.main import app
from stud.history.phh import parse_phh, replay, to_phh, to_phhs
from stud.history.phh_flat import read_flat
from stud.rules import Rules, Variant
from stud.sim.run import Simulation, simulate
from stud.stats.counting import Tally, count_each, shape
from stud.stats.hands import PlayedHand, SeatHand, seat_hand
from stud.stats.quick import quick_hand
from stud.storage import HandRecord, SQLiteHandStore

HANDS = 150
"""Hands per game and table: deep stacks at four seats, short stacks at eight."""

TABLES = (
    (("tight", "station", "random", "equity"), 1000),
    (("random", "station", "tight", "random", "station", "random", "tight", "station"), 60),
)


@cache
def texts(variant: Variant) -> tuple[str, ...]:
    """Random hands of one game as PHH, at a deep four-seat and a short eight-seat table."""
    rules = Rules(variant, ante=1, bring_in=2, small_bet=5, big_bet=10)
    out: list[str] = []
    for seed, (bots, stack) in enumerate(TABLES):
        sim = Simulation(rules, bots, HANDS, seed=seed + 11, stack=stack, keep_hands=True)
        out.extend(text for chunk in simulate(sim) for text in chunk.hands or ())
    return tuple(out)


def _results(s: SeatHand) -> list[float]:
    return [s.result_from(street) for street in (None, 3, 4, 5, 6, 7)]


@pytest.mark.parametrize("variant", list(Variant))
def test_a_hand_read_from_its_actions_counts_as_its_replay(variant: Variant) -> None:
    quick = 0
    for text in texts(variant):
        flat = read_flat(text)
        parsed = parse_phh(text)
        assert flat is not None
        assert (flat.rules, flat.starting_stacks, flat.actions, flat.finishing_stacks) == (
            parsed.rules,
            parsed.starting_stacks,
            parsed.actions,
            parsed.finishing_stacks,
        )
        state = replay(parsed)
        read = quick_hand(flat)
        if read is None:
            # only a hand the reader cannot read exactly is replayed
            assert (
                any(isinstance(e, AntePosted | ActionTaken) and e.all_in for e in state.events)
                or state.community is not None
                or (variant is Variant.STUD8 and state.is_over and len(state.in_hand) > 1)
            ), text
            continue
        quick = quick + 1
        hand = PlayedHand(state, tuple(f"p{i}" for i in range(state.players)), "hand")
        for seat in range(state.players):
            fast, slow = read.seat(seat, "hand"), seat_hand(hand, seat)
            assert fast is not None
            assert count_each(fast) == count_each(slow), (seat, text)
            assert (fast.net, fast.won, _results(fast)) == (slow.net, slow.won, _results(slow))
    assert quick > len(texts(variant)) // 2


@pytest.mark.parametrize("variant", list(Variant))
def test_a_seat_counts_the_same_from_its_own_view_of_the_hand(variant: Variant) -> None:
    """From the history one seat may see (others' down cards ``??``, R8.4), that
    seat's counts are those of the whole hand, and no other seat is read from it."""
    read_any = 0
    for text in texts(variant)[:60]:
        state = replay(parse_phh(text))
        hand = PlayedHand(state, tuple(f"p{i}" for i in range(state.players)), "hand")
        for seat in range(state.players):
            flat = read_flat(to_phh(state, viewer=seat))
            assert flat is not None
            read = quick_hand(flat)
            if read is None:
                continue
            read_any += 1
            mine = read.seat(seat, "hand")
            assert mine is not None
            assert count_each(mine) == count_each(seat_hand(hand, seat))
            assert seat not in read.unknown
            assert all(read.seat(other, "hand") is None for other in read.unknown)
    assert read_any


@pytest.mark.parametrize("variant", list(Variant))
def test_hands_of_one_shape_count_alike(variant: Variant) -> None:
    groups: defaultdict[object, list[SeatHand]] = defaultdict(list)
    for number, text in enumerate(texts(variant)):
        state = replay(parse_phh(text))
        hand = PlayedHand(state, tuple(f"p{i}" for i in range(state.players)), f"#{number}")
        for seat in range(state.players):
            s = seat_hand(hand, seat)
            groups[shape(s)].append(s)
    # Counted by shape (as ``Tally.add`` counts), every hand counts as counted alone.
    total = Tally("p")
    alone: defaultdict[str, list[int]] = defaultdict(lambda: [0, 0])
    for group in groups.values():
        for s in group:
            total.add(s)
            for stat, opportunities, done in count_each(s):
                alone[stat.key][0] += opportunities
                alone[stat.key][1] += done
    assert {
        k: [v.opportunities, v.done] for k, v in total.lines.items() if v.opportunities or v.done
    } == alone
    shared = [group for group in groups.values() if len(group) > 1]
    assert len(shared) >= 5
    for group in shared:
        first = [c for c in count_each(group[0]) if not c[0].by_cards]
        assert all([c for c in count_each(s) if not c[0].by_cards] == first for s in group[1:])


@pytest.mark.parametrize(
    "text",
    [
        '[1]\nvariant = "F7S"\n',
        'variant = "F7S" # a comment\nantes = [1, 1]\n',
        'actions = [\n  "p1 \\u0066",\n]\n',
        "starting_stacks = [\n  1,\n  2,\n]\n",
    ],
)
def test_a_text_not_in_the_shape_stud_writes_is_left_to_the_parser(text: str) -> None:
    assert read_flat(text) is None


def _store(path: Path, hands: tuple[str, ...]) -> None:
    store = SQLiteHandStore(path)
    for number, text in enumerate(hands, 1):
        parsed = parse_phh(text)
        state = replay(parsed)
        store.add(
            HandRecord(
                played_at="2026-01-02T03:04:05+00:00",
                session="s",
                number=number,
                variant=state.rules.variant.value,
                stakes=state.rules.stakes,
                seat=0,
                names=tuple(parsed.extra["players"]),
                net=state.payoffs[0],
                pot=state.pot,
                phh=text,
            )
        )
    store.close()


def test_stud_stats_on_the_store_gives_what_it_gives_on_the_same_hands_replayed(
    tmp_path: Path,
) -> None:
    hands = texts(Variant.STUD8)[:HANDS]  # deep stacks: valuing all-ins takes long
    db = tmp_path / "hands.sqlite3"
    _store(db, hands)
    phhs = tmp_path / "hands.phhs"
    phhs.write_text(to_phhs(hands))
    runner = CliRunner()
    common = ["--player", "station", "--json"]
    stored = runner.invoke(app, ["stats", "--store", "--db", str(db), *common])
    read = runner.invoke(app, ["stats", str(phhs), *common])
    assert stored.exit_code == 0, stored.output
    assert read.exit_code == 0, read.output
    by_store, by_file = json.loads(stored.stdout), json.loads(read.stdout)
    assert by_store["hands"] == by_file["hands"] == len(hands)
    assert by_store["stats"] == by_file["stats"]
    for key in ("hands", "result_bb", "ev_adjusted_bb"):
        assert by_store["all_in"][key] == pytest.approx(by_file["all_in"][key])
