"""A local best response's winnings against a compiled bot, heads-up, over duplicate deals.

The kernel is ``stud.compiled.lbr``; this is the call a benchmark or a researcher
makes: ``local_best_response(rules, "learned", deals)`` is what the responder wins,
in big bets per 100 hands with a 95% interval over deals, each deal played twice
with the seats swapped. It is a lower bound on the bot's exploitability (a best
response wins at least as much), the measure poker research gives for games too
large for an exact one.
"""

from __future__ import annotations

import numpy as np

from stud.compiled.engine import rules_array
from stud.compiled.evaluation import kernel_tables
from stud.compiled.lbr import lbr_duplicate
from stud.compiled.policies import POLICY_NAMES
from stud.learned.train import DuplicateResult, summarise
from stud.rules import Rules

__all__ = ["local_best_response"]

_POLICY_OF = {name: number for number, name in POLICY_NAMES.items()}


def local_best_response(
    rules: Rules,
    bot: str,
    deals: int,
    *,
    seed: int = 0,
    stack: int = 1000,
    particles: int = 48,
    runs: int = 8,
    first: int = 0,
) -> DuplicateResult:
    """What a local best response wins against compiled bot ``bot`` over ``deals`` deals.

    ``particles`` guesses of the bot's face-down cards make its range, ``runs``
    run-outs per guess its share of the pot at each decision."""
    if bot not in _POLICY_OF:
        raise ValueError(f"bot {bot!r}: choose among {', '.join(_POLICY_OF)}")
    if deals < 2 or particles < 1 or runs < 1:
        raise ValueError("deals (at least 2), particles and runs must be positive")
    out = np.zeros(deals, dtype=np.int64)
    lbr_duplicate(
        rules_array(rules),
        np.full(2, stack, dtype=np.int64),
        np.uint64(seed),
        first,
        deals,
        _POLICY_OF[bot],
        particles,
        runs,
        kernel_tables(),
        out,
    )
    return summarise(out, rules.big_bet)
