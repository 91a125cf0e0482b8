"""Train a small stud policy against the built-in bots, numpy only, and plot how it learns.

REINFORCE with a linear softmax policy: the probability of each legal action is a
softmax of ``W @ observation`` over the actions the mask allows (``stud.env``'s
Gymnasium environment gives both). One hand is one episode, its reward the
learner's net result in big bets; every decision of the hand is pushed towards
the actions of hands that did better than the running average.

    python examples/train_bot.py                    # heads-up stud8 vs random, 20,000 hands
    python examples/train_bot.py --opponents station --variant stud --episodes 30000

It prints the average result every few thousand hands and draws the learning
curve (the mean result of the last hands at each point, next to a uniformly random
learner's) to ``--plot``, by default ``learning-curve.png``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

from stud.env import N_ACTIONS, OBS_SIZE, StudGymEnv

Vector = npt.NDArray[np.float64]


def policy(weights: Vector, observation: Vector, mask: npt.NDArray[np.int8]) -> Vector:
    """Action probabilities: a softmax over the legal actions only."""
    logits = weights @ observation
    logits = np.where(mask > 0, logits, -np.inf)
    logits -= logits.max()
    odds = np.exp(logits)
    return odds / odds.sum()  # type: ignore[no-any-return]


def features(raw: npt.NDArray[np.float32]) -> Vector:
    """The observation with a constant 1 for the bias."""
    return np.append(raw.astype(np.float64), 1.0)


def play(
    env: StudGymEnv, weights: Vector | None, rng: np.random.Generator, seed: int | None
) -> tuple[float, list[tuple[Vector, Vector, int]]]:
    """One hand; its reward and each decision (features, probabilities, action)."""
    observation, _ = env.reset(seed=seed)
    steps: list[tuple[Vector, Vector, int]] = []
    while True:
        x = features(observation["observation"])
        mask = observation["action_mask"]
        # No weights: the uniformly random learner, for comparison.
        probs = mask / mask.sum() if weights is None else policy(weights, x, mask)
        action = int(rng.choice(N_ACTIONS, p=probs))
        steps.append((x, probs, action))
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward), steps


def train(
    env: StudGymEnv, episodes: int, rate: float, seed: int, entropy: float = 0.01
) -> tuple[Vector, list[float], list[float]]:
    """The trained weights, each training hand's reward, and a random learner's.

    Rewards are scaled by a running mean and spread (a hand's result in big bets has
    a long tail), and an entropy bonus keeps every legal action in play early on,
    so that the policy does not settle on folding before it has seen what calling
    wins.
    """
    rng = np.random.default_rng(seed)
    weights = np.zeros((N_ACTIONS, OBS_SIZE + 1))
    mean, spread = 0.0, 1.0
    rewards: list[float] = []
    started = time.perf_counter()
    tenth = max(episodes // 10, 1)
    for episode in range(episodes):
        reward, steps = play(env, weights, rng, seed * 1_000_003 + episode)
        advantage = (reward - mean) / spread
        mean += 0.01 * (reward - mean)
        spread += 0.01 * (abs(reward - mean) - spread)
        for x, probs, action in steps:
            grad = -probs
            grad[action] += 1.0
            logs = np.log(probs, out=np.zeros_like(probs), where=probs > 0)
            grad_entropy = -probs * (logs - (probs * logs).sum())
            weights += rate * np.outer(advantage * grad + entropy * grad_entropy, x)
        rewards.append(reward)
        if (episode + 1) % tenth == 0:
            hands_per_second = (episode + 1) / (time.perf_counter() - started)
            print(
                f"{episode + 1:>7} hands  last {tenth}: {np.mean(rewards[-tenth:]):+.3f} "
                f"big bets/hand  ({hands_per_second:,.0f} hands/s)"
            )
    baseline_rewards = [
        play(env, None, rng, seed * 1_000_003 + e)[0] for e in range(min(episodes, 5000))
    ]
    return weights, rewards, baseline_rewards


def trailing_mean(values: list[float], window: int) -> Vector:
    """The mean of the last ``window`` values at each point (fewer at the start)."""
    sums = np.cumsum(np.insert(np.asarray(values, dtype=np.float64), 0, 0.0))
    ends = np.arange(1, len(values) + 1)
    starts = np.maximum(ends - window, 0)
    return (sums[ends] - sums[starts]) / (ends - starts)  # type: ignore[no-any-return]


def plot(rewards: list[float], random_rewards: list[float], title: str, path: Path) -> None:
    """The learning curve next to the random learner's average, hands on a log scale
    (the first lessons, such as never mucking a hand that wins, come within a few
    dozen hands)."""
    import matplotlib  # noqa: PLC0415 (only needed to draw)

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    window = max(len(rewards) // 20, 1)
    figure, axes = plt.subplots(figsize=(8, 4.5))
    axes.plot(
        np.arange(1, len(rewards) + 1),
        trailing_mean(rewards, window),
        label=f"learner (mean of the last {window} hands)",
    )
    axes.axhline(np.mean(random_rewards), color="grey", linestyle="--", label="random learner")
    axes.axhline(0, color="black", linewidth=0.5)
    axes.set_xscale("log")
    axes.set_xlabel("hands played")
    axes.set_ylabel("big bets per hand")
    axes.set_title(title)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="stud8", choices=["stud", "stud8", "razz"])
    parser.add_argument("--opponents", default="random", help="bots, comma-separated")
    parser.add_argument("--episodes", type=int, default=20_000, help="hands to train on")
    parser.add_argument("--rate", type=float, default=0.01, help="learning rate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, default=Path("learning-curve.png"))
    args = parser.parse_args(argv)
    if args.episodes < 1:
        parser.error(f"--episodes {args.episodes}: train on at least one hand")
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    try:
        env = StudGymEnv(args.variant, opponents, reward_unit="big_bets")
    except ValueError as error:  # a bot name or spec that gives no bot
        parser.error(f"--opponents {args.opponents}: {error}")
    _, rewards, random_rewards = train(env, args.episodes, args.rate, args.seed)
    first, last = rewards[: len(rewards) // 10 or 1], rewards[-(len(rewards) // 10 or 1) :]
    print(
        f"first tenth {np.mean(first):+.3f}, last tenth {np.mean(last):+.3f}, "
        f"random learner {np.mean(random_rewards):+.3f} big bets/hand"
    )
    title = f"REINFORCE, linear softmax: {args.variant} vs {', '.join(opponents)}"
    plot(rewards, random_rewards, title, args.plot)
    print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    main()
