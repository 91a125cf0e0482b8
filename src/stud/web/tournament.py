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
from collections.abc import Callable, Mapping
from typing import Any

from stud.bots import BOTS, make_bot
from stud.history.phh import to_phh
from stud.rules import MAX_SEATS, MIN_SEATS, Rules, Variant
from stud.tournament.event import TableHand, Tournament, TournamentConfig
from stud.tournament.structure import (
    Clock,
    Structure,
    TournamentError,
    capped_levels,
    doubling_levels,
    first_level,
    rising_levels,
)
from stud.web.frames import frame
from stud.web.protocol import ProtocolError, Register, Unregister
from stud.web.recent import RecentHand
from stud.web.seat import Seat
from stud.web.settings import Settings
from stud.web.store import EntryRow, Store, TournamentRow, UnfinishedHand
from stud.web.tournament_moves import carry_out_seating, guide
from stud.web.tournament_progress import Progress, read_progress
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
"""Levels a structure has at most; the last lasts for ever."""

RISES = {"rising": rising_levels, "doubling": doubling_levels}
"""How a tournament's stakes rise from level to level (``stud.tournament.structure``):
by half and a third in turn (the standard), or doubling each level."""

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

    The stakes start at ``ante``/``small_bet`` and rise by ``structure`` ("rising",
    the standard, or "doubling"), capped once the big bet is a tenth of the chips in
    play; a level lasts ``level_length`` hands or minutes, and each game of a mixed
    rotation ``hands_per_game`` hands.
    More ``players`` than ``table_size`` seats (8 unless asked) play at several
    tables, as ``stud play --tournament`` does.
    """
    game = data.get("game", "stud")
    if game not in GAMES:
        raise TournamentError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    clock = data.get("clock", "hands")
    if clock not in {c.value for c in Clock}:
        raise TournamentError(f"clock must be hands or minutes, not {clock!r}")
    structure = data.get("structure", "rising")
    if structure not in RISES:
        raise TournamentError(f"structure must be rising or doubling, not {structure!r}")
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
        "structure": structure,
        "cap": True,
    }
    tournament_config(spec)  # the structure's own checks (R10.1)
    return spec


def tournament_config(spec: Spec) -> TournamentConfig:
    """The ``stud.tournament`` set-up of a spec (one stored before tables had a size
    seats all its players at one table)."""
    first = first_level(spec["ante"], spec["small_bet"], spec["level_length"])
    levels = RISES[spec.get("structure", "doubling")](first, LEVELS)
    if spec.get("cap"):  # stored before structures were capped: as it was
        levels = capped_levels(levels, spec["players"] * spec["stack"])
    structure = Structure(
        levels,
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


def seats_after(
    tables: tuple[tuple[int, ...], ...], seating: Mapping[int, tuple[int, int]], size: int
) -> dict[int, tuple[int, int]]:
    """Where each player the tournament seats at ``tables`` sits: (table, seat).

    Who stays at their table keeps their seat; a player new to a table (at the start,
    or moved there by ``stud.tournament``, R10.3) takes its lowest free seat, in the
    order the tournament lists them.
    """
    placed: dict[int, tuple[int, int]] = {}
    for table, players in enumerate(tables):
        stay = {p: seating[p] for p in players if p in seating and seating[p][0] == table}
        placed.update(stay)
        taken = {seat for _, seat in stay.values()}
        free = iter([s for s in range(size) if s not in taken])
        for player in players:
            if player not in stay:
                placed[player] = (table, next(free))
    return placed


class Director:
    """One tournament in the cardroom: its entries, its tables, and the rounds of hands.

    The director is no task of its own: its tables call it from their tasks on the
    one event loop, and it changes seats only when every table of the tournament is
    between hands (the round is complete), so no table sees a seat change mid-hand.
    """

    def __init__(self, row: TournamentRow, store: Store, settings: Settings | None = None) -> None:
        self.id = row.id
        self.name = row.name
        self.spec: Spec = dict(row.config)
        self.config = tournament_config(self.spec)
        self.store = store
        self.settings = settings or Settings()
        self.fill = row.bots
        """Bots take the seats left once a person registers (the creator asked for it)."""
        self.state = row.state
        self._stored_progress = row.progress
        """Where the tournament stood when it was loaded (restored from it)."""
        self.entries: list[EntryRow] = []
        self.tournament: Tournament | None = None
        self.started = 0.0
        """When the tournament started, in seconds since the epoch (levels in minutes)."""
        self.level = 0
        self.rules = self.config.structure.rules(0)
        """The stakes and game of the round being played (or the first)."""
        self.round: dict[int, TableHand] = {}
        """The hands of this round by table, until the round is recorded."""
        self.results: dict[int, tuple[int, ...]] = {}
        """The final stacks of the round's hands already over, by table."""
        self.seating: dict[int, tuple[int, int]] = {}
        """Every player still in: (table, seat)."""
        self._announced = 0
        self._seqs: dict[int, int] = {}
        """Each person's last applied ``seq`` as stored, by account (a restart's)."""
        self._unfinished: UnfinishedHand | None = None
        self._loaded = False
        self.wall: Callable[[], float] = time.time
        """The one clock levels in minutes run by: seconds since the epoch, as stored."""
        self._one_at_a_time = asyncio.Lock()
        """One change to the tournament at a time: an entry, a table's hand, a round."""
        self._rounds: set[asyncio.Task[None]] = set()
        """The tasks that deal the next round, kept until done."""
        size = self.config.table_size
        self.tables = [
            TournamentTable(self, number, t.id, t.name, size, store, self.settings)
            for number, t in enumerate(store.tournament_tables(row.id))
        ]

    def load(self) -> None:
        """Read what the tournament stored: its entries, the last ``seq`` of each
        person's, and a hand left in play from before rounds were stored (a worker
        thread may do this, before ``start``)."""
        self.entries = self.store.entries(self.id)
        self._seqs = self.store.tournament_seqs(self.id)
        self._unfinished = self.store.unfinished_hand(self.tables[0].id)
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
        for entry in self.entries:
            if entry.bot is None and entry.account_id == account and entry.seat in self.seating:
                table, seat = self.seating[entry.seat]
                return self.tables[table], seat
        return None

    def stacks(self) -> list[int]:
        """Every entrant's chips now: the tournament's, with this round's hands over."""
        tournament = self.tournament
        if tournament is None:
            return [self.config.starting_stack] * self.config.players
        stacks = list(tournament.stacks)
        for table, final in self.results.items():
            for player, chips in zip(self.round[table].players, final, strict=True):
                stacks[player] = chips
        return stacks

    def standing(self, account: int | None) -> dict[str, Any]:
        """The tournament as everyone sees it, with ``you``: this account's entry."""
        return standing(self, GAMES[self.spec["game"]], self.stacks(), account)

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
            account = viewer.account
            if account is None:
                raise ProtocolError("sign in or play as a guest to register")
            if self.state != "registering":
                when = "is over" if self.state == "over" else "is full and has started"
                raise ProtocolError(f"registration is closed: the tournament {when}")
            if isinstance(command, Register):
                entry = await asyncio.to_thread(self.store.enter, self.id, account)
                self.entries.append(entry)
                viewer.push(frame("registered", tournament=self.id, seat=entry.seat))
                self._note(f"{entry.name} registers")
                bots = await asyncio.to_thread(self._enter_bots, self._bots_wanted())
                if self._filled(bots):
                    await self._deal_next_round()
            else:
                await asyncio.to_thread(self.store.unenter, self.id, account)
                gone = [e for e in self.entries if e.account_id == account and e.bot is None]
                self.entries = [e for e in self.entries if e not in gone]
                viewer.push(frame("unregistered", tournament=self.id))
                self._note(*(f"{e.name} unregisters" for e in gone))
            self.tell_all()

    def _fill_and_begin(self) -> None:
        """On a restart between a person's registering and the bots' filling the seats
        left: they fill them now, and the tournament begins."""
        if self._filled(self._enter_bots(self._bots_wanted())):
            self._deal_round()

    def _bots_wanted(self) -> list[str]:
        """The bots that take the seats left, by name, if the creator asked for them
        (once a person registered)."""
        people = any(e.bot is None for e in self.entries)
        if not (self.fill and people):
            return []
        bot = self.settings.bot
        label = bot.capitalize() if bot in BOTS else "House"
        free = sorted(set(range(self.config.players)) - {e.seat for e in self.entries})
        return [f"{label} bot {seat + 1}" for seat in free]

    def _enter_bots(self, names: list[str]) -> list[EntryRow]:
        """Enter those bots (a transaction each, in seat order)."""
        bot = self.settings.bot
        return [self.store.enter(self.id, None, bot=bot, name=name) for name in names]

    def _filled(self, bots: list[EntryRow]) -> bool:
        """The bots entered are in; whether that filled the tournament, which begins."""
        self.entries = sorted([*self.entries, *bots], key=lambda e: e.seat)
        if bots:
            self._note(*(f"{e.name} registers" for e in bots))
        if len(self.entries) < self.config.players:
            return False
        self._begin()
        return True

    def _begin(self) -> None:
        """Every entry is in: everyone seated with the starting stack (R10.1), tables
        filled in turn as ``stud.tournament`` seats them; the first round is dealt next."""
        self.tournament = Tournament.start(self.config)
        self.state = "running"
        self.started = self.wall()
        self.seating = seats_after(self.tournament.tables, {}, self.config.table_size)
        self._carry_out_seating()
        self._note("The tournament starts")

    # -- the rounds -----------------------------------------------------------------

    def _deal_round(self) -> None:
        """The hands the tournament says are due now, one to each table with two players
        or more, at the level of this moment on the one clock (R10.1: between hands);
        the round is stored before any table deals it."""
        planned = self._plan_round()
        if planned is not None:
            progress, notes = planned
            self.store.save_tournament(self.id, self.state, progress)
            self._start_round(notes)

    async def _deal_next_round(self) -> None:
        """``_deal_round``, the round stored in a worker thread (the loop plays on)."""
        planned = self._plan_round()
        if planned is not None:
            progress, notes = planned
            await asyncio.to_thread(self.store.save_tournament, self.id, self.state, progress)
            self._start_round(notes)

    def _plan_round(self) -> tuple[dict[str, Any], tuple[str, ...]] | None:
        """The round due now, as the tournament stands with it (to store), and what the
        tables are told of it; ``None`` once the tournament is over."""
        tournament = self.tournament
        if tournament is None or tournament.is_over:
            return None
        due = tournament.deal((self.wall() - self.started) / 60)
        first = due[0]
        changed = first.level != self.level or first.rules.variant is not self.rules.variant
        self.level, self.rules = first.level, first.rules
        self.round, self.results = {hand.table: hand for hand in due}, {}
        level = f"Level {first.level + 1}: {first.rules.variant.game_name} at {first.rules.stakes}"
        return self._progress(), (level,) if changed else ()

    def _start_round(self, notes: tuple[str, ...]) -> None:
        """Each table is given its hand of the stored round, and deals it."""
        for table in self.tables:
            table.rules = self.rules
            table.due = self.round.get(table.number)
        if notes:
            self._note(*notes)
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
            await self._hand_over(recent, due, final)

    async def _hand_over(self, recent: RecentHand, due: TableHand, final: tuple[int, ...]) -> None:
        tournament = self.tournament
        assert tournament is not None
        phh = to_phh(recent.state, players=list(recent.names))
        before = self.results
        results = {**before, due.table: final}
        if len(results) < len(self.round):
            await self._store_hand(recent, phh, self._progress(results=results), {}, over=False)
            self.results = results
            self.tell_all()  # the standings show the chips as each table's hand ends
            return
        after = tournament.record([(self.round[t], results[t]) for t in sorted(self.round)])
        fresh = after.finishes[len(tournament.finishes) :]
        seating = seats_after(after.tables, self.seating, self.config.table_size)
        state = "over" if after.is_over else self.state
        progress = self._progress(after, seating, {})
        prizes = {f.player: f.prize for f in fresh}
        await self._store_hand(recent, phh, progress, prizes, over=after.is_over)
        self.tournament, self.seating, self.state = after, seating, state
        self.round, self.results = {}, {}
        round_ = asyncio.get_running_loop().create_task(self._next_round())
        self._rounds.add(round_)
        round_.add_done_callback(self._rounds.discard)

    async def _store_hand(
        self,
        recent: RecentHand,
        phh: str,
        progress: dict[str, Any],
        prizes: dict[int, int],
        *,
        over: bool,
    ) -> None:
        """A table's hand, where the tournament stands and any prizes it settled, in one
        transaction in a worker thread."""
        await asyncio.to_thread(
            self.store.finish_tournament_hand,
            recent.hand_id,
            self.id,
            recent.pot,
            phh,
            progress,
            prizes,
            over,
        )

    async def _next_round(self) -> None:
        async with self._one_at_a_time:
            try:
                self._announce()
                self._carry_out_seating()
                if self.state == "running":
                    await self._deal_next_round()
                else:
                    self.tell_all()
            except Exception:  # no caller to tell: say so where the operator looks
                log.exception("tournament %s: the next round failed", self.id)

    def _announce(self) -> None:
        """Say who finished where, and what they won."""
        tournament = self.tournament
        if tournament is None or len(tournament.finishes) == self._announced:
            return
        fresh = tournament.finishes[self._announced :]
        self._announced = len(tournament.finishes)
        names = {e.seat: e.name for e in self.entries}
        notes = finish_notes(fresh, names)
        self._note(*notes)
        self.tell_all()

    def _carry_out_seating(self) -> None:
        """Make every table's seats what ``seating`` says (``tournament_moves``), and
        send the people just seated who watch another of its tables to their own."""
        arrived = carry_out_seating(
            self.tables, self.seating, self.entries, self.stacks(), self._seat_for
        )
        guide(self.tables, arrived, self.where)

    def _seat_for(self, entry: EntryRow, stack: int) -> Seat:
        bot = make_bot(entry.bot) if entry.bot else None
        return Seat(
            account=entry.account_id,
            name=entry.name,
            stack=stack,
            bot=bot,
            bot_name=entry.bot,
            last_seq=0 if bot else self._seqs.get(entry.account_id, 0),
            bank=self.settings.time_bank,
        )

    # -- the store ------------------------------------------------------------------

    def _progress(
        self,
        tournament: Tournament | None = None,
        seating: Mapping[int, tuple[int, int]] | None = None,
        round_: Mapping[int, TableHand] | None = None,
        results: Mapping[int, tuple[int, ...]] | None = None,
    ) -> dict[str, Any]:
        """Where the tournament stands (or would, with these), to store."""
        tournament = tournament or self.tournament
        assert tournament is not None
        return Progress(
            tournament,
            self.started,
            self.level,
            self.rules,
            self.seating if seating is None else seating,
            self.round if round_ is None else round_,
            self.results if results is None else results,
        ).stored()

    def _restore(self) -> None:
        """Entries and the tournament as stored; the round in play goes on: tables whose
        hand was over wait, a hand in play is dealt again and replayed, the rest deal."""
        stored = self._stored_progress
        if self.state == "registering" or stored is None:
            self._fill_and_begin()
            return
        progress = read_progress(self.config, stored)
        self.tournament = progress.tournament
        self._announced = len(progress.tournament.finishes)
        self.started, self.level, self.rules = progress.started, progress.level, progress.rules
        if self.state == "over":
            return
        self.seating = dict(progress.seating)
        self.round, self.results = dict(progress.round), dict(progress.results)
        self._carry_out_seating()
        if "round" not in stored:  # stored before rounds were: a hand in play is the round's
            unfinished = self._unfinished
            if unfinished is not None:
                seats, at_start = tuple(unfinished.seats), tuple(unfinished.stacks)
                hand = TableHand(self.tournament.hands, 0, seats, at_start, self.rules, self.level)
                self.round = {0: hand}
        if not self.round:
            self._deal_round()
            return
        for table in self.tables:
            table.rules = self.rules
            if table.number not in self.results:
                table.due = self.round.get(table.number)
