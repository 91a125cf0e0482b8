"""Odds: exact results against brute force with the reference evaluators, Monte
Carlo against exact, hand-checkable cases, the community card, and bad input."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations

import pytest

from stud.cards import DECK, Card
from stud.equity import EquityError, EquityResult, Method, Situation, odds
from stud.evaluation.reference import high_value, low8_value, razz_value
from stud.rules import Variant


def _deals(deck: Sequence[Card], needs: Sequence[int]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    if not needs:
        yield ()
        return
    for combo in combinations(deck, needs[0]):
        rest = [c for c in deck if c not in combo]
        for others in _deals(rest, needs[1:]):
            yield (combo, *others)


def brute_force(situation: Situation) -> tuple[list[Fraction], list[int]]:
    """Each player's pot share and scoop count, dealt out by brute force."""
    n = len(situation.hands)
    shares = [Fraction(0)] * n
    scoops = [0] * n
    total = 0
    needs = [7 - len(h) for h in situation.hands]
    for deal in _deals(situation.deck, needs):
        total += 1
        hands = [h + extra for h, extra in zip(situation.hands, deal, strict=True)]
        got = [Fraction(0)] * n
        if situation.variant is Variant.RAZZ:
            values = [-razz_value(h) for h in hands]
            lows: list[int | None] = [None] * n
        else:
            values = [high_value(h) for h in hands]
            lows = (
                [low8_value(h) for h in hands] if situation.variant is Variant.STUD8 else [None] * n
            )
        high_winners = [i for i in range(n) if values[i] == max(values)]
        qualifying = [v for v in lows if v is not None]
        low_winners = [i for i in range(n) if qualifying and lows[i] == min(qualifying)]
        high_pot = Fraction(1, 2) if low_winners else Fraction(1)
        for i in high_winners:
            got[i] += high_pot / len(high_winners)
        for i in low_winners:
            got[i] += Fraction(1, 2) / len(low_winners)
        for i in range(n):
            shares[i] += got[i]
            scoops[i] += got[i] == 1
    return [s / total for s in shares], scoops


CASES = [
    ("stud", ["As Ad 7c 8d Kh 2s", "Kc Kd Qs Js Ts 3h"], "9s 4c"),
    ("stud8", ["Ac 2d 3h 9s Kd Qc", "4s 5s 6s 7s 8c Jd"], "2c 3c"),
    ("razz", ["Ac 2d 3h 9s Kd Qc", "4s 5s 6s 7s 8c Jd"], ""),
    ("stud8", ["Ah 2h 3c 4d 5s 6c 9h", "Kc Kd Ks 8h 7h 6h", "Qs Qh 2s 3s 4s 5c 8s"], "Js"),
]


@pytest.mark.parametrize(("variant", "hands", "dead"), CASES)
def test_exact_odds_agree_with_brute_force_by_the_reference_evaluators(
    variant: str, hands: list[str], dead: str
) -> None:
    situation = Situation.parse(variant, hands, dead)
    result = odds(hands, dead, variant=variant, method="exact")
    shares, scoops = brute_force(situation)
    assert result.method is Method.EXACT
    assert result.outcomes == situation.outcomes()
    for player, share, scoop in zip(result.players, shares, scoops, strict=True):
        assert player.share == pytest.approx(float(share), abs=1e-12)
        assert player.scoops == scoop
        assert player.wins + player.ties + player.losses == result.outcomes


@pytest.mark.parametrize(
    "hands",
    [
        ["As Ks 7d 2c 3c", "Qh Qd 4s 5s 6h"],
        # A weighted range: holdings drawn by weight, the rest dealt card by card.
        ["As Ks 7d 2c 3c", "[QQ:2, XhXh, 4h5h] 4s 5s 6h"],
    ],
)
def test_monte_carlo_falls_within_its_stated_error_of_the_exact_answer(hands: list[str]) -> None:
    exact = odds(hands, variant="stud8", method="exact")
    estimate = odds(hands, variant="stud8", method="monte-carlo", trials=200_000, seed=3)
    assert exact.method is Method.EXACT
    assert estimate.method is Method.MONTE_CARLO
    assert estimate.outcomes == 200_000
    for e, m in zip(exact.players, estimate.players, strict=True):
        assert m.share_error > 0
        assert abs(m.share - e.share) < 4 * m.share_error


def test_budget_chooses_the_method() -> None:
    hands = ["As Ks Qs", "2c 2d 3h"]
    assert odds(hands, trials=10_000, exact_budget=10).method is Method.MONTE_CARLO
    small = ["As Ks Qs Js Ts 9s", "2c 2d 3h 4h 5h 6c"]
    assert odds(small, exact_budget=10_000).method is Method.EXACT


@pytest.mark.parametrize(
    "hands",
    [["As Ks Qs", "2c 2d 3h", "9c 9d Th"], ["As Ks Qs", "[99, TT, XcXc:0.25] 2c", "?? ?? 7h"]],
)
def test_monte_carlo_is_reproducible_by_seed_and_independent_of_jobs(hands: list[str]) -> None:
    one = odds(hands, trials=30_000, seed=5, method="monte-carlo")
    again = odds(hands, trials=30_000, seed=5, method="monte-carlo", jobs=2)
    other = odds(hands, trials=30_000, seed=6, method="monte-carlo")
    assert one.players == again.players
    assert one.players != other.players


def test_exact_with_jobs_gives_the_same_counts() -> None:
    hands = ["As Ks Qs Js 2d", "2c 2h 3h 4d 5c"]
    assert odds(hands, jobs=2).players == odds(hands).players


def test_a_made_hand_against_a_dead_draw_wins_every_time() -> None:
    # Quad aces against a straight-flush draw whose only cards (Ac, 6c) are gone.
    result = odds(["As Ad Ah Ac Kd Kh", "2c 3c 4c 5c 9d Td"], "6c", method="exact")
    first, second = result.players
    assert first.wins == result.outcomes
    assert first.share == 1
    assert second.losses == result.outcomes


def test_two_identical_hands_tie() -> None:
    result = odds(["Ah Kd 9c 8s 7h 3c 2d", "Ad Kh 9d 8c 7s 3h 2c"], variant="stud8")
    assert result.outcomes == 1
    for player in result.players:
        assert player.ties == 1
        assert player.share == 0.5
        assert player.high_ties == player.low_ties == 1


def test_a_low_draw_whose_outs_are_dead_cannot_win_low() -> None:
    dead = "Ac Ad Ah As 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s"
    result = odds(["Qs Qh Js Jh 9s 9h", "2c 3d 4h 5s Kc Kd"], dead, variant="stud8")
    assert result.outcomes == 24 * 23  # 24 unseen cards, one for each player
    assert result.players[1].low_wins == result.players[1].low_ties == 0


def test_r3_4_community_card_when_the_deck_runs_short() -> None:
    # Eight players on sixth street hold 48 cards: four are left for eight
    # seventh cards, so one community card plays in every hand.
    deck = [str(c) for c in DECK]
    hands = [" ".join(deck[i::8][:6]) for i in range(8)]
    situation = Situation.parse("stud", hands, "")
    assert situation.community
    assert situation.outcomes() == 4
    result = odds(hands)
    expected = [Fraction(0)] * 8
    for card in situation.deck:
        values = [high_value((*h, card)) for h in situation.hands]
        winners = [i for i, v in enumerate(values) if v == max(values)]
        for i in winners:
            expected[i] += Fraction(1, 4 * len(winners))
    assert [p.share for p in result.players] == pytest.approx([float(e) for e in expected])


@pytest.mark.parametrize(
    ("hands", "dead", "message"),
    [
        (["As Ks Qs"], "", "2 to 8 players"),
        (["As Ks", "2c 3c 4c"], "", "player 1 has 2 cards"),
        (["As Ks Qs Js Ts 9s 8s 7s", "2c 3c 4c"], "", "player 1 has 8 cards"),
        (["As Ks Qs", "As 3c 4c"], "", "As is in player 1's hand and in player 2's hand"),
        (["As Ks Qs", "2c 3c 4c"], "Ks", "Ks is in player 1's hand and among the dead"),
        (["As Ks Zs", "2c 3c 4c"], "", "player 1: 'Zs' is not a card"),
    ],
)
def test_bad_input_is_a_clear_error(hands: list[str], dead: str, message: str) -> None:
    with pytest.raises(EquityError, match=message):
        Situation.parse("stud", hands, dead)


def test_result_json_has_the_documented_fields() -> None:
    result: EquityResult = odds(["As Ks Qs Js Ts 9s", "2c 2d 3h 4h 5h 6c"], variant="stud8")
    data = result.to_dict()
    assert data["method"] == "exact"
    assert {"cards", "win", "tie", "lose", "scoops", "equity", "high_wins", "low_wins"} <= set(
        data["players"][0]
    )
