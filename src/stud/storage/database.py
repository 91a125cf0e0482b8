"""Opening the one database: a SQLite file (the default), memory, or PostgreSQL.

Every store of stud opens its database here, and here it is brought to the newest
schema (``stud.storage.migrations``). A SQLite file is looked at before anything
is written to it: a terminal hand database of the format before the one schema
(``PRAGMA user_version = 1``, one table ``hands``) is migrated with every hand in
it; a file from a newer stud is refused rather than misread; a store that reads
only (``stud history``) never writes, and reads a file that needs migrating from a
migrated copy in memory.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool

__all__ = ["USER_VERSION", "DatabaseError", "database_url", "open_engine"]

USER_VERSION = 2
"""SQLite's ``user_version`` of a file in the one schema; 1 was the terminal's own
format, which an older stud reads and so refuses this one rather than misread it."""

_LEGACY_VERSION = 1
_LEGACY_COLUMNS = {"id", "played_at", "session", "number", "variant", "stakes", "seat"} | {
    "names",
    "net",
    "pot",
    "phh",
}
_LEGACY_TABLE = "legacy_terminal_hands"  # what 0007_one_hand_store moves in


class DatabaseError(RuntimeError):
    """The database cannot be opened or is not one of stud's, in one line naming it."""


def database_url(url: str) -> str:
    """A SQLAlchemy URL from what a person types: a path, ``sqlite:///...``, or PostgreSQL."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" in url:
        return url
    return f"sqlite:///{Path(url).expanduser()}"


@dataclass(frozen=True, slots=True)
class _Found:
    """What a SQLite file holds before it is opened."""

    legacy: bool
    """The terminal's format from before the one schema."""
    current: bool
    """At the newest revision: nothing to migrate."""


def open_engine(url: str, *, read_only: bool = False, stud_only: bool = False) -> Engine:
    """An engine on the database at ``url``, at the newest schema.

    ``stud_only``: refuse a file that holds tables but none of stud's (the terminal
    never turns another program's database into its own); ``read_only``: write
    nothing, to a file that exists already. Raises ``DatabaseError``.
    """
    full = database_url(url)
    try:
        if full in {"sqlite://", "sqlite:///:memory:"}:
            engine = create_engine(
                "sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False}
            )
            event.listen(engine, "connect", _sqlite_pragmas)
        elif not full.startswith("sqlite:///"):
            engine = create_engine(full)
            if read_only:
                _check_current(engine, url)
                return engine
        else:
            return _open_file(Path(full.removeprefix("sqlite:///")), read_only, stud_only)
        _upgrade(engine, legacy=False)
    except (SQLAlchemyError, ImportError) as error:
        raise DatabaseError(f"cannot open the database {url!r}: {_first(error)}") from None
    return engine


def _open_file(path: Path, read_only: bool, stud_only: bool) -> Engine:
    found = _look(path, stud_only) if path.exists() else None
    if found is None and read_only:
        raise DatabaseError(f"{path}: there is no hand database there")
    try:
        if read_only and found is not None and found.current:
            uri = f"{path.resolve().as_uri()}?mode=ro"
            engine = create_engine(
                "sqlite://",
                creator=lambda: sqlite3.connect(uri, uri=True, check_same_thread=False),
            )
            event.listen(engine, "connect", _sqlite_reading)
            return engine
        if read_only:  # migrate a copy in memory; the file stays as it is
            copy = sqlite3.connect(":memory:", check_same_thread=False)
            with sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True) as source:
                source.backup(copy)
            source.close()
            engine = create_engine("sqlite://", creator=lambda: copy, poolclass=StaticPool)
        else:
            if found is None:
                path.parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(f"sqlite:///{path}")
            event.listen(engine, "connect", _sqlite_pragmas)
        _upgrade(engine, legacy=found is not None and found.legacy)
    except OSError as error:
        raise DatabaseError(f"{path}: cannot create it ({error.strerror})") from None
    except (SQLAlchemyError, sqlite3.DatabaseError) as error:
        raise DatabaseError(f"{path}: cannot open it ({_first(error)})") from None
    return engine


def _look(path: Path, stud_only: bool) -> _Found:
    """What the file at ``path`` holds, read without writing; refuses what is not stud's."""
    from stud.storage.migrations import head, known  # noqa: PLC0415  (alembic loads lazily)

    try:
        with sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True) as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
            revision = None
            if "alembic_version" in tables:
                revision = db.execute("SELECT version_num FROM alembic_version").fetchone()
            columns = {row[1] for row in db.execute("PRAGMA table_info(hands)")}
        db.close()
    except sqlite3.DatabaseError as error:
        raise DatabaseError(f"{path}: not a usable hand database ({error})") from None
    if version > USER_VERSION or (revision is not None and not known(revision[0])):
        shown = version if version > USER_VERSION else revision[0] if revision else "?"
        raise DatabaseError(
            f"{path}: hand database version {shown} is newer than this stud reads "
            f"({USER_VERSION}); upgrade stud or choose another --db"
        )
    legacy = revision is None and version == _LEGACY_VERSION and columns >= _LEGACY_COLUMNS
    if stud_only and revision is None and not legacy:
        raise DatabaseError(
            f"{path}: not a stud hand database (it has no table of hands); choose another --db"
        )
    return _Found(legacy=legacy, current=revision is not None and revision[0] == head())


def _check_current(engine: Engine, url: str) -> None:
    """Refuse to read a server's database at another revision than this stud's: one
    that reads only must not migrate it."""
    from stud.storage.migrations import head, revision  # noqa: PLC0415

    with engine.connect() as connection:
        at = revision(connection)
    if at != head():
        raise DatabaseError(
            f"{url}: the database is at schema {at or 'none'}, this stud's is {head()}: "
            "open it once with `stud serve` to migrate it"
        )


def _upgrade(engine: Engine, *, legacy: bool) -> None:
    from stud.storage.migrations import upgrade  # noqa: PLC0415  (alembic loads lazily)

    def prepare(connection: Connection) -> None:
        if legacy:
            connection.execute(text(f"ALTER TABLE hands RENAME TO {_LEGACY_TABLE}"))
        if connection.dialect.name == "sqlite":
            connection.execute(text(f"PRAGMA user_version = {USER_VERSION}"))

    upgrade(engine, prepare)


def _first(error: BaseException) -> str:
    return (str(error).strip().splitlines() or ["unknown error"])[0]


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _sqlite_reading(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
