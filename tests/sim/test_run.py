"""Simulations: the same seed gives the same numbers, however the hands are split."""

from __future__ import annotations

import multiprocessing
import random

import numpy as np
import pytest

from stud.actions import Action, BringIn, Call, Check, Fold, Show
from stud.bots import BOTS
from stud.history.phh import parse_phh, replay
from stud.rules import Rules, Variant
from stud.sim.results import collect
from stud.sim.run import (
    MAX_CHIPS,
    ChunkResult,
    InProcess,
    LocalProcesses,
    SimError,
    Simulation,
    chunk_plan,
    simulate,
)
from stud.views import PlayerView

RULES = Rules(Variant.STUD8, ante=1, bring_in=2, small_bet=5, big_bet=10)


def sim(**changes: object) -> Simulation:
    options: dict[str, object] = {
        "rules": RULES,
        "bots": ("tight", "equity", "station", "random"),
        "hands": 1_200,
        "seed": 42,
        "stack": 1000,
    }
    options.update(changes)
    return Simulation(**options)  # type: ignore[arg-type]


def test_chunk_plan_covers_every_hand_once() -> None:
    assert chunk_plan(10, 4) == [(0, 4), (4, 4), (8, 2)]
    with pytest.raises(SimError):
        chunk_plan(10, 0)


def test_same_seed_same_numbers_whatever_the_jobs_and_chunks() -> None:
    one = sim(keep_series=True)
    alone = collect(one, simulate(one, InProcess(), chunk_hands=1_200))
    split = collect(one, simulate(one, LocalProcesses(2), chunk_hands=170))
    assert alone.as_dict() == split.as_dict()
    assert alone.cumulative is not None
    assert split.cumulative is not None
    np.testing.assert_array_equal(alone.cumulative, split.cumulative)


def test_another_seed_other_numbers() -> None:
    a = collect(sim(), simulate(sim()))
    b = collect(sim(seed=43), simulate(sim(seed=43)))
    assert a.as_dict()["bots"] != b.as_dict()["bots"]


def test_every_bot_plays_every_hand_and_chips_are_conserved() -> None:
    result = collect(sim(), simulate(sim()))
    assert [b.hands for b in result.bots] == [1_200] * 4
    assert sum(b.net for b in result.bots) == 0
    assert all(b.scoops <= b.showdowns for b in result.bots)
    station = next(b for b in result.bots if b.name == "station")
    assert station.showdowns > 600  # it never folds: only a fold to its bet ends it early


def test_a_bot_seated_twice_plays_each_hand_in_both_seats() -> None:
    doubled = sim(bots=("tight", "random", "tight"), hands=300)
    result = collect(doubled, simulate(doubled))
    assert [(b.name, b.hands, b.seats) for b in result.bots] == [
        ("tight", 300, 2),
        ("random", 300, 1),
    ]
    tight = result.bots[0]
    assert tight.seat_hands == 600
    assert tight.bb_per_100 == pytest.approx(100 * tight.net / 600 / RULES.big_bet)


def test_an_interrupted_run_collects_the_chunks_it_finished() -> None:
    whole = sim(hands=300, keep_series=True)
    chunks = simulate(whole, chunk_hands=100)
    part = collect(whole, [chunks[2], chunks[0]])
    assert part.hands == 200
    assert not part.complete
    assert part.as_dict()["complete"] is False
    assert [b.hands for b in part.bots] == [200] * 4
    assert part.cumulative is not None
    assert part.cumulative.shape == (200, 4)
    assert sum(b.net for b in part.bots) == 0
    assert part.cumulative[-1].tolist() == [b.net for b in part.bots]
    assert collect(whole, chunks).complete


def test_local_processes_never_start_more_workers_than_chunks() -> None:
    seen: list[int] = []

    def count_workers(_: ChunkResult) -> None:
        seen.append(len(multiprocessing.active_children()))

    two_chunks = sim(hands=200, bots=("random", "random"))
    simulate(two_chunks, LocalProcesses(8), chunk_hands=100, on_chunk=count_workers)
    assert len(seen) == 2
    assert max(seen) <= 2
    one_chunk = sim(hands=50, bots=("random", "random"))
    seen.clear()
    simulate(one_chunk, LocalProcesses(8), chunk_hands=100, on_chunk=count_workers)
    assert seen == [0]  # a single chunk plays in this process
    assert multiprocessing.active_children() == []  # and the pool is gone afterwards


def test_kept_hands_are_phh_that_replays_to_the_same_stacks() -> None:
    kept = sim(hands=60, keep_hands=True)
    chunks = simulate(kept, chunk_hands=25)
    texts = [text for chunk in chunks for text in chunk.hands or ()]
    assert len(texts) == 60
    for text in texts:
        hand = parse_phh(text)
        assert replay(hand).final_stacks == hand.finishing_stacks


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"bots": ("tight",)}, "2 to 8"),
        ({"bots": ("tight", "shark")}, "no bot named 'shark'"),
        ({"hands": 0}, "at least 1"),
        ({"seed": -1}, "seed"),
        ({"stack": 0}, "from 1 to 1,000,000 chips"),
        ({"stack": MAX_CHIPS + 1}, "from 1 to 1,000,000 chips"),
        (
            {"rules": Rules(Variant.STUD, ante=1, bring_in=1, small_bet=5, big_bet=10**7)},
            "stakes go up to 1,000,000",
        ),
    ],
)
def test_bad_simulations_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(SimError, match=message):
        sim(**changes)


def test_jobs_must_be_positive() -> None:
    with pytest.raises(SimError, match="at least 1"):
        LocalProcesses(0)


class _Folder:
    """A bot with no compiled policy: folds whenever it may, else checks or calls."""

    name = "folder"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal_actions
        for action in (Show(), Fold(), Check(), Call(), BringIn()):
            if action in legal:
                return action
        return legal[rng.randrange(len(legal))]


def test_a_python_bot_plays_through_the_reference_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(BOTS, "folder", _Folder)
    mixed = sim(bots=("folder", "tight", "random"), hands=150, keep_hands=True)
    assert not mixed.compiled
    alone = simulate(mixed, chunk_hands=150)
    split = simulate(mixed, LocalProcesses(2), chunk_hands=40)
    assert collect(mixed, alone).as_dict() == collect(mixed, split).as_dict()
    result = collect(mixed, alone)
    folder = result.bots[0]
    assert folder.net < 0  # it only ever loses its ante or bring-in
    assert sum(b.net for b in result.bots) == 0
    texts = [t for chunk in alone for t in chunk.hands or ()]
    assert all(replay(parse_phh(t)).final_stacks == parse_phh(t).finishing_stacks for t in texts)
