"""The compiled engine against the reference engine (``stud.state``).

Same deck order, same choices: the two must offer the same legal actions at every
decision, show the actor exactly ``observe(view_of(state, seat))``, and end with the
same stacks. The hands come from the shared strategies (``strategies.setups``): every
variant and rule option, any legal stakes (big bet equal to the small bet, any
bring-in), stacks from one chip (all-in on the ante) to deep. They are played twice
over: by random legal choices made here (folds where checking is free included,
R5.8), and by all five compiled policies inside the engine.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import Setup, choose, setups
from stud.actions import Show, action_of, code_of
from stud.bots.observation import MAX_LEGAL, MAX_SEATS, observe
from stud.cards import Card
from stud.compiled import engine, runs
from stud.compiled.evaluation import kernel_tables
from stud.compiled.policies import EQUITY, LEARNED, RANDOM, STATION, TIGHT
from stud.compiled.rng import Stream, hand_start, hand_start_compiled, next_u64
from stud.rules import Rules, Variant
from stud.state import HandState, new_hand
from stud.views import view_of


def reference(rules: Rules, stacks: list[int], played: runs.PlayedHand) -> HandState:
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


POLICIES = st.sampled_from([RANDOM, STATION, TIGHT, EQUITY, LEARNED])


@settings(max_examples=400, deadline=None)
@given(setups(), st.lists(POLICIES, min_size=8, max_size=8), st.integers(0, 2**64 - 1))
def test_hands_the_policies_play_match_the_reference_engine(
    setup: Setup, policies: list[int], start: int
) -> None:
    stacks = list(setup.stacks)
    played = runs.play_one(setup.rules, stacks, policies[: len(stacks)], start, max_actions=4000)
    state = reference(setup.rules, stacks, played)
    assert played.final_stacks == state.final_stacks
    assert played.rake == state.rake
    assert sum(played.final_stacks) + played.rake == sum(stacks)  # R9.4


@settings(max_examples=400, deadline=None)
@given(setups())
def test_hands_played_at_random_match_the_reference_engine(setup: Setup) -> None:
    """Drive the compiled engine action by action with the reference's random choices."""
    stacks = np.zeros(len(setup.stacks), dtype=np.int64)
    stacks[:] = setup.stacks
    r = engine.rules_array(setup.rules)
    t = np.zeros(engine.T_SIZE, dtype=np.int64)
    cards = np.zeros((MAX_SEATS, 7), dtype=np.int64)
    won = np.zeros(MAX_SEATS, dtype=np.int64)
    deck = np.array([c.code for c in setup.deck], dtype=np.uint8)
    tabs = kernel_tables()
    kinds = np.zeros(MAX_LEGAL, dtype=np.int64)
    amounts = np.zeros(MAX_LEGAL, dtype=np.int64)
    engine.start_hand(t, r, cards, deck, stacks, tabs, won)
    state = setup.start()
    rng = random.Random(setup.seed)
    while t[engine.T_ACTOR] >= 0:
        assert state.actor == t[engine.T_ACTOR]
        count = engine.legal_actions(t, r, kinds, amounts)
        offered = [action_of(int(kinds[i]), int(amounts[i])) for i in range(count)]
        assert offered == state.legal_actions()
        action = choose(state, rng, setup.fold_rate)
        kind, amount = code_of(action)
        engine.apply_action(t, r, cards, deck, kind, amount, tabs, won)
        state = state.apply(action)
    while not state.is_over:
        assert state.actor is not None
        state = state.apply(Show())
    assert tuple(int(x) for x in t[engine.T_STACK : engine.T_STACK + len(stacks)]) == (
        state.final_stacks
    )
    assert t[engine.T_RAKE] == state.rake


def test_r3_4_eight_stations_share_a_community_card() -> None:
    rules = Rules(Variant.STUD8, ante=1, bring_in=2, small_bet=5, big_bet=10)
    communities = 0
    for start in range(40):
        played = runs.play_one(rules, [500] * 8, [STATION] * 8, start)
        state = reference(rules, [500] * 8, played)
        assert played.final_stacks == state.final_stacks
        assert played.community == (-1 if state.community is None else state.community.code)
        communities += played.community >= 0
    assert communities == 40  # eight callers always reach seventh street short of cards


def test_a_given_deck_is_dealt_in_order() -> None:
    rules = Rules(Variant.STUD, ante=1, bring_in=2, small_bet=5, big_bet=10)
    deck = list(range(51, -1, -1))
    played = runs.play_one(rules, [100, 100], [STATION, STATION], 1, deck=deck)
    assert played.deck.tolist() == deck
    assert reference(rules, [100, 100], played).final_stacks == played.final_stacks


def test_chunk_totals_conserve_chips_and_rotate_seats() -> None:
    rules = Rules(Variant.RAZZ, ante=1, bring_in=2, small_bet=5, big_bet=10)
    lineup = np.array([TIGHT, RANDOM, STATION], dtype=np.int64)
    stats = np.zeros((3, runs.S_FIELDS), dtype=np.int64)
    empty = np.zeros((0, 3), dtype=np.int32)
    runs.run_hands(
        engine.rules_array(rules),
        np.full(3, 300, dtype=np.int64),
        lineup,
        np.uint64(5),
        0,
        300,
        kernel_tables(),
        stats,
        empty,
        np.zeros((0, 52), dtype=np.uint8),
        np.zeros((0, engine.MAX_ACTIONS, 4), dtype=np.int64),
        np.zeros(0, dtype=np.int64),
    )
    assert stats[:, runs.S_HANDS].tolist() == [300, 300, 300]
    assert stats[:, runs.S_NET].sum() == 0
    assert (stats[:, runs.S_SCOOPS] <= stats[:, runs.S_SHOWDOWNS]).all()
    assert (stats[:, runs.S_NET_SQ] > 0).all()


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
        played = runs.play_one(rules, [1, 2000, 1], [STATION] * 3, start)
        assert played.actions.size == 0  # two players all-in on the ante: no betting
        assert played.final_stacks == reference(rules, [1, 2000, 1], played).final_stacks
        assert sum(played.final_stacks) == 2002


def test_r5_5_equal_small_and_big_bets_offer_one_size() -> None:
    rules = Rules(Variant.STUD, ante=1, bring_in=2, small_bet=10, big_bet=10)
    for start in range(200):
        played = runs.play_one(rules, [300] * 5, [RANDOM] * 5, start)
        assert played.final_stacks == reference(rules, [300] * 5, played).final_stacks
