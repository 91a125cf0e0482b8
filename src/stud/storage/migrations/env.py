"""Alembic's entry: migrate over the connection the store hands in."""

from __future__ import annotations

from alembic import context

from stud.storage.schema import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
