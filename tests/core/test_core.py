"""The rules core on its own: pots, shares and layouts, over plain ints.

Both engines and both odds engines call these functions; the rule tests reach them
through the reference engine, these check the arithmetic directly.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud.core import pots, shares
from stud.core.codes import NO_LOW
from stud.core.layout import OBSERVATION, Layout

SEATS = st.integers(2, 8)


@st.composite
def showdowns(draw: st.DrawFn) -> tuple[int, list[int], list[int], bool, bool]:
    """A few hands' values, drawn from a small range so that ties are common."""
    n = draw(SEATS)
    high = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    low = draw(st.lists(st.sampled_from([1, 2, NO_LOW]), min_size=n, max_size=n))
    lowball = draw(st.booleans())
    split_low = not lowball and draw(st.booleans())
    if not split_low and not lowball:
        low = [NO_LOW] * n
    if lowball:
        low = [v if v != NO_LOW else 3 for v in low]  # every razz hand has a low
    return n, high, low, split_low, lowball


@settings(max_examples=300, deadline=None)
@given(showdowns())
def test_r6_5_r6_6_odds_shares_are_the_award_of_a_pot_without_odd_chips(
    showdown: tuple[int, list[int], list[int], bool, bool],
) -> None:
    """A pot of SHARE_UNIT chips divides evenly among any ties, so the award's chips are
    exactly the shares the odds engines count."""
    n, high, low, split_low, lowball = showdown
    keys = list(range(n))
    hi, lo = [0] * n, [0] * n
    _how, nh, high_chips, nl, low_chips = shares.award_pot(
        shares.SHARE_UNIT, (1 << n) - 1, n, high, low, keys, keys, split_low, lowball, hi, lo
    )
    chips = [0] * n
    for place in range(nh):
        chips[hi[place]] += shares.odd_chip_share(high_chips, nh, place)
    for place in range(nl):
        chips[lo[place]] += shares.odd_chip_share(low_chips, nl, place)
    high_share, low_share = [0] * n, [0] * n
    shares.pot_shares(high, low, n, lowball, high_share, low_share)
    assert chips == [h + lw for h, lw in zip(high_share, low_share, strict=True)]
    assert sum(chips) == shares.SHARE_UNIT


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 50), min_size=2, max_size=8).flatmap(
        lambda c: st.tuples(st.just(c), st.lists(st.booleans(), min_size=len(c), max_size=len(c)))
    )
)
def test_r6_1_r6_3_pots_and_the_uncalled_bet_hold_every_chip(
    case: tuple[list[int], list[bool]],
) -> None:
    contributed, live = case
    n = len(contributed)
    if not any(live):
        live[0] = True
    # A player still in has at least called the bring-in.
    contributed = [max(c, 1) if alive else c for c, alive in zip(contributed, live, strict=True)]
    dead = [0] * n
    seat, excess = pots.uncalled_bet(contributed, dead, n)
    if excess:
        contributed = [c - (excess if s == seat else 0) for s, c in enumerate(contributed)]
    amounts, eligible = [0] * (n + 1), [0] * (n + 1)
    count = pots.build_pots(contributed, dead, live, n, amounts, eligible)
    assert sum(amounts[:count]) == sum(contributed)
    for i in range(count):
        assert eligible[i], "every pot has someone to win it"
        assert all(live[s] for s in range(n) if eligible[i] >> s & 1)
        if i:
            assert eligible[i] & eligible[i - 1] == eligible[i], "side pots narrow"


def test_r7_2_odd_chips_go_one_each_to_the_first_places() -> None:
    assert [shares.odd_chip_share(11, 3, place) for place in range(3)] == [4, 4, 3]
    assert [shares.odd_chip_share(2, 3, place) for place in range(3)] == [1, 1, 0]


def test_a_layout_generates_offsets_and_refuses_a_field_twice() -> None:
    layout = Layout(("a", 1), ("b", 3), ("c", 2))
    assert (layout["a"], layout["b"], layout["c"], layout.size) == (0, 1, 4, 6)
    assert OBSERVATION["up"] + 4 * 8 == OBSERVATION.size
    with pytest.raises(ValueError, match="declared twice"):
        Layout(("a", 1), ("a", 2))
