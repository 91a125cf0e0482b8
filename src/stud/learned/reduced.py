"""A reduced stud game, small enough to solve: its whole game tree as arrays.

Seven-card stud is far too large for an exact best response, so strategies learned
on it can only be measured by play. On a reduced game with the same shape the exact
exploitability of a strategy (how much a best response to it wins) can be computed,
and a learning method compared with tabular CFR (``stud.compiled.cfr``) at the same
budget. ``ReducedStud`` keeps what makes stud stud: two players, a card dealt face
down, then cards dealt face up street by street, limit betting on every street (a
bet and raises up to a cap, the bet larger on later streets), the best hand showing
first to act after the first street, and a showdown of all of a player's cards. It
has fewer ranks, a few copies of each (suits that make no flushes), no straights
and three streets by default. With three ranks of one card, one street, an ante of
1, a bet of 1 and no raise it is Kuhn poker, whose value is known (-1/18 to the
first player).

``game_tree`` lays the tree out in preorder (a node before its children), as flat
arrays a compiled pass can walk forwards (reach probabilities) and backwards
(values): terminal, chance and decision nodes, each decision node with one child per
*stance* (fold, check or call, bet or raise, as the learned bot's), -1 where the
stance is not open; each decision node belongs to an information set (what its
player sees: its own down card, every up card, the betting so far), which also gets
a feature vector for a learner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = [
    "CHANCE",
    "DECISION",
    "KUHN",
    "STANCES",
    "TERMINAL",
    "GameTree",
    "ReducedStud",
    "game_tree",
]

TERMINAL, CHANCE, DECISION = 0, 1, 2
FOLD, CALL, RAISE = 0, 1, 2
STANCES = 3
"""Fold, check or call, bet or raise: one child slot each at a decision node."""


@dataclass(frozen=True, slots=True)
class ReducedStud:
    """A two-player stud game with ``ranks`` ranks of ``copies`` cards each.

    The first street deals each player one card face down, each later street one
    card face up. ``bets[k]`` is the fixed bet on street ``k + 1`` and ``cap`` the
    bets and raises a street allows. Player 0 acts first on the first street; on
    later streets the one whose up cards make the better hand (player 0 on a tie).
    """

    ranks: int = 4
    copies: int = 2
    streets: int = 3
    ante: int = 1
    bets: tuple[int, ...] = (1, 2, 2)
    cap: int = 2

    def __post_init__(self) -> None:
        if self.ranks < 2 or self.copies < 1:
            raise ValueError(f"ranks={self.ranks}, copies={self.copies}: too few cards")
        if self.streets < 1 or len(self.bets) != self.streets:
            raise ValueError(
                f"bets={self.bets}: give one bet size for each of {self.streets} streets"
            )
        if self.ranks * self.copies < 2 * self.streets:
            raise ValueError(f"{self.ranks * self.copies} cards cannot deal {self.streets} streets")
        if self.cap < 1 or self.ante < 1:
            raise ValueError(f"cap={self.cap}, ante={self.ante}: each must be at least 1")


KUHN = ReducedStud(ranks=3, copies=1, streets=1, ante=1, bets=(1,), cap=1)
"""Kuhn poker, as a one-street stud game: its first player's value is -1/18."""


class GameTree(NamedTuple):
    """The game tree in preorder; node 0 is the root."""

    kind: npt.NDArray[np.int8]
    """TERMINAL, CHANCE or DECISION per node."""
    player: npt.NDArray[np.int8]
    """The player to act at a decision node (else -1)."""
    infoset: npt.NDArray[np.int64]
    """A decision node's information set (else -1)."""
    child: npt.NDArray[np.int64]
    """(nodes, STANCES): a decision node's child per stance, -1 where it is not open."""
    first_edge: npt.NDArray[np.int64]
    """A chance node's first edge in ``edge_child``/``edge_prob``."""
    edges: npt.NDArray[np.int64]
    """A chance node's number of edges."""
    edge_child: npt.NDArray[np.int64]
    edge_prob: npt.NDArray[np.float64]
    payoff: npt.NDArray[np.float64]
    """Player 0's net result at a terminal node (player 1's is its negative)."""
    depth: npt.NDArray[np.int64]
    """Edges from the root: the nodes of one information set share it."""
    legal: npt.NDArray[np.bool_]
    """(infosets, STANCES): the stances open at an information set."""
    infoset_player: npt.NDArray[np.int8]
    features: npt.NDArray[np.float64]
    """(infosets, n): what a learner reads of an information set."""


@dataclass
class _Builder:
    game: ReducedStud
    kind: list[int] = field(default_factory=list)
    player: list[int] = field(default_factory=list)
    infoset: list[int] = field(default_factory=list)
    child: list[list[int]] = field(default_factory=list)
    first_edge: list[int] = field(default_factory=list)
    edges: list[int] = field(default_factory=list)
    edge_child: list[int] = field(default_factory=list)
    edge_prob: list[float] = field(default_factory=list)
    payoff: list[float] = field(default_factory=list)
    depth: list[int] = field(default_factory=list)
    sets: dict[tuple[object, ...], int] = field(default_factory=dict)
    legal: list[list[bool]] = field(default_factory=list)
    set_player: list[int] = field(default_factory=list)
    features: list[list[float]] = field(default_factory=list)

    def node(self, kind: int, depth: int, player: int = -1, infoset: int = -1) -> int:
        self.kind.append(kind)
        self.player.append(player)
        self.infoset.append(infoset)
        self.child.append([-1, -1, -1])
        self.first_edge.append(-1)
        self.edges.append(0)
        self.payoff.append(0.0)
        self.depth.append(depth)
        return len(self.kind) - 1


@dataclass(frozen=True, slots=True)
class _State:
    """A history: the cards dealt, the street, the betting so far."""

    down: tuple[int, ...]  # each player's down card (-1 before it is dealt)
    up: tuple[tuple[int, ...], tuple[int, ...]]
    street: int  # 0-based
    line: str  # this street's actions: k check, b bet or raise, c call
    history: str  # earlier streets: who acted first, then the line; "/" after each
    put: tuple[int, int]  # chips each put in, antes included
    first: int = 0  # who acts first on this street


def _value(cards: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A hand's strength: groups of a rank, largest and highest first (no straights, flushes)."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return tuple(sorted(((n, r) for r, n in counts.items()), reverse=True))


def _first_to_act(state: _State) -> int:
    if state.street == 0:
        return 0
    return 1 if _value(state.up[1]) > _value(state.up[0]) else 0


def game_tree(game: ReducedStud) -> GameTree:
    """The whole tree of ``game`` (see the module's docstring)."""
    b = _Builder(game)
    start = _State((-1, -1), ((), ()), 0, "", "", (game.ante, game.ante))
    counts = [game.copies] * game.ranks
    _deal(b, start, counts, 0, 0)
    return GameTree(
        np.array(b.kind, dtype=np.int8),
        np.array(b.player, dtype=np.int8),
        np.array(b.infoset, dtype=np.int64),
        np.array(b.child, dtype=np.int64).reshape(-1, STANCES),
        np.array(b.first_edge, dtype=np.int64),
        np.array(b.edges, dtype=np.int64),
        np.array(b.edge_child, dtype=np.int64),
        np.array(b.edge_prob, dtype=np.float64),
        np.array(b.payoff, dtype=np.float64),
        np.array(b.depth, dtype=np.int64),
        np.array(b.legal, dtype=np.bool_).reshape(-1, STANCES),
        np.array(b.set_player, dtype=np.int8),
        np.array(b.features, dtype=np.float64).reshape(len(b.set_player), -1),
    )


def _deal(b: _Builder, state: _State, counts: list[int], seat: int, depth: int) -> int:
    """A chance node dealing ``seat`` its card of this street, then what follows."""
    node = b.node(CHANCE, depth)
    left = sum(counts)
    edges: list[tuple[int, float]] = []
    for rank in range(len(counts)):
        if counts[rank] == 0:
            continue
        counts[rank] -= 1
        if state.street == 0:
            down = tuple(rank if s == seat else state.down[s] for s in range(2))
            after = _State(down, state.up, 0, "", state.history, state.put)
        else:
            up = tuple((*state.up[s], rank) if s == seat else state.up[s] for s in range(2))
            after = _State(state.down, (up[0], up[1]), state.street, "", state.history, state.put)
        if seat == 0:
            target = _deal(b, after, counts, 1, depth + 1)
        else:
            first = _first_to_act(after)
            after = _State(after.down, after.up, after.street, "", after.history, after.put, first)
            target = _bet(b, after, counts, first, depth + 1)
        counts[rank] += 1
        edges.append((target, (counts[rank]) / left))
    b.first_edge[node] = len(b.edge_child)
    b.edges[node] = len(edges)
    for target, prob in edges:
        b.edge_child.append(target)
        b.edge_prob.append(prob)
    return node


def _bet(b: _Builder, state: _State, counts: list[int], actor: int, depth: int) -> int:
    """A decision of ``actor`` on this street's betting, and its children."""
    game = b.game
    raises = state.line.count("b")
    facing = state.put[1 - actor] > state.put[actor]
    key = (actor, state.down[actor], state.up, state.history, state.line)
    infoset = b.sets.get(key)
    open_ = [facing, True, raises < game.cap]
    if infoset is None:
        infoset = len(b.set_player)
        b.sets[key] = infoset
        b.legal.append(open_)
        b.set_player.append(actor)
        b.features.append(_features(game, state, actor))
    node = b.node(DECISION, depth, actor, infoset)
    other = 1 - actor
    if facing:  # fold
        leaf = b.node(TERMINAL, depth + 1)
        b.payoff[leaf] = float(-state.put[0] if actor == 0 else state.put[1])
        b.child[node][FOLD] = leaf
    # check or call
    put = (max(state.put),) * 2
    line = state.line + ("c" if facing else "k")
    if facing or line == "kk":  # the street is over
        b.child[node][CALL] = _next_street(
            b,
            _State(state.down, state.up, state.street, line, state.history, put, state.first),
            counts,
            depth + 1,
        )
    else:
        b.child[node][CALL] = _bet(
            b,
            _State(state.down, state.up, state.street, line, state.history, state.put, state.first),
            counts,
            other,
            depth + 1,
        )
    if raises < game.cap:  # bet or raise
        more = list(state.put)
        more[actor] = state.put[other] + game.bets[state.street]
        after = _State(
            state.down,
            state.up,
            state.street,
            state.line + "b",
            state.history,
            (more[0], more[1]),
            state.first,
        )
        b.child[node][RAISE] = _bet(b, after, counts, other, depth + 1)
    return node


def _next_street(b: _Builder, state: _State, counts: list[int], depth: int) -> int:
    history = f"{state.history}{state.first}{state.line}/"
    if state.street + 1 < b.game.streets:
        after = _State(state.down, state.up, state.street + 1, "", history, state.put)
        return _deal(b, after, counts, 0, depth)
    leaf = b.node(TERMINAL, depth)
    mine = _value((state.down[0], *state.up[0]))
    theirs = _value((state.down[1], *state.up[1]))
    pot = state.put[0]
    b.payoff[leaf] = float(pot if mine > theirs else -pot if mine < theirs else 0)
    return leaf


def _features(game: ReducedStud, state: _State, actor: int) -> list[float]:
    """What the actor sees, as numbers: its down card, both players' up cards by rank, the
    street, the betting on this street and who bet or raised on each earlier one."""
    other = 1 - actor
    x: list[float] = [1.0 if r == state.down[actor] else 0.0 for r in range(game.ranks)]
    for seat in (actor, other):
        x += [state.up[seat].count(r) / game.copies for r in range(game.ranks)]
    mine = _value((state.down[actor], *state.up[actor]))
    showing = _value(state.up[other])
    x.append(1.0 if mine > showing else 0.0)
    x += [1.0 if s == state.street else 0.0 for s in range(game.streets)]
    raises = state.line.count("b")
    x += [1.0 if raises == k else 0.0 for k in range(game.cap + 1)]
    x.append(1.0 if state.put[other] > state.put[actor] else 0.0)
    top = game.ante + game.cap * sum(game.bets)
    x.append(state.put[actor] / top)
    x.append(1.0 if state.line == "" else 0.0)  # first to act on this street
    lines = state.history.split("/")[:-1] if state.history else []
    for s in range(
        game.streets - 1
    ):  # bets on each earlier street, and whether the actor's was last
        played = lines[s] if s < len(lines) else "0"
        first, line = int(played[0]), played[1:]
        last = line.rfind("b")
        x.append(line.count("b") / game.cap)
        x.append(1.0 if last >= 0 and (first if last % 2 == 0 else 1 - first) == actor else 0.0)
    return x
