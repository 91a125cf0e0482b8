"""PHH, the Poker Hand History standard (TOML), for stud, stud8 and razz.

Reading turns a file into a ``PHHHand`` (checked field by field) and ``replay``
plays its actions through the engine, so a file is accepted only when every action
was legal. Writing turns a hand the engine played into PHH that other readers
replay to the same finishing stacks.

Errors name the source, the line, the field or the action number (1-based, as
people count the ``actions`` array) and say why.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from stud.actions import (
    Action,
    ActionTaken,
    AntePosted,
    Bet,
    BetReturned,
    CardsDealt,
    CommunityCardDealt,
    Complete,
    HandMucked,
    HandShown,
    Muck,
    PotAwarded,
    Raise,
    RakeTaken,
    Show,
)
from stud.cards import DECK, Card, CardError, parse_cards
from stud.history.phh_actions import apply_line, chips, short
from stud.pots import build_pots, rake_awards
from stud.rules import Rules, RulesError, Variant
from stud.state import HandState, IllegalActionError, Phase, new_hand
from stud.views import seen_down
from stud.words import PHH

__all__ = [
    "PHHError",
    "PHHHand",
    "load_phh",
    "load_phhs",
    "parse_phh",
    "parse_phhs",
    "phhs_table",
    "replay",
    "to_phh",
    "to_phhs",
    "toml_value",
]

VARIANT_CODES: dict[str, Variant] = {
    "F7S": Variant.STUD,
    "F7S/8": Variant.STUD8,
    "FR": Variant.RAZZ,
}
CODE_OF: dict[Variant, str] = {v: k for k, v in VARIANT_CODES.items()}


class PHHError(ValueError):
    """A PHH file that is malformed, or whose actions the rules do not allow."""

    def __init__(
        self,
        message: str,
        *,
        source: str = "<phh>",
        line: int | None = None,
        action: int | None = None,
        hand: str | None = None,
    ) -> None:
        self.source = source
        self.line = line
        self.action = action
        self.hand = hand
        self.reason = message
        where = source + (f":{line}" if line else "")
        if hand is not None:
            where += f": hand {hand}"
        if action is not None:
            where += f": action {action}"
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True, slots=True)
class PHHHand:
    """A stud hand history as read from PHH, before replay."""

    rules: Rules
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    finishing_stacks: tuple[int, ...] | None = None
    source: str = "<phh>"
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Other PHH fields (event, players, ...), kept as read."""
    action_lines: tuple[int | None, ...] = ()
    hand: str | None = None
    """The hand's table name in a ``.phhs`` file."""

    @property
    def variant_code(self) -> str:
        """The PHH variant code: ``F7S``, ``F7S/8`` or ``FR``."""
        return CODE_OF[self.rules.variant]


_KNOWN = {
    "variant",
    "antes",
    "bring_in",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "actions",
    "finishing_stacks",
    "ante_trimming_status",
}

_NATIVE_RULES = {"variant", "ante", "bring_in", "small_bet", "big_bet", "dead_antes"}
"""The ``Rules`` settings PHH has fields for; every other setting is a user field."""


def _rule_options() -> dict[str, object]:
    """The rule settings PHH has no field for, with their defaults (R8.3).

    Each is written as a user field, ``_`` and its name (``_max_raises = 4``), when a
    hand was played with a value other than the default, and read back into the
    rules on replay: a setting added to ``Rules`` is recorded with no change here.
    """
    return {
        f.name: f.default
        for f in fields(Rules)
        if f.name not in _NATIVE_RULES and f.default is not MISSING
    }


def _line_of(text: str, key: str, first_line: int = 1) -> int | None:
    match = re.search(rf"^[ \t]*{re.escape(key)}[ \t]*=", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + first_line if match else None


_TOML_TOKEN = re.compile(
    r'"""(?:[^\\]|\\[\s\S])*?"""'  # multi-line basic string
    r"|'''[\s\S]*?'''"  # multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*"'  # basic string
    r"|'[^'\n]*'"  # literal string
    r"|#[^\n]*"  # comment
    r"|\]"  # the end of the array
)


def _action_lines(text: str, count: int, first_line: int = 1) -> tuple[int | None, ...]:
    """The line of each of the ``count`` action strings, read once after ``actions =``.

    The string literals are found as TOML writes them (quotes, escapes, comments), in
    one pass over the text, so a file of many actions is read in linear time.
    """
    start = re.search(r"^\s*actions\s*=\s*\[", text, re.MULTILINE)
    if start is None:
        return (None,) * count
    lines: list[int | None] = []
    line = text.count("\n", 0, start.end()) + first_line
    position = start.end()
    for token in _TOML_TOKEN.finditer(text, start.end()):
        if len(lines) == count or token[0] == "]":
            break
        line += text.count("\n", position, token.start())
        position = token.start()
        if token[0][0] in "'\"":
            lines.append(line)
    return tuple(lines) + (None,) * (count - len(lines))


def _chip_list(value: object, name: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{name} must be an array of numbers, not {short(value)}")
    return tuple(chips(v, f"{name}[{i}]") for i, v in enumerate(value))


_KINDS: tuple[tuple[type, str], ...] = (
    (bool, "true or false"),
    (int, "a whole number"),
    (str, "a string"),
)


def _option(value: object, default: object, name: str) -> object:
    """A rule setting read from its user field, of the same kind as its default.

    Settings of other kinds are passed on for ``Rules`` to check.
    """
    for kind, said in _KINDS:
        if isinstance(default, kind):
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise ValueError(f"must be {said}, like {toml_value(default)}, not {short(value)}")
            break
    return value


def _floats(value: Any) -> Any:
    """``value`` with its decimals as floats: TOML's floats are read exactly (as
    ``Decimal``) so that ``100.000000000000000001`` chips is no whole number."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, list):
        return [_floats(v) for v in value]
    if isinstance(value, dict):
        return {k: _floats(v) for k, v in value.items()}
    return value


def _toml_data(text: str, source: str) -> dict[str, Any]:
    """The TOML document, or a one-line error for text that is not one."""
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise PHHError(f"not valid TOML: {error}", source=source) from None
    except RecursionError:
        raise PHHError(
            "not readable TOML: arrays or tables nested too deeply", source=source
        ) from None
    except ValueError as error:  # an integer of thousands of digits
        raise PHHError(f"not readable TOML: {error}", source=source) from None


def parse_phh(
    text: str, source: str = "<phh>", *, hand: str | None = None, first_line: int = 1
) -> PHHHand:
    """A hand from PHH text; ``source`` names it in errors.

    ``hand`` and ``first_line`` place a hand read from a ``.phhs`` file: its table's
    name and the line of the file its text starts on.
    """
    return _hand_from(_toml_data(text, source), text, source, hand, first_line)


def _hand_from(
    data: Mapping[str, Any], text: str, source: str, hand: str | None, first_line: int
) -> PHHHand:
    def fail(message: str, key: str) -> PHHError:
        return PHHError(
            f"field '{key}': {message}",
            source=source,
            line=_line_of(text, key, first_line),
            hand=hand,
        )

    for key in ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks"):
        if key not in data:
            raise PHHError(f"the required field '{key}' is missing", source=source, hand=hand)
    code = data["variant"]
    if not isinstance(code, str) or code not in VARIANT_CODES:
        known = ", ".join(VARIANT_CODES)
        raise fail(f"{short(code)} is not a stud game stud reads ({known})", "variant")
    values: dict[str, Any] = {}
    for key in ("bring_in", "small_bet", "big_bet"):
        try:
            values[key] = chips(data[key], key)
        except ValueError as error:
            raise fail(str(error), key) from None
    try:
        stacks = _chip_list(data["starting_stacks"], "starting_stacks")
    except ValueError as error:
        raise fail(str(error), "starting_stacks") from None
    try:
        antes = _chip_list(data["antes"], "antes")
    except ValueError as error:
        raise fail(str(error), "antes") from None
    if len(antes) != len(stacks):
        raise fail(f"has {len(antes)} entries for {len(stacks)} players", "antes")
    if len(set(antes)) > 1:
        raise fail(f"stud antes are the same for everyone, not {short(list(antes))}", "antes")
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise fail(f"must be true or false, not {short(trimming)}", "ante_trimming_status")
    options = _rule_options()
    for name, default in options.items():
        if f"_{name}" in data:
            try:
                values[name] = _option(_floats(data[f"_{name}"]), default, f"_{name}")
            except ValueError as error:
                raise fail(str(error), f"_{name}") from None
    try:
        rules = Rules(
            variant=VARIANT_CODES[code],
            ante=antes[0] if antes else 0,
            dead_antes=not trimming,
            **values,
        )
    except RulesError as error:
        raise PHHError(f"the rules cannot be played: {error}", source=source, hand=hand) from None
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail("must be an array of strings", "actions")
    finishing = None
    if "finishing_stacks" in data:
        try:
            finishing = _chip_list(data["finishing_stacks"], "finishing_stacks")
        except ValueError as error:
            raise fail(str(error), "finishing_stacks") from None
        if len(finishing) != len(stacks):
            raise fail(
                f"has {len(finishing)} entries for {len(stacks)} players", "finishing_stacks"
            )
    for key in ("_rake", "_pots"):
        if key in data:
            try:
                recorded = (_chip_list if key == "_pots" else chips)(data[key], key)
            except ValueError as error:
                raise fail(str(error), key) from None
            if min(recorded if isinstance(recorded, tuple) else (recorded,), default=0) < 0:
                raise fail("must not be negative", key)
    rule_fields = {f"_{name}" for name in options}
    return PHHHand(
        rules=rules,
        starting_stacks=stacks,
        actions=tuple(actions),
        finishing_stacks=finishing,
        source=source,
        extra={k: _floats(v) for k, v in data.items() if k not in _KNOWN and k not in rule_fields},
        action_lines=_action_lines(text, len(actions), first_line),
        hand=hand,
    )


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise PHHError(f"cannot read the file: {error.strerror}", source=str(path)) from None
    except UnicodeDecodeError:
        raise PHHError("the file is not UTF-8 text", source=str(path)) from None


def load_phh(path: str | Path) -> PHHHand:
    """A hand from a PHH file."""
    path = Path(path)
    return parse_phh(_read_text(path), source=str(path))


_TABLE = re.compile(r"^[ \t]*\[[ \t]*([^\[\]\n]*?)[ \t]*\][ \t]*(?:#[^\n]*)?$", re.MULTILINE)


def parse_phhs(text: str, source: str = "<phhs>") -> list[PHHHand | PHHError]:
    """The hands of a ``.phhs`` text, PHH's many-hand form: one TOML table per hand.

    A file that is not TOML, or not a table of hands, is refused whole; otherwise
    each hand is read on its own, and a hand that cannot be read is its error in the
    list, so the others are still read.
    """
    data = _toml_data(text, source)
    if not data:
        raise PHHError(
            "no hands: a .phhs file is a table per hand ('[1]', '[2]', ...)", source=source
        )
    loose = [k for k, v in data.items() if not isinstance(v, dict)]
    if loose:
        raise PHHError(
            f"field {loose[0]!r} is outside any hand: a .phhs file is a table per hand "
            "('[1]', '[2]', ...)",
            source=source,
            line=_line_of(text, loose[0]),
        )
    headers = list(_TABLE.finditer(text))
    index = {header[1].strip("\"'"): i for i, header in enumerate(headers)}
    # Each header's line, counted once through the text (not from its start each time).
    lines_before: list[int] = []
    seen, counted = 0, 0
    for header in headers:
        counted += text.count("\n", seen, header.end())
        seen = header.end()
        lines_before.append(counted)
    hands: list[PHHHand | PHHError] = []
    for name, table in data.items():
        # The table's own text gives the lines of its fields and actions; a header
        # written in a way not matched here (unusual quoting) costs only the lines.
        body, first = "", 1
        if (i := index.get(name)) is not None:
            end = headers[i + 1].start() if i + 1 < len(headers) else len(text)
            body, first = text[headers[i].end() : end], lines_before[i] + 1
        try:
            hands.append(_hand_from(table, body, source, name, first))
        except PHHError as error:
            hands.append(error)
    return hands


def load_phhs(path: str | Path) -> list[PHHHand | PHHError]:
    """The hands of a ``.phhs`` file (see ``parse_phhs``)."""
    path = Path(path)
    return parse_phhs(_read_text(path), source=str(path))


def to_phhs(hands: Iterable[str]) -> str:
    """PHH texts as one ``.phhs`` text: each hand a table, named by its number from 1."""
    return "".join(phhs_table(number, text) for number, text in enumerate(hands, start=1))


def phhs_table(number: int, text: str) -> str:
    """One hand's PHH text as table ``number`` of a ``.phhs`` file (written hand by hand)."""
    return f"[{number}]\n{text}\n"


def replay(hand: PHHHand) -> HandState:
    """Play a PHH hand's actions through the engine; the state after the last one.

    Showdown declarations (``pN sm``) may come before the last cards are dealt, as
    PHH allows after an all-in; they are checked against the player's cards and
    kept until the showdown. A player with no declaration shows.
    """
    try:
        state = new_hand(hand.rules, hand.starting_stacks)
    except ValueError as error:
        raise PHHError(str(error), source=hand.source, hand=hand.hand) from None
    declarations: dict[int, bool] = {}
    stand_ins = _stand_ins(hand)
    unknown: set[int] = set()
    for number, text in enumerate(hand.actions, start=1):
        line = hand.action_lines[number - 1] if hand.action_lines else None
        try:
            state = apply_line(state, text, declarations, stand_ins, unknown)
        except (IllegalActionError, CardError, ValueError) as error:
            raise PHHError(
                f"{short(text)}: {error}",
                source=hand.source,
                line=line,
                action=number,
                hand=hand.hand,
            ) from None
    while state.phase is Phase.SHOWDOWN and state.actor is not None:
        state = state.apply(Show() if declarations.get(state.actor, True) else Muck())
    seat = _decided_by_unknown_cards(state, unknown)
    if seat is not None:
        raise PHHError(
            f"p{seat + 1}'s cards are not all known ('??') but they would decide a pot "
            "at showdown, shown or not: the pot cannot be decided",
            source=hand.source,
            hand=hand.hand,
        )
    try:
        return _with_recorded_rake(state, hand.extra)
    except ValueError as error:
        raise PHHError(str(error), source=hand.source, hand=hand.hand) from None


def _with_recorded_rake(state: HandState, extra: Mapping[str, Any]) -> HandState:
    """The finished hand with the rake its history records (``_rake``) out of the pots.

    A hand raked by its own rules (R9) took the rake already, which must be the one
    recorded. A history from elsewhere (an imported PokerStars hand) records the
    rake its room took, which the rules do not state: it comes out of the pots
    before they are awarded, as the engine takes a rake (R9.3, main pot first), or
    from each pot as ``_pots`` (each pot after the rake) says, and the rest is shared
    by R6 and R7, so the hand ends on the stacks it records (R9.4).
    """
    recorded = extra.get("_rake")
    if not isinstance(recorded, int) or not state.is_over or recorded == state.rake:
        return state
    if state.rake:
        raise ValueError(
            f"field '_rake': the history records a rake of {recorded}, the rules take {state.rake}"
        )
    awards = [e for e in state.events if isinstance(e, PotAwarded)]
    after = extra.get("_pots")
    rake: int | list[int] = recorded
    if isinstance(after, list):
        sizes: dict[int, int] = {}
        for award in awards:
            sizes[award.pot] = sizes.get(award.pot, 0) + award.amount
        before = [sizes[p] for p in sorted(sizes)]
        rake = [b - a for b, a in zip(before, after, strict=False)]
        if len(after) != len(before) or sum(rake) != recorded:
            raise ValueError(
                f"field '_pots': pots of {after} after a rake of {recorded} are not "
                f"the pots of {before} the hand made"
            )
    taken, raked = rake_awards(awards, rake)
    stacks = list(state.final_stacks)
    for award in awards:
        stacks[award.seat] -= award.amount
    for award in raked:
        stacks[award.seat] += award.amount
    events = [e for e in state.events if not isinstance(e, PotAwarded)]
    events += [RakeTaken(p, chips) for p, chips in enumerate(taken) if chips]
    return replace(state, rake=recorded, stacks=tuple(stacks), events=(*events, *raked))


def _decided_by_unknown_cards(state: HandState, unknown: set[int]) -> int | None:
    """A player whose unknown cards the showdown would use to award a pot, if any.

    The engine awards each pot among its players who showed, or among all its
    players when all of them mucked (R6.2, R6.3): a pot with two such claimants is
    decided by their cards, and cards that stand in for ``??`` decide nothing.
    """
    if not unknown or not state.declared:
        return None
    contributed = [0] * state.players
    dead = [0] * state.players
    for event in state.events:
        if isinstance(event, AntePosted):
            contributed[event.seat] += event.amount
            dead[event.seat] += event.amount
        elif isinstance(event, ActionTaken):
            contributed[event.seat] += event.amount
        elif isinstance(event, BetReturned):
            contributed[event.seat] -= event.amount
    live = [not f for f in state.folded]
    pots = build_pots(contributed, live, dead if state.rules.dead_antes else None)
    for pot in pots:
        shown = [s for s in pot.eligible if state.declared[s] is not False]
        claimants = shown or list(pot.eligible)
        if len(claimants) > 1:
            for seat in claimants:
                if seat in unknown:
                    return seat
    return None


def _stand_ins(hand: PHHHand) -> list[Card]:
    """Cards to stand in for unknown ones (``??``), best kept out of the bring-in.

    Real hand histories often hide the cards of players who folded on third
    street. Their cards change nothing but who brings in, which the file records
    with ``pb``; so unknown cards are replaced by cards seen nowhere in the hand,
    the least likely to bring in first (high cards, or low ones in razz), and the
    engine then checks that the recorded bring-in is the one the rules give.
    """
    seen: set[Card] = set()
    for text in hand.actions:
        for token in re.findall(r"\b(?:[2-9TJQKA][cdhs])+\b", text):
            seen.update(parse_cards(token, allow_duplicates=True))
    unused = [c for c in DECK if c not in seen]
    if hand.rules.lowball:
        return sorted(unused, key=lambda c: (c.rank.low, c.suit), reverse=True)
    return unused


def to_phh(state: HandState, *, viewer: int | None = None, **extra: object) -> str:
    """A hand the engine played, as PHH text (with ``finishing_stacks`` once over).

    Every rule setting that differs from the default is written, so the replay
    plays by the same rules (R8.3). With ``viewer`` (a seat), the history holds only
    what that player saw (``stud.views.seen_down``): other players' face-down cards
    are ``??`` unless shown at showdown (R8.4).
    """
    rules = state.rules
    seen = state.down if viewer is None else seen_down(state, viewer)
    actions: list[str] = []
    for event in state.events:
        match event:
            case CardsDealt(seat=seat, down=down, up=up):
                cards = "".join(str(c) if c in seen[seat] else "??" for c in down)
                actions.append(f"d dh p{seat + 1} {cards}{''.join(str(c) for c in up)}")
            case CommunityCardDealt(card=card):
                actions.append(f"d db {card}")
            case ActionTaken(seat=seat, action=action):
                actions.append(f"p{seat + 1} {_notation(action)}")
            case HandShown(seat=seat, cards=cards):
                actions.append(f"p{seat + 1} sm {''.join(str(c) for c in cards)}")
            case HandMucked(seat=seat):
                actions.append(f"p{seat + 1} sm")
            case _:
                pass
    n = state.players
    lines = [
        f"variant = {toml_value(CODE_OF[rules.variant])}",
        f"ante_trimming_status = {toml_value(not rules.dead_antes)}",
        f"antes = {toml_value([rules.ante] * n)}",
        f"bring_in = {rules.bring_in}",
        f"small_bet = {rules.small_bet}",
        f"big_bet = {rules.big_bet}",
        f"starting_stacks = {toml_value(list(state.starting_stacks))}",
        "actions = [",
        *(f"  {toml_value(a)}," for a in actions),
        "]",
    ]
    if state.is_over:
        lines.append(f"finishing_stacks = {toml_value(list(state.final_stacks))}")
        if state.rake and "_rake" not in extra:
            lines.append(f"_rake = {state.rake}")  # what the house took (R9.4)
    for name, default in _rule_options().items():
        if getattr(rules, name) != default:
            lines.append(f"_{name} = {toml_value(getattr(rules, name))}")
    lines.extend(f"{key} = {toml_value(value)}" for key, value in extra.items())
    return "\n".join(lines) + "\n"


def _notation(action: Action) -> str:
    if isinstance(action, Show | Muck):
        raise ValueError(f"{action} has no PHH notation")
    code = PHH[action.word]
    return f"{code} {action.to}" if isinstance(action, Complete | Bet | Raise) else code


def toml_value(value: object) -> str:
    """One PHH value in TOML syntax, as every history stud writes spells it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise ValueError(f"cannot write {value!r} to PHH")
