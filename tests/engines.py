"""Both engines on one deck: the reference (``stud.state``) and the compiled one
(``stud.compiled.engine``), step by step, for rule tests that must hold in each."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from stud.actions import Action, BringIn, Call, Check, Show, action_of, code_of
from stud.bots.observation import MAX_LEGAL, MAX_SEATS
from stud.cards import Card
from stud.compiled import engine
from stud.compiled.evaluation import kernel_tables
from stud.rules import Rules
from stud.state import HandState, new_hand

Choice = Callable[[HandState], Action]


class Compiled:
    """A hand on the compiled engine, dealt from ``deck`` (top first)."""

    def __init__(self, rules: Rules, stacks: Sequence[int], deck: Sequence[Card]) -> None:
        self.n = len(stacks)
        self.r = engine.rules_array(rules)
        self.t = np.zeros(engine.T_SIZE, dtype=np.int64)
        self.cards = np.zeros((MAX_SEATS, 7), dtype=np.int64)
        self.won = np.zeros(MAX_SEATS, dtype=np.int64)
        self.deck = np.array([c.code for c in deck], dtype=np.uint8)
        self.tabs = kernel_tables()
        self.kinds = np.zeros(MAX_LEGAL, dtype=np.int64)
        self.amounts = np.zeros(MAX_LEGAL, dtype=np.int64)
        chips = np.array(list(stacks), dtype=np.int64)
        engine.start_hand(self.t, self.r, self.cards, self.deck, chips, self.tabs, self.won)

    @property
    def actor(self) -> int | None:
        seat = int(self.t[engine.T_ACTOR])
        return seat if seat >= 0 else None

    def legal_actions(self) -> list[Action]:
        count = engine.legal_actions(self.t, self.r, self.kinds, self.amounts)
        return [action_of(int(self.kinds[i]), int(self.amounts[i])) for i in range(count)]

    def apply(self, action: Action) -> None:
        kind, amount = code_of(action)
        engine.apply_action(
            self.t, self.r, self.cards, self.deck, kind, amount, self.tabs, self.won
        )

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(int(x) for x in self.t[engine.T_STACK : engine.T_STACK + self.n])


def both(
    rules: Rules, stacks: Sequence[int], deck: Sequence[Card], choose: Choice
) -> tuple[HandState, Compiled]:
    """The hand played to its end on both engines by the same choices (made on the
    reference), checking that both offer the same actions at every decision."""
    state = new_hand(rules, list(stacks), deck=list(deck))
    compiled = Compiled(rules, stacks, deck)
    while compiled.actor is not None:
        assert state.actor == compiled.actor
        assert compiled.legal_actions() == state.legal_actions()
        action = choose(state)
        state = state.apply(action)
        compiled.apply(action)
    while not state.is_over:  # the compiled engine shows every hand itself
        state = state.apply(Show())
    return state, compiled


def passive(state: HandState) -> Action:
    """Bring in, check or call: nobody bets, nobody folds."""
    legal = state.legal_actions()
    for action in (BringIn(), Check(), Call()):
        if action in legal:
            return action
    raise AssertionError(f"no passive action among {legal}")
