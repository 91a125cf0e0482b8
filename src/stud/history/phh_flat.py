"""A PHH hand as stud writes it, read without TOML: fast, and only that shape.

Reading a million stored hands through a TOML parser costs more than counting
them. ``to_phh`` writes one field a line and the actions one string a line, so
this reader takes that shape and nothing else: any line it does not expect (a
table, a multi-line value other than the actions, an escape in a string, a value
that is not a whole number where one is due) gives ``None``, and the caller reads
the hand with the real parser (``parse_phh``). The rules are read by that parser
too, once per different set of rule fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from stud.history.phh import PHHError, _rule_options, parse_phh
from stud.rules import Rules

__all__ = ["FlatHand", "read_flat"]

_RULE_FIELDS = frozenset(
    {"variant", "ante_trimming_status", "antes", "bring_in", "small_bet", "big_bet"}
)
_RULE_OPTIONS = frozenset(f"_{name}" for name in _rule_options())
"""The rule settings written as user fields (``_max_raises = 4``)."""
_STACKS = frozenset({"starting_stacks", "finishing_stacks"})


@dataclass(frozen=True, slots=True)
class FlatHand:
    """The fields of a PHH hand that counting needs."""

    rules: Rules
    starting_stacks: tuple[int, ...]
    finishing_stacks: tuple[int, ...]
    actions: tuple[str, ...]


@lru_cache(maxsize=256)
def _rules(lines: tuple[str, ...], players: int) -> Rules | None:
    """The rules the real parser reads from these rule fields, or ``None``."""
    stacks = ", ".join(["1"] * players)
    try:
        return parse_phh("\n".join((*lines, f"starting_stacks = [{stacks}]")) + "\n").rules
    except PHHError:
        return None


def _whole_numbers(value: str) -> tuple[int, ...] | None:
    if len(value) < 2 or value[0] != "[" or value[-1] != "]":
        return None
    parts = value[1:-1].split(",")
    if not all(p.strip().isdigit() for p in parts):
        return None
    return tuple(int(p) for p in parts)


def read_flat(text: str) -> FlatHand | None:
    """The hand's rules, stacks and actions, or ``None`` if the text is not in the shape
    ``to_phh`` writes (then read it with ``parse_phh``)."""
    rule_lines: list[str] = []
    stacks: dict[str, tuple[int, ...]] = {}
    actions: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line:
            continue
        key, sep, value = line.partition(" = ")
        if not sep or not key.replace("_", "").isalnum():
            return None
        if key == "actions":
            if value != "[":
                return None
            while i < len(lines) and lines[i] != "]":
                item = lines[i]
                i += 1
                if not (item.startswith('  "') and item.endswith('",')):
                    return None
                body = item[3:-2]
                if '"' in body or "\\" in body:
                    return None
                actions.append(body)
            if i == len(lines):
                return None
            i += 1
        elif key in _RULE_FIELDS or key in _RULE_OPTIONS:
            if "#" in value or ("[" in value and not value.endswith("]")):
                return None
            rule_lines.append(line)
        elif key in _STACKS:
            numbers = _whole_numbers(value)
            if numbers is None:
                return None
            stacks[key] = numbers
        elif ("[" in value and not value.endswith("]")) or value.startswith(('"""', "'''")):
            return None  # a value over several lines
    start, finish = stacks.get("starting_stacks"), stacks.get("finishing_stacks")
    if start is None or finish is None or len(start) != len(finish):
        return None
    rules = _rules(tuple(sorted(rule_lines)), len(start))
    if rules is None:
        return None
    return FlatHand(rules, start, finish, tuple(actions))
