"""A session at the table: a person and bots, hand after hand, until the person leaves.

The loop is the only place that holds the full hand state. It asks the bots with
their own views, asks the person with keys, draws the table from the person's
view (so the screen can never show a bot's hole cards), keeps each finished hand
in the hand store, and counts the session's result.

The session ends when the person presses ``q`` (between hands; during a hand it
folds at the first chance, checking until then, and leaves once the hand is
over, which counts), when input ends (end of a pipe, Ctrl-D, Ctrl-C: a hand in
progress is then abandoned and not counted, and every stack stays as it was
before it), when the person has no chips left, or when nobody else has.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from rich.console import Console
from rich.text import Text

from stud.actions import Action, BringIn, Check, Fold, PotAwarded, Show
from stud.bots import Bot, ask
from stud.cli.choices import choices, menu, resolve
from stud.cli.keys import KeySource
from stud.cli.table import Look, render_table, results_lines
from stud.history.phh import to_phh
from stud.history.text import text_history
from stud.rules import Rules
from stud.sim.hand import play_hand
from stud.state import HandState, Phase, new_hand
from stud.storage import HandRecord, HandStore, StorageError
from stud.tournament.event import TableHand, Tournament
from stud.tournament.places import ordinal
from stud.views import view_of

__all__ = ["Player", "SessionResult", "TableSession"]


@dataclass(slots=True)
class Player:
    """A chair at the table: a bot, or the person at the keyboard (``bot`` is ``None``).

    The person's ``name`` is what the table calls them ("You"); hand histories,
    read later and by other programs, use the session's ``history_name``.
    """

    name: str
    stack: int
    bot: Bot | None = None


@dataclass(slots=True)
class SessionResult:
    """What the person did this session."""

    start: int
    final: int
    hands: int = 0
    won: int = 0
    hand_ids: list[int] = field(default_factory=list)
    abandoned: bool = False
    """A hand was in progress when input ended; it is not counted."""
    interrupted: bool = False
    """The session ended with Ctrl-C."""

    @property
    def net(self) -> int:
        """Chips won (positive) or lost (negative) over the session."""
        return self.final - self.start


@dataclass(frozen=True, slots=True)
class _Hand:
    """A hand in play: its state and which table chair each of its seats is."""

    state: HandState
    chairs: tuple[int, ...]
    number: int


class _InputClosedError(Exception):
    """Input ended (end of the pipe, Ctrl-D): leave the table."""


QUIT_KEYS = ("q", "Q")


def leaving_action(legal: Sequence[Action]) -> Action:
    """What a player on the way out does: fold, or check (or post the bring-in) until
    folding is possible; never a chip more than the rules force."""
    for action in (Fold(), Check(), BringIn()):
        if action in legal:
            return action
    return legal[0]


class TableSession:
    """Hands between one person and bots, drawn on ``console``, keys from ``keys``."""

    def __init__(
        self,
        *,
        rules: Rules,
        players: Sequence[Player],
        rng: random.Random,
        console: Console,
        keys: KeySource,
        store: HandStore,
        look: Look,
        history_name: str = "Hero",
        tournament: Tournament | None = None,
        minutes: Callable[[], float] | None = None,
    ) -> None:
        people = [i for i, p in enumerate(players) if p.bot is None]
        if len(people) != 1:
            raise ValueError(f"a session seats exactly one person, not {len(people)}")
        self.rules = rules
        self.players = list(players)
        self.you = people[0]
        self.rng = rng
        self.console = console
        self.keys = keys
        self.store = store
        self.look = look
        self.history_name = history_name
        self.tournament = tournament
        """A tournament: it sets each hand's stakes (R10.1), places the players out
        (R10.2) and, with several tables, seats the players (R10.3). ``players`` are
        then its entrants; bots play the hands at the other tables alongside yours."""
        self.minutes = minutes
        """Minutes since the tournament started, for levels timed in minutes."""
        self.due: TableHand | None = None
        self.elsewhere: list[TableHand] = []
        """The hands at the other tables this round."""
        self.session_id = f"{random.SystemRandom().getrandbits(48):012x}"
        self.last: _Hand | None = None
        self.leaving = False
        self.result = SessionResult(start=players[self.you].stack, final=players[self.you].stack)

    # -- the session --------------------------------------------------------------

    def run(self) -> SessionResult:
        """Deal hand after hand until the person leaves or the chips say stop."""
        try:
            while True:
                chairs = tuple(i for i, p in enumerate(self.players) if p.stack > 0)
                self._finish(self._play(chairs))
                if self.leaving:
                    self._say("You leave the table.", "bold")
                    break
                over = self._game_over()
                if over:
                    self._say(over, "bold")
                if not self._between_hands(over=bool(over)):
                    break
        except (_InputClosedError, EOFError):
            self.console.print()
        except KeyboardInterrupt:
            self.result.interrupted = True
            self.console.print()
        self.result.final = self.players[self.you].stack
        return self.result

    def _play(self, chairs: tuple[int, ...]) -> _Hand:
        number = self.result.hands + 1
        self.result.abandoned = True  # until the hand is over: input may end, or Ctrl-C
        if self.tournament is not None:
            self.due = self._deal_my_table(self.tournament)
            chairs = self.due.players
            self.rules = self.due.rules
        state = new_hand(self.rules, [self.players[c].stack for c in chairs], rng=self.rng)
        hand = _Hand(state, chairs, number)
        me = chairs.index(self.you)
        while not hand.state.is_over:
            state = hand.state
            seat = state.actor
            assert seat is not None  # a hand with a deck deals itself
            bot = self.players[chairs[seat]].bot
            if bot is not None:
                action = ask(bot, view_of(state, seat), self.rng, hand=number)
            elif state.phase is Phase.SHOWDOWN:
                action = Show()  # the person's hand is shown to claim the pot
            elif self.leaving:
                action = leaving_action(state.legal_actions())
            else:
                action = self._ask(hand, me)
            hand = _Hand(state.apply(action), chairs, number)
        self.result.abandoned = False
        return hand

    def _read_key(self) -> str:
        """The next key pressed; the input closing ends the session."""
        key = self.keys.read_key()
        if key is None:
            raise _InputClosedError
        return key

    def _ask(self, hand: _Hand, me: int) -> Action:
        view = view_of(hand.state, me)
        self._draw(hand)
        prompt = "Your turn: " + menu(choices(view), self.look.dot)
        self.console.print(Text(prompt, style="bold"))
        while True:
            key = self._read_key()
            if key in QUIT_KEYS:
                self.leaving = True
                self._say("You fold at the first chance and leave after this hand.", "bold")
                return leaving_action(view.legal_actions)
            answer = resolve(key, view, self.look.dot)
            if not isinstance(answer, str):
                return answer
            self.console.print(Text(answer, style="yellow"))

    def _finish(self, hand: _Hand) -> None:
        """Settle the chips, draw the showdown, keep the hand."""
        state = hand.state
        for seat, chair in enumerate(hand.chairs):
            self.players[chair].stack = state.final_stacks[seat]
        before = self.tournament
        if self.tournament is not None and self.due is not None:
            results = [(self.due, state.final_stacks), *self._play_elsewhere()]
            self.tournament = self.tournament.record(results)
            for player, chips in enumerate(self.tournament.stacks):
                self.players[player].stack = chips
        me = hand.chairs.index(self.you)
        self.last = hand
        self.result.hands += 1
        net = state.payoffs[me]
        if net > 0:
            self.result.won += 1
        self._draw(hand)
        view = view_of(state, me)
        for line in results_lines(view, self._names(hand), self.look):
            self.console.print(line)
        mood = "green" if net > 0 else "red" if net < 0 else ""
        self.console.print(
            Text(f"You {net:+d} this hand; stack {state.final_stacks[me]}.", style=mood)
        )
        self._keep(hand, me, net)
        if before is not None and self.tournament is not None:
            self._tournament_news(before, self.tournament)
        if self.tournament is not None and not self.tournament.is_over:
            mine = [d for d in self.tournament.deal(self._clock()) if self.you in d.players]
            if mine and mine[0].rules != state.rules:
                (due,) = mine
                game = ""
                if due.rules.variant is not state.rules.variant:
                    game = f"{due.rules.variant.game_name}, "
                self._say(
                    f"Next hand: {game}level {due.level + 1}, stakes {due.rules.stakes}.", "bold"
                )

    # -- the other tables of a tournament ------------------------------------------

    def _clock(self) -> float:
        return self.minutes() if self.minutes is not None else 0.0

    def _deal_my_table(self, tournament: Tournament) -> TableHand:
        """This round's hand at the person's table; the others wait in ``elsewhere``.

        Balancing keeps every table at two players or more while two are left
        (R10.3), so the person's table is always dealt; a round without it would be
        played by the bots alone first.
        """
        while True:
            due = tournament.deal(self._clock())
            mine = [d for d in due if self.you in d.players]
            self.elsewhere = [d for d in due if self.you not in d.players]
            if mine:
                self.tournament = tournament
                return mine[0]
            tournament = tournament.record(self._play_elsewhere())

    def _play_elsewhere(self) -> list[tuple[TableHand, tuple[int, ...]]]:
        """The bots play this round's hands at the other tables."""
        results = []
        for due in self.elsewhere:
            bots = [bot for p in due.players if (bot := self.players[p].bot) is not None]
            state = play_hand(due.rules, due.stacks, bots, self.rng, hand=due.number)
            results.append((due, state.final_stacks))
        self.elsewhere = []
        return results

    def _tournament_news(self, before: Tournament, after: Tournament) -> None:
        """Players out, players moved to or from the person's table, and what is left."""
        if len(after.tables) == 1:
            return  # a sit-and-go: the table shows it all
        name = self._entrant
        out = [f for f in after.finishes[len(before.finishes) :] if f.player != self.you]
        if out:
            self._say(
                "Out: "
                + ", ".join(
                    f"{name(f.player)} ({ordinal(f.place)}"
                    + (f", prize {f.prize})" if f.prize else ")")
                    for f in out
                )
                + "."
            )
        mine = next((t for t, seated in enumerate(after.tables) if self.you in seated), None)
        for move in after.moves[len(before.moves) :]:
            if move.player == self.you:
                self._say(
                    f"Tables are balanced (R10.3): you move from table {move.source + 1} "
                    f"to table {move.target + 1}.",
                    "bold",
                )
            elif move.target == mine:
                self._say(f"{name(move.player)} joins your table from table {move.source + 1}.")
            elif mine is not None and move.source == mine:
                self._say(f"{name(move.player)} moves to table {move.target + 1}.")
        tables = sum(1 for seated in after.tables if seated)
        news = out or len(after.moves) > len(before.moves)
        if news and mine is not None and not after.is_over:
            self._say(
                f"Players left: {len(after.still_in)} of {len(self.players)} at {tables} "
                f"table{'s' if tables != 1 else ''}; you are at table {mine + 1} with "
                f"{len(after.tables[mine])} players."
            )

    def _entrant(self, player: int) -> str:
        return "You" if player == self.you else self.players[player].name

    def _keep(self, hand: _Hand, me: int, net: int) -> None:
        state = hand.state
        names = self._names(hand, history=True)
        record = HandRecord(
            played_at=datetime.now(UTC).isoformat(timespec="seconds"),
            session=self.session_id,
            number=hand.number,
            variant=self.rules.variant.value,
            stakes=self.rules.stakes,
            seat=me,
            names=tuple(names),
            net=net,
            pot=sum(e.amount for e in state.events if isinstance(e, PotAwarded)),
            phh=to_phh(state, players=list(names), hand=hand.number),
        )
        try:
            hand_id = self.store.add(record)
        except StorageError as error:
            self._say(f"This hand was not saved: {error}", "yellow")
            return
        self.result.hand_ids.append(hand_id)

    def _game_over(self) -> str:
        """Why no hand can follow (the person is broke, or alone), or ``""``."""
        if self.tournament is not None:
            mine = [f for f in self.tournament.finishes if f.player == self.you]
            if mine:
                (finish,) = mine
                shared = f" (shared by {finish.shared})" if finish.shared > 1 else ""
                return (
                    f"You finish the tournament in place {finish.place} of "
                    f"{len(self.players)}{shared}: prize {finish.prize}."
                )
        if self.players[self.you].stack == 0:
            return "You are out of chips."
        if sum(p.stack > 0 for p in self.players) < 2:
            return "Everyone else is out of chips: the table is yours."
        return ""

    def _between_hands(self, *, over: bool) -> bool:
        """Ask what next: ``True`` to deal again, ``False`` to leave."""
        enter = "Enter" if self.keys.single_key else "Enter (empty line)"
        prompt = f"{enter} next hand{self.look.dot}h history{self.look.dot}q quit"
        if over:
            prompt = f"h history{self.look.dot}q or {enter} leave the table"
        self.keys.drop_typeahead()
        self.console.print(Text(prompt, style="bold"))
        while True:
            key = self._read_key()
            if key in QUIT_KEYS:
                return False
            if key in ("", "n", "N"):
                return not over
            if key in ("h", "H") and self.last is not None:
                self._history(self.last)
                self.console.print(Text(prompt, style="bold"))
                continue
            self.console.print(Text(f"{key!r} is not a key here. {prompt}", style="yellow"))

    def _history(self, hand: _Hand) -> None:
        me = hand.chairs.index(self.you)
        # Shown at the table, so the person is "You", as on the table and in `stud history show`.
        text = text_history(
            hand.state, names=self._names(hand), seat=me, title=f"Hand {hand.number}", you=me
        )
        self.console.print(Text(text.rstrip("\n")))

    # -- drawing ------------------------------------------------------------------

    def _names(self, hand: _Hand, *, history: bool = False) -> list[str]:
        """Names per seat of the hand: "You" at the table, ``history_name`` in histories."""
        return [
            self.history_name if history and c == self.you else self.players[c].name
            for c in hand.chairs
        ]

    def _draw(self, hand: _Hand) -> None:
        me = hand.chairs.index(self.you)
        self.keys.drop_typeahead()
        if self.console.is_terminal:
            self.console.clear()
        else:  # a transcript: a plain line between screens, safe in any encoding
            self.console.print(Text("-" * min(self.console.width, 80), style="dim"))
        self.console.print(
            render_table(
                view_of(hand.state, me),
                names=self._names(hand),
                seat_numbers=self._seat_numbers(hand.chairs),
                hand_number=hand.number,
                look=self.look,
            )
        )

    def _seat_numbers(self, chairs: Sequence[int]) -> list[int]:
        """Chairs at a table of the session's own; seats in turn at a tournament's
        table, where players come and go (R10.3) and chairs are entrants."""
        if self.tournament is not None and len(self.tournament.tables) > 1:
            return list(range(1, len(chairs) + 1))
        return [c + 1 for c in chairs]

    def _say(self, message: str, style: str = "") -> None:
        self.console.print(Text(message, style=style))
