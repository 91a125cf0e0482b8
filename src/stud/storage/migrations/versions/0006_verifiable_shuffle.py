"""A verifiable shuffle: each hand keeps its server secret and the players' seeds.

Revision ID: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The hand's shuffle (``stud.shuffle``), server only; empty for hands dealt before."""
    op.add_column("hands", sa.Column("shuffle", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop the hands' shuffles."""
    op.drop_column("hands", "shuffle")
