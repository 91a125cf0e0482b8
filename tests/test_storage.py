"""The hand store: SQLite on disk and the in-memory stand-in behave alike."""

from __future__ import annotations

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
