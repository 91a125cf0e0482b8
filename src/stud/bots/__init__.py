"""Bots: policies behind one small protocol (``Bot``), and the registry of them by name."""

from collections.abc import Callable

from stud.bots.base import Bot
from stud.bots.compiled import CompiledBot, EquityBot, TightBot
from stud.bots.simple import RandomBot, StationBot

__all__ = [
    "BOTS",
    "Bot",
    "CompiledBot",
    "EquityBot",
    "RandomBot",
    "StationBot",
    "TightBot",
    "make_bot",
]

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "station": StationBot,
    "tight": TightBot,
    "equity": EquityBot,
}
"""Every bot by the name used on the command line."""


def make_bot(name: str) -> Bot:
    """A bot by name; the error lists the names there are."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"no bot named {name!r}; choose from {', '.join(sorted(BOTS))}") from None
