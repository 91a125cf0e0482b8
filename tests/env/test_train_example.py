"""The training example runs end to end for a few hands and draws its learning curve."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[2] / "examples" / "train_bot.py"


def test_train_bot_runs_a_few_episodes_and_writes_the_plot(tmp_path: Path) -> None:
    plot = tmp_path / "curve.png"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--episodes", "30", "--variant", "razz", "--plot", str(plot)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "first tenth" in done.stdout
    assert "random learner" in done.stdout
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--episodes", "0"], "--episodes 0: train on at least one hand"),
        (["--opponents", "shark"], "--opponents shark: no bot named 'shark'"),
    ],
)
def test_train_bot_refuses_a_bad_option(tmp_path: Path, option: list[str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *option, "--plot", str(tmp_path / "x.png")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
