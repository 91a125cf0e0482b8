"""Tabular CFR+ and the exact best response on a reduced stud game (``stud.learned.reduced``).

Counterfactual regret minimisation is the method with a guarantee for two-player
zero-sum games of imperfect information: the average of its strategies goes to an
equilibrium. CFR+ (Tammelin 2014) floors the regrets at zero and weights later
iterations more, and is the fastest of the tabular variants in practice. Here it
runs on the whole tree of a reduced game each iteration, both players updated at
once, in two compiled passes over the preorder arrays: reach probabilities forwards,
values and regrets backwards.

``best_response`` is exact: for one player against a fixed strategy of the other,
it picks at each of that player's information sets the stance with the largest
expected value summed over the histories the set holds (each weighted by the
chance and the opponent's probability of reaching it), the deepest sets first, so
every later choice is already a best one. ``exploitability`` is the mean of the two
players' best-response values: zero exactly at an equilibrium, in chips a hand.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from stud.learned.reduced import CHANCE, DECISION, STANCES, TERMINAL, GameTree

__all__ = ["CFRPlus", "best_response", "exploitability", "uniform"]

Strategy = npt.NDArray[np.float64]
"""(infosets, STANCES): the probability of each stance at each information set."""


def uniform(tree: GameTree) -> Strategy:
    """Every open stance alike."""
    legal = tree.legal.astype(np.float64)
    table: Strategy = legal / legal.sum(axis=1, keepdims=True)
    return table


@njit(cache=True)
def _regret_matching(regret: Any, legal: Any, out: Any) -> None:
    for i in range(regret.shape[0]):
        total = 0.0
        n = 0
        for a in range(STANCES):
            if legal[i, a]:
                n += 1
                total += max(regret[i, a], 0.0)
        for a in range(STANCES):
            if not legal[i, a]:
                out[i, a] = 0.0
            elif total > 0.0:
                out[i, a] = max(regret[i, a], 0.0) / total
            else:
                out[i, a] = 1.0 / n


@njit(cache=True)
def _chance(tree: Any) -> tuple[Any, Any, Any, Any]:
    """The chance nodes' edges: first edge and count per node, each edge's child and odds."""
    return tree.first_edge, tree.edges, tree.edge_child, tree.edge_prob


@njit(cache=True)
def _iteration(
    tree: Any,
    regret: Any,
    strategy_sum: Any,
    sigma: Any,
    reach: Any,
    value: Any,
    weight: float,
    traverser: int,
) -> None:
    """One CFR+ pass over the whole tree, learning ``traverser``'s regrets and average."""
    kind, player, infoset, child = tree.kind, tree.player, tree.infoset, tree.child
    first_edge, edges, edge_child, edge_prob = _chance(tree)
    payoff = tree.payoff
    _regret_matching(regret, tree.legal, sigma)
    n = kind.shape[0]
    reach[0, 0] = 1.0  # player 0, player 1, chance
    reach[0, 1] = 1.0
    reach[0, 2] = 1.0
    for v in range(n):  # preorder: a node's reach is set before its children's
        if kind[v] == CHANCE:
            for e in range(first_edge[v], first_edge[v] + edges[v]):
                c = edge_child[e]
                reach[c, 0] = reach[v, 0]
                reach[c, 1] = reach[v, 1]
                reach[c, 2] = reach[v, 2] * edge_prob[e]
        elif kind[v] == DECISION:
            p = player[v]
            i = infoset[v]
            for a in range(STANCES):
                c = child[v, a]
                if c >= 0:
                    reach[c, 0] = reach[v, 0]
                    reach[c, 1] = reach[v, 1]
                    reach[c, 2] = reach[v, 2]
                    reach[c, p] = reach[v, p] * sigma[i, a]
    for v in range(n - 1, -1, -1):  # children before parents
        if kind[v] == TERMINAL:
            value[v] = payoff[v]
        elif kind[v] == CHANCE:
            total = 0.0
            for e in range(first_edge[v], first_edge[v] + edges[v]):
                total += edge_prob[e] * value[edge_child[e]]
            value[v] = total
        else:
            p = player[v]
            i = infoset[v]
            total = 0.0
            for a in range(STANCES):
                c = child[v, a]
                if c >= 0:
                    total += sigma[i, a] * value[c]
            value[v] = total
            if p != traverser:
                continue
            sign = 1.0 if p == 0 else -1.0
            others = reach[v, 1 - p] * reach[v, 2]
            for a in range(STANCES):
                c = child[v, a]
                if c >= 0:
                    regret[i, a] += others * sign * (value[c] - total)
                    strategy_sum[i, a] += weight * reach[v, p] * sigma[i, a]
    for i in range(regret.shape[0]):  # CFR+: regrets floored at zero
        for a in range(STANCES):
            regret[i, a] = max(regret[i, a], 0.0)


class CFRPlus:
    """CFR+ on a game tree: ``run(iterations)``, then ``average()``.

    The players' updates alternate (player 0's, then player 1's against it), as CFR+
    is meant to run: simultaneous updates converge markedly slower."""

    def __init__(self, tree: GameTree) -> None:
        self.tree = tree
        sets = len(tree.legal)
        self.regret = np.zeros((sets, STANCES))
        self.strategy_sum = np.zeros((sets, STANCES))
        self._sigma = np.zeros((sets, STANCES))
        self._reach = np.zeros((len(tree.kind), 3))
        self._value = np.zeros(len(tree.kind))
        self.iterations = 0

    def run(self, iterations: int) -> None:
        """``iterations`` more iterations; iteration ``t`` weighs ``t`` in the average."""
        for _ in range(iterations):
            self.iterations += 1
            for traverser in (0, 1):
                self._pass(traverser)

    def _pass(self, traverser: int) -> None:
        _iteration(
            self.tree,
            self.regret,
            self.strategy_sum,
            self._sigma,
            self._reach,
            self._value,
            float(self.iterations),
            traverser,
        )

    def average(self) -> Strategy:
        """The average strategy, which goes to an equilibrium."""
        total = self.strategy_sum.sum(axis=1, keepdims=True)
        fallback = uniform(self.tree)
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = self.strategy_sum / total
        return np.where(total > 0, mean, fallback)


@njit(cache=True)
def _best_response(
    tree: Any, by_depth: Any, level_start: Any, strategy: Any, responder: int
) -> float:
    kind, player, infoset, child = tree.kind, tree.player, tree.infoset, tree.child
    first_edge, edges, edge_child, edge_prob = _chance(tree)
    payoff, legal = tree.payoff, tree.legal
    n = kind.shape[0]
    sets = legal.shape[0]
    weight = np.zeros(n)  # chance and opponent reach: the responder's own choices count 1
    weight[0] = 1.0
    for v in range(n):
        if kind[v] == CHANCE:
            for e in range(first_edge[v], first_edge[v] + edges[v]):
                weight[edge_child[e]] = weight[v] * edge_prob[e]
        elif kind[v] == DECISION:
            i = infoset[v]
            for a in range(STANCES):
                c = child[v, a]
                if c >= 0:
                    own = player[v] == responder
                    weight[c] = weight[v] * (1.0 if own else strategy[i, a])
    sign = 1.0 if responder == 0 else -1.0
    value = np.zeros(n)  # the responder's expected result at each node
    q = np.zeros((sets, STANCES))
    best = np.zeros(sets, dtype=np.int64)
    for level in range(level_start.shape[0] - 2, -1, -1):  # the deepest level first
        start, stop = level_start[level], level_start[level + 1]
        touched = []
        for k in range(start, stop):
            v = by_depth[k]
            if kind[v] == DECISION and player[v] == responder:
                i = infoset[v]
                for a in range(STANCES):
                    c = child[v, a]
                    if c >= 0:
                        q[i, a] += weight[v] * value[c]
                touched.append(i)
        for i in touched:
            top = -1
            for a in range(STANCES):
                if legal[i, a] and (top < 0 or q[i, a] > q[i, top]):
                    top = a
            best[i] = top
        for k in range(start, stop):
            v = by_depth[k]
            if kind[v] == TERMINAL:
                value[v] = sign * payoff[v]
            elif kind[v] == CHANCE:
                total = 0.0
                for e in range(first_edge[v], first_edge[v] + edges[v]):
                    total += edge_prob[e] * value[edge_child[e]]
                value[v] = total
            elif player[v] == responder:
                value[v] = value[child[v, best[infoset[v]]]]
            else:
                i = infoset[v]
                total = 0.0
                for a in range(STANCES):
                    c = child[v, a]
                    if c >= 0:
                        total += strategy[i, a] * value[c]
                value[v] = total
    result: float = value[0]
    return result


def _levels(tree: GameTree) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    by_depth = np.argsort(tree.depth, kind="stable").astype(np.int64)
    counts = np.bincount(tree.depth)
    return by_depth, np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)


def best_response(tree: GameTree, strategy: Strategy, responder: int) -> float:
    """What ``responder`` (0 or 1) wins a hand at best against ``strategy``, in chips.

    Only the other player's rows of ``strategy`` are read."""
    by_depth, level_start = _levels(tree)
    table = np.ascontiguousarray(strategy, dtype=np.float64)
    return float(_best_response(tree, by_depth, level_start, table, responder))


def exploitability(tree: GameTree, strategy: Strategy) -> float:
    """The mean of both best responses' winnings against ``strategy``, chips a hand (0 at
    an equilibrium: each player's best response then wins the game's value and no more)."""
    return (best_response(tree, strategy, 0) + best_response(tree, strategy, 1)) / 2
