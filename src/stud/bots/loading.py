"""Bots by spec: a built-in name, ``package.module:Class`` or ``path/to/file.py:Class``.

A spec is a plain string so that it can travel: the simulator sends the lineup to
worker processes and Ray tasks as strings, with the folder it was typed in, and
each worker loads the bots itself. A relative file path is read from that folder,
and a module is imported with that folder on ``sys.path`` (as ``python -m`` would
with the current one), so a bot beside the command works without installing it,
in a worker whose own current folder is elsewhere.

Every way a spec can be wrong is one ``BotLoadError`` line: no such file or module,
a file that fails to import, no such class, or a class whose instances do not meet
the bot protocol (``stud.bots.base.Bot``).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType

from stud.bots.base import Bot

__all__ = ["BotLoadError", "bot_factory"]

BotFactory = Callable[[], Bot]


class BotLoadError(ValueError):
    """A bot spec that does not give a working bot, with the reason."""


def _is_file_spec(source: str) -> bool:
    return source.endswith(".py") or "/" in source or os.sep in source


def bot_factory(
    spec: str, builtins: Mapping[str, BotFactory], folder: str | None = None
) -> BotFactory:
    """What makes a bot of ``spec``, read from ``folder`` (default: the current one);
    the bot is made once here to check it."""
    spec = spec.strip()
    if ":" not in spec:
        if spec in builtins:
            return builtins[spec]
        raise BotLoadError(
            f"no bot named {spec!r}; choose from {', '.join(sorted(builtins))}, "
            "or give module:Class or path/to/file.py:Class"
        )
    source, _, name = spec.rpartition(":")
    if not source or not name.isidentifier():
        raise BotLoadError(f"{spec!r}: write module:Class or path/to/file.py:Class")
    here = folder if folder is not None else os.getcwd()
    module = _load_file(source, here) if _is_file_spec(source) else _import(source, here)
    factory = getattr(module, name, None)
    if factory is None:
        raise BotLoadError(f"{spec!r}: {source} has no {name}")
    if not callable(factory):
        raise BotLoadError(f"{spec!r}: {name} is not a class (it is {type(factory).__name__})")
    _check(spec, factory)
    return factory  # type: ignore[no-any-return]


def _import(source: str, here: str) -> ModuleType:
    if here not in sys.path:
        sys.path.append(here)
    try:
        return importlib.import_module(source)
    except ModuleNotFoundError as error:
        if error.name is not None and source.startswith(error.name):
            raise BotLoadError(f"{source!r}: no module named {error.name!r}") from None
        raise BotLoadError(f"{source!r} cannot be imported: {_one_line(error)}") from None
    except Exception as error:  # the module's own code failed: say how, in one line
        raise BotLoadError(f"{source!r} cannot be imported: {_one_line(error)}") from None


def _load_file(source: str, here: str) -> ModuleType:
    path = (Path(here) / Path(source).expanduser()).resolve()
    if not path.is_file():
        raise BotLoadError(f"{source!r}: no such file")
    # One module name per file, so loading it again (in a worker) finds it in sys.modules.
    module_name = "_stud_bot_" + hashlib.sha1(str(path).encode()).hexdigest()[:16]
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise BotLoadError(f"{source!r} cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses and pickling look modules up here
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # the file's own code failed: say how, in one line
        del sys.modules[module_name]
        raise BotLoadError(f"{source!r} cannot be loaded: {_one_line(error)}") from None
    return module


def _check(spec: str, factory: Callable[[], object]) -> None:
    """Make one bot and check it has what ``stud.bots.base.Bot`` asks for."""
    try:
        bot = factory()
    except Exception as error:  # the bot's constructor failed
        raise BotLoadError(f"{spec!r}: making the bot failed: {_one_line(error)}") from None
    name = getattr(bot, "name", None)
    act = getattr(bot, "act", None)
    if not isinstance(name, str) or not callable(act):
        raise BotLoadError(
            f"{spec!r} does not meet the bot protocol (stud.bots.Bot): "
            "a bot needs a name (str) and an act(view, rng) method"
        )
    try:
        inspect.signature(act).bind(None, None)
    except TypeError:
        raise BotLoadError(
            f"{spec!r}: its act method must take two arguments, act(view, rng)"
        ) from None
    except ValueError:  # no signature to inspect (a builtin): trust it
        pass


def _one_line(error: BaseException) -> str:
    if isinstance(error, SyntaxError):
        return f"SyntaxError: {error.msg} (line {error.lineno})"
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
