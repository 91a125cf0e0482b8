"""The cardroom page's language, kept per account (empty: the browser's choice).

Revision ID: 0008_account_language
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_account_language"
down_revision = "0007_one_hand_store"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """A nullable ``language`` on each account."""
    op.add_column("accounts", sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    """The column dropped."""
    op.drop_column("accounts", "language")
