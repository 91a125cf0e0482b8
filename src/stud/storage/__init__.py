"""Storage at the edge: the one database of hands, accounts and tables (its schema,
its migrations, opening it) and the terminal's hand store over it."""

from __future__ import annotations

from stud.storage.terminal import (
    MEMORY,
    HandRecord,
    HandStore,
    MemoryHandStore,
    SQLiteHandStore,
    StorageError,
    StoredHand,
    UnreadableHand,
    default_db_path,
    describe_ids,
    open_store,
)

__all__ = [
    "MEMORY",
    "HandRecord",
    "HandStore",
    "MemoryHandStore",
    "SQLiteHandStore",
    "StorageError",
    "StoredHand",
    "UnreadableHand",
    "default_db_path",
    "describe_ids",
    "open_store",
]
