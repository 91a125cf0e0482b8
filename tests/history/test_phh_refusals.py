"""PHH input that must be refused with one clear line naming file and line, or read right.

These come from mutating real files by the thousand: each was once a crash, a hang
or a file accepted that should not have been.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phh_samples import HAND
from stud.history.phh import PHHError, load_phh, parse_phh, parse_phhs, replay

WSOP_TEXTS = [
    p.read_text()
    for p in sorted((Path(__file__).resolve().parents[1] / "data" / "wsop-2023").glob("*.phh"))
]
PIECES = [
    "'",
    '"',
    "[",
    "]",
    "{",
    "}",
    "=",
    "\n",
    "#",
    "?",
    "??",
    "p0",
    "p9",
    " ",
    "0",
    "-1",
    "9" * 30,
    "inf",
    "nan",
    "true",
    "\\u0023",
    "cbr",
    "sm",
    "dh",
    "pb",
    "????",
    "Zz",
    "[1]\n",
    "_max_raises = 0\n",
    "_short_all_in_rule = 'full-bet'\n",
]


def _refused(text: str) -> str:
    with pytest.raises(PHHError) as caught:
        replay(parse_phh(text, source="hand.phh"))
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("hand.phh")
    return message


@pytest.mark.parametrize(
    "variant",
    ["['F7S']", "{ code = 'F7S' }", "7", "[[['F7S']]]"],
    ids=["array", "table", "number", "nested"],
)
def test_a_variant_that_is_not_a_string_is_refused(variant: str) -> None:
    message = _refused(HAND.replace("variant = 'F7S'", f"variant = {variant}"))
    assert "hand.phh:1: field 'variant':" in message
    assert "is not a stud game" in message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("'p1 f'", "'p1 f 999999'"), r"hand\.phh:14: action 6: 'p1 f 999999': 'f' takes nothing"),
        (("'p1 f'", "'p1 cc 123'"), r"action 6: 'p1 cc 123': 'cc' takes nothing after it"),
        (("'p2 pb'", "'p2 pb 50'"), r"action 4: 'p2 pb 50': 'pb' takes nothing after it"),
        (("Td3c4d'", "Td3c4dZ'"), r"action 1: 'd dh p1 Td3c4dZ': 'Td3c4dZ' is not a list of cards"),
        (("Kd3h4c'", "Ts?'"), r"action 2: 'd dh p2 Ts\?': 'Ts\?' is not a list of cards"),
        (
            ("'d dh p1 Td3c4d'", "'d dh p1 T?3c4d'"),
            r"action 1: .*'T\?' in 'T\?3c4d': a card is either known or '\?\?'",
        ),
        (("'p1 f'", "'p01 f'"), r"action 6: 'p01 f': 'p01' is not a player"),
        (("'d dh p1 Td3c4d'", "'d dh p01 Td3c4d'"), r"action 1: .*'p01' is not a player"),
        (
            ("'p3 cbr 200'", "'p3 cbr 200 300'"),
            r"action 5: 'p3 cbr 200 300': 'cbr' needs an amount",
        ),
        (("'p3 cbr 200'", "'p3 cbr " + "9" * 5000 + "'"), r"action 5: .*'cbr' needs an amount"),
        (("'p1 f'", "'p" + "9" * 5000 + " f'"), r"action 6: .* is not a player"),
    ],
)
def test_junk_after_an_action_is_refused(change: tuple[str, str], message: str) -> None:
    assert _refused(HAND.replace(*change))
    with pytest.raises(PHHError, match=message):
        replay(parse_phh(HAND.replace(*change), source="hand.phh"))


def test_a_comment_after_an_action_is_still_read() -> None:
    text = HAND.replace("'p1 f'", "'p1 f # too weak'")
    assert replay(parse_phh(text)).final_stacks == (3950, 4900, 6150)


def test_unknown_cards_with_no_card_left_to_stand_in_are_refused() -> None:
    # Commentary names every card of the deck: nothing is left to stand in for '??'.
    deck = "".join(r + s for r in "23456789TJQKA" for s in "cdhs")
    text = HAND.replace("'d dh p1 Td3c4d'", f"'# {deck}', 'd dh p1 ????4d'")
    message = _refused(text)
    assert "hand.phh:9: action 2:" in message
    assert "no card is left to stand in for '??'" in message


def test_an_integer_of_thousands_of_digits_is_refused() -> None:
    message = _refused(HAND.replace("bring_in = 50", "bring_in = " + "9" * 5000))
    assert "not readable TOML" in message
    assert len(message) < 300


def test_deeply_nested_arrays_are_refused() -> None:
    message = _refused(HAND.replace("small_bet = 200", "small_bet = " + "[" * 5000 + "]" * 5000))
    assert "nested too deeply" in message


def test_escaped_actions_are_found_where_they_are_written() -> None:
    """Actions written with escapes (not as the file's text spells them) still get
    their line; looking each up by its value once made 50,000 of them quadratic
    (benchmarks/bench_phh_parse.py measures the linear reading)."""
    comments = ",\n".join(["  '# note'", '  "\\u0023 n\\u00f6te"', '  "p\\u0031 f"'])
    text = HAND.replace("  'p1 f',\n", comments + ",\n")
    hand = parse_phh(text)
    assert hand.actions[-4:-1] == ("# note", "# nöte", "p1 f")
    assert hand.action_lines[-4:] == (14, 15, 16, 17)
    assert replay(hand).final_stacks == (3950, 4900, 6150)


def test_action_lines_count_lines_in_strings_and_comments() -> None:
    text = HAND.replace("  'd dh p3 As8d5c',", "  # a 'quoted' comment\n  \"d dh p3 As8d5c\",")
    hand = parse_phh(text)
    assert hand.action_lines == (9, 10, 12, 13, 14, 15, 16)


SIDE_POT = """\
variant = 'F7S'
antes = [0, 0, 0]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [20, 500, 500]
actions = [
  'd dh p1 AsAhKd', 'd dh p2 ????2c', 'd dh p3 P3_DOWN9d',
  'p2 pb', 'p3 cbr 20', 'p1 cc', 'p2 cc',
  'd dh p1 Kh', 'd dh p2 3c', 'd dh p3 Td', 'p2 cc', 'p3 cbr 20', 'p2 cc',
  'd dh p1 Ks', 'd dh p2 4c', 'd dh p3 Jd', 'p2 cc', 'p3 cbr 40', 'p2 cc',
  'd dh p1 2s', 'd dh p2 5d', 'd dh p3 Qd', 'p2 cc', 'p3 cbr 40', 'p2 cc',
  'd dh p1 3s', 'd dh p2 ??', 'd dh p3 P3_SEVENTH', 'p2 cc', 'p3 cbr 40', 'p2 cc',
  'p3 sm P3_SHOWS', 'p2 sm', 'p1 sm -',
]
"""
"""p1 is all-in on third street for 20 and holds kings full (p2 acts first after
it); p2 and p3 bet on to seventh street for a side pot of 2 x 140. p2's down cards
are unknown and p2 mucks; p3's cards and showdown are filled in by each test."""


def test_a_side_pot_between_two_mucked_unknown_hands_is_refused() -> None:
    # p3's cards are unknown too and p3 mucks: the side pot goes to p2 or p3 by
    # cards the history hides, so nobody can say who wins it.
    text = SIDE_POT.replace("P3_DOWN", "????").replace("P3_SEVENTH", "??")
    message = _refused(text.replace("'p3 sm P3_SHOWS'", "'p3 sm'"))
    assert "p2's cards are not all known" in message or "p3's cards are not all known" in message
    assert "decide a pot" in message


def test_a_mucked_unknown_hand_that_decides_nothing_replays() -> None:
    # p3's cards are known and shown: p3 takes the side pot against p2's muck,
    # and p2's hidden cards decide nothing.
    text = SIDE_POT.replace("P3_DOWN", "5h6h").replace("P3_SEVENTH", "2d")
    state = replay(parse_phh(text.replace("P3_SHOWS", "-")))
    # p1's kings full win the main pot (3 x 20) over p3's flush.
    assert state.final_stacks == (60, 500 - 20 - 140, 500 - 20 - 140 + 280)


def test_an_unreadable_file_is_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_bytes(b"variant = '\xff'\n")
    with pytest.raises(PHHError, match=r"bad\.phh: the file is not UTF-8 text"):
        load_phh(path)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A WSOP file with a few pieces inserted, cut out or copied elsewhere."""
    text = draw(st.sampled_from(WSOP_TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["insert", "cut", "copy"]))
        if how == "insert":
            text = text[:at] + draw(st.sampled_from(PIECES)) + text[at:]
        elif how == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 6)) :]
        else:
            start = draw(st.integers(0, len(text)))
            text = text[:at] + text[start : start + draw(st.integers(1, 20))] + text[at:]
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(), st.booleans())
def test_a_mutated_file_replays_or_is_one_line_naming_the_file(text: str, many: bool) -> None:
    source = "hands.phhs" if many else "hand.phh"
    problem = ""
    try:
        hands = parse_phhs(text, source) if many else [parse_phh(text, source)]
        for hand in hands:
            if isinstance(hand, PHHError):
                problem = problem or str(hand)
            else:
                replay(hand)
    except PHHError as error:
        problem = str(error)
    assert "\n" not in problem
    assert not problem or problem.startswith(source)
