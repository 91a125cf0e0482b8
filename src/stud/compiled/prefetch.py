"""``prefetch(array, index)``: ask the memory system for an element's cache line ahead of use.

The batched environment steps its tables in order, and each step reads a table's
state and writes its 2,400-byte observation; from about a thousand tables on they
no longer fit in the caches, and the step waits on memory for lines the hardware
prefetcher does not foresee (a few scattered lines of each table's state). Asking
for the next tables' lines while this one is played overlaps those waits with work.
Nothing is read or written: the
instruction is a hint (LLVM's ``llvm.prefetch``, for writing, kept in every cache
level), and a wrong address costs nothing but the hint.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir  # type: ignore[import-untyped]  # no type hints shipped
from numba.core import cgutils, types
from numba.extending import intrinsic

__all__ = ["prefetch"]

_cg: Any = cgutils  # numba's code-generation helpers carry no type hints


def _prefetch(typingctx: Any, array: Any, index: Any) -> Any:
    """Fetch the cache line of ``array[index]`` (a 1-D array) for writing, no wait."""
    signature = types.void(array, types.intp)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        kind = sig.args[0]
        view = context.make_array(kind)(context, builder, args[0])
        at = _cg.get_item_pointer(context, builder, kind, view, [args[1]], wraparound=False)
        byte = ir.IntType(8).as_pointer()
        word = ir.IntType(32)
        hint = ir.FunctionType(ir.VoidType(), [byte, word, word, word])
        function = _cg.get_or_insert_function(builder.module, hint, "llvm.prefetch.p0")
        # for writing (1), kept in every level (3), a data line (1)
        builder.call(function, [builder.bitcast(at, byte), word(1), word(3), word(1)])
        return context.get_dummy_value()

    return signature, codegen


prefetch: Any = intrinsic(_prefetch)  # called as prefetch(array, index) in compiled code
