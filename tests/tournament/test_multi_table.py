"""Multi-table tournaments round by round: balancing and merging (R10.3), places (R10.2),
and mixed games that turn with the levels (R10.1)."""

from __future__ import annotations

import random

from stud.bots import make_bot
from stud.rules import Variant
from stud.sim.hand import play_hand
from stud.tournament.event import Tournament, TournamentConfig
from stud.tournament.structure import Clock, Level, Structure

LEVELS = (Level(1, 2, 5, 10, 6), Level(2, 4, 10, 20, 6), Level(5, 10, 25, 50, 6))
BOTS = ["tight", "equity", "station", "random"]


def test_r10_3_and_r10_2_a_multi_table_tournament_round_by_round() -> None:
    players, table_size = 14, 4
    config = TournamentConfig(
        players, 150, Structure.doubling(1, 5, 6), payouts=(50.0, 30.0, 20.0), table_size=4
    )
    bots = [make_bot(BOTS[i % len(BOTS)]) for i in range(players)]
    tournament = Tournament.start(config)
    assert [len(t) for t in tournament.tables] == [4, 4, 3, 3]
    rng = random.Random(14)
    round_of: dict[int, int] = {}  # hand number -> round
    stacks_before: dict[int, int] = {}  # each player out: the stack they started that hand with
    merges = 0
    while not tournament.is_over:
        results = []
        for due in tournament.deal():
            state = play_hand(due.rules, due.stacks, [bots[p] for p in due.players], rng)
            results.append((due, state.final_stacks))
            round_of[due.number] = tournament.rounds
            for player, start, chips in zip(
                due.players, due.stacks, state.final_stacks, strict=True
            ):
                if chips == 0:
                    stacks_before[player] = start
        tables_before = sum(1 for t in tournament.tables if t)
        tournament = tournament.record(results)
        seated = [len(t) for t in tournament.tables if t]
        merges += len(seated) < tables_before
        # Within one seat of each other, at as few tables as the players fit (R10.3).
        assert max(seated) - min(seated) <= 1
        assert len(seated) == -(-len(tournament.still_in) // table_size)
        assert sorted(p for t in tournament.tables for p in t) == list(tournament.still_in)
        assert sum(tournament.stacks) == players * 150
    assert merges == 3  # four tables down to a final one
    finishes = {f.player: f for f in tournament.finishes}
    assert sorted(finishes) == list(range(players))
    assert sum(f.prize for f in finishes.values()) == config.prize_pool
    (winner,) = tournament.still_in
    assert finishes[winner].place == 1
    assert tournament.stacks[winner] == players * 150
    # R10.2: out in a later round finishes higher; out in the same round (the hands of a
    # round are dealt at once), the larger stack at its start finishes higher, and equal
    # stacks share.
    out = [f for f in finishes.values() if f.player != winner]
    assert sorted(stacks_before) == sorted(f.player for f in out)
    went = {f.player: round_of[f.hand] for f in out if f.hand is not None}
    for a in out:
        for b in out:
            if went[a.player] < went[b.player]:
                assert a.place > b.place
            elif went[a.player] == went[b.player]:
                if stacks_before[a.player] > stacks_before[b.player]:
                    assert a.place < b.place
                elif stacks_before[a.player] == stacks_before[b.player]:
                    assert a.place == b.place


def test_r10_1_a_mixed_event_plays_each_level_at_its_own_game() -> None:
    games = (Variant.STUD, Variant.RAZZ, Variant.STUD8)
    by_hands = Structure(LEVELS, games=games, game_per_level=True)
    assert [by_hands.game(h) for h in (0, 5, 6, 11, 12, 17)] == [
        Variant.STUD,
        Variant.STUD,
        Variant.RAZZ,
        Variant.RAZZ,
        Variant.STUD8,
        Variant.STUD8,
    ]
    # The last level lasts for ever; its games go on turning, a level's length each.
    assert [by_hands.game(h) for h in (18, 24, 30)] == [Variant.STUD, Variant.RAZZ, Variant.STUD8]
    by_minutes = Structure(LEVELS, Clock.MINUTES, games, game_per_level=True)
    assert by_minutes.game(100, minutes=5.9) is Variant.STUD
    assert by_minutes.game(0, minutes=6.0) is Variant.RAZZ
    assert by_minutes.rules(0, minutes=13.0).variant is Variant.STUD8
    assert by_minutes.rules(0, minutes=13.0).stakes == "5/10/25/50"
    # Dealt by a tournament: the game and the stakes change together.
    config = TournamentConfig(3, 200, by_hands)
    hands = Tournament.start(config)
    seen = set()
    while hands.rounds < 18 and not hands.is_over:
        (due,) = hands.deal()
        seen.add((due.level, due.rules.variant))
        hands = hands.record([(due, due.stacks)])  # nobody wins or loses: levels only
    assert seen == {(0, Variant.STUD), (1, Variant.RAZZ), (2, Variant.STUD8)}


def test_r10_2_players_out_at_two_tables_in_one_round_finish_by_their_stacks() -> None:
    config = TournamentConfig(6, 100, Structure(LEVELS), payouts=(50.0, 30.0, 20.0), table_size=3)
    seated = Tournament.start(config).tables
    assert seated == ((0, 2, 4), (1, 3, 5))
    tournament = Tournament(config, (100, 50, 300, 100, 100, 150), seated)
    first, second = tournament.deal()
    after = tournament.record([(first, (0, 400, 100)), (second, (0, 150, 150))])
    # Player 0 went out at the first table from 100 chips, player 1 at the second from
    # 50, in the same round: the larger stack finishes higher, whatever the table.
    places = {f.player: (f.place, f.hand) for f in after.finishes}
    assert places == {0: (5, first.number), 1: (6, second.number)}
