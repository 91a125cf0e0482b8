"""Tournaments in the cardroom, at one table or several: set-up, registration, rounds.

A tournament is a ``stud.tournament`` value (``Tournament``): the level and game of
each hand, who is out, places and prizes, which players move and which tables
break are decided there (R10) and nowhere here. The ``Director`` keeps that value
in the store and runs its ``TournamentTable`` tasks (tables whose chips are
tournament chips, never bankroll chips) in rounds, as ``stud.tournament`` counts
them: each table with two players or more is given its hand of the round, at the
stakes of that moment on the tournament's one clock; when every table's hand is
over, the round goes back to the tournament, and the director seats the players
where it now says (moved players follow to their new table) and deals the next
round. Buy-ins go from bankrolls into the prize pool through the ledger, and each
prize comes back the same way when its player finishes, so the books balance at
every moment.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from stud.history.phh import to_phh
from stud.rules import MAX_SEATS, MIN_SEATS, Rules, Variant
from stud.tournament.event import TableHand, TournamentConfig
from stud.tournament.structure import Clock, Structure, TournamentError
from stud.web.frames import frame
from stud.web.protocol import Register, Unregister
from stud.web.recent import RecentHand
from stud.web.settings import Settings
from stud.web.store import EntryRow, Store, TournamentRow
from stud.web.tournament_entries import Entries, check_open
from stud.web.tournament_moves import carry_out_seating, guide
from stud.web.tournament_rounds import Rounds, seats_after
from stud.web.tournament_standing import finish_notes, standing
from stud.web.tournament_table import TournamentTable
from stud.web.viewer import Viewer

__all__ = [
    "GAMES",
    "MAX_ENTRANTS",
    "Director",
    "first_rules",
    "seats_after",
    "tournament_config",
    "tournament_spec",
]

log = logging.getLogger("stud.web")

GAMES: dict[str, tuple[Variant, ...]] = {
    "stud": (Variant.STUD,),
    "stud8": (Variant.STUD8,),
    "razz": (Variant.RAZZ,),
    "mixed": (Variant.RAZZ, Variant.STUD, Variant.STUD8),
}
"""What a tournament may play: one game, or the mixed rotation of all three."""

MAX_ENTRANTS = 64
"""The most players one tournament in the cardroom takes (eight tables of eight)."""

LEVELS = 20
"""Levels a structure has; the stakes double at each, and the last lasts for ever."""

Spec = dict[str, Any]


def _whole(data: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise TournamentError(f"{key} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _payouts(value: object, players: int) -> list[float]:
    """Percentages by place from ``"65,35"`` or ``[65, 35]``; they pay the whole pool."""
    parts = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(parts, list) or not parts:
        raise TournamentError("payouts must be percentages by place, like 65,35")
    try:
        percentages = [float(p) for p in parts]
    except (TypeError, ValueError):
        raise TournamentError(f"payouts {value!r} must be numbers, like 65,35") from None
    if len(percentages) > players:
        raise TournamentError(f"{len(percentages)} paid places for {players} players")
    if abs(sum(percentages) - 100) > 1e-9:
        raise TournamentError(f"the payouts add up to {sum(percentages):g}, not 100")
    return percentages


def tournament_spec(data: Mapping[str, Any]) -> Spec:
    """A tournament's set-up from a lobby request, checked; raises ``TournamentError``.

    The stakes start at ``ante``/``small_bet`` and double every level
    (``Structure.doubling``); a level lasts ``level_length`` hands or minutes.
    More ``players`` than ``table_size`` seats (8 unless asked) play at several
    tables, as ``stud play --tournament`` does.
    """
    game = data.get("game", "stud")
    if game not in GAMES:
        raise TournamentError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    clock = data.get("clock", "hands")
    if clock not in {c.value for c in Clock}:
        raise TournamentError(f"clock must be hands or minutes, not {clock!r}")
    players = _whole(data, "players", 6, 2, MAX_ENTRANTS)
    spec: Spec = {
        "game": game,
        "players": players,
        "table_size": _whole(data, "table_size", min(players, MAX_SEATS), MIN_SEATS, MAX_SEATS),
        "buy_in": _whole(data, "buy_in", 100, 0, 100_000),
        "stack": _whole(data, "stack", 500, 1, 1_000_000),
        "ante": _whole(data, "ante", 1, 1, 10_000),
        "small_bet": _whole(data, "small_bet", 4, 2, 100_000),
        "level_length": _whole(data, "level_length", 10, 1, 1000),
        "clock": clock,
        "hands_per_game": _whole(data, "hands_per_game", 8, 1, 1000),
        "payouts": _payouts(data.get("payouts", [65, 35]), players),
    }
    tournament_config(spec)  # the structure's own checks (R10.1)
    return spec


def tournament_config(spec: Spec) -> TournamentConfig:
    """The ``stud.tournament`` set-up of a spec (one stored before tables had a size
    seats all its players at one table)."""
    structure = Structure.doubling(
        spec["ante"],
        spec["small_bet"],
        spec["level_length"],
        LEVELS,
        clock=Clock(spec["clock"]),
        games=GAMES[spec["game"]],
        hands_per_game=spec["hands_per_game"],
    )
    return TournamentConfig(
        spec["players"],
        spec["stack"],
        structure,
        buy_in=spec["buy_in"],
        payouts=tuple(spec["payouts"]),
        table_size=int(spec.get("table_size") or spec["players"]),
    )


def first_rules(spec: Spec) -> Rules:
    """The game and stakes of the first hand."""
    return tournament_config(spec).structure.rules(0)


class Director:
    """One tournament in the cardroom: its entries, its tables, and the rounds of hands.

    What changes is decided by its entries (``tournament_entries``) and its rounds
    (``tournament_rounds``), as values; the director stores each change in a worker
    thread, then tells the tables. It is no task of its own: its tables call it from
    their tasks on the one event loop, and it changes seats only when every table of
    the tournament is between hands (the round is complete), so no table sees a seat
    change mid-hand.
    """

    def __init__(self, row: TournamentRow, store: Store, settings: Settings | None = None) -> None:
        self.id = row.id
        self.name = row.name
        self.spec: Spec = dict(row.config)
        self.config = tournament_config(self.spec)
        self.store = store
        self.settings = settings or Settings()
        self.state = row.state
        self._stored_progress = row.progress
        """Where the tournament stood when it was loaded (restored from it)."""
        self.entries = Entries(
            self.config.players, row.bots, self.settings.bot, self.settings.time_bank
        )
        self.rounds = Rounds(self.config)
        self._unfinished: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        """A hand left in play before rounds were stored: its seats and their stacks."""
        self._loaded = False
        self.wall: Callable[[], float] = time.time
        """The one clock levels in minutes run by: seconds since the epoch, as stored."""
        self._one_at_a_time = asyncio.Lock()
        """One change to the tournament at a time: an entry, a table's hand, a round."""
        self._steps: set[asyncio.Task[None]] = set()
        """The tasks that fill the seats or deal the next round, kept until done."""
        size = self.config.table_size
        self.tables = [
            TournamentTable(self, number, t.id, t.name, size, store, self.settings)
            for number, t in enumerate(store.tournament_tables(row.id))
        ]

    @property
    def rules(self) -> Rules:
        """The stakes and game of the round being played (or the first)."""
        return self.rounds.rules

    def load(self) -> None:
        """Read what the tournament stored: its entries, the last ``seq`` of each
        person's, and a hand left in play from before rounds were stored (a worker
        thread may do this, before ``start``)."""
        self.entries.rows = self.store.entries(self.id)
        self.entries.seqs = self.store.tournament_seqs(self.id)
        unfinished = self.store.unfinished_hand(self.tables[0].id)
        if unfinished is not None:
            self._unfinished = (tuple(unfinished.seats), tuple(unfinished.stacks))
        self._loaded = True

    def start(self) -> None:
        """Restore the tournament as stored (``load``, unless done) and start its
        tables: once it is over they deal no more, and show whoever comes the final
        standings."""
        if not self._loaded:
            self.load()
        self._restore()
        for table in self.tables:
            table.start()

    # -- what the lobby and the players see -----------------------------------------

    def summary(self) -> dict[str, Any]:
        """The tournament as the lobby shows it."""
        return self.standing(None)

    def where(self, account: int | None) -> tuple[TournamentTable, int] | None:
        """The table and seat of a person still in the tournament."""
        if account is None or self.state != "running":
            return None
        player = self.entries.player_of(account)
        at = None if player is None else self.rounds.seating.get(player)
        return None if at is None else (self.tables[at[0]], at[1])

    def standing(self, account: int | None) -> dict[str, Any]:
        """The tournament as everyone sees it, with ``you``: this account's entry."""
        return standing(self, self.entries, self.rounds, GAMES[self.spec["game"]], account)

    def tell(self, viewer: Viewer) -> None:
        """The standing, to one connection."""
        viewer.push(frame("tournament", tournament=self.standing(viewer.account)))

    def tell_all(self) -> None:
        """The standing, to every connection at every table of the tournament."""
        for table in self.tables:
            for viewer in table.viewers():
                self.tell(viewer)

    def _note(self, *notes: str) -> None:
        for table in self.tables:
            table.note(*notes)

    # -- registration ---------------------------------------------------------------

    async def registration(self, viewer: Viewer, command: Register | Unregister) -> None:
        """``register`` or ``unregister`` from a connection at any of the tables; the
        entry is stored in a worker thread, and a tournament it fills begins."""
        async with self._one_at_a_time:
            account = check_open(self.state, viewer.account)
            if isinstance(command, Register):
                entry = await asyncio.to_thread(self.store.enter, self.id, account)
                self.entries.add([entry])
                viewer.push(frame("registered", tournament=self.id, seat=entry.seat))
                self._note(f"{entry.name} registers")
                await self._fill()
            else:
                await asyncio.to_thread(self.store.unenter, self.id, account)
                gone = self.entries.remove(account)
                viewer.push(frame("unregistered", tournament=self.id))
                self._note(*(f"{e.name} unregisters" for e in gone))
            self.tell_all()

    async def _fill(self) -> None:
        """The bots wanted take the seats left (entered in a worker thread, in seat
        order); a tournament that is full begins, and its first round is dealt."""
        bots = await asyncio.to_thread(self._enter_bots, self.entries.bots_wanted())
        full = self.entries.add(bots)
        if bots:
            self._note(*(f"{e.name} registers" for e in bots))
        if full:
            self.rounds.begin(self.wall())
            self.state = "running"
            self._carry_out_seating()
            self._note("The tournament starts")
            await self._deal()

    def _enter_bots(self, names: list[str]) -> list[EntryRow]:
        """Enter those bots (a transaction each)."""
        bot = self.settings.bot
        return [self.store.enter(self.id, None, bot=bot, name=name) for name in names]

    # -- the rounds -----------------------------------------------------------------

    async def _deal(self) -> None:
        """The round due now (``Rounds.deal``), stored in a worker thread before any
        table deals it; then each table is given its hand of it, and deals it."""
        rounds = self.rounds
        dealt = rounds.deal(self.wall())
        if dealt is None:
            return
        await asyncio.to_thread(self.store.save_tournament, self.id, self.state, dealt.progress)
        for table in self.tables:
            table.rules = rounds.rules
            table.due = rounds.round.get(table.number)
        if dealt.notes:
            self._note(*dealt.notes)
        for table in self.tables:
            table.wake()
        self.tell_all()

    async def hand_over(self, recent: RecentHand, due: TableHand, final: tuple[int, ...]) -> None:
        """A table's hand of the round is over (``final``: the stacks in the order of
        ``due.players``). It is stored, in a worker thread, with where the round stands;
        the round's last hand is stored with the tournament after the round (R10.2
        places, R10.3 tables) and the prizes of those it put out, in one transaction.
        Then, once this table has published its hand, the players are seated where the
        tournament says and the next round is dealt. One table's hand at a time: the
        next waits for this one's to be stored."""
        async with self._one_at_a_time:
            ended = self.rounds.hand_ended(due.table, final)
            phh = to_phh(recent.state, players=list(recent.names))
            await asyncio.to_thread(
                self.store.finish_tournament_hand,
                recent.hand_id,
                self.id,
                recent.pot,
                phh,
                ended.progress,
                ended.prizes,
                ended.over,
            )
            self.rounds.take(ended)
            if ended.after is None:
                self.tell_all()  # the standings show the chips as each table's hand ends
                return
            if ended.over:
                self.state = "over"
            self._later(self._next_round)

    async def _next_round(self) -> None:
        """Who finished where is said, the players are seated where the tournament now
        says, and the next round is dealt (or the final standings shown)."""
        fresh = self.rounds.fresh_finishes()
        if fresh:
            self._note(*finish_notes(fresh, self.entries.names()))
            self.tell_all()
        self._carry_out_seating()
        if self.state == "running":
            await self._deal()
        else:
            self.tell_all()

    def _later(self, step: Callable[[], Awaitable[None]]) -> None:
        """Take ``step`` in a task of its own, one change at a time, kept until done."""
        task = asyncio.get_running_loop().create_task(self._take(step))
        self._steps.add(task)
        task.add_done_callback(self._steps.discard)

    async def _take(self, step: Callable[[], Awaitable[None]]) -> None:
        async with self._one_at_a_time:
            try:
                await step()
            except Exception:  # no caller to tell: say so where the operator looks
                log.exception("tournament %s: the next round failed", self.id)

    def _carry_out_seating(self) -> None:
        """Make every table's seats what the rounds' seating says
        (``tournament_moves``), and send the people just seated who watch another of
        its tables to their own."""
        rounds = self.rounds
        arrived = carry_out_seating(
            self.tables, rounds.seating, self.entries.rows, rounds.stacks(), self.entries.seat_for
        )
        guide(self.tables, arrived, self.where)

    def _restore(self) -> None:
        """The tournament as stored; the round in play goes on: tables whose hand was
        over wait, a hand in play is dealt again and replayed, the rest deal. One still
        registering (a restart between a person's registering and the bots' filling the
        seats left) fills them, and begins."""
        stored = self._stored_progress
        if self.state == "registering" or stored is None:
            self._later(self._fill)
            return
        rounds = self.rounds
        rounds.restore(stored, self.state == "over", self._unfinished)
        if self.state == "over":
            return
        self._carry_out_seating()
        if not rounds.round:
            self._later(self._deal)
            return
        for table in self.tables:
            table.rules = rounds.rules
            if table.number not in rounds.results:
                table.due = rounds.round.get(table.number)
