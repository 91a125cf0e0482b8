"""One hand at a time on the compiled engine: what ``StudAECEnv`` and ``StudGymEnv`` play on.

The one-hand environments give one agent's decision at a time. On the reference
engine each step builds a ``PlayerView`` and a new ``HandState``, some hundred
microseconds; here a step is one call into compiled code
(``stud.compiled.table.play_to_decision``) that plays the action, lets the built-in
bots' compiled policies act for the seats no agent holds, and writes the next
agent's observation and mask with the batched environment's encoder, which a test
compares with ``stud.env.encoding`` step by step.

As in ``stud sim`` and the batched environment, players always show at the
showdown, so show and muck are never offered. The hand is kept as arrays; its
``HandState`` (to render it, or to read its events) is built on demand by replaying
the logged actions on the reference engine with the same deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from stud.actions import Action, Show, action_of
from stud.bots.observation import OBS_SIZE as BOT_OBS_SIZE
from stud.cards import Card
from stud.compiled.batched import deal_hand, encode_table
from stud.compiled.engine import MAX_ACTIONS, T_SIZE, T_STACK, rules_array
from stud.compiled.evaluation import kernel_tables
from stud.compiled.jitted import specialised
from stud.compiled.policies import POLICY_NAMES
from stud.compiled.rng import hand_start
from stud.compiled.table import play_to_decision
from stud.core.codes import MAX_LEGAL, MAX_SEATS
from stud.env.encoding import N_ACTIONS, O_PHASE, OBS_SIZE
from stud.rules import Rules
from stud.state import HandState, Phase, new_hand

__all__ = ["COMPILED_BOTS", "MOST_CHIPS", "CompiledHand", "past_showdown"]

COMPILED_BOTS = {name: number for number, name in POLICY_NAMES.items()}
"""The bots that play inside the compiled engine, by name."""

MOST_CHIPS = 2**31 - 1
"""The most chips at a table: the table's state is 32-bit, as in the batched environment."""

_OVER = 2  # the phase slot of a finished hand, after betting and showdown


class CompiledHand:
    """A table of ``players`` seats: ``agents`` decide, the other seats' ``bots`` play inside.

    ``seed`` starts a stream of hands (hand ``k`` after ``seed(s)`` is the batched
    environment's hand ``k`` of table 0 after ``reset(seed=s)``), ``deal`` deals the
    next one and ``play`` an agent's action index; ``actor`` is the agent to act, or
    -1 when the hand is over.
    """

    def __init__(
        self,
        rules: Rules,
        players: int,
        stack: int,
        agents: Sequence[int],
        bots: Mapping[int, str],
    ) -> None:
        if stack * players > MOST_CHIPS:
            raise ValueError(
                f"stack={stack}: the compiled table keeps chips in 32 bits; at most "
                f"{MOST_CHIPS // players:,} chips a seat for {players} players "
                "(engine='reference' takes any stack)"
            )
        self.rules = rules
        self.players = players
        self.stack = stack
        self._chips = stack * players
        self._r = rules_array(rules)
        self._stacks = np.full(players, stack, dtype=np.int64)
        self._agents = np.zeros(MAX_SEATS, dtype=np.int64)
        self._agents[list(agents)] = 1
        self._policies = np.zeros(MAX_SEATS, dtype=np.int64)
        for seat, name in bots.items():
            self._policies[seat] = COMPILED_BOTS[name]
        self._seed = np.uint64(hand_start(0, 0))
        self._hand = 0
        self._t = np.zeros(T_SIZE, dtype=np.int32)
        self._cards = np.zeros((MAX_SEATS, 7), dtype=np.int8)
        self.deck = np.zeros(52, dtype=np.uint8)
        """The hand's deck, top first (card codes)."""
        self._log = np.zeros((MAX_ACTIONS, 2), dtype=np.int64)
        self._logged = np.zeros(1, dtype=np.int64)
        self._obs = np.zeros(OBS_SIZE, dtype=np.float32)
        self.mask = np.zeros(N_ACTIONS, dtype=np.int8)
        """The legal action indices of the agent to act (all 0 when the hand is over)."""
        self._choice_of = np.full(N_ACTIONS, -1, dtype=np.int64)
        self._kinds = np.zeros(MAX_LEGAL, dtype=np.int64)
        self._amounts = np.zeros(MAX_LEGAL, dtype=np.int64)
        self._tabs = kernel_tables()
        self._won = np.zeros(MAX_SEATS, dtype=np.int64)
        self._stream = np.zeros(1, dtype=np.uint64)
        self._bot_obs = np.zeros(BOT_OBS_SIZE, dtype=np.int64)
        self.actor = -1
        self._replayed: HandState | None = None
        self._args = (  # what ``play_to_decision`` takes after the choice, the same every step
            self._r,
            self._agents,
            self._policies,
            self._t,
            self._cards,
            self.deck,
            self._kinds,
            self._amounts,
            self._tabs,
            self._won,
            self._bot_obs,
            self._stream,
            self._log,
            self._logged,
            self._chips,
            self._obs,
            self.mask,
            self._choice_of,
        )
        self._play_to_decision = specialised(play_to_decision, -1, *self._args)
        self._deal_args = (
            self._r,
            self._stacks,
            self._stream,
            self.deck,
            self._t,
            self._cards,
            self._tabs,
            self._won,
        )
        self._deal_hand = specialised(deal_hand, self._seed, 0, *self._deal_args)

    def seed(self, seed: int) -> None:
        """Start the stream of hands ``seed`` deals."""
        self._seed = np.uint64(hand_start(seed, 0))
        self._hand = 0

    def deal(self) -> None:
        """The next hand, played up to the first agent's decision (or to its end)."""
        self._deal_hand(self._seed, self._hand, *self._deal_args)
        self._logged[0] = 0
        self._hand += 1
        self._play(-1)

    def play(self, index: int) -> None:
        """The agent to act plays action index ``index`` (legal: ``mask[index]`` is 1)."""
        self._play(int(self._choice_of[index]))

    def _play(self, choice: int) -> None:
        self._replayed = None
        self.actor = self._play_to_decision(choice, *self._args)
        if self.actor < 0:
            self.mask[:] = 0

    @property
    def is_over(self) -> bool:
        return self.actor < 0

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """``stud.env.encoding.encode`` of ``seat``'s view now (R8.4)."""
        if seat == self.actor:
            return self._obs.copy()
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        encode_table(self._t, self._r, self._cards, seat, self._chips, out)
        if self.actor < 0:  # the hand is over: the encoder writes only the betting phase
            out[O_PHASE] = 0.0
            out[O_PHASE + _OVER] = 1.0
        return out

    def payoff(self, seat: int) -> int:
        """``seat``'s net result in chips (the hand so far)."""
        return int(self._t[T_STACK + seat]) - self.stack

    def legal(self) -> dict[int, Action]:
        """The actions of the agent to act, by action index."""
        return {
            int(i): action_of(
                int(self._kinds[self._choice_of[i]]), int(self._amounts[self._choice_of[i]])
            )
            for i in np.flatnonzero(self.mask)
        }

    def replay(self) -> HandState:
        """The hand so far on the reference engine: the same deck, the logged actions."""
        if self._replayed is not None:
            return self._replayed
        logged = int(self._logged[0])
        if logged > MAX_ACTIONS:
            raise ValueError(
                f"this hand took {logged} actions; only the first {MAX_ACTIONS} are logged"
            )
        deck = [Card.from_code(int(c)) for c in self.deck]
        hand = new_hand(self.rules, [self.stack] * self.players, deck=deck)
        for kind, amount in self._log[:logged].tolist():
            hand = past_showdown(hand.apply(action_of(kind, amount)))
        self._replayed = hand
        return hand


def past_showdown(hand: HandState) -> HandState:
    """Everyone still in shows, as the compiled engine plays the showdown."""
    while hand.phase is Phase.SHOWDOWN:
        hand = hand.apply(next(a for a in hand.legal_actions() if isinstance(a, Show)))
    return hand
