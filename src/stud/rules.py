"""Rules: the variant and the fixed-limit stakes of a game, validated once (R2, R5).

A ``Rules`` value is immutable and always valid: the checks in ``__post_init__`` are
the only place stakes are checked, so the engine never has to ask again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from stud.said import N_

__all__ = [
    "DEFAULT_STAKES",
    "MAX_SEATS",
    "MIN_SEATS",
    "Rules",
    "RulesError",
    "ShortAllInRule",
    "Variant",
]

MIN_SEATS = 2
"""The fewest players at a table (R1.2)."""
MAX_SEATS = 8
"""The most players at a table (R1.2)."""
DEFAULT_STAKES = "1/1/5/10"
"""The stakes every command and the cardroom deal when none are named: ante/bring-in/small/big."""


class RulesError(ValueError):
    """A rule set that cannot be played, with the reason."""


class Variant(StrEnum):
    """The games stud plays."""

    STUD = "stud"
    """Seven-Card Stud: the best high hand wins."""
    STUD8 = "stud8"
    """Seven-Card Stud High-Low, eight or better: high and qualifying low split."""
    RAZZ = "razz"
    """Razz: the best A-5 low wins, no qualifier."""

    @property
    def game_name(self) -> str:
        """The game's name as a cardroom prints it."""
        return {
            Variant.STUD: N_("Seven-Card Stud"),
            Variant.STUD8: N_("Seven-Card Stud Hi-Lo (8 or better)"),
            Variant.RAZZ: N_("Razz"),
        }[self]


class ShortAllInRule(StrEnum):
    """How a short all-in bet or raise treats players who already acted (R5.6)."""

    HALF_BET = "half-bet"
    """At least half an increment counts as a full raise and reopens the betting."""
    FULL_BET = "full-bet"
    """A short all-in never reopens the betting."""


@dataclass(frozen=True, slots=True)
class Rules:
    """A game: variant, stakes and the options RULES.md names, with its defaults.

    A typical game: ``Rules(Variant.STUD8, ante=1, bring_in=2, small_bet=5, big_bet=10)``.

    ``bring_in`` defaults to the ante (R2.1). ``max_raises`` is the number of raises
    allowed after the bet or completion (R5.2: one bet and three raises). A cash game
    with the house's rake (R9) sets ``rake_permille`` and ``rake_cap``, or reads them
    with ``with_rake("5%:3")``.
    """

    variant: Variant = Variant.STUD
    ante: int = 1
    bring_in: int = 0
    small_bet: int = 5
    big_bet: int = 10
    max_raises: int = 3
    uncapped_heads_up: bool = False
    short_all_in_rule: ShortAllInRule = ShortAllInRule.HALF_BET
    dead_antes: bool = False
    """Antes as dead money: all of them form the main pot, which every player still in
    can win whatever they anted (PHH's ``ante_trimming_status = false``). By default
    antes are contributions like any other, so a player all-in for less than the
    ante wins only what others matched (R6.3)."""
    rake_permille: int = 0
    """The house's rake in thousandths of the pot (50 is 5%, 25 is 2.5%), rounded down
    to whole chips (R9.1); thousandths keep a fraction of a percent exact. 0: no rake."""
    rake_cap: int = 0
    """The most chips raked from one hand (R9.1); 0 for no cap."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", _coerce(Variant, self.variant, "variant"))
        object.__setattr__(
            self,
            "short_all_in_rule",
            _coerce(ShortAllInRule, self.short_all_in_rule, "short_all_in_rule"),
        )
        for name in (
            "ante",
            "bring_in",
            "small_bet",
            "big_bet",
            "max_raises",
            "rake_permille",
            "rake_cap",
        ):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"{name} must be a whole number of chips (R1.3), not {value!r}")
            if value < 0:
                raise RulesError(f"{name} cannot be negative ({value})")
        if self.bring_in == 0:
            object.__setattr__(self, "bring_in", self.ante)
        if self.bring_in < 1:
            raise RulesError("the bring-in must be at least one chip (with no ante, set bring_in)")
        if self.bring_in < self.ante:
            raise RulesError(
                f"the bring-in ({self.bring_in}) cannot be less than the ante ({self.ante}) (R2.1)"
            )
        if self.bring_in >= self.small_bet:
            raise RulesError(
                f"the bring-in ({self.bring_in}) must be less than the small bet "
                f"({self.small_bet}) (R2.1)"
            )
        if self.rake_permille > 1000:
            raise RulesError(
                f"the rake ({self.rake_permille} per mille) cannot be more than the pot (R9.1)"
            )
        if self.big_bet < self.small_bet:
            raise RulesError(
                f"the big bet ({self.big_bet}) cannot be less than the small bet ({self.small_bet})"
            )

    @classmethod
    def from_stakes(cls, stakes: str, variant: Variant | str = Variant.STUD) -> Rules:
        """Rules from ``ante/bring-in/small/big`` such as ``"1/1/5/10"``."""
        parts = stakes.split("/")
        # ASCII digits only: int() would also take other scripts' digits (full-width ones).
        if len(parts) != 4 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            raise RulesError(
                f"stakes {stakes!r} must be four whole numbers: ante/bring-in/small bet/big bet"
            )
        ante, bring_in, small, big = (int(p) for p in parts)
        return cls(
            variant=_coerce(Variant, variant, "variant"),
            ante=ante,
            bring_in=bring_in,
            small_bet=small,
            big_bet=big,
        )

    def with_rake(self, rake: str) -> Rules:
        """These rules with the rake ``percent[:cap]``, such as ``"5%:3"`` or ``"2.5"``
        (R9.1): the percentage to a tenth at most, the cap in whole chips."""
        percent, _, cap = rake.strip().partition(":")
        percent = percent.strip().removesuffix("%").strip()
        whole, _, tenths = percent.partition(".")
        cap = cap.strip()
        if not (
            whole.isascii()
            and whole.isdigit()
            and (tenths == "" or (tenths.isascii() and tenths.isdigit() and len(tenths) == 1))
            and (cap == "" or (cap.isascii() and cap.isdigit()))
            and (percent.count(".") == 0 or tenths != "")
        ):
            raise RulesError(
                f"rake {rake!r} must be a percentage with at most one decimal and an "
                "optional cap in chips, like 5%:3 or 2.5%"
            )
        permille = int(whole) * 10 + int(tenths or 0)
        return replace(self, rake_permille=permille, rake_cap=int(cap or 0))

    @property
    def rake(self) -> str:
        """The rake as ``percent%[:cap]`` (``"5%:3"``), or ``""`` with none."""
        if not self.rake_permille:
            return ""
        whole, tenths = divmod(self.rake_permille, 10)
        percent = f"{whole}.{tenths}%" if tenths else f"{whole}%"
        return f"{percent}:{self.rake_cap}" if self.rake_cap else percent

    @property
    def stakes(self) -> str:
        """The stakes as ``ante/bring-in/small/big``."""
        return f"{self.ante}/{self.bring_in}/{self.small_bet}/{self.big_bet}"

    def bet_size(self, street: int) -> int:
        """The fixed bet of a street: small on third and fourth, big after (R2.2)."""
        return self.small_bet if street <= 4 else self.big_bet

    @property
    def split_low(self) -> bool:
        """Whether pots split with an eight-or-better low (stud8)."""
        return self.variant is Variant.STUD8

    @property
    def lowball(self) -> bool:
        """Whether the lowest hand wins the whole pot (razz)."""
        return self.variant is Variant.RAZZ


_E = TypeVar("_E", bound=StrEnum)


def _coerce(kind: type[_E], value: object, name: str) -> _E:
    try:
        return kind(str(value))
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise RulesError(f"{name} {value!r} is not one of: {allowed}") from None
