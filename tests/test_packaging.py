"""What ``pip install stud`` gives without its extras.

The base install is the engine, odds, bots, simulator, histories and the command
line; the cardroom (``server``), Ray (``ray``), the RL environments (``env``) and
plotting (``plot``) are extras, imported only at the edge that needs them. Each
check runs stud in a child process whose imports of the extras' packages fail as
if they were not installed, and records every attempt to import one.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

EXTRAS = {
    # pydantic is the server's too, but typer itself needs it, so it is always there.
    "server": {"starlette", "uvicorn", "uvloop", "httptools", "websockets", "psycopg", "redis"},
    "ray": {"ray"},
    "env": {"pettingzoo", "gymnasium"},
    "plot": {"matplotlib"},
}
BLOCKED = sorted(set().union(*EXTRAS.values()))

# Run in the child: a meta-path finder, first in line, that refuses every blocked
# package as a missing one would be refused, and notes the attempt; then the command.
CHILD = """
import importlib.abc, json, sys

BLOCKED = set(json.loads(sys.argv[1]))
tried = []

class NotInstalled(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            tried.append(name)
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NotInstalled())
code = 0
try:
    if sys.argv[2] == "import":
        import stud
        stud.new_hand(stud.Rules(stud.Variant.STUD8), [100, 100])
    elif sys.argv[2] == "warmup":
        from stud.compiled.warmup import warm_up
        warm_up()
    else:
        from stud.cli.main import main
        sys.argv = ["stud", *sys.argv[2:]]
        try:
            main()
        except SystemExit as exit:
            code = exit.code if isinstance(exit.code, int) else 1
finally:
    loaded = sorted(n for n in sys.modules if n.partition(".")[0] in BLOCKED)
    sys.stdout.flush()
    print("\\n@@" + json.dumps({"code": code, "tried": tried, "loaded": loaded}))
"""


def run_without_extras(*args: str) -> tuple[int, str, str, dict[str, Any]]:
    """Run ``stud ARGS`` (or ``import stud``) with no extra installed: exit code,
    stdout, stderr and what the child tried to import of the extras."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(BLOCKED), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    out, marker, record = done.stdout.rpartition("\n@@")
    assert marker, f"the child ended before its record: {done.stderr}"
    facts = json.loads(record)
    assert done.returncode == 0, done.stderr  # the child itself ran to its end
    return facts["code"], out, done.stderr, facts


def test_import_stud_needs_no_extra() -> None:
    code, _, err, facts = run_without_extras("import")
    assert code == 0, err
    assert facts["tried"] == []
    assert facts["loaded"] == []


def test_warm_up_compiles_what_the_base_install_has() -> None:
    """``python -m stud.compiled.warmup``, which ``make`` runs after installing, needs no extra."""
    code, _, err, facts = run_without_extras("warmup")
    assert code == 0, err
    assert set(facts["tried"]) <= EXTRAS["env"]  # it looked for the environments' packages
    assert facts["loaded"] == []


@pytest.mark.parametrize(
    "args",
    [
        ("sim", "--hands", "50", "--seed", "1"),
        ("equity", "As Ks Qs", "2c 3c 4d", "--trials", "2000"),
        ("deal", "--seed", "3"),
        ("play", "--help"),
        ("serve", "--help"),
        ("--help",),
    ],
    ids=" ".join,
)
def test_commands_run_without_any_extra(args: tuple[str, ...]) -> None:
    code, out, err, facts = run_without_extras(*args)
    assert code == 0, err
    assert out.strip()
    assert facts["tried"] == [], f"stud {' '.join(args)} imported {facts['tried']}"


def test_every_command_help_runs_without_any_extra() -> None:
    """Every command registers and explains itself with no extra installed."""
    code, out, err, _ = run_without_extras("--help")
    assert code == 0, err
    commands = re.findall(r"^  ([a-z]+)\s", out.partition("Commands:")[2], flags=re.M)
    assert {"play", "serve", "sim", "equity"} <= set(commands)
    for command in commands:
        code, out, err, facts = run_without_extras(command, "--help")
        assert code == 0, (command, err)
        assert facts["tried"] == [], (command, facts["tried"])


def test_serve_without_the_server_extra_says_how_to_install_it() -> None:
    code, out, err, facts = run_without_extras("serve", "--port", "0")
    assert code != 0
    assert err.strip().splitlines() == [
        "error: stud serve needs the cardroom's packages: pip install 'stud[server]'"
    ]
    assert "Traceback" not in out + err
    assert "open at" not in out
    assert facts["tried"]  # it did look for them, and found none


@pytest.mark.parametrize(
    ("args", "extra"),
    [
        (("sim", "--hands", "50", "--ray", "local"), "ray"),
        (("sim", "--hands", "50", "--plot", "out.png"), "plot"),
    ],
    ids=["--ray", "--plot"],
)
def test_an_option_that_needs_an_extra_says_which(args: tuple[str, ...], extra: str) -> None:
    code, _, err, _ = run_without_extras(*args)
    assert code != 0
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert f"pip install 'stud[{extra}]'" in lines[0]
    assert "Traceback" not in err


def test_base_dependencies_leave_the_extras_out() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

    def names(requirements: list[str]) -> set[str]:
        return {re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0].lower() for r in requirements}

    base = names(project["dependencies"])
    extras = project["optional-dependencies"]
    for extra, packages in EXTRAS.items():
        assert not base & packages, f"base dependencies list {base & packages}"
        assert names(extras[extra]) >= packages, extra
    assert {"sqlalchemy", "alembic"} <= base  # the hand store, shared by terminal and cardroom
    assert "stud[server,ray,env,plot]" in extras["test"]  # make test installs everything
