"""Shared hypothesis strategies: rule sets, stacks, deck orders, and random legal play."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import strategies as st

from stud.actions import Action, Fold
from stud.cards import DECK, Card
from stud.rules import Rules, ShortAllInRule, Variant
from stud.state import HandState, new_hand


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    """Any valid rule set: every variant and option, stakes from tiny to wide."""
    ante = draw(st.integers(0, 5))
    bring_in = draw(st.integers(max(ante, 1), max(ante, 1) + 4))
    small_bet = draw(st.integers(bring_in + 1, bring_in + 12))
    big_bet = draw(st.integers(small_bet, 3 * small_bet))
    return Rules(
        variant=draw(st.sampled_from(list(Variant))),
        ante=ante,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=big_bet,
        max_raises=draw(st.integers(0, 4)),
        uncapped_heads_up=draw(st.booleans()),
        short_all_in_rule=draw(st.sampled_from(list(ShortAllInRule))),
        dead_antes=draw(st.booleans()),
        # No rake, a cardroom's few percent, or anything up to the whole pot (R9).
        rake_permille=draw(st.one_of(st.just(0), st.integers(1, 100), st.integers(0, 1000))),
        rake_cap=draw(st.one_of(st.just(0), st.integers(1, 30))),
    )


def stacks(min_players: int = 2, max_players: int = 8) -> st.SearchStrategy[list[int]]:
    """Starting stacks: often tiny (all-in on the ante or the bring-in), sometimes deep."""
    one = st.one_of(st.integers(1, 12), st.integers(1, 60), st.integers(1, 400))
    return st.lists(one, min_size=min_players, max_size=max_players)


def decks() -> st.SearchStrategy[list[Card]]:
    """A deck order, top first."""
    return st.permutations(DECK)


@dataclass(frozen=True)
class Setup:
    """Everything that decides a hand played at random: the same setup, the same hand."""

    rules: Rules
    stacks: tuple[int, ...]
    deck: tuple[Card, ...]
    seed: int
    fold_rate: float
    """How often a player folds when folding is allowed (so hands reach showdown)."""

    def start(self) -> HandState:
        """The hand with antes posted and third street dealt from the deck."""
        return new_hand(self.rules, list(self.stacks), deck=self.deck)

    def play(self, limit: int = 10_000) -> list[HandState]:
        """Every position of the hand, played to the end by random legal choices."""
        return play_randomly(self.start(), random.Random(self.seed), self.fold_rate, limit)


@st.composite
def setups(draw: st.DrawFn, min_players: int = 2, max_players: int = 8) -> Setup:
    """A random rule set, table, deck order and way of playing."""
    return Setup(
        rules=draw(rule_sets()),
        stacks=tuple(draw(stacks(min_players, max_players))),
        deck=tuple(draw(decks())),
        seed=draw(st.integers(0, 2**32 - 1)),
        fold_rate=draw(st.sampled_from([0.0, 0.05, 0.3, 1.0])),
    )


def choose(state: HandState, rng: random.Random, fold_rate: float) -> Action:
    """A random legal action; folding only at ``fold_rate`` when something else is legal."""
    options = state.legal_actions()
    others = [a for a in options if not isinstance(a, Fold)]
    if others and (len(others) == len(options) or rng.random() >= fold_rate):
        return rng.choice(others)
    return rng.choice(options)


def play_randomly(
    state: HandState, rng: random.Random, fold_rate: float = 0.1, limit: int = 10_000
) -> list[HandState]:
    """Every position from ``state`` to the end of the hand (or ``limit`` actions)."""
    states = [state]
    while not state.is_over and len(states) <= limit:
        state = state.apply(choose(state, rng, fold_rate))
        states.append(state)
    return states
