"""The hand store: SQLite on disk and the in-memory stand-in behave alike."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from stud.storage import (
    MEMORY,
    HandRecord,
    HandStore,
    MemoryHandStore,
    SQLiteHandStore,
    StorageError,
    StoredHand,
    UnreadableHand,
    default_db_path,
    open_store,
)


def record(number: int, net: int = 0) -> HandRecord:
    return HandRecord(
        played_at=f"2024-05-01T12:00:{number:02d}+00:00",
        session="abc",
        number=number,
        variant="stud8",
        stakes="1/1/5/10",
        seat=0,
        names=("Hero", "Tight 2", "Équité 3"),
        net=net,
        pot=10 * number,
        phh=f'variant = "F7S/8"\nhand = {number}\n',
    )


@pytest.fixture(params=["sqlite", "memory"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[HandStore]:
    made: HandStore = (
        SQLiteHandStore(tmp_path / "deep" / "hands.sqlite3")
        if request.param == "sqlite"
        else MemoryHandStore()
    )
    yield made
    made.close()


def test_a_kept_hand_comes_back_whole(store: HandStore) -> None:
    hand_id = store.add(record(1, net=-7))
    got = store.get(hand_id)
    assert got is not None
    assert got.id == hand_id
    assert got.record == record(1, net=-7)


def test_ids_are_new_for_each_hand_and_unknown_ids_give_none(store: HandStore) -> None:
    ids = [store.add(record(n)) for n in range(1, 4)]
    assert len(set(ids)) == 3
    assert store.get(max(ids) + 1) is None


def test_recent_lists_the_latest_hands_oldest_first(store: HandStore) -> None:
    for n in range(1, 6):
        store.add(record(n))
    assert [h.record.number for h in store.recent()] == [1, 2, 3, 4, 5]
    assert [h.record.number for h in store.recent(2)] == [4, 5]
    assert [h.record.number for h in store.recent(9)] == [1, 2, 3, 4, 5]
    assert store.recent(0) == []


def test_sqlite_keeps_hands_after_closing(tmp_path: Path) -> None:
    path = tmp_path / "hands.sqlite3"
    first = SQLiteHandStore(path)
    first.add(record(1, net=12))
    first.close()
    again = SQLiteHandStore(path)
    try:
        assert [h.record for h in again.recent()] == [record(1, net=12)]
    finally:
        again.close()


def test_a_file_that_is_not_a_database_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("these are not hands\n" * 100)
    with pytest.raises(StorageError, match=r"notes\.txt"):
        SQLiteHandStore(path)


def test_a_newer_database_is_refused_rather_than_misread(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(StorageError, match="version 99"):
        SQLiteHandStore(path)


def test_a_folder_that_cannot_be_made_is_refused_by_name(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(StorageError, match="cannot create"):
        SQLiteHandStore(blocker / "sub" / "hands.sqlite3")


@pytest.mark.parametrize(
    ("xdg", "expected"),
    [
        (lambda tmp: str(tmp / "data"), lambda tmp, home: tmp / "data" / "stud" / "hands.sqlite3"),
        (lambda tmp: "", lambda tmp, home: home / ".local/share/stud/hands.sqlite3"),
        (lambda tmp: "relative/dir", lambda tmp, home: home / ".local/share/stud/hands.sqlite3"),
    ],
    ids=["xdg", "unset", "relative-ignored"],
)
def test_the_default_file_follows_xdg_data_home(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    xdg: Callable[[Path], str],
    expected: Callable[[Path, Path], Path],
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", xdg(tmp_path))
    assert default_db_path() == expected(tmp_path, home)


def test_open_store_memory_keeps_nothing_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    store = open_store(MEMORY)
    store.add(record(1))
    assert list(tmp_path.iterdir()) == []
    assert "memory" in store.location


def _stud_db(path: Path, count: int) -> None:
    store = SQLiteHandStore(path)
    for n in range(1, count + 1):
        store.add(record(n))
    store.close()


@pytest.mark.parametrize("read_only", [False, True])
def test_an_empty_file_is_refused_and_left_empty(tmp_path: Path, read_only: bool) -> None:
    path = tmp_path / "empty.sqlite3"
    path.write_bytes(b"")
    with pytest.raises(StorageError, match=r"empty\.sqlite3: not a stud hand database"):
        SQLiteHandStore(path, read_only=read_only)
    assert path.read_bytes() == b""


@pytest.mark.parametrize("read_only", [False, True])
def test_another_programs_database_is_refused_and_left_as_it_was(
    tmp_path: Path, read_only: bool
) -> None:
    path = tmp_path / "notes.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (body TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StorageError, match=r"notes\.sqlite3: not a stud hand database"):
        SQLiteHandStore(path, read_only=read_only)
    assert path.read_bytes() == before


def test_a_read_only_store_reads_and_never_writes(tmp_path: Path) -> None:
    path = tmp_path / "hands.sqlite3"
    _stud_db(path, 2)
    before = path.read_bytes()
    store = open_store(path, read_only=True)
    try:
        assert [h.id for h in store.recent()] == [1, 2]
        with pytest.raises(StorageError, match="cannot save the hand"):
            store.add(record(3))
    finally:
        store.close()
    assert path.read_bytes() == before


def test_a_read_only_store_that_is_not_there_is_not_created(tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite3"
    with pytest.raises(StorageError, match=r"none\.sqlite3: there is no hand database there"):
        SQLiteHandStore(path, read_only=True)
    assert not path.exists()


@pytest.mark.parametrize(
    ("column", "value", "reason"),
    [
        ("names", "not json", "hand 2 is damaged: "),
        ("names", '{"a": 1}', "hand 2 is damaged: names '{\"a\": 1}' are not a list of names"),
        ("net", "lots", "hand 2 is damaged: net 'lots' is not a whole number"),
        ("phh", b"junk", "hand 2 is damaged: phh b'junk' is not text"),
    ],
)
def test_a_damaged_row_is_reported_in_its_place_and_the_others_are_read(
    tmp_path: Path, column: str, value: object, reason: str
) -> None:
    path = tmp_path / "hands.sqlite3"
    _stud_db(path, 3)
    db = sqlite3.connect(path)
    db.execute(f"UPDATE hands SET {column} = ? WHERE id = 2", (value,))
    db.commit()
    db.close()
    store = SQLiteHandStore(path, read_only=True)
    try:
        first, second, third = store.recent()
        assert isinstance(first, StoredHand)
        assert isinstance(third, StoredHand)
        assert isinstance(second, UnreadableHand)
        assert second.id == 2
        assert second.reason.startswith(reason)
        with pytest.raises(StorageError, match=rf"hands\.sqlite3: {re.escape(reason)}"):
            store.get(2)
        assert store.get(3) == third
    finally:
        store.close()


def test_ids_and_limits_past_sqlites_integers_are_no_hand_and_all_hands(
    store: HandStore,
) -> None:
    store.add(record(1))
    assert store.get(2**70) is None
    assert store.get(-(2**70)) is None
    assert [h.id for h in store.recent(2**70)] == [1]


LEGACY = Path(__file__).parent / "data" / "terminal_hands_v1.sqlite3"
"""A terminal hand database as ``stud play`` kept it before the one schema: stdlib
``sqlite3``, ``PRAGMA user_version = 1``, three hands of one session."""


def _legacy_rows(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT id, played_at, session, number, variant, stakes, seat, names, net, pot, phh"
            " FROM hands ORDER BY id"
        ).fetchall()
    db.close()
    return rows


def _as_kept(row: tuple[object, ...]) -> StoredHand:
    hand_id, played_at, session, number, variant, stakes, seat, names, net, pot, phh = row
    assert isinstance(hand_id, int)
    assert isinstance(names, str)
    record = HandRecord(
        str(played_at), str(session), int(str(number)), str(variant), str(stakes),
        int(str(seat)), tuple(json.loads(names)), int(str(net)), int(str(pot)), str(phh),
    )  # fmt: skip
    return StoredHand(hand_id, record)


def test_an_old_terminal_database_is_migrated_with_nothing_lost(tmp_path: Path) -> None:
    path = tmp_path / "hands.sqlite3"
    shutil.copy(LEGACY, path)
    before = [_as_kept(row) for row in _legacy_rows(path)]
    assert len(before) == 3
    store = SQLiteHandStore(path)
    try:
        assert store.recent() == before
        assert [store.get(h.id) for h in before] == before
        new = store.add(record(4))
        assert new not in {h.id for h in before}
    finally:
        store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    db.close()
    assert "legacy_terminal_hands" not in tables
    again = SQLiteHandStore(path, read_only=True)
    try:
        assert again.recent() == [*before, StoredHand(new, record(4))]
    finally:
        again.close()


def test_an_old_terminal_database_read_only_is_read_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "hands.sqlite3"
    shutil.copy(LEGACY, path)
    before = path.read_bytes()
    store = open_store(path, read_only=True)
    try:
        assert store.recent() == [_as_kept(row) for row in _legacy_rows(LEGACY)]
    finally:
        store.close()
    assert path.read_bytes() == before


def test_a_damaged_row_of_an_old_database_stays_damaged_and_the_rest_are_read(
    tmp_path: Path,
) -> None:
    path = tmp_path / "hands.sqlite3"
    shutil.copy(LEGACY, path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE hands SET names = 'oops' WHERE id = 2")
    db.close()
    store = SQLiteHandStore(path)
    try:
        first, second, third = store.recent()
        assert isinstance(second, UnreadableHand)
        assert second.id == 2
        assert second.reason.startswith("hand 2 is damaged: ")
        assert [first, third] == [_as_kept(r) for r in _legacy_rows(LEGACY) if r[0] != 2]
    finally:
        store.close()
