"""What a restart must keep: each action's ``seq`` and a seat's leave asked mid-hand.

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The ``seq`` each person's action came with, and the seats to stand after their hand."""
    with op.batch_alter_table("hand_events") as batch:
        batch.add_column(sa.Column("seq", sa.Integer, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("leaving", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("leaving")
    with op.batch_alter_table("hand_events") as batch:
        batch.drop_column("seq")
