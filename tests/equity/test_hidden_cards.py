"""Odds against what can be seen: ``??`` down cards and weighted ranges, checked
against brute force with the reference evaluators, against the known-card odds,
and Monte Carlo against exact."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest
from test_equity import brute_force

from stud.cards import DECK, Card, parse_cards
from stud.equity import EquityError, Method, PlayerOdds, Situation, odds, parse_range
from stud.evaluation.reference import high_value

# Twenty dead cards leave a small deck, so brute force stays quick.
DEAD = "2c 2s 3c 3s 4c 4s 5c 5s 6c 6s 7c 7s 8c 8s 9c 9s Tc Ts Jc Js"


def _shares(players: Sequence[PlayerOdds]) -> list[float]:
    return [p.share for p in players]


def weighted_brute_force(
    variant: str, holdings: list[tuple[list[str], Fraction]], dead: str
) -> list[Fraction]:
    """Pot shares over holdings written out by hand: each one's brute-force shares,
    weighed by its weight."""
    total = sum(weight for _, weight in holdings)
    shares: list[Fraction] = []
    for hands, weight in holdings:
        each, _ = brute_force(Situation.parse(variant, hands, dead))
        shares = [
            a + weight * b for a, b in zip(shares or [Fraction(0)] * len(each), each, strict=True)
        ]
    return [s / total for s in shares]


def test_unknown_cards_are_drawn_like_cards_still_to_come() -> None:
    situation = Situation.parse("stud8", ["Ac 2d 3h 9d Kd Qc", "?? 5d 6h 7d 8h Jd"], DEAD)
    assert situation.describe(1) == "?? 5d 6h 7d 8h Jd"
    assert situation.unknown == (0, 1)
    shares, scoops = brute_force(situation)  # deals 7 - (cards seen) to each player
    result = odds(["Ac 2d 3h 9d Kd Qc", "?? 5d 6h 7d 8h Jd"], DEAD, variant="stud8")
    assert result.method is Method.EXACT
    assert result.outcomes == 21 * 190  # one card of the 21 unseen, then two of 20
    assert _shares(result.players) == pytest.approx([float(s) for s in shares], abs=1e-12)
    assert [p.scoops for p in result.players] == scoops


def test_unknown_down_cards_give_the_odds_of_the_up_cards_alone() -> None:
    with_unknown = odds(["As Ad 7c 8d Kh 2s", "?? ?? Kc Kd Qs Js"], method="exact")
    up_cards_only = odds(["As Ad 7c 8d Kh 2s", "Kc Kd Qs Js"], method="exact")
    assert with_unknown.players == up_cards_only.players
    assert with_unknown.to_dict()["players"][1]["cards"] == "?? ?? Kc Kd Qs Js"


def test_unknown_cards_may_stand_among_the_marked_down_cards() -> None:
    marked = Situation.parse("stud", ["(?? ??) 10h Kc", "(?? Ad) 9s 8s"])
    plain = Situation.parse("stud", ["?? ?? Th Kc", "?? Ad 9s 8s"])
    assert marked == plain


def test_a_player_may_show_fewer_than_three_cards_but_no_more_than_seven() -> None:
    situation = Situation.parse("razz", ["Ah 2h 3h", "?? ?? Kc"])
    assert situation.held == (3, 3)
    assert situation.needs(community=False) == [4, 6]
    with pytest.raises(EquityError, match="player 2 has 8 cards"):
        Situation.parse("razz", ["Ah 2h 3h", "?? ?? ?? ?? ?? ?? Kc Kd"])
    with pytest.raises(EquityError, match="player 2 has 2 cards"):
        Situation.parse("razz", ["Ah 2h 3h", "?? Kc"])


def test_hands_too_wide_for_tables_are_dealt_card_by_card() -> None:
    # Two razz hands nobody has seen: by symmetry each is worth half the pot.
    hands = ["?? ?? ??", "?? ?? ??"]
    with pytest.raises(EquityError, match="use Monte Carlo"):
        odds(hands, variant="razz", method="exact")
    result = odds(hands, variant="razz", trials=100_000, seed=1)
    assert result.method is Method.MONTE_CARLO
    for player in result.players:
        assert abs(player.share - 0.5) < 4 * player.share_error


def test_r3_4_community_card_with_unknown_down_cards() -> None:
    # Eight players on sixth street, two of player 1's cards unseen: six cards are
    # left for player 1's two and one community card that plays in every hand.
    deck = [str(c) for c in DECK]
    hands = [" ".join(deck[i::8][:6]) for i in range(8)]
    hands[0] = "?? ?? " + " ".join(hands[0].split()[2:])
    situation = Situation.parse("stud", hands, "")
    assert situation.community
    assert situation.outcomes() == 6 * 10
    unseen = situation.deck
    expected = [Fraction(0)] * 8
    for card in unseen:
        rest = [c for c in unseen if c != card]
        for down in combinations(rest, 2):
            held = [(*down, *situation.hands[0], card)]
            held += [(*h, card) for h in situation.hands[1:]]
            values = [high_value(h) for h in held]
            winners = [i for i, v in enumerate(values) if v == max(values)]
            for i in winners:
                expected[i] += Fraction(1, 60 * len(winners))
    assert _shares(odds(hands).players) == pytest.approx([float(e) for e in expected])
    # The same with the down cards as a range of any two cards, dealt card by card.
    hands[0] = "[?? ??] " + hands[0][6:]
    estimate = odds(hands, method="monte-carlo", trials=50_000, seed=2)
    for player, share in zip(estimate.players, expected, strict=True):
        assert abs(player.share - float(share)) <= 4 * player.share_error + 1e-9


def test_a_range_of_one_hand_gives_the_odds_of_that_hand() -> None:
    ranged = odds(["Ah Ad 3h 4s 5c 6c", "[Kh Kd] 9s Ts 2d Qd"], variant="stud8")
    known = odds(["Ah Ad 3h 4s 5c 6c", "Kh Kd 9s Ts 2d Qd"], variant="stud8")
    assert ranged.method is Method.EXACT
    assert ranged.situation.holdings() == 1
    assert ranged.outcomes == known.outcomes
    assert [replace(p, cards=()) for p in ranged.players] == [
        replace(p, cards=()) for p in known.players
    ]
    assert ranged.to_dict()["players"][1]["cards"] == "[Kh Kd] 9s Ts 2d Qd"


def test_a_weighted_range_agrees_with_brute_force_over_its_combinations() -> None:
    # Kings (Kc is seen: three pairs left) or the ace of hearts with another heart
    # (the eleven hearts DEAD leaves, Kh among them) at half weight.
    hands = ["Kc Qd Qs Jd Td 9d", "[KK, AhXh:1/2] 8d 7d 6d 5d"]
    situation = Situation.parse("stud", hands, DEAD)
    hearts = ["2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh"]
    holdings = [
        ([hands[0], f"{pair} 8d 7d 6d 5d"], Fraction(1)) for pair in ("Kd Kh", "Kd Ks", "Kh Ks")
    ]
    holdings += [([hands[0], f"Ah {h} 8d 7d 6d 5d"], Fraction(1, 2)) for h in hearts]
    assert situation.holdings() == 15
    expected = weighted_brute_force("stud", holdings, DEAD)
    result = odds(hands, DEAD)
    assert result.method is Method.EXACT
    assert _shares(result.players) == pytest.approx([float(e) for e in expected], abs=1e-12)


def test_two_ranges_never_hold_the_same_card() -> None:
    # Kings against ace-king: player 2's king is one of the two player 1 lacks.
    hands = ["[KK] Qd Qh Jd Jh", "[AK] 8d 8h 7d 7h"]
    situation = Situation.parse("stud", hands, DEAD)
    assert situation.holdings() == 6 * 2 * 4
    holdings = []
    for pair in combinations("cdhs", 2):
        for king in sorted(set("cdhs") - set(pair)):
            for ace in "cdhs":
                cards = [f"K{pair[0]} K{pair[1]} Qd Qh Jd Jh", f"A{ace} K{king} 8d 8h 7d 7h"]
                holdings.append((cards, Fraction(1)))
    expected = weighted_brute_force("stud", holdings, DEAD + " 2d 2h 3d 3h 4d 4h")
    result = odds(hands, DEAD + " 2d 2h 3d 3h 4d 4h")
    assert _shares(result.players) == pytest.approx([float(e) for e in expected], abs=1e-12)


def test_cards_seen_elsewhere_are_removed_from_a_range() -> None:
    # Kc, Kd, Qc, Qd and Qs are seen: of the kings only Kh Ks is left, no queens.
    situation = Situation.parse("stud", ["Kc Qd Qs", "[KK, QQ] 9s"], "Kd Qc")
    assert situation.holdings() == 1
    assert sorted(situation.holding(0).hands[1]) == sorted(parse_cards("Kh Ks 9s"))
    with pytest.raises(EquityError, match="player 2's range \\[QQ\\] has no combination left"):
        Situation.parse("stud", ["Kc Qd Qs", "[QQ] 9s"], "Qc")
    with pytest.raises(EquityError, match="cannot all be held at once"):
        Situation.parse("stud", ["[Kc Kd] 2s", "[KcKh, KdKs] 3s"])


def test_ranges_too_wide_together_are_refused() -> None:
    with pytest.raises(EquityError, match="holdings together: narrow them"):
        Situation.parse("stud", ["[?? ??] 2c", "[?? ??] 3c", "4c 5c 6c"])


def test_the_budget_counts_every_holding() -> None:
    hands = ["Ah 2h 3h 4s 5c 6c", "[KK, XhXh:0.5] 9s Ts Jd Qd"]
    situation = Situation.parse("stud", hands)
    assert situation.outcomes() == situation.holdings() * 40 * 39
    assert odds(hands, exact_budget=situation.outcomes()).method is Method.EXACT
    over = odds(hands, exact_budget=situation.outcomes() - 1, trials=1000)
    assert over.method is Method.MONTE_CARLO


@pytest.mark.parametrize(
    ("text", "combos"),
    [
        ("[KK]", 6),
        ("[AK]", 16),
        ("[XhXh]", 78),
        ("[AhXh]", 12),
        ("[Ah Kh, Kh Ah]", 1),  # the same two cards, named twice
        ("[??]", 52),
        ("[QQ, Q?Qs:3]", 6),
        ("[kk, ahxh]", 6 + 12),
        ("[10h 10d, 10c 10s]", 2),
        ("[KKK, 2s3s4s]", 5),
    ],
)
def test_range_patterns_name_their_combinations(text: str, combos: int) -> None:
    assert len(parse_range(text).combos) == combos


def test_a_combination_named_twice_keeps_its_first_weight() -> None:
    parsed = parse_range("[QsQh:3, QQ]")
    weights = dict(zip(parsed.combos, parsed.weights, strict=True))
    assert weights[tuple(sorted((Card.parse("Qs"), Card.parse("Qh"))))] == 3
    assert sorted(weights.values()) == [1] * 5 + [3]


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("[KK, Xh] 9s", "'Xh': 1 cards, but the range before has 2"),
        ("[KK:0] 9s", "a weight must be above 0, not 0"),
        ("[KK:x] 9s", "'x' is not a weight"),
        ("[KZ] 9s", "'Z' is not a card pattern"),
        ("[] 9s 8s 7s", "no cards"),
        ("9s [KK]", "a range comes first, once, in brackets"),
        ("[KK] [QQ] 9s", "a range comes first, once, in brackets"),
        ("[KK 9s", "a range comes first, once, in brackets"),
        ("?? ?x 9s", "'?x' is not a card"),
        ("??? 9s", "'?' is not a card"),
        ("(?? ?? 9s", "')' is missing"),
    ],
)
def test_bad_hidden_cards_are_a_clear_error_naming_the_player(hand: str, message: str) -> None:
    with pytest.raises(EquityError, match="player 2: ") as error:
        Situation.parse("stud", ["As Ks Qs", hand])
    assert message in str(error.value)


def test_a_seventh_street_range_of_three_down_cards_agrees_with_brute_force() -> None:
    hands = ["Ad 2d 9d 9h Th Kh", "[QQQ, 6h7h8h:2] 2h 3h 4h Jh"]
    situation = Situation.parse("razz", hands, DEAD)
    assert situation.needs(community=False) == [1, 0]
    holdings = [
        ([hands[0], f"{' '.join(q)} 2h 3h 4h Jh"], Fraction(1))
        for q in combinations(["Qc", "Qd", "Qh", "Qs"], 3)
    ]
    holdings.append(([hands[0], "6h 7h 8h 2h 3h 4h Jh"], Fraction(2)))
    assert situation.holdings() == len(holdings)
    expected = weighted_brute_force("razz", holdings, DEAD)
    assert 0 < expected[0] < 1  # each player wins some of it
    result = odds(hands, DEAD, variant="razz")
    assert _shares(result.players) == pytest.approx([float(e) for e in expected], abs=1e-12)
