"""One hand store: a hand played in the cardroom and one played at the terminal in the
same database, both in ``stud history``, each told from its player's chair (R8.4)."""

from __future__ import annotations

from pathlib import Path

from hands import NAMES, played
from typer.testing import CliRunner
from web_harness import check_books, committed

from stud.actions import HandShown
from stud.cli.main import app
from stud.history.phh import parse_phh, to_phh
from stud.state import HandState
from stud.storage import HandRecord, SQLiteHandStore
from stud.web.store import Store

runner = CliRunner()


def _cardroom_hand(path: Path | str, state: HandState) -> int:
    """``state`` played at a cash table by Ann, Bob and Cy, stored as the tables store it."""
    store = Store(str(path))
    try:
        accounts = []
        for name in NAMES:
            account = store.account(store.register(name, "secret1"))
            assert account is not None
            accounts.append(account.id)
        table = store.create_table("Main", "stud", state.rules.stakes, 6, bots=False)
        for seat, account in enumerate(accounts):
            store.sit(table, seat, account, 100)
        hand: int = committed(
            store.save_start, table, "As" * 52, [0, 1, 2], NAMES, accounts, [100] * 3
        )
        stacks = dict(enumerate(state.stacks))
        phh = to_phh(state, players=NAMES)
        committed(store.save_finish, hand, table, stacks, 0, phh)
        assert check_books(store) == []
        return hand
    finally:
        store.close()


def _terminal_hand(path: Path | str, state: HandState) -> int:
    store = SQLiteHandStore(path)
    try:
        return store.add(
            HandRecord(
                played_at="2026-01-02T03:04:05+00:00",
                session="s",
                number=1,
                variant=state.rules.variant.value,
                stakes=state.rules.stakes,
                seat=0,
                names=("You", "Random 2", "Station 3"),
                net=state.payoffs[0],
                pot=0,
                phh=to_phh(state, players=["You", "Random 2", "Station 3"], hand=1),
            )
        )
    finally:
        store.close()


def test_history_lists_the_cardroom_hands_of_a_player_beside_the_terminals(db_url: str) -> None:
    """On a SQLite file and on PostgreSQL."""
    db = db_url
    state = played(fold_out=False)
    cardroom = _cardroom_hand(db, state)
    terminal = _terminal_hand(db, played(fold_out=True))
    both = runner.invoke(app, ["history", "list", "--db", str(db), "--player", "Bob"])
    assert both.exit_code == 0, both.output
    rows = {int(line.split()[1]): line for line in both.output.splitlines() if "│ stud" in line}
    assert set(rows) == {cardroom, terminal}
    assert rows[cardroom].split()[-2] == f"{state.payoffs[1]:+d}"  # Bob's result, replayed
    alone = runner.invoke(app, ["history", "list", "--db", str(db)])
    assert alone.exit_code == 0, alone.output
    assert [line.split()[1] for line in alone.output.splitlines() if "│ stud" in line] == [
        str(terminal)
    ]


def test_r8_4_a_cardroom_hand_exports_from_its_players_chair_only(tmp_path: Path) -> None:
    db = tmp_path / "one.sqlite3"
    state = played(fold_out=False)
    hand = _cardroom_hand(db, state)
    shown = {e.seat for e in state.events if isinstance(e, HandShown)}
    for viewer, name in enumerate(NAMES):
        args = ["history", "export", str(hand), "--db", str(db), "--player", name]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        dealt = [a for a in parse_phh(result.output).actions if a.startswith("d dh p")]
        assert dealt
        for action in dealt:
            seat = int(action.split()[2][1:]) - 1
            assert ("??" in action) == (seat not in shown and seat != viewer), (name, action)
    told = runner.invoke(app, ["history", "show", str(hand), "--db", str(db), "--player", "Cy"])
    assert told.exit_code == 0, told.output
    assert "Dealt to You: [" in told.output


def test_a_cardroom_hand_needs_its_player_and_is_refused_to_others(tmp_path: Path) -> None:
    db = tmp_path / "one.sqlite3"
    hand = _cardroom_hand(db, played(fold_out=True))
    store = Store(str(db))
    store.register("Dan", "secret1")
    store.close()
    nobody = runner.invoke(app, ["history", "export", str(hand), "--db", str(db)])
    assert nobody.exit_code != 0
    assert "played in the cardroom: name its player with --player" in nobody.output
    other = runner.invoke(app, ["history", "export", str(hand), "--db", str(db), "--player", "Dan"])
    assert other.exit_code != 0
    assert f"Dan did not play hand {hand}" in other.output
    unknown = runner.invoke(app, ["history", "list", "--db", str(db), "--player", "Eve"])
    assert unknown.exit_code != 0
    assert "no such account" in unknown.output
    assert "Traceback" not in nobody.output + other.output + unknown.output


def test_a_cardroom_store_keeps_the_terminals_tables_closed(tmp_path: Path) -> None:
    """Terminal sessions are closed tables of the one schema: the cardroom opens none."""
    db = tmp_path / "one.sqlite3"
    _terminal_hand(db, played(fold_out=True))
    store = Store(str(db))
    try:
        assert store.tables() == []
        assert check_books(store) == []
    finally:
        store.close()
