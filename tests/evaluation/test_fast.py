"""The per-call evaluators the engine uses: C extension and Python forms (R6.4).

Both forms must return exactly the reference values and refuse exactly the hands
the reference refuses, with the same messages.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import NamedTuple

import pytest
from evaluation_samples import cards_of, reference_sample
from hypothesis import given, settings
from hypothesis import strategies as st

import stud.evaluation
from stud.cards import DECK, Card, Rank, Suit, parse_cards
from stud.compiled.evaluation import NO_LOW
from stud.evaluation import fast, reference
from stud.evaluation.tables import tables

CardsFn = Callable[[Sequence[Card]], object]
MaskFn = Callable[[int], object]

# (name, high, low8, razz, high_low8) for the card forms and the mask forms.
FORMS: list[tuple[str, CardsFn, CardsFn, CardsFn, CardsFn]] = [
    ("c", fast.high_value, fast.low8_value, fast.razz_value, fast.high_low8_value),
    (
        "python",
        fast.py_high_value,
        fast.py_low8_value,
        fast.py_razz_value,
        fast.py_high_low8_value,
    ),
]
MASK_FORMS: list[tuple[str, MaskFn, MaskFn, MaskFn, MaskFn]] = [
    ("c", fast.high_from_mask, fast.low8_from_mask, fast.razz_from_mask, fast.high_low8_from_mask),
    (
        "python",
        fast.py_high_from_mask,
        fast.py_low8_from_mask,
        fast.py_razz_from_mask,
        fast.py_high_low8_from_mask,
    ),
]


def test_the_c_extension_is_built_and_used() -> None:
    # Without a compiler stud still works, on the Python forms; CI must have the C.
    assert fast.HAVE_C
    assert fast.high_value.__module__ != fast.__name__
    assert stud.evaluation.high_value is fast.high_value
    assert stud.evaluation.low8_value is fast.low8_value
    assert stud.evaluation.razz_value is fast.razz_value
    assert stud.evaluation.high_low8_value is fast.high_low8_value


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f[0])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_per_call_forms_match_the_reference_on_random_hands(
    form: tuple[str, CardsFn, CardsFn, CardsFn, CardsFn], k: int
) -> None:
    _, high, low8, razz, high_low8 = form
    hands, want_high, want_low, want_razz = reference_sample(k)
    step = 1 if form[0] == "c" else 20  # the Python form is slower
    for i in range(0, len(hands), step):
        cards = cards_of(hands[i])
        low = None if want_low[i] == NO_LOW else int(want_low[i])
        assert high(cards) == want_high[i]
        assert low8(cards) == low
        assert razz(cards) == want_razz[i]
        assert high_low8(tuple(cards)) == (want_high[i], low)


@pytest.mark.parametrize("form", MASK_FORMS, ids=lambda f: f[0])
def test_mask_forms_match_the_reference(form: tuple[str, MaskFn, MaskFn, MaskFn, MaskFn]) -> None:
    _, high, low8, razz, high_low8 = form
    for k in (5, 6, 7):
        hands, want_high, want_low, want_razz = reference_sample(k)
        for i in range(0, len(hands), 20):
            mask = fast.card_mask(cards_of(hands[i]))
            low = None if want_low[i] == NO_LOW else int(want_low[i])
            assert (high(mask), low8(mask), razz(mask)) == (want_high[i], low, want_razz[i])
            assert high_low8(mask) == (want_high[i], low)


hands_strategy = st.integers(5, 7).flatmap(
    lambda k: st.lists(st.sampled_from(DECK), min_size=k, max_size=k, unique=True)
)


@settings(max_examples=300, deadline=None)
@given(hands_strategy)
def test_every_form_matches_the_reference_on_any_hand(cards: list[Card]) -> None:
    want = (reference.high_value(cards), reference.low8_value(cards), reference.razz_value(cards))
    mask = fast.card_mask(cards)
    for _, high, low8, razz, high_low8 in FORMS:
        assert (high(cards), low8(cards), razz(cards)) == want
        assert high_low8(cards) == want[:2]
    for _, high_m, low8_m, razz_m, high_low8_m in MASK_FORMS:
        assert (high_m(mask), low8_m(mask), razz_m(mask)) == want
        assert high_low8_m(mask) == want[:2]


def test_cards_made_anew_are_read_by_rank_and_suit() -> None:
    # Not the DECK objects the C extension knows by identity: read by attribute.
    fresh = [Card(Rank(r), Suit.HEARTS) for r in (14, 13, 12, 11, 10)] + [Card(Rank.TWO, Suit(0))]
    assert all(c is not d for c in fresh for d in DECK)
    for _, high, low8, razz, high_low8 in FORMS:
        assert high(fresh) == 0x8_EDCBA  # royal flush
        assert low8(fresh) is None
        assert razz(fresh) == reference.razz_value(fresh)
        assert high_low8(iter(fresh)) == (0x8_EDCBA, None)  # any iterable


class LooksLikeACard(NamedTuple):
    rank: Rank
    suit: Suit


def test_only_card_objects_are_cards() -> None:
    impostors = [LooksLikeACard(Rank(r), Suit.CLUBS) for r in (2, 3, 4, 5, 7)]
    for form in FORMS:
        for evaluate in form[1:]:
            with pytest.raises(TypeError, match="Card objects, not LooksLikeACard"):
                evaluate(impostors)  # type: ignore[arg-type]


def test_r6_4_wheel_is_the_best_low_and_a_straight_flush() -> None:
    wheel = parse_cards("Ac 2c 3c 4c 5c Kd Kh")
    for _, high, low8, _, high_low8 in FORMS:
        assert high_low8(wheel) == (0x854321, 0x54321)
        assert high(wheel) == 0x854321
        assert low8(wheel) == 0x54321


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f[0])
def test_per_call_forms_refuse_what_the_reference_refuses(
    form: tuple[str, CardsFn, CardsFn, CardsFn, CardsFn],
) -> None:
    four = parse_cards("As Ks Qs Js")
    eight = parse_cards("As Ks Qs Js Ts 9s 8s 7s")
    twice = parse_cards("As As Qs Js Ts", allow_duplicates=True)
    for evaluate in form[1:]:
        with pytest.raises(ValueError, match="a hand has 5 to 7 cards, not 4"):
            evaluate(four)
        with pytest.raises(ValueError, match="a hand has 5 to 7 cards, not 8"):
            evaluate(eight)
        with pytest.raises(ValueError, match="a hand cannot hold the same card twice"):
            evaluate(twice)
        with pytest.raises(TypeError, match="Card objects"):
            evaluate([*four, "Ts"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="5 to 7 cards, not 4"):
        reference.high_value(four)
    with pytest.raises(ValueError, match="same card twice"):
        reference.high_value(twice)


@pytest.mark.parametrize("form", MASK_FORMS, ids=lambda f: f[0])
def test_mask_forms_refuse_bad_masks(form: tuple[str, MaskFn, MaskFn, MaskFn, MaskFn]) -> None:
    for evaluate in form[1:]:
        with pytest.raises(ValueError, match="5 to 7 cards, not 4"):
            evaluate(0b1111)
        with pytest.raises(ValueError, match=r"bits 0\.\.51"):
            evaluate(0b11111 | 1 << 52)
        with pytest.raises(ValueError, match=r"bits 0\.\.51"):
            evaluate(-1)
        with pytest.raises(TypeError, match="int"):
            evaluate("31")  # type: ignore[arg-type]


@pytest.mark.skipif(not fast.HAVE_C, reason="the C extension is not built")
def test_install_checks_its_tables() -> None:
    _cfast = importlib.import_module("stud.evaluation._cfast")
    t = tables()
    with pytest.raises(ValueError, match="card_keys has the wrong size"):
        _cfast.install(
            t.card_keys[:52],
            int(t.hash_mul),
            t.displacement,
            t.rank_high,
            t.rank_low8,
            t.rank_razz,
            t.flush_high,
            DECK,
        )
    with pytest.raises(ValueError, match="52 cards"):
        _cfast.install(
            t.card_keys,
            int(t.hash_mul),
            t.displacement,
            t.rank_high,
            t.rank_low8,
            t.rank_razz,
            t.flush_high,
            DECK[:51],
        )
    # A refused install leaves the installed tables working.
    assert fast.high_value(parse_cards("As Ks Qs Js Ts")) == 0x8_EDCBA


@settings(max_examples=500)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=5, unique=True), st.booleans())
def test_showing_value_is_the_reference_one(cards: list[Card], ace_low: bool) -> None:
    assert fast.showing_value(cards, ace_low=ace_low) == reference.showing_value(
        cards, ace_low=ace_low
    )
