"""The flat int arrays compiled code shares, declared once: names, sizes, offsets.

Compiled code cannot pass objects around, so a table position and a player's
observation travel as flat integer arrays (``int64``; the batched environment keeps
its many tables in ``int32``, half the memory, and bounds the chips to fit; every value
here fits). Each layout below is one declaration of
its fields in order with their sizes; the offsets are generated from it, so no
offset is ever written by hand and two fields can never overlap.

* ``TABLE``: the compiled engine's table (``stud.compiled.engine``): blocks of
  ``MAX_SEATS`` per-seat slots, then single values, then the showdown's scratch
  (a table carries its own, so playing a hand never allocates).
* ``OBSERVATION``: what a compiled policy sees (``stud.bots.observation``), built
  from a ``PlayerView`` in Python and from the table in the engine.
"""

from __future__ import annotations

from stud.core.codes import MAX_LEGAL, MAX_SEATS

__all__ = ["OBSERVATION", "TABLE", "Layout"]


class Layout:
    """Named slots of a flat array, at offsets generated from their declared order."""

    def __init__(self, *fields: tuple[str, int]) -> None:
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size in fields:
            if name in self.offsets or size < 1:
                raise ValueError(f"field {name!r} is declared twice or has no slots")
            self.offsets[name] = at
            at += size
        self.size = at
        """How many slots the array has."""

    def __getitem__(self, name: str) -> int:
        return self.offsets[name]


TABLE = Layout(
    ("stack", MAX_SEATS),  # chips behind
    ("contrib", MAX_SEATS),  # chips put in this hand, antes included
    ("wager", MAX_SEATS),  # chips put in this street
    ("folded", MAX_SEATS),
    ("acted", MAX_SEATS),  # acted since the last full wager
    ("ncards", MAX_SEATS),  # own cards dealt
    ("start", MAX_SEATS),  # starting stacks
    ("dead", MAX_SEATS),  # dead money: the ante when antes are dead, else 0
    ("showing", MAX_SEATS),  # scratch: showing values, for first to act
    ("n", 1),
    ("street", 1),
    ("level", 1),  # the wager to match
    ("full_bet", 1),  # a full bet or completion was made this street
    ("full_level", 1),  # the round's last full wager level (R5.6a)
    ("raises", 1),  # wagers toward the cap
    ("increment", 1),  # the size of a full raise now
    ("open_pair", 1),  # R5.5 applies
    ("actor", 1),  # -1 when the hand is over
    ("showdown_first", 1),
    ("community", 1),  # -1 until dealt
    ("deck_pos", 1),
    ("showdown", 1),  # 1 when the pot was decided by a showdown
    ("rake", 1),  # chips the house took from the hand's pots (R9)
    # scratch for the showdown, so that no hand allocates: hand values, odd-chip keys,
    # who is live, the pots (main and side) and each pot's winners
    ("high", MAX_SEATS),
    ("low", MAX_SEATS),
    ("high_card", MAX_SEATS),
    ("low_card", MAX_SEATS),
    ("live", MAX_SEATS),
    ("pot_amount", MAX_SEATS + 1),
    ("pot_eligible", MAX_SEATS + 1),
    ("high_winners", MAX_SEATS),
    ("low_winners", MAX_SEATS),
)

OBSERVATION = Layout(
    ("seat", 1),
    ("players", 1),
    ("street", 1),
    ("level", 1),
    ("variant", 1),
    ("ante", 1),
    ("bring_in", 1),
    ("small", 1),
    ("big", 1),
    ("community", 1),
    ("ndown", 1),
    ("down", 3),  # own face-down cards in the order dealt
    ("nlegal", 1),
    ("kind", MAX_LEGAL),
    ("amount", MAX_LEGAL),
    ("stack", MAX_SEATS),
    ("wager", MAX_SEATS),
    ("contrib", MAX_SEATS),
    ("folded", MAX_SEATS),
    ("nup", MAX_SEATS),
    ("up", 4 * MAX_SEATS),  # 4 slots a seat: face-up cards in the order dealt
)
