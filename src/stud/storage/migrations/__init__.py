"""The schema's migrations (alembic), run by ``upgrade`` when a store opens.

Add a migration as a new file in ``versions/`` whose ``down_revision`` is the last
one; ``tests/web/test_store.py`` checks that the migrated schema matches the models.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

__all__ = ["head", "known", "revision", "upgrade"]


_MIGRATING = 0x5707_0001
"""The advisory lock PostgreSQL upgrades are made under."""


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent))
    return config


def upgrade(engine: Engine, prepare: Callable[[Connection], None] | None = None) -> None:
    """Bring the database behind ``engine`` to the newest schema, in one transaction
    (``prepare`` first runs in it, to set an old database out of the way). On
    PostgreSQL the processes of a cardroom opening one database at once upgrade it
    one after another, under an advisory lock held to the commit."""
    config = _config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATING})
        if prepare is not None:
            prepare(connection)
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def head() -> str:
    """The newest revision."""
    found = ScriptDirectory.from_config(_config()).get_current_head()
    assert found is not None
    return found


def known(name: str) -> bool:
    """Whether ``name`` is one of this stud's revisions (not one from a newer stud)."""
    return name in {s.revision for s in ScriptDirectory.from_config(_config()).walk_revisions()}


def revision(connection: Connection) -> str | None:
    """The revision the database stands at (``None``: not migrated by alembic)."""
    return MigrationContext.configure(connection).get_current_revision()
