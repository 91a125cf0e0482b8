"""The learned bot's training method on a reduced stud game, to measure it exactly.

``stud.learned.train`` trains the ``learned`` bot by PPO self-play against a
reservoir of its past selves, whose strength on the full game can only be measured
by play. This module runs the same method (the same network shape, the same PPO
gradients and Adam steps of ``stud.learned.train``, the same reservoir of past
snapshots as opponents) on a reduced game (``stud.learned.reduced``), where the
exploitability of the policy it learns is exact (``stud.compiled.cfr``), so it can
be set against tabular CFR+ at the same budget of CPU time.

Hands are sampled many at a time: every hand of a batch walks the tree in step,
chance picking a child by its probability and each player a stance from its
policy's table over all information sets (the network run once on every set's
features).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from stud.compiled.cfr import Strategy
from stud.learned.reduced import CHANCE, DECISION, STANCES, TERMINAL, GameTree
from stud.learned.train import (
    Adam,
    Params,
    TrainConfig,
    init_params,
    keep_snapshot,
    ppo_update,
)

__all__ = ["ReducedSelfPlay", "SelfPlayConfig", "policy_table"]


def policy_table(params: Params, tree: GameTree) -> Strategy:
    """The network's stance probabilities at every information set, closed stances at 0."""
    h1 = np.tanh(tree.features @ params["w1"] + params["b1"])
    h2 = np.tanh(h1 @ params["w2"] + params["b2"])
    logits = (h2 @ params["w3"] + params["b3"])[:, :STANCES]
    logits = np.where(tree.legal, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    e = np.where(tree.legal, np.exp(logits), 0.0)
    table: Strategy = e / e.sum(axis=1, keepdims=True)
    return table


@dataclass(frozen=True, slots=True)
class SelfPlayConfig:
    """The numbers of a run; the PPO settings are the full game's (``TrainConfig``)."""

    seed: int = 0
    batch: int = 4096
    """Hands an iteration plays."""
    pool: int = 12
    snapshot_every: int = 5
    ppo: TrainConfig = field(default_factory=TrainConfig)


class ReducedSelfPlay:
    """PPO self-play on a reduced game's tree: ``step()`` plays a batch and learns."""

    def __init__(self, tree: GameTree, config: SelfPlayConfig = SelfPlayConfig()) -> None:
        self.tree = tree
        self.config = config
        self.rng = np.random.default_rng(config.seed)
        self.params = init_params(self.rng, tree.features.shape[1])
        self.adam = Adam(self.params, config.ppo.learning_rate)
        self.pool: list[Params] = []
        self.iteration = 0
        self._bits = (tree.legal * (1 << np.arange(STANCES))).sum(axis=1).astype(np.int64)
        self._scale = float(np.abs(tree.payoff).max())

    def policy(self) -> Strategy:
        """The current policy as a table over the information sets."""
        return policy_table(self.params, self.tree)

    def step(self) -> None:
        """A batch: half the hands against the current policy, half against a past one."""
        c = self.config
        mine = self.policy()
        past = self.pool[self.rng.integers(len(self.pool))] if self.pool else self.params
        opponent = [mine, policy_table(past, self.tree)]
        seat = np.arange(c.batch) % 2  # the learner's seat, alternating
        against = (np.arange(c.batch) // 2) % 2  # 0: the current policy, 1: the past one
        sets, stances, probs, hand_of, payoff = _sample(
            self.tree, mine, opponent, seat, against, self.rng
        )
        returns = payoff[hand_of] * np.where(seat[hand_of] == 0, 1.0, -1.0) / self._scale
        x = self.tree.features[sets]
        bits = self._bits[sets]
        ppo_update(self.params, self.adam, self.rng, x, bits, stances, probs, returns, c.ppo)
        self.iteration += 1
        if self.iteration % c.snapshot_every == 0:
            taken = self.iteration // c.snapshot_every
            keep_snapshot(self.pool, self.params, taken, c.pool, self.rng)

    def run(self, seconds: float) -> None:
        """Steps for ``seconds`` of CPU time."""
        start = time.process_time()
        while time.process_time() - start < seconds:
            self.step()


def _sample(
    tree: GameTree,
    mine: Strategy,
    opponents: list[Strategy],
    seat: npt.NDArray[np.int64],
    against: npt.NDArray[np.int64],
    rng: np.random.Generator,
) -> tuple[
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.float64],
    npt.NDArray[np.int64],
    npt.NDArray[np.float64],
]:
    """Hands walked down the tree in step: the learner's decisions (information set,
    stance, its probability, the hand) and each hand's result for player 0."""
    n = len(seat)
    node = np.zeros(n, dtype=np.int64)
    hands = np.arange(n)
    sets: list[npt.NDArray[np.int64]] = []
    stances: list[npt.NDArray[np.int64]] = []
    probs: list[npt.NDArray[np.float64]] = []
    owners: list[npt.NDArray[np.int64]] = []
    live = np.ones(n, dtype=bool)
    widest = int(tree.edges.max())
    while live.any():
        at = hands[live]
        v = node[at]
        kind = tree.kind[v]
        chance = at[kind == CHANCE]
        if len(chance):
            cv = node[chance]
            u = rng.random(len(chance))
            cum = np.zeros(len(chance))
            pick = np.full(len(chance), -1, dtype=np.int64)
            for k in range(widest):
                has = k < tree.edges[cv]
                edge = np.where(has, tree.first_edge[cv] + k, 0)
                cum += np.where(has, tree.edge_prob[edge], 0.0)
                pick = np.where((pick < 0) & has & (u < cum), edge, pick)
            last = tree.first_edge[cv] + tree.edges[cv] - 1
            pick = np.where(pick < 0, last, pick)  # rounding at the top of the sum
            node[chance] = tree.edge_child[pick]
        acting = at[kind == DECISION]
        if len(acting):
            dv = node[acting]
            i = tree.infoset[dv]
            learner = tree.player[dv] == seat[acting]
            table = np.where(
                learner[:, None],
                mine[i],
                np.where((against[acting] == 0)[:, None], opponents[0][i], opponents[1][i]),
            )
            u = rng.random(len(acting))
            choice = (u[:, None] >= np.cumsum(table, axis=1)).sum(axis=1)
            choice = np.minimum(choice, STANCES - 1)
            closed = ~tree.legal[i, choice]  # rounding past the last open stance
            choice = np.where(
                closed, np.argmax(np.where(tree.legal[i], np.arange(STANCES), -1), axis=1), choice
            )
            sets.append(i[learner])
            stances.append(choice[learner])
            probs.append(mine[i[learner], choice[learner]])
            owners.append(acting[learner])
            node[acting] = tree.child[dv, choice]
        live[at[kind == TERMINAL]] = False
    payoff = tree.payoff[node]
    return (
        np.concatenate(sets),
        np.concatenate(stances),
        np.concatenate(probs),
        np.concatenate(owners),
        payoff,
    )
