"""Properties of every hand, over random rule sets, tables, deck orders and legal play.

Each hand comes from ``strategies.setups``: any variant and option, 2 to 8 players,
stacks from one chip up, a shuffled deck, and a seeded random player who picks among
the legal actions.
"""

import copy
import random
from collections import defaultdict
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards_in, replay
from strategies import Setup, setups
from stud.actions import (
    Action,
    ActionTaken,
    AntePosted,
    Bet,
    BetReturned,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    HandMucked,
    HandShown,
    Muck,
    PotAwarded,
    Raise,
    RakeTaken,
    Share,
    Show,
)
from stud.cards import DECK, Card
from stud.evaluation.reference import high_value, low8_value, razz_value
from stud.state import HandState, IllegalActionError, Phase
from stud.views import view_of

FAST = settings(max_examples=250, deadline=None)


def step_bound(setup: Setup) -> int:
    """Most actions a hand can take.

    A round has at most one action a player for each time the wager goes up: the
    bring-in, the bet and raises up to the cap, and each player's one all-in. With no
    cap heads-up, each raise costs at least a small bet. Then one show or muck each.
    """
    rules, n = setup.rules, len(setup.stacks)
    per_round = n * (2 + 1 + rules.max_raises + n)
    if rules.uncapped_heads_up:
        per_round += 2 * (sum(setup.stacks) // rules.small_bet + 1)
    return 5 * per_round + n


def contributions(state: HandState) -> list[int]:
    """Chips each seat put in over the hand, less any uncalled bet returned."""
    chips = [0] * state.players
    for event in state.events:
        if isinstance(event, AntePosted | ActionTaken):
            chips[event.seat] += event.amount
        elif isinstance(event, BetReturned):
            chips[event.seat] -= event.amount
    return chips


@FAST
@given(setups())
def test_r8_1_chips_are_conserved_at_every_step(setup: Setup) -> None:
    total = sum(setup.stacks)
    states = setup.play()
    for state in states:
        assert sum(state.stacks) + state.pot + state.rake == total  # R9.4
        assert all(chips >= 0 for chips in state.stacks)
        assert all(0 <= w <= c for w, c in zip(state.wagers, state.contributed, strict=True))
    final = states[-1]
    assert final.is_over
    assert sum(final.final_stacks) + final.rake == total  # R9.4
    assert sum(final.payoffs) == -final.rake
    assert final.rake == sum(e.amount for e in final.events if isinstance(e, RakeTaken))


@FAST
@given(setups())
def test_every_hand_ends_within_a_bound_of_steps(setup: Setup) -> None:
    bound = step_bound(setup)
    states = setup.play(limit=bound)
    assert states[-1].is_over, f"not over after {bound} actions"
    for state in states[:-1]:
        assert state.actor is not None
        assert state.phase in {Phase.BETTING, Phase.SHOWDOWN}
        assert state.legal_actions()


@FAST
@given(setups())
def test_r8_3_same_inputs_give_the_same_hand_and_its_history_replays(setup: Setup) -> None:
    first = setup.play()[-1]
    second = setup.play()[-1]
    assert first.events == second.events
    assert first.final_stacks == second.final_stacks
    again = replay(first)
    assert again.events == first.events
    assert again.final_stacks == first.final_stacks


@settings(max_examples=100, deadline=None)
@given(setups())
def test_r8_4_views_never_show_another_players_down_cards(setup: Setup) -> None:
    states = setup.play()
    rng = random.Random(setup.seed)
    sample = [*rng.sample(states, min(8, len(states))), states[-1]]
    for state in sample:
        shown = {e.seat for e in state.events if isinstance(e, HandShown)}
        for seat in range(state.players):
            view = view_of(state, seat)
            seen = cards_in(view)
            assert set(state.down[seat]) <= seen
            for other in range(state.players):
                if other != seat and other not in shown:
                    assert not seen & set(state.down[other])
            if state.actor != seat:
                assert view.legal_actions == ()


def illegal_moves(state: HandState) -> list[Action]:
    """Actions close to the legal ones that are not legal here."""
    legal = state.legal_actions()
    near: list[Action] = [Fold(), Check(), Call(), BringIn(), Show(), Muck()]
    for action in legal:
        if isinstance(action, Complete | Bet | Raise):
            kind = type(action)
            near += [kind(action.to - 1), kind(action.to + 1)]
            near += [k(action.to) for k in (Complete, Bet, Raise) if k is not kind]
    near += [Bet(state.rules.small_bet), Raise(state.level + state.rules.big_bet), Bet(0)]
    return [a for a in near if a not in legal]


@FAST
@given(setups(), st.randoms(use_true_random=False))
def test_r8_2_illegal_actions_are_refused_and_the_state_is_unchanged(
    setup: Setup, rng: random.Random
) -> None:
    states = setup.play()
    for state in [*rng.sample(states, min(4, len(states))), states[-1]]:
        before = copy.deepcopy(state)
        for action in illegal_moves(state):
            with pytest.raises(IllegalActionError, match=r"cannot|hand is over"):
                state.apply(action)
            assert state == before
        if state.deal_due is None:
            with pytest.raises(IllegalActionError, match="no cards are due"):
                state.deal(0, [DECK[0]])
        assert state == before


@FAST
@given(setups(), st.randoms(use_true_random=False))
def test_every_legal_action_applies_and_none_is_offered_twice(
    setup: Setup, rng: random.Random
) -> None:
    states = setup.play()
    for state in rng.sample(states[:-1], min(6, len(states) - 1)):
        legal = state.legal_actions()
        assert len(legal) == len(set(legal)), legal
        for action in legal:
            after = state.apply(action)
            assert sum(after.stacks) + after.pot + after.rake == sum(setup.stacks)


@FAST
@given(setups())
def test_r6_3_nobody_wins_more_than_the_others_matched(setup: Setup) -> None:
    final = setup.play()[-1]
    put_in = contributions(final)
    won = [0] * final.players
    for event in final.events:
        if isinstance(event, PotAwarded):
            won[event.seat] += event.amount
            assert not final.folded[event.seat]
    assert sum(won) + final.rake == sum(put_in)
    if not setup.rules.dead_antes:
        for seat in range(final.players):
            assert won[seat] <= sum(min(c, put_in[seat]) for c in put_in)


@FAST
@given(setups())
def test_r7_odd_chips_at_most_one_each_and_to_the_high_half(setup: Setup) -> None:
    final = setup.play()[-1]
    shares: dict[tuple[int, Share], list[int]] = defaultdict(list)
    for event in final.events:
        if isinstance(event, PotAwarded):
            shares[event.pot, event.share].append(event.amount)
    for amounts in shares.values():
        assert max(amounts) - min(amounts) <= 1  # R7.4
    for (pot, share), amounts in shares.items():
        if share is Share.HIGH:
            low = sum(shares.get((pot, Share.LOW), []))
            assert sum(amounts) - low in {0, 1}  # R7.1


def expected_winnings(state: HandState) -> dict[int, int]:
    """Who should get what, counted afresh from RULES.md R6.3 to R7.4.

    From each player's chips in (less any uncalled bet) and cards: one pot per
    distinct all-in level of the players still in (folded chips stay in the last pot),
    each among its players who did not muck; high, eight-or-better low or razz low;
    odd chips to the high half, then by highest card (lows: lowest card), one each.
    The rake (R9) comes first: its share of all the chips in, at most the cap, none
    when the hand ended on third street, out of the main pot first.
    """
    n, rules = state.players, state.rules
    variant = rules.variant
    put_in = contributions(state)
    alive = [s for s in range(n) if not state.folded[s]]
    rake = 0
    if state.street > 3:
        rake = sum(put_in) * rules.rake_permille // 1000
        rake = min(rake, rules.rake_cap) if rules.rake_cap else rake
    if len(alive) == 1:
        return {alive[0]: sum(put_in) - rake} if sum(put_in) - rake else {}
    mucked = {e.seat for e in state.events if isinstance(e, HandMucked)}
    winnings: dict[int, int] = defaultdict(int)

    def own(seat: int) -> tuple[Card, ...]:
        return state.down[seat] + state.up[seat]

    def share(chips: int, winners: list[int], *, by_lowest: bool) -> None:
        if by_lowest:
            order = sorted(winners, key=lambda s: min((c.rank.low, c.suit) for c in own(s)))
        else:
            order = sorted(winners, key=lambda s: max((c.rank, c.suit) for c in own(s)))
            order.reverse()
        each, odd = divmod(chips, len(order))
        for place, seat in enumerate(order):
            winnings[seat] += each + (place < odd)

    levels = sorted({put_in[s] for s in alive if put_in[s] > 0})
    previous = 0
    for level in levels:
        chips = sum(min(c, level) - min(c, previous) for c in put_in)
        if level == levels[-1]:
            chips += sum(max(0, c - level) for c in put_in)
        players = [s for s in alive if put_in[s] >= level]
        previous = level
        raked = min(rake, chips)
        chips, rake = chips - raked, rake - raked
        claimants = [s for s in players if s not in mucked] or players
        if variant == "razz":
            lows = {s: razz_value(state.hand_of(s)) for s in claimants}
            share(chips, [s for s in claimants if lows[s] == min(lows.values())], by_lowest=True)
            continue
        highs = {s: high_value(state.hand_of(s)) for s in claimants}
        high_winners = [s for s in claimants if highs[s] == max(highs.values())]
        eights = {s: low8_value(state.hand_of(s)) for s in claimants} if variant == "stud8" else {}
        qualified = {s: v for s, v in eights.items() if v is not None}
        low_winners = [s for s in qualified if qualified[s] == min(qualified.values())]
        if not low_winners or set(low_winners) == set(high_winners):
            share(chips, high_winners, by_lowest=False)
        else:
            share(chips - chips // 2, high_winners, by_lowest=False)
            share(chips // 2, low_winners, by_lowest=True)
    return {seat: chips for seat, chips in winnings.items() if chips}


@FAST
@given(setups())
def test_r6_r7_pots_are_awarded_as_a_fresh_count_says(setup: Setup) -> None:
    if setup.rules.dead_antes:
        setup = replace(setup, rules=replace(setup.rules, dead_antes=False))
    final = setup.play()[-1]
    awarded: dict[int, int] = defaultdict(int)
    for event in final.events:
        if isinstance(event, PotAwarded):
            awarded[event.seat] += event.amount
    assert {s: c for s, c in awarded.items() if c} == expected_winnings(final)
