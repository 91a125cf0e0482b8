"""The integer codes the core speaks: variants, action kinds, table limits, card keys.

Cards are card codes, ``(rank - 2) * 4 + suit`` (``stud.cards``): ``code // 4 + 2``
is the rank with the ace high, ``code % 4`` the suit, clubs lowest (R1.1).
"""

from __future__ import annotations

from functools import cache

from stud.rules import MAX_SEATS, Rules, ShortAllInRule, Variant

__all__ = [
    "BET",
    "BRING_IN",
    "CALL",
    "CHECK",
    "COMPLETE",
    "FOLD",
    "MAX_LEGAL",
    "MAX_SEATS",
    "NO_CARD",
    "NO_LOW",
    "RAISE",
    "RAZZ",
    "R_ANTE",
    "R_BIG",
    "R_BRING_IN",
    "R_DEAD_ANTES",
    "R_HALF_BET",
    "R_MAX_RAISES",
    "R_RAKE_CAP",
    "R_RAKE_PERMILLE",
    "R_SIZE",
    "R_SMALL",
    "R_UNCAPPED_HU",
    "R_VARIANT",
    "STUD",
    "STUD8",
    "high_card_key",
    "low_card_key",
    "rule_codes",
    "variant_code",
]

MAX_LEGAL = 4
"""Most legal actions at once: fold, check or call, and a wager of each of two sizes
(R5.5, R5.8)."""

NO_CARD = -1
"""An empty card slot."""
NO_LOW = 0x7FFF_FFFF
"""The low value of a hand with no eight-or-better low: above every real low value, so
"lower is better" comparisons need no special case."""

# Variant codes.
STUD = 0
STUD8 = 1
RAZZ = 2

# A rule set as integers (``rule_codes``), one slot each.
R_VARIANT = 0
R_ANTE = 1
R_BRING_IN = 2
R_SMALL = 3
R_BIG = 4
R_MAX_RAISES = 5
R_UNCAPPED_HU = 6
R_HALF_BET = 7
R_DEAD_ANTES = 8
R_RAKE_PERMILLE = 9
R_RAKE_CAP = 10
R_SIZE = 11

# Action kind codes.
FOLD = 0
CHECK = 1
CALL = 2
BRING_IN = 3
COMPLETE = 4
BET = 5
RAISE = 6


def high_card_key(code: int) -> int:
    """A card's place in high-card order, rank then suit (R4.1, R7.2): its code."""
    return code


def low_card_key(code: int) -> int:
    """A card's place in low-card order, the ace lowest, then by suit (R4.1, R7.2, R7.5)."""
    rank = code // 4 + 2
    low = 1 if rank == 14 else rank
    return low * 4 + code % 4


_VARIANT_CODES = {Variant.STUD: STUD, Variant.STUD8: STUD8, Variant.RAZZ: RAZZ}


def variant_code(variant: Variant) -> int:
    """The code of a variant."""
    return _VARIANT_CODES[variant]


@cache
def rule_codes(rules: Rules) -> tuple[int, ...]:
    """A rule set as the core's integers, slot ``R_*`` each (computed once per rule set)."""
    codes = [0] * R_SIZE
    codes[R_VARIANT] = variant_code(rules.variant)
    codes[R_ANTE] = rules.ante
    codes[R_BRING_IN] = rules.bring_in
    codes[R_SMALL] = rules.small_bet
    codes[R_BIG] = rules.big_bet
    codes[R_MAX_RAISES] = rules.max_raises
    codes[R_UNCAPPED_HU] = int(rules.uncapped_heads_up)
    codes[R_HALF_BET] = int(rules.short_all_in_rule is ShortAllInRule.HALF_BET)
    codes[R_DEAD_ANTES] = int(rules.dead_antes)
    codes[R_RAKE_PERMILLE] = rules.rake_permille
    codes[R_RAKE_CAP] = rules.rake_cap
    return tuple(codes)
