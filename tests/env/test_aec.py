"""The PettingZoo environment: PettingZoo's own API test, masks, rewards, seeds."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from stud.actions import Bet, BringIn, Complete
from stud.cards import Card
from stud.env import StudAECEnv
from stud.env.compiled_hand import past_showdown
from stud.env.encoding import (
    BIG_BET,
    BRING_IN,
    CHECK_CALL,
    FOLD,
    MUCK,
    N_ACTIONS,
    O_DOWN,
    O_SEATS,
    O_UP,
    RAISE,
    SHOW,
    action_map,
    action_mask,
    encode,
)
from stud.state import new_hand
from stud.views import view_of


@pytest.mark.parametrize(("variant", "players"), [("stud", 2), ("stud8", 5), ("razz", 8)])
def test_pettingzoo_api_test_passes(variant: str, players: int) -> None:
    # The API test notes what it does not expect of a simple game, as warnings. Three
    # notes are by design, as in PettingZoo's own card games: the observation is a dict
    # of the vector and the action mask (PettingZoo's way to mask actions), and when the
    # hand is over nothing is legal, so the agents' last masks are all zeros. Any other
    # note fails the test.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(StudAECEnv(variant, players), num_cycles=300)
    notes = {str(w.message) for w in caught}
    assert notes <= {
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box or "
        "gymnasium.spaces.discrete",
        "Action mask numpy array is all zeros (no legal actions).",
    }


def play_out(env: StudAECEnv, seed: int) -> list[tuple[str, int]]:
    """A whole hand with uniformly random legal actions; the moves made."""
    env.reset(seed=seed)
    choose = random.Random(seed)
    moves = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = choose.choice(np.flatnonzero(observation["action_mask"]).tolist())
        moves.append((agent, action))
        env.step(action)
    return moves


def test_a_seeded_episode_is_reproducible() -> None:
    first = StudAECEnv("stud8", 4)
    second = StudAECEnv("stud8", 4)
    assert play_out(first, 11) == play_out(second, 11)
    assert first.hand is not None
    assert second.hand is not None
    assert first.hand.events == second.hand.events
    assert play_out(first, 11) != play_out(first, 12)


def test_rewards_are_the_net_results_at_the_end_in_chips_or_big_bets() -> None:
    chips = StudAECEnv("stud", 3)
    bets = StudAECEnv("stud", 3, reward_unit="big_bets")
    totals: dict[str, list[float]] = {"chips": [], "bets": []}
    for env, key in ((chips, "chips"), (bets, "bets")):
        env.reset(seed=5)
        choose = random.Random(5)
        seen = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            seen[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            assert reward == 0  # nothing until the hand is over
            env.step(choose.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        totals[key] = list(seen.values())
    hand = chips.hand
    assert hand is not None
    assert totals["chips"] == [float(p) for p in hand.payoffs]
    assert totals["bets"] == [p / 10 for p in hand.payoffs]
    assert sum(totals["chips"]) == 0


def test_the_mask_names_the_real_action_kinds() -> None:
    env = StudAECEnv("stud", 2, stakes="1/1/5/10")
    env.reset(seed=3)
    agent = env.agent_selection
    legal = env.legal(agent)
    assert set(legal) == {BRING_IN, RAISE}  # the bring-in may bring in or complete
    assert legal[BRING_IN] == BringIn()
    assert isinstance(legal[RAISE], Complete)
    mask = env.observe(agent)["action_mask"]
    assert mask.tolist() == [int(i in legal) for i in range(N_ACTIONS)]
    other = next(a for a in env.possible_agents if a != agent)
    assert env.observe(other)["action_mask"].sum() == 0  # not its turn


def test_the_big_bet_is_the_larger_of_two_aggressive_amounts() -> None:
    # Seven-card stud: an open pair on fourth street lets the first to act bet either size.
    env = StudAECEnv("stud", 2, stakes="1/1/5/10")
    for seed in range(400):
        env.reset(seed=seed)
        while env.hand is not None and not env.hand.is_over:
            legal = env.legal(env.agent_selection)
            if BIG_BET in legal:
                assert legal[RAISE] == Bet(5)
                assert legal[BIG_BET] == Bet(10)
                return
            env.step(CHECK_CALL if CHECK_CALL in legal else min(legal))
    pytest.fail("no open pair on fourth street in 400 hands")


def test_show_and_muck_at_the_showdown_on_the_reference_engine() -> None:
    env = StudAECEnv("razz", 2, engine="reference")
    env.reset(seed=1)
    while True:
        legal = env.legal(env.agent_selection)
        if SHOW in legal:
            assert set(legal) == {SHOW, MUCK}
            break
        env.step(CHECK_CALL if CHECK_CALL in legal else BRING_IN)
    mucked = env.agent_selection
    env.step(MUCK)  # the other player takes the pot without showing
    assert env.hand is not None
    assert env.hand.is_over
    assert env.rewards[mucked] < 0
    assert sum(env.rewards.values()) == 0


def test_an_illegal_action_is_a_clear_error() -> None:
    env = StudAECEnv("stud8", 2)
    env.reset(seed=2)
    with pytest.raises(
        ValueError, match=r"player_\d: action 0 is not legal now; legal: 2 bring-in"
    ):
        env.step(FOLD)


def test_the_observation_holds_only_what_the_agent_may_see() -> None:
    env = StudAECEnv("stud", 3)
    env.reset(seed=9)
    hand = env.hand
    assert hand is not None
    for index, agent in enumerate(env.possible_agents):
        vector = env.observe(agent)["observation"]
        down = {c for c in range(52) if vector[O_DOWN + c]}
        assert down == {c.code for c in hand.down[index]}
        mine = {c for c in range(52) if vector[O_UP + c]}
        assert mine == {c.code for c in hand.up[index]}
        others_down = {c.code for s in range(3) if s != index for c in hand.down[s]}
        assert not others_down & {c for c in range(52) if vector[c:O_SEATS:52].any()}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 9}, "players=9: stud is for 2 to 8 players"),
        ({"reward_unit": "dollars"}, "reward_unit='dollars'"),
        ({"stack": 0}, "stack=0"),
        ({"variant": "holdem"}, "holdem"),
        ({"render_mode": "rgb_array"}, "render_mode='rgb_array'"),
        ({"engine": "pokerkit"}, "engine='pokerkit': choose 'compiled' or 'reference'"),
        ({"stack": 2**30}, "stack=1073741824: the compiled table keeps chips in 32 bits"),
    ],
)
def test_bad_options_are_clear_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        StudAECEnv(**options)  # type: ignore[arg-type]


def test_render_shows_the_hand_as_text() -> None:
    env = StudAECEnv("stud8", 2, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str)
    assert "player 1" in text
    assert "3RD STREET" in text


def test_import_stud_does_not_import_the_rl_libraries() -> None:
    code = (
        "import sys, stud, stud.bots, stud.cli.main, stud.sim.run\n"
        "print(sorted(m for m in ('pettingzoo', 'gymnasium') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("variant", "players", "stakes"),
    [("stud8", 2, "1/2/5/10"), ("stud", 4, "1/1/5/10"), ("razz", 7, "1/2/5/10")],
)
def test_the_compiled_engine_matches_the_reference_engine_step_by_step(
    variant: str, players: int, stakes: str
) -> None:
    # The same deck dealt on the reference engine and the same action indices played:
    # every agent's observation and mask, at every step and at the end, and the rewards.
    env = StudAECEnv(variant, players, stakes=stakes, stack=200)
    assert env.table is not None
    chips = players * env.stack
    choose = random.Random(7)
    steps = 0
    for seed in range(40):
        env.reset(seed=seed)
        deck = [Card.from_code(int(c)) for c in env.table.deck]
        hand = new_hand(env.rules, [env.stack] * players, deck=deck)
        for agent in env.agent_iter():
            for seat, name in enumerate(env.possible_agents):
                view = view_of(hand, seat)
                seen = env.observe(name)
                np.testing.assert_array_equal(seen["observation"], encode(view, chips))
                np.testing.assert_array_equal(seen["action_mask"], action_mask(view))
            _, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                assert reward == hand.payoffs[env.possible_agents.index(agent)]
                env.step(None)
                continue
            assert hand.actor == env.possible_agents.index(agent)
            legal = action_map(view_of(hand, hand.actor))
            assert env.legal(agent) == legal
            action = choose.choice(sorted(legal))
            hand = past_showdown(hand.apply(legal[action]))
            env.step(action)
            steps += 1
        assert hand.is_over
        assert env.hand is not None
        assert env.hand.events == hand.events  # the replayed hand is the one played
    assert steps > 40 * players


def test_each_engine_deals_a_seed_s_hands_again() -> None:
    compiled = StudAECEnv("stud8", 3)
    reference = StudAECEnv("stud8", 3, engine="reference")
    assert play_out(compiled, 3) == play_out(compiled, 3)
    assert play_out(reference, 3) == play_out(reference, 3)
    assert compiled.table is not None
    assert reference.table is None
