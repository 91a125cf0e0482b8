"""Raked cash tables (R9) and sit-and-go tournaments: their entries and progress.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The tables' rake, and the tournaments and their entries."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rake", sa.String(20), nullable=False, server_default=""))
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("bots", sa.Boolean, nullable=False),
        sa.Column("state", sa.String(12), nullable=False),
        sa.Column("progress", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id"),
    )
    op.create_table(
        "entries",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("bot", sa.String(200), nullable=True),
    )


def downgrade() -> None:
    """Drop the tournaments and the rake."""
    op.drop_table("entries")
    op.drop_table("tournaments")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rake")
