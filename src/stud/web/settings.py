"""A table's clocks and pace: the turn clock, the time bank and how it grows, the pause
between hands, how long an absent player keeps a seat, chat's pace and the bot."""

from __future__ import annotations

from dataclasses import dataclass

from stud.bots import BOTS

__all__ = ["Settings"]


@dataclass(frozen=True, slots=True)
class Settings:
    """A table's clocks and pace, in seconds (tests shorten them)."""

    turn_time: float = 20.0
    time_bank: float = 30.0
    bank_add: float = 5.0
    """Seconds added to a player's time bank every ``bank_every`` hands they are dealt."""
    bank_every: int = 10
    bank_cap: float = 60.0
    """The most a time bank grows to by those additions."""
    bot_delay: float = 0.6
    hand_pause: float = 3.0
    keep_seat: float = 60.0
    """How long a dropped player keeps being dealt in."""
    missed_hands: int = 5
    """Hands sat out before the seat is given up."""
    chat_every: float = 1.0
    chat_burst: int = 5
    bot: str = "tight"
    """The bot that takes empty seats: a built-in name, or a spec the operator gave
    (``stud serve --bot ./mybot.py:MyBot``)."""

    @property
    def offered_bots(self) -> tuple[str, ...]:
        """The bots a client may add: the built-in ones and the server's own."""
        return (*sorted(BOTS), *(() if self.bot in BOTS else (self.bot,)))
