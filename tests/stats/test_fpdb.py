"""Where a definition is fpdb's, the figures are fpdb's: a real stud8 hand and fpdb's
own statistics for it (tests/data/fpdb, with its licence note)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from stud.stats.counting import tally
from stud.stats.hands import PlayedHand, seat_hand
from stud.stats.sources import HandError, from_stars_text
from stud.stats.steals import steal_positions

DATA = Path(__file__).resolve().parents[1] / "data" / "fpdb"
NAME = "7-StudHL-USD-0.04-0.08-200911.Cardtest.txt"


def _hand() -> PlayedHand:
    (hand,) = from_stars_text((DATA / NAME).read_text("utf-8-sig"), NAME)
    assert not isinstance(hand, HandError), hand
    return hand


FPDB: dict[str, dict[str, object]] = ast.literal_eval((DATA / (NAME + ".hp")).read_text())

# fpdb's street 0 is third street, its street 1 fourth, ... its street 4 seventh
SAME = {
    "vpip": "street0VPI",
    "complete": "street0Aggr",
    "saw_4th": "street1Seen",
    "aggression_4": "street1Aggr",
    "aggression_5": "street2Aggr",
    "aggression_6": "street3Aggr",
    "aggression_7": "street4Aggr",
    "wtsd": "sawShowdown",
    "won_at_showdown": "wonAtSD",
    "fold_to_steal": "foldedSbToSteal",
    "steal": "stealDone",
}


@pytest.mark.parametrize("player", sorted(FPDB))
def test_each_players_figures_are_fpdbs(player: str) -> None:
    hand = _hand()
    counted = tally([hand], player)
    theirs = FPDB[player]
    for ours, key in SAME.items():
        if key not in theirs:
            continue
        assert counted.line(ours).done == bool(theirs[key]), (player, ours, key)
    assert hand.state.payoffs[hand.names.index(player)] == theirs["totalProfit"]


@pytest.mark.parametrize("player", sorted(FPDB))
def test_positions_are_fpdbs(player: str) -> None:
    hand = _hand()
    seat = seat_hand(hand, hand.names.index(player))
    position = FPDB[player]["position"]
    if position == "S":
        assert seat.bring_in_seat == seat.seat
    else:
        assert steal_positions(seat)[seat.seat] == position
