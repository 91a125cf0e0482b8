"""R9 the house's rake (stakes 1/2/10/20 unless a test says otherwise)."""

import pytest

from helpers import awards, call_down, deal, later_streets, play, show_all, showdown, table
from stud.actions import RakeTaken
from stud.cards import parse_cards
from stud.history import phh
from stud.history.phh import parse_phh, to_phh
from stud.history.text import text_history
from stud.rules import Rules, RulesError
from stud.state import HandState

HANDS = {
    0: "As Ad Qh 8d 8h 5c 5s",  # aces up
    1: "Kc Kd Jc 7c 7h 4c 2s",  # kings up
    2: "2c 3d 2h Jd Js 6h Th",  # jacks up
}


def raked(state: HandState) -> list[tuple[int, int]]:
    """The ``(pot, chips)`` of each ``RakeTaken`` event."""
    return [(e.pot, e.amount) for e in state.events if isinstance(e, RakeTaken)]


def test_r9_1_no_rake_by_default() -> None:
    state = showdown("stud", [100] * 3, HANDS)
    assert state.rake == 0
    assert raked(state) == []
    assert sum(state.final_stacks) == 300


def test_r9_1_the_rake_is_a_share_of_the_pot_rounded_down() -> None:
    # Antes of 10 and bring-ins of 20 from three players: a pot of 90; 5% is 4.5.
    state = showdown("stud", [1000] * 3, HANDS, stakes="10/20/50/100", rake_permille=50)
    assert state.rake == 4
    assert raked(state) == [(0, 4)]
    assert awards(state) == [(0, 86, 0, "whole")]
    assert sum(state.final_stacks) + state.rake == 3000  # R9.4


def test_r9_1_fractions_of_a_percent_stay_exact() -> None:
    # 2.5% of 90 is 2.25: two chips.
    state = showdown("stud", [1000] * 3, HANDS, stakes="10/20/50/100", rake_permille=25)
    assert state.rake == 2


def test_r9_1_the_rake_stops_at_the_cap() -> None:
    state = showdown("stud", [100] * 3, HANDS, rake_permille=500, rake_cap=3)
    assert state.rake == 3
    assert awards(state) == [(0, 6, 0, "whole")]


def test_r9_2_no_rake_when_the_hand_ends_on_third_street() -> None:
    state = table(
        "stud", [100] * 3, {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h"}, rake_permille=500
    )
    state = play(state, "2 bring", "0 complete 10", "1 fold", "2 fold")
    assert state.is_over
    assert state.rake == 0
    assert raked(state) == []
    assert state.final_stacks == (104, 99, 97)


def test_r9_2_an_uncalled_bet_returned_is_never_raked() -> None:
    state = table(
        "stud", [100] * 3, {0: "Kc Kd Qh", 1: "As Ad Jc", 2: "4c 4d 2h"}, rake_permille=500
    )
    state = deal(call_down(state), {0: "5s", 1: "6s", 2: "7d"})
    state = play(state, "0 bet 10", "1 fold", "2 fold")
    # The pot is 9 once the bet of 10 is back: half of 9 is 4 (half of 19 would be 9).
    assert state.rake == 4
    assert raked(state) == [(0, 4)]
    assert state.final_stacks == (97 + 5, 97, 97)


def side_pot_hand() -> HandState:
    """R6.3's hand: a main pot of 18 (aces up) and a side pot of 28 (kings up), raked
    at half, capped at 20."""
    state = table(
        "stud",
        [6, 20, 100],
        {s: h[:8] for s, h in HANDS.items()},
        rake_permille=500,
        rake_cap=20,
    )
    state = play(state, "2 bring", "0 complete 5", "1 complete 10", "2 call")
    state = deal(state, {0: "8d", 1: "7c", 2: "Jd"})
    state = play(state, "1 bet 9", "2 call")
    state = later_streets(state, {s: parse_cards(h) for s, h in HANDS.items()}, first=5)
    return show_all(state)


def test_r9_3_the_rake_empties_the_main_pot_before_the_side_pot() -> None:
    # Half of 46 capped at 20 takes all 18 of the main pot and 2 of the side pot.
    state = side_pot_hand()
    assert raked(state) == [(0, 18), (1, 2)]
    assert awards(state) == [(1, 26, 1, "whole")]
    assert state.final_stacks == (0, 26, 80)
    assert sum(state.final_stacks) + state.rake == 126  # R9.4


def test_r9_4_a_raked_hand_records_its_rake_and_replays_from_phh() -> None:
    state = side_pot_hand()
    text = to_phh(state)
    for line in ("_rake_permille = 500", "_rake_cap = 20", "_rake = 20"):
        assert line in text.splitlines()
    hand = parse_phh(text)
    assert hand.rules == state.rules
    again = phh.replay(hand)
    assert again.final_stacks == state.final_stacks == hand.finishing_stacks
    assert again.rake == 20
    assert again.events == state.events


@pytest.mark.parametrize(
    ("text", "permille", "cap"),
    [("5%:3", 50, 3), ("2.5%", 25, 0), ("10", 100, 0), (" 0.5% : 1 ", 5, 1), ("0%", 0, 0)],
)
def test_r9_1_a_rake_is_read_as_percent_and_cap(text: str, permille: int, cap: int) -> None:
    rules = Rules().with_rake(text)
    assert (rules.rake_permille, rules.rake_cap) == (permille, cap)


def test_r9_1_a_rake_is_written_as_it_is_read() -> None:
    for text in ("5%:3", "2.5%", "10%"):
        assert Rules().with_rake(text).rake == text
    assert Rules().rake == ""


@pytest.mark.parametrize(
    "text", ["", "%", "five", "5%%", "2.25%", "5.", "-5", "5:x", "5:-1", "5%:3:4"]
)
def test_r9_1_a_rake_that_cannot_be_read_is_refused(text: str) -> None:
    with pytest.raises(RulesError, match="percentage"):
        Rules().with_rake(text)


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"rake_permille": 1001}, "more than the pot"),
        ({"rake_permille": -1}, "cannot be negative"),
        ({"rake_cap": -2}, "cannot be negative"),
        ({"rake_permille": 2.5}, "whole number"),
    ],
)
def test_r9_1_an_impossible_rake_is_refused(options: dict[str, object], reason: str) -> None:
    with pytest.raises(RulesError, match=reason):
        Rules(**options)  # type: ignore[arg-type]


def test_r9_4_the_text_history_says_what_the_house_took() -> None:
    lines = text_history(side_pot_hand()).splitlines()
    assert "Total pot 46 | Rake 20" in lines
    assert "Total pot 9" in text_history(showdown("stud", [100] * 3, HANDS)).splitlines()
