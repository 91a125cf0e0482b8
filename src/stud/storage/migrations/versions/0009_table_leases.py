"""Table leases with a fencing token: the cardroom on many processes.

A table is owned by one worker at a time (``table_leases``: owner, epoch, until
when). Each hand row and action row stores the epoch of the worker that wrote it,
and in PostgreSQL a trigger refuses one whose epoch is not the table's current
one: a worker that lost its lease (paused, cut off) cannot write even if it still
runs. The trigger locks the lease row for share, so a takeover (which raises the
epoch) waits for writes under the old epoch in flight, and a write after it sees
the new epoch. Tables without a lease row (one process, SQLite) are not fenced.

Revision ID: 0009_table_leases
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_table_leases"
down_revision = "0008_account_language"
branch_labels = None
depends_on = None

_FENCE = """
CREATE FUNCTION stud_fence() RETURNS trigger AS $$
DECLARE
    owned integer;
    at_table integer;
BEGIN
    IF TG_TABLE_NAME = 'hands' THEN
        at_table := NEW.table_id;
    ELSE
        SELECT table_id INTO at_table FROM hands WHERE id = NEW.hand_id;
    END IF;
    SELECT epoch INTO owned FROM table_leases WHERE table_id = at_table FOR SHARE;
    IF FOUND AND NEW.epoch IS DISTINCT FROM owned THEN
        RAISE EXCEPTION 'table % is owned under epoch %, not %', at_table, owned, NEW.epoch
            USING ERRCODE = 'SF001';
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
"""


def upgrade() -> None:
    """The leases, each hand's and action's epoch, and (PostgreSQL) the fence."""
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.add_column("hands", sa.Column("epoch", sa.Integer, nullable=True))
    op.add_column("hand_events", sa.Column("epoch", sa.Integer, nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_FENCE)
        op.execute(
            "CREATE TRIGGER hands_fence BEFORE INSERT OR UPDATE ON hands"
            " FOR EACH ROW WHEN (NEW.session IS NULL) EXECUTE FUNCTION stud_fence()"
        )
        op.execute(
            "CREATE TRIGGER hand_events_fence BEFORE INSERT ON hand_events"
            " FOR EACH ROW EXECUTE FUNCTION stud_fence()"
        )


def downgrade() -> None:
    """Drop the fence, the epochs and the leases."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER hand_events_fence ON hand_events")
        op.execute("DROP TRIGGER hands_fence ON hands")
        op.execute("DROP FUNCTION stud_fence()")
    op.drop_column("hand_events", "epoch")
    op.drop_column("hands", "epoch")
    op.drop_table("table_leases")
