"""Bots: only legal actions, and nothing of what they may not see (R8.4)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stud.actions import Show
from stud.bots import BOTS, Bot, EquityBot, TightBot, make_bot
from stud.bots.observation import O_COMMUNITY, O_DOWN, O_UP, OBS_SIZE, observe
from stud.cards import DECK, Card
from stud.rules import Rules, Variant
from stud.sim.hand import play_hand
from stud.state import HandState, new_hand
from stud.views import view_of

tables = st.tuples(
    st.sampled_from(list(Variant)),
    st.lists(st.sampled_from(sorted(BOTS)), min_size=2, max_size=8),
    st.lists(st.integers(1, 300), min_size=8, max_size=8),
    st.integers(0, 2**32 - 1),
)


@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(tables)
def test_every_bot_only_plays_legal_actions(
    table: tuple[Variant, list[str], list[int], int],
) -> None:
    variant, names, stacks, seed = table
    rules = Rules(variant, ante=1, bring_in=2, small_bet=5, big_bet=10)
    bots = [make_bot(name) for name in names]
    rng = random.Random(seed)
    state = new_hand(rules, stacks[: len(bots)], rng=rng)
    while not state.is_over:
        assert state.actor is not None
        view = view_of(state, state.actor)
        action = bots[state.actor].act(view, rng)
        assert action in view.legal_actions
        state = state.apply(action)
    assert sum(state.final_stacks) == sum(stacks[: len(bots)])


@pytest.mark.parametrize("bot", [TightBot(), EquityBot()], ids=lambda b: b.name)
@settings(deadline=None, max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(list(Variant)))
def test_a_bot_decides_from_its_view_alone(bot: Bot, seed: int, variant: Variant) -> None:
    """Changing a card the bot cannot see changes neither its view nor its action."""
    rng = random.Random(seed)
    rules = Rules(variant, ante=1, bring_in=2, small_bet=5, big_bet=10)
    deck = list(DECK)
    rng.shuffle(deck)
    players = rng.randint(2, 7)
    state = new_hand(rules, [200] * players, deck=deck)
    seat = state.actor
    assert seat is not None
    # Swap another player's first face-down card with the bottom card of the deck.
    victim = (seat + 1) % players
    hidden, bottom = deck.index(state.down[victim][0]), len(deck) - 1
    other = list(deck)
    other[hidden], other[bottom] = other[bottom], other[hidden]
    twin = new_hand(rules, [200] * players, deck=other)
    assert twin.down[victim] != state.down[victim]
    view, twin_view = view_of(state, seat), view_of(twin, seat)
    assert view == twin_view
    assert bot.act(view, random.Random(seed)) == bot.act(twin_view, random.Random(seed))


@settings(deadline=None, max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(list(Variant)))
def test_observations_hold_no_hidden_card(seed: int, variant: Variant) -> None:
    """Every card code a compiled policy reads is the actor's own or face up."""
    rules = Rules(variant, ante=1, bring_in=2, small_bet=5, big_bet=10)
    names = ["tight", "equity", "station", "random", "station", "tight"]
    state = play_hand(rules, [150] * 6, [make_bot(n) for n in names], random.Random(seed))
    replay = new_hand(rules, [150] * 6, deck=_deck_of(state))
    for event in state.events:
        if type(event).__name__ != "ActionTaken":
            continue
        seat = replay.actor
        assert seat is not None
        obs = observe(view_of(replay, seat))
        visible = {c.code for c in replay.down[seat]}
        visible |= {c.code for s in range(replay.players) for c in replay.up[s]}
        if replay.community is not None:
            visible.add(replay.community.code)
        codes = [*obs[O_DOWN : O_DOWN + 3], *obs[O_UP:OBS_SIZE], obs[O_COMMUNITY]]
        assert {int(c) for c in codes if c >= 0} <= visible
        replay = replay.apply(event.action)  # type: ignore[attr-defined]
        while replay.phase.value == "showdown":
            replay = replay.apply(Show())


def _deck_of(state: HandState) -> list[Card]:
    """The deck order a self-dealt hand used: cards in the order they were dealt."""
    assert state.deck is not None
    dealt: list[Card] = []
    rounds: dict[int, list[list[Card]]] = {}
    for event in state.events:
        name = type(event).__name__
        if name == "CardsDealt":
            rounds.setdefault(event.street, []).append(list(event.cards))  # type: ignore[union-attr]
        elif name == "CommunityCardDealt":
            rounds.setdefault(7, []).append([event.card])  # type: ignore[union-attr]
    for street in sorted(rounds):
        hands = rounds[street]
        for i in range(max(len(h) for h in hands)):
            dealt.extend(h[i] for h in hands if i < len(h))
    return [*dealt, *state.deck]


def test_registry_names_the_four_bots() -> None:
    assert {"random", "station", "tight", "equity"} <= set(BOTS)
    for name in BOTS:
        assert make_bot(name).name == name
    with pytest.raises(ValueError, match="no bot named 'shark'"):
        make_bot("shark")


def test_tight_raises_rolled_up_trips_and_folds_trash() -> None:
    rules = Rules(Variant.STUD, ante=1, bring_in=2, small_bet=5, big_bet=10)
    # Seat 0: 2c 7d door 3h (lowest door, brings in); seat 1: Ks Kh door Kd; seat 2: 9c 4d door 8s.
    order = {0: ["2c", "7d", "3h"], 1: ["Ks", "Kh", "Kd"], 2: ["9c", "4d", "8s"]}
    top = [Card.parse(order[s][i]) for i in range(3) for s in range(3)]
    deck = top + [c for c in DECK if c not in top]
    state = new_hand(rules, [200, 200, 200], deck=deck)
    assert state.actor == 0
    state = state.apply(TightBot().act(view_of(state, 0), random.Random(0)))
    assert state.actor == 1
    assert type(TightBot().act(view_of(state, 1), random.Random(0))).__name__ == "Complete"
    state = state.apply(TightBot().act(view_of(state, 1), random.Random(0)))
    assert type(TightBot().act(view_of(state, 2), random.Random(0))).__name__ == "Fold"
    assert np.asarray(observe(view_of(state, 2))).shape == (OBS_SIZE,)
