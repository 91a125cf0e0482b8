"""Sessions that expire: when each was last used.

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """A session's last use, for its idle limit (empty: not used since its sign-in)."""
    with op.batch_alter_table("sessions") as table:
        table.add_column(sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop the last use."""
    with op.batch_alter_table("sessions") as table:
        table.drop_column("seen_at")
