"""R10.1: a tournament's levels, rising gently or doubling, and capped once the stakes
reach a tenth of the chips in play (the last level then lasts for ever)."""

from __future__ import annotations

from stud.rules import Variant
from stud.tournament.structure import (
    CAP_SHARE,
    Level,
    Structure,
    capped_levels,
    doubling_levels,
    rising_levels,
)

FIRST = Level(1, 2, 4, 8, 10)


def test_r10_1_rising_levels_double_every_two_levels_and_stay_playable() -> None:
    levels = rising_levels(FIRST, 8)
    assert [(lv.small_bet, lv.big_bet) for lv in levels] == [
        (4, 8),
        (6, 12),
        (8, 16),
        (12, 24),
        (16, 32),
        (24, 48),
        (32, 64),
        (48, 96),
    ]
    for level in levels:
        assert 1 <= level.ante <= level.bring_in < level.small_bet
        assert level.length == FIRST.length
        level.rules(Variant.STUD8)  # a legal rule set at every level
    Structure(rising_levels(FIRST, 20))  # the structure's own checks hold too


def test_r10_1_capped_levels_stop_at_a_tenth_of_the_chips_in_play() -> None:
    doubling = doubling_levels(FIRST, 20)
    chips = 6 * 180  # six players with 180 chips: the run that reached 8192/16384
    capped = capped_levels(doubling, chips)
    assert capped[-1].big_bet * CAP_SHARE >= chips
    assert all(lv.big_bet * CAP_SHARE < chips for lv in capped[:-1])
    assert (capped[-1].small_bet, capped[-1].big_bet) == (64, 128)
    assert capped == doubling[: len(capped)]
    # The last level lasts for ever: a thousand hands in, the stakes are still its own.
    structure = Structure(capped)
    assert structure.rules(1000).big_bet == 128


def test_r10_1_a_cap_above_every_level_keeps_them_all() -> None:
    levels = rising_levels(FIRST, 5)
    assert capped_levels(levels, 10**9) == levels
    assert capped_levels(levels, 1) == levels[:1]
