"""The compiled hand engine: the rules of ``stud.state`` over flat arrays, for volume.

``stud.state`` is the rulebook's reading: immutable, one event at a time, easy to
check, and far too slow to measure bots over millions of hands. This module plays
the same hands in numba-compiled code over a few integer arrays, and runs the
built-in bots' compiled policies inside the same loop.

It is not a second rulebook: every decision (who brings in and acts first, what is
legal, whether a short all-in counts, who acts next, the uncalled bet, the pots, the
shares and odd chips) is a call into ``stud.core``, the very functions the reference
engine calls; this module keeps only the array plumbing (dealing, posting chips,
moving from street to street). Tests still play random hands of every variant and
option through both engines with the same deck and choices and require identical
legal actions, observations (``observe(view_of(state, seat))``) and final stacks.

Layout. A table is described by:

* ``r`` (``core.codes.R_*``): the rules as integers;
* ``t`` (``T_*``, declared once in ``core.layout.TABLE``): per-seat blocks of
  ``MAX_SEATS`` slots (stacks, contributions, wagers, folds, ...) and single values
  (street, level, actor, ...), ``int64`` or ``int32`` (the same code compiles for
  either; the batched environment's many tables take the smaller);
* ``cards``: ``(MAX_SEATS, 7)`` card codes per seat in the order dealt (two down,
  up to four up, the seventh down). When the community card is dealt (R3.4) it is
  written into every live seat's seventh slot, so ``cards[s, :7]`` is always the
  hand a seat plays with.

Players always show at showdown here: showing never costs chips, so a bot that
mucks a live hand only gives chips away.

No reference counts. The functions a hand's steps run through allocate nothing and
take only rows and slices of arrays their caller holds, so they are compiled
``uncounted`` (``stud.compiled.jitted``); ``bot_choice`` is ``counted``, since the tight and
equity policies it calls allocate scratch.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from stud.bots.observation import (
    O_AMOUNT,
    O_ANTE,
    O_BIG,
    O_BRING_IN,
    O_COMMUNITY,
    O_CONTRIB,
    O_DOWN,
    O_FOLDED,
    O_KIND,
    O_LEVEL,
    O_NDOWN,
    O_NLEGAL,
    O_NUP,
    O_PLAYERS,
    O_SEAT,
    O_SMALL,
    O_STACK,
    O_STREET,
    O_UP,
    O_VARIANT,
    O_WAGER,
    OBS_SIZE,
)
from stud.compiled.evaluation import (
    NO_LOW,
    hand_high,
    hand_low8,
    hand_razz,
    hand_showing,
)
from stud.compiled.features import random_choice
from stud.compiled.jitted import counted, uncounted  # the core, callable from here
from stud.compiled.policies import RANDOM, STATION, decide
from stud.compiled.rng import next_below
from stud.core import betting, pots, shares
from stud.core.codes import (
    BRING_IN,
    CALL,
    CHECK,
    FOLD,
    MAX_LEGAL,
    R_ANTE,
    R_BIG,
    R_BRING_IN,
    R_DEAD_ANTES,
    R_HALF_BET,
    R_RAKE_CAP,
    R_RAKE_PERMILLE,
    R_SIZE,
    R_SMALL,
    R_VARIANT,
    RAZZ,
    STUD8,
    low_card_key,
    rule_codes,
)
from stud.core.layout import TABLE
from stud.rules import MAX_SEATS, Rules

__all__ = [
    "MAX_ACTIONS",
    "R_SIZE",
    "T_SIZE",
    "apply_action",
    "bot_choice",
    "hand_buffers",
    "legal_actions",
    "observe_table",
    "rules_array",
    "run_hand",
    "shuffle",
    "start_hand",
]

# -- the table (t), as ``core.layout.TABLE`` declares it ---------------------------
T_STACK = TABLE["stack"]
T_CONTRIB = TABLE["contrib"]
T_WAGER = TABLE["wager"]
T_FOLDED = TABLE["folded"]
T_ACTED = TABLE["acted"]
T_NCARDS = TABLE["ncards"]
T_DEAD = TABLE["dead"]
T_SHOWING = TABLE["showing"]
T_START = TABLE["start"]
T_N = TABLE["n"]
T_STREET = TABLE["street"]
T_LEVEL = TABLE["level"]
T_FULL_BET = TABLE["full_bet"]
T_RAISES = TABLE["raises"]
T_INCREMENT = TABLE["increment"]
T_OPEN_PAIR = TABLE["open_pair"]
T_ACTOR = TABLE["actor"]
T_SHOWDOWN_FIRST = TABLE["showdown_first"]
T_COMMUNITY = TABLE["community"]
T_DECK_POS = TABLE["deck_pos"]
T_SHOWDOWN = TABLE["showdown"]
T_FULL_LEVEL = TABLE["full_level"]
T_RAKE = TABLE["rake"]
T_HIGH = TABLE["high"]
T_LOW = TABLE["low"]
T_HIGH_CARD = TABLE["high_card"]
T_LOW_CARD = TABLE["low_card"]
T_LIVE = TABLE["live"]
T_POT_AMOUNT = TABLE["pot_amount"]
T_POT_ELIGIBLE = TABLE["pot_eligible"]
T_HIGH_WINNERS = TABLE["high_winners"]
T_LOW_WINNERS = TABLE["low_winners"]
T_SIZE = TABLE.size

# Per-hand results (one row of a results array per hand and seat).
RES_PAYOFF = 0
RES_SHOWDOWN = 1
RES_WON = 2
RES_SCOOP = 3
RES_FIELDS = 4

MAX_ACTIONS = 160
"""Actions a hand's log holds. A capped hand takes at most about 5 streets x 8
players x 5 wagers; only an uncapped heads-up war between deep stacks can take
more, and then the log says how many there were so the caller can refuse it."""


def rules_array(rules: Rules) -> npt.NDArray[np.int64]:
    """The rules as the engine's integer array (``core.codes.rule_codes``)."""
    return np.array(rule_codes(rules), dtype=np.int64)


# -- small questions -----------------------------------------------------------------


@uncounted
def _in_hand_count(t: Any) -> int:
    count = 0
    for s in range(t[T_N]):
        if t[T_FOLDED + s] == 0:
            count += 1
    return count


@njit(cache=True, inline="always")
def _folded(t: Any) -> Any:
    return t[T_FOLDED : T_FOLDED + MAX_SEATS]


@njit(cache=True, inline="always")
def _stacks(t: Any) -> Any:
    return t[T_STACK : T_STACK + MAX_SEATS]


@njit(cache=True, inline="always")
def _bettors(t: Any) -> int:
    return betting.bettors(_folded(t), _stacks(t), t[T_N])


@uncounted
def _nup(t: Any, s: int) -> int:
    """How many face-up cards a seat has (the door card and fourth to sixth street)."""
    n = t[T_NCARDS + s]
    if n <= 2:
        return 0
    return int(min(n, 6) - 2)


@uncounted
def legal_actions(t: Any, r: Any, kinds: Any, amounts: Any) -> int:
    """Write the actor's legal actions, in ``HandState.legal_actions`` order."""
    return betting.legal_actions(
        t[T_ACTOR],
        t[T_N],
        _folded(t),
        _stacks(t),
        t[T_WAGER : T_WAGER + MAX_SEATS],
        t[T_ACTED : T_ACTED + MAX_SEATS],
        t[T_STREET],
        t[T_LEVEL],
        t[T_FULL_BET] != 0,
        t[T_RAISES],
        t[T_INCREMENT],
        t[T_OPEN_PAIR] != 0,
        r,
        kinds,
        amounts,
    )


# -- first to act --------------------------------------------------------------------


@uncounted
def _first_to_act(t: Any, r: Any, cards: Any) -> int:
    """R5.3: the best showing hand acts first (razz: the lowest), ties to the lowest seat."""
    lowball = r[R_VARIANT] == RAZZ
    showing = t[T_SHOWING : T_SHOWING + MAX_SEATS]
    for s in range(t[T_N]):
        if t[T_FOLDED + s] == 0:
            showing[s] = hand_showing(cards[s, 2:], _nup(t, s), lowball)
    return betting.first_to_act(showing, _folded(t), _stacks(t), t[T_N], lowball)


@uncounted
def _pair_showing(t: Any, cards: Any) -> bool:
    for s in range(t[T_N]):
        if t[T_FOLDED + s] == 0 and betting.shows_pair(cards[s, 2:], _nup(t, s)):
            return True
    return False


# -- dealing and streets ---------------------------------------------------------------


@uncounted
def _deal_street(t: Any, cards: Any, deck: Any) -> None:
    """Deal the street's cards from the deck, one at a time clockwise (R3.2, R3.3, R3.4)."""
    n = t[T_N]
    street = t[T_STREET]
    if street == 7:
        waiting = 0
        for s in range(n):
            if t[T_FOLDED + s] == 0:
                waiting += 1
        if 52 - t[T_DECK_POS] < waiting:
            card = deck[t[T_DECK_POS]]
            t[T_DECK_POS] += 1
            t[T_COMMUNITY] = card
            for s in range(n):
                if t[T_FOLDED + s] == 0:
                    cards[s, 6] = card
            return
    rounds = 3 if street == 3 else 1
    for _ in range(rounds):
        for s in range(n):
            if t[T_FOLDED + s]:
                continue
            cards[s, t[T_NCARDS + s]] = deck[t[T_DECK_POS]]
            t[T_DECK_POS] += 1
            t[T_NCARDS + s] += 1


@uncounted
def _advance(t: Any, r: Any, cards: Any, deck: Any, tabs: Any, won: Any) -> None:
    """Deal and start streets until someone must act, or show down (R5.7)."""
    while True:
        _deal_street(t, cards, deck)
        n = t[T_N]
        street = t[T_STREET]
        for s in range(n):
            t[T_WAGER + s] = 0
            t[T_ACTED + s] = 0
        t[T_LEVEL] = 0
        t[T_FULL_BET] = 0
        t[T_FULL_LEVEL] = r[R_BRING_IN] if street == 3 else 0
        t[T_RAISES] = 0
        t[T_INCREMENT] = r[R_SMALL] if street <= 4 else r[R_BIG]
        t[T_OPEN_PAIR] = betting.open_pair_counts(r[R_VARIANT], street) and _pair_showing(t, cards)
        if _bettors(t) >= 2:
            if street == 3:
                first = betting.bring_in_seat(
                    cards[:, 2], _folded(t), _stacks(t), n, r[R_VARIANT] == RAZZ
                )
            else:
                first = _first_to_act(t, r, cards)
            t[T_ACTOR] = first
            t[T_SHOWDOWN_FIRST] = first
            return
        if street == 7:
            _showdown(t, r, cards, tabs, won)
            return
        t[T_STREET] = street + 1


# -- pots ------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _dead(t: Any) -> Any:
    """Each seat's dead money: its ante when antes are dead (``Rules.dead_antes``)."""
    return t[T_DEAD : T_DEAD + MAX_SEATS]


@uncounted
def _return_uncalled(t: Any, r: Any) -> None:
    """R6.1: the largest contributor takes back what nobody matched."""
    top, excess = pots.uncalled_bet(t[T_CONTRIB : T_CONTRIB + MAX_SEATS], _dead(t), t[T_N])
    if excess > 0:
        t[T_STACK + top] += excess
        t[T_CONTRIB + top] -= excess


@njit(cache=True, inline="always")
def _seats(t: Any, at: int) -> Any:
    """A per-seat block of the table (``MAX_SEATS`` slots from ``at``)."""
    return t[at : at + MAX_SEATS]


@uncounted
def _showdown(t: Any, r: Any, cards: Any, tabs: Any, won: Any) -> None:
    """R6.2 to R7.4: every player still in shows; award every pot, main first.

    Hand values, pots and winners go to the table's own scratch slots (``T_HIGH`` and
    on), so a showdown allocates nothing.
    """
    _return_uncalled(t, r)
    n = t[T_N]
    variant = r[R_VARIANT]
    high = _seats(t, T_HIGH)
    low = _seats(t, T_LOW)
    high_card = _seats(t, T_HIGH_CARD)
    low_card = _seats(t, T_LOW_CARD)
    live = _seats(t, T_LIVE)
    own = 6 if t[T_COMMUNITY] >= 0 else 7
    for s in range(n):
        live[s] = t[T_FOLDED + s] == 0
        if t[T_FOLDED + s]:
            continue
        hand = cards[s, :7]
        hc = -1
        lc = 1 << 30
        for i in range(own):
            code = cards[s, i]
            hc = max(hc, code)
            lc = min(lc, low_card_key(code))
        high_card[s] = hc
        low_card[s] = lc
        if variant == RAZZ:
            low[s] = hand_razz(hand, tabs)
        else:
            high[s] = hand_high(hand, tabs)
            low[s] = hand_low8(hand, tabs) if variant == STUD8 else NO_LOW
    amounts = t[T_POT_AMOUNT : T_POT_AMOUNT + MAX_SEATS + 1]
    eligible = t[T_POT_ELIGIBLE : T_POT_ELIGIBLE + MAX_SEATS + 1]
    count = pots.build_pots(
        t[T_CONTRIB : T_CONTRIB + MAX_SEATS], _dead(t), live, n, amounts, eligible
    )
    t[T_RAKE] = pots.take_rake(amounts, count, t[T_STREET], r[R_RAKE_PERMILLE], r[R_RAKE_CAP])
    won[:] = 0
    hi = _seats(t, T_HIGH_WINNERS)
    lo = _seats(t, T_LOW_WINNERS)
    for p in range(count):
        if amounts[p] == 0:
            continue  # all raked
        _how, nh, high_chips, nl, low_chips = shares.award_pot(
            amounts[p],
            eligible[p],
            n,
            high,
            low,
            high_card,
            low_card,
            variant == STUD8,
            variant == RAZZ,
            hi,
            lo,
        )
        for i in range(nh):
            won[hi[i]] += shares.odd_chip_share(high_chips, nh, i)
        for i in range(nl):
            won[lo[i]] += shares.odd_chip_share(low_chips, nl, i)
    for s in range(n):
        t[T_STACK + s] += won[s]
        t[T_CONTRIB + s] = 0
        t[T_WAGER + s] = 0
    t[T_ACTOR] = -1
    t[T_SHOWDOWN] = 1


@uncounted
def _finish(t: Any, r: Any, won: Any) -> None:
    """R6.1: everyone else folded; the last player takes the pot without showing."""
    _return_uncalled(t, r)
    n = t[T_N]
    pot = t[T_POT_AMOUNT : T_POT_AMOUNT + 1]  # the one pot, in the showdown's scratch
    pot[0] = 0
    for s in range(n):
        pot[0] += t[T_CONTRIB + s]
    t[T_RAKE] = pots.take_rake(pot, 1, t[T_STREET], r[R_RAKE_PERMILLE], r[R_RAKE_CAP])
    won[:] = 0
    for s in range(n):
        if t[T_FOLDED + s] == 0:
            t[T_STACK + s] += pot[0]
            won[s] = pot[0]
        t[T_CONTRIB + s] = 0
        t[T_WAGER + s] = 0
    t[T_ACTOR] = -1
    t[T_SHOWDOWN] = 0


# -- actions ---------------------------------------------------------------------------


@uncounted
def apply_action(
    t: Any, r: Any, cards: Any, deck: Any, kind: int, amount: int, tabs: Any, won: Any
) -> None:
    """The actor's (legal) action, then everything up to the next decision (R4 to R7)."""
    seat = t[T_ACTOR]
    stack = t[T_STACK + seat]
    t[T_ACTED + seat] = 1
    put = 0
    if kind == FOLD:
        t[T_FOLDED + seat] = 1
    elif kind == CALL:
        put = min(t[T_LEVEL] - t[T_WAGER + seat], stack)
    elif kind == BRING_IN:
        put = min(r[R_BRING_IN], stack)
        t[T_LEVEL] = r[R_BRING_IN]  # R4.3: a short bring-in still sets the wager
    elif kind != CHECK:
        to = amount
        put = to - t[T_WAGER + seat]
        full_bet = t[T_FULL_BET] != 0
        if betting.counts_as_full(
            to, full_bet, t[T_FULL_LEVEL], t[T_INCREMENT], r[R_HALF_BET] != 0
        ):
            for s in range(t[T_N]):
                t[T_ACTED + s] = 0
            t[T_ACTED + seat] = 1
            t[T_INCREMENT] = betting.increment_after(
                to, t[T_LEVEL], full_bet, t[T_OPEN_PAIR] != 0, t[T_INCREMENT], r[R_BIG]
            )
            t[T_FULL_BET] = 1
            t[T_FULL_LEVEL] = to
            t[T_RAISES] += 1
        t[T_LEVEL] = to
        t[T_SHOWDOWN_FIRST] = seat
    t[T_STACK + seat] = stack - put
    t[T_WAGER + seat] += put
    t[T_CONTRIB + seat] += put
    if _in_hand_count(t) == 1:
        _finish(t, r, won)
        return
    following = betting.next_to_act(
        seat,
        t[T_N],
        _folded(t),
        _stacks(t),
        t[T_WAGER : T_WAGER + MAX_SEATS],
        t[T_ACTED : T_ACTED + MAX_SEATS],
        t[T_LEVEL],
    )
    if following >= 0:
        t[T_ACTOR] = following
        return
    if t[T_STREET] == 7:
        _showdown(t, r, cards, tabs, won)
        return
    t[T_STREET] += 1
    _advance(t, r, cards, deck, tabs, won)


@njit(cache=True, inline="always")
def hand_buffers() -> tuple[Any, Any, Any, Any, Any]:
    """What a kernel playing hands one after another plays them in, made once: the
    table (``t``), each seat's cards, each seat's winnings, the deck, and the state of
    the random stream."""
    return (
        np.zeros(T_SIZE, dtype=np.int64),
        np.zeros((MAX_SEATS, 7), dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.empty(52, dtype=np.uint8),
        np.zeros(1, dtype=np.uint64),
    )


@uncounted
def start_hand(t: Any, r: Any, cards: Any, deck: Any, stacks: Any, tabs: Any, won: Any) -> None:
    """Post the antes (R3.1) and deal third street; the bring-in is then to act."""
    n = stacks.shape[0]
    t[:] = 0
    cards[:] = -1
    t[T_N] = n
    for s in range(n):
        ante = min(r[R_ANTE], stacks[s])
        t[T_START + s] = stacks[s]
        t[T_DEAD + s] = ante if r[R_DEAD_ANTES] else 0
        t[T_STACK + s] = stacks[s] - ante
        t[T_CONTRIB + s] = ante
    t[T_STREET] = 3
    t[T_COMMUNITY] = -1
    t[T_ACTOR] = -1
    _advance(t, r, cards, deck, tabs, won)


@njit(cache=True)
def observe_table(
    t: Any, r: Any, cards: Any, kinds: Any, amounts: Any, nlegal: int, obs: Any
) -> None:
    """What the actor may see, in ``stud.bots.observation``'s layout (R8.4)."""
    seat = t[T_ACTOR]
    n = t[T_N]
    obs[:] = 0
    obs[O_SEAT] = seat
    obs[O_PLAYERS] = n
    obs[O_STREET] = t[T_STREET]
    obs[O_LEVEL] = t[T_LEVEL]
    obs[O_VARIANT] = r[R_VARIANT]
    obs[O_ANTE] = r[R_ANTE]
    obs[O_BRING_IN] = r[R_BRING_IN]
    obs[O_SMALL] = r[R_SMALL]
    obs[O_BIG] = r[R_BIG]
    obs[O_COMMUNITY] = t[T_COMMUNITY]
    own_seventh = t[T_NCARDS + seat] == 7
    obs[O_NDOWN] = 3 if own_seventh else 2
    obs[O_DOWN] = cards[seat, 0]
    obs[O_DOWN + 1] = cards[seat, 1]
    obs[O_DOWN + 2] = cards[seat, 6] if own_seventh else -1
    obs[O_NLEGAL] = nlegal
    for i in range(nlegal):
        obs[O_KIND + i] = kinds[i]
        obs[O_AMOUNT + i] = amounts[i]
    for s in range(n):
        obs[O_STACK + s] = t[T_STACK + s]
        obs[O_WAGER + s] = t[T_WAGER + s]
        obs[O_CONTRIB + s] = t[T_CONTRIB + s]
        obs[O_FOLDED + s] = t[T_FOLDED + s]
    for s in range(MAX_SEATS):
        nup = _nup(t, s) if s < n else 0
        obs[O_NUP + s] = nup
        for i in range(4):
            obs[O_UP + 4 * s + i] = cards[s, 2 + i] if i < nup else -1


@counted  # the tight and equity policies allocate scratch
def bot_choice(
    policy: int,
    t: Any,
    r: Any,
    cards: Any,
    kinds: Any,
    amounts: Any,
    nlegal: int,
    obs: Any,
    state: Any,
    tabs: Any,
) -> int:
    """The legal action index compiled policy ``policy`` picks for the actor.

    The random and station policies need no observation, so none is built for them.
    """
    if policy == RANDOM:
        return random_choice(kinds, nlegal, state)
    if policy == STATION:
        for i in range(nlegal):
            if kinds[i] == CHECK or kinds[i] == CALL or kinds[i] == BRING_IN:
                return i
        return 0
    observe_table(t, r, cards, kinds, amounts, nlegal, obs)
    return decide(policy, obs, state, tabs)


@uncounted
def shuffle(deck: Any, state: Any) -> None:
    """A fresh deck in code order, then Fisher-Yates from the hand's stream."""
    for i in range(52):
        deck[i] = i
    for i in range(51, 0, -1):
        j = next_below(state, i + 1)
        deck[i], deck[j] = deck[j], deck[i]


@njit(cache=True)
def run_hand(
    r: Any,
    stacks: Any,
    policies: Any,
    state: Any,
    deck: Any,
    tabs: Any,
    t: Any,
    cards: Any,
    won: Any,
    log: Any,
    obs_log: Any,
) -> int:
    """Play one hand from ``deck`` with seat ``s`` played by policy ``policies[s]``.

    Choices draw from the stream ``state``. When ``log`` has rows, each action is
    written there as (seat, kind, amount, number of legal actions); when
    ``obs_log`` has rows, so is what the actor saw. Returns the number of actions.
    """
    kinds = np.empty(MAX_LEGAL, dtype=np.int64)
    amounts = np.empty(MAX_LEGAL, dtype=np.int64)
    obs = np.empty(OBS_SIZE, dtype=np.int64)
    start_hand(t, r, cards, deck, stacks, tabs, won)
    actions = 0
    while t[T_ACTOR] >= 0:
        nlegal = legal_actions(t, r, kinds, amounts)
        seat = t[T_ACTOR]
        choice = bot_choice(policies[seat], t, r, cards, kinds, amounts, nlegal, obs, state, tabs)
        if actions < obs_log.shape[0]:
            observe_table(t, r, cards, kinds, amounts, nlegal, obs_log[actions])
        if actions < log.shape[0]:
            log[actions, 0] = seat
            log[actions, 1] = kinds[choice]
            log[actions, 2] = amounts[choice]
            log[actions, 3] = nlegal
        actions += 1
        apply_action(t, r, cards, deck, kinds[choice], amounts[choice], tabs, won)
    return actions
