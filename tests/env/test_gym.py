"""The Gymnasium environment: gymnasium's own checker, bots in the other seats, rewards."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from stud.env import StudGymEnv
from stud.env.encoding import CHECK_CALL, FOLD, O_SEATS, RAISE, action_mask, encode
from stud.views import view_of

EXAMPLE = Path(__file__).parents[2] / "examples" / "mybot.py"


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_gymnasium_check_env_passes(variant: str) -> None:
    check_env(StudGymEnv(variant, ("tight", "random")), skip_render_check=True)


def episode(env: StudGymEnv, seed: int, policy: int | None = None) -> tuple[float, int]:
    """A hand with the first legal action in ``policy``'s place; reward and steps."""
    observation, _ = env.reset(seed=seed)
    steps = 0
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0  # reset and step stop only where the learner must act
        action = policy if policy in legal else int(legal[0])
        observation, reward, terminated, truncated, info = env.step(action)
        assert "illegal_action" not in info
        steps += 1
        if terminated or truncated:
            return reward, steps
        assert reward == 0


def test_the_learner_plays_against_the_bots_to_the_end_of_the_hand() -> None:
    env = StudGymEnv("stud8", ("tight", "equity"), seat=1)
    rewards = [episode(env, seed, CHECK_CALL)[0] for seed in range(20)]
    hand = env.hand
    assert hand is not None
    assert hand.is_over
    assert rewards[-1] == hand.payoffs[1]
    assert len(set(rewards)) > 1


def test_folding_to_a_calling_station_costs_the_ante_or_checks_down() -> None:
    # Fold when facing the bring-in (lose the ante); as the bring-in, bring in, then check
    # down against a station that never bets: ante and bring-in (1 + 2) won or lost.
    env = StudGymEnv("stud", ("station",), stakes="1/2/5/10")
    rewards = {episode(env, seed, FOLD)[0] for seed in range(12)}
    assert rewards <= {-1.0, -3.0, 3.0}
    assert -1.0 in rewards


def test_a_seed_gives_the_same_hand_and_rewards_in_big_bets() -> None:
    chips = StudGymEnv("razz", ("random",))
    bets = StudGymEnv("razz", ("random",), reward_unit="big_bets")
    assert [episode(chips, 7, RAISE)] == [episode(chips, 7, RAISE)]
    reward, _ = episode(bets, 7, RAISE)
    assert reward == episode(chips, 7, RAISE)[0] / 10


def test_an_action_the_mask_forbids_is_played_passively_and_flagged() -> None:
    env = StudGymEnv("stud8", ("station",))
    observation, _ = env.reset(seed=3)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, _, _, _, info = env.step(forbidden)
    assert info == {"illegal_action": True}


def test_the_learner_sees_its_own_seat_first() -> None:
    env = StudGymEnv("stud", ("random",), players=4, seat=2)
    observation, _ = env.reset(seed=1)
    hand = env.hand
    assert hand is not None
    assert observation["observation"][O_SEATS + 3] == (hand.actor == 2)  # "to act" flag
    assert observation["observation"][O_SEATS + 4] == hand.stacks[2] / (4 * env.stack)


def test_a_bot_of_your_own_can_sit_at_the_table() -> None:
    env = StudGymEnv("stud8", (f"{EXAMPLE}:PairBot",))
    assert env.bots[1].name == "pairbot"
    episode(env, 0, CHECK_CALL)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"opponents": ()}, "name at least one bot"),
        ({"seat": 2}, "seat=2"),
        ({"opponents": ("shark",)}, "no bot named 'shark'"),
    ],
)
def test_bad_options_are_clear_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        StudGymEnv(**options)  # type: ignore[arg-type]


def test_stepping_after_the_hand_asks_for_a_reset() -> None:
    env = StudGymEnv("stud", ("station",))
    episode(env, 0, FOLD)
    with pytest.raises(RuntimeError, match=r"call reset\(\)"):
        env.step(CHECK_CALL)


def test_render_shows_the_hand_from_the_learner_s_chair() -> None:
    env = StudGymEnv("stud", ("tight",), render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str)
    assert "Dealt to learner" in text
    assert "Dealt to tight" in text


@pytest.mark.parametrize(
    ("variant", "opponents", "seat"),
    [("stud8", ("equity", "tight"), 0), ("razz", ("learned",), 1), ("stud", ("random",), 2)],
)
def test_the_compiled_engine_s_hands_hold_on_the_reference_engine(
    variant: str, opponents: tuple[str, ...], seat: int
) -> None:
    # The bots play inside the compiled engine; the hand replayed on the reference engine
    # (every action checked there) gives the learner the same observation and mask at
    # each of its decisions, and the same result at the end.
    env = StudGymEnv(variant, opponents, players=3, seat=seat, stack=300)
    assert env.table is not None
    choose = np.random.default_rng(3)
    decisions = 0
    for seed in range(30):
        observation, _ = env.reset(seed=seed)
        while True:
            hand = env.hand
            assert hand is not None
            assert hand.actor == seat
            view = view_of(hand, seat)
            np.testing.assert_array_equal(observation["observation"], encode(view, 3 * 300))
            np.testing.assert_array_equal(observation["action_mask"], action_mask(view))
            action = int(choose.choice(np.flatnonzero(observation["action_mask"])))
            observation, reward, terminated, _, _ = env.step(action)
            decisions += 1
            if terminated:
                hand = env.hand
                assert hand is not None
                assert hand.is_over
                assert reward == hand.payoffs[seat]
                break
            assert reward == 0
    assert decisions > 40


def test_a_bot_of_your_own_is_not_played_by_the_compiled_engine() -> None:
    assert StudGymEnv("stud8", ("tight", f"{EXAMPLE}:PairBot")).table is None
    assert StudGymEnv("stud8", ("tight",), engine="reference").table is None
    with pytest.raises(ValueError, match=r"plays built-in bots only, not .*mybot\.py:PairBot"):
        StudGymEnv("stud8", (f"{EXAMPLE}:PairBot",), engine="compiled")
