"""Tournaments as Ray tasks on a local Ray instance give the same series as local processes."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from stud.cli.main import app

ray = pytest.importorskip("ray")

runner = CliRunner()


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::FutureWarning")
def test_a_seed_gives_the_same_multi_table_series_on_ray_as_on_one_process() -> None:
    args = ["sim", "--bots", "tight,station,random", "--tournament", "4", "--players", "9"]
    args += ["--table-size", "4", "--variant", "razz", "--seed", "5", "--json"]
    local = runner.invoke(app, [*args, "--jobs", "1"])
    remote = runner.invoke(app, [*args, "--ray", "local", "--jobs", "2"])
    assert local.exit_code == 0, local.output
    assert remote.exit_code == 0, remote.output
    one, two = json.loads(local.stdout), json.loads(remote.stdout)
    assert one["tables"] == 3
    assert two["bots"] == one["bots"]
    assert two["hands"] == one["hands"]
    assert not ray.is_initialized()  # the local instance it started is stopped again
