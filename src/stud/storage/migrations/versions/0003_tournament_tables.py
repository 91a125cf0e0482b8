"""Multi-table tournaments: the tables a tournament plays at beyond its first.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """A tournament's further tables, numbered from 1 (its first stays ``tournaments.table_id``)."""
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.UniqueConstraint("table_id"),
    )


def downgrade() -> None:
    """Drop the further tables."""
    op.drop_table("tournament_tables")
