"""``stud play`` and ``stud history`` driven through their input and output.

The game is played by a script of keys, one a line, as a program driving it would
type them. Calling stations never fold, so checking (``k``) or calling (``c``) on
every turn takes each hand to showdown; the script offers both in turn, and the
one that does not fit is refused with a reason, which costs nothing. What the
screen says is checked against the hand kept in the database, replayed through the
PHH reader.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from running import signal_when
from stud.actions import PotAwarded
from stud.cli.main import app
from stud.history.phh import parse_phh, replay
from stud.storage import SQLiteHandStore, StoredHand

runner = CliRunner()

CALL_DOWN = "c\nk\n" * 12  # more than enough answers to check or call to the river


def play(db: Path, keys: str, *options: str) -> str:
    args = ["play", "--db", str(db), "--bots", "station", "--players", "3", "--seed", "1"]
    result = runner.invoke(app, [*args, *options], input=keys)
    assert result.exit_code == 0, result.output
    return result.output


def kept(db: Path) -> list[StoredHand]:
    store = SQLiteHandStore(db)
    try:
        return store.recent()
    finally:
        store.close()


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_a_full_hand_to_showdown_then_quit(tmp_path: Path, variant: str) -> None:
    db = tmp_path / "hands.sqlite3"
    out = play(db, CALL_DOWN + "q\n", "--variant", variant, "--stack", "100")

    assert f"Hand histories are kept in {db}" in out
    assert "Your turn:" in out
    assert "showdown" in out
    # Nobody folds, so all three hands are shown and named.
    assert re.search(r"^You show ", out, re.MULTILINE)
    assert re.search(r"^Station 2 shows ", out, re.MULTILINE)
    assert re.search(r"^Station 3 shows ", out, re.MULTILINE)
    awards = re.findall(r"^(.+?) wins? (\d+) from (.*)$", out, re.MULTILINE)
    assert awards, out

    (hand,) = kept(db)
    state = replay(parse_phh(hand.record.phh))
    assert state.is_over
    assert sum(state.final_stacks) == 300  # R8.1, from the kept history
    pot = sum(int(amount) for _, amount, _ in awards)
    assert pot == sum(e.amount for e in state.events if isinstance(e, PotAwarded))
    net = state.final_stacks[hand.record.seat] - 100
    assert "Session over: 1 hand played" in out
    assert f"Net result: {net:+d} chips (100 -> {100 + net})." in out
    assert hand.record.net == net
    assert hand.record.variant == variant


def test_a_wrong_key_is_explained_and_the_hand_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    out = play(db, "x\nB\n\n" + CALL_DOWN + "q\n", "--variant", "stud8")
    assert "'x' is not a key here" in out
    assert "the big bet is only for fourth street" in out
    assert "press one of the keys" in out
    assert "Session over: 1 hand played" in out
    assert len(kept(db)) == 1


def test_h_between_hands_shows_the_last_hand_from_my_chair(tmp_path: Path) -> None:
    out = play(tmp_path / "h.sqlite3", CALL_DOWN + "h\nq\n", "--name", "Ann")
    history = out[out.index("*** 3RD STREET ***") :]
    assert "Dealt to You: [" in history  # as the table says; --name is for kept histories
    assert "Ann" not in history
    assert "Dealt to Station 2: [?? ??]" in history
    assert "*** SUMMARY ***" in history


def test_several_hands_then_quit_counts_them_all(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    # Enter deals the next hand; a c left over at the end of a hand is refused there.
    out = play(db, (CALL_DOWN + "\n") * 2 + CALL_DOWN + "q\n", "--variant", "stud")
    hands = kept(db)
    assert len(hands) == 3
    assert "Session over: 3 hands played, " in out
    net = sum(h.record.net for h in hands)
    assert f"Net result: {net:+d} chips" in out
    assert [h.record.number for h in hands] == [1, 2, 3]


def test_check_and_call_are_different_keys(tmp_path: Path) -> None:
    # Seed 1: the bring-in is a bot's, so the first question is a call; then checks.
    out = play(tmp_path / "k.sqlite3", "k\nc\nc\nk\nq\n", "--variant", "stud")
    assert "there is a bet to you, so you cannot check: c calls 1, f folds" in out
    assert "k check" in out
    assert "c call 1" in out
    assert "nobody has bet, so there is nothing to call: k checks" in out
    assert re.search(r"^Last actions: .*You call 1", out, re.MULTILINE)
    assert re.search(r"^Last actions: .*You check", out, re.MULTILINE)


def test_q_mid_hand_folds_and_leaves(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    out = play(db, "q\n", "--variant", "stud")
    assert "You fold at the first chance and leave after this hand." in out
    assert out.index("You leave the table.") > out.index("this hand; stack")
    assert "Session over: 1 hand played" in out
    (hand,) = kept(db)
    state = replay(parse_phh(hand.record.phh))
    assert state.folded[hand.record.seat]
    assert hand.record.net < 0  # the ante, and no more
    assert f"Net result: {hand.record.net:+d} chips" in out
    assert "Enter next hand" not in out


def test_input_ending_mid_hand_leaves_without_counting_it(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    out = play(db, "c\n")
    assert "Session over: 0 hands played (the hand left unfinished is not counted)" in out
    assert "Net result: +0 chips (200 -> 200)." in out
    assert kept(db) == []


@pytest.mark.parametrize(
    ("seed", "final", "message"),
    [
        ("1", 8, "Everyone else is out of chips: the table is yours."),
        ("7", 0, "You are out of chips."),
    ],
)
def test_the_session_ends_when_one_player_has_every_chip(
    tmp_path: Path, seed: str, final: int, message: str
) -> None:
    db = tmp_path / "hands.sqlite3"
    out = play(db, "c\nk\n\n" * 40, "--players", "2", "--stack", "4", "--seed", seed)
    hands = kept(db)
    assert 4 + sum(h.record.net for h in hands) == final
    assert message in out
    assert out.index(message) > out.rindex("this hand; stack")
    assert f"Session over: {len(hands)} hands played" in out
    assert f"Net result: {final - 4:+d} chips (4 -> {final})." in out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--players", "9"], "--players 9"),
        (["-p", "1"], "--players 1"),
        (["--stack", str(10**19)], "a stack must be from 1 to 1,000,000 chips"),
        (["--stakes", "1/1/5/1000000000000000000000"], "stakes go up to 1,000,000 chips"),
        (["--stakes", "\uff11/\uff11/\uff15/\uff11\uff10"], "must be four whole numbers"),
        (["--seed", "-1"], "--seed -1"),
        (["--stakes", "1/2/3"], "--stakes 1/2/3"),
        (["--stakes", "1/1/5/2"], "big bet"),
        (["--variant", "omaha"], "--variant 'omaha'"),
        (["--bots", "shark"], "no bot named 'shark'"),
        (["--stack", "0"], "--stack 0"),
        (["--name", " "], "--name"),
        (["--db", "/dev/null/hands.sqlite3"], "--db"),
        (["--table-size", "4"], "--table-size goes with --tournament"),
        (["--tournament", "-p", "1001"], "--players 1001: a tournament takes 2 to 1000"),
        (["--tournament", "-p", "12", "--table-size", "1"], "--table-size 1: a stud table"),
        (["--tournament", "--levels", "1/1/5/10,x"], "--levels 1/1/5/10,x: level 2 ('x')"),
        (["--tournament", "--payouts", "90"], "--payouts 90: the percentages add up to 90"),
        (["--tournament", "--level-minutes", "0"], "--level-minutes 0: a level lasts"),
    ],
)
def test_bad_options_are_refused_before_any_card(options: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", "--db", ":memory:", *options], input="q\n")
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.startswith("error: ")
    assert "Your turn" not in result.output
    assert "Traceback" not in result.output


def test_history_lists_shows_and_exports_the_kept_hands(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    play(db, CALL_DOWN + "\n" + CALL_DOWN + "q\n", "--variant", "stud8")
    first, second = kept(db)

    listing = runner.invoke(app, ["history", "list", "--db", str(db)])
    assert listing.exit_code == 0, listing.output
    for hand in (first, second):
        row = next(line for line in listing.output.splitlines() if f" {hand.id} " in line)
        assert "stud8" in row
        assert f"{hand.record.net:+d}" in row

    shown = runner.invoke(app, ["history", "show", str(second.id), "--db", str(db)])
    assert shown.exit_code == 0, shown.output
    assert "Dealt to You: [" in shown.output
    assert "Dealt to Station 2: [?? ??]" in shown.output  # told from the chair it was played
    assert "*** SUMMARY ***" in shown.output

    out = tmp_path / "hand.phh"
    exported = runner.invoke(
        app, ["history", "export", str(first.id), "-o", str(out), "--db", str(db)]
    )
    assert exported.exit_code == 0, exported.output
    hand = parse_phh(out.read_text(), source=str(out))
    assert hand.extra["players"] == ["Hero", "Station 2", "Station 3"]
    state = replay(hand)
    assert hand.finishing_stacks == state.final_stacks
    assert state.final_stacks[0] - 200 == first.record.net


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["history", "show", "99"], "no hand 99"),
        (["history", "export", "99"], "no hand 99"),
        (["history", "list", "--limit", "0"], "--limit 0"),
    ],
)
def test_history_errors_name_what_is_wrong(tmp_path: Path, args: list[str], message: str) -> None:
    db = tmp_path / "hands.sqlite3"
    SQLiteHandStore(db).close()
    result = runner.invoke(app, [*args, "--db", str(db)])
    assert result.exit_code != 0
    assert message in result.output


def test_history_without_a_database_says_so(tmp_path: Path) -> None:
    result = runner.invoke(app, ["history", "list", "--db", str(tmp_path / "none.sqlite3")])
    assert result.exit_code != 0
    assert "no hand database at" in result.output


def test_a_terminal_without_utf8_or_colour_gets_plain_ascii(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "stud.cli.main", "play", "--db", ":memory:", "--seed", "3"],
        input=CALL_DOWN + "q\n",
        capture_output=True,
        text=True,
        encoding="ascii",
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Session over: 1 hand played" in done.stdout
    assert re.search(r"\[[2-9TJQKA][cdhs] [2-9TJQKA][cdhs]\] [2-9TJQKA][cdhs]", done.stdout)


def test_history_before_any_game_says_there_is_none_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = runner.invoke(app, ["history", "list"])
    assert result.exit_code == 0
    assert "No hands kept yet" in result.output
    assert str(tmp_path / "stud" / "hands.sqlite3") in result.output
    shown = runner.invoke(app, ["history", "show", "1"])
    assert shown.exit_code != 0
    assert "no hand database at" in shown.output


def test_play_keeps_hands_in_the_default_file_under_xdg_data_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = runner.invoke(app, ["play", "--bots", "station", "--seed", "1"], input=CALL_DOWN)
    assert result.exit_code == 0, result.output
    path = tmp_path / "stud" / "hands.sqlite3"
    assert f"Hand histories are kept in {path}" in result.output
    assert len(kept(path)) == 1
    listing = runner.invoke(app, ["history", "list"])
    assert listing.exit_code == 0
    assert "stud8" in listing.output


def test_ctrl_c_ends_the_session_with_its_summary_and_status_130() -> None:
    args = ["play", "--db", ":memory:", "--bots", "station", "-p", "3", "--seed", "1"]
    done = signal_when("Your turn:", *args, on_stdout=True)
    assert done.returncode == 130
    assert "Session over: 0 hands played (the hand left unfinished is not counted)" in done.stdout
    assert "Net result: +0 chips (200 -> 200)." in done.stdout
    assert "Traceback" not in done.stderr


def test_a_sit_and_go_raises_the_stakes_and_ends_with_my_place(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    keys = ("c\nk\n" * 12 + "\n") * 80 + "q\n"
    out = play(db, keys, "--stack", "100", "--tournament")
    finish = re.search(r"You finish the tournament in place (\d) of 3: prize (\d+)\.", out)
    assert finish, out[-2000:]
    place, prize = int(finish[1]), int(finish[2])
    assert prize == {1: 195, 2: 105, 3: 0}[place]  # 65% and 35% of three buy-ins of 100
    hands = sorted(kept(db), key=lambda h: h.id)
    assert len(hands) > 10
    assert {h.record.stakes for h in hands[:10]} == {"1/1/5/10"}
    assert hands[10].record.stakes == "2/2/10/20"
    assert "Next hand: level 2, stakes 2/2/10/20." in out
    last = replay(parse_phh(hands[-1].record.phh))
    me = hands[-1].record.seat
    assert (last.final_stacks[me] == 300) is (place == 1)


def test_a_multi_table_tournament_seats_me_at_one_table_of_several(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    keys = "f\nk\nc\n\n" * 600 + "q\n"  # fold when I can: others go out before me
    out = play(
        db,
        keys,
        *("--stack", "100", "--tournament", "--players", "10", "--table-size", "4"),
        *("--bots", "tight,equity,random"),
    )
    assert "A tournament of 10 players at 3 tables of 4 or fewer" in out
    # Players out at any table, tables balanced (R10.3) and what is left, between hands.
    assert re.search(r"Out: \w+ \d+ \(10th\)\.", out)
    assert re.search(r"\w+ \d+ (moves to table \d|joins your table from table \d)\.", out)
    assert "Players left: 9 of 10 at 3 tables; you are at table 1 with " in out
    assert "Players left: 8 of 10 at 2 tables" in out  # a table broke
    finish = re.search(r"You finish the tournament in place (\d+) of 10: prize (\d+)\.", out)
    assert finish, out[-2000:]
    place, prize = int(finish[1]), int(finish[2])
    assert prize == dict(enumerate([400, 250, 150, 120, 80], start=1)).get(place, 0)
    hands = kept(db)
    assert hands
    assert all(len(h.record.names) <= 4 for h in hands)  # only my table's hands are mine
