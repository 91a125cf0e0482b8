"""The batched environment's compiled loop: deal, play, mask and encode many tables at once.

``stud.env.batched.BatchedStudEnv`` keeps its tables in flat arrays and hands them to
``play_tables``, which steps every table to the learner's next decision in one
compiled call, playing the other seats with the built-in bots' compiled policies
(``stud.compiled.policies``). ``encode_table`` and ``mask_table`` write
``stud.env.encoding``'s observation and mask from the engine's arrays; a test
compares them with ``encode`` and ``action_mask`` of the reference engine's
``PlayerView`` step by step.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from stud.compiled.engine import (
    T_ACTOR,
    T_COMMUNITY,
    T_CONTRIB,
    T_FOLDED,
    T_LEVEL,
    T_N,
    T_NCARDS,
    T_RAKE,
    T_STACK,
    T_STREET,
    T_WAGER,
    apply_action,
    bot_choice,
    legal_actions,
    shuffle,
    start_hand,
)
from stud.compiled.jitted import uncounted
from stud.compiled.prefetch import prefetch
from stud.compiled.rng import hand_start_compiled
from stud.core.codes import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    R_VARIANT,
)
from stud.core.codes import RAISE as RAISE_KIND
from stud.env.encoding import (
    BIG_BET,
    O_COMMUNITY,
    O_DOWN,
    O_HAND,
    O_PHASE,
    O_PLAYERS,
    O_POT,
    O_SEATS,
    O_STREET,
    O_TO_CALL,
    O_UP,
    O_VARIANT,
    OBS_SIZE,
    RAISE,
)
from stud.env.encoding import BRING_IN as BRING_IN_ACTION
from stud.env.encoding import CHECK_CALL as CHECK_CALL_ACTION
from stud.env.encoding import FOLD as FOLD_ACTION

__all__ = ["deal_hand", "encode_table", "first_illegal", "mask_table", "play_tables"]

_SEAT_FIELDS = 7  # as stud.env.encoding lays out each seat
_HALF = OBS_SIZE // 2  # the observation is cleared in two runs (see encode_table)
"""The most chips at a table: the tables' state is 32-bit, half the memory of the
engine's 64-bit table, so that more tables' state stays in the caches at thousands
of tables (the engine's code is the same, compiled for either)."""


# -- the encoding, compiled ------------------------------------------------------------


@uncounted
def encode_table(t: Any, r: Any, cards: Any, seat: int, table_chips: int, out: Any) -> None:
    """``stud.env.encoding.encode`` of ``seat``'s view, from the engine's arrays (R8.4).

    The whole row is cleared first, in two halves: a sequential write that the memory
    system streams. Each half (1,200 bytes) stays below the size from which the C
    library's ``memset`` switches to ``rep stosb``, which is slower for rows of this
    size. Clearing only the slots the last observation set touches fewer bytes but at
    scattered places, and clearing only the blocks of the seats at the table leaves
    gaps: neither is a stream, and from a thousand tables on both are slower.
    """
    out[:_HALF] = 0.0
    out[_HALF:] = 0.0
    n = t[T_N]
    actor = t[T_ACTOR]
    community = t[T_COMMUNITY]
    scale = 1.0 / max(table_chips, 1)
    s = seat  # the seat at relative place ``rel``, counted on without a division
    for rel in range(n):
        ncards = t[T_NCARDS + s]
        nup = min(ncards, 6) - 2 if ncards > 2 else 0
        block = O_UP + 52 * rel
        for i in range(nup):
            out[block + cards[s, 2 + i]] = 1.0
        base = O_SEATS + _SEAT_FIELDS * rel
        folded = t[T_FOLDED + s] != 0
        stack = t[T_STACK + s]
        out[base] = 1.0
        out[base + 1] = 1.0 if folded else 0.0
        out[base + 2] = 1.0 if stack == 0 and not folded else 0.0
        out[base + 3] = 1.0 if actor == s else 0.0
        out[base + 4] = min(stack * scale, 1.0)
        out[base + 5] = min(t[T_WAGER + s] * scale, 1.0)
        out[base + 6] = min(t[T_CONTRIB + s] * scale, 1.0)
        s = s + 1 if s + 1 < n else 0
    ranks = 0  # a count per rank, 4 bits each: nothing to allocate per step
    suits = 0
    ncards = t[T_NCARDS + seat]
    mine = min(ncards, 6)  # down cards first, then face-up cards
    held = mine + (1 if ncards == 7 or community >= 0 else 0)
    for i in range(held):
        code = cards[seat, i if i < mine else 6]  # the seventh: own or community
        if i < 2 or (i >= mine and ncards == 7):
            out[O_DOWN + code] = 1.0
        ranks += 1 << (4 * (code >> 2))
        suits += 1 << (4 * (code & 3))
    if community >= 0:
        out[O_COMMUNITY + community] = 1.0
    out[O_STREET + t[T_STREET] - 3] = 1.0
    out[O_PHASE] = 1.0  # betting: the only phase with a decision here
    out[O_VARIANT + r[R_VARIANT]] = 1.0
    out[O_PLAYERS + n - 2] = 1.0
    pot = 0
    for p in range(n):
        pot += t[T_CONTRIB + p]
    out[O_POT] = min(pot * scale, 1.0)
    out[O_TO_CALL] = min(max(0, t[T_LEVEL] - t[T_WAGER + seat]) * scale, 1.0)
    if held == 0:
        return
    group = 0
    pairs = 0
    lows = 0
    for k in range(13):
        count = (ranks >> (4 * k)) & 15
        group = max(group, count)
        if count >= 2:
            pairs += 1
        if count > 0 and (k <= 6 or k == 12):  # eight or lower, or the ace
            lows += 1
    longest = 0
    for k in range(4):
        longest = max(longest, (suits >> (4 * k)) & 15)
    out[O_HAND] = group / 4
    out[O_HAND + 1] = min(pairs, 3) / 3
    out[O_HAND + 2] = longest / 7
    out[O_HAND + 3] = min(lows, 5) / 5


@uncounted
def mask_table(kinds: Any, nlegal: int, mask: Any, choice_of: Any) -> None:
    """``stud.env.encoding.action_map`` over the engine's legal kinds.

    ``mask`` gets 1 per legal action index and ``choice_of`` the engine's legal
    action behind each (-1 when illegal). Of two aggressive amounts the larger is
    the big bet (R5.5).
    """
    mask[:] = 0
    choice_of[:] = -1
    aggressive = 0
    for i in range(nlegal):
        if kinds[i] == COMPLETE or kinds[i] == BET or kinds[i] == RAISE_KIND:
            aggressive += 1
    seen = 0
    for i in range(nlegal):
        kind = kinds[i]
        if kind == FOLD:
            index = FOLD_ACTION
        elif kind in (CHECK, CALL):
            index = CHECK_CALL_ACTION
        elif kind == BRING_IN:
            index = BRING_IN_ACTION
        else:
            seen += 1
            index = BIG_BET if aggressive > 1 and seen == aggressive else RAISE
        mask[index] = 1
        choice_of[index] = i


# -- the batch, compiled ---------------------------------------------------------------


@uncounted
def deal_hand(
    seed: Any,
    hand: int,
    r: Any,
    stacks: Any,
    stream: Any,
    deck: Any,
    t: Any,
    cards: Any,
    tabs: Any,
    won: Any,
) -> None:
    """Hand number ``hand`` of the stream ``seed``: shuffled and started from fresh stacks."""
    stream[0] = hand_start_compiled(seed, hand)
    shuffle(deck, stream)
    start_hand(t, r, cards, deck, stacks, tabs, won)


@uncounted
def _deal(
    i: int,
    r: Any,
    stacks: Any,
    seeds: Any,
    hands: Any,
    stream: Any,
    deck: Any,
    t: Any,
    cards: Any,
    tabs: Any,
    won: Any,
) -> None:
    """Shuffle and start table ``i``'s next hand from fresh stacks (its own rows given)."""
    deal_hand(seeds[i], hands[i], r, stacks, stream, deck, t, cards, tabs, won)
    hands[i] += 1


_AHEAD = 8  # tables ahead whose lines are asked for (8 and 16 measured alike, 2 and 4 worse)
_LINE = 64  # bytes in a cache line


@uncounted
def _fetch_ahead(
    j: int,
    t: Any,
    cards: Any,
    decks: Any,
    kinds: Any,
    amounts: Any,
    won: Any,
    masks: Any,
    choice_of: Any,
    obs: Any,
) -> None:
    """Ask for the lines table ``j`` will use (``stud.compiled.prefetch``): the table's state up
    to its single values (its showdown scratch is rarely used), its other rows, and the
    whole observation row it will write."""
    tj = t[j]
    for at in range(0, T_RAKE + 1, _LINE // tj.itemsize):
        prefetch(tj, at)
    prefetch(cards[j, 0], 0)
    prefetch(decks[j], 0)
    prefetch(kinds[j], 0)
    prefetch(amounts[j], 0)
    prefetch(won[j], 0)
    prefetch(masks[j], 0)
    prefetch(choice_of[j], 0)
    oj = obs[j]
    for at in range(0, oj.shape[0], _LINE // oj.itemsize):
        prefetch(oj, at)


@njit(cache=True)
def first_illegal(actions: Any, masks: Any) -> int:
    """The first table whose action index is out of range or masked out; -1 if none."""
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0 or a >= masks.shape[1] or masks[i, a] != 1:
            return i
    return -1


@uncounted
def play_tables(
    actions: Any,
    r: Any,
    stacks: Any,
    learner: Any,
    policies: Any,
    seeds: Any,
    hands: Any,
    streams: Any,
    decks: Any,
    t: Any,
    cards: Any,
    kinds: Any,
    amounts: Any,
    tabs: Any,
    won: Any,
    payoff: Any,
    unit: float,
    rewards: Any,
    done: Any,
    table_chips: int,
    obs: Any,
    masks: Any,
    choice_of: Any,
    actor: Any,
    bot_obs: Any,
) -> None:
    """Every table's action, or with no actions every table's first hand; then on to
    each table's next decision. Nothing is allocated: every table works in its own
    rows of the arrays passed in."""
    resetting = actions.shape[0] == 0
    players = stacks.shape[0]
    tables = t.shape[0]
    for i in range(tables):
        if i + _AHEAD < tables:
            _fetch_ahead(i + _AHEAD, t, cards, decks, kinds, amounts, won, masks, choice_of, obs)
        ti = t[i]  # this table's rows, taken once
        ci = cards[i]
        di = decks[i]
        ki = kinds[i]
        ai = amounts[i]
        wi = won[i]
        si = streams[i]
        for s in range(players):
            payoff[i, s] = 0
        done[i] = False
        choice = -1  # the legal action to play next at this table, if any
        if resetting:
            hands[i] = 0
            _deal(i, r, stacks, seeds, hands, si, di, ti, ci, tabs, wi)
        else:
            choice = choice_of[i, actions[i]]
        while True:  # the bots act until the learner's next decision; hands end and start
            if choice >= 0:
                apply_action(ti, r, ci, di, ki[choice], ai[choice], tabs, wi)
                choice = -1
            seat = ti[T_ACTOR]
            if seat < 0:
                if not resetting:
                    for s in range(players):
                        payoff[i, s] += ti[T_STACK + s] - stacks[s]
                    done[i] = True
                _deal(i, r, stacks, seeds, hands, si, di, ti, ci, tabs, wi)
                continue
            nlegal = legal_actions(ti, r, ki, ai)
            if learner[seat]:
                break
            choice = bot_choice(policies[seat], ti, r, ci, ki, ai, nlegal, bot_obs, si, tabs)
        for s in range(players):
            rewards[i, s] = payoff[i, s] / unit
        actor[i] = seat
        mask_table(ki, nlegal, masks[i], choice_of[i])
        encode_table(ti, r, ci, seat, table_chips, obs[i])
