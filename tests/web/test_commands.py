"""Commands read in one pass by pydantic-core mean what the step-by-step reading says:
the same command for a good message, a one-line error for a bad one."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from stud.web.protocol import VERSION, Command, ProtocolError, parse_command

_CHECKED: TypeAdapter[Command] = TypeAdapter(Command)

_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.sampled_from(["hello", "act", "sit", "chat", "call", "raise", "fold", "show"]),
)
_KEYS = st.sampled_from(
    ["v", "type", "seq", "action", "to", "seat", "buy_in", "text", "last", "epoch", "bot", "seed"]
)


def _stepwise(text: str) -> Command | None:
    """The command as JSON first, then the model, read it (``None``: refused)."""
    data: Any = json.loads(text)
    if not isinstance(data, dict) or type(data.get("v")) is not int or data["v"] != VERSION:
        return None
    try:
        return _CHECKED.validate_python(data)
    except ValidationError:
        return None


@given(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["hello", "act", "sit", "chat", "leave", "nope"])},
        optional={"v": st.sampled_from([VERSION, VERSION - 1, float(VERSION), True, str(VERSION)])},
    ).flatmap(lambda base: st.dictionaries(_KEYS, _VALUES, max_size=4).map(base.__or__))
)
def test_a_command_reads_the_same_in_one_pass_as_step_by_step(message: dict[str, Any]) -> None:
    text = json.dumps(message)
    expected = _stepwise(text)
    said = ""
    try:
        got: Command | None = parse_command(text)
    except ProtocolError as error:
        got, said = None, str(error)
    assert got == expected
    assert (got is None) == bool(said)
    assert "\n" not in said


def test_a_bad_buy_in_or_seat_is_told_in_words() -> None:
    def said(**sit: Any) -> str:
        try:
            parse_command(json.dumps({"v": VERSION, "type": "sit", **sit}))
        except ProtocolError as error:
            return str(error)
        raise AssertionError(f"{sit} was accepted")

    whole = "the buy-in must be a whole number of chips, more than 0"
    assert said(seat=1, buy_in="abc") == f'{whole}, not "abc"'
    assert said(seat=1, buy_in=12.5) == f"{whole}, not 12.5"
    assert said(seat=1, buy_in=-5) == f"{whole}, not -5"
    assert said(seat=1) == f"{whole}: none was given"
    assert said(seat=9, buy_in=200).startswith("the seat must be a whole number from 0 (seat 1)")
    assert said(seat=1, buy_in="x" * 100).endswith('not "xxxxxxxxxxxxxxxx...')
