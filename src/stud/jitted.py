"""The rules core (``stud.core``), callable from numba-compiled code.

``numba.extending.register_jitable`` teaches numba to compile a plain Python function
wherever a jitted function calls it, and returns the function unchanged: so after
this module is imported, the compiled engine, the odds kernels and the compiled bots
call exactly the functions the reference engine calls in Python. Import it (for its
effect) before compiling anything that calls the core; the core itself never
imports numba, nor does ``import stud``.
"""

from __future__ import annotations

from numba.extending import register_jitable

from stud.core import betting, codes, pots, shares

__all__: list[str] = []

for _module in (betting, codes, pots, shares):
    for _name, _value in vars(_module).items():
        if callable(_value) and getattr(_value, "__module__", None) == _module.__name__:
            if isinstance(_value, type):
                continue
            register_jitable(_value)
