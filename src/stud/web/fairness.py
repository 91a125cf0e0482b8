"""A table's verifiable shuffle: the next deck's commitment, the seeds players offer,
and the proof a player's history carries (docs/shuffle.md).

The table holds one ``Dealer``. Its next deck is made, and its root published, when
the hand before is dealt (or the table starts), so every seed a player sends after
that (with ``sit`` or ``act``) reaches a deal whose deck was already committed. The
seeds are mixed in at the deal; the secret stays in the store with the hand.

What a player's proof opens is exactly the cards their history shows
(``seat_phh`` decided which): the proof only adds each shown card's salt.
"""

from __future__ import annotations

import secrets
import tomllib
from collections.abc import Callable, Sequence
from typing import Any

from stud.history.phh import toml_value
from stud.shuffle import (
    SECRET_BYTES,
    SecretDeck,
    Shuffle,
    ShuffleError,
    deal,
    from_stored,
    secret_deck,
)
from stud.state import HandState
from stud.verify import VerifyError, deal_slots
from stud.web.history import seat_phh

__all__ = ["Dealer", "proof", "seat_proof", "stored_shuffle", "with_proof"]


class Dealer:
    """The next deck of one table (committed) and the seeds offered for it, by account."""

    def __init__(self, secret: Callable[[int], bytes] = secrets.token_bytes) -> None:
        self._secret = secret
        self.next: SecretDeck = secret_deck(secret(SECRET_BYTES))
        self._seeds: dict[int, str] = {}

    def offer(self, account: int | None, seed: str | None) -> None:
        """A player's seed for the next hand they are dealt (the newest one counts)."""
        if account is not None and seed is not None:
            self._seeds[account] = seed

    def shuffle(self, accounts: Sequence[int]) -> Shuffle:
        """The next hand's shuffle with the seeds of the accounts dealt in (in seat
        order); nothing changes until it is ``dealt`` (the hand might not be stored)."""
        return deal(self.next, [self._seeds[a] for a in accounts if a in self._seeds])

    def dealt(self, accounts: Sequence[int]) -> None:
        """The hand is dealt: its seeds are spent, and a fresh deck is committed for the
        hand after."""
        for account in accounts:
            self._seeds.pop(account, None)
        self.next = secret_deck(self._secret(SECRET_BYTES))


def proof(phh: str, shuffle: Shuffle) -> dict[str, Any] | None:
    """What a player needs to check a history (``phh``, already cut down to what they
    saw) against its deck: the commitment, the seeds and the salt of every card it shows
    (``None`` if the history was not dealt from that deck: no proof rather than a false one)."""
    actions = tomllib.loads(phh)["actions"]
    try:
        salts = shuffle.salts(deal_slots(actions).cards)
    except (ShuffleError, VerifyError, IndexError):
        return None
    return {
        "root": shuffle.deck.root,
        "leaves": list(shuffle.deck.leaves),
        "seeds": list(shuffle.seeds),
        "salts": salts,
        "actions": actions,
    }


def seat_proof(
    state: HandState, names: list[str], seat: int, shuffle: Shuffle | None
) -> dict[str, Any] | None:
    """The proof of a finished hand for the player in ``seat``, if it was dealt with one."""
    return None if shuffle is None else proof(seat_phh(state, names, seat), shuffle)


def with_proof(phh: str, stored: str | None) -> str:
    """A player's PHH with the proof's fields (``_deck_root``, ``_deck_leaves``,
    ``_deck_seeds``, ``_deck_salts``), or as it is for a hand kept without one."""
    shuffle = stored_shuffle(stored)
    if shuffle is None:
        return phh
    fields = proof(phh, shuffle)
    if fields is None:
        return phh
    lines = [
        f"_deck_{key} = {toml_value(fields[key])}" for key in ("root", "leaves", "seeds", "salts")
    ]
    return phh + "\n".join(lines) + "\n"


def stored_shuffle(stored: str | None) -> Shuffle | None:
    """A stored hand's shuffle (``Shuffle.stored``); ``None`` for a hand kept without
    one, or one that cannot be read."""
    if stored is None:
        return None
    try:
        return from_stored(stored)
    except ShuffleError:
        return None
