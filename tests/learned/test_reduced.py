"""The reduced stud game, CFR+, the exact best response and the self-play learner on it.

Kuhn poker is the reduced game with three ranks of one card, one street and a single
bet: its first player's equilibrium value is -1/18, and best responses to simple
strategies there can be worked out by hand.
"""

from __future__ import annotations

import numpy as np
import pytest

from stud.compiled.cfr import CFRPlus, best_response, exploitability, uniform
from stud.learned.reduced import (
    CALL,
    DECISION,
    FOLD,
    KUHN,
    RAISE,
    STANCES,
    TERMINAL,
    ReducedStud,
    game_tree,
)
from stud.learned.reduced_selfplay import ReducedSelfPlay, SelfPlayConfig, policy_table
from stud.learned.train import TrainConfig

SMALL = ReducedStud(ranks=3, copies=2, streets=2, bets=(1, 2), cap=2)


def always(stance: int, fallback: int) -> np.ndarray:
    """The strategy that plays ``stance`` wherever it is open, else ``fallback``."""
    tree = game_tree(KUHN)
    table = np.zeros((len(tree.legal), STANCES))
    for i, legal in enumerate(tree.legal):
        table[i, stance if legal[stance] else fallback] = 1.0
    return table


def test_kuhn_is_the_known_game() -> None:
    tree = game_tree(KUHN)
    assert len(tree.legal) == 12  # 3 cards x 2 betting histories, for each player
    assert np.isclose(tree.edge_prob.sum(), 1 + 3 * (1 / 2 + 1 / 2))  # 1/3 x3, then 1/2 x6
    terminal = tree.payoff[tree.kind == TERMINAL]
    assert set(terminal.tolist()) == {-2.0, -1.0, 1.0, 2.0}


def test_best_responses_to_simple_strategies_match_the_hand_count() -> None:
    tree = game_tree(KUHN)
    # Against a player who never bets and always calls: bet the king (+2), the queen
    # breaks even either way, check and lose the ante with the jack: (2 + 0 - 1) / 3.
    passive = always(CALL, CALL)
    assert best_response(tree, passive, 0) == pytest.approx(1 / 3)
    # Against a player who always bets: call with the king (+2), call with the queen
    # (+2 against the jack, -2 against the king: 0), fold the jack (-1): (2 + 0 - 1) / 3.
    aggressive = always(RAISE, CALL)
    assert best_response(tree, aggressive, 1) == pytest.approx(1 / 3)
    # The uniform strategy's exploitability in Kuhn poker is 11/24.
    assert exploitability(tree, uniform(tree)) == pytest.approx(11 / 24)


def test_cfr_plus_goes_to_kuhn_s_equilibrium() -> None:
    tree = game_tree(KUHN)
    cfr = CFRPlus(tree)
    cfr.run(50)
    early = exploitability(tree, cfr.average())
    cfr.run(1950)
    average = cfr.average()
    late = exploitability(tree, average)
    assert late < early
    assert late < 1e-3
    # Each best response then wins the game's value, -1/18 for the first player.
    assert best_response(tree, average, 0) == pytest.approx(-1 / 18, abs=2e-3)
    assert best_response(tree, average, 1) == pytest.approx(1 / 18, abs=2e-3)
    assert np.allclose(average.sum(axis=1), 1.0)
    assert not (average * ~tree.legal).any()  # never a stance that is not open


def test_random_strategies_are_exploitable_and_cfr_plus_is_far_less_so() -> None:
    tree = game_tree(SMALL)
    rng = np.random.default_rng(1)
    for _ in range(3):
        table = rng.random((len(tree.legal), STANCES)) * tree.legal
        table /= table.sum(axis=1, keepdims=True)
        assert exploitability(tree, table) > 0
    cfr = CFRPlus(tree)
    cfr.run(300)
    assert 0 <= exploitability(tree, cfr.average()) < exploitability(tree, uniform(tree)) / 20


def test_the_reduced_game_is_stud_shaped() -> None:
    tree = game_tree(SMALL)
    decisions = tree.kind == DECISION
    assert (tree.child[decisions, CALL] >= 0).all()  # checking or calling is always open
    # folding is open exactly when facing a bet, and at most `cap` bets a street
    assert tree.legal[:, FOLD].any()
    assert not tree.legal[:, FOLD].all()
    nodes = np.flatnonzero(decisions)
    for stance in range(STANCES):  # preorder: a child after its parent, one level deeper
        open_ = tree.child[nodes, stance] >= 0
        children = tree.child[nodes[open_], stance]
        assert (children > nodes[open_]).all()
        assert (tree.depth[children] == tree.depth[nodes[open_]] + 1).all()
    # payoffs are bounded by the ante and the capped bets of both streets
    assert np.abs(tree.payoff).max() == 1 + 2 * 1 + 2 * 2


@pytest.mark.parametrize(
    "options",
    [
        {"ranks": 1},
        {"streets": 2, "bets": (1,)},
        {"ranks": 2, "copies": 1, "streets": 2, "bets": (1, 1)},
        {"cap": 0},
    ],
)
def test_a_game_that_cannot_be_dealt_is_a_clear_error(options: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"cards|bets|cap"):
        ReducedStud(**options)  # type: ignore[arg-type]


def test_self_play_learns_and_its_policy_is_a_strategy() -> None:
    tree = game_tree(KUHN)
    config = SelfPlayConfig(seed=3, batch=1024, ppo=TrainConfig(entropy=0.0))
    learner = ReducedSelfPlay(tree, config)
    before = exploitability(tree, learner.policy())
    for _ in range(30):
        learner.step()
    table = policy_table(learner.params, tree)
    assert np.allclose(table.sum(axis=1), 1.0)
    assert not (table * ~tree.legal).any()
    assert exploitability(tree, table) < before
    again = ReducedSelfPlay(tree, config)
    for _ in range(30):
        again.step()
    np.testing.assert_array_equal(again.policy(), table)  # a seed gives the same run
