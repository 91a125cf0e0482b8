"""What a player downloads of a hand: their chair's view, others' hidden cards as ``??``."""

from __future__ import annotations

from hands import NAMES
from hands import played as _played

from stud.actions import HandShown
from stud.history.phh import parse_phh, replay
from stud.state import Phase
from stud.web.history import seat_phh, seat_text


def test_r8_4_a_download_masks_the_down_cards_its_player_never_saw() -> None:
    state = _played(fold_out=True)
    assert state.phase is Phase.OVER
    for seat in range(3):
        text = seat_phh(state, NAMES, seat)
        for other in range(3):
            for card in state.down[other]:
                assert (str(card) in text) == (other == seat)
        # The masked file still replays to the same result.
        again = replay(parse_phh(text))
        assert again.final_stacks == state.final_stacks


def test_cards_shown_at_showdown_stay_in_every_download() -> None:
    state = _played(fold_out=False)
    shown = [e for e in state.events if isinstance(e, HandShown)]
    assert len(shown) >= 2
    text = seat_phh(state, NAMES, 0)
    for event in shown:
        assert all(str(card) in text for card in event.cards)
    assert "Bob" in seat_text(state, NAMES, 0, "Hand 1", [0, 1, 2])


def test_a_download_numbers_each_player_by_the_table_seat_they_sat_in() -> None:
    state = _played(fold_out=True)
    text = seat_text(state, NAMES, 0, "Hand 1", [1, 4, 5])
    for name, seat in zip(NAMES, (2, 5, 6), strict=True):
        assert f"Seat {seat}: {name} (" in text
    assert "Seat 1:" not in text
