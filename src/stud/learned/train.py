"""Training the learned bot: PPO self-play against a reservoir of its past selves.

Each iteration plays ``batch`` hands in the compiled engine (``stud.compiled.selfplay``)
with the learner in one seat, chosen in turn, and every other seat drawn from the
opponent pool: a past snapshot of the learner (a reservoir of ``pool`` snapshots,
one taken every ``snapshot_every`` iterations, the current weights among them) or,
with probability ``builtin_share``, a built-in bot (mostly ``equity``). Then a few
epochs of clipped policy-gradient steps (PPO) on the learner's decisions, with the
hand's net result in big bets as the return and the network's value output as the
baseline; numpy and Adam, no other library.

Why this method: playing against a mixture of its own past policies is fictitious
self-play's way to imperfect-information games (a best response to an average of
strategies, not to the latest one, which is what makes plain self-play cycle), and a
stochastic policy over three stances can mix, as stud's bluffs and calls require.
It needs only whole-hand returns from the fast compiled engine and a tiny network,
which suits a two-core machine better than Deep CFR's regret networks.

A run is a folder: ``checkpoint.npz`` (weights, optimiser, pool, random state,
learning curve) written after every ``checkpoint_every`` iterations and at the end,
so ``train(..., resume=True)`` goes on where a run stopped; ``curve.json`` and
``curve.png`` the results of duplicate matches against the built-in bots over
training; ``weights.npz`` the trained weights, which ``export_weights`` puts into
the package for the ``learned`` bot.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from stud.compiled.engine import rules_array
from stud.compiled.evaluation import kernel_tables
from stud.compiled.learned_policy import (
    HIDDEN,
    N_FEATURES,
    N_OUTPUTS,
    N_STANCES,
    NAMES,
    WEIGHTS_FILE,
    Weights,
    load_weights,
)
from stud.compiled.policies import EQUITY, RANDOM, STATION, TIGHT
from stud.compiled.selfplay import duplicate, rollout
from stud.rules import Rules, Variant

__all__ = [
    "BUILTINS",
    "Adam",
    "CurvePoint",
    "DuplicateResult",
    "TrainConfig",
    "TrainError",
    "Trainer",
    "builtin_kind",
    "duplicate_match",
    "duplicate_ring",
    "export_weights",
    "init_params",
    "keep_snapshot",
    "ppo_gradients",
    "ppo_update",
    "summarise",
    "train",
]

BUILTINS = {"equity": EQUITY, "tight": TIGHT, "station": STATION, "random": RANDOM}
_BUILTIN_MIX = (("equity", 0.55), ("tight", 0.2), ("station", 0.15), ("random", 0.1))

Params = dict[str, npt.NDArray[np.float64]]


class TrainError(ValueError):
    """A training run that cannot start or go on, with the reason."""


def builtin_kind(policy: int) -> int:
    """The seat kind (``stud.compiled.selfplay``) of compiled policy ``policy``."""
    return -policy - 1


@dataclass(frozen=True, slots=True)
class TrainConfig:
    """Everything that decides a training run's numbers, but how long it runs."""

    variant: str = "stud8"
    players: int = 2
    seed: int = 0
    stakes: str = "1/1/5/10"
    stack: int = 1000
    batch: int = 2048
    """Hands an iteration plays."""
    epochs: int = 4
    minibatches: int = 4
    learning_rate: float = 3e-3
    clip: float = 0.2
    entropy: float = 0.01
    value_weight: float = 0.5
    pool: int = 12
    snapshot_every: int = 5
    builtin_share: float = 0.5
    checkpoint_every: int = 10
    eval_every: int = 20
    eval_deals: int = 2000
    """Deals (each played twice, seats swapped) per built-in bot at each evaluation."""
    eval_bots: tuple[str, ...] = ("equity", "tight", "station", "random")
    from_shipped: bool = False
    """Start from the shipped weights of the variant rather than from random ones."""

    def rules(self) -> Rules:
        """The run's rules."""
        try:
            variant = Variant(self.variant)
        except ValueError:
            raise TrainError(f"variant {self.variant!r}: choose stud, stud8 or razz") from None
        try:
            return Rules.from_stakes(self.stakes, variant)
        except ValueError as error:
            raise TrainError(f"stakes {self.stakes!r}: {error}") from None


@dataclass(frozen=True, slots=True)
class DuplicateResult:
    """A duplicate match: ``deals`` deals, each played twice with seats swapped."""

    deals: int
    bb_per_100: float
    """The first bot's big bets per 100 hands."""
    ci95: float
    """Half the width of the 95% confidence interval of ``bb_per_100``."""


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """One evaluation during training."""

    iteration: int
    hands: int
    seconds: float
    results: dict[str, DuplicateResult] = field(default_factory=dict)


def init_params(rng: np.random.Generator, features: int = N_FEATURES) -> Params:
    """A fresh network: ``features`` inputs, two hidden layers, the stances' logits and a value."""

    def layer(n_in: int, n_out: int) -> npt.NDArray[np.float64]:
        return rng.normal(0.0, 1.0 / math.sqrt(n_in), size=(n_in, n_out))

    return {
        "w1": layer(features, HIDDEN),
        "b1": np.zeros(HIDDEN),
        "w2": layer(HIDDEN, HIDDEN),
        "b2": np.zeros(HIDDEN),
        "w3": layer(HIDDEN, N_OUTPUTS) * 0.1,
        "b3": np.zeros(N_OUTPUTS),
    }


def _stacked(sets: list[Params]) -> Weights:
    w1, b1, w2, b2, w3, b3 = (np.ascontiguousarray(np.stack([p[n] for p in sets])) for n in NAMES)
    return w1, b1, w2, b2, w3, b3


def duplicate_match(
    rules: Rules,
    a: int,
    b: int,
    deals: int,
    seed: int = 0,
    stack: int = 1000,
    weights: list[Params] | None = None,
    first: int = 0,
) -> tuple[DuplicateResult, npt.NDArray[np.int64]]:
    """Kind ``a`` against kind ``b`` heads-up over ``deals`` duplicate deals (kinds as
    ``stud.compiled.selfplay`` counts them; ``weights`` are the network's sets).

    Each deal's two hands together are one sample, so the interval is over deals;
    returns the result and each deal's net chips for ``a``."""
    per_deal = duplicate_ring(rules, [a, b], deals, seed, stack, weights, first)[:, 0]
    return summarise(per_deal, rules.big_bet), np.ascontiguousarray(per_deal)


def duplicate_ring(
    rules: Rules,
    lineup: list[int],
    deals: int,
    seed: int = 0,
    stack: int = 1000,
    weights: list[Params] | None = None,
    first: int = 0,
) -> npt.NDArray[np.int64]:
    """``deals`` deals at a table of ``len(lineup)`` seats, each played once per seat
    with the kinds rotated round the table; ``[k, i]`` is kind ``lineup[i]``'s net
    chips over deal ``k``'s hands."""
    sets = weights if weights else [init_params(np.random.default_rng(0))]
    out = np.zeros((deals, len(lineup)), dtype=np.int64)
    w1, b1, w2, b2, w3, b3 = _stacked(sets)
    duplicate(
        rules_array(rules),
        np.full(len(lineup), stack, dtype=np.int64),
        np.uint64(seed),
        first,
        deals,
        np.array(lineup, dtype=np.int64),
        w1,
        b1,
        w2,
        b2,
        w3,
        b3,
        kernel_tables(),
        out,
    )
    return out


def summarise(per_deal: npt.NDArray[np.int64], big_bet: int, hands: int = 2) -> DuplicateResult:
    """Big bets per 100 hands and a 95% interval from each deal's net chips over its
    ``hands`` hands (two heads-up, one per seat at a full table)."""
    deals = len(per_deal)
    per_hand = per_deal.astype(np.float64) / (hands * big_bet) * 100.0
    mean = float(per_hand.mean()) if deals else 0.0
    sd = float(per_hand.std(ddof=1)) if deals > 1 else 0.0
    return DuplicateResult(deals, mean, 1.96 * sd / math.sqrt(max(deals, 1)))


class Adam:
    """Adam's steps on a network's parameters."""

    def __init__(self, params: Params, rate: float) -> None:
        self.rate = rate
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: Params, grads: Params) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            params[k] -= self.rate * m / (np.sqrt(v) + 1e-8)


def ppo_gradients(
    params: Params,
    x: npt.NDArray[np.float64],
    bits: npt.NDArray[np.int64],
    stances: npt.NDArray[np.int64],
    old: npt.NDArray[np.float64],
    returns: npt.NDArray[np.float64],
    config: TrainConfig,
) -> tuple[dict[str, float], Params]:
    """The PPO loss's gradients on one minibatch (manual backpropagation)."""
    n = len(x)
    h1 = np.tanh(x @ params["w1"] + params["b1"])
    h2 = np.tanh(h1 @ params["w2"] + params["b2"])
    o = h2 @ params["w3"] + params["b3"]
    legal = ((bits[:, None] >> np.arange(N_STANCES)[None, :]) & 1).astype(bool)
    logits = np.where(legal, o[:, :N_STANCES], -1e30)
    logits -= logits.max(axis=1, keepdims=True)
    e = np.where(legal, np.exp(logits), 0.0)
    p = e / e.sum(axis=1, keepdims=True)
    value = o[:, N_STANCES]
    advantage = returns - value
    advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-6)
    rows = np.arange(n)
    ratio = p[rows, stances] / np.maximum(old, 1e-8)
    clipped = ((advantage > 0) & (ratio > 1 + config.clip)) | (
        (advantage < 0) & (ratio < 1 - config.clip)
    )
    onehot = np.zeros_like(p)
    onehot[rows, stances] = 1.0
    coef = np.where(clipped, 0.0, -advantage * ratio) / n
    dlogits = coef[:, None] * (onehot - p)
    logp = np.where(p > 0, np.log(np.maximum(p, 1e-30)), 0.0)
    entropy = -(p * logp).sum(axis=1)
    dlogits += config.entropy * p * (logp + entropy[:, None]) / n
    dlogits = np.where(legal, dlogits, 0.0)
    dvalue = 2.0 * config.value_weight * (value - returns) / n
    do = np.concatenate([dlogits, dvalue[:, None]], axis=1)
    grads: Params = {"w3": h2.T @ do, "b3": do.sum(axis=0)}
    dz2 = (do @ params["w3"].T) * (1.0 - h2 * h2)
    grads["w2"] = h1.T @ dz2
    grads["b2"] = dz2.sum(axis=0)
    dz1 = (dz2 @ params["w2"].T) * (1.0 - h1 * h1)
    grads["w1"] = x.T @ dz1
    grads["b1"] = dz1.sum(axis=0)
    stats = {
        "value_loss": float(((value - returns) ** 2).mean()),
        "entropy": float(entropy.mean()),
    }
    return stats, grads


def ppo_update(
    params: Params,
    adam: Adam,
    rng: np.random.Generator,
    x: npt.NDArray[np.float64],
    bits: npt.NDArray[np.int64],
    stances: npt.NDArray[np.int64],
    probs: npt.NDArray[np.float64],
    returns: npt.NDArray[np.float64],
    config: TrainConfig,
) -> dict[str, float]:
    """``config.epochs`` passes of PPO steps over a batch's decisions, each in
    ``config.minibatches`` random minibatches; the last minibatch's figures."""
    stats: dict[str, float] = {}
    count = len(x)
    size = max(1, count // config.minibatches)
    for _ in range(config.epochs):
        order = rng.permutation(count)
        for m in range(0, count, size):
            pick = order[m : m + size]
            stats, grads = ppo_gradients(
                params, x[pick], bits[pick], stances[pick], probs[pick], returns[pick], config
            )
            adam.step(params, grads)
    return stats


def keep_snapshot(
    pool: list[Params], params: Params, taken: int, size: int, rng: np.random.Generator
) -> None:
    """Reservoir sampling: the ``taken``-th snapshot of ``params`` goes into ``pool`` so that
    every snapshot so far is equally likely to be there (at most ``size`` of them)."""
    copy = {k: v.copy() for k, v in params.items()}
    if len(pool) < size:
        pool.append(copy)
    else:
        j = int(rng.integers(0, taken))
        if j < size:
            pool[j] = copy


class Trainer:
    """One training run in folder ``folder``: ``step()`` runs an iteration."""

    def __init__(self, config: TrainConfig, folder: Path, resume: bool = False) -> None:
        self.config = config
        self.folder = folder
        self.rules = config.rules()
        if not 2 <= config.players <= 8:
            raise TrainError(f"players={config.players}: a table seats 2 to 8")
        if config.batch < 1:
            raise TrainError(f"batch={config.batch}: at least one hand an iteration")
        self._r = rules_array(self.rules)
        self._stacks = np.full(config.players, config.stack, dtype=np.int64)
        self._tabs = kernel_tables()
        self.rng = np.random.default_rng(config.seed)
        self.params = init_params(self.rng)
        if config.from_shipped:
            shipped = load_weights()
            v = ("stud", "stud8", "razz").index(self.rules.variant.value)
            self.params = {name: shipped[k][v].copy() for k, name in enumerate(NAMES)}
        self.adam = Adam(self.params, config.learning_rate)
        self.pool: list[Params] = []
        self.snapshots = 0
        self.iteration = 0
        self.hands = 0
        self.seconds = 0.0
        self.curve: list[CurvePoint] = []
        self.last: dict[str, float] = {}
        if resume and self.checkpoint_path.is_file():
            self._load()
        elif resume:
            raise TrainError(f"{self.checkpoint_path}: no checkpoint to resume from")

    @property
    def checkpoint_path(self) -> Path:
        """Where the run's checkpoint is."""
        return self.folder / "checkpoint.npz"

    # -- one iteration ---------------------------------------------------------------

    def _kinds(self) -> npt.NDArray[np.int64]:
        c = self.config
        kinds = np.empty((c.batch, c.players), dtype=np.int64)
        names = [name for name, _ in _BUILTIN_MIX]
        shares = np.array([share for _, share in _BUILTIN_MIX])
        builtin = self.rng.random((c.batch, c.players)) < c.builtin_share
        picks = self.rng.choice(len(names), size=(c.batch, c.players), p=shares / shares.sum())
        selves = self.rng.integers(0, len(self.pool) + 1, size=(c.batch, c.players))
        for k in range(c.batch):
            for s in range(c.players):
                if builtin[k, s]:
                    kinds[k, s] = builtin_kind(BUILTINS[names[picks[k, s]]])
                else:
                    kinds[k, s] = selves[k, s]  # 0 is the learner itself
            kinds[k, (self.hands + k) % c.players] = 0
        # Only the learner's seat is learned from: the current weights elsewhere play as
        # the latest snapshot does, set len(pool) + 1, a copy of set 0.
        learner = (self.hands + np.arange(c.batch)) % c.players
        for s in range(c.players):
            others = (learner != s) & (kinds[:, s] == 0)
            kinds[others, s] = len(self.pool) + 1
        return kinds

    def step(self) -> dict[str, float]:
        """Play one batch and learn from it; returns the iteration's figures."""
        started = time.monotonic()
        c = self.config
        kinds = self._kinds()
        sets = [self.params, *self.pool, self.params]
        rows = c.batch * 40
        feats = np.zeros((rows, N_FEATURES))
        bits = np.zeros(rows, dtype=np.int64)
        stances = np.zeros(rows, dtype=np.int64)
        probs = np.zeros(rows)
        hand_of = np.zeros(rows, dtype=np.int64)
        seat_of = np.zeros(rows, dtype=np.int64)
        results = np.zeros((c.batch, c.players), dtype=np.int64)
        w1, b1, w2, b2, w3, b3 = _stacked(sets)
        count = rollout(
            self._r,
            self._stacks,
            np.uint64(c.seed),
            self.hands,
            kinds,
            w1,
            b1,
            w2,
            b2,
            w3,
            b3,
            self._tabs,
            feats,
            bits,
            stances,
            probs,
            hand_of,
            seat_of,
            results,
        )
        count = min(count, rows)
        returns = results[hand_of[:count], seat_of[:count]] / self.rules.big_bet
        x, bits, stances, probs = feats[:count], bits[:count], stances[:count], probs[:count]
        stats = ppo_update(self.params, self.adam, self.rng, x, bits, stances, probs, returns, c)
        self.iteration += 1
        self.hands += c.batch
        if self.iteration % c.snapshot_every == 0:
            self._snapshot()
        learner = (self.hands - c.batch + np.arange(c.batch)) % c.players
        mine = results[np.arange(c.batch), learner]
        self.seconds += time.monotonic() - started
        self.last = {
            **stats,
            "decisions": float(count),
            "bb_per_100": float(mine.mean() / self.rules.big_bet * 100),
        }
        return self.last

    def _snapshot(self) -> None:
        self.snapshots += 1
        keep_snapshot(self.pool, self.params, self.snapshots, self.config.pool, self.rng)

    # -- measuring ---------------------------------------------------------------------

    def evaluate(self) -> CurvePoint:
        """Duplicate matches of the current weights against each of ``eval_bots``."""
        started = time.monotonic()
        c = self.config
        results = {}
        for name in c.eval_bots:
            result, _ = duplicate_match(
                self.rules,
                0,
                builtin_kind(BUILTINS[name]),
                c.eval_deals,
                seed=c.seed + 1_000_003,  # the same deals at every evaluation
                stack=c.stack,
                weights=[self.params],
            )
            results[name] = result
        point = CurvePoint(self.iteration, self.hands, self.seconds, results)
        self.seconds += time.monotonic() - started
        self.curve.append(point)
        return point

    # -- files -------------------------------------------------------------------------

    def save(self) -> None:
        """Write the checkpoint, the curve and the weights (each replaced whole)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, Any] = {}
        for k, v in self.params.items():
            arrays[f"params/{k}"] = v
            arrays[f"adam_m/{k}"] = self.adam.m[k]
            arrays[f"adam_v/{k}"] = self.adam.v[k]
        for i, snapshot in enumerate(self.pool):
            for k, v in snapshot.items():
                arrays[f"pool{i}/{k}"] = v
        meta = {
            "config": asdict(self.config),
            "iteration": self.iteration,
            "hands": self.hands,
            "seconds": self.seconds,
            "snapshots": self.snapshots,
            "pool": len(self.pool),
            "adam_t": self.adam.t,
            "rng": self.rng.bit_generator.state,
            "curve": [asdict(p) for p in self.curve],
        }
        arrays["meta"] = np.array(json.dumps(meta))
        _write_npz(self.checkpoint_path, arrays)
        _write_npz(self.folder / "weights.npz", dict(self.params))
        (self.folder / "curve.json").write_text(json.dumps(meta["curve"], indent=1) + "\n")

    def _load(self) -> None:
        try:
            with np.load(self.checkpoint_path) as data:
                meta = json.loads(str(data["meta"]))
                saved = meta["config"]
                saved["eval_bots"] = tuple(saved["eval_bots"])
                if TrainConfig(**saved) != self.config:
                    changed = sorted(k for k, v in asdict(self.config).items() if saved.get(k) != v)
                    raise TrainError(
                        f"{self.checkpoint_path}: the run was started with other settings "
                        f"({', '.join(changed)}); resume it with the same ones"
                    )
                self.params = {k: np.array(data[f"params/{k}"]) for k in NAMES}
                self.adam = Adam(self.params, self.config.learning_rate)
                self.adam.m = {k: np.array(data[f"adam_m/{k}"]) for k in NAMES}
                self.adam.v = {k: np.array(data[f"adam_v/{k}"]) for k in NAMES}
                self.adam.t = int(meta["adam_t"])
                self.pool = [
                    {k: np.array(data[f"pool{i}/{k}"]) for k in NAMES}
                    for i in range(int(meta["pool"]))
                ]
        except (OSError, KeyError, ValueError, TypeError) as error:
            if isinstance(error, TrainError):
                raise
            raise TrainError(f"{self.checkpoint_path}: not a training checkpoint") from None
        self.iteration = int(meta["iteration"])
        self.hands = int(meta["hands"])
        self.seconds = float(meta["seconds"])
        self.snapshots = int(meta["snapshots"])
        self.rng.bit_generator.state = meta["rng"]
        self.curve = [
            CurvePoint(
                p["iteration"],
                p["hands"],
                p["seconds"],
                {k: DuplicateResult(**v) for k, v in p["results"].items()},
            )
            for p in meta["curve"]
        ]


def _write_npz(path: Path, arrays: dict[str, Any]) -> None:
    partial = path.with_name(path.name + ".partial.npz")
    np.savez(partial, **arrays)
    partial.replace(path)


def train(
    config: TrainConfig,
    folder: Path,
    iterations: int,
    *,
    seconds: float | None = None,
    resume: bool = False,
    progress: Callable[[Trainer], None] | None = None,
) -> Trainer:
    """Run ``iterations`` more iterations (or stop after ``seconds`` of wall time),
    checkpointing as configured and at the end; evaluations as configured, and one at
    the end if the last iteration had none."""
    trainer = Trainer(config, folder, resume=resume)
    started = time.monotonic()
    for _ in range(iterations):
        trainer.step()
        if trainer.iteration % config.eval_every == 0:
            trainer.evaluate()
        if trainer.iteration % config.checkpoint_every == 0:
            trainer.save()
        if progress is not None:
            progress(trainer)
        if seconds is not None and time.monotonic() - started >= seconds:
            break
    if not trainer.curve or trainer.curve[-1].iteration != trainer.iteration:
        trainer.evaluate()
    trainer.save()
    return trainer


def export_weights(folder: Path, variant: str, path: Path = WEIGHTS_FILE) -> None:
    """Put a run's trained weights into the shipped file as ``variant``'s (the other
    variants' weights kept)."""
    source = folder / "weights.npz"
    if not source.is_file():
        raise TrainError(f"{source}: no trained weights there")
    arrays: dict[str, Any] = {}
    if path.is_file():
        with np.load(path) as data:
            arrays = {k: np.array(data[k]) for k in data.files}
    with np.load(source) as data:
        for name in NAMES:
            arrays[f"{variant}/{name}"] = np.array(data[name])
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_npz(path, arrays)
