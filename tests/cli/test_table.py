"""The terminal table: keys for the legal actions, and what the screen may show."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from helpers import deal, play, table
from stud.actions import Bet, BringIn, Call, Check, Complete, Fold, Raise
from stud.cli.choices import choices, resolve
from stud.cli.table import Look, look_of, pot_line, render_table
from stud.state import HandState
from stud.views import PlayerView, view_of

STAKES = "1/1/5/10"
PLAIN = Look(fancy=False)
FANCY = Look(fancy=True)


def keys(view: PlayerView) -> dict[str, str]:
    return {c.key: c.label for c in choices(view)}


def fourth_street(variant: str) -> HandState:
    """Seat 0 shows a pair of nines on fourth street and acts first."""
    state = table(variant, [100, 100], {0: "2c 3d 9s", 1: "4h 5s Kd"}, stakes=STAKES)
    state = play(state, "0 bring", "1 call")
    return deal(state, {0: "9h", 1: "2d"})


def test_r5_5_open_pair_in_stud_gives_a_key_to_each_bet_size() -> None:
    view = view_of(fourth_street("stud"), 0)
    assert keys(view) == {"k": "check", "b": "bet 5", "B": "bet 10 (big bet)"}
    assert resolve("b", view) == Bet(5)
    assert resolve("r", view) == Bet(5)
    assert resolve("B", view) == Bet(10)
    assert resolve("R", view) == Bet(10)


def test_r5_5_no_big_bet_key_in_stud8_and_the_key_is_explained() -> None:
    view = view_of(fourth_street("stud8"), 0)
    assert keys(view) == {"k": "check", "b": "bet 5"}
    message = resolve("B", view)
    assert isinstance(message, str)
    assert "big bet" in message
    assert "k check" in message  # the message lists what is allowed


def test_the_bring_in_keys_and_why_the_bring_in_cannot_fold() -> None:
    state = table("stud", [100, 100], {0: "2c 3d 9s", 1: "4h 5s Kd"}, stakes=STAKES)
    view = view_of(state, 0)
    assert keys(view) == {"c": "bring in 1", "b": "complete to 5"}
    assert resolve("c", view) == BringIn()
    assert resolve("b", view) == Complete(5)
    for key in "fk":
        message = resolve(key, view)
        assert isinstance(message, str)
        assert "the bring-in cannot fold or check" in message


def test_facing_a_bet_fold_call_and_raise_with_amounts() -> None:
    state = table("stud", [100, 100], {0: "2c 3d 9s", 1: "4h 5s Kd"}, stakes=STAKES)
    state = play(state, "0 complete 5")
    view = view_of(state, 1)
    assert keys(view) == {"f": "fold", "c": "call 5", "b": "raise to 10"}
    assert [resolve(k, view) for k in "fcb"] == [Fold(), Call(), Raise(10)]
    # Check is another key: facing a bet, it is refused, never taken as a call.
    message = resolve("k", view)
    assert message == (
        "there is a bet to you, so you cannot check: c calls 5, f folds. "
        "Your options: f fold · c call 5 · b raise to 10"
    )


def test_a_call_for_all_the_chips_says_all_in() -> None:
    state = table("stud", [100, 3], {0: "2c 3d 9s", 1: "4h 5s Kd"}, stakes=STAKES)
    state = play(state, "0 complete 5")
    view = view_of(state, 1)  # two chips behind after the ante
    assert keys(view) == {"f": "fold", "c": "call 2 (all-in)"}


def test_wrong_keys_get_a_reason_never_an_action() -> None:
    state = play(
        table("stud", [100, 100], {0: "2c 3d 9s", 1: "4h 5s Kd"}, stakes=STAKES),
        "0 bring",
        "1 call",
    )
    state = deal(state, {0: "Jh", 1: "2d"})
    view = view_of(state, 1)  # Kd 2d beats 9s Jh: seat 1 acts first
    assert resolve("k", view) == Check()
    for key, reason in [
        ("f", "nothing to fold: k checks"),
        ("c", "nothing to call: k checks"),
        ("x", "'x' is not a key"),
        ("", "press one of the keys"),
        ("\x1b[A", "that key does nothing"),
    ]:
        message = resolve(key, view)
        assert isinstance(message, str), key
        assert reason in message, (key, message)


def render(state: HandState, seat: int, look: Look, names: list[str]) -> str:
    console = Console(width=100, record=True, color_system=None, file=io.StringIO())
    console.print(
        render_table(
            view_of(state, seat),
            names=names,
            seat_numbers=list(range(1, len(names) + 1)),
            hand_number=4,
            look=look,
        )
    )
    return console.export_text()


def test_r8_4_the_screen_shows_my_hole_cards_and_never_the_others() -> None:
    state = fourth_street("stud")
    screen = render(state, 0, PLAIN, ["You", "Bot"])
    assert "[2c 3d] 9s 9h" in screen
    for hidden in ("4h", "5s"):
        assert hidden not in screen
    assert "?? ?? Kd 2d" in screen
    assert "4th street" in screen
    assert "hand 4" in screen


def test_the_fancy_look_draws_suit_symbols() -> None:
    screen = render(fourth_street("stud"), 0, FANCY, ["You", "Bot"])
    assert "[2♣ 3♦] 9♠ 9♥" in screen
    assert "▒▒ ▒▒ K♦ 2♦" in screen


def test_r6_3_side_pots_are_shown_with_who_can_win_them() -> None:
    state = table(
        "stud", [100, 3, 100], {0: "2c 3d 9s", 1: "4h 5s Kd", 2: "6c 7c Qc"}, stakes=STAKES
    )
    # Seat 1 is all-in for 3 (ante 1, bring-in call 1, call all-in 1); the others put in 6.
    state = play(state, "0 bring", "1 call", "2 complete 5", "0 call", "1 call")
    state = deal(state, {0: "2h", 1: "3h", 2: "4c"})
    line = pot_line(view_of(state, 0), ["You", "Short", "Big"], PLAIN).plain
    assert line == "Main pot 9 (You, Short, Big) | Side pot 1 6 (You, Big)"


def test_the_pot_line_keeps_this_streets_bets_apart() -> None:
    state = table("stud", [100, 100], {0: "2c 3d 9s", 1: "4h 5s Kd"}, stakes=STAKES)
    state = play(state, "0 complete 5")
    line = pot_line(view_of(state, 1), ["A", "B"], FANCY).plain
    assert line == "Pot 2 · 5 in bets this street"


def test_the_look_follows_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    colour = Console(file=io.StringIO(), force_terminal=True, color_system="standard")
    assert look_of(colour).fancy
    piped = Console(file=io.StringIO())
    assert not look_of(piped).fancy
    monkeypatch.setenv("NO_COLOR", "1")
    no_colour = Console(file=io.StringIO(), force_terminal=True, color_system="standard")
    assert not look_of(no_colour).fancy
