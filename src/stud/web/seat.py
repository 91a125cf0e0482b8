"""A seat at a table between and during hands: who sits there, their stack, their time
bank, whether they sit out or are leaving, and what viewers were last told of it."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from stud.bots import Bot
from stud.web.projection import SeatInfo
from stud.web.settings import Settings

__all__ = ["Seat"]


_SITTINGS = itertools.count(1)
"""Sittings are numbered from 1 in a process (0 is a replay's)."""


@dataclass(slots=True)
class Seat:
    """A player or bot sitting at a table: stack, clocks, connection and leave."""

    account: int
    name: str
    stack: int
    bot: Bot | None = None
    bot_name: str | None = None
    sitting_out: bool = False
    missed: int = 0
    last_seq: int = 0
    bank: float = 0.0
    leaving: bool = False
    viewers: int = 0
    dropped_at: float | None = None
    hands: int = 0
    """Hands dealt to this seat: every ``Settings.bank_every`` adds to its time bank."""
    muck_losing: bool = True
    """The showdown mucks this seat's hand once it can win nothing (``stud.showdown``)."""
    info: SeatInfo | None = field(default=None, compare=False, repr=False)
    """What the last published moment told of this seat, kept while it still holds."""
    sitting: int = field(default_factory=lambda: next(_SITTINGS))
    """This sitting's number (``SeatInfo.sitting``): the hands dealt to it are its own,
    wherever a tournament moves it; whoever sits in its seat after it is another."""

    def deadline(self, turn_start: float, settings: Settings) -> float | None:
        """When this seat's turn, begun at ``turn_start``, times out: the turn clock and
        then the time bank. A bot's turn has none (it acts after ``bot_delay``)."""
        if self.bot is not None:
            return None
        return turn_start + settings.turn_time + self.bank

    def spend(self, used: float, settings: Settings) -> None:
        """An action after ``used`` seconds: what went past the turn clock came out of
        the time bank."""
        self.bank = max(0.0, self.bank - max(0.0, used - settings.turn_time))

    def dealt_a_hand(self, settings: Settings) -> None:
        """One more hand dealt to a person: every ``bank_every`` hands the time bank
        grows by ``bank_add``, up to ``bank_cap``."""
        if self.bot is not None:
            return
        self.hands += 1
        every, add, cap = settings.bank_every, settings.bank_add, settings.bank_cap
        if every > 0 and self.hands % every == 0:
            self.bank = max(self.bank, min(cap, self.bank + add))

    def sit_in(self, settings: Settings) -> None:
        """Back from sitting out: dealt in again, with at least a full time bank."""
        self.sitting_out, self.missed = False, 0
        self.bank = max(self.bank, settings.time_bank)

    def seat_info(self) -> SeatInfo:
        """What every viewer may know of this seat now: the last moment's, if the same
        (a moment shares its unchanged seats with the one before)."""
        info, bot, connected = (
            self.info,
            self.bot is not None,
            self.bot is not None or self.viewers > 0,
        )
        if (
            info is None
            or info.stack != self.stack
            or info.sitting_out != self.sitting_out
            or info.connected != connected
            or info.name != self.name
            or info.account != self.account
            or info.bot != bot
            or info.sitting != self.sitting
        ):
            info = self.info = SeatInfo(
                name=self.name,
                stack=self.stack,
                bot=bot,
                sitting_out=self.sitting_out,
                connected=connected,
                account=self.account,
                sitting=self.sitting,
            )
        return info
