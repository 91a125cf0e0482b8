"""A cardroom tournament's rounds and entries decide as values, with no store: a hand
that ends changes nothing until it is stored (``Rounds.take``), the round's last hand
records the round (R10.2 places and prizes), and bots fill only once a person is in."""

from __future__ import annotations

from stud.storage.schema import EntryRow
from stud.web.tournament import tournament_config, tournament_spec
from stud.web.tournament_entries import Entries
from stud.web.tournament_rounds import Rounds

SPEC = {"players": 2, "payouts": "100", "stack": 50, "buy_in": 10}


def test_r10_a_hand_that_ends_changes_the_rounds_only_once_it_is_taken() -> None:
    config = tournament_config(tournament_spec(SPEC))
    rounds = Rounds(config)
    rounds.begin(now=1_000.0)
    assert rounds.seating == {0: (0, 0), 1: (0, 1)}
    dealt = rounds.deal(now=1_000.0)
    assert dealt is not None
    assert dealt.progress == rounds.progress()
    hand = rounds.round[0]
    # Player 0 wins every chip: the round's only hand ends the tournament.
    ended = rounds.hand_ended(0, (100, 0))
    assert ended.over
    assert ended.after is not None
    assert ended.prizes == {1: 0, 0: config.prize_pool}
    assert rounds.round == {0: hand}  # nothing changed before the hand is stored
    assert rounds.stacks() == [50, 50]
    rounds.take(ended)
    assert rounds.round == {}
    assert rounds.stacks() == [100, 0]
    assert [f.place for f in rounds.fresh_finishes()] == [2, 1]
    assert rounds.fresh_finishes() == ()  # told once
    assert rounds.deal(now=1_000.0) is None


def test_bots_fill_the_seats_left_only_once_a_person_is_in() -> None:
    entries = Entries(players=3, fill=True, bot="station", bank=30.0)
    assert entries.bots_wanted() == []
    ann = EntryRow(tournament_id=1, seat=1, account_id=7, name="Ann", bot=None)
    assert not entries.add([ann])
    assert entries.bots_wanted() == ["Station bot 1", "Station bot 3"]
    assert entries.player_of(7) == 1
    seat = entries.seat_for(ann, 50)
    assert (seat.name, seat.stack, seat.bot) == ("Ann", 50, None)
    assert entries.remove(7) == [ann]
    assert entries.player_of(7) is None
