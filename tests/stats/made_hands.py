"""Hand-made hands for the statistics tests, each counted by hand in its docstring."""

from __future__ import annotations

from stud.stats.hands import PlayedHand
from stud.stats.sources import HandError, from_phh_text


def phh(
    actions: list[str],
    *,
    variant: str = "F7S",
    stacks: list[int] | None = None,
    players: list[str] | None = None,
    stakes: tuple[int, int, int, int] = (1, 1, 5, 10),
) -> str:
    """A PHH text with these actions (four players by default)."""
    n = len(players) if players else 4
    names = players or ["ann", "bob", "cat", "dan"][:n]
    ante, bring_in, small, big = stakes
    listed = ",\n".join(f"  {a!r}" for a in actions)
    quoted = ", ".join(f'"{name}"' for name in names)
    return (
        f"variant = '{variant}'\nante_trimming_status = true\nantes = {[ante] * n}\n"
        f"bring_in = {bring_in}\nsmall_bet = {small}\nbig_bet = {big}\n"
        f"starting_stacks = {stacks or [1000] * n}\nactions = [\n{listed},\n]\n"
        f"players = [{quoted}]\n"
    )


def played(text: str, source: str = "hand.phh") -> PlayedHand:
    """The one hand of a PHH text, replayed."""
    (hand,) = list(from_phh_text(text, source, many=False))
    assert not isinstance(hand, HandError), hand
    return hand


STEAL = phh(
    [
        "d dh p1 8c9c7h",
        "d dh p2 AsKs2c",
        "d dh p3 4d5dKd",
        "d dh p4 JcJdQs",
        "p2 pb",
        "p3 f",
        "p4 cbr 5",
        "p1 f",
        "p2 f",
    ]
)
"""bob (2c) brings in; after him act cat, dan, ann, so ann is position 0, dan 1 and
cat 2. cat folds (a steal chance not taken), dan completes from position 1 with
only the bring-in in (a steal attempt), ann folds to the completion, bob folds to
the steal. dan wins the pot on third street."""

SHOWDOWN = phh(
    [
        "d dh p1 AhAd7c",
        "d dh p2 KhKd2c",
        "d dh p3 9s8s3d",
        "d dh p4 5h6h4s",
        "p2 pb",
        "p3 f",
        "p4 f",
        "p1 cbr 5",
        "p2 cc",
        "d dh p1 Qc",
        "d dh p2 3c",
        "p1 cbr 5",
        "p2 cc",
        "d dh p1 Jd",
        "d dh p2 4c",
        "p1 cc",
        "p2 cbr 10",
        "p1 cbr 20",
        "p2 cc",
        "d dh p1 Tc",
        "d dh p2 6c",
        "p1 cbr 10",
        "p2 f",
    ]
)
"""bob brings in (2c), cat and dan fold, ann (7c door, aces) completes, bob calls.
4th: ann (Qc up) bets, a continuation bet; bob calls. 5th: ann checks, bob bets,
ann check-raises, bob calls. 6th: ann bets, bob folds: ann wins without
showdown."""

TO_SHOWDOWN = phh(
    [
        "d dh p1 AhAd7c",
        "d dh p2 KhKd2c",
        "p2 pb",
        "p1 cc",
        "d dh p1 Qc",
        "d dh p2 3c",
        "p1 cc",
        "p2 cc",
        "d dh p1 Jd",
        "d dh p2 4c",
        "p1 cc",
        "p2 cc",
        "d dh p1 Tc",
        "d dh p2 6c",
        "p1 cc",
        "p2 cbr 10",
        "p1 f",
    ],
    players=["ann", "bob"],
)
"""Heads up: ann calls the bring-in, everyone checks 4th and 5th; on 6th ann
checks and folds to bob's bet."""

SPLIT = phh(
    [
        "d dh p1 As2s8h",
        "d dh p2 KhKc9h",
        "p1 pb",
        "p2 cc",
        "d dh p1 Kd",
        "d dh p2 9d",
        "p2 cc",
        "p1 cc",
        "d dh p1 7c",
        "d dh p2 Jc",
        "p2 cc",
        "p1 cc",
        "d dh p1 6d",
        "d dh p2 Jh",
        "p2 cc",
        "p1 cc",
        "d dh p1 Qs",
        "d dh p2 3c",
        "p2 cc",
        "p1 cc",
    ],
    variant="F7S/8",
    players=["ann", "bob"],
)
"""Stud8 heads up, checked down: ann's 8-7-6-2-A low takes the low half, bob's kings
and jacks the high half. Both went to showdown, both won at showdown, each a half."""

SCOOP = phh(
    [
        "d dh p1 As2s3h",
        "d dh p2 KhKc9h",
        "p1 pb",
        "p2 cc",
        "d dh p1 4d",
        "d dh p2 9d",
        "p2 cc",
        "p1 cc",
        "d dh p1 5c",
        "d dh p2 Jc",
        "p2 cc",
        "p1 cc",
        "d dh p1 6d",
        "d dh p2 Jh",
        "p2 cc",
        "p1 cc",
        "d dh p1 Qs",
        "d dh p2 3c",
        "p2 cc",
        "p1 cc",
    ],
    variant="F7S/8",
    players=["ann", "bob"],
)
"""Stud8 heads up, checked down: ann's wheel (a six-high straight and A-2-3-4-5)
scoops bob's kings and jacks."""

ALL_IN = phh(
    [
        "d dh p1 AhAd7c",
        "d dh p2 KhKd2c",
        "p2 pb",
        "p1 cbr 5",
        "p2 cc",
        "d dh p1 Qc",
        "d dh p2 3c",
        "p1 cbr 5",
        "p2 cc",
        "d dh p1 Jd",
        "d dh p2 4c",
        "p1 cbr 10",
        "p2 cc",
        "d dh p1 Tc",
        "d dh p2 6c",
        "d dh p1 2h",
        "d dh p2 Kc",
    ],
    stacks=[1000, 12],
    players=["ann", "bob"],
)
"""bob (12 chips) is all-in calling on 5th street, ann's aces against his kings;
bob makes trips on 7th and wins the 24-chip pot. Each put in 12."""
