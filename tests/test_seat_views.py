"""R8.4: every path that shows a hand to someone shows exactly what ``stud.views`` allows.

``stud.views.seen_down`` is the one decision of which face-down cards a viewer (a
seat, or ``None`` for an observer) may see; ``visible_cards`` adds the face-up
cards and the community card. Random hands of every variant are played to the
end (showdowns with shows and mucks included), and at every decision and at the
end, from every seat and from an observer, each path's cards are read back out of
what it produces and compared with that one answer:

* ``view_of`` itself (down cards, face-up cards, shown cards, events);
* the bots' observation (``bots.observation.observe``) and the compiled engine's
  (``compiled.engine.observe_table``, for the actor, in lockstep with the hand);
* the RL encoding (``env.encoding.encode``) and the batched environment's compiled
  one (``env.batched.encode_table``, every seat);
* a viewer's PHH (``history.phh.to_phh(viewer=)``) and the cardroom's download of
  it (``web.history.seat_phh``);
* the cardroom's frames (``web.projection.project`` and ``project_log``).

The observations made for betting decisions hold the viewer's own cards, the
face-up cards and the community card; the histories and the frames hold shown
cards too. Either way, no more and no fewer than the decision allows.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from dataclasses import replace

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings

from strategies import Setup, choose, setups
from stud.actions import Action, CardsDealt, HandShown, code_of
from stud.bots import observation as bots_obs
from stud.cards import Card
from stud.compiled import engine
from stud.compiled.batched import encode_table
from stud.compiled.evaluation import kernel_tables
from stud.env import encoding
from stud.history.phh import to_phh
from stud.rules import MAX_SEATS
from stud.state import HandState, Phase
from stud.views import PlayerView, view_of, visible_cards
from stud.web.history import seat_phh
from stud.web.projection import Moment, SeatInfo, project, project_log

_CARD = re.compile(r"(?<![A-Za-z0-9?])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")
_DEALT = re.compile(r'"(?:d dh p\d+|p\d+ sm|d db) ([^"]*)"')


def _codes(codes: Iterable[int]) -> frozenset[Card]:
    return frozenset(Card.from_code(int(c)) for c in codes)


def _table_cards(view: PlayerView) -> frozenset[Card]:
    """What a betting observation holds: own cards, face-up cards, the community card."""
    cards = set(view.down).union(*view.up)
    if view.community is not None:
        cards.add(view.community)
    return frozenset(cards)


def _view_cards(view: PlayerView) -> frozenset[Card]:
    """Every card the view holds, anywhere in it."""
    cards = set(_table_cards(view)).union(*(s for s in view.shown if s is not None))
    for event in view.events:
        if isinstance(event, CardsDealt | HandShown):
            cards.update(event.cards)
    return frozenset(cards)


def _bot_cards(obs: npt.NDArray[np.int64]) -> frozenset[Card]:
    """The cards in a ``stud.bots.observation`` array."""
    codes = [int(c) for c in obs[bots_obs.O_DOWN : bots_obs.O_DOWN + obs[bots_obs.O_NDOWN]]]
    for seat in range(int(obs[bots_obs.O_PLAYERS])):
        at = bots_obs.O_UP + 4 * seat
        codes.extend(int(c) for c in obs[at : at + obs[bots_obs.O_NUP + seat]])
    if obs[bots_obs.O_COMMUNITY] >= 0:
        codes.append(int(obs[bots_obs.O_COMMUNITY]))
    return _codes(codes)


def _encoded_cards(obs: npt.NDArray[np.float32]) -> frozenset[Card]:
    """The cards in a ``stud.env.encoding`` vector (its one-hot card blocks)."""
    blocks = obs[encoding.O_UP : encoding.O_COMMUNITY + 52]
    return _codes(np.flatnonzero(blocks) % 52)


def _phh_cards(text: str) -> frozenset[Card]:
    """The cards a PHH names in its deals, shows and community card (not ``??``)."""
    found: set[Card] = set()
    for cards in _DEALT.findall(text):
        found.update(
            Card.parse(cards[i : i + 2]) for i in range(0, len(cards), 2) if cards[i] != "?"
        )
    return frozenset(found)


def _frame_cards(frame: object) -> frozenset[Card]:
    """Every card named anywhere in a frame, as the client receives it."""
    return frozenset(Card.parse(c) for c in _CARD.findall(json.dumps(frame)))


def _moment(state: HandState) -> Moment:
    seats = tuple(SeatInfo(f"player {s + 1}", stack) for s, stack in enumerate(state.stacks))
    return Moment(1, "table", state.rules, seats, state, tuple(range(state.players)), 7)


def _check_python_paths(state: HandState) -> None:
    """Every path written in Python, from every seat and from an observer."""
    moment = _moment(state)
    for viewer in (*range(state.players), None):
        allowed = visible_cards(state, viewer)
        frames = [project(moment, viewer), project_log(moment, viewer)]
        assert _frame_cards(frames) == allowed, f"cardroom frames for {viewer}"
        if viewer is None:
            continue
        view = view_of(state, viewer)
        assert _view_cards(view) == allowed, f"view_of seat {viewer}"
        table = _table_cards(view)
        betting = replace(view, legal_actions=())  # a showdown's choice is no bot's to make
        assert _bot_cards(bots_obs.observe(betting)) == table, f"bots' observation, {viewer}"
        assert _encoded_cards(encoding.encode(view, 1000)) == table, f"encoding, seat {viewer}"
        assert _phh_cards(to_phh(state, viewer=viewer)) == allowed, f"PHH for seat {viewer}"
        names = [f"player {s + 1}" for s in range(state.players)]
        assert _phh_cards(seat_phh(state, names, viewer)) == allowed, f"seat_phh {viewer}"


class _Compiled:
    """The compiled engine's table, dealt from the same deck and fed the same actions."""

    def __init__(self, setup: Setup) -> None:
        self.r = engine.rules_array(setup.rules)
        self.t = np.zeros(engine.T_SIZE, dtype=np.int64)
        self.cards = np.zeros((MAX_SEATS, 7), dtype=np.int64)
        self.won = np.zeros(MAX_SEATS, dtype=np.int64)
        self.deck = np.array([c.code for c in setup.deck], dtype=np.uint8)
        self.tabs = kernel_tables()
        self.kinds = np.zeros(bots_obs.MAX_LEGAL, dtype=np.int64)
        self.amounts = np.zeros(bots_obs.MAX_LEGAL, dtype=np.int64)
        stacks = np.array(setup.stacks, dtype=np.int64)
        engine.start_hand(self.t, self.r, self.cards, self.deck, stacks, self.tabs, self.won)

    @property
    def betting(self) -> bool:
        return bool(self.t[engine.T_ACTOR] >= 0)

    def check(self, state: HandState) -> None:
        """The actor's compiled observation, and every seat's compiled encoding."""
        actor = int(self.t[engine.T_ACTOR])
        assert state.actor == actor
        nlegal = engine.legal_actions(self.t, self.r, self.kinds, self.amounts)
        obs = np.zeros(bots_obs.OBS_SIZE, dtype=np.int64)
        engine.observe_table(self.t, self.r, self.cards, self.kinds, self.amounts, nlegal, obs)
        assert _bot_cards(obs) == visible_cards(state, actor), "compiled observation"
        t32, cards8 = self.t.astype(np.int32), self.cards.astype(np.int8)
        for seat in range(state.players):
            out = np.zeros(encoding.OBS_SIZE, dtype=np.float32)
            encode_table(t32, self.r, cards8, seat, 1000, out)
            assert _encoded_cards(out) == visible_cards(state, seat), f"compiled encoding {seat}"

    def apply(self, action: Action) -> None:
        kind, amount = code_of(action)
        engine.apply_action(
            self.t, self.r, self.cards, self.deck, kind, amount, self.tabs, self.won
        )


@settings(max_examples=60, deadline=None)
@given(setups())
def test_r8_4_every_path_shows_exactly_what_the_views_allow(setup: Setup) -> None:
    """R8.4 at every decision and at the end, every variant, every seat and an observer."""
    state = setup.start()
    compiled = _Compiled(setup)
    rng = random.Random(setup.seed)
    while True:
        _check_python_paths(state)
        if state.is_over:
            break
        if state.phase is Phase.BETTING:
            compiled.check(state)
        action = choose(state, rng, setup.fold_rate)
        if compiled.betting and state.phase is Phase.BETTING:
            compiled.apply(action)
        state = state.apply(action)
