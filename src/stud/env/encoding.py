"""One seat's view as the arrays a learning agent reads: an observation and an action mask.

Everything here is built from a ``PlayerView`` and nothing else, so an agent can no
more see a hidden card than a bot can (R8.4). The environments (``stud.env.aec``,
``stud.env.gym_env``) call ``encode`` and ``action_map``; the encoding lives in one
place so that both agree, and a test checks it against the view.

Actions are the kinds a player names at the table, one index each:

====  ============  ==================================================================
 0    ``FOLD``
 1    ``CHECK_CALL`` check, or call (all-in when short)
 2    ``BRING_IN``   the forced opening wager on third street (R4)
 3    ``RAISE``      complete, bet or raise: the smaller aggressive amount
 4    ``BIG_BET``    the big bet an open pair allows on fourth street in stud (R5.5)
 5    ``SHOW``       at showdown, show to claim the pot
 6    ``MUCK``       at showdown, give the hand up
====  ============  ==================================================================

The observation is a flat ``float32`` vector in ``[0, 1]``, seats counted from the
observer (relative seat 0 is the observer, 1 the next player clockwise): one-hot
cards (each relative seat's face-up cards, the observer's face-down cards, the
community card), per relative seat its chips as a share of all chips at the table,
folded, all-in and to-act flags, then the street, phase, variant, table size, pot
and amount to call, and a few summaries of the observer's own cards (largest
group of a rank, pairs, longest suit, distinct low cards) that a linear policy
cannot work out from one-hot cards alone.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import numpy.typing as npt

from stud.actions import Action, Bet, BringIn, Call, Check, Complete, Fold, Muck, Raise, Show
from stud.cards import Card, Rank
from stud.rules import MAX_SEATS, Variant
from stud.state import Phase
from stud.views import PlayerView

__all__ = [
    "ACTION_NAMES",
    "BIG_BET",
    "BRING_IN",
    "CHECK_CALL",
    "FOLD",
    "MAX_SEATS",
    "MUCK",
    "N_ACTIONS",
    "OBS_SIZE",
    "RAISE",
    "SHOW",
    "action_map",
    "action_mask",
    "encode",
    "observe",
]

FOLD, CHECK_CALL, BRING_IN, RAISE, BIG_BET, SHOW, MUCK = range(7)
N_ACTIONS = 7
ACTION_NAMES = ("fold", "check/call", "bring-in", "complete/bet/raise", "big bet", "show", "muck")

_STREETS = (3, 4, 5, 6, 7)
_PHASES = (Phase.BETTING, Phase.SHOWDOWN, Phase.OVER)
_VARIANTS = (Variant.STUD, Variant.STUD8, Variant.RAZZ)
_SEAT_FIELDS = 7  # present, folded, all-in, to act, stack, wager, contributed

O_UP = 0  # 52 one-hot slots per relative seat
O_DOWN = O_UP + 52 * MAX_SEATS
O_COMMUNITY = O_DOWN + 52
O_SEATS = O_COMMUNITY + 52
O_STREET = O_SEATS + _SEAT_FIELDS * MAX_SEATS
O_PHASE = O_STREET + len(_STREETS)
O_VARIANT = O_PHASE + len(_PHASES)
O_PLAYERS = O_VARIANT + len(_VARIANTS)  # one-hot 2..8
O_POT = O_PLAYERS + MAX_SEATS - 1
O_TO_CALL = O_POT + 1
O_HAND = O_TO_CALL + 1  # the observer's own cards, summarised
OBS_SIZE = O_HAND + 4


def action_map(view: PlayerView) -> dict[int, Action]:
    """The legal actions of ``view`` by action index (empty when it is not this seat's turn).

    Of two aggressive amounts the larger is ``BIG_BET`` (the open pair's choice on
    fourth street, R5.5); a single one is ``RAISE``, whatever the street calls it.
    """
    aggressive = [a for a in view.legal_actions if isinstance(a, Complete | Bet | Raise)]
    actions: dict[int, Action] = {}
    for action in view.legal_actions:
        match action:
            case Fold():
                actions[FOLD] = action
            case Check() | Call():
                actions[CHECK_CALL] = action
            case BringIn():
                actions[BRING_IN] = action
            case Complete() | Bet() | Raise():
                big = len(aggressive) > 1 and action == aggressive[-1]
                actions[BIG_BET if big else RAISE] = action
            case Show():
                actions[SHOW] = action
            case Muck():
                actions[MUCK] = action
    return actions


def action_mask(view: PlayerView) -> npt.NDArray[np.int8]:
    """1 for each action index that is legal now, else 0."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    for index in action_map(view):
        mask[index] = 1
    return mask


def encode(view: PlayerView, table_chips: int) -> npt.NDArray[np.float32]:
    """The observation vector of ``view``; chips are shares of ``table_chips``."""
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    n = view.players
    scale = 1.0 / max(table_chips, 1)
    for rel in range(n):
        seat = (view.seat + rel) % n
        for card in view.up[seat]:
            obs[O_UP + 52 * rel + card.code] = 1.0
        base = O_SEATS + _SEAT_FIELDS * rel
        obs[base] = 1.0
        obs[base + 1] = view.folded[seat]
        obs[base + 2] = view.stacks[seat] == 0 and not view.folded[seat]
        obs[base + 3] = view.actor == seat
        obs[base + 4] = min(view.stacks[seat] * scale, 1.0)
        obs[base + 5] = min(view.wagers[seat] * scale, 1.0)
        obs[base + 6] = min(view.contributed[seat] * scale, 1.0)
    for card in view.down:
        obs[O_DOWN + card.code] = 1.0
    if view.community is not None:
        obs[O_COMMUNITY + view.community.code] = 1.0
    if view.street in _STREETS:
        obs[O_STREET + _STREETS.index(view.street)] = 1.0
    if view.phase in _PHASES:
        obs[O_PHASE + _PHASES.index(view.phase)] = 1.0
    obs[O_VARIANT + _VARIANTS.index(view.rules.variant)] = 1.0
    obs[O_PLAYERS + n - 2] = 1.0
    obs[O_POT] = min(view.pot * scale, 1.0)
    obs[O_TO_CALL] = min(view.to_call * scale, 1.0)
    obs[O_HAND : O_HAND + 4] = _hand_summary(view.my_cards, view.community)
    return obs


def observe(view: PlayerView, table_chips: int) -> dict[str, npt.NDArray[Any]]:
    """The observation both environments give: the vector and the action mask."""
    return {"observation": encode(view, table_chips), "action_mask": action_mask(view)}


def _hand_summary(cards: tuple[Card, ...], community: Card | None) -> list[float]:
    """Largest rank group, pairs, longest suit and distinct low cards, each in [0, 1]."""
    if community is not None:
        cards = (*cards, community)
    if not cards:
        return [0.0, 0.0, 0.0, 0.0]
    ranks = Counter(c.rank for c in cards)
    suits = Counter(c.suit for c in cards)
    lows = {c.rank for c in cards if c.rank <= Rank.EIGHT or c.rank is Rank.ACE}
    return [
        max(ranks.values()) / 4,
        min(sum(1 for k in ranks.values() if k >= 2), 3) / 3,
        max(suits.values()) / 7,
        min(len(lows), 5) / 5,
    ]
