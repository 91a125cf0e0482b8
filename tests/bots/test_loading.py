"""Bots of your own by spec: loading, the protocol check, and a bot that misbehaves."""

from __future__ import annotations

import random
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from stud.bots import BotError, BotLoadError, bot_factory, make_bot
from stud.rules import Rules, Variant
from stud.sim.hand import play_hand

EXAMPLE = Path(__file__).parents[2] / "examples" / "mybot.py"
RULES = Rules(Variant.STUD8, ante=1, bring_in=1, small_bet=5, big_bet=10)


def write(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def test_a_bot_from_a_file_plays_a_hand() -> None:
    bot = make_bot(f"{EXAMPLE}:PairBot")
    assert bot.name == "pairbot"
    state = play_hand(RULES, [100] * 3, [bot, make_bot("tight"), bot], random.Random(3))
    assert state.is_over
    assert sum(state.payoffs) == 0


def test_a_bot_from_a_module_beside_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "studbots_pkg"
    package.mkdir()
    write(package, "__init__.py", "")
    shutil.copy(EXAMPLE, package / "pairs.py")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "studbots_pkg", raising=False)
    assert make_bot("studbots_pkg.pairs:PairBot").name == "pairbot"


def test_a_relative_spec_is_read_from_the_folder_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "here.py", "from stud.bots import StationBot as Here\n")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    with pytest.raises(BotLoadError, match="no such file"):
        bot_factory("./here.py:Here")
    assert bot_factory("./here.py:Here", str(tmp_path))().name == "station"


@pytest.mark.parametrize(
    ("body", "spec", "message"),
    [
        ("", "missing.py:Bot", "'missing.py': no such file"),
        ("x = 1\n", "bot.py:Bot", "has no Bot"),
        ("Bot = 3\n", "bot.py:Bot", "Bot is not a class (it is int)"),
        ("def broken(:\n", "bot.py:Bot", "SyntaxError: invalid syntax (line 1)"),
        ("raise RuntimeError('no table')\n", "bot.py:Bot", "RuntimeError: no table"),
        ("class Bot:\n    pass\n", "bot.py:Bot", "does not meet the bot protocol"),
        (
            "class Bot:\n    name = 'b'\n    def act(self, view):\n        return None\n",
            "bot.py:Bot",
            "must take two arguments, act(view, rng)",
        ),
        (
            "class Bot:\n    def __init__(self, depth):\n        pass\n",
            "bot.py:Bot",
            "making the bot failed: TypeError",
        ),
        ("", "bot.py:2nd", "write module:Class or path/to/file.py:Class"),
        ("", "no_such_studbot_module:Bot", "no module named 'no_such_studbot_module'"),
        ("", "shark", "no bot named 'shark'; choose from equity, learned, random, station, tight"),
    ],
)
def test_a_bad_spec_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, spec: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    if body:
        write(tmp_path, "bot.py", body)
    with pytest.raises(BotLoadError) as caught:
        make_bot(spec)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def failing_bot(tmp_path: Path, act_body: str) -> str:
    write(
        tmp_path,
        "failing.py",
        f"""
        from stud import Raise, Show

        class Failing:
            name = "failing"

            def act(self, view, rng):
                {act_body}
        """,
    )
    return f"{tmp_path}/failing.py:Failing"


def test_a_bot_that_raises_is_named_with_the_hand_and_its_view(tmp_path: Path) -> None:
    bot = make_bot(failing_bot(tmp_path, "return 1 // 0"))
    with pytest.raises(BotError) as caught:
        play_hand(RULES, [100, 100], [make_bot("station"), bot], random.Random(1), hand=17)
    text = str(caught.value)
    assert text.startswith("bot 'failing' raised ZeroDivisionError: integer division or modulo")
    assert "in hand 17" in text
    assert "given the view: seat 2, street 3 (betting)" in text
    assert "legal: " in text
    assert "\n" not in text


def test_a_bot_that_plays_an_illegal_action_is_named(tmp_path: Path) -> None:
    bot = make_bot(failing_bot(tmp_path, "return Raise(999)"))
    with pytest.raises(BotError, match=r"bot 'failing' returned Raise\(to=999\), which is not"):
        play_hand(RULES, [100, 100], [bot, bot], random.Random(1), hand=2)
