"""stud: Seven-Card Stud, Stud Hi-Lo and Razz, played, analysed and simulated.

The public API is what this module exports; everything else is free to change.

>>> import random, stud
>>> rules = stud.Rules(stud.Variant.STUD8, ante=1, bring_in=1, small_bet=5, big_bet=10)
>>> hand = stud.new_hand(rules, [100, 100, 100], rng=random.Random(7))
>>> hand.actor, hand.legal_actions()
(0, [BringIn(), Complete(to=5)])
"""

from typing import TYPE_CHECKING, Any

from stud.actions import (
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Event,
    Fold,
    Muck,
    Raise,
    Show,
)
from stud.cards import Card, CardError, Rank, Suit, format_cards, parse_card, parse_cards
from stud.rules import Rules, RulesError, ShortAllInRule, Variant
from stud.state import HandState, IllegalActionError, Phase, new_hand
from stud.views import PlayerView, view_of

if TYPE_CHECKING:
    from stud.equity import odds


def __getattr__(name: str) -> Any:
    """``stud.odds`` loads the compiled odds kernels only when first used.

    The function is ``stud.odds`` and its module ``stud.equity``: two names, so that
    importing from the module (which makes ``stud.equity`` the module) never hides
    the function.
    """
    if name == "odds":
        from stud.equity import odds  # noqa: PLC0415

        return odds
    if name == "equity":
        import stud.equity  # noqa: PLC0415

        return stud.equity
    raise AttributeError(f"module 'stud' has no attribute {name!r}")


__all__ = [
    "Action",
    "Bet",
    "BringIn",
    "Call",
    "Card",
    "CardError",
    "Check",
    "Complete",
    "Event",
    "Fold",
    "HandState",
    "IllegalActionError",
    "Muck",
    "Phase",
    "PlayerView",
    "Raise",
    "Rank",
    "Rules",
    "RulesError",
    "ShortAllInRule",
    "Show",
    "Suit",
    "Variant",
    "format_cards",
    "new_hand",
    "odds",
    "parse_card",
    "parse_cards",
    "view_of",
]
