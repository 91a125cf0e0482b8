"""Check a hand history against its deck commitment: ``stud verify hand.phh``.

This file is the whole verifier, and it uses only Python's standard library, so a
player may copy it and run it with ``python verify.py hand.phh`` without stud.
docs/shuffle.md explains the construction; in short:

- Before the seeds of a hand are known, the server fixes a secret deck order and
  publishes ``root``: a Merkle root over 52 ``leaves``, leaf ``p`` being
  ``SHA-256("stud leaf" | salt_p | p | card_p)`` for the card at committed position
  ``p`` and a 16-byte salt of its own.
- The players' seeds, published with the hand, give a public permutation ``slots``
  (Fisher-Yates driven by HMAC-SHA256, with rejection sampling): the card dealt
  ``j``-th in the hand is the one committed at position ``slots[j]``.
- An opening of the card dealt ``j``-th is its salt: anyone can hash it with the
  card and compare it with leaf ``slots[j]``.

The history carries ``_deck_root``, ``_deck_leaves``, ``_deck_seeds`` and
``_deck_salts`` (the salt of each deal position whose card the history shows, ``""``
for the rest). The deal positions are worked out here from the history's own deal
lines, one card at a time clockwise, so no card can be moved between positions.
The server side of the same construction is ``stud.shuffle``; its primitives are
these.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import sys
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

__all__ = [
    "DECK",
    "Verified",
    "VerifyError",
    "deal_slots",
    "leaf",
    "main",
    "merkle_root",
    "permutation",
    "positions_of",
    "seed_key",
    "shown_slots",
    "verify_proof",
    "verify_text",
]

DECK = tuple(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")
"""The 52 cards in stud's code order (deuce of clubs first, ace of spades last)."""

SALT_BYTES = 16
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_HEX32 = re.compile(r"^[0-9a-f]{32}$")
_CARD = re.compile(r"[2-9TJQKA][cdhs]|\?\?")


class VerifyError(ValueError):
    """The history does not match its commitment, or is not one that can be checked."""


def stream(key: bytes, label: bytes) -> Iterator[int]:
    """Unsigned 32-bit numbers: HMAC-SHA256(key, label | counter) cut into eight each."""
    counter = 0
    while True:
        block = hmac.digest(key, label + counter.to_bytes(4, "big"), "sha256")
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i : i + 4], "big")
        counter += 1


def permutation(key: bytes, label: bytes, n: int = 52) -> list[int]:
    """A uniform permutation of ``0..n-1``: Fisher-Yates from the top down, each
    ``j`` in ``0..i`` drawn from ``stream(key, label)`` by rejection sampling (a draw
    at or above the largest multiple of ``i + 1`` below 2**32 is thrown away)."""
    items = list(range(n))
    draws = stream(key, label)
    for i in range(n - 1, 0, -1):
        bound = i + 1
        limit = (1 << 32) - (1 << 32) % bound
        x = next(draws)
        while x >= limit:
            x = next(draws)
        j = x % bound
        items[i], items[j] = items[j], items[i]
    return items


def seed_key(seeds: Sequence[str]) -> bytes:
    """The key of the deal permutation: SHA-256 over the seeds, each length-prefixed."""
    data = b"stud seeds"
    for seed in seeds:
        raw = seed.encode()
        data += len(raw).to_bytes(4, "big") + raw
    return hashlib.sha256(data).digest()


def positions_of(seeds: Sequence[str]) -> list[int]:
    """``slots[j]``: the committed position of the card dealt ``j``-th."""
    return permutation(seed_key(seeds), b"stud deal")


def leaf(position: int, card: str, salt: bytes) -> str:
    """The commitment to ``card`` at committed ``position`` with ``salt``, as hex."""
    data = b"stud leaf" + salt + bytes([position]) + card.encode()
    return hashlib.sha256(data).hexdigest()


def merkle_root(leaves: Sequence[str]) -> str:
    """The Merkle root over hex leaves: ``SHA-256(0x01 | left | right)`` pairwise,
    an odd node carried up as it is."""
    level = [bytes.fromhex(x) for x in leaves]
    while len(level) > 1:
        up = [
            hashlib.sha256(b"\x01" + level[i] + level[i + 1]).digest()
            for i in range(0, len(level) - 1, 2)
        ]
        if len(level) % 2:
            up.append(level[-1])
        level = up
    return level[0].hex()


@dataclass(frozen=True, slots=True)
class Dealt:
    """What a history shows of its deal: the card at each deal position (``??``
    unseen), and where in the actions each position was dealt."""

    cards: list[str]
    where: list[str]


def deal_slots(actions: Sequence[str]) -> Dealt:
    """Each deal position's card, from the history's ``d dh`` and ``d db`` lines.

    A street deals one card at a time clockwise: of the ``k`` players dealt on a
    street, the ``i``-th takes that street's cards ``i``, ``i + k``, ``i + 2k``...
    A street's deal lines come together, each player once; a line for a player
    already dealt, any other action, or the community card (``d db``) ends it.
    Shown cards (``pN sm``) fill in that player's cards in the order dealt.
    """
    cards: list[str] = []
    where: list[str] = []
    mine: dict[str, list[int]] = {}
    street: list[tuple[str, list[str], int]] = []

    def close() -> None:
        if not street:
            return
        k, count = len(street), len(street[0][1])
        base = len(cards)
        cards.extend(["??"] * (k * count))
        where.extend([""] * (k * count))
        for i, (player, dealt, number) in enumerate(street):
            if len(dealt) != count:
                raise VerifyError(
                    f"action {number}: {player} is dealt {len(dealt)} cards on a street "
                    f"where the first player got {count}"
                )
            for m, card in enumerate(dealt):
                slot = base + i + m * k
                cards[slot], where[slot] = card, f"action {number} ({player}'s card {m + 1})"
                mine.setdefault(player, []).append(slot)
        street.clear()

    for number, action in enumerate(actions, 1):
        parts = action.split()
        if parts[:2] == ["d", "dh"] and len(parts) >= 4:
            player, dealt = parts[2], _cards(parts[3], number)
            if any(player == p for p, _, _ in street):
                close()
            street.append((player, dealt, number))
            continue
        close()
        if parts[:2] == ["d", "db"] and len(parts) >= 3:
            cards.append(_cards(parts[2], number)[0])
            where.append(f"action {number} (the community card)")
        elif len(parts) >= 3 and parts[1] == "sm":
            slots, shown = shown_slots(mine, parts[0], number), _cards(parts[2], number)
            if len(shown) != len(slots):
                raise VerifyError(
                    f"action {number}: {parts[0]} shows {len(shown)} cards, "
                    f"not the {len(slots)} they were dealt"
                )
            for slot, card in zip(slots, shown, strict=True):
                if cards[slot] not in ("??", card):
                    raise VerifyError(
                        f"action {number}: {parts[0]} shows {card} where {cards[slot]} was dealt"
                    )
                cards[slot] = card
    close()
    return Dealt(cards, where)


def shown_slots(mine: dict[str, list[int]], player: str, number: int) -> list[int]:
    """The deal positions of ``player``'s cards, for the cards they show."""
    if player not in mine:
        raise VerifyError(f"action {number}: {player} shows cards but was dealt none")
    return mine[player]


def _cards(text: str, number: int) -> list[str]:
    found = _CARD.findall(text)
    if "".join(found) != text or not found:
        raise VerifyError(f"action {number}: {text!r} is not a run of cards")
    return found


@dataclass(frozen=True, slots=True)
class Verified:
    """A history that matches its commitment: how many cards were opened, and the root."""

    cards: int
    root: str
    seeds: int


def verify_proof(
    root: str,
    leaves: Sequence[str],
    seeds: Sequence[str],
    salts: Sequence[str],
    actions: Sequence[str],
) -> Verified:
    """Check every card the history shows against the commitment; raise ``VerifyError``
    saying what failed and where."""
    if not isinstance(root, str) or not _HEX64.match(root):
        raise VerifyError("_deck_root is not 64 hex digits")
    if len(leaves) != 52 or not all(isinstance(x, str) and _HEX64.match(x) for x in leaves):
        raise VerifyError("_deck_leaves is not 52 commitments of 64 hex digits")
    if not all(isinstance(s, str) for s in seeds):
        raise VerifyError("_deck_seeds is not a list of strings")
    if len(salts) != 52 or not all(
        isinstance(s, str) and (s == "" or _HEX32.match(s)) for s in salts
    ):
        raise VerifyError("_deck_salts is not 52 salts of 32 hex digits (or empty)")
    if merkle_root(leaves) != root:
        raise VerifyError("the 52 commitments in _deck_leaves do not make _deck_root")
    dealt = deal_slots(actions)
    if len(dealt.cards) > 52:
        raise VerifyError(f"the history deals {len(dealt.cards)} cards, more than a deck")
    slots = positions_of(seeds)
    opened = 0
    for slot, card in enumerate(dealt.cards):
        salt = salts[slot]
        if card == "??":
            if salt:
                raise VerifyError(
                    f"deal position {slot + 1}: an opening for a card this history does not show"
                )
            continue
        if not salt:
            raise VerifyError(f"{dealt.where[slot]}: {card} has no opening (no salt)")
        position = slots[slot]
        if leaf(position, card, bytes.fromhex(salt)) != leaves[position]:
            raise VerifyError(
                f"{dealt.where[slot]}: {card} at deal position {slot + 1} does not open "
                f"commitment {position + 1}: the card, its salt, the seeds or the order differ "
                "from what was committed"
            )
        opened += 1
    for slot in range(len(dealt.cards), 52):
        if salts[slot]:
            raise VerifyError(f"deal position {slot + 1}: an opening for a card never dealt")
    return Verified(opened, root, len(seeds))


def verify_text(text: str, source: str = "<history>") -> Verified:
    """Check one PHH hand history (TOML) against the commitment it carries."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise VerifyError(f"{source}: not a PHH hand history: {error}") from None
    missing = [
        k for k in ("_deck_root", "_deck_leaves", "_deck_seeds", "_deck_salts") if k not in data
    ]
    if missing:
        raise VerifyError(
            f"{source}: no deck commitment in this history (missing {', '.join(missing)})"
        )
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise VerifyError(f"{source}: 'actions' is not a list of strings")
    for key in ("_deck_leaves", "_deck_seeds", "_deck_salts"):
        if not isinstance(data[key], list):
            raise VerifyError(f"{source}: {key} is not a list")
    try:
        return verify_proof(
            data["_deck_root"],
            data["_deck_leaves"],
            data["_deck_seeds"],
            data["_deck_salts"],
            actions,
        )
    except VerifyError as error:
        raise VerifyError(f"{source}: {error}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """``verify.py HISTORY...``: 0 when every history verifies, 1 when one does not."""
    paths = list(sys.argv[1:] if argv is None else argv)
    if not paths:
        print("usage: verify.py HAND.phh...", file=sys.stderr)
        return 2
    failed = False
    for path in paths:
        try:
            with open(path, encoding="utf-8") as file:
                result = verify_text(file.read(), path)
        except OSError as error:
            print(f"error: {path}: cannot read it: {error.strerror}", file=sys.stderr)
            failed = True
        except UnicodeDecodeError:
            print(f"error: {path}: not UTF-8 text", file=sys.stderr)
            failed = True
        except VerifyError as error:
            print(f"error: {error}", file=sys.stderr)
            failed = True
        else:
            print(
                f"{path}: verified: {result.cards} cards open the deck committed as "
                f"{result.root[:16]}... ({result.seeds} seeds mixed in)"
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
