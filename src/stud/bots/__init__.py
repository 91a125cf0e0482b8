"""Bots: policies behind one small protocol (``Bot``), and the registry of them by name.

``make_bot`` takes a built-in name or a spec of a bot of your own,
``package.module:Class`` or ``path/to/file.py:Class`` (``stud.bots.loading``).
"""

from collections.abc import Callable

from stud.bots.base import Bot, BotError, ask
from stud.bots.compiled import CompiledBot, EquityBot, TightBot
from stud.bots.learned import LearnedBot
from stud.bots.loading import BotLoadError
from stud.bots.loading import bot_factory as _bot_factory
from stud.bots.simple import RandomBot, StationBot

__all__ = [
    "BOTS",
    "Bot",
    "BotError",
    "BotLoadError",
    "CompiledBot",
    "EquityBot",
    "LearnedBot",
    "RandomBot",
    "StationBot",
    "TightBot",
    "ask",
    "bot_factory",
    "make_bot",
]

BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "station": StationBot,
    "tight": TightBot,
    "equity": EquityBot,
    "learned": LearnedBot,
}
"""Every built-in bot by the name used on the command line."""


def bot_factory(spec: str, folder: str | None = None) -> Callable[[], Bot]:
    """What makes the bot of a name or spec (a relative one read from ``folder``, by
    default the current one); a ``BotLoadError`` says why there is none."""
    return _bot_factory(spec, BOTS, folder)


def make_bot(spec: str) -> Bot:
    """A bot by name or spec; the error lists the names there are."""
    return bot_factory(spec)()
