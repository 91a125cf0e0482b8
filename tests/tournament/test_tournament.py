"""Tournaments (R10): levels, places, prizes, tables, and replaying from the hands."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stud.rules import Rules, Variant
from stud.tournament.event import Tournament, TournamentConfig, replay_tournament
from stud.tournament.places import places_of_the_out
from stud.tournament.run import play_tournament
from stud.tournament.structure import Clock, Level, Structure, TournamentError, prize_table
from stud.tournament.tables import balance

LEVELS = (Level(1, 2, 5, 10, 10), Level(2, 4, 10, 20, 10), Level(5, 10, 25, 50, 10))
BOTS = ["tight", "equity", "station", "random"]


def config(
    players: int = 4,
    *,
    structure: Structure | None = None,
    table_size: int = 8,
    payouts: tuple[float, ...] = (65.0, 35.0),
    buy_in: int = 100,
) -> TournamentConfig:
    return TournamentConfig(
        players, 200, structure or Structure(LEVELS), buy_in, payouts, table_size
    )


def test_r10_1_everyone_starts_with_the_same_stack_at_the_first_level() -> None:
    tournament = Tournament.start(config(4))
    assert tournament.stacks == (200, 200, 200, 200)
    (hand,) = tournament.deal()
    assert hand.rules == Rules(Variant.STUD, ante=1, bring_in=2, small_bet=5, big_bet=10)


def test_r10_1_levels_change_between_hands_never_during_one() -> None:
    # Levels of 10 minutes; each round of hands takes 3: hands start at minutes 0, 3,
    # 6, 9 (the hand at 9 is still played at level 1 when the clock passes 10), 12...
    timed = Structure(LEVELS, clock=Clock.MINUTES)
    played = play_tournament(config(4, structure=timed), BOTS, seed=5, minutes_per_hand=3.0)
    assert len(played.hands) > 8
    for state, minute in zip(played.hands, played.minutes, strict=False):
        level = LEVELS[min(int(minute // 10), len(LEVELS) - 1)]
        assert state.rules.small_bet == level.small_bet, minute
    stakes = [s.rules.stakes for s in played.hands]
    assert stakes[3] == "1/2/5/10"
    assert stakes[4] == "2/4/10/20"
    # And by hands: a level of 10 hands changes at the eleventh.
    by_hands = play_tournament(config(4), BOTS, seed=5)
    assert {s.rules.stakes for s in by_hands.hands[:10]} == {"1/2/5/10"}
    assert by_hands.hands[10].rules.stakes == "2/4/10/20"


def test_r10_2_two_players_out_in_one_hand_finish_by_their_stacks_before_it() -> None:
    start = Tournament.start(config(4, payouts=(50.0, 30.0, 20.0)))
    # Seat order 0..3; players 1 and 2 bust in one hand, player 2 from the larger stack.
    before = Tournament(start.config, (100, 200, 300, 200), start.tables)
    (hand,) = before.deal()
    after = before.record([(hand, (700, 0, 0, 100))])
    places = {f.player: (f.place, f.prize) for f in after.finishes}
    assert places == {2: (3, 80), 1: (4, 0)}  # third: 20% of the pool of 4 x 100
    assert after.still_in == (0, 3)


def test_r10_2_equal_stacks_share_the_places_and_their_prizes() -> None:
    finishes = places_of_the_out([1, 3], {1: 400, 3: 400}, 2, [400, 240, 161])
    assert [(f.player, f.place, f.shared, f.prize) for f in finishes] == [
        (1, 3, 2, 81),  # 161 + 0 shared: the odd unit to the first in seat order
        (3, 3, 2, 80),
    ]


def test_r10_3_tables_merge_when_the_players_fit_at_fewer() -> None:
    tables, moves = balance([(0, 1, 2), (3, 4), (5, 6, 7)], table_size=4)
    assert sorted(len(t) for t in tables) == [0, 4, 4]
    assert tables[1] == ()  # the table with the fewest players broke
    assert {m.player for m in moves} == {3, 4}


@given(
    sizes=st.lists(st.integers(min_value=0, max_value=8), min_size=1, max_size=6),
    table_size=st.integers(min_value=2, max_value=8),
)
def test_r10_3_balancing_keeps_tables_within_one_seat(sizes: list[int], table_size: int) -> None:
    sizes = [min(s, table_size) for s in sizes]
    if sum(sizes) == 0:
        return
    numbered = iter(range(1000))
    tables = [[next(numbered) for _ in range(s)] for s in sizes]
    balanced, moves = balance(tables, table_size)
    seated = [len(t) for t in balanced if t]
    assert max(seated) - min(seated) <= 1
    assert max(seated) <= table_size
    assert len(seated) == -(-sum(sizes) // table_size)
    assert sorted(p for t in balanced for p in t) == sorted(p for t in tables for p in t)
    assert len({m.player for m in moves}) == len(moves)  # nobody moves twice


@pytest.mark.parametrize(("players", "table_size"), [(6, 8), (13, 5)])
def test_chips_and_prize_money_are_conserved(players: int, table_size: int) -> None:
    cfg = config(players, table_size=table_size, payouts=(50.0, 30.0, 20.0), buy_in=33)
    played = play_tournament(cfg, [BOTS[i % 4] for i in range(players)], seed=players)
    final = played.tournament
    rebuilt = Tournament.start(cfg)
    for state in played.hands:
        assert sum(state.final_stacks) == sum(state.starting_stacks)
    assert sum(final.stacks) == players * 200 == sum(rebuilt.stacks)
    assert sum(f.prize for f in final.finishes) == cfg.prize_pool == players * 33
    places = sorted(p for f in final.finishes for p in range(f.place, f.place + f.shared))
    assert places == list(range(1, players + 1))
    assert sorted(f.player for f in final.finishes) == list(range(players))


def test_a_tournament_replays_from_its_hands() -> None:
    cfg = config(11, table_size=4, payouts=(60.0, 40.0))
    played = play_tournament(cfg, [BOTS[i % 4] for i in range(11)], seed=3)
    replayed = replay_tournament(cfg, played.hands)
    assert replayed == played.tournament
    assert replayed.moves  # tables were balanced and merged on the way
    with pytest.raises(TournamentError, match="hand 1: dealt at"):
        replay_tournament(cfg, played.hands[:1] + played.hands[2:])


def test_a_mixed_event_rotates_its_games() -> None:
    mixed = Structure(LEVELS, games=(Variant.STUD, Variant.RAZZ, Variant.STUD8), hands_per_game=2)
    assert [mixed.game(h).value for h in range(7)] == [
        "stud",
        "stud",
        "razz",
        "razz",
        "stud8",
        "stud8",
        "stud",
    ]
    played = play_tournament(config(3, structure=mixed), BOTS[:3], seed=1)
    assert {s.rules.variant for s in played.hands} == set(mixed.games)


def test_prize_tables_add_up_to_the_pool() -> None:
    assert prize_table(1000, [50, 30, 20]) == (500, 300, 200)
    assert prize_table(101, [50, 30, 20]) == (51, 30, 20)
    with pytest.raises(TournamentError, match="more than 100"):
        prize_table(100, [60, 50])


def test_bad_set_ups_are_refused() -> None:
    with pytest.raises(TournamentError, match="two players or more"):
        config(1)
    with pytest.raises(TournamentError, match="level 1"):
        Structure((Level(5, 2, 5, 10, 10),))
    with pytest.raises(TournamentError, match="2 to 8"):
        config(4, table_size=9)


def test_r10_1_doubling_levels_double_every_stake_bring_in_included() -> None:
    """R10.1: the one doubling builder (the lobby's and ``stud sim --tournament``'s)."""
    stakes = [
        (lv.ante, lv.bring_in, lv.small_bet, lv.big_bet)
        for lv in Structure.doubling(1, 2, 10, 4).levels
    ]
    assert stakes == [(1, 1, 2, 4), (2, 2, 4, 8), (4, 4, 8, 16), (8, 8, 16, 32)]
    lobby = Structure.doubling(1, 4, 10, 3).levels
    assert [lv.bring_in for lv in lobby] == [2, 4, 8]
    given_bring_in = Structure.doubling(1, 5, 10, 3, bring_in=3, big_bet=10).levels
    assert [lv.bring_in for lv in given_bring_in] == [3, 6, 12]
    assert [lv.big_bet for lv in given_bring_in] == [10, 20, 40]


def test_r10_1_the_command_line_doubles_its_stakes_with_the_same_builder() -> None:
    """R10.1: ``--stakes`` is the first level; each next one doubles all four stakes."""
    from stud.cli.tournament import TournamentOptions  # noqa: PLC0415 (the command's set-up)

    made = TournamentOptions().config(Rules.from_stakes("1/3/5/10"), 4, None).structure
    assert made.levels[:3] == Structure.doubling(1, 5, 10, 3, bring_in=3, big_bet=10).levels
    assert [lv.bring_in for lv in made.levels[:4]] == [3, 6, 12, 24]


def test_r10_2_places_are_said_as_ordinals() -> None:
    """R10.2: the one way places are written, in the cardroom and at the terminal."""
    from stud.tournament.places import ordinal  # noqa: PLC0415

    numbers = (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 113, 121)
    said = " ".join(ordinal(n) for n in numbers)
    assert said == "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 101st 111th 112th 113th 121st"
