"""The compiled engine against the reference engine (``stud.state``).

Same deck order, same choices: the two must offer the same legal actions at every
decision, show the actor exactly ``observe(view_of(state, seat))``, and end with the
same stacks. Random hands cover every variant and rule option, stacks from one chip
(all-in on the ante) to deep, and all four compiled policies.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from stud.actions import Show
from stud.bots.observation import action_of, observe
from stud.bots.policies import EQUITY, RANDOM, STATION, TIGHT
from stud.cards import Card
from stud.rules import Rules, ShortAllInRule, Variant
from stud.sim import engine
from stud.sim.rng import Stream, hand_start, hand_start_compiled, next_u64
from stud.state import HandState, new_hand
from stud.views import view_of


def reference(rules: Rules, stacks: list[int], played: engine.PlayedHand) -> HandState:
    """Replay a compiled hand on the reference engine, checking every decision."""
    state = new_hand(rules, stacks, deck=[Card.from_code(int(c)) for c in played.deck])
    for row, seen in zip(played.actions.tolist(), played.observations, strict=True):
        seat, kind, amount, offered = row
        assert state.actor == seat
        assert len(state.legal_actions()) == offered
        np.testing.assert_array_equal(observe(view_of(state, seat)), seen)
        state = state.apply(action_of(kind, amount))
    while not state.is_over:
        state = state.apply(Show())
    return state


def random_rules(rng: random.Random) -> Rules:
    return Rules(
        variant=rng.choice(list(Variant)),
        ante=rng.choice([0, 1, 1, 2]),
        bring_in=2,
        small_bet=(small := rng.choice([5, 10])),
        big_bet=rng.choice([20, 20, small]),
        max_raises=rng.choice([3, 3, 1, 4]),
        uncapped_heads_up=rng.random() < 0.2,
        short_all_in_rule=rng.choice(list(ShortAllInRule)),
        dead_antes=rng.random() < 0.3,
    )


def test_random_hands_match_the_reference_engine() -> None:
    rng = random.Random(20240501)
    for _ in range(2500):
        rules = random_rules(rng)
        n = rng.randint(2, 8)
        stacks = [rng.choice([rng.randint(1, 30), rng.randint(1, 250), 2000]) for _ in range(n)]
        policies = [rng.choice([RANDOM, RANDOM, STATION, TIGHT, EQUITY]) for _ in range(n)]
        played = engine.play_one(rules, stacks, policies, rng.getrandbits(64))
        state = reference(rules, stacks, played)
        assert played.final_stacks == state.final_stacks
        assert sum(played.final_stacks) == sum(stacks)


def test_r3_4_eight_stations_share_a_community_card() -> None:
    rules = Rules(Variant.STUD8, ante=1, bring_in=2, small_bet=5, big_bet=10)
    communities = 0
    for start in range(40):
        played = engine.play_one(rules, [500] * 8, [STATION] * 8, start)
        state = reference(rules, [500] * 8, played)
        assert played.final_stacks == state.final_stacks
        assert played.community == (-1 if state.community is None else state.community.code)
        communities += played.community >= 0
    assert communities == 40  # eight callers always reach seventh street short of cards


def test_a_given_deck_is_dealt_in_order() -> None:
    rules = Rules(Variant.STUD, ante=1, bring_in=2, small_bet=5, big_bet=10)
    deck = list(range(51, -1, -1))
    played = engine.play_one(rules, [100, 100], [STATION, STATION], 1, deck=deck)
    assert played.deck.tolist() == deck
    assert reference(rules, [100, 100], played).final_stacks == played.final_stacks


def test_chunk_totals_conserve_chips_and_rotate_seats() -> None:
    rules = Rules(Variant.RAZZ, ante=1, bring_in=2, small_bet=5, big_bet=10)
    lineup = np.array([TIGHT, RANDOM, STATION], dtype=np.int64)
    stats = np.zeros((3, engine.S_FIELDS), dtype=np.int64)
    empty = np.zeros((0, 3), dtype=np.int32)
    engine.play_chunk(
        engine.rules_array(rules),
        np.full(3, 300, dtype=np.int64),
        lineup,
        np.uint64(5),
        0,
        300,
        engine.kernel_tables(),
        stats,
        empty,
        np.zeros((0, 52), dtype=np.uint8),
        np.zeros((0, engine.MAX_ACTIONS, 4), dtype=np.int64),
        np.zeros(0, dtype=np.int64),
    )
    assert stats[:, engine.S_HANDS].tolist() == [300, 300, 300]
    assert stats[:, engine.S_NET].sum() == 0
    assert (stats[:, engine.S_SCOOPS] <= stats[:, engine.S_SHOWDOWNS]).all()
    assert (stats[:, engine.S_NET_SQ] > 0).all()


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_compiled_stream_is_the_python_stream(seed: int) -> None:
    for index in (0, 1, 999_999):
        start = hand_start(seed, index)
        assert int(hand_start_compiled(np.uint64(seed), index)) == start
        python = Stream(start)
        compiled = np.array([start], dtype=np.uint64)
        for _ in range(5):
            assert int(next_u64(compiled)) == python.next_u64()


@pytest.mark.parametrize("variant", list(Variant))
def test_r6_1_dead_antes_are_never_an_uncalled_bet(variant: Variant) -> None:
    rules = Rules(variant, ante=2, bring_in=2, small_bet=5, big_bet=20, dead_antes=True)
    for start in range(30):
        played = engine.play_one(rules, [1, 2000, 1], [STATION] * 3, start)
        assert played.actions.size == 0  # two players all-in on the ante: no betting
        assert played.final_stacks == reference(rules, [1, 2000, 1], played).final_stacks
        assert sum(played.final_stacks) == 2002


def test_r5_5_equal_small_and_big_bets_offer_one_size() -> None:
    rules = Rules(Variant.STUD, ante=1, bring_in=2, small_bet=10, big_bet=10)
    for start in range(200):
        played = engine.play_one(rules, [300] * 5, [RANDOM] * 5, start)
        assert played.final_stacks == reference(rules, [300] * 5, played).final_stacks
