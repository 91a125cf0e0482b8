"""The server's side of a shuffle players can verify (docs/shuffle.md); no I/O.

Two steps, each a Fisher-Yates shuffle driven by HMAC-SHA256 with rejection
sampling (``stud.verify.permutation``):

1. ``secret_deck(secret)``: from a 32-byte server secret, a deck order and a salt
   per position, committed as 52 salted hashes under one Merkle ``root``. The root
   is published before any player's seed for the hand is taken.
2. ``deal(deck, seeds)``: the players' seeds give a public permutation of deal
   positions, so the ``j``-th card dealt is the committed card at ``slots[j]``.
   The seeds come after the root, so the server cannot have fitted its deck to
   them; the secret never leaves the server, so nobody can open a card they were
   not shown.

The card at a position is opened by its salt alone (``opening``); the verifier
(``stud.verify``, standard library only) holds the hashing, the permutation and
the Merkle tree, and this module uses them, so both sides run the same code.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from stud.cards import DECK, Card
from stud.verify import SALT_BYTES, leaf, merkle_root, permutation, positions_of

__all__ = [
    "SECRET_BYTES",
    "SecretDeck",
    "Shuffle",
    "ShuffleError",
    "deal",
    "deck_order",
    "from_stored",
    "secret_deck",
]

SECRET_BYTES = 32


class ShuffleError(ValueError):
    """A stored shuffle that cannot be read back, or a secret of the wrong size."""


@dataclass(frozen=True, slots=True)
class SecretDeck:
    """The server's deck for one hand before the seeds: kept secret but its ``root``."""

    secret: bytes
    order: tuple[Card, ...]
    """The card at each committed position."""
    salts: tuple[bytes, ...]
    leaves: tuple[str, ...]
    root: str


def deck_order(secret: bytes) -> list[int]:
    """The code of the card at each committed position (``DECK[code]``)."""
    return permutation(secret, b"stud deck")


def secret_deck(secret: bytes) -> SecretDeck:
    """The deck order, salts and commitments a server secret stands for."""
    if len(secret) != SECRET_BYTES:
        raise ShuffleError(f"a server secret is {SECRET_BYTES} bytes, not {len(secret)}")
    order = tuple(DECK[i] for i in deck_order(secret))
    salts = tuple(
        hmac.digest(secret, b"stud salt" + bytes([p]), "sha256")[:SALT_BYTES] for p in range(52)
    )
    leaves = tuple(leaf(p, str(card), salts[p]) for p, card in enumerate(order))
    return SecretDeck(secret, order, salts, leaves, merkle_root(leaves))


@dataclass(frozen=True, slots=True)
class Shuffle:
    """One hand's deal: the secret deck, the seeds mixed in, and the dealing order."""

    deck: SecretDeck
    seeds: tuple[str, ...]
    slots: tuple[int, ...]
    """``slots[j]``: the committed position of the card dealt ``j``-th."""
    dealt: tuple[Card, ...]
    """The cards in the order they are dealt (what the hand's deck is)."""
    _slot_of: dict[Card, int] = field(default_factory=dict, compare=False, repr=False)
    _public: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    def opening(self, card: Card) -> str:
        """The salt that opens ``card``'s commitment, as hex."""
        return self.deck.salts[self.slots[self._slot_of[card]]].hex()

    def salts(self, shown: Sequence[str | None]) -> list[str]:
        """The salt of each deal position whose card ``shown`` names (``""`` for the
        rest): what a history that shows those cards carries."""
        out = [""] * 52
        for slot, text in enumerate(shown):
            if text is not None and text != "??":
                if str(self.dealt[slot]) != text:
                    raise ShuffleError(
                        f"deal position {slot + 1} is {self.dealt[slot]}, not {text}"
                    )
                out[slot] = self.deck.salts[self.slots[slot]].hex()
        return out

    def public(self) -> dict[str, object]:
        """What the hand's first frame tells everyone: the root, the 52 commitments and
        the seeds (none of it opens a card). One dict for every frame of the hand:
        nothing may change it."""
        return self._public

    def stored(self) -> str:
        """What the server keeps to open the hand's cards again: its secret and the seeds."""
        return json.dumps({"secret": self.deck.secret.hex(), "seeds": list(self.seeds)})


def deal(deck: SecretDeck, seeds: Sequence[str]) -> Shuffle:
    """The hand dealt from ``deck`` with the players' ``seeds`` mixed in."""
    slots = tuple(positions_of(seeds))
    dealt = tuple(deck.order[p] for p in slots)
    public: dict[str, object] = {
        "root": deck.root,
        "leaves": list(deck.leaves),
        "seeds": list(seeds),
    }
    return Shuffle(
        deck, tuple(seeds), slots, dealt, {card: j for j, card in enumerate(dealt)}, public
    )


def from_stored(text: str) -> Shuffle:
    """A hand's shuffle from what ``Shuffle.stored`` kept."""
    try:
        data = json.loads(text)
        secret = bytes.fromhex(data["secret"])
        seeds = [str(s) for s in data["seeds"]]
    except (ValueError, KeyError, TypeError) as error:
        raise ShuffleError(f"a stored shuffle that cannot be read: {error}") from None
    return deal(secret_deck(secret), seeds)
