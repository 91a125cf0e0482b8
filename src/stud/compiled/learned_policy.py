"""The learned bot's policy: a small network over a few features of the observation.

The network is read by compiled code and nothing else, so the bot plays inside the
compiled engine like the built-in policies (``stud.compiled.policies``). It reads the
observation array (``stud.bots.observation``) only, never a hidden card (R8.4).

Features (``features``): the street, a rough Monte Carlo equity estimate (the equity
bot's own, ``estimate_equity``, with a few run-outs), the pot, the price, the pot
odds, the raises made on this street, how many opponents are left, whether checking
is free or a raise is on offer, and a summary of its own cards and of the most
threatening opponent board (groups of a rank, suits, straight spans, low cards).
The network (two ``tanh`` layers) gives one logit per stance: fold, check or call,
bet or raise (``stud.compiled.features.act`` carries a stance out); a stance that is not
legal now is masked out, and the stance is drawn from the softmax with the hand's
random stream, so a seed gives the same play again. A fourth output, the value of
the decision in big bets, is the baseline training uses.

Weights are one set per variant, in ``weights/learned.npz`` beside this module
(``stud.learned`` trains them); they are frozen into the compiled code when it is
compiled, and ``stud.compiled.numba_cache`` recompiles when the file changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from stud.bots.observation import (
    BET,
    CHECK,
    COMPLETE,
    FOLD,
    O_AMOUNT,
    O_BIG,
    O_CONTRIB,
    O_FOLDED,
    O_KIND,
    O_LEVEL,
    O_NLEGAL,
    O_NUP,
    O_PLAYERS,
    O_SEAT,
    O_SMALL,
    O_STREET,
    O_UP,
    O_VARIANT,
    RAISE,
)
from stud.compiled.equity_bot import estimate_equity
from stud.compiled.features import (
    AGGRESSIVE,
    CALLING,
    PASSIVE,
    act,
    live_opponents,
    my_cards,
    pot,
    rank_of,
    to_call,
)
from stud.compiled.rng import next_u64

__all__ = [
    "HIDDEN",
    "N_FEATURES",
    "N_OUTPUTS",
    "N_STANCES",
    "SAMPLES",
    "WEIGHTS_FILE",
    "Weights",
    "features",
    "forward",
    "learned_choice",
    "legal_stances",
    "load_weights",
    "stance_action",
]

N_FEATURES = 29
HIDDEN = 32
N_STANCES = 3  # fold, check or call, bet or raise
N_OUTPUTS = N_STANCES + 1  # and the value
SAMPLES = 4
"""Run-outs of the equity estimate: a sixteenth of the equity bot's, so that a
decision takes microseconds; the network reads the rough estimate beside exact
summaries of the cards, its own and the opponents' boards."""

WEIGHTS_FILE = Path(__file__).parent / "weights" / "learned.npz"
_VARIANTS = 3  # stud, stud8, razz: ``core.codes`` variant numbers

Weights = tuple[
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
]
"""``(w1, b1, w2, b2, w3, b3)`` with a leading axis per set (variant or snapshot)."""

_SHAPES = (
    (N_FEATURES, HIDDEN),
    (HIDDEN,),
    (HIDDEN, HIDDEN),
    (HIDDEN,),
    (HIDDEN, N_OUTPUTS),
    (N_OUTPUTS,),
)
NAMES = ("w1", "b1", "w2", "b2", "w3", "b3")


def load_weights(path: Path = WEIGHTS_FILE) -> Weights:
    """The weights of every variant (a variant missing from the file plays uniformly)."""
    arrays = [np.zeros((_VARIANTS, *shape), dtype=np.float64) for shape in _SHAPES]
    if path.is_file():
        with np.load(path) as data:
            for v, variant in enumerate(("stud", "stud8", "razz")):
                for k, name in enumerate(NAMES):
                    key = f"{variant}/{name}"
                    if key in data:
                        arrays[k][v] = data[key]
    return (arrays[0], arrays[1], arrays[2], arrays[3], arrays[4], arrays[5])


_W1, _B1, _W2, _B2, _W3, _B3 = load_weights()


@njit(cache=True)
def features(obs: Any, state: Any, tabs: Any, out: Any) -> None:
    """The network's inputs for this decision (``N_FEATURES`` values, about 0..1)."""
    out[:] = 0.0
    big = max(obs[O_BIG], 1)
    street = obs[O_STREET]
    out[street - 3] = 1.0
    equity = estimate_equity(obs, state, tabs, SAMPLES)
    players = live_opponents(obs) + 1
    owed = to_call(obs)
    total = pot(obs)
    increment = obs[O_SMALL] if street <= 4 else obs[O_BIG]
    out[5] = equity
    out[6] = equity * players - 1.0  # above or below the fair share
    out[7] = min(total / big, 40.0) / 10.0
    out[8] = owed / big
    out[9] = owed / (total + owed) if owed > 0 else 0.0
    out[10] = min(obs[O_LEVEL] // max(increment, 1), 5) / 4.0
    out[11] = (players - 2) / 6.0
    out[12] = 1.0 if owed == 0 else 0.0
    out[13] = 1.0 if legal_stances(obs) & 4 else 0.0
    out[14] = obs[O_CONTRIB + obs[O_SEAT]] / max(total, 1)
    cards = np.empty(8, dtype=np.int64)
    n = my_cards(obs, cards)
    _summary(cards, n, out, 15)
    # The live opponents' boards: the most threatening value of each summary.
    best = np.zeros(_SUMMARY)
    mine = out[15 : 15 + _SUMMARY].copy()
    seat = obs[O_SEAT]
    for s in range(obs[O_PLAYERS]):
        if s == seat or obs[O_FOLDED + s]:
            continue
        up = obs[O_NUP + s]
        for i in range(up):
            cards[i] = obs[O_UP + 4 * s + i]
        _summary(cards, up, out, 15)
        for k in range(_SUMMARY):
            best[k] = max(best[k], out[15 + k])
    out[15 : 15 + _SUMMARY] = mine
    out[15 + _SUMMARY : 15 + 2 * _SUMMARY] = best


_SUMMARY = 7


@njit(cache=True)
def _summary(cards: Any, n: int, out: Any, at: int) -> None:
    """Seven numbers about ``n`` cards: the largest group of a rank, pairs, the longest
    suit, the most ranks within a straight's span, distinct ranks eight or lower and
    six or lower (the ace low), and the highest rank paired or better."""
    counts = np.zeros(15, dtype=np.int64)  # by rank, 2..14, and the ace again at 1
    suits = np.zeros(4, dtype=np.int64)
    for i in range(n):
        rank = rank_of(cards[i])
        counts[rank] += 1
        suits[cards[i] & 3] += 1
    counts[1] = counts[14]
    group = 0
    pairs = 0
    paired = 0
    for rank in range(2, 15):
        group = max(group, counts[rank])
        if counts[rank] >= 2:
            pairs += 1
            paired = rank
    span = 0
    for low in range(1, 11):
        inside = 0
        for rank in range(low, low + 5):
            if counts[rank] > 0:
                inside += 1
        span = max(span, inside)
    low8 = 0
    low6 = 0
    for rank in range(1, 9):
        if counts[rank] > 0:
            low8 += 1
            if rank <= 6:
                low6 += 1
    out[at] = group / 4.0
    out[at + 1] = min(pairs, 3) / 3.0
    out[at + 2] = suits.max() / 5.0
    out[at + 3] = span / 5.0
    out[at + 4] = min(low8, 5) / 5.0
    out[at + 5] = min(low6, 5) / 5.0
    out[at + 6] = paired / 14.0


@njit(cache=True)
def legal_stances(obs: Any) -> int:
    """A bit per stance that is open: 1 fold (only when calling costs chips), 2 check or
    call (always), 4 bet or raise."""
    bits = 2
    free = False
    fold = False
    for i in range(obs[O_NLEGAL]):
        kind = obs[O_KIND + i]
        if kind == CHECK:
            free = True
        elif kind == FOLD:
            fold = True
        elif kind in (COMPLETE, BET, RAISE) and obs[O_AMOUNT + i] > 0:
            bits |= 4
    if fold and not free:
        bits |= 1
    return bits


@njit(cache=True)
def forward(x: Any, w1: Any, b1: Any, w2: Any, b2: Any, w3: Any, b3: Any, out: Any) -> None:
    """The network's outputs (stance logits, then the value) for inputs ``x``."""
    h1 = _layer(x, w1, b1)
    h2 = _layer(h1, w2, b2)
    for j in range(out.shape[0]):
        total = b3[j]
        for i in range(h2.shape[0]):
            total += h2[i] * w3[i, j]
        out[j] = total


@njit(cache=True)
def _layer(x: Any, w: Any, b: Any) -> Any:
    """``tanh(x @ w + b)``, in loops (numba's ``@`` needs a BLAS)."""
    h = b.copy()
    for i in range(x.shape[0]):
        xi = x[i]
        if xi != 0.0:
            for j in range(h.shape[0]):
                h[j] += xi * w[i, j]
    for j in range(h.shape[0]):
        h[j] = np.tanh(h[j])
    return h


@njit(cache=True)
def pick_stance(logits: Any, bits: int, state: Any) -> int:
    """A legal stance drawn from the softmax of ``logits`` over the legal ones."""
    top = -1e300
    for k in range(N_STANCES):
        if bits & (1 << k) and logits[k] > top:
            top = logits[k]
    weights = np.zeros(N_STANCES)
    total = 0.0
    for k in range(N_STANCES):
        if bits & (1 << k):
            weights[k] = np.exp(logits[k] - top)
            total += weights[k]
    u = float(next_u64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0) * total
    last = 1
    for k in range(N_STANCES):
        if bits & (1 << k):
            last = k
            u -= weights[k]
            if u < 0.0:
                return k
    return last


@njit(cache=True)
def stance_action(obs: Any, stance: int) -> int:
    """The legal action's index that carries out a stance (0 fold, 1 call, 2 raise)."""
    if stance == 0:
        return act(obs, PASSIVE)
    if stance == 1:
        return act(obs, CALLING)
    return act(obs, AGGRESSIVE)


@njit(cache=True)
def choose_with(
    obs: Any,
    state: Any,
    tabs: Any,
    w1: Any,
    b1: Any,
    w2: Any,
    b2: Any,
    w3: Any,
    b3: Any,
    x: Any,
    out: Any,
) -> int:
    """The stance weights ``w1 .. b3`` (one set) choose; ``x`` and ``out`` get the
    features and outputs."""
    features(obs, state, tabs, x)
    forward(x, w1, b1, w2, b2, w3, b3, out)
    return pick_stance(out, legal_stances(obs), state)


@njit(cache=True)
def learned_choice(obs: Any, state: Any, tabs: Any) -> int:
    """The learned bot's choice, with the shipped weights of the observation's variant."""
    v = obs[O_VARIANT]
    x = np.empty(N_FEATURES)
    out = np.empty(N_OUTPUTS)
    stance = choose_with(obs, state, tabs, _W1[v], _B1[v], _W2[v], _B2[v], _W3[v], _B3[v], x, out)
    return stance_action(obs, stance)
