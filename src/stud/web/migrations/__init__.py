"""The cardroom's schema migrations (alembic), run by ``upgrade`` when a store opens.

Add a migration as a new file in ``versions/`` whose ``down_revision`` is the last
one; ``tests/web/test_store.py`` checks that the migrated schema matches the models.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

__all__ = ["upgrade"]


def upgrade(engine: Engine) -> None:
    """Bring the database behind ``engine`` to the newest schema."""
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
