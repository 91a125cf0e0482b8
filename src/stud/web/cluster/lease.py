"""Table leases: which worker owns which cash table, until when, under which epoch.

A lease lives in PostgreSQL beside the rows it guards (``table_leases``), timed by
the database's own clock, so no two workers' clocks need agree. Taking a table
whose lease ran out raises its epoch; every hand and action row a worker stores
carries the epoch it holds, and the database refuses a row under any other
(migration ``0009_table_leases``). A worker that was paused or cut off past its
lease therefore cannot write, whatever it still believes: the fence is in the
database, not in the worker's good behaviour.

Every method is one short transaction, run in a worker thread by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine, text

__all__ = ["Lease", "Leases"]


@dataclass(frozen=True, slots=True)
class Lease:
    """A table held, and the epoch its rows are written under."""

    table: int
    epoch: int


_CASH_TABLES = """
    SELECT t.id FROM tables t
    WHERE NOT t.closed AND t.id NOT IN (SELECT table_id FROM tournaments)
      AND t.id NOT IN (SELECT table_id FROM tournament_tables)
"""

_ENSURE = text(f"""
    INSERT INTO table_leases (table_id, owner, epoch, expires_at)
    SELECT id, '', 0, now() - interval '1 second' FROM ({_CASH_TABLES}) AS cash
    ON CONFLICT (table_id) DO NOTHING
""")

_TAKE = text("""
    UPDATE table_leases SET owner = :me, epoch = epoch + 1,
        expires_at = now() + make_interval(secs => :ttl)
    WHERE table_id IN (
        SELECT l.table_id FROM table_leases l JOIN tables t ON t.id = l.table_id
        WHERE l.expires_at < now() - make_interval(secs => :late) AND NOT t.closed
        ORDER BY l.table_id LIMIT :n FOR UPDATE OF l SKIP LOCKED)
    RETURNING table_id, epoch
""")

_RENEW = text("""
    UPDATE table_leases SET expires_at = now() + make_interval(secs => :ttl)
    WHERE owner = :me AND table_id = ANY(:tables)
    RETURNING table_id, epoch
""")

_RELEASE = text("""
    UPDATE table_leases SET owner = '', expires_at = now() - interval '1 second'
    WHERE owner = :me AND table_id = ANY(:tables)
""")

_COUNT = text(
    "SELECT count(*) FROM table_leases l JOIN tables t ON t.id = l.table_id WHERE NOT t.closed"
)


class Leases:
    """One worker's leases (``owner``: its name), each good for ``ttl`` seconds."""

    def __init__(self, engine: Engine, owner: str, ttl: float) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError("table leases need PostgreSQL")
        self._engine = engine
        self.owner = owner
        self.ttl = ttl

    def tables(self) -> int:
        """How many cash tables there are to own (each given a lease row first)."""
        with self._engine.begin() as connection:
            connection.execute(_ENSURE)
            return int(connection.execute(_COUNT).scalar_one())

    def take(self, most: int, late: float = 0.0) -> list[Lease]:
        """Up to ``most`` tables whose lease ran out (``late`` seconds ago or more), now
        this worker's, each under an epoch one more than before."""
        if most <= 0:
            return []
        with self._engine.begin() as connection:
            values = {"me": self.owner, "ttl": self.ttl, "n": most, "late": late}
            rows = connection.execute(_TAKE, values)
            return [Lease(table, epoch) for table, epoch in rows]

    def renew(self, held: list[Lease]) -> list[Lease]:
        """The leases still this worker's, under the same epoch, renewed for ``ttl``;
        the rest are lost (taken by another, or run out)."""
        if not held:
            return []
        with self._engine.begin() as connection:
            rows = connection.execute(
                _RENEW, {"me": self.owner, "ttl": self.ttl, "tables": [h.table for h in held]}
            )
            now: dict[int, int] = {table: epoch for table, epoch in rows}  # noqa: C416
        return [h for h in held if now.get(h.table) == h.epoch]

    def release(self, tables: list[int]) -> None:
        """Give tables up at once (a draining worker), for another to take."""
        if tables:
            with self._engine.begin() as connection:
                connection.execute(_RELEASE, {"me": self.owner, "tables": tables})
