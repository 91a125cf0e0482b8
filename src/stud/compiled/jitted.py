"""The rules core (``stud.core``), callable from numba-compiled code, and how the hot
compiled code is compiled.

``numba.extending.register_jitable`` teaches numba to compile a plain Python function
wherever a jitted function calls it, and returns the function unchanged: so after
this module is imported, the compiled engine, the odds kernels and the compiled bots
call exactly the functions the reference engine calls in Python. Import it (for its
effect) before compiling anything that calls the core; the core itself never
imports numba, nor does ``import stud``.

No reference counts where a hand is played. numba counts references to every array
view a compiled function takes (a table's row, a block of its seats): an atomic
increment and decrement, each waiting on the stores before it. Code that allocates
nothing and only takes views of arrays its caller holds needs none of that, so the
core and the engine's per-step functions (``uncounted``) are compiled without it
(numba's ``_nrt=False``): the counts were the largest part of a step.
A function that calls code which does allocate (the tight and equity policies) is
compiled ``counted``, and says so: a function that leaves the choice open inherits
it from the first caller it is compiled for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit, typeof
from numba.extending import register_jitable

from stud.core import betting, codes, pots, shares

__all__ = ["counted", "specialised", "uncounted"]

_F = TypeVar("_F", bound=Callable[..., Any])
_UNCOUNTED: dict[str, Any] = {"cache": True, "_nrt": False}
_COUNTED: dict[str, Any] = {"cache": True, "_nrt": True}


def uncounted(function: _F) -> _F:
    """``njit(cache=True)`` without reference counts: for code that allocates nothing."""
    return cast(_F, njit(**_UNCOUNTED)(function))


def counted(function: _F) -> _F:
    """``njit(cache=True)`` with reference counts, whoever calls it first."""
    return cast(_F, njit(**_COUNTED)(function))


def specialised(dispatcher: Any, *args: Any) -> Callable[..., Any]:
    """The compiled code of ``dispatcher`` for the types of ``args``, called directly.

    A call through a numba dispatcher first works out the type of every argument to
    pick the compiled version; for a call with twenty arguments, among them the
    evaluator's tables (a named tuple of arrays), that is a few microseconds, more
    than one decision of a hand takes. The compiled version found once (loaded from
    the cache, or compiled) only unboxes its arguments. Every later call must pass
    arguments of the same types, which a caller holding its own arrays does.
    """
    types = tuple(typeof(a) for a in args)  # type: ignore[no-untyped-call]
    entry: Callable[..., Any] = dispatcher.compile(types)
    return entry


for _module in (betting, codes, pots, shares):
    for _name, _value in vars(_module).items():
        if callable(_value) and getattr(_value, "__module__", None) == _module.__name__:
            if isinstance(_value, type):
                continue
            register_jitable(_nrt=False)(_value)
