"""Sessions that expire, and one account per look of a name.

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """A session's last use, for its idle limit (empty: not used since its sign-in);
    each account's name key, unique, filled in for the accounts there are (the first
    of two names that look alike keeps the key; the other is left without one, and
    signs in by its exact name)."""
    with op.batch_alter_table("sessions") as table:
        table.add_column(sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("accounts") as table:
        table.add_column(sa.Column("name_key", sa.String(80), nullable=True))
        table.create_unique_constraint("uq_accounts_name_key", ["name_key"])
    accounts = sa.table("accounts", sa.column("id", sa.Integer), sa.column("name", sa.String))
    keyed = sa.table("accounts", sa.column("id", sa.Integer), sa.column("name_key", sa.String))
    connection = op.get_bind()
    taken: set[str] = set()
    for account_id, name in connection.execute(
        sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.id)
    ):
        # the cardroom's names module, only where there are accounts to key: a database
        # made for the terminal's hands migrates without the cardroom installed
        from stud.web.names import name_key  # noqa: PLC0415

        key = name_key(name)
        if key not in taken:
            taken.add(key)
            connection.execute(
                sa.update(keyed).where(keyed.c.id == account_id).values(name_key=key)
            )


def downgrade() -> None:
    """Drop the name keys and the last use."""
    with op.batch_alter_table("accounts") as table:
        table.drop_constraint("uq_accounts_name_key", type_="unique")
        table.drop_column("name_key")
    with op.batch_alter_table("sessions") as table:
        table.drop_column("seen_at")
