"""A tournament session whose levels last minutes: the level is read from the clock
the session is given when each hand is dealt (R10.1)."""

from __future__ import annotations

import io
import random

from rich.console import Console

from stud.bots import make_bot
from stud.cli.keys import LineKeys
from stud.cli.session import Player, TableSession
from stud.cli.table import look_of
from stud.rules import Rules
from stud.storage import MemoryHandStore, StoredHand
from stud.tournament.event import Tournament, TournamentConfig
from stud.tournament.structure import Clock, Level, Structure

LEVELS = (Level(1, 1, 5, 10, 10), Level(2, 2, 10, 20, 10), Level(4, 4, 20, 40, 10))


def test_r10_1_levels_timed_in_minutes_change_at_the_next_hand() -> None:
    config = TournamentConfig(3, 2000, Structure(LEVELS, Clock.MINUTES), payouts=(100.0,))
    console = Console(file=io.StringIO(), width=120)
    store = MemoryHandStore()
    players = [Player("You", 2000)] + [
        Player(f"Station {i}", 2000, make_bot("station")) for i in (2, 3)
    ]
    session = TableSession(
        rules=Rules(),
        players=players,
        rng=random.Random(4),
        console=console,
        keys=LineKeys(io.StringIO("c\nk\n" * 12 + "\n" + ("c\nk\n" * 12 + "\n") * 5 + "q\n")),
        store=store,
        look=look_of(console),
        tournament=Tournament.start(config),
        # A clock that moves four minutes a hand: hands dealt at 0, 4, 8, 12, 16, 20...
        minutes=lambda: 4.0 * session.result.hands,
    )
    result = session.run()
    assert result.hands == 7  # six, and the seventh where q folds and leaves
    hands = sorted(
        (h for h in store.recent() if isinstance(h, StoredHand)), key=lambda h: h.record.number
    )
    assert [h.record.stakes for h in hands] == [
        "1/1/5/10",
        "1/1/5/10",
        "1/1/5/10",
        "2/2/10/20",
        "2/2/10/20",
        "4/4/20/40",
        "4/4/20/40",
    ]
    assert "Next hand: level 2, stakes 2/2/10/20." in console.file.getvalue()
