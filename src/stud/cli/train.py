"""``stud train``: train the learned bot by self-play; ``stud duplicate``: measure bots.

``stud train`` runs ``stud.learned.train`` in a run folder, in resumable pieces: stop
it (or give ``--minutes``) and ``--resume`` goes on from the last checkpoint.
``--install`` puts the run's weights into the package for the ``learned`` bot.
``stud duplicate`` plays two bots heads-up over duplicate deals (each deal twice,
seats swapped) and reports the first one's big bets per 100 hands with a 95%
interval.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

from stud.bots import BotLoadError
from stud.cli.app import (
    SeedOption,
    StakesOption,
    VariantOption,
    app,
    check_seed,
    check_stack,
    err,
    fail,
    make_rules,
    stop_on_sigterm,
)
from stud.cli.progress import Progress
from stud.compiled.numba_cache import refresh
from stud.learned.train import (
    TrainConfig,
    Trainer,
    TrainError,
    duplicate_ring,
    export_weights,
    summarise,
)
from stud.rules import MAX_SEATS
from stud.sim.run import policy_of

__all__ = ["duplicate_command", "train_command"]

out = Console(highlight=False, soft_wrap=True)

_CHUNK = 10_000  # deals between progress updates


def _plot(trainer: Trainer, path: Path) -> None:
    """The learning curve: bb/100 against each built-in bot over training hands."""
    try:
        import matplotlib  # noqa: PLC0415 (optional dependency, imported only when used)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
    except ImportError:
        err.print("no matplotlib: install stud[plot] for the curve's picture", markup=False)
        return
    figure, axes = plt.subplots(figsize=(7, 4))
    for name in trainer.config.eval_bots:
        points = [p for p in trainer.curve if name in p.results]
        xs = [p.hands for p in points]
        ys = [p.results[name].bb_per_100 for p in points]
        ci = [p.results[name].ci95 for p in points]
        axes.errorbar(xs, ys, yerr=ci, label=f"vs {name}", capsize=2, marker=".")
    axes.axhline(0.0, color="grey", linewidth=0.8)
    axes.set_xlabel("training hands")
    axes.set_ylabel("big bets / 100 hands (duplicate, 95% CI)")
    axes.set_title(f"learned bot, {trainer.config.variant}, heads-up")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)


@app.command("train")
def train_command(
    folder: Annotated[Path, typer.Option("--out", "-o", help="The run's folder.")] = Path(
        "runs/learned"
    ),
    variant: VariantOption = "stud8",
    iterations: Annotated[
        int, typer.Option("--iterations", "-i", help="Iterations to run (more on --resume).")
    ] = 200,
    minutes: Annotated[
        float | None, typer.Option("--minutes", help="Stop after this much wall time.")
    ] = None,
    batch: Annotated[int, typer.Option("--batch", help="Hands an iteration plays.")] = 2048,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats, 2 to 8.")] = 2,
    seed: SeedOption = None,
    stakes: StakesOption = "1/1/5/10",
    eval_every: Annotated[
        int, typer.Option("--eval-every", help="Iterations between evaluations.")
    ] = 20,
    eval_deals: Annotated[
        int, typer.Option("--eval-deals", help="Duplicate deals per bot per evaluation.")
    ] = 2000,
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on from the folder's checkpoint.")
    ] = False,
    install: Annotated[
        bool, typer.Option("--install", help="Ship the weights as the learned bot's.")
    ] = False,
    entropy: Annotated[
        float, typer.Option("--entropy", help="The entropy bonus: more keeps the policy mixing.")
    ] = 0.01,
    from_shipped: Annotated[
        bool, typer.Option("--from-shipped", help="Start from the shipped weights.")
    ] = False,
) -> None:
    """Train the learned bot by self-play.

    PPO against a reservoir of its past selves and the built-in bots, in resumable
    pieces: checkpoints, a learning curve (curve.png) and the weights in the run's folder.
    """
    check_seed(seed)
    make_rules(variant, stakes)
    for name, value in (("--iterations", iterations), ("--batch", batch)):
        if value < 1:
            fail(f"{name} must be at least 1, not {value}")
    if eval_every < 1 or eval_deals < 2:
        fail("--eval-every must be at least 1 and --eval-deals at least 2")
    if minutes is not None and minutes <= 0:
        fail(f"--minutes must be more than 0, not {minutes}")
    if not 0 <= entropy <= 1:
        fail(f"--entropy must be from 0 to 1, not {entropy}")
    refresh()  # the weights' and policy's sources change between runs: no stale code
    config = TrainConfig(
        variant=variant,
        players=players,
        seed=seed or 0,
        stakes=stakes,
        batch=batch,
        eval_every=eval_every,
        eval_deals=eval_deals,
        entropy=entropy,
        from_shipped=from_shipped,
    )
    try:
        trainer = Trainer(config, folder, resume=resume)
    except TrainError as error:
        fail(str(error))
    if not resume and trainer.checkpoint_path.is_file():
        fail(f"{folder} holds a run already: --resume it, or choose another --out")
    first = trainer.iteration
    limit = None if minutes is None else minutes * 60.0
    started = time.monotonic()
    with stop_on_sigterm(), Progress(err, "training", iterations, "iterations") as bar:
        try:
            for done in range(1, iterations + 1):
                figures = trainer.step()
                if trainer.iteration % config.eval_every == 0:
                    trainer.evaluate()
                if trainer.iteration % config.checkpoint_every == 0:
                    trainer.save()
                bar.update(done)
                if done % 10 == 0 and not err.is_terminal:
                    err.print(
                        f"iteration {trainer.iteration}: {trainer.hands:,} hands, "
                        f"entropy {figures['entropy']:.3f}",
                        markup=False,
                    )
                if limit is not None and time.monotonic() - started >= limit:
                    break
        except KeyboardInterrupt:
            err.print("stopped: the last checkpoint is kept; --resume goes on", markup=False)
    if trainer.iteration > first:
        if not trainer.curve or trainer.curve[-1].iteration != trainer.iteration:
            trainer.evaluate()
        trainer.save()
        _plot(trainer, folder / "curve.png")
    _report_point(trainer)
    if install:
        export_weights(folder, variant)
        out.print(f"installed the {variant} weights for the learned bot", markup=False)


def _report_point(trainer: Trainer) -> None:
    table = Table(title=f"after {trainer.iteration} iterations, {trainer.hands:,} hands")
    for column in ("against", "deals", "bb/100", "± 95%"):
        table.add_column(column, justify="right")
    if trainer.curve:
        for name, result in trainer.curve[-1].results.items():
            table.add_row(
                name, f"{result.deals:,}", f"{result.bb_per_100:+.2f}", f"{result.ci95:.2f}"
            )
    out.print(table)


@app.command("duplicate")
def duplicate_command(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="Two to eight compiled bots, e.g. learned,equity or learned,equity,tight,"
            "station,random,equity (a bot named twice takes two seats).",
        ),
    ],
    variant: VariantOption = "stud8",
    deals: Annotated[
        int, typer.Option("--deals", "-n", help="Deals, each played once per seat.")
    ] = 100_000,
    seed: SeedOption = None,
    stakes: StakesOption = "1/1/5/10",
    stack: Annotated[int, typer.Option("--stack", help="Each bot's chips a hand.")] = 1000,
) -> None:
    """Measure bots over duplicate deals.

    Each deal is played once per seat with the bots rotated round the table, so each
    bot gets every seat's cards: heads-up, twice with the seats swapped, and the cards
    cancel. Prints each bot's big bets per 100 hands with a 95% interval over deals.
    """
    check_seed(seed)
    check_stack(stack)
    rules = make_rules(variant, stakes)
    names = [name.strip() for name in bots.split(",")]
    if not 2 <= len(names) <= MAX_SEATS:
        fail(f"--bots {bots!r}: name two to {MAX_SEATS} bots")
    if not 2 <= deals <= 100_000_000:
        fail(f"--deals must be 2 to 100,000,000, not {deals}")
    kinds = []
    for name in names:
        try:
            policy = policy_of(name)
        except BotLoadError as error:
            fail(f"--bots: {error}")
        if policy is None:
            fail(f"--bots: {name!r} has no compiled policy; duplicate plays compiled bots only")
        kinds.append(-policy - 1)
    chunks = []
    with Progress(err, "duplicate", deals, "deals") as bar:
        for first in range(0, deals, _CHUNK):
            part = duplicate_ring(
                rules,
                kinds,
                min(_CHUNK, deals - first),
                seed=seed or 0,
                stack=stack,
                first=first,
            )
            chunks.append(part)
            bar.update(first + len(part))
    per_deal = np.concatenate(chunks)
    n = len(names)
    if n == 2:
        result = summarise(np.ascontiguousarray(per_deal[:, 0]), rules.big_bet)
        out.print(
            f"{names[0]} against {names[1]}, {variant}, {deals:,} deals x 2 seats: "
            f"{result.bb_per_100:+.2f} bb/100 ± {result.ci95:.2f} (95%)",
            markup=False,
        )
        return
    table = Table(title=f"{variant}, {n} seats, {deals:,} deals x {n} rotations")
    for column in ("seat", "bot", "bb/100", "± 95%"):
        table.add_column(column, justify="right")
    for i, name in enumerate(names):
        result = summarise(np.ascontiguousarray(per_deal[:, i]), rules.big_bet, hands=n)
        table.add_row(str(i + 1), name, f"{result.bb_per_100:+.2f}", f"{result.ci95:.2f}")
    out.print(table)
