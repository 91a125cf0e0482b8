"""A sentence as a message id with its arguments, said in any language at the edge.

The core names hands and actions without knowing who reads them: ``Said("pair of
{ranks}", {"ranks": rank_said(11, "of ranks")})`` is "pair of jacks" in English
(``english()``), and the cardroom's page says it in the reader's own language from
its catalogue (``stud/locale/*.po``, docs/translations.md). The message ids are the
English text, with ``{name}`` placeholders, so the English needs no catalogue.

An argument is a number, a plain string (a player's name: never translated), another
``Said`` (translated in its turn), or a tuple of ``Said`` written joined by "-" (the
ranks of a low, ``Q-8-4-2-2``). A ``ctx`` is gettext's message context: the same
English word said differently in other languages ("aces" after "pair of" is "d'as"
in French).

``N_`` marks a message id where it is written, for ``pybabel extract``; it returns
its text unchanged. ``NC_`` marks one with its context and returns it as a ``Said``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

__all__ = ["NC_", "N_", "Arg", "Said", "SaidError"]

Arg: TypeAlias = "int | str | Said | tuple[Said, ...]"
"""What fills a placeholder."""


def N_(message: str) -> str:  # noqa: N802 (gettext's name)
    """A message id, marked for extraction (gettext's ``gettext_noop``)."""
    return message


@dataclass(frozen=True, slots=True)
class Said:
    """One message: its id (the English, with ``{name}`` placeholders), its
    arguments and its gettext context."""

    id: str
    args: Mapping[str, Arg] = field(default_factory=dict)
    ctx: str | None = None

    def english(self) -> str:
        """The message in English: its id with the arguments written in."""
        if not self.args:
            return self.id
        return self.id.format(**{name: _english(value) for name, value in self.args.items()})

    def json(self) -> dict[str, Any]:
        """The message for the page: ``{"id", "args"?, "ctx"?}`` (docs/protocol.md)."""
        out: dict[str, Any] = {"id": self.id}
        if self.args:
            out["args"] = {name: _json(value) for name, value in self.args.items()}
        if self.ctx is not None:
            out["ctx"] = self.ctx
        return out


def _english(value: Arg) -> str:
    if isinstance(value, Said):
        return value.english()
    if isinstance(value, tuple):
        return "-".join(part.english() for part in value)
    return str(value)


def _json(value: Arg) -> Any:
    if isinstance(value, Said):
        return value.json()
    if isinstance(value, tuple):
        return [part.json() for part in value]
    return value


def NC_(context: str, message: str) -> Said:  # noqa: N802 (gettext's name)
    """A word said differently by context (gettext's ``pgettext``), marked for
    extraction: ``NC_("rank", "ace")``."""
    return Said(message, ctx=context)


class SaidError(Exception):
    """A refusal whose reason is a message: ``str()`` is its English, ``said`` the
    message (``None`` when it was given as plain text), for the page's language."""

    def __init__(self, message: str | Said) -> None:
        self.said = message if isinstance(message, Said) else None
        super().__init__(message.english() if isinstance(message, Said) else message)

    def json(self) -> dict[str, Any]:
        """The refusal's fields for an answer: ``said``, when it is a message."""
        return {} if self.said is None else {"said": self.said.json()}
