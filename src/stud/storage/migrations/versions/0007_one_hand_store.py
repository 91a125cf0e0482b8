"""One hand store: the terminal's hands join the cardroom's in ``hands``.

A terminal hand records its session, its number in it, the chair it was played
from and that player's result. A terminal database of the format before this one
(stdlib ``sqlite3``, ``PRAGMA user_version = 1``, one table ``hands``) has that
table renamed to ``legacy_terminal_hands`` before the migrations run
(``stud.storage.database``); this revision moves its rows into the new schema, ids
kept (``stud history show 3`` is still hand 3), each row as it was, a damaged one
too (it still reads as damaged), and drops it.

Revision ID: 0007_one_hand_store
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0007_one_hand_store"
down_revision = "0006"
branch_labels = None
depends_on = None

LEGACY = "legacy_terminal_hands"
"""The old terminal table, renamed out of the way of the cardroom's ``hands``."""


def upgrade() -> None:
    """The terminal hand's columns, empty for the cardroom's hands; an old terminal
    database's hands moved in."""
    op.add_column("hands", sa.Column("session", sa.String(64), nullable=True))
    op.add_column("hands", sa.Column("number", sa.Integer, nullable=True))
    op.add_column("hands", sa.Column("chair", sa.Integer, nullable=True))
    op.add_column("hands", sa.Column("net", sa.Integer, nullable=True))
    connection = op.get_bind()
    if sa.inspect(connection).has_table(LEGACY):
        _move_legacy(connection)
        op.drop_table(LEGACY)


def downgrade() -> None:
    """Drop the terminal hand's columns (the terminal hands stay, as hands of closed tables)."""
    with op.batch_alter_table("hands") as table:
        for column in ("net", "chair", "number", "session"):
            table.drop_column(column)


_tables = sa.table(
    "tables",
    sa.column("id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("variant", sa.String),
    sa.column("stakes", sa.String),
    sa.column("seats", sa.Integer),
    sa.column("bots", sa.Boolean),
    sa.column("closed", sa.Boolean),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("rake", sa.String),
)
_hands = sa.table(
    "hands",
    sa.column("id", sa.Integer),
    sa.column("table_id", sa.Integer),
    sa.column("deck", sa.String),
    sa.column("seats", sa.Text),
    sa.column("names", sa.Text),
    sa.column("accounts", sa.Text),
    sa.column("stacks", sa.Text),
    sa.column("started_at", sa.DateTime(timezone=True)),
    sa.column("ended_at", sa.DateTime(timezone=True)),
    sa.column("pot", sa.Integer),
    sa.column("phh", sa.Text),
    sa.column("session", sa.String),
    sa.column("number", sa.Integer),
    sa.column("chair", sa.Integer),
    sa.column("net", sa.Integer),
)


def _when(value: object) -> datetime:
    """An old row's ``played_at`` (ISO 8601 text) as a time in UTC."""
    try:
        when = datetime.fromisoformat(str(value))
    except ValueError:
        return datetime(1970, 1, 1, tzinfo=UTC)
    return when.replace(tzinfo=when.tzinfo or UTC).astimezone(UTC)


def _count(names: object) -> int:
    try:
        listed = json.loads(str(names))
    except ValueError:
        return 0
    return len(listed) if isinstance(listed, list) else 0


def _move_legacy(connection: sa.Connection) -> None:
    """Every old row into ``hands``, under a closed table for each session and game."""
    columns = "id, played_at, session, number, variant, stakes, seat, names, net, pot, phh"
    rows = connection.execute(sa.text(f"SELECT {columns} FROM {LEGACY} ORDER BY id")).all()
    made: dict[tuple[object, object, object], int] = {}
    for row in rows:
        key = (row.session, row.variant, row.stakes)
        if key not in made:
            seats = max(_count(r.names) for r in rows if (r.session, r.variant, r.stakes) == key)
            made[key] = connection.execute(
                sa.insert(_tables)
                .values(
                    name=f"stud play {row.session}"[:40],
                    variant=str(row.variant)[:10],
                    stakes=str(row.stakes)[:40],
                    seats=seats,
                    bots=False,
                    closed=True,
                    created_at=_when(row.played_at),
                    rake="",
                )
                .returning(_tables.c.id)
            ).scalar_one()
        when = _when(row.played_at)
        connection.execute(
            sa.insert(_hands).values(
                id=row.id,
                table_id=made[key],
                deck="",
                seats=json.dumps(list(range(_count(row.names)))),
                names=row.names,  # as it was: a damaged list still reads as damaged
                accounts="[]",
                stacks="[]",
                started_at=when,
                ended_at=when,
                pot=row.pot,
                phh=row.phh,
                session=row.session,
                number=row.number,
                chair=row.seat,
                net=row.net,
            )
        )
