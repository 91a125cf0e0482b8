"""The cardroom: accounts, sessions, ledger, tables, seats, hands, hand events, chat.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create every table."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False, unique=True),
        sa.Column("password", sa.String(200), nullable=True),
        sa.Column("guest", sa.Boolean, nullable=False),
        sa.Column("bankroll", sa.Integer, nullable=False),
        sa.Column("created_at", _WHEN, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", _WHEN, nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(10), nullable=False),
        sa.Column("stakes", sa.String(40), nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("bots", sa.Boolean, nullable=False),
        sa.Column("closed", sa.Boolean, nullable=False),
        sa.Column("created_at", _WHEN, nullable=False),
    )
    op.create_table(
        "ledger",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=True),
        sa.Column("delta", sa.Integer, nullable=False),
        sa.Column("reason", sa.String(20), nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )
    op.create_index("ix_ledger_account_id", "ledger", ["account_id"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("bot", sa.String(20), nullable=True),
        sa.Column("stack", sa.Integer, nullable=False),
        sa.Column("sitting_out", sa.Boolean, nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("deck", sa.String(104), nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("names", sa.JSON, nullable=False),
        sa.Column("accounts", sa.JSON, nullable=False),
        sa.Column("stacks", sa.JSON, nullable=False),
        sa.Column("started_at", _WHEN, nullable=False),
        sa.Column("ended_at", _WHEN, nullable=True),
        sa.Column("pot", sa.Integer, nullable=False),
        sa.Column("phh", sa.Text, nullable=True),
    )
    op.create_index("ix_hands_table_id", "hands", ["table_id"])
    op.create_table(
        "hand_events",
        sa.Column("hand_id", sa.Integer, sa.ForeignKey("hands.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("timed_out", sa.Boolean, nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    """Drop every table."""
    for name in ("chat", "hand_events", "hands", "seats", "ledger", "tables", "sessions"):
        op.drop_table(name)
    op.drop_table("accounts")
