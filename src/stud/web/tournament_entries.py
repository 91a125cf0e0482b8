"""A cardroom tournament's entries: who may register, the bots that fill the seats
left, and the seat each entrant is given at the tables. The entries decide; the
director (``stud.web.tournament``) stores each one and tells the tables."""

from __future__ import annotations

from collections.abc import Sequence

from stud.bots import BOTS, make_bot
from stud.storage.schema import EntryRow
from stud.web.protocol import ProtocolError
from stud.web.seat import Seat

__all__ = ["Entries", "check_open"]


def check_open(state: str, account: int | None) -> int:
    """The account registering or unregistering, once it may: raises
    ``ProtocolError`` (to that client only) for nobody signed in, or a tournament
    no longer registering."""
    if account is None:
        raise ProtocolError("sign in or play as a guest to register")
    if state != "registering":
        when = "is over" if state == "over" else "is full and has started"
        raise ProtocolError(f"registration is closed: the tournament {when}")
    return account


class Entries:
    """The entrants of one tournament of ``players``, in seat order (an entry's seat is
    its player in ``stud.tournament``); bots named after ``bot`` fill the seats left
    once a person registers, if the creator asked for them (``fill``)."""

    def __init__(self, players: int, fill: bool, bot: str, bank: float) -> None:
        self.players = players
        self.fill = fill
        self.bot = bot
        self.bank = bank
        """The time bank each entrant sits down with, in seconds."""
        self.rows: list[EntryRow] = []
        self.seqs: dict[int, int] = {}
        """Each person's last applied ``seq`` as stored, by account (a restart's)."""

    def bots_wanted(self) -> list[str]:
        """The bots that take the seats left, by name (none until a person registers,
        nor unless the creator asked for them)."""
        if not (self.fill and any(e.bot is None for e in self.rows)):
            return []
        label = self.bot.capitalize() if self.bot in BOTS else "House"
        free = sorted(set(range(self.players)) - {e.seat for e in self.rows})
        return [f"{label} bot {seat + 1}" for seat in free]

    def add(self, entries: Sequence[EntryRow]) -> bool:
        """These entries are stored: they are in. Whether that filled the tournament."""
        self.rows = sorted([*self.rows, *entries], key=lambda e: e.seat)
        return len(self.rows) >= self.players

    def remove(self, account: int) -> list[EntryRow]:
        """The person of ``account`` unregistered (stored): their entries, gone."""
        gone = [e for e in self.rows if e.account_id == account and e.bot is None]
        self.rows = [e for e in self.rows if e not in gone]
        return gone

    def player_of(self, account: int) -> int | None:
        """The tournament's player a person entered as."""
        for entry in self.rows:
            if entry.bot is None and entry.account_id == account:
                return entry.seat
        return None

    def names(self) -> dict[int, str]:
        """Each player's name."""
        return {e.seat: e.name for e in self.rows}

    def seat_for(self, entry: EntryRow, stack: int) -> Seat:
        """The seat an entrant takes at a table with ``stack`` chips; a person's
        restored with their last ``seq``."""
        bot = make_bot(entry.bot) if entry.bot else None
        return Seat(
            account=entry.account_id,
            name=entry.name,
            stack=stack,
            bot=bot,
            bot_name=entry.bot,
            last_seq=0 if bot else self.seqs.get(entry.account_id, 0),
            bank=self.bank,
        )
