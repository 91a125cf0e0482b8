"""The cardroom's messages: typed, versioned JSON, validated on the way in.

A client sends one JSON object per websocket frame; ``parse_command`` turns it into
one of the command models below or raises ``ProtocolError`` with one line saying
what is wrong. Every message the server sends carries ``"v": VERSION``. The whole
protocol, with examples, is in ``docs/protocol.md``.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from stud.actions import Action, Bet, BringIn, Call, Check, Complete, Fold, Muck, Raise, Show
from stud.rules import MAX_SEATS
from stud.said import SaidError

__all__ = [
    "MAX_FRAME",
    "VERSION",
    "Act",
    "AddBot",
    "Chat",
    "Command",
    "Hello",
    "Leave",
    "MuckLosing",
    "ProtocolError",
    "Register",
    "RemoveBot",
    "Sit",
    "SitIn",
    "SitOut",
    "Unregister",
    "action_json",
    "action_of",
    "check_text",
    "parse_command",
    "read_json",
]

VERSION = 2
"""The protocol version. Version 2 sends each event as what changed; a client that
speaks another (version 1 expected whole tables) gets an error saying so."""

MAX_FRAME = 4096
"""The largest frame a client may send, in bytes."""


class ProtocolError(SaidError, ValueError):
    """A message the server cannot accept, with the reason in one line."""


_JOINERS = frozenset("\u200c\u200d")
"""Format characters text may hold: the joiners that build emoji and some scripts."""


def check_text(text: str, what: str) -> str:
    """``text`` if it holds no control, format (but the joiners), surrogate, private or
    unassigned character, else a ``ProtocolError`` naming ``what``: such characters
    are invisible or break a line, and the databases refuse some (PostgreSQL a NUL)."""
    for character in text:
        if unicodedata.category(character)[0] == "C" and character not in _JOINERS:
            raise ProtocolError(
                f"{what} may not hold the character U+{ord(character):04X}"
                f" ({unicodedata.name(character, 'a control character').lower()})"
            )
    return text


def _chat_line(text: str) -> str:
    line = " ".join(check_text(text, "a chat line").split())
    if not line:
        raise ValueError("a chat line needs something besides spaces")
    return line


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    v: int = Field(default=VERSION, ge=VERSION, le=VERSION)
    """The version: the integer 2 (strict: JSON's ``2.0`` is not an integer)."""


class Hello(_Message):
    """The first message on a connection: the last event number seen, if any."""

    type: Literal["hello"]
    last: int | None = Field(default=None, ge=0)
    epoch: str | None = Field(default=None, max_length=64)


Seed = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[0-9A-Za-z_-]+$")]
"""A player's entropy for the next hand's shuffle: up to 64 letters, digits, ``_`` or ``-``."""


class Sit(_Message):
    """Take an empty seat (0-based) with chips from the bankroll."""

    type: Literal["sit"]
    seat: int = Field(ge=0, le=7)
    buy_in: int = Field(gt=0)
    seed: Seed | None = None


ActionName = Literal[
    "fold", "check", "call", "bring_in", "complete", "bet", "raise", "show", "muck"
]


class Act(_Message):
    """An action in the hand; ``to`` is the street total for complete, bet and raise."""

    type: Literal["act"]
    seq: int = Field(ge=1)
    action: ActionName
    to: int | None = Field(default=None, gt=0)
    seed: Seed | None = None
    """Entropy for the next hand's shuffle (docs/shuffle.md), as with ``sit``."""


class SitOut(_Message):
    """Skip hands from the next deal on, keeping the seat."""

    type: Literal["sit_out"]


class SitIn(_Message):
    """Be dealt in again."""

    type: Literal["sit_in"]


class Leave(_Message):
    """Stand up (after the hand, if in one); the stack goes back to the bankroll."""

    type: Literal["leave"]


class MuckLosing(_Message):
    """Whether the showdown mucks this seat's hand once it can win no part of any pot
    (R6.7; on when a player sits down, as in any cardroom)."""

    type: Literal["muck_losing"]
    on: bool


class AddBot(_Message):
    """Seat a built-in bot in the first empty seat."""

    type: Literal["add_bot"]
    bot: str = Field(default="tight", max_length=200)


class RemoveBot(_Message):
    """Stand a bot up (after the hand, if it is in one)."""

    type: Literal["remove_bot"]
    seat: int = Field(ge=0, le=7)


class Chat(_Message):
    """A line of chat to the table."""

    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=200), AfterValidator(_chat_line)]
    """The line as shown: runs of spaces made one, and no line breaks or controls."""


class Register(_Message):
    """Register for the tournament this table plays, paying the buy-in from the bankroll."""

    type: Literal["register"]


class Unregister(_Message):
    """Take back a registration before the tournament starts; the buy-in comes back."""

    type: Literal["unregister"]


Command = Annotated[
    Hello
    | Sit
    | Act
    | SitOut
    | SitIn
    | Leave
    | MuckLosing
    | AddBot
    | RemoveBot
    | Chat
    | Register
    | Unregister,
    Field(discriminator="type"),
]

_COMMAND: TypeAdapter[Command] = TypeAdapter(Command)


def read_json(raw: str | bytes, what: str) -> dict[str, object]:
    """A JSON object from a client (a message, a request body), or a ``ProtocolError``
    saying why not: not JSON, not UTF-8, nested too deeply, or not an object."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise ProtocolError(f"{what} is not JSON: {error.msg} at character {error.pos}") from None
    except UnicodeDecodeError:
        raise ProtocolError(f"{what} is not UTF-8 text") from None
    except RecursionError:  # the parser's own guard: ``[[[[...`` deeper than it recurses
        raise ProtocolError(f"{what} is nested too deeply") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"{what} must be a JSON object")
    return data


def parse_command(frame: str | bytes) -> Command:
    """One command from one frame, or a ``ProtocolError`` saying what is wrong."""
    size = len(frame)
    if size * 4 > MAX_FRAME and isinstance(frame, str):  # UTF-8 takes up to 4 bytes each
        size = len(frame.encode(errors="surrogatepass"))
    if size > MAX_FRAME:
        raise ProtocolError(f"message too large: {size} bytes, at most {MAX_FRAME}")
    try:  # a good message is parsed and checked in one pass, in pydantic-core
        command = _COMMAND.validate_json(frame)
    except ValidationError:
        pass  # a bad one is taken apart below, to say exactly what is wrong
    else:
        if "v" in command.model_fields_set:  # the model's default is for the server's own
            return command
    data = read_json(frame, "message")
    if type(data.get("v")) is not int or data["v"] != VERSION:
        said = "no protocol version" if "v" not in data else f"protocol version {data['v']!r}"
        raise ProtocolError(f'{said}: this server speaks version {VERSION} ("v": {VERSION})')
    try:
        return _COMMAND.validate_python(data)
    except ValidationError as error:
        raise ProtocolError(_worded(error.errors()[0])) from None


_WORDED: dict[tuple[str | int, ...], str] = {
    ("sit", "buy_in"): "the buy-in must be a whole number of chips, more than 0",
    ("sit", "seat"): (
        f"the seat must be a whole number from 0 (seat 1) to {MAX_SEATS - 1} (seat {MAX_SEATS})"
    ),
}
"""What a person is told of a bad field they typed themselves, in place of the model's
words ("sit.buy_in: Input should be a valid integer")."""


def _worded(first: ErrorDetails) -> str:
    """One line for a message's first error: in words for the fields of ``_WORDED``."""
    loc = tuple(first["loc"])
    where = ".".join(str(p) for p in loc) or "message"
    said = _WORDED.get(loc)
    if said is None:
        message = first["ctx"]["error"] if first["type"] == "value_error" else first["msg"]
        return f"{where}: {message}"
    if first["type"] == "missing":
        return f"{said}: none was given"
    given = json.dumps(first["input"])
    return f"{said}, not {given if len(given) <= 20 else given[:17] + '...'}"


_SIMPLE: dict[str, Action] = {
    "fold": Fold(),
    "check": Check(),
    "call": Call(),
    "bring_in": BringIn(),
    "show": Show(),
    "muck": Muck(),
}
_SIZED: dict[str, type[Complete] | type[Bet] | type[Raise]] = {
    "complete": Complete,
    "bet": Bet,
    "raise": Raise,
}


def action_of(act: Act) -> Action:
    """The engine action an ``act`` command names."""
    if act.action in _SIMPLE:
        if act.to is not None:
            raise ProtocolError(f"{act.action} takes no amount")
        return _SIMPLE[act.action]
    if act.to is None:
        raise ProtocolError(f"{act.action} needs an amount: 'to', the street total")
    return _SIZED[act.action](act.to)


_NAMES: dict[type[Action], str] = {type(action): name for name, action in _SIMPLE.items()}
_NAMES.update({kind: name for name, kind in _SIZED.items()})


def action_json(action: Action) -> dict[str, object]:
    """An engine action as the protocol writes it: ``{"action": "raise", "to": 20}``.

    Looked up by type: every frame's legal actions are written with it.
    """
    name = _NAMES.get(type(action))
    if name is None:
        raise ValueError(f"{action!r} is not an action")
    if isinstance(action, Complete | Bet | Raise):
        return {"action": name, "to": action.to}
    return {"action": name}
