"""The room: every table and tournament of the server, and the store behind them.

A table or tournament is made in two halves: its rows in the store (which a route
runs in a worker thread, off the event loop) and its task on the loop.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from stud.rules import MAX_SEATS, MIN_SEATS, Rules
from stud.web.frames import frame
from stud.web.limits import RateLimit
from stud.web.settings import Settings
from stud.web.store import Store, TournamentRow
from stud.web.table import Table
from stud.web.tournament import Director, first_rules, tournament_config, tournament_spec
from stud.web.viewer import Viewer
from stud.web.watching import Watching

__all__ = ["DEFAULT_TABLES", "MAX_BIG_BET", "MAX_OPENED", "Room"]

DEFAULT_TABLES = (
    ("Stud Hi-Lo", "stud8", "1/1/5/10"),
    ("Seven-Card Stud", "stud", "1/1/5/10"),
    ("Razz", "razz", "1/1/5/10"),
)
"""The tables a new cardroom opens with: six seats, bots in all but two."""

MAX_BIG_BET = 1_000_000
"""The largest big bet a table may play. The store keeps chips in 32-bit columns
(at most 2,147,483,647); eight seats each bought in for the most a table takes (100
big bets) hold 800 million at this limit, leaving room for the pot and the house's
bankroll, which lends the bots their stacks."""

MAX_OPENED = 4
"""Cash tables one account may open in a server's run."""


@dataclass(frozen=True, slots=True)
class _NewTable:
    """A table's row, stored: what its task starts from."""

    id: int
    name: str
    rules: Rules
    seats: int
    bots: bool


@dataclass(frozen=True, slots=True)
class _Stored:
    """What the room opens: tournaments with what they stored read, the tables stored,
    and the default tables just stored for a new cardroom."""

    tournaments: list[Director]
    tables: list[_NewTable]
    made: list[_NewTable]


@dataclass
class Room:
    """Every table of the server and the store behind them."""

    store: Store
    settings: Settings = field(default_factory=Settings)
    defaults: bool = True
    """Open ``DEFAULT_TABLES`` when the store has no table yet."""
    tables: dict[int, Table] = field(default_factory=dict)
    tournaments: dict[int, Director] = field(default_factory=dict)
    """Tournaments by id, the finished ones too; their tables are in ``tables``."""
    watching: Watching = field(default_factory=Watching)
    """Who watched which table when: they may replay those hands."""
    signups: RateLimit = field(default_factory=RateLimit)
    """New accounts (guests and sign-ups) per client address: 5 at once, then one per 10 min."""
    failed_sign_ins: RateLimit = field(default_factory=lambda: RateLimit(burst=10, every=60.0))
    """Wrong passwords per client address: 10 at once, then one a minute."""
    openings: RateLimit = field(default_factory=lambda: RateLimit(burst=4, every=600.0))
    """Tables and tournaments each account may open: 4 at once, then one per 10 minutes."""
    opened: dict[int, set[int]] = field(default_factory=dict)
    """The cash tables each account opened in this run (at most ``MAX_OPENED``)."""
    slow_reader: float = 30.0
    """Seconds a connection's socket may stay full (its client not reading) before it
    is dropped."""
    hello_timeout: float = 10.0
    """Seconds a new table connection has to say hello before it is closed."""
    sessions: dict[str, set[Viewer]] = field(default_factory=dict)
    """The table connections open under each session token: ended when it ends."""

    async def end_session(self, token: str | None) -> None:
        """Sign ``token`` out: it opens nothing any more, and its connections close."""
        if not token:
            return
        await asyncio.to_thread(self.store.logout, token)
        for viewer in self.sessions.pop(token, set()):
            viewer.push(frame("error", message="signed out: sign in again"))
            viewer.close()

    async def start(self) -> None:
        """Open the room at the server's start: what the store holds is read (and a new
        store's default tables stored) in a worker thread, the loop free meanwhile;
        then a task starts for every table."""
        self._open(await asyncio.to_thread(self._read, set(self.tournaments), not self.tables))

    def open(self) -> None:
        """``start``, the store read on the caller's thread: a table or tournament
        stored since is opened too."""
        self._open(self._read(set(self.tournaments), not self.tables))

    def _read(self, running: set[int], empty: bool) -> _Stored:
        """The stored tournaments not ``running`` (with what they stored read) and the
        stored tables; an ``empty`` room in a store without tables stores
        ``DEFAULT_TABLES`` first."""
        rows = (*self.store.finished_tournaments(), *self.store.tournaments())
        directors = [self._load_tournament(row) for row in rows if row.id not in running]
        tables = []
        for row in self.store.tables():
            rules = Rules.from_stakes(row.stakes, row.variant)
            if row.rake:
                rules = rules.with_rake(row.rake)
            tables.append(_NewTable(row.id, row.name, rules, row.seats, row.bots))
        if not tables and self.defaults and empty:
            made = [self._store_table(*table, 6, True, "") for table in DEFAULT_TABLES]
            return _Stored(directors, [], made)
        return _Stored(directors, tables, [])

    def _open(self, stored: _Stored) -> None:
        for director in stored.tournaments:
            if director.id not in self.tournaments:
                self._run_tournament(director)
        for new in stored.tables:
            if new.id not in self.tables:
                self._start(new)
        for new in stored.made:
            self._launch_table(new)

    def _run_tournament(self, director: Director) -> None:
        director.start()
        self.tournaments[director.id] = director
        for table in director.tables:
            self.tables[table.id] = table

    def create_tournament(self, name: str, request: dict[str, Any]) -> Director:
        """A new tournament from a lobby request, at as many tables as its players need;
        raises ``ValueError`` (``TournamentError``)."""
        director = self._load_tournament(self._store_tournament(name, request))
        self._run_tournament(director)
        return director

    async def open_tournament(self, name: str, request: dict[str, Any]) -> Director:
        """``create_tournament`` with its rows stored and read back in worker threads,
        off the loop."""
        row = await asyncio.to_thread(self._store_tournament, name, request)
        director = await asyncio.to_thread(self._load_tournament, row)
        self._run_tournament(director)
        return director

    def _load_tournament(self, row: TournamentRow) -> Director:
        """The tournament of a stored row with what it stored read (``Director.load``)."""
        director = Director(row, self.store, self.settings)
        director.load()
        return director

    def _store_tournament(self, name: str, request: dict[str, Any]) -> TournamentRow:
        spec = tournament_spec(request)
        config = tournament_config(spec)
        name = " ".join(name.split())[:40] or "Sit and go"
        bots = request.get("bots", False)
        if not isinstance(bots, bool):
            raise ValueError("bots must be true or false")
        first = first_rules(spec)
        ids = self.store.create_tournament(
            name,
            spec,
            bots,
            first.variant.value,
            first.stakes,
            config.table_size,
            tables=config.starting_tables,
        )
        return self.store.tournament(ids[0])

    def _start(self, new: _NewTable) -> Table:
        table = Table(
            new.id, new.name, new.rules, new.seats, self.store, self.settings, bots=new.bots
        )
        table.start()
        self.tables[new.id] = table
        return table

    async def open_table(
        self, name: str, variant: str, stakes: str, seats: int, bots: bool, rake: str = ""
    ) -> Table:
        """A new table (bots in all but two seats if ``bots``, the house's ``rake`` as
        ``percent%[:cap]``, R9), its row stored in a worker thread; raises ``ValueError``."""
        new = await asyncio.to_thread(self._store_table, name, variant, stakes, seats, bots, rake)
        table, seated = self._launch_table(new)
        await asyncio.gather(*seated)  # the lobby's answer shows the table with its bots
        return table

    def _store_table(
        self, name: str, variant: str, stakes: str, seats: int, bots: bool, rake: str
    ) -> _NewTable:
        rules = Rules.from_stakes(stakes, variant)
        if rake.strip():
            rules = rules.with_rake(rake)
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
        if rules.big_bet > MAX_BIG_BET:
            raise ValueError(
                f"stakes {stakes}: the big bet may be at most {MAX_BIG_BET:,} chips here"
            )
        name = " ".join(name.split())[:40] or rules.variant.game_name
        table_id = self.store.create_table(
            name, rules.variant.value, rules.stakes, seats, bots, rake=rules.rake
        )
        return _NewTable(table_id, name, rules, seats, bots)

    def _launch_table(self, new: _NewTable) -> tuple[Table, list[asyncio.Future[None]]]:
        """The table's task started, and its bots on their way to their seats."""
        table = self._start(new)
        seated: list[asyncio.Future[None]] = []
        if new.bots:  # the last one published, so a visitor's snapshot has them all seated
            count = max(1, new.seats - 2)
            for n in range(count):
                seated.append(table.add_bot(self.settings.bot, quiet=n < count - 1))
        return table, seated

    async def ready(self) -> None:
        """Wait until every table started is restored as stored and its bots are seated."""
        await asyncio.gather(*(table.ready() for table in self.tables.values()))

    async def close(self) -> None:
        """Stop every table task; unfinished hands stay stored to resume."""
        for table in self.tables.values():
            await table.stop()
        self.store.close()
