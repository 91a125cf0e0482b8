"""One key per legal action: what a player at the terminal may press, and why not.

The engine lists the legal actions with exact amounts; this module gives each one
a key (``f`` fold, ``k`` check, ``c`` call or bring in, ``b``/``r`` the bet,
completion or raise, ``B``/``R`` the big bet that an open pair allows on fourth
street) and a label with the chips it costs, and turns a key back into the action.
Check and call have different keys, so a player who means to check can never
call a bet they had not seen. A key that is not allowed gets a message saying
why, never an exception: a wrong key must not lose the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from stud.actions import Action, Bet, BringIn, Call, Check, Complete, Fold, Muck, Raise, Show
from stud.views import PlayerView
from stud.words import VERBS

__all__ = ["Choice", "choices", "menu", "resolve"]


@dataclass(frozen=True, slots=True)
class Choice:
    """A legal action, the key that takes it, other keys that also do, and its label."""

    key: str
    action: Action
    label: str
    aliases: tuple[str, ...] = ()

    @property
    def keys(self) -> tuple[str, ...]:
        """Every key that takes this action."""
        return (self.key, *self.aliases)


def _all_in(view: PlayerView, chips: int) -> str:
    return " (all-in)" if chips >= view.stacks[view.seat] else ""


def choices(view: PlayerView) -> list[Choice]:
    """The keys for ``view.legal_actions``, in the order the engine lists them."""
    stack = view.stacks[view.seat]
    wager = view.wagers[view.seat]
    aggressive = [a for a in view.legal_actions if isinstance(a, Complete | Bet | Raise)]
    free_check = Check() in view.legal_actions
    result: list[Choice] = []
    for action in view.legal_actions:
        match action:
            case Fold():
                if not free_check:  # R5.8 allows it, but one stray key must not fold for free
                    result.append(Choice("f", action, _say(action)))
            case Check():
                result.append(Choice("k", action, _say(action)))
            case Call():
                chips = min(view.to_call, stack)
                result.append(Choice("c", action, f"{_say(action)} {chips}{_all_in(view, chips)}"))
            case BringIn():
                chips = min(view.rules.bring_in, stack)
                result.append(Choice("c", action, f"{_say(action)} {chips}{_all_in(view, chips)}"))
            case Complete(to) | Bet(to) | Raise(to):
                verb = VERBS[action.word].second
                big = len(aggressive) > 1 and action == aggressive[-1]
                note = " (big bet)" if big else ""
                label = f"{verb} {to}{note}{_all_in(view, to - wager)}"
                key, alias = ("B", "R") if big else ("b", "r")
                result.append(Choice(key, action, label, (alias,)))
            case Show():
                result.append(Choice("s", action, _say(action)))
            case Muck():
                result.append(Choice("m", action, _say(action)))
    return result


def _say(action: Action) -> str:
    """The action as the player says it, without an amount: ``fold``, ``bring in``."""
    return VERBS[action.word].second


def menu(options: list[Choice], sep: str = " · ") -> str:
    """The choices as one line: ``f fold · c call 5 · r raise to 10``."""
    return sep.join(f"{c.key} {c.label}" for c in options)


def resolve(key: str, view: PlayerView, sep: str = " · ") -> Action | str:
    """The action ``key`` takes, or a message saying why that key does nothing now."""
    options = choices(view)
    for choice in options:
        if key in choice.keys:
            return choice.action
    legal = view.legal_actions
    if key == "f" and Check() in legal:
        why = "nobody has bet, so there is nothing to fold: k checks"
    elif key in ("f", "k") and BringIn() in legal:
        why = "the bring-in cannot fold or check: bring in (c) or complete (b)"
    elif key == "c" and Check() in legal:
        why = "nobody has bet, so there is nothing to call: k checks"
    elif key == "k" and Call() in legal:
        chips = min(view.to_call, view.stacks[view.seat])
        why = f"there is a bet to you, so you cannot check: c calls {chips}, f folds"
    elif key in ("b", "r"):
        why = "no bet or raise is open to you now (the betting is capped, or you can only call)"
    elif key in ("B", "R"):
        why = "the big bet is only for fourth street in seven-card stud when a pair shows"
    elif key == "":
        why = "press one of the keys below"
    elif key.isprintable():
        why = f"{key!r} is not a key here"
    else:
        why = "that key does nothing here"
    return f"{why}. Your options: {menu(options, sep)}"
