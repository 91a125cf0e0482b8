"""The learned bot: shipped, deterministic, playable everywhere; its training and its
duplicate matches."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from stud.bots import BOTS, LearnedBot, make_bot
from stud.cli.main import app
from stud.compiled import runs
from stud.compiled.learned_policy import WEIGHTS_FILE, load_weights
from stud.compiled.policies import LEARNED, STATION
from stud.learned.train import (
    TrainConfig,
    Trainer,
    TrainError,
    builtin_kind,
    duplicate_match,
    duplicate_ring,
    train,
)
from stud.rules import Rules, Variant
from stud.sim.run import Simulation, play_chunk
from stud.state import new_hand
from stud.views import view_of

RULES = Rules(Variant.STUD8, ante=1, bring_in=1, small_bet=5, big_bet=10)


def test_the_weights_are_shipped_small_and_trained_for_every_variant() -> None:
    assert WEIGHTS_FILE.is_file()
    assert WEIGHTS_FILE.stat().st_size < 3_000_000
    w1 = load_weights()[0]
    for variant in range(3):  # stud, stud8, razz
        assert np.abs(w1[variant]).sum() > 0, "a variant plays with untrained weights"


def test_the_registry_offers_the_learned_bot() -> None:
    bot = make_bot("learned")
    assert isinstance(bot, LearnedBot)
    assert BOTS["learned"] is LearnedBot
    assert bot.policy == LEARNED


@pytest.mark.parametrize("variant", list(Variant))
def test_r8_4_the_reference_engine_path_is_legal_and_deterministic(variant: Variant) -> None:
    """Through ``stud.state`` (as in ``stud play`` and the cardroom): every action legal,
    chips kept (R8.4: the bot acts on its view alone), the same seed the same hand."""
    rules = Rules(variant, ante=1, bring_in=1, small_bet=5, big_bet=10)

    def play(seed: int) -> tuple[list[object], tuple[int, ...]]:
        bots = [LearnedBot(), make_bot("equity"), LearnedBot()]
        rng = random.Random(seed)
        state = new_hand(rules, [300, 300, 300], rng=rng)
        actions: list[object] = []
        while not state.is_over:
            assert state.actor is not None
            view = view_of(state, state.actor)
            action = bots[state.actor].act(view, rng)
            assert action in view.legal_actions
            actions.append(action)
            state = state.apply(action)
        assert sum(state.final_stacks) == 900
        return actions, state.final_stacks

    for seed in range(8):
        assert play(seed) == play(seed)


def test_the_compiled_engine_plays_it_the_same_from_the_same_stream() -> None:
    one = runs.play_one(RULES, [500, 500], [LEARNED, LEARNED], start=12345)
    two = runs.play_one(RULES, [500, 500], [LEARNED, LEARNED], start=12345)
    np.testing.assert_array_equal(one.actions, two.actions)
    assert one.final_stacks == two.final_stacks
    assert sum(one.final_stacks) == 1000


def test_stud_sim_plays_it_in_the_compiled_engine() -> None:
    sim = Simulation(RULES, ("learned", "equity"), hands=300, seed=3)
    assert sim.compiled
    chunk = play_chunk(sim, 0, 300)
    assert chunk.stats[:, runs.S_HANDS].tolist() == [300, 300]
    assert chunk.stats[:, runs.S_NET].sum() == 0  # no rake: no chip made or lost
    again = play_chunk(sim, 0, 300)
    np.testing.assert_array_equal(chunk.stats, again.stats)


def test_duplicate_deals_cancel_the_cards() -> None:
    """A deterministic bot against itself wins nothing on any deal: the seats swap."""
    station = builtin_kind(STATION)
    result, per_deal = duplicate_match(RULES, station, station, deals=50, seed=9)
    assert not per_deal.any()
    assert result.bb_per_100 == 0.0


def test_training_runs_checkpoints_and_resumes(tmp_path: Path) -> None:
    config = TrainConfig(
        batch=24,
        epochs=1,
        minibatches=2,
        snapshot_every=1,
        pool=2,
        eval_every=2,
        checkpoint_every=1,
        eval_deals=4,
        eval_bots=("equity", "random"),
    )
    first = train(config, tmp_path, iterations=3)
    assert first.iteration == 3
    assert len(first.pool) == 2  # a reservoir: three snapshots, two kept
    assert (tmp_path / "weights.npz").is_file()
    assert [p.iteration for p in first.curve] == [2, 3]
    again = train(config, tmp_path, iterations=1, resume=True)
    assert again.iteration == 4
    assert again.hands == 4 * 24
    assert [p.iteration for p in again.curve] == [2, 3, 4]
    np.testing.assert_array_equal(
        Trainer(config, tmp_path, resume=True).params["w1"], again.params["w1"]
    )
    with pytest.raises(TrainError, match="other settings \\(batch\\)"):
        Trainer(replace(config, batch=25), tmp_path, resume=True)
    with pytest.raises(TrainError, match="no checkpoint"):
        Trainer(config, tmp_path / "none", resume=True)


def test_training_is_deterministic_given_its_seed(tmp_path: Path) -> None:
    config = TrainConfig(batch=16, epochs=1, eval_every=100, eval_deals=2, eval_bots=("random",))
    one = train(config, tmp_path / "one", iterations=2)
    two = train(config, tmp_path / "two", iterations=2)
    for name, value in one.params.items():
        np.testing.assert_array_equal(value, two.params[name])


def test_a_ring_of_duplicate_deals_gives_every_bot_every_seat() -> None:
    # Three calling stations: each plays each seat's cards once a deal, so each wins
    # the table's total over the deal, which is zero (no chip made or lost).
    station = builtin_kind(STATION)
    same = duplicate_ring(RULES, [station] * 3, deals=30, seed=4)
    assert same.shape == (30, 3)
    assert not same.any()
    mixed = duplicate_ring(RULES, [builtin_kind(LEARNED), station, station, station], deals=30)
    assert not mixed.sum(axis=1).any()  # each deal's results add up to nothing
    assert mixed[:, 0].any()


def test_stud_duplicate_at_a_full_table_reports_every_bot() -> None:
    runner = CliRunner()
    bots = "learned,equity,tight,station,random,equity"
    done = runner.invoke(app, ["duplicate", "--bots", bots, "-n", "20", "-v", "stud"])
    assert done.exit_code == 0, done.output
    assert "stud, 6 seats, 20 deals x 6 rotations" in done.output
    for name in ("learned", "equity", "tight", "station", "random"):
        assert name in done.output
    nine = runner.invoke(app, ["duplicate", "--bots", ",".join(["random"] * 9)])
    assert nine.exit_code == 2
    assert "name two to 8 bots" in nine.output


def test_stud_duplicate_reports_a_margin_and_refuses_bad_bots() -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["duplicate", "--bots", "learned,random", "-n", "40", "-v", "razz"])
    assert done.exit_code == 0, done.output
    assert "learned against random, razz, 40 deals" in done.output
    assert "bb/100 ±" in done.output
    bad = runner.invoke(app, ["duplicate", "--bots", "learned,shark"])
    assert bad.exit_code == 2
    assert "no bot named 'shark'" in bad.output
    one = runner.invoke(app, ["duplicate", "--bots", "learned"])
    assert one.exit_code == 2


def test_stud_train_refuses_to_overwrite_a_run(tmp_path: Path) -> None:
    runner = CliRunner()
    folder = str(tmp_path / "run")
    args = ["train", "--out", folder, "-i", "1", "--batch", "8", "--eval-deals", "2"]
    assert runner.invoke(app, args).exit_code == 0
    again = runner.invoke(app, args)
    assert again.exit_code == 2
    assert "holds a run already" in again.output
    resumed = runner.invoke(app, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert "after 2 iterations" in resumed.output


def test_a_run_may_start_from_the_shipped_weights(tmp_path: Path) -> None:
    shipped = load_weights()
    trainer = Trainer(TrainConfig(variant="razz", from_shipped=True), tmp_path)
    for k, name in enumerate(("w1", "b1", "w2", "b2", "w3", "b3")):
        np.testing.assert_array_equal(trainer.params[name], shipped[k][2])  # razz's set
    fresh = Trainer(TrainConfig(variant="razz"), tmp_path)
    assert not np.array_equal(fresh.params["w1"], shipped[0][2])
    bad = CliRunner().invoke(app, ["train", "--out", str(tmp_path / "r"), "--entropy", "2"])
    assert bad.exit_code == 2
    assert "--entropy must be from 0 to 1, not 2.0" in bad.output
