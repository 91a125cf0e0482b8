"""Account names that cannot pass for another: one key per look, and reserved looks.

Two names are the same name when they look the same: ``name_key`` folds a name
(Unicode NFKC, then case folding, runs of spaces made one) and maps every
character to one representative of the characters Unicode lists as confusable
with it (UTS #39's ``confusables.txt``, as kept by ``confusable_homoglyphs``), so
"alice", "Alice", "Alice" in full-width letters and "alice" with a Cyrillic a
share a key. The store
keeps the key unique.

``check_name`` also refuses a name that mixes scripts with a letter confusable with
another script's (UTS #39's mixed-script confusables: "House" with a Greek Eta),
and a name that could pass for the house, a guest, a bot seat ("Tight bot 1") or
an observer, which is how the table shows those.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from confusable_homoglyphs import confusables

from stud.said import N_, Said, SaidError

__all__ = ["NameRefusedError", "check_name", "name_key"]


class NameRefusedError(SaidError, ValueError):
    """A name an account may not take, with the reason in one line."""


_RESERVED_WORDS = ("house", "guest", "bot", "observer")
"""Words the cardroom itself writes on a seat or in a log: none may be part of a name."""
_RESERVED_STARTS = ("house", "guest", "bot")
"""Beginnings of the names the cardroom gives (``guest-1a2b3c4d``, the house)."""


@cache
def _prototype(character: str) -> str:
    """One character standing for every character confusable with ``character``:
    the lowest of it and its single-character look-alikes."""
    found: list[dict[str, str]] = confusables.confusables_data.get(character) or []
    return min([character, *(glyph["c"] for glyph in found if len(glyph["c"]) == 1)])


def _folded(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def _skeleton(text: str) -> str:
    return "".join(_prototype(character) for character in text)


def name_key(name: str) -> str:
    """What a name looks like: equal keys for names a person could take for each other."""
    return _skeleton(_folded(name))


_RESERVED_KEYS = frozenset(_skeleton(word) for word in _RESERVED_WORDS)
_RESERVED_PREFIXES = tuple(_skeleton(word) for word in _RESERVED_STARTS)


def check_name(name: str) -> str:
    """The name as an account keeps it (NFKC, single spaces), or ``NameRefusedError``."""
    shown = " ".join(unicodedata.normalize("NFKC", name).split())
    if not 2 <= len(shown) <= 20 or not shown.replace(" ", "").replace("_", "").isalnum():
        raise NameRefusedError(Said(N_("a name is 2 to 20 letters, digits, spaces or underscores")))
    if confusables.is_dangerous(shown):
        raise NameRefusedError(
            Said(
                N_(
                    'the name "{name}" mixes scripts with letters that look like'
                    " another's: write it in one script"
                ),
                {"name": shown},
            )
        )
    words = [word.rstrip("0123456789") for word in re.split(r"[\s_]+", _folded(shown))]
    if any(_skeleton(word) in _RESERVED_KEYS for word in words) or name_key(
        shown.replace(" ", "").replace("_", "")
    ).startswith(_RESERVED_PREFIXES):
        raise NameRefusedError(
            Said(
                N_(
                    'the name "{name}" is reserved: it could pass for the house, a'
                    " guest, a bot or an observer"
                ),
                {"name": shown},
            )
        )
    return shown
