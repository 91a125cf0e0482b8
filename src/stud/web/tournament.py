"""Sit-and-go tournaments in the cardroom: set-up, registration and the tournament table.

A tournament is a ``stud.tournament`` value (``Tournament``): the level and game of
each hand, who is out, places and prizes are decided there (R10) and nowhere here.
This module keeps that value in the store, seats its players at one
``TournamentTable`` (a ``Table`` whose chips are tournament chips, never bankroll
chips), deals each hand at the stakes the tournament says, between hands only,
and gives each finished hand back to it. Buy-ins go from bankrolls into the prize
pool through the ledger, and each prize comes back the same way when its player
finishes, so the books balance at every moment.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from stud.bots import BOTS, make_bot
from stud.history.phh import to_phh
from stud.rules import Rules, Variant
from stud.tournament.event import TableHand, Tournament, TournamentConfig
from stud.tournament.places import Finish
from stud.tournament.structure import Clock, Structure, TournamentError
from stud.web.protocol import (
    AddBot,
    Command,
    Hello,
    ProtocolError,
    Register,
    RemoveBot,
    Sit,
    Unregister,
)
from stud.web.store import EntryRow, Store, TournamentRow
from stud.web.table import Settings, Table, Viewer, _Recent, _Seat, frame

__all__ = ["GAMES", "TournamentTable", "tournament_config", "tournament_spec"]

GAMES: dict[str, tuple[Variant, ...]] = {
    "stud": (Variant.STUD,),
    "stud8": (Variant.STUD8,),
    "razz": (Variant.RAZZ,),
    "mixed": (Variant.RAZZ, Variant.STUD, Variant.STUD8),
}
"""What a tournament may play: one game, or the mixed rotation of all three."""

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
    """
    game = data.get("game", "stud")
    if game not in GAMES:
        raise TournamentError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    clock = data.get("clock", "hands")
    if clock not in {c.value for c in Clock}:
        raise TournamentError(f"clock must be hands or minutes, not {clock!r}")
    players = _whole(data, "players", 6, 2, 8)
    spec: Spec = {
        "game": game,
        "players": players,
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
    """The ``stud.tournament`` set-up of a spec: one table of all the players."""
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
        table_size=spec["players"],
    )


def _ordinal(place: int) -> str:
    suffix = "th" if 11 <= place % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


class TournamentTable(Table):
    """The one table of a sit-and-go: registration, then hands until one player is left.

    Seats are the tournament's players (seat ``n`` is entrant ``n``). Nobody sits
    down or adds a bot here: players register, and the table seats them all when
    the last one does. A player who drops, times out or leaves stays dealt in:
    the clock folds (or checks) for them at once, so their stack is anted and
    folded away as the rules already have it.
    """

    def __init__(self, row: TournamentRow, store: Store, settings: Settings | None = None) -> None:
        self.spec: Spec = dict(row.config)
        self.config = tournament_config(self.spec)
        structure = self.config.structure
        super().__init__(
            row.table_id, row.name, structure.rules(0), self.config.players, store, settings
        )
        self.tournament_id = row.id
        self.fill = row.bots
        """Bots take the seats left once a person registers (the creator asked for it)."""
        self.state = row.state
        self._stored_progress = row.progress
        """Where the tournament stood when the table opened (restored from it)."""
        self.entries: list[EntryRow] = []
        self.tournament: Tournament | None = None
        self.started = 0.0
        """When the tournament started, in seconds since the epoch (levels in minutes)."""
        self.level = 0
        self.due: TableHand | None = None
        self._announced = 0
        self.wall: Callable[[], float] = time.time
        """The clock levels in minutes run by: seconds since the epoch, as stored."""

    @staticmethod
    def first_rules(spec: Spec) -> Rules:
        """The game and stakes of the first hand."""
        return tournament_config(spec).structure.rules(0)

    # -- what the lobby and the players see -----------------------------------------

    def summary(self) -> dict[str, Any]:
        return self.standing(None)

    def standing(self, account: int | None) -> dict[str, Any]:
        """The tournament as everyone sees it, with ``you``: this account's entry."""
        config, spec, tournament = self.config, self.spec, self.tournament
        structure = config.structure
        finishes: dict[int, Finish] = (
            {f.player: f for f in tournament.finishes} if tournament else {}
        )
        players: list[dict[str, Any]] = []
        you = None
        for entry in self.entries:
            finish = finishes.get(entry.seat)
            player: dict[str, Any] = {
                "seat": entry.seat,
                "name": entry.name,
                "bot": entry.bot is not None,
                "stack": tournament.stacks[entry.seat] if tournament else config.starting_stack,
                "place": finish.place if finish else None,
                "shared": finish.shared if finish else 1,
                "prize": finish.prize if finish else 0,
            }
            players.append(player)
            if account is not None and entry.bot is None and entry.account_id == account:
                you = player
        players.sort(key=lambda p: (p["place"] or 0, -p["stack"], p["seat"]))
        ends = sum(level.length for level in structure.levels[: self.level + 1])
        last = self.level + 1 >= len(structure.levels)
        timed = structure.clock is Clock.MINUTES
        following = structure.levels[min(self.level + 1, len(structure.levels) - 1)]
        games = GAMES[spec["game"]]
        return {
            "id": self.tournament_id,
            "table": self.id,
            "name": self.name,
            "state": self.state,
            "game": ("Mixed: " if len(games) > 1 else "") + ", ".join(g.game_name for g in games),
            "players": config.players,
            "registered": len(self.entries),
            "buy_in": config.buy_in,
            "prize_pool": config.prize_pool,
            "prizes": list(config.prizes),
            "starting_stack": config.starting_stack,
            "clock": structure.clock.value,
            "level_length": spec["level_length"],
            "bots": self.fill,
            "level": self.level + 1,
            "stakes": self.rules.stakes,
            "playing": self.rules.variant.game_name,
            "next_stakes": None if last else following.rules(games[0]).stakes,
            "level_ends_at": None if last or not timed else self.started + 60 * ends,
            "hands_to_next_level": None
            if last or timed or tournament is None
            else max(0, ends - tournament.rounds),
            "players_left": len(tournament.still_in) if tournament else len(self.entries),
            "standings": players,
            "you": you,
        }

    def _tell(self, viewer: Viewer) -> None:
        viewer.push(frame("tournament", tournament=self.standing(viewer.account)))

    def _tell_all(self) -> None:
        for viewer in self._viewers:
            self._tell(viewer)

    def _join(self, viewer: Viewer, hello: Hello) -> None:
        super()._join(viewer, hello)
        self._tell(viewer)

    # -- registration ---------------------------------------------------------------

    async def _command(self, viewer: Viewer, command: Command) -> None:
        if isinstance(command, Register | Unregister):
            if viewer.account is None:
                raise ProtocolError("sign in or play as a guest to register")
            if self.state != "registering":
                when = "is over" if self.state == "over" else "is full and has started"
                raise ProtocolError(f"registration is closed: the tournament {when}")
            if isinstance(command, Register):
                self._register(viewer, viewer.account)
            else:
                self._unregister(viewer, viewer.account)
            return
        if isinstance(command, Sit | AddBot | RemoveBot):
            raise ProtocolError("a tournament seats its players itself: register to play")
        await super()._command(viewer, command)
        self._hurry()  # who sits out on their turn is folded for now, not when time runs out

    def _register(self, viewer: Viewer, account: int) -> None:
        entry = self.store.enter(self.tournament_id, account)
        self.entries.append(entry)
        viewer.push(frame("registered", tournament=self.tournament_id, seat=entry.seat))
        self._publish(notes=(f"{entry.name} registers",))
        self._fill_and_begin()
        self._tell_all()

    def _fill_and_begin(self) -> None:
        """Bots take the seats left if the creator asked (once a person registered),
        and a full tournament starts. Also on a restart that came between the two."""
        bot = self.settings.bot
        label = bot.capitalize() if bot in BOTS else "House"
        notes = []
        people = any(e.bot is None for e in self.entries)
        while self.fill and people and len(self.entries) < self.config.players:
            seat = min(set(range(self.config.players)) - {e.seat for e in self.entries})
            name = f"{label} bot {seat + 1}"
            self.entries.append(self.store.enter(self.tournament_id, None, bot=bot, name=name))
            notes.append(f"{name} registers")
        self.entries.sort(key=lambda e: e.seat)
        if notes:
            self._publish(notes=tuple(notes))
        if len(self.entries) == self.config.players:
            self._begin()

    def _unregister(self, viewer: Viewer, account: int) -> None:
        self.store.unenter(self.tournament_id, account)
        gone = [e for e in self.entries if e.account_id == account and e.bot is None]
        self.entries = [e for e in self.entries if e not in gone]
        viewer.push(frame("unregistered", tournament=self.tournament_id))
        self._publish(notes=tuple(f"{e.name} unregisters" for e in gone))
        self._tell_all()

    def _begin(self) -> None:
        """Every seat is taken: seat everyone with the starting stack (R10.1) and deal."""
        self.tournament = Tournament.start(self.config)
        self.state = "running"
        self.started = self.wall()
        for entry in self.entries:
            self.seats[entry.seat] = self._seat_for(entry, self.config.starting_stack)
        self.store.save_tournament(self.tournament_id, self.state, self._progress())
        self._publish(notes=("The tournament starts",))

    def _seat_for(self, entry: EntryRow, stack: int) -> _Seat:
        bot = make_bot(entry.bot) if entry.bot else None
        here = 0 if bot else sum(1 for v in self._viewers if v.account == entry.account_id)
        return _Seat(
            account=entry.account_id,
            name=entry.name,
            stack=stack,
            bot=bot,
            bot_name=entry.bot,
            bank=self.settings.time_bank,
            viewers=here,
            dropped_at=None if bot or here else self._clock(),
        )

    # -- the hands ------------------------------------------------------------------

    def _dealt_in(self, number: int, seat: _Seat) -> bool:
        return self.state == "running" and seat.stack > 0

    def _can_deal(self) -> bool:
        tournament = self.tournament
        if self.state != "running" or tournament is None or tournament.is_over:
            return False
        if self.hand is not None and not self.hand.is_over:
            return False
        return len(tournament.still_in) >= 2

    def _between_hands(self) -> None:
        """Before a deal: the out leave their seats, and the tournament says the level
        and game of the hand (R10.1: a level changes between hands only)."""
        self._after_hand()
        tournament = self.tournament
        if tournament is None or not self._can_deal():
            return
        for number, seat in enumerate(self.seats):
            if seat is not None and seat.stack == 0:
                self.seats[number] = None
        (due,) = tournament.deal((self.wall() - self.started) / 60)
        new_level = due.level != self.level or due.rules.variant is not self.rules.variant
        self.due, self.level, self.rules = due, due.level, due.rules
        self.store.save_tournament(self.tournament_id, self.state, self._progress())
        if new_level:
            game = due.rules.variant.game_name
            self._publish(notes=(f"Level {due.level + 1}: {game} at {due.rules.stakes}",))
        self._tell_all()

    async def _commit_hand(self, recent: _Recent, stacks: dict[int, int]) -> None:
        """The hand goes to the tournament, which places the players it put out (R10.2);
        their prizes are paid with the hand, in one transaction (on the event loop:
        a tournament hand ends seldom, and this one transaction holds the prizes too)."""
        tournament, due = self.tournament, self.due
        assert tournament is not None
        assert due is not None
        hand = recent.state
        after = tournament.record([(due, hand.final_stacks)])
        fresh = after.finishes[len(tournament.finishes) :]
        self.tournament, self.due = after, None
        if after.is_over:
            self.state = "over"
        self.store.finish_tournament_hand(
            recent.hand_id,
            self.tournament_id,
            recent.pot,
            to_phh(hand, players=list(recent.names)),
            self._progress(),
            {f.player: f.prize for f in fresh},
            after.is_over,
        )

    def _after_hand(self) -> None:
        """Say who finished where, and what they won."""
        tournament = self.tournament
        if tournament is None or len(tournament.finishes) == self._announced:
            return
        fresh = tournament.finishes[self._announced :]
        self._announced = len(tournament.finishes)
        names = {e.seat: e.name for e in self.entries}
        notes = []
        for finish in sorted(fresh, key=lambda f: -f.place):
            name = names.get(finish.player, f"Seat {finish.player + 1}")
            if finish.place == 1:
                notes.append(f"{name} wins the tournament and {finish.prize} chips")
                continue
            shared = f" (shared by {finish.shared})" if finish.shared > 1 else ""
            notes.append(
                f"{name} finishes {_ordinal(finish.place)}{shared} and wins {finish.prize}"
            )
        self._publish(notes=tuple(notes))
        self._tell_all()

    def _start_turn(self) -> None:
        super()._start_turn()
        self._hurry()

    def _hurry(self) -> None:
        """A player sitting out is folded (or checked) for at once: blinded away."""
        hand = self.hand
        if self._deadline is not None and hand is not None and hand.actor is not None:
            seat = self.seats[self.hand_seats[hand.actor]]
            if seat is not None and seat.sitting_out:
                self._deadline = self._turn_start

    def _leave(self, number: int, seat: _Seat) -> None:
        seat.sitting_out = True
        self._publish(notes=(f"{seat.name} sits out: folded every hand until back",))

    # -- the store ------------------------------------------------------------------

    def _progress(self) -> dict[str, Any]:
        tournament = self.tournament
        assert tournament is not None
        return {
            "stacks": list(tournament.stacks),
            "rounds": tournament.rounds,
            "hands": tournament.hands,
            "finishes": [
                [f.player, f.place, f.prize, f.shared, f.hand] for f in tournament.finishes
            ],
            "started": self.started,
            "level": self.level,
            "game": self.rules.variant.value,
        }

    def _restore(self) -> None:
        """Entries and the tournament as stored; a hand in play is dealt again and
        replayed at the level it was dealt at."""
        self.entries = self.store.entries(self.tournament_id)
        progress = self._stored_progress
        if self.state == "registering" or progress is None:
            self._fill_and_begin()
            return
        stacks = tuple(int(s) for s in progress["stacks"])
        finishes = tuple(Finish(*f) for f in progress["finishes"])
        self.tournament = Tournament(
            self.config,
            stacks,
            (tuple(p for p, s in enumerate(stacks) if s > 0),),
            rounds=int(progress["rounds"]),
            hands=int(progress["hands"]),
            finishes=finishes,
        )
        self._announced = len(finishes)
        self.started = float(progress["started"])
        self.level = int(progress["level"])
        level = self.config.structure.levels[self.level]
        self.rules = level.rules(Variant(progress["game"]))
        for entry in self.entries:
            if stacks[entry.seat] > 0:
                self.seats[entry.seat] = self._seat_for(entry, stacks[entry.seat])
        unfinished = self.store.unfinished_hand(self.id)
        if unfinished is not None and self.state == "running":
            self.due = TableHand(
                self.tournament.hands,
                0,
                tuple(unfinished.seats),
                tuple(unfinished.stacks),
                self.rules,
                self.level,
            )
        super()._restore()
