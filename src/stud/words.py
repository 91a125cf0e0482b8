"""How every action is said, once: to the table, to the player, on a button, in files.

Each action class names its word (``Raise.word == "raise"``); the forms below are
the only place its wording lives. The text history, the terminal, the cardroom's
log and buttons, PHH and PokerStars all take theirs from here, so a player reads the
same verb everywhere, and nothing parses wording back out of a sentence.

- ``said("raise", 20)`` is the dealer's third person, ``raises to 20``;
  ``said("raise", 20, you=True)`` speaks to the player, ``raise to 20`` (after "You"),
  which is also the form an error uses ("cannot raise to 20 now").
- ``button("raise", 20)`` is a button's text, ``Raise to 20``.
- ``action_said(Raise(20))`` and ``action_button(Call(), 5)`` do the same for an
  action value (``stud.actions``), with the total it names.
- ``STARS`` holds PokerStars' own verbs (``raises 10 to 20``, ``mucks hand``) and
  ``PHH`` the PHH action codes (``cbr 20``).
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from stud.said import N_, Said

__all__ = [
    "ALL_IN",
    "PHH",
    "STARS",
    "VERBS",
    "Verb",
    "action_button",
    "action_button_said",
    "action_phrase",
    "action_said",
    "button",
    "button_said",
    "phrase",
    "said",
]


class Verb(NamedTuple):
    """One action's words: ``third`` at the table, ``second`` to the player, ``button``."""

    third: str
    second: str
    button: str


VERBS: dict[str, Verb] = {
    "ante": Verb("posts the ante", "post the ante", "Post the ante"),
    "bring_in": Verb("brings in", "bring in", "Bring in"),
    "fold": Verb("folds", "fold", "Fold"),
    "check": Verb("checks", "check", "Check"),
    "call": Verb("calls", "call", "Call"),
    "complete": Verb("completes to", "complete to", "Complete to"),
    "bet": Verb("bets", "bet", "Bet"),
    "raise": Verb("raises to", "raise to", "Raise to"),
    "show": Verb("shows", "show", "Show"),
    "muck": Verb("mucks", "muck", "Muck"),
    "win": Verb("wins", "win", "Win"),
}
"""Every action (and the ante and the win) as the table says it."""

ALL_IN = Verb(" and is all-in", " and are all-in", "")
"""What follows an action that put in a player's last chip."""

_FOR = {"bring_in": " for"}
"""Words between a verb and its amount, where there are any (``brings in for 5``)."""

STARS: dict[str, str] = {
    "ante": "posts the ante",
    "bring_in": "brings in for",
    "fold": "folds",
    "check": "checks",
    "call": "calls",
    "complete": "completes it to",
    "bet": "bets",
    "raise": "raises",  # PokerStars says the raise, then the total: raises 10 to 20
    "show": "shows",
    "muck": "mucks hand",
    "no_show": "doesn't show hand",
}
"""PokerStars' verbs, as its hand histories write them."""

PHH: dict[str, str] = {
    "bring_in": "pb",
    "complete": "cbr",
    "bet": "cbr",
    "raise": "cbr",
    "check": "cc",
    "call": "cc",
    "fold": "f",
    "show": "sm",
    "muck": "sm",
}
"""PHH's action codes: checks and calls are one code, as are every kind of raise."""


def said(
    word: str,
    amount: int | None = None,
    *,
    you: bool = False,
    all_in: bool = False,
    chips: str = "",
) -> str:
    """An action as the dealer says it (``raises to 20``), or to the player with ``you``
    (``raise to 20``); ``chips`` follows the amount, and an all-in ends the sentence."""
    verb = VERBS[word]
    text = verb.second if you else verb.third
    if amount is not None:
        text += f"{_FOR.get(word, '')} {amount}{chips}"
    if all_in:
        text += ALL_IN.second if you else ALL_IN.third
    return text


_PHRASES: dict[str, tuple[str, str | None]] = {
    "ante": (N_("posts the ante"), N_("posts the ante {amount}")),
    "bring_in": (N_("brings in"), N_("brings in for {amount}")),
    "fold": (N_("folds"), None),
    "check": (N_("checks"), None),
    "call": (N_("calls"), N_("calls {amount}")),
    "complete": (N_("completes to"), N_("completes to {amount}")),
    "bet": (N_("bets"), N_("bets {amount}")),
    "raise": (N_("raises to"), N_("raises to {amount}")),
    "show": (N_("shows"), None),
    "muck": (N_("mucks"), None),
    "win": (N_("wins"), N_("wins {amount}")),
}
"""``VERBS``' third person as message ids, without and with an amount, for the
languages of the cardroom's page (``stud.said``; ``said`` is their English)."""

_BUTTONS: dict[str, tuple[str, str | None]] = {
    "ante": (N_("Post the ante"), N_("Post the ante {amount}")),
    "bring_in": (N_("Bring in"), N_("Bring in {amount}")),
    "fold": (N_("Fold"), None),
    "check": (N_("Check"), None),
    "call": (N_("Call"), N_("Call {amount}")),
    "complete": (N_("Complete to"), N_("Complete to {amount}")),
    "bet": (N_("Bet"), N_("Bet {amount}")),
    "raise": (N_("Raise to"), N_("Raise to {amount}")),
    "show": (N_("Show"), None),
    "muck": (N_("Muck"), None),
    "win": (N_("Win"), N_("Win {amount}")),
}
"""``VERBS``' buttons as message ids, without and with an amount."""


def phrase(word: str, amount: int | None = None, *, all_in: bool = False) -> Said:
    """``said(word, amount, all_in=all_in)`` as a message for any language."""
    bare, counted = _PHRASES[word]
    out = Said(bare) if amount is None or counted is None else Said(counted, {"amount": amount})
    return Said(N_("{action} and is all-in"), {"action": out}) if all_in else out


def button_said(word: str, amount: int | None = None) -> Said:
    """``button(word, amount)`` as a message for any language."""
    bare, counted = _BUTTONS[word]
    return Said(bare) if amount is None or counted is None else Said(counted, {"amount": amount})


def button(word: str, amount: int | None = None) -> str:
    """A button's text: ``Raise to 20``, ``Call 5``, ``Fold``."""
    text = VERBS[word].button
    return text if amount is None else f"{text} {amount}"


class Spoken(Protocol):
    """An action value (``stud.actions``): it names its word, and maybe a total ``to``."""

    @property
    def word(self) -> str: ...


_WITH_CHIPS = frozenset({"call", "bring_in"})
"""Actions whose amount is the chips they put in, not a total they name."""


def _total(action: Spoken, chips: int | None = None) -> int | None:
    """The total an action names (``Raise(20)``: 20), or for a call or a bring-in the
    ``chips`` it puts in."""
    to: int | None = getattr(action, "to", None)
    if to is None and action.word in _WITH_CHIPS:
        return chips
    return to


def action_said(
    action: Spoken,
    amount: int | None = None,
    *,
    you: bool = False,
    all_in: bool = False,
    chips: str = "",
) -> str:
    """An action as ``said`` says it, with the total it names (``raises to 20``) or, for a
    call or a bring-in, the chips ``amount`` it put in when given (``calls 5``)."""
    return said(action.word, _total(action, amount), you=you, all_in=all_in, chips=chips)


def action_phrase(action: Spoken, amount: int | None = None, *, all_in: bool = False) -> Said:
    """``action_said`` (third person, no chips) as a message for any language."""
    return phrase(action.word, _total(action, amount), all_in=all_in)


def action_button(action: Spoken, chips: int) -> str:
    """A button's text for an action: ``Raise to 20``; a call or bring-in of ``chips``."""
    return button(action.word, _total(action, chips))


def action_button_said(action: Spoken, chips: int) -> Said:
    """``action_button`` as a message for any language."""
    return button_said(action.word, _total(action, chips))
