"""A cardroom player's own page: their statistics, results and all-in EV, and leaks.

Every hand is read as the player saw it: the history from their chair
(``stud.web.history.seat_phh``, which asks ``stud.views`` what the seat saw), with
other players' unseen down cards ``??``. So no figure, point of the graph or leak
on the page rests on a card the player did not see: an all-in whose other hands
were never shown keeps its real result, as ``stud stats`` does for such a history.

The work is plain computing, run by the route in a worker thread. The page covers
the player's last ``MOST_HANDS`` hands; the leak report compares them with the
tight bot's play at their most common game and table size (``REFERENCE_HANDS``
hands, played once per game while the server runs).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from datetime import UTC
from functools import lru_cache

from stud.cards import Card
from stud.equity import odds
from stud.rules import Rules
from stud.stats.counting import Filters, Tally, figures, tally_hands
from stud.stats.ev import OddsFunction, ev_results
from stud.stats.hands import PlayerHand
from stud.stats.leaks import find_leaks
from stud.stats.reference import reference_tally
from stud.stats.sources import HandError, stored_seat_hand
from stud.storage.schema import HandRow
from stud.web.history import seat_phh, stored_hand

__all__ = ["MOST_HANDS", "POINTS", "REFERENCE_HANDS", "player_report"]

log = logging.getLogger(__name__)

MOST_HANDS = 2_000
"""The player's last hands the page covers."""
REFERENCE_HANDS = 2_000
"""Hands the tight bots play for the leak report's reference, once per game."""
POINTS = 300
"""The most points the graph is sent: the hands are sampled evenly beyond that."""


def page_shares(
    hands: Sequence[Sequence[Card]], dead: Sequence[Card], variant: str
) -> tuple[list[float], str]:
    """The odds engine's shares within a page's time: exact up to ten million
    outcomes, else 200,000 trials (a standard error under 0.0012)."""
    result = odds(
        [list(h) for h in hands],
        list(dead),
        variant=variant,
        exact_budget=10_000_000,
        trials=200_000,
        seed=0,
    )
    return [p.share for p in result.players], result.method.value


@lru_cache(maxsize=8)
def _reference(rules: Rules, players: int) -> Tally:
    return reference_tally(rules, players, REFERENCE_HANDS, seed=1)


def _hand_id(label: str) -> int | None:
    number = label.removeprefix("hand ")
    return int(number) if number.isdigit() else None


def _sampled(actual: list[float], adjusted: list[float]) -> list[list[float]]:
    """``[hand number, result, EV-adjusted result]`` at most ``POINTS`` times."""
    n = len(actual)
    if n <= POINTS:
        picks = list(range(n))
    else:
        picks = sorted({round(i * (n - 1) / (POINTS - 1)) for i in range(POINTS)})
    return [[i + 1, round(actual[i], 3), round(adjusted[i], 3)] for i in picks]


def _seen(rows: Sequence[HandRow], account: int) -> list[PlayerHand]:
    """The account's hands, oldest first, each from their own chair's view."""
    mine: list[PlayerHand] = []
    for row in reversed(rows):
        if row.phh is None or account not in row.accounts:
            continue
        seat = row.accounts.index(account)
        names = tuple(row.names)
        played_at = row.ended_at.astimezone(UTC).isoformat() if row.ended_at else ""
        try:
            view = seat_phh(stored_hand(row.phh), list(names), seat)
        except ValueError as error:
            log.warning("hand %s cannot be read for its player's page: %s", row.id, error)
            continue
        for item in stored_seat_hand(
            (row.id, played_at, names, view), seat, Filters(), f"hand {row.id}"
        ):
            if isinstance(item, HandError):
                log.warning("hand %s is left off its player's page: %s", row.id, item)
            else:
                mine.append(item)
    return mine


def player_report(
    rows: Sequence[HandRow], account: int, name: str, shares: OddsFunction = page_shares
) -> dict[str, object]:
    """The page's data for ``account`` (named ``name``) from their hands ``rows``."""
    mine = _seen(rows, account)
    if not mine:
        return {"player": name, "hands": 0, "stats": [], "graph": [], "all_in": None, "leaks": []}
    counted = tally_hands(mine, name)
    actual, adjusted, valued = ev_results(mine, shares)
    games = Counter((hand.rules, hand.players) for hand in mine)
    (rules, players), _ = games.most_common(1)[0]
    same_game = [h for h in mine if h.rules.variant is rules.variant]
    leaks = find_leaks(tally_hands(same_game, name), _reference(rules, players))
    return {
        "player": name,
        "hands": counted.hands,
        "game": f"{rules.variant.game_name}, {rules.stakes}, {players} players",
        "stats": [f.to_dict() for f in figures(counted) if f.opportunities],
        "graph": _sampled(actual, adjusted),
        "all_in": {
            "hands": len(valued),
            "result_bb": round(actual[-1], 3),
            "ev_adjusted_bb": round(adjusted[-1], 3),
            "valued": [
                {"hand": _hand_id(a.label), "street": a.street, "equity": round(a.equity, 4)}
                for a in valued
            ],
        },
        "leaks": [
            {
                "name": leak.stat.name,
                "direction": leak.direction,
                "rate": round(leak.rate, 4),
                "reference": round(leak.reference, 4),
                "cost": round(leak.cost, 3),
                "cost_error": round(leak.cost_error, 3),
                "follows": leak.follows,
                "hands": [
                    {"hand": _hand_id(label), "result_bb": round(result, 2)}
                    for label, result in leak.examples
                ],
            }
            for leak in leaks
        ],
    }
