"""Odds for any stud situation: exact enumeration or Monte Carlo, with dead cards.

A situation is each player's cards (three to seven, up and down alike) and the
dead cards (folded or otherwise seen). Every player is taken to the end with no
more folding; each outcome is one way to deal the cards still to come.

What a player holds face down need not be known. ``??`` is a card nobody has
seen: it comes from the unseen deck exactly like a card still to be dealt, so a
player showing ``?? ?? Kc`` simply needs six more cards. A range says more: the
down cards as weighted possibilities, ``[KK, XhXh:0.5] 9s Ts`` (see
``parse_range``). Each combination of the players' ranges that no seen card rules
out is a *holding*; the odds are the holdings' odds weighed by their weights,
exactly (every outcome of every holding) or by Monte Carlo (a holding drawn by
weight, then the rest of the deal).

How it is fast: the cards still to come are drawn from one remaining deck of ``m``
cards, and player ``i`` needs ``k_i`` of them. Every player's ``C(m, k_i)`` possible
completions are evaluated once, in a batch, by the compiled kernels; an outcome is
then a choice of disjoint completions, and scoring it is a few table lookups and
comparisons. Exact enumeration walks every disjoint choice; Monte Carlo draws them
at random and finds each player's table entry by the combinatorial number system
(the colex rank of the drawn deck positions).

The community card (R3.4): when the deck cannot give every player a seventh card,
one community card is everyone's seventh. Each possible community card is then
its own case (the card joins every hand still short of seven), and the cases are
weighed equally, as the card is equally likely to be any unseen one.

Pot shares are counted exactly in units of 1/1680 of a pot (1680 = 2 x lcm(1..8)),
so high/low halves split among any number of tied players stay whole numbers.

The package: ``ranges`` (the range parser), ``situation`` (the situation model),
``tables`` (every player's completions, evaluated in a batch), ``results`` and
``scheduling`` (a run cut into pieces on ``stud.parallel``'s pool). The compiled scoring,
enumeration and sampling are ``stud.compiled.equity``.
"""

from __future__ import annotations

from stud.core.shares import SHARE_UNIT
from stud.equity.ranges import EquityError, Range, parse_range
from stud.equity.results import EquityResult, Method, PlayerOdds
from stud.equity.scheduling import odds, run_equity
from stud.equity.situation import Situation

__all__ = [
    "SHARE_UNIT",
    "EquityError",
    "EquityResult",
    "Method",
    "PlayerOdds",
    "Range",
    "Situation",
    "odds",
    "parse_range",
    "run_equity",
]
