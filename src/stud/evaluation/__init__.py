"""Hand values: the reference evaluators and the fast evaluators the engine uses.

``reference`` holds the plain, exhaustively tested evaluators (the oracle). The
names exported here are the ones the rest of stud calls: ``high_value``,
``low8_value``, ``razz_value``, ``high_low8_value`` and ``showing_value`` are the
per-call evaluators of ``fast`` (a C extension over the tables of ``tables``, and
a remembered showing value), which return exactly the reference values. Batches
of hands go to ``kernels`` (numba), imported on its own so that importing stud
does not load numba.
"""

from stud.evaluation.fast import (
    high_low8_value,
    high_value,
    low8_value,
    razz_value,
    showing_value,
)
from stud.evaluation.reference import (
    HighCategory,
    best_high_five,
    best_low8_five,
    describe_high,
    describe_high_so_far,
    describe_low,
    describe_low_draw,
    high_category,
)

__all__ = [
    "HighCategory",
    "best_high_five",
    "best_low8_five",
    "describe_high",
    "describe_high_so_far",
    "describe_low",
    "describe_low_draw",
    "high_category",
    "high_low8_value",
    "high_value",
    "low8_value",
    "razz_value",
    "showing_value",
]
