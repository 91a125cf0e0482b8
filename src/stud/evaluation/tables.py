"""The lookup tables behind the compiled evaluators, built from rules on first use.

Every table here is derived from a short declarative rule, so nothing is copied in
as magic numbers and a test (``tests/evaluation/test_tables.py``) rebuilds each one
independently from the reference evaluators. The card and key layouts are
documented once, in ``stud.compiled.evaluation``.

The rules:

* A hand's **rank key** is the sum of ``5 ** (rank - 2)`` over its cards: the hand's
  rank counts written in base 5 (a count is at most 4). Every multiset of ranks has
  its own key, and the key of seven cards is below ``5 ** 13 < 2 ** 31``.
* Without a flush, a hand's high value, eight-or-better low and razz low depend only
  on its rank multiset. For five ranks they follow the rules of the game (straights,
  pairing, ace high or low); for six or seven ranks they are the best over the hands
  with one card fewer ("best five of seven"). ``rank_high``, ``rank_low8`` and
  ``rank_razz`` hold these values for all 73,775 rank multisets of five to seven
  cards, at the slot given by a perfect hash of the rank key
  ("hash and displace": a multiply, a bucket and an XOR displacement).
* With five or more cards of one suit, no full house or quads is possible in seven
  cards, so the high value is the best flush or straight flush of that suit's ranks:
  ``flush_high`` maps a 13-bit rank mask to it, again best-of-one-fewer above five.
* ``low8_by_mask`` maps the set of ranks ace..eight present (an 8-bit mask) to the
  eight-or-better low: the five lowest if there are five, else ``NO_LOW``.
"""

from __future__ import annotations

import contextlib
import hashlib
import tempfile
import zipfile
from collections.abc import Iterator
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from stud.core.codes import NO_LOW

__all__ = [
    "BUCKET_BITS",
    "FLUSH_BITS",
    "INVALID_BITS",
    "INVALID_CARD_KEY",
    "INVALID_LOW_BIT",
    "NO_LOW",
    "RANK_KEY_MASK",
    "SLOT_BITS",
    "SUIT_BIAS",
    "Tables",
    "build_tables",
    "five_rank_high",
    "five_rank_low8",
    "five_rank_razz",
    "rank_counts",
    "tables",
]


#: Suit counters start at 3, so a suit's 4-bit counter reaches 8 (its top bit) at the
#: fifth card of that suit.
SUIT_BIAS = 0x3333 << 32
#: The top bit of each suit counter: set when that suit has five or more cards.
FLUSH_BITS = 0x8888 << 32
#: The rank key's bits within a card key or a hand's key sum.
RANK_KEY_MASK = 0xFFFF_FFFF
#: The key of a byte that is not a card code: seven of them still fit below bit 59.
INVALID_CARD_KEY = 1 << 56
#: Set in a hand's key sum when one of its bytes is not a card code.
INVALID_BITS = 0x7 << 56
#: The ace..eight mask bit of a byte that is not a card code.
INVALID_LOW_BIT = 0x100

#: log2 of the number of hash buckets (the displacement table's length).
BUCKET_BITS = 13
#: log2 of the number of slots in the rank tables.
SLOT_BITS = 17

_STRAIGHTS = [(top, {top - i for i in range(5)}) for top in range(14, 5, -1)]
_STRAIGHTS.append((5, {14, 2, 3, 4, 5}))


def _pack(ranks: list[int]) -> int:
    value = 0
    for r in ranks:
        value = value << 4 | r
    return value


def _grouped(ranks: list[int]) -> tuple[int, list[int]]:
    """Pairing class (none, pair, two pair, trips, full house, quads) and tie order."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted((n for n in counts.values() if n > 1), reverse=True)
    pairing = {(): 0, (2,): 1, (2, 2): 2, (3,): 3, (3, 2): 4, (4,): 5}[tuple(shape)]
    return pairing, [r for r in order for _ in range(counts[r])]


_PAIRING_TO_CATEGORY = (0, 1, 2, 3, 6, 7)
_STRAIGHT, _FLUSH, _STRAIGHT_FLUSH = 4, 5, 8


def five_rank_high(ranks: tuple[int, ...], *, suited: bool = False) -> int:
    """The high value of five cards with these ranks (2..14), all one suit or not."""
    distinct = set(ranks)
    if len(distinct) == 5:
        for top, run in _STRAIGHTS:
            if distinct == run:
                ordered = [top - i for i in range(5)] if top > 5 else [5, 4, 3, 2, 1]
                category = _STRAIGHT_FLUSH if suited else _STRAIGHT
                return category << 20 | _pack(ordered)
        if suited:
            return _FLUSH << 20 | _pack(sorted(ranks, reverse=True))
    pairing, ordered = _grouped(list(ranks))
    return _PAIRING_TO_CATEGORY[pairing] << 20 | _pack(ordered)


def five_rank_low8(ranks: tuple[int, ...]) -> int:
    """The eight-or-better low of five cards with these ranks (2..14), or ``NO_LOW``."""
    lows = sorted((1 if r == 14 else r for r in ranks), reverse=True)
    if len(set(lows)) != 5 or lows[0] > 8:
        return NO_LOW
    return _pack(lows)


def five_rank_razz(ranks: tuple[int, ...]) -> int:
    """The razz (A-5) low of five cards with these ranks (2..14)."""
    pairing, ordered = _grouped([1 if r == 14 else r for r in ranks])
    return pairing << 20 | _pack(ordered)


def rank_counts() -> npt.NDArray[np.int64]:
    """Every hand's rank counts (one row, ranks 2..14) for five to seven cards."""
    counts = np.zeros((1, 0), dtype=np.int64)
    for _ in range(13):
        counts = np.vstack(
            [np.hstack([counts, np.full((len(counts), 1), c, dtype=np.int64)]) for c in range(5)]
        )
        counts = counts[counts.sum(axis=1) <= 7]
    hands: npt.NDArray[np.int64] = counts[counts.sum(axis=1) >= 5]
    return hands


#: The rank key's weight of each rank index (rank - 2).
_KEY_WEIGHTS = 5 ** np.arange(13, dtype=np.int64)


class Tables(NamedTuple):
    """All tables of the compiled evaluators (see the module docstring for the rules).

    A named tuple so that compiled kernels can take it as one argument; the layouts
    are documented in ``stud.compiled.evaluation``.
    """

    #: Per byte value (card codes 0..51, anything else invalid): the card's key.
    card_keys: npt.NDArray[np.uint64]
    #: Per card code: the card's bit in a 13-bit rank mask.
    rank_bits: npt.NDArray[np.uint16]
    #: Per byte value: the card's bit in the ace..eight mask (``INVALID_LOW_BIT`` for
    #: bytes that are not card codes).
    low_bits: npt.NDArray[np.uint16]
    #: The odd multiplier of the rank-key hash.
    hash_mul: np.uint64
    #: Per hash bucket: the XOR displacement of its keys' slots.
    displacement: npt.NDArray[np.uint32]
    #: Per slot: the high value without a flush.
    rank_high: npt.NDArray[np.int32]
    #: Per slot: the eight-or-better low, or ``NO_LOW``.
    rank_low8: npt.NDArray[np.int32]
    #: Per slot: the razz low.
    rank_razz: npt.NDArray[np.int32]
    #: Per slot: high value in bits 0-31 and the eight-or-better low above.
    rank_high_low8: npt.NDArray[np.uint64]
    #: Per 13-bit rank mask of one suit with 5 to 7 ranks: the best flush or straight
    #: flush (0 elsewhere: never read).
    flush_high: npt.NDArray[np.int32]
    #: Per ace..eight mask: the eight-or-better low.
    low8_by_mask: npt.NDArray[np.int32]

    @property
    def nbytes(self) -> int:
        """The memory the tables take, in bytes."""
        return sum(a.nbytes for a in self if isinstance(a, np.ndarray))

    def slot(self, key: int) -> int:
        """The rank tables' slot of a rank key (the hash the kernels compute)."""
        product = key * int(self.hash_mul) & 0xFFFF_FFFF_FFFF_FFFF
        bucket = product >> (64 - BUCKET_BITS)
        position = product >> (64 - BUCKET_BITS - SLOT_BITS) & ((1 << SLOT_BITS) - 1)
        return position ^ int(self.displacement[bucket])


def _hash_multipliers() -> Iterator[int]:
    """Odd 64-bit multipliers to try in turn: the splitmix64 sequence from 0."""
    state = 0
    while True:
        state = (state + 0x9E37_79B9_7F4A_7C15) & 0xFFFF_FFFF_FFFF_FFFF
        z = state
        z = (z ^ z >> 30) * 0xBF58_476D_1CE4_E5B9 & 0xFFFF_FFFF_FFFF_FFFF
        z = (z ^ z >> 27) * 0x94D0_49BB_1331_11EB & 0xFFFF_FFFF_FFFF_FFFF
        yield (z ^ z >> 31) | 1


def _displace(keys: npt.NDArray[np.uint64], mul: int) -> npt.NDArray[np.uint32] | None:
    """XOR displacements making ``keys`` collision-free, or None if some bucket can't be."""
    product = keys * np.uint64(mul)
    buckets = (product >> np.uint64(64 - BUCKET_BITS)).tolist()
    positions = (
        (product >> np.uint64(64 - BUCKET_BITS - SLOT_BITS)) & np.uint64((1 << SLOT_BITS) - 1)
    ).tolist()
    members: list[list[int]] = [[] for _ in range(1 << BUCKET_BITS)]
    for bucket, position in zip(buckets, positions, strict=True):
        members[bucket].append(position)
    taken = bytearray(1 << SLOT_BITS)
    displacement = np.zeros(1 << BUCKET_BITS, dtype=np.uint32)
    # Largest buckets first, each at the smallest displacement whose slots are free.
    for bucket in sorted(range(1 << BUCKET_BITS), key=lambda b: -len(members[b])):
        mine = members[bucket]
        if len(set(mine)) != len(mine):
            return None
        for shift in range(1 << SLOT_BITS):
            if not any(taken[p ^ shift] for p in mine):
                break
        else:
            return None
        displacement[bucket] = shift
        for p in mine:
            taken[p ^ shift] = 1
    return displacement


def _perfect_hash(keys: npt.NDArray[np.uint64]) -> tuple[int, npt.NDArray[np.uint32]]:
    """The first multiplier, and its displacements, that hash ``keys`` without collision."""
    for mul in _hash_multipliers():
        displacement = _displace(keys, mul)
        if displacement is not None:
            return mul, displacement
    raise AssertionError("unreachable: the multipliers never run out")


def _slots(
    keys: npt.NDArray[np.uint64], mul: int, displacement: npt.NDArray[np.uint32]
) -> npt.NDArray[np.int64]:
    """``Tables.slot`` over an array of rank keys."""
    product = keys * np.uint64(mul)
    position = (product >> np.uint64(64 - BUCKET_BITS - SLOT_BITS)) & np.uint64(
        (1 << SLOT_BITS) - 1
    )
    bucket = (product >> np.uint64(64 - BUCKET_BITS)).astype(np.int64)
    return (position ^ displacement[bucket]).astype(np.int64)


def build_tables() -> Tables:
    """Build every table from the rules in the module docstring."""
    card_keys = np.full(256, INVALID_CARD_KEY, dtype=np.uint64)
    rank_bits = np.zeros(52, dtype=np.uint16)
    low_bits = np.full(256, INVALID_LOW_BIT, dtype=np.uint16)
    for code in range(52):
        rank_index, suit = divmod(code, 4)
        card_keys[code] = 5**rank_index | 1 << (32 + 4 * suit)
        rank_bits[code] = 1 << rank_index
        low_rank = 0 if rank_index == 12 else rank_index + 1  # ace bit 0, deuce bit 1 ...
        low_bits[code] = 1 << low_rank if low_rank <= 7 else 0

    # Values of every rank multiset: five cards by the rules, then best of one fewer.
    counts = rank_counts()
    sizes = counts.sum(axis=1)
    order = np.argsort(counts @ _KEY_WEIGHTS)
    counts, sizes = counts[order], sizes[order]
    keys = counts @ _KEY_WEIGHTS
    high = np.zeros(len(keys), dtype=np.int64)
    low8 = np.zeros(len(keys), dtype=np.int64)
    razz = np.zeros(len(keys), dtype=np.int64)
    for row in np.flatnonzero(sizes == 5).tolist():
        ranks = tuple(r + 2 for r in range(13) for _ in range(counts[row, r]))
        high[row] = five_rank_high(ranks)
        low8[row] = five_rank_low8(ranks)
        razz[row] = five_rank_razz(ranks)
    for size in (6, 7):
        rows = np.flatnonzero(sizes == size)
        best_high = np.full(len(rows), -1, dtype=np.int64)
        best_low8 = np.full(len(rows), NO_LOW, dtype=np.int64)
        best_razz = np.full(len(rows), 1 << 62, dtype=np.int64)
        for r in range(13):
            holds = counts[rows, r] > 0
            fewer = np.searchsorted(keys, keys[rows] - _KEY_WEIGHTS[r])
            best_high = np.where(holds, np.maximum(best_high, high[fewer]), best_high)
            best_low8 = np.where(holds, np.minimum(best_low8, low8[fewer]), best_low8)
            best_razz = np.where(holds, np.minimum(best_razz, razz[fewer]), best_razz)
        high[rows], low8[rows], razz[rows] = best_high, best_low8, best_razz
    mul, displacement = _perfect_hash(keys.astype(np.uint64))
    slots = _slots(keys.astype(np.uint64), mul, displacement)
    rank_high = np.zeros(1 << SLOT_BITS, dtype=np.int32)
    rank_low8 = np.full(1 << SLOT_BITS, NO_LOW, dtype=np.int32)
    rank_razz = np.zeros(1 << SLOT_BITS, dtype=np.int32)
    rank_high[slots] = high
    rank_low8[slots] = low8
    rank_razz[slots] = razz
    rank_high_low8 = rank_high.astype(np.uint64) | rank_low8.astype(np.uint64) << np.uint64(32)

    flush: dict[int, int] = {}
    for size in (5, 6, 7):
        for ranks in combinations(range(2, 15), size):
            mask = sum(1 << (r - 2) for r in ranks)
            if size == 5:
                flush[mask] = five_rank_high(ranks, suited=True)
            else:
                flush[mask] = max(flush[mask & ~(1 << (r - 2))] for r in ranks)
    flush_high = np.zeros(1 << 13, dtype=np.int32)
    flush_high[list(flush)] = list(flush.values())

    low8_by_mask = np.full(256, NO_LOW, dtype=np.int32)
    for mask in range(256):
        present = [r + 1 for r in range(8) if mask >> r & 1]
        if len(present) >= 5:
            low8_by_mask[mask] = _pack(sorted(present[:5], reverse=True))

    return Tables(
        card_keys=card_keys,
        rank_bits=rank_bits,
        low_bits=low_bits,
        hash_mul=np.uint64(mul),
        displacement=displacement,
        rank_high=rank_high,
        rank_low8=rank_low8,
        rank_razz=rank_razz,
        rank_high_low8=rank_high_low8,
        flush_high=flush_high,
        low8_by_mask=low8_by_mask,
    )


def _cache_file() -> Path:
    """Where built tables are kept between processes: named by this module's source."""
    here = Path(__file__)
    digest = hashlib.sha256(here.read_bytes() + np.__version__.encode()).hexdigest()[:16]
    return here.parent / "__pycache__" / f"stud-tables-{digest}.npz"


#: What reading a missing, partial or foreign cache file can raise.
_UNREADABLE = (OSError, KeyError, ValueError, zipfile.BadZipFile)


def _load(path: Path) -> Tables:
    with path.open("rb") as file, np.load(file) as stored:
        fields = {name: stored[name] for name in Tables._fields}
    fields["hash_mul"] = np.uint64(fields["hash_mul"][0])
    return Tables(**fields)


def _store(built: Tables, path: Path) -> None:
    fields = {name: getattr(built, name) for name in Tables._fields}
    fields["hash_mul"] = np.array([built.hash_mul], dtype=np.uint64)
    path.parent.mkdir(exist_ok=True)
    # Write aside, then rename: another process never sees half a file.
    with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npz", delete=False) as f:
        np.savez(f, **fields)
    Path(f.name).replace(path)
    for old in path.parent.glob("stud-tables-*.npz"):
        if old != path:
            old.unlink(missing_ok=True)


@cache
def tables() -> Tables:
    """The tables: built once (a few tenths of a second), then loaded from a cache file.

    The cache sits beside the module, like Python's and numba's, and is named by a
    digest of this file, so a change to the rules can never meet stale tables. The
    tests rebuild every table without the cache and compare.
    """
    path = _cache_file()
    try:
        return _load(path)
    except _UNREADABLE:
        pass
    built = build_tables()
    with contextlib.suppress(OSError):  # a read-only install just builds each time
        _store(built, path)
    return built
