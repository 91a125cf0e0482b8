"""R8.3: a history records every rule setting that differs from the default, and its
replay plays by the same rules."""

from __future__ import annotations

import random
import re

import pytest

from stud.bots import RandomBot
from stud.history.phh import PHHError, parse_phh, replay, to_phh
from stud.rules import Rules, ShortAllInRule, Variant
from stud.sim.hand import play_hand
from stud.state import HandState


def _played(rules: Rules, seed: int) -> HandState:
    rng = random.Random(seed)
    stacks = [rng.randint(5, 60) for _ in range(rng.randint(2, 5))]
    return play_hand(rules, stacks, [RandomBot() for _ in stacks], rng)


def test_r8_3_a_hand_under_the_full_bet_rule_replays_by_it() -> None:
    # Seed 59: p1's all-in for less does not reopen the betting under the
    # full-bet rule, so p2 may only call or make a full raise; by the default
    # (half-bet) rule, p2's bet would be refused.
    rules = Rules(ante=1, bring_in=2, small_bet=10, big_bet=20, short_all_in_rule="full-bet")
    state = _played(rules, 59)
    text = to_phh(state)
    assert '_short_all_in_rule = "full-bet"' in text
    hand = parse_phh(text)
    assert hand.rules == rules
    assert "_short_all_in_rule" not in hand.extra
    assert replay(hand).events == state.events
    without = re.sub(r"_short_all_in_rule.*\n", "", text)
    with pytest.raises(PHHError, match="cannot bet or raise to 10 here"):
        replay(parse_phh(without))


@pytest.mark.parametrize("seed", range(40))
def test_r8_3_every_option_that_differs_is_written_and_replayed(seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules(
        variant=rng.choice(list(Variant)),
        ante=1,
        bring_in=2,
        small_bet=10,
        big_bet=20,
        max_raises=rng.choice([1, 2, 3, 4, 9]),
        uncapped_heads_up=rng.random() < 0.5,
        short_all_in_rule=rng.choice(list(ShortAllInRule)),
        dead_antes=rng.random() < 0.5,
    )
    state = _played(rules, seed)
    text = to_phh(state)
    default = Rules()
    for name in ("max_raises", "uncapped_heads_up", "short_all_in_rule"):
        written = re.search(rf"^_{name} = ", text, re.MULTILINE) is not None
        assert written == (getattr(rules, name) != getattr(default, name)), name
    hand = parse_phh(text)
    assert hand.rules == rules
    replayed = replay(hand)
    assert replayed.events == state.events
    assert replayed.final_stacks == state.final_stacks


@pytest.mark.parametrize(
    ("field", "message"),
    [
        (
            "_max_raises = 'many'",
            r"field '_max_raises': must be a whole number, like 3, not 'many'",
        ),
        ("_max_raises = true", r"field '_max_raises': must be a whole number"),
        (
            "_uncapped_heads_up = 1",
            r"field '_uncapped_heads_up': must be true or false, like false",
        ),
        ("_short_all_in_rule = 'never'", r"the rules cannot be played: short_all_in_rule 'never'"),
        ("_max_raises = -1", r"the rules cannot be played: max_raises cannot be negative"),
    ],
)
def test_a_bad_rule_field_is_refused_by_name(field: str, message: str) -> None:
    text = to_phh(_played(Rules(ante=1, bring_in=2, small_bet=10, big_bet=20), 1))
    with pytest.raises(PHHError, match=message):
        parse_phh(text + field + "\n", source="hand.phh")
