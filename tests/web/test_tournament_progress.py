"""Where a tournament stands, stored and read back: the same tournament, seating,
round and results (what a restart resumes from, R10)."""

from __future__ import annotations

import json

from stud.tournament.event import Tournament
from stud.web.tournament import tournament_config, tournament_spec
from stud.web.tournament_progress import Progress, read_progress

SPEC = {"game": "mixed", "players": 9, "buy_in": 100, "stack": 60, "ante": 1, "small_bet": 4}


def test_progress_read_back_is_the_progress_stored() -> None:
    config = tournament_config(tournament_spec({**SPEC, "level_length": 2, "clock": "hands"}))
    tournament = Tournament.start(config)
    due = tournament.deal()
    first = due[0]
    # Each table's first player takes one chip from every other (the chips stay).
    finals = [
        (h.stacks[0] + len(h.stacks) - 1, *(stack - 1 for stack in h.stacks[1:])) for h in due
    ]
    after = tournament.record(list(zip(due, finals, strict=True)))
    seating = {p: (t, s) for t, players in enumerate(after.tables) for s, p in enumerate(players)}
    progress = Progress(
        after,
        started=1_700_000_000.5,
        level=first.level,
        rules=first.rules,
        seating=seating,
        round={h.table: h for h in due},
        results={due[0].table: finals[0]},
    )
    stored = json.loads(json.dumps(progress.stored()))  # as the database keeps it
    again = read_progress(config, stored)
    assert again == progress
    assert again.stored() == progress.stored()


def test_progress_stored_before_tables_and_rounds_reads_as_one_table() -> None:
    config = tournament_config(tournament_spec({**SPEC, "players": 4}))
    stored = {
        "stacks": [60, 0, 120, 60],
        "rounds": 3,
        "hands": 3,
        "finishes": [[1, 4, 0, 1, 2]],
        "started": 0.0,
        "level": 0,
        "game": "stud",
    }
    progress = read_progress(config, stored)
    assert progress.tournament.tables == ((0, 2, 3),)
    assert dict(progress.seating) == {0: (0, 0), 2: (0, 2), 3: (0, 3)}
    assert (dict(progress.round), dict(progress.results)) == ({}, {})
