"""The batched environment against the reference engine, step by step on seeded hands.

Every table's deck is dealt again by ``stud.state`` and the same choices are played
there; at each decision the batched observation and mask must be ``encode`` and
``action_mask`` of the actor's ``PlayerView``, and each finished hand's rewards the
reference engine's payoffs.
"""

from __future__ import annotations

import numpy as np
import pytest

from stud.cards import Card
from stud.env.batched import BatchedStudEnv
from stud.env.compiled_hand import past_showdown
from stud.env.encoding import BIG_BET, N_ACTIONS, OBS_SIZE, action_map, encode
from stud.rules import Rules
from stud.state import HandState, new_hand
from stud.views import view_of


def _reference(env: BatchedStudEnv, table: int) -> HandState:
    deck = [Card.from_code(int(c)) for c in env.decks[table]]
    return new_hand(env.rules, [env.stack] * env.players, deck=deck)


@pytest.mark.parametrize(
    ("variant", "players", "stakes"),
    [
        ("stud8", 2, "1/2/5/10"),
        ("stud", 4, "1/2/5/10"),
        ("razz", 8, "1/2/5/10"),
        ("stud", 3, "5/5/10/20"),
    ],
)
def test_every_seat_matches_the_reference_engine(variant: str, players: int, stakes: str) -> None:
    tables = 6
    env = BatchedStudEnv(tables, variant, players, every_seat=True, stakes=stakes, stack=300)
    obs, masks = env.reset(seed=11)
    hands = [_reference(env, i) for i in range(tables)]
    choose = np.random.default_rng(5)
    chips = env.stack * players
    finished = 0
    big_bets = 0
    for _ in range(400):
        actions = np.zeros(tables, dtype=np.int64)
        for i, hand in enumerate(hands):
            assert hand.actor == env.actor[i]
            view = view_of(hand, int(env.actor[i]))
            legal = action_map(view)
            assert sorted(legal) == np.flatnonzero(masks[i]).tolist()
            np.testing.assert_array_equal(obs[i], encode(view, chips))
            actions[i] = choose.choice(np.flatnonzero(masks[i]))
            big_bets += int(actions[i] == BIG_BET)
            hands[i] = past_showdown(hand.apply(legal[int(actions[i])]))
        obs, masks, rewards, dones = env.step(actions)
        assert rewards.shape == (tables, players)
        for i, hand in enumerate(hands):
            assert dones[i] == hand.is_over
            if hand.is_over:
                assert rewards[i].tolist() == list(hand.payoffs)
                hands[i] = _reference(env, i)
                finished += 1
            else:
                assert not rewards[i].any()
    assert finished > 20
    if variant == "stud":
        assert big_bets > 0  # the open pair's choice came up (R5.5)


def test_one_seat_against_bots_keeps_every_chip_and_repeats_with_its_seed() -> None:
    def play(seed: int) -> tuple[np.ndarray, np.ndarray]:
        env = BatchedStudEnv(64, "stud8", 4, opponents=("tight", "random"), seat=2)
        obs, masks = env.reset(seed=seed)
        assert obs.shape == (64, OBS_SIZE)
        assert masks.shape == (64, N_ACTIONS)
        choose = np.random.default_rng(seed)
        total = np.zeros(64)
        dones = 0
        for _ in range(60):
            assert (env.actor == 2).all()
            actions = np.array([choose.choice(np.flatnonzero(m)) for m in masks])
            obs, masks, rewards, done = env.step(actions)
            assert rewards.shape == (64,)
            assert not rewards[~done].any()
            total += rewards
            dones += int(done.sum())
        assert dones > 64
        return total, obs

    first, obs = play(3)
    again, obs_again = play(3)
    other, _ = play(4)
    np.testing.assert_array_equal(first, again)
    np.testing.assert_array_equal(obs, obs_again)
    assert not np.array_equal(first, other)


def test_rewards_in_big_bets_divide_chips_by_the_big_bet() -> None:
    chips = BatchedStudEnv(16, "razz", 2, reward_unit="chips")
    bets = BatchedStudEnv(16, "razz", 2, reward_unit="big_bets")
    _, masks = chips.reset(seed=1)
    bets.reset(seed=1)
    for _ in range(30):
        actions = masks.argmax(axis=1)
        _, masks, in_chips, _ = chips.step(actions)
        _, _, in_bets, _ = bets.step(actions)
        np.testing.assert_allclose(in_bets * Rules.from_stakes("1/2/5/10").big_bet, in_chips)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = BatchedStudEnv(4, "stud", 2)
    _, masks = env.reset(seed=2)
    bad = masks.argmax(axis=1)
    illegal = int(np.flatnonzero(masks[1] == 0)[0])
    bad[1] = illegal
    with pytest.raises(ValueError, match=rf"table 1: action {illegal} is not legal now"):
        env.step(bad)
    with pytest.raises(ValueError, match="actions: expected 4 whole numbers"):
        env.step([0, 1])
    with pytest.raises(ValueError, match="not legal"):
        env.step(np.full(4, 9))
    after, _, _, _ = env.step(masks.argmax(axis=1))
    fresh = BatchedStudEnv(4, "stud", 2)
    _, fresh_masks = fresh.reset(seed=2)
    again, _, _, _ = fresh.step(fresh_masks.argmax(axis=1))
    np.testing.assert_array_equal(after, again)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tables": 0}, "tables=0"),
        ({"players": 9}, "players=9"),
        ({"seat": 2}, "seat=2"),
        ({"opponents": ("shark",)}, "opponents="),
        ({"players": 8, "stack": 2**28}, "stack=268435456: the tables keep chips in 32 bits"),
    ],
)
def test_bad_options_are_clear_errors(kwargs: dict[str, object], message: str) -> None:
    options: dict[str, object] = {"tables": 2, **kwargs}
    with pytest.raises(ValueError, match=message):
        BatchedStudEnv(**options)  # type: ignore[arg-type]


def test_without_copies_the_arrays_are_the_same_play() -> None:
    copied = BatchedStudEnv(8, "stud", 3)
    shared = BatchedStudEnv(8, "stud", 3, copy=False)
    _, masks = copied.reset(seed=9)
    _, shared_masks = shared.reset(seed=9)
    for _ in range(20):
        actions = masks.argmax(axis=1)
        obs, masks, rewards, dones = copied.step(actions)
        shared_obs, shared_masks, shared_rewards, shared_dones = shared.step(actions)
        np.testing.assert_array_equal(obs, shared_obs)
        np.testing.assert_array_equal(masks, shared_masks)
        np.testing.assert_array_equal(rewards, shared_rewards)
        np.testing.assert_array_equal(dones, shared_dones)
