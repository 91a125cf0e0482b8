"""``stud play`` in a real terminal: tmux runs it, keys are typed, the screen is read.

This is the check that a person at a terminal sees the table (suit symbols in
colour, the turn mark, hidden cards as backs), that single keys act without Enter,
and that a whole hand plays to showdown. ``make test`` installs tmux where it is
missing; under CI a missing tmux is a failure, not a skip (tests/conftest.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
WIDTH, HEIGHT = 100, 40


class Screen:
    """One tmux server of our own (its own socket), running one command in one pane."""

    def __init__(self, socket: Path) -> None:
        assert TMUX is not None
        self.base = [TMUX, "-u", "-S", str(socket), "-f", "/dev/null"]

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            [*self.base, *args], capture_output=True, text=True, check=True, timeout=10
        )
        return done.stdout

    def start(self, command: str, env: dict[str, str]) -> None:
        # The shell keeps the pane open after the game ends, to read its last screen.
        shell = f'{command}; echo "exit status $?"; sleep 60'
        subprocess.run(
            [*self.base, "new-session", "-d", "-x", str(WIDTH), "-y", str(HEIGHT), shell],
            env=env,
            check=True,
            timeout=10,
        )

    def text(self, *, colours: bool = False) -> str:
        return self.tmux("capture-pane", "-p", *(["-e"] if colours else []))

    def wait_for(self, wanted: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            screen = self.text()
            if wanted in screen:
                return screen
            if time.monotonic() > deadline or "exit status" in screen:
                pytest.fail(f"{wanted!r} never appeared on the screen:\n{screen}")
            time.sleep(0.05)

    def wait_change(self, before: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            screen = self.text()
            if screen != before:
                time.sleep(0.1)  # let a redraw finish
                return self.text()
            if time.monotonic() > deadline:
                pytest.fail(f"the screen did not change after a key:\n{screen}")
            time.sleep(0.05)

    def press(self, key: str) -> None:
        self.tmux("send-keys", "-l", key)


@pytest.fixture
def screen() -> Iterator[Screen]:
    if TMUX is None:
        pytest.skip("tmux is not installed; `make test` installs it")
    # A short private path: tmux sockets must fit in a Unix socket address.
    folder = Path(tempfile.mkdtemp(prefix="stud-tmux-"))
    made = Screen(folder / "s")
    try:
        yield made
    finally:
        subprocess.run([*made.base, "kill-server"], capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)


def terminal_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env["LANG"] = "C.UTF-8"
    env.pop("LC_ALL", None)
    env.pop("TMUX", None)
    return env


def test_a_hand_of_stud8_in_tmux_to_showdown_then_quit(screen: Screen, tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    command = (
        f"{sys.executable} -m stud.cli.main play --variant stud8 --players 3 "
        f"--bots station --seed 2 --db {db}"
    )
    screen.start(command, terminal_env())
    first = screen.wait_for("Your turn:")

    assert "Seven-Card Stud Hi-Lo (8 or better) · 1/1/5/10 · hand 1 · 3rd street" in first
    assert "▶" in first  # the turn mark on my row
    assert any(suit in first for suit in "♣♦♥♠")
    assert "▒▒ ▒▒" in first  # the bots' cards face down
    you = next(line for line in first.splitlines() if " You " in line)
    assert "[" in you  # my own face-down cards, bracketed
    assert "\x1b[" in screen.text(colours=True)  # drawn in colour
    assert "Pot " in first

    screen.press("x")  # a key that does nothing: said so, and the turn stays mine
    after_x = screen.wait_for("'x' is not a key here")
    assert "Your turn:" in after_x

    shown = ""
    for _ in range(12):  # check (k) or call (c), a single key each time, to the end
        shown = screen.text()
        if "Enter next hand" in shown:
            break
        turn = shown[shown.rindex("Your turn:") :]
        screen.press("k" if " k check" in turn else "c")
        shown = screen.wait_change(shown)
        # Redrawn in place: one table on the screen, never a scroll of old ones.
        assert shown.count("Seven-Card Stud Hi-Lo (8 or better) · 1/1/5/10") <= 1, shown
    assert "Enter next hand" in shown, shown
    assert "showdown" in shown
    for player in ("You show", "Station 2 shows", "Station 3 shows"):
        assert player in shown
    assert " from the " in shown  # who won which pot or half

    screen.press("h")
    screen.wait_for("*** SUMMARY ***")
    screen.press("\n")  # the next hand
    screen.wait_for("hand 2 · 3rd street")
    screen.wait_for("Your turn:")
    screen.press("q")  # mid-hand: folds at the first chance and leaves when it is over
    end = screen.wait_for("exit status")
    assert "You leave the table." in end
    assert "Session over: 2 hands played" in end
    assert "exit status 0" in end


def test_ctrl_c_at_the_table_exits_130_with_the_summary(screen: Screen, tmp_path: Path) -> None:
    command = (
        f"{sys.executable} -m stud.cli.main play --variant razz -p 2 --bots station "
        f"--seed 4 --db {tmp_path / 'hands.sqlite3'}"
    )
    screen.start(command, terminal_env())
    screen.wait_for("Your turn:")
    screen.tmux("send-keys", "C-c")
    end = screen.wait_for("exit status")
    assert "Session over: 0 hands played" in end
    assert "exit status 130" in end
