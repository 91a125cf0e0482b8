"""Bad PokerStars text is refused hand by hand with where and why, never a crash."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stud.history.pokerstars.checking import check_hand
from stud.history.pokerstars.reading import StarsError, StarsHand, read_stars

STARS = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
RAZZ = "Razz-USD-0.04-0.08-200911.txt"
FIX = "7-StudHL-USD-400-800-201701.3bet.fix.txt"


def text_of(name: str) -> str:
    return (STARS / name).read_text("utf-8-sig")


def outcomes(text: str) -> list[str]:
    """Each hand's fate: ``ok``, or the reason it was refused (reading or checking)."""
    stars = read_stars(text, "x.txt")
    found = [e.reason for e in stars.errors]
    for hand in stars.hands:
        try:
            check_hand(hand)
            found.append("ok")
        except StarsError as error:
            found.append(error.reason)
    return found


def test_a_byte_order_mark_before_a_later_hand_is_read_past() -> None:
    # Files joined together keep each one's mark: the second hand starts with one.
    one = text_of(FIX)
    joined = one + "\n\n\ufeff" + one.replace("#164954571644", "#164954571645")
    assert outcomes(joined) == ["ok", "ok"]


def test_a_repeated_or_misplaced_street_header_refuses_its_hand_only() -> None:
    lines = text_of(RAZZ).splitlines()
    headers = [i for i, line in enumerate(lines) if re.match(r"\*\*\* (\d\w\w STREET|RIVER)", line)]
    assert len(headers) > 30
    for i in headers:
        text = "\n".join([*lines[: i + 1], lines[i], *lines[i + 1 :]])
        found = outcomes(text)
        assert found.count("ok") == 8, lines[i]
        (reason,) = [f for f in found if f != "ok"]
        assert "again or out of order: each street comes once, in order" in reason


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Seat 3: Player0", "Seat " + "9" * 5000 + ": Player0", "PokerStars counts 1 to 10"),
        ("Seat 3: Player0", "Seat 11: Player0", "seat 11: PokerStars counts 1 to 10"),
        ("6-max", "9" * 5000 + "-max", "-max table: PokerStars counts 1 to 10"),
        ("$51125.64", "$" + "9" * 5000, "(5000 digits) is more than any stack holds"),
        ("calls $400\n*** 5th", "calls $" + "1" * 4400 + "\n*** 5th", "(4400 digits)"),
        ("#164954571644", "#" + "1" * 5000, "not a PokerStars hand number"),
    ],
)
def test_numbers_of_thousands_of_digits_are_refused_with_their_line(
    old: str, new: str, reason: str
) -> None:
    stars = read_stars(text_of(FIX).replace(old, new), "x.txt")
    (error,) = stars.errors
    assert reason in error.reason
    assert error.line is not None
    assert len(str(error)) < 200


@pytest.mark.parametrize(
    "amount",
    ["$51125.645", "$51125.64000000000000000000000000001", "$51125.6400000000000000000000001"],
)
def test_a_fraction_of_a_cent_is_refused_not_rounded(amount: str) -> None:
    # R1.3: chips are whole; a cent is the chip of a money game.
    stars = read_stars(text_of(FIX).replace("$51125.64", amount), "x.txt")
    (error,) = stars.errors
    assert error.line == 3
    assert "is not a whole number of cents (R1.3)" in error.reason


def test_a_fraction_of_a_chip_is_refused() -> None:
    name = "Razz-8max-USD-200-15-201009.bracket.in.alias.txt"
    text = text_of(name)
    first = re.search(r"calls (\d+)", text)
    assert first is not None
    stars = read_stars(text[: first.end()] + ".5" + text[first.end() :], name)
    (error,) = stars.errors
    assert "is not a whole number of chips (R1.3)" in error.reason


def understated(name: str) -> list[tuple[str, str]]:
    """Each call of the file one cent (or chip) short, with the hand it is in."""
    text = text_of(name)
    versions = []
    for found in re.finditer(r"calls \$?(\d+)(?:\.(\d\d))?", text):
        whole, cents = found[1], found[2]
        if cents is not None:
            total = int(whole) * 100 + int(cents) - 1
            less = f"{total // 100}.{total % 100:02d}"
        else:
            less = str(int(whole) - 1)
        number = re.findall(r"#(\d+):", text[: found.start()])[-1]
        versions.append((number, text[: found.start(1)] + less + text[found.end() :]))
    return versions


@pytest.mark.parametrize("name", [RAZZ, "7-Stud-USD-0.04-0.08-200911.txt", FIX])
def test_an_understated_call_is_refused(name: str) -> None:
    # The file's final stack would be larger than the engine's: never accepted.
    versions = understated(name)
    assert len(versions) > 5 or name == FIX
    for number, text in versions:
        stars = read_stars(text, name)
        hand: StarsHand | None = next((h for h in stars.hands if h.number == number), None)
        if hand is None:
            continue  # refused while read
        with pytest.raises(StarsError):
            check_hand(hand)
