"""A bot in a file of its own plays in ``stud deal``, ``stud play`` and ``stud sim``.

``stud sim`` sends the bot's spec to its workers (local processes or Ray tasks),
which load it themselves; a bot that fails there stops the run with its name, the
hand and the view it was given.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stud.rules import Rules, Variant
from stud.sim.results import collect
from stud.sim.run import InProcess, LocalProcesses, SimError, Simulation, simulate

EXAMPLE = f"{Path(__file__).parents[2] / 'examples' / 'mybot.py'}:PairBot"
runner = CliRunner()
RULES = Rules(Variant.STUD8, ante=1, bring_in=2, small_bet=5, big_bet=10)

FAILING = """
import os
from stud import BringIn, Call, Check, Show

class Failing:
    name = "failing"

    def __init__(self):
        if os.environ.get("STUD_TEST_LOG"):  # one line a hand it is seated in
            with open(os.environ["STUD_TEST_LOG"], "a") as log:
                log.write("seated\\n")

    def act(self, view, rng):
        if view.street == 5:
            return {}["no such key"]
        for action in (Show(), Check(), Call(), BringIn()):
            if action in view.legal_actions:
                return action
"""


def cli(*args: str) -> tuple[int, str, str]:
    from stud.cli.main import app  # noqa: PLC0415 (the commands register on import)

    result = runner.invoke(app, list(args), input="c\nk\n" * 40 + "q\n")
    return result.exit_code, result.stdout, result.stderr


def test_deal_seats_a_bot_from_a_file() -> None:
    code, out, err = cli("deal", "--bots", f"{EXAMPLE},station", "--players", "3", "--seed", "4")
    assert code == 0, err
    assert "Dealt to Pairbot 1:" in out
    assert "Dealt to Pairbot 3:" in out


def test_play_seats_a_bot_from_a_file() -> None:
    code, out, err = cli(
        "play", "--bots", EXAMPLE, "--players", "3", "--db", ":memory:", "--seed", "2"
    )
    assert code == 0, err
    assert "against Pairbot 2, Pairbot 3" in out
    assert "Session over: 1 hand played" in out


def sim_json(*args: str) -> dict[str, object]:
    code, out, err = cli("sim", "--json", "--seed", "3", "--variant", "stud8", *args)
    assert code == 0, err
    record: dict[str, object] = json.loads(out)
    del record["seconds"], record["hands_per_second"]
    return record


def test_sim_plays_a_bot_from_a_file_the_same_on_two_processes() -> None:
    one = sim_json("--bots", f"{EXAMPLE},tight,random", "--hands", "240", "--jobs", "1")
    two = sim_json("--bots", f"{EXAMPLE},tight,random", "--hands", "240", "--jobs", "2")
    assert one == two
    assert one["lineup"] == [EXAMPLE, "tight", "random"]
    bots = one["bots"]
    assert isinstance(bots, list)
    assert [b["hands"] for b in bots] == [240, 240, 240]
    assert sum(b["net_chips"] for b in bots) == 0


def test_sim_stops_on_a_failing_bot_and_names_it(tmp_path: Path) -> None:
    (tmp_path / "failing.py").write_text(FAILING, encoding="utf-8")
    spec = f"{tmp_path}/failing.py:Failing"
    code, _, err = cli("sim", "--bots", f"{spec},station", "--hands", "20000", "--jobs", "2")
    assert code == 2
    message = " ".join(err.split())
    assert f"bot '{spec}' raised KeyError: 'no such key' in hand " in message
    assert "given the view: seat " in message
    assert "street 5 (betting)" in message
    assert "Traceback" not in err


@pytest.mark.parametrize("options", [["deal"], ["play", "--db", ":memory:"]])
def test_deal_and_play_stop_on_a_failing_bot_and_name_it(
    tmp_path: Path, options: list[str]
) -> None:
    (tmp_path / "failing.py").write_text(FAILING, encoding="utf-8")
    spec = f"{tmp_path}/failing.py:Failing"
    code, _, err = cli(*options, "--bots", spec, "--players", "2", "--seed", "1")
    assert code == 1
    assert "bot 'failing' raised KeyError: 'no such key' in hand 1, given the view" in err
    assert "Traceback" not in err


def test_a_bad_bot_spec_is_one_line_before_any_card(tmp_path: Path) -> None:
    (tmp_path / "nobot.py").write_text("class NoBot:\n    pass\n", encoding="utf-8")
    for command in ("deal", "sim", "play"):
        code, out, err = cli(command, "--bots", f"{tmp_path}/nobot.py:NoBot")
        assert code == 2
        assert "does not meet the bot protocol (stud.bots.Bot)" in err
        assert len(err.strip().splitlines()) == 1
        assert "Dealt" not in out


def test_the_stud_command_loads_a_module_beside_it(tmp_path: Path) -> None:
    # The installed script, not `python -m`: the current folder is not on the path by
    # itself, and the two worker processes must import the module too.
    shutil.copy(EXAMPLE.partition(":")[0], tmp_path / "mybots.py")
    stud = Path(sys.executable).parent / "stud"
    done = subprocess.run(
        [
            str(stud),
            "sim",
            "--bots",
            "mybots:PairBot,random",
            "--hands",
            "60",
            "--jobs",
            "2",
            "--json",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert [b["name"] for b in json.loads(done.stdout)["bots"]] == ["mybots:PairBot", "random"]


def test_local_processes_start_no_more_chunks_after_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every chunk would fail within its first few hands; without cancelling, all 400
    # chunks would still start and seat the bot at least 400 times.
    (tmp_path / "failing.py").write_text(FAILING, encoding="utf-8")
    log = tmp_path / "seated.log"
    monkeypatch.setenv("STUD_TEST_LOG", str(log))
    sim = Simulation(RULES, (f"{tmp_path}/failing.py:Failing", "station"), hands=40_000)
    with pytest.raises(SimError, match="raised KeyError"):
        simulate(sim, LocalProcesses(2), chunk_hands=100)
    assert 1 < len(log.read_text().splitlines()) < 200


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::FutureWarning")
def test_ray_workers_load_the_bot_and_report_its_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("ray")
    from stud.sim.ray_cluster import RayCluster  # noqa: PLC0415 (needs ray)

    sim = Simulation(RULES, (EXAMPLE, "tight"), hands=300, seed=5)
    local = collect(sim, simulate(sim, InProcess()))
    remote = collect(sim, simulate(sim, RayCluster(None, num_cpus=2), chunk_hands=100))
    assert remote.as_dict() == local.as_dict()

    (tmp_path / "raybots.py").write_text(FAILING, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    failing = Simulation(RULES, ("raybots:Failing", "station"), hands=2_000)
    with pytest.raises(SimError, match=r"bot 'raybots:Failing' raised KeyError.* in hand \d+"):
        simulate(failing, RayCluster(None, num_cpus=2), chunk_hands=100)
