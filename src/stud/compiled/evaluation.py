"""Compiled hand evaluators: numba kernels over card codes, one hand or a batch.

The kernels return exactly the integers of ``stud.evaluation.reference`` (the
oracle they are tested against), except that a hand without an eight-or-better low
gets ``NO_LOW`` instead of ``None``: a value above every real low, so "lower is
better" needs no special case. Hands hold five to seven distinct cards.

Encodings (the one place they are written down)
-----------------------------------------------
**Card code** (defined in ``stud.cards``): ``(rank - 2) * 4 + suit`` in ``0..51``,
suits clubs 0, diamonds 1, hearts 2, spades 3; ``Card.code`` gives it. A batch is a
``uint8`` array of shape ``(n, k)``, one hand of ``k`` codes a row, ``5 <= k <= 7``.

**Card mask** (the per-call ``*_from_mask`` forms of ``stud.evaluation.fast``): a
Python int with bit ``code`` set for each card, bits 0..51.

**Card key** (``Tables.card_keys``, one ``uint64`` per byte value)::

    bits  0..30  rank key: 5 ** (rank - 2), so a hand's sum is its rank counts in base 5
    bits 32..47  four 4-bit suit counters: clubs 32..35, diamonds 36..39,
                 hearts 40..43, spades 44..47; a card adds 1 to its suit's counter
    bits 56..58  1 << 56 for a byte that is not a card code (sums of up to seven
                 never reach bit 59)

A hand's **key sum** starts at ``SUIT_BIAS`` (3 in every suit counter) and adds its
cards' keys, so a counter's top bit (``FLUSH_BITS``: 35, 39, 43, 47) is set exactly
when that suit holds five or more cards, and ``INVALID_BITS`` when a byte was bad.
One test of ``key & (FLUSH_BITS | INVALID_BITS)`` sends the rare hands (a flush, or
bad input) down the slow path.

**Rank key hash** (``Tables.slot``): with ``p = (key & 0xFFFFFFFF) * hash_mul mod
2**64``, the slot is ``(p >> 34 & 0x1FFFF) ^ displacement[p >> 51]`` (13 bucket
bits, 17 slot bits): a perfect hash of the 73,775 rank multisets of five to seven
cards into the 131,072 slots of ``rank_high``, ``rank_low8``, ``rank_razz`` and
``rank_high_low8`` (high in bits 0..31, eight-or-better low in bits 32..63).

**Rank mask** (``Tables.rank_bits``, ``flush_high`` index): 13 bits, deuce bit 0 ..
ace bit 12, here the ranks of the flush suit.

**Ace-to-eight mask** (``Tables.low_bits``, ``low8_by_mask`` index): ace bit 0,
deuce bit 1 .. eight bit 7; nines and up add nothing; bit 8 marks a bad byte.

The ``hand_*`` kernels are for numba code that evaluates one hand at a time; from
Python, one hand goes to ``stud.evaluation.fast`` (a numba call from Python spends
microseconds unboxing its arguments) and many to the ``*_batch`` functions.

Compilation uses numba's on-disk cache, so the cost (a few seconds, see
``benchmarks/bench_eval.py``) is paid once per install. The tables are arguments,
not globals, so a cached kernel can never hold stale tables.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from stud.evaluation.tables import (
    BUCKET_BITS,
    FLUSH_BITS,
    INVALID_BITS,
    INVALID_LOW_BIT,
    NO_LOW,
    RANK_KEY_MASK,
    SLOT_BITS,
    SUIT_BIAS,
    Tables,
    tables,
)

__all__ = [
    "NO_LOW",
    "Tables",
    "hand_high",
    "hand_high_low8",
    "hand_low8",
    "hand_razz",
    "hand_showing",
    "high_batch",
    "high_low8_batch",
    "kernel_tables",
    "low8_batch",
    "razz_batch",
]

Codes = npt.NDArray[np.uint8]
Values = npt.NDArray[np.int32]

# Typed constants: numba would widen a mix of uint64 and Python ints to float.
_SUIT_BIAS = np.uint64(SUIT_BIAS)
_RARE = np.uint64(FLUSH_BITS | INVALID_BITS)
_INVALID = np.uint64(INVALID_BITS)
_RANK_KEY = np.uint64(RANK_KEY_MASK)
_BUCKET_SHIFT = np.uint64(64 - BUCKET_BITS)
_SLOT_SHIFT = np.uint64(64 - BUCKET_BITS - SLOT_BITS)
_SLOT_MASK = np.uint64((1 << SLOT_BITS) - 1)
_COUNTERS = np.uint64(32)
_HIGH_HALF = np.uint64(32)


@njit(inline="always")
def _slot(key: Any, mul: Any, displacement: Any) -> Any:
    """The rank tables' slot of a key sum (its rank key hashed, see the docstring)."""
    product = (key & _RANK_KEY) * mul
    return ((product >> _SLOT_SHIFT) & _SLOT_MASK) ^ displacement[product >> _BUCKET_SHIFT]


@njit(inline="always")
def _row_key(codes: Any, i: int, k: int, card_keys: Any) -> Any:
    """The key sum of row ``i`` of a batch."""
    key = _SUIT_BIAS
    for j in range(k):
        key += card_keys[codes[i, j]]
    return key


@njit(inline="always")
def _hand_key(codes: Any, card_keys: Any) -> Any:
    """The key sum of one hand."""
    key = _SUIT_BIAS
    for j in range(codes.shape[0]):
        key += card_keys[codes[j]]
    return key


@njit(cache=True)
def _rare_high(hand: Any, key: Any, t: Any) -> Any:
    """The high value of a hand whose key sum shows a flush, or an error for bad bytes."""
    if key & _INVALID:
        raise ValueError("a card code is outside 0..51")
    counters = key >> _COUNTERS
    suit = 0
    while not counters & np.uint64(8):
        counters >>= np.uint64(4)
        suit += 1
    ranks = 0
    for code in hand:
        if code & 3 == suit:
            ranks |= t.rank_bits[code]
    return t.flush_high[ranks]


@njit(cache=True)
def _check_valid(key: Any) -> None:
    if key & _INVALID:
        raise ValueError("a card code is outside 0..51")


# ---------------------------------------------------------------- one hand


@njit(cache=True)
def hand_high(codes: Any, t: Any) -> Any:
    """The high value of one hand (a 1-D array of codes) with tables ``t``."""
    key = _hand_key(codes, t.card_keys)
    if key & _RARE:
        return _rare_high(codes, key, t)
    return t.rank_high[_slot(key, t.hash_mul, t.displacement)]


@njit(cache=True)
def hand_low8(codes: Any, t: Any) -> Any:
    """The eight-or-better low of one hand, or ``NO_LOW``."""
    mask = 0
    for code in codes:
        mask |= t.low_bits[code]
    if mask & INVALID_LOW_BIT:
        raise ValueError("a card code is outside 0..51")
    return t.low8_by_mask[mask]


@njit(cache=True)
def hand_razz(codes: Any, t: Any) -> Any:
    """The razz (A-5) low of one hand."""
    key = _hand_key(codes, t.card_keys)
    if key & _INVALID:
        _check_valid(key)
    return t.rank_razz[_slot(key, t.hash_mul, t.displacement)]


@njit(cache=True)
def hand_high_low8(codes: Any, t: Any) -> Any:
    """The high value and the eight-or-better low (or ``NO_LOW``) of one hand."""
    key = _hand_key(codes, t.card_keys)
    both = t.rank_high_low8[_slot(key, t.hash_mul, t.displacement)]
    low = np.int32(both >> _HIGH_HALF)
    if key & _RARE:
        return _rare_high(codes, key, t), low
    return np.int32(both & _RANK_KEY), low


# ---------------------------------------------------------------- batches


# Each batch kernel is a loop inlined three times, for k = 5, 6 and 7 as constants,
# so that the compiler unrolls the per-card sum: about a quarter faster than one
# loop over any k.


@njit(inline="always")
def _high_loop(codes: Any, t: Any, out: Any, k: int) -> None:
    card_keys, mul, displacement, rank_high = t.card_keys, t.hash_mul, t.displacement, t.rank_high
    for i in range(codes.shape[0]):
        key = _row_key(codes, i, k, card_keys)
        if key & _RARE:
            out[i] = _rare_high(codes[i], key, t)
        else:
            out[i] = rank_high[_slot(key, mul, displacement)]


@njit(cache=True)
def _high_rows(codes: Any, t: Any, out: Any) -> None:
    k = codes.shape[1]
    if k == 7:
        _high_loop(codes, t, out, 7)
    elif k == 6:
        _high_loop(codes, t, out, 6)
    else:
        _high_loop(codes, t, out, 5)


@njit(inline="always")
def _low8_loop(codes: Any, t: Any, out: Any, k: int) -> None:
    low_bits, low8_by_mask = t.low_bits, t.low8_by_mask
    for i in range(codes.shape[0]):
        mask = 0
        for j in range(k):
            mask |= low_bits[codes[i, j]]
        if mask & INVALID_LOW_BIT:
            raise ValueError("a card code is outside 0..51")
        out[i] = low8_by_mask[mask]


@njit(cache=True)
def _low8_rows(codes: Any, t: Any, out: Any) -> None:
    k = codes.shape[1]
    if k == 7:
        _low8_loop(codes, t, out, 7)
    elif k == 6:
        _low8_loop(codes, t, out, 6)
    else:
        _low8_loop(codes, t, out, 5)


@njit(inline="always")
def _razz_loop(codes: Any, t: Any, out: Any, k: int) -> None:
    card_keys, mul, displacement, rank_razz = t.card_keys, t.hash_mul, t.displacement, t.rank_razz
    for i in range(codes.shape[0]):
        key = _row_key(codes, i, k, card_keys)
        if key & _INVALID:
            _check_valid(key)
        out[i] = rank_razz[_slot(key, mul, displacement)]


@njit(cache=True)
def _razz_rows(codes: Any, t: Any, out: Any) -> None:
    k = codes.shape[1]
    if k == 7:
        _razz_loop(codes, t, out, 7)
    elif k == 6:
        _razz_loop(codes, t, out, 6)
    else:
        _razz_loop(codes, t, out, 5)


@njit(inline="always")
def _high_low8_loop(codes: Any, t: Any, high: Any, low: Any, k: int) -> None:
    card_keys, mul, displacement = t.card_keys, t.hash_mul, t.displacement
    rank_high_low8 = t.rank_high_low8
    for i in range(codes.shape[0]):
        key = _row_key(codes, i, k, card_keys)
        both = rank_high_low8[_slot(key, mul, displacement)]
        low[i] = both >> _HIGH_HALF
        if key & _RARE:
            high[i] = _rare_high(codes[i], key, t)
        else:
            high[i] = both & _RANK_KEY


@njit(cache=True)
def _high_low8_rows(codes: Any, t: Any, high: Any, low: Any) -> None:
    k = codes.shape[1]
    if k == 7:
        _high_low8_loop(codes, t, high, low, 7)
    elif k == 6:
        _high_low8_loop(codes, t, high, low, 6)
    else:
        _high_low8_loop(codes, t, high, low, 5)


def kernel_tables() -> Tables:
    """The tables to pass to the ``hand_*`` kernels (built once per process)."""
    return tables()


def _as_batch(codes: npt.ArrayLike) -> Codes:
    """A C-contiguous ``uint8`` batch of five-to-seven-card hands, or a clear error."""
    array = np.asarray(codes)
    if array.ndim != 2 or not 5 <= array.shape[1] <= 7:
        raise ValueError(f"a batch is an (n, k) array of card codes, k 5..7, not {array.shape}")
    if array.dtype != np.uint8:
        if array.dtype.kind not in "iu":
            raise TypeError(f"card codes are integers, not {array.dtype}")
        if array.size and (array.min() < 0 or array.max() > 51):
            raise ValueError("a card code is outside 0..51")
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array)


def _output(out: Values | None, n: int) -> Values:
    if out is None:
        return np.empty(n, dtype=np.int32)
    if out.shape != (n,) or out.dtype != np.int32:
        raise ValueError(f"out must be an int32 array of shape ({n},)")
    return out


def high_batch(codes: npt.ArrayLike, out: Values | None = None) -> Values:
    """The high value of every hand (row) of a batch of card codes."""
    batch = _as_batch(codes)
    result = _output(out, len(batch))
    _high_rows(batch, tables(), result)
    return result


def low8_batch(codes: npt.ArrayLike, out: Values | None = None) -> Values:
    """The eight-or-better low of every hand of a batch, ``NO_LOW`` where none."""
    batch = _as_batch(codes)
    result = _output(out, len(batch))
    _low8_rows(batch, tables(), result)
    return result


def razz_batch(codes: npt.ArrayLike, out: Values | None = None) -> Values:
    """The razz (A-5) low of every hand of a batch."""
    batch = _as_batch(codes)
    result = _output(out, len(batch))
    _razz_rows(batch, tables(), result)
    return result


def high_low8_batch(
    codes: npt.ArrayLike, out: tuple[Values, Values] | None = None
) -> tuple[Values, Values]:
    """The high values and eight-or-better lows (``NO_LOW`` where none), in one pass."""
    batch = _as_batch(codes)
    high = _output(None if out is None else out[0], len(batch))
    low = _output(None if out is None else out[1], len(batch))
    _high_low8_rows(batch, tables(), high, low)
    return high, low


@njit(cache=True)
def hand_showing(codes: Any, n: int, ace_low: bool) -> Any:
    """The showing value of the first ``n`` cards of ``codes``, for first to act (R5.3).

    Exactly ``reference.showing_value`` for one to five cards: pairs, two pair,
    trips, full house, quads, then high cards, no straights or flushes; with
    ``ace_low`` (razz) the ace counts as one. Given more than five cards it keeps
    the five most telling ranks, so a hand can be set against a board.
    """
    counts = 0  # 4 bits per rank 1..14: a count in a register, nothing allocated
    for i in range(n):
        rank = codes[i] // 4 + 2
        if ace_low and rank == 14:
            rank = 1
        counts += 1 << (4 * rank)
    pairs = 0
    trips = 0
    quads = 0
    for rank in range(15):
        count = (counts >> (4 * rank)) & 15
        if count == 2:
            pairs += 1
        elif count == 3:
            trips += 1
        elif count == 4:
            quads += 1
    pairing = 0
    if quads:
        pairing = 5
    elif trips and pairs:
        pairing = 4
    elif trips:
        pairing = 3
    elif pairs >= 2:
        pairing = 2
    elif pairs:
        pairing = 1
    value = 0
    slots = 0
    for count in range(4, 0, -1):
        for rank in range(14, 0, -1):
            if (counts >> (4 * rank)) & 15 == count:
                for _ in range(count):
                    if slots < 5:
                        value = value << 4 | rank
                        slots += 1
    return pairing << 20 | value << 4 * (5 - slots)


def compile_all() -> None:
    """Compile (or load from the on-disk cache) every kernel, for timing or warm-up."""
    t = tables()
    hand = np.arange(0, 28, 4, dtype=np.uint8)  # any seven distinct cards
    for kernel in (hand_high, hand_low8, hand_razz, hand_high_low8):
        kernel(hand, t)
    for batch in (hand.reshape(1, 7), hand[:5].reshape(1, 5)):
        high_low8_batch(batch)
        high_batch(batch)
        low8_batch(batch)
        razz_batch(batch)
