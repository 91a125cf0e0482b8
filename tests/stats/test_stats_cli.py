"""``stud stats`` on real PokerStars files, PHH files and the hand store; bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from made_hands import ALL_IN, SHOWDOWN, STEAL, played
from typer.testing import CliRunner

from stud.cli.main import app
from stud.history.phh import to_phh
from stud.stats.counting import tally
from stud.stats.sources import HandError, from_stars_text
from stud.storage import HandRecord, SQLiteHandStore

runner = CliRunner()
STARS = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
STUD = STARS / "7-Stud-USD-0.04-0.08-200911.txt"
RAZZ = STARS / "Razz-USD-0.04-0.08-200911.txt"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def test_real_pokerstars_hands_as_json() -> None:
    code, out, err = run("stats", str(STUD), "--player", "Hero", "--json")
    assert code == 0, err
    data = json.loads(out)
    hands = list(from_stars_text(STUD.read_text("utf-8-sig"), str(STUD)))
    assert not any(isinstance(h, HandError) for h in hands)
    expected = tally([h for h in hands if not isinstance(h, HandError)], "Hero")
    assert data["hands"] == expected.hands == 11
    vpip = next(s for s in data["stats"] if s["key"] == "vpip")
    assert (vpip["opportunities"], vpip["done"]) == (
        expected.line("vpip").opportunities,
        expected.line("vpip").done,
    )
    assert data["all_in"]["hands"] == 0
    assert data["leaks"] is None


def test_the_table_names_the_player_and_the_statistics() -> None:
    code, out, err = run("stats", str(STUD), str(RAZZ), "--player", "Hero")
    assert code == 0, err
    assert "Hero: 20 hands" in out
    for name in ("VPIP", "Saw 4th street", "Went to showdown", "Big bets per 100 hands"):
        assert name in out


@pytest.mark.parametrize(
    ("options", "hands"),
    [
        (["--variant", "razz"], 9),
        (["--variant", "stud"], 11),
        (["--since", "2009-11-27"], None),
        (["--until", "2009-11-26", "--players", "8"], None),
        (["--door", "A"], None),
        (["--stakes", "1/2/4/8"], None),
    ],
)
def test_filters(options: list[str], hands: int | None) -> None:
    code, out, err = run("stats", str(STUD), str(RAZZ), "--player", "Hero", "--json", *options)
    if hands is None and code == 2:
        assert "no hand of 'Hero'" in err
        return
    assert code == 0, err
    data = json.loads(out)
    if hands is not None:
        assert data["hands"] == hands
    else:
        assert 0 < data["hands"] < 20


def test_phh_files_and_the_all_in_ev(tmp_path: Path) -> None:
    many = tmp_path / "hands.phhs"
    many.write_text(
        "".join(f"[{i}]\n{text}\n" for i, text in enumerate((STEAL, SHOWDOWN, ALL_IN), 1))
    )
    code, out, err = run("stats", str(many), "--player", "ann", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["hands"] == 3
    (valued,) = data["all_in"]["valued"]
    assert valued["street"] == 5
    assert valued["actual"] == -12
    assert data["all_in"]["luck_bb"] == pytest.approx((valued["actual"] - valued["expected"]) / 10)


def test_the_graph_is_a_png(tmp_path: Path) -> None:
    one = tmp_path / "hand.phh"
    one.write_text(ALL_IN)
    picture = tmp_path / "ev.png"
    code, _, err = run("stats", str(one), "--player", "bob", "--graph", str(picture))
    assert code == 0, err
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_the_hand_store_is_read_and_its_own_player_is_the_default(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    store = SQLiteHandStore(db)
    for number, text in enumerate((STEAL, SHOWDOWN), 1):
        state = played(text).state
        store.add(
            HandRecord(
                played_at="2026-01-02T03:04:05+00:00",
                session="s",
                number=number,
                variant="stud",
                stakes=state.rules.stakes,
                seat=0,
                names=("You", "bob", "cat", "dan"),
                net=state.payoffs[0],
                pot=state.pot,
                phh=to_phh(state),
            )
        )
    store.close()
    code, out, err = run("stats", "--store", "--db", str(db), "--json", "--since", "2026-01-01")
    assert code == 0, err
    data = json.loads(out)
    assert data["player"] == "You"
    assert data["hands"] == 2


def test_leaks_against_a_small_reference() -> None:
    code, out, err = run(
        "stats", str(STUD), "--player", "Hero", "--leaks", "--reference-hands", "50", "--json"
    )
    assert code == 0, err
    assert isinstance(json.loads(out)["leaks"], list)


def test_a_bad_hand_is_named_and_the_others_still_count(tmp_path: Path) -> None:
    many = tmp_path / "hands.phhs"
    bad = STEAL.replace("'p4 cbr 5'", "'p4 cbr 3'")
    many.write_text(f"[1]\n{bad}\n[2]\n{SHOWDOWN}\n")
    code, out, err = run("stats", str(many), "--player", "ann", "--json")
    assert code == 1
    assert "hands.phhs" in err
    assert "hand 1: action 7" in err
    assert json.loads(out)["hands"] == 1


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ([], "name hand history files"),
        (["missing.txt", "--player", "x"], "missing.txt: no such file"),
        ([str(STUD)], "name the player with --player; the hands' players: Hero"),
        ([str(STUD), "--player", "Nobody"], "no hand of 'Nobody'"),
        ([str(STUD), "--player", "Hero", "--door", "AX"], "--door 'AX': 'X' is not a card rank"),
        ([str(STUD), "--player", "Hero", "--since", "26/11/2009"], "a date is written YYYY-MM-DD"),
        ([str(STUD), "--player", "Hero", "--players", "9"], "a table seats 2 to 8"),
        ([str(STUD), "--player", "Hero", "--variant", "holdem"], "is not one of"),
        ([str(STUD), "--player", "Hero", "--stakes", "1/2"], "four whole numbers"),
        ([str(STUD), "--player", "Hero", "--graph", "out.jpg"], "name a .png file"),
        ([str(STUD), "--player", "Hero", "--graph", "nowhere/out.png"], "does not exist"),
        ([str(STUD), "--player", "Hero", "--reference-hands", "0"], "--reference-hands 0"),
        ([str(STUD), "--player", "Hero", "--seed", "-1"], "--seed -1"),
        (["--store", "--db", "/nonexistent/hands.db"], "no hand database"),
    ],
)
def test_bad_input_is_one_clear_line(args: list[str], said: str) -> None:
    code, _, err = run("stats", *args)
    assert code == 2
    assert said in err
    assert "Traceback" not in err


def test_a_folder_and_a_file_that_is_no_history(tmp_path: Path) -> None:
    code, _, err = run("stats", str(tmp_path), "--player", "x")
    assert code == 2
    assert "is a folder" in err
    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    code, _, err = run("stats", str(text), "--player", "x")
    assert code != 0
    assert "no PokerStars hand found" in err
