"""Hand values: the reference evaluators and the fast evaluators the engine uses.

``reference`` holds the plain, exhaustively tested evaluators (the oracle). The
names exported here are the ones the rest of stud calls; they are free to use
faster code as long as they return exactly the reference values.
"""

from stud.evaluation.reference import (
    HighCategory,
    best_high_five,
    best_low8_five,
    describe_high,
    describe_low,
    high_category,
    high_value,
    low8_value,
    razz_value,
    showing_value,
)

__all__ = [
    "HighCategory",
    "best_high_five",
    "best_low8_five",
    "describe_high",
    "describe_low",
    "high_category",
    "high_value",
    "low8_value",
    "razz_value",
    "showing_value",
]
