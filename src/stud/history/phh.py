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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud.actions import (
    ActionTaken,
    Bet,
    BringIn,
    Call,
    CardsDealt,
    Check,
    CommunityCardDealt,
    Complete,
    Fold,
    HandMucked,
    HandShown,
    Muck,
    Raise,
    Show,
)
from stud.cards import DECK, Card, CardError, parse_cards
from stud.rules import Rules, RulesError, Variant
from stud.state import HandState, IllegalActionError, Phase, new_hand

__all__ = ["PHHError", "PHHHand", "load_phh", "parse_phh", "replay", "to_phh"]

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
    ) -> None:
        self.source = source
        self.line = line
        self.action = action
        self.reason = message
        where = source + (f":{line}" if line else "")
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


def _line_of(text: str, key: str) -> int | None:
    match = re.search(rf"^\s*{re.escape(key)}\s*=", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


def _action_lines(text: str, actions: Sequence[str]) -> tuple[int | None, ...]:
    """The line of each action string, found in order after ``actions =``."""
    start = re.search(r"^\s*actions\s*=", text, re.MULTILINE)
    if start is None:
        return tuple(None for _ in actions)
    position = start.end()
    lines: list[int | None] = []
    for action in actions:
        found = -1
        for quote in ("'", '"'):
            found = text.find(f"{quote}{action}{quote}", position)
            if found >= 0:
                break
        if found < 0:
            lines.append(None)
            continue
        lines.append(text.count("\n", 0, found) + 1)
        position = found + len(action) + 2
    return tuple(lines)


def _chips(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} must be a number of chips, not {value!r}")
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(f"{name} must be a whole number of chips (R1.3), not {value!r}")
    return int(value)


def _chip_list(value: object, name: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{name} must be an array of numbers, not {value!r}")
    return tuple(_chips(v, f"{name}[{i}]") for i, v in enumerate(value))


def parse_phh(text: str, source: str = "<phh>") -> PHHHand:
    """A hand from PHH text; ``source`` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PHHError(f"not valid TOML: {error}", source=source) from None

    def fail(message: str, key: str) -> PHHError:
        return PHHError(f"field '{key}': {message}", source=source, line=_line_of(text, key))

    for key in ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks"):
        if key not in data:
            raise PHHError(f"the required field '{key}' is missing", source=source)
    code = data["variant"]
    if code not in VARIANT_CODES:
        known = ", ".join(VARIANT_CODES)
        raise fail(f"{code!r} is not a stud game stud reads ({known})", "variant")
    values: dict[str, Any] = {}
    for key in ("bring_in", "small_bet", "big_bet"):
        try:
            values[key] = _chips(data[key], key)
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
        raise fail(f"stud antes are the same for everyone, not {list(antes)}", "antes")
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise fail(f"must be true or false, not {trimming!r}", "ante_trimming_status")
    try:
        rules = Rules(
            variant=VARIANT_CODES[code],
            ante=antes[0] if antes else 0,
            dead_antes=not trimming,
            **values,
        )
    except RulesError as error:
        raise PHHError(f"the stakes cannot be played: {error}", source=source) from None
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
    return PHHHand(
        rules=rules,
        starting_stacks=stacks,
        actions=tuple(actions),
        finishing_stacks=finishing,
        source=source,
        extra={k: v for k, v in data.items() if k not in _KNOWN},
        action_lines=_action_lines(text, actions),
    )


def load_phh(path: str | Path) -> PHHHand:
    """A hand from a PHH file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PHHError(f"cannot read the file: {error.strerror}", source=str(path)) from None
    except UnicodeDecodeError:
        raise PHHError("the file is not UTF-8 text", source=str(path)) from None
    return parse_phh(text, source=str(path))


_ACTION = re.compile(r"^\s*(?P<actor>d|p\d+)\s+(?P<verb>\S+)(?:\s+(?P<args>[^#]*?))?\s*(?:#.*)?$")


def replay(hand: PHHHand) -> HandState:
    """Play a PHH hand's actions through the engine; the state after the last one.

    Showdown declarations (``pN sm``) may come before the last cards are dealt, as
    PHH allows after an all-in; they are checked against the player's cards and
    kept until the showdown. A player with no declaration shows.
    """
    try:
        state = new_hand(hand.rules, hand.starting_stacks)
    except ValueError as error:
        raise PHHError(str(error), source=hand.source) from None
    declarations: dict[int, bool] = {}
    stand_ins = _stand_ins(hand)
    for number, text in enumerate(hand.actions, start=1):
        line = hand.action_lines[number - 1] if hand.action_lines else None
        try:
            state = _apply(state, text, declarations, stand_ins)
        except (IllegalActionError, CardError, ValueError) as error:
            raise PHHError(
                f"{text!r}: {error}", source=hand.source, line=line, action=number
            ) from None
    while state.phase is Phase.SHOWDOWN and state.actor is not None:
        state = state.apply(Show() if declarations.get(state.actor, True) else Muck())
    for event in state.events:
        if isinstance(event, HandShown) and event.seat in _unknown_seats(hand):
            raise PHHError(
                f"p{event.seat + 1}'s cards are not all known ('??') but the hand goes to "
                "showdown: the pot cannot be decided",
                source=hand.source,
            )
    return state


def _unknown_seats(hand: PHHHand) -> set[int]:
    """Players dealt a card the history does not name."""
    return {
        int(match[1]) - 1
        for text in hand.actions
        if (match := re.match(r"\s*d\s+dh\s+p(\d+)\s+\S*\?", text))
    }


def _seat(actor: str, state: HandState) -> int:
    seat = int(actor[1:]) - 1
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no player {actor} in a hand of {state.players}")
    return seat


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


def _fill_unknown(cards: str, stand_ins: list[Card]) -> tuple[Card, ...]:
    tokens = re.findall(r"\S\S", cards)
    if any("?" in t and t != "??" for t in tokens):
        raise ValueError(f"{cards!r}: a card is either known or '??'")
    known = parse_cards("".join(t for t in tokens if t != "??"))
    known_iter = iter(known)
    return tuple(stand_ins.pop() if t == "??" else next(known_iter) for t in tokens)


def _apply(
    state: HandState, text: str, declarations: dict[int, bool], stand_ins: list[Card]
) -> HandState:
    match = _ACTION.match(text)
    if match is None:
        if not text.strip() or text.strip().startswith("#"):
            return state  # a no-op or a commentary
        raise ValueError("not an action: expected 'd dh pN CARDS', 'pN cbr AMOUNT' and the like")
    actor, verb, args = match["actor"], match["verb"], (match["args"] or "").strip()
    if actor == "d":
        if verb == "dh":
            who, _, cards = args.partition(" ")
            if not re.fullmatch(r"p\d+", who):
                raise ValueError(f"'d dh' needs a player and cards, not {args!r}")
            return state.deal(_seat(who, state), _fill_unknown(cards, stand_ins))
        if verb == "db":
            cards = parse_cards(args)
            if len(cards) != 1:
                raise ValueError(f"stud deals one community card, not {len(cards)}")
            return state.deal_community(cards[0])
        raise ValueError(f"the dealer cannot {verb!r} in stud (only 'dh' and 'db')")
    seat = _seat(actor, state)
    if verb == "sm":
        return _declare(state, seat, args, declarations)
    if state.actor != seat:
        due = (
            f"player p{state.actor + 1} is to act"
            if state.actor is not None
            else "cards are due"
            if state.phase is Phase.DEAL
            else "the hand is over"
        )
        raise ValueError(f"out of turn: {due}")
    legal = state.legal_actions()
    if verb == "pb":
        if BringIn() not in legal:
            allowed = ", ".join(str(a) for a in legal)
            raise ValueError(f"p{seat + 1} cannot bring in now (legal: {allowed})")
        return state.apply(BringIn())
    if verb == "f":
        return state.apply(Fold())
    if verb == "cc":
        return state.apply(Check() if Check() in legal else Call())
    if verb == "cbr":
        try:
            amount = _chips(float(args) if "." in args else int(args), "the amount")
        except ValueError:
            raise ValueError(f"'cbr' needs an amount, not {args!r}") from None
        for action in legal:
            if isinstance(action, Complete | Bet | Raise) and action.to == amount:
                return state.apply(action)
        wagers = [str(a) for a in legal if isinstance(a, Complete | Bet | Raise)]
        allowed = ", ".join(wagers) if wagers else "no bet or raise"
        raise ValueError(f"p{seat + 1} cannot bet or raise to {amount} here (allowed: {allowed})")
    raise ValueError(f"unknown action {verb!r} (stud uses pb, cbr, cc, f, sm)")


def _declare(state: HandState, seat: int, args: str, declarations: dict[int, bool]) -> HandState:
    if state.folded[seat]:
        raise ValueError(f"p{seat + 1} has folded and has nothing to show")
    # 'pN sm CARDS' shows, 'pN sm -' shows the cards already dealt, and 'pN sm'
    # with no cards mucks the hand.
    if args and args != "-" and "?" not in args:
        shown = parse_cards(args)
        if not set(state.cards_of(seat)).issubset(shown) or len(shown) > 7:
            dealt = " ".join(str(c) for c in state.cards_of(seat))
            raise ValueError(f"p{seat + 1} shows {args} but holds {dealt}")
    declarations[seat] = bool(args)
    if state.phase is Phase.SHOWDOWN:
        return _show_down_to(state, declarations)
    return state


def _show_down_to(state: HandState, declarations: dict[int, bool]) -> HandState:
    """Apply the showdown declarations known so far, in the engine's showdown order."""
    while state.phase is Phase.SHOWDOWN and state.actor in declarations:
        state = state.apply(Show() if declarations[state.actor] else Muck())
    return state


def to_phh(state: HandState, **extra: object) -> str:
    """A hand the engine played, as PHH text (with ``finishing_stacks`` once over)."""
    rules = state.rules
    actions: list[str] = []
    for event in state.events:
        match event:
            case CardsDealt(seat=seat):
                cards = "".join(str(c) for c in event.cards)
                actions.append(f"d dh p{seat + 1} {cards}")
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
        f"variant = {_toml(CODE_OF[rules.variant])}",
        f"ante_trimming_status = {_toml(not rules.dead_antes)}",
        f"antes = {_toml([rules.ante] * n)}",
        f"bring_in = {rules.bring_in}",
        f"small_bet = {rules.small_bet}",
        f"big_bet = {rules.big_bet}",
        f"starting_stacks = {_toml(list(state.starting_stacks))}",
        "actions = [",
        *(f"  {_toml(a)}," for a in actions),
        "]",
    ]
    if state.is_over:
        lines.append(f"finishing_stacks = {_toml(list(state.final_stacks))}")
    lines.extend(f"{key} = {_toml(value)}" for key, value in extra.items())
    return "\n".join(lines) + "\n"


def _notation(action: object) -> str:
    match action:
        case BringIn():
            return "pb"
        case Fold():
            return "f"
        case Check() | Call():
            return "cc"
        case Complete(to) | Bet(to) | Raise(to):
            return f"cbr {to}"
    raise ValueError(f"{action} has no PHH notation")


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise ValueError(f"cannot write {value!r} to PHH")
