"""The statistics: every one defined once, here, with its opportunity and its source.

Each ``Stat`` says in words what it counts and where the definition comes from,
and holds the function that finds, in one seat's hand (``SeatHand``), whether the
seat had the opportunity and whether it took it. ``docs/stats.md`` is this table
rendered (``definitions_markdown``), so the documentation cannot drift from the code.

Positions, and so steals, follow fpdb's stud reading (``stud.stats.steals``).

A ``spot`` names a decision the leak report weighs: the hands where the
opportunity came up, whose results tell what a different frequency cost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from stud.actions import Bet, BringIn, Call, Complete, Fold, Raise, Share
from stud.cards import Rank
from stud.stats.hands import Decision, SeatHand, first_decision
from stud.stats.steals import steal_attempt, steal_reply, steal_success

__all__ = [
    "STATS",
    "Kind",
    "Stat",
    "definitions_markdown",
    "door_group",
    "liveness",
]

Count = Callable[[SeatHand], tuple[int, int]]
"""Opportunities and times done in one seat's hand."""


class Kind(StrEnum):
    """How a statistic reads: a percentage of its opportunities, a ratio, or a result."""

    PERCENT = "percent"
    RATIO = "ratio"
    RESULT = "bb/100"


@dataclass(frozen=True, slots=True)
class Stat:
    """One statistic: a key, a name for people, its definition and its source."""

    key: str
    name: str
    group: str
    definition: str
    source: str
    count: Count
    kind: Kind = Kind.PERCENT
    spot: str | None = None
    """The decision the leak report weighs this statistic in, if any."""
    street: int | None = None
    """The spot's street: its results are counted from that street on."""
    by_cards: bool = False
    """Counted from the seat's cards (its door's rank, the cards showing) rather than
    its play: counted hand by hand, never by the shape of the play
    (``stud.stats.counting.shape``)."""


FPDB = "fpdb"
STUD = "stud"
PT = "PokerTracker 4"


def _done(flag: bool) -> int:
    return 1 if flag else 0


def _took(test: Callable[[Decision], bool], done: tuple[type, ...], street: int = 3) -> Count:
    """The first decision on ``street`` that passes ``test`` is the opportunity; done
    when its action is one of ``done``."""

    def count(s: SeatHand) -> tuple[int, int]:
        decision = first_decision(s.on(street), test)
        if decision is None:
            return 0, 0
        return 1, _done(isinstance(decision.action, done))

    return count


def _acted_third(done: tuple[type, ...]) -> Count:
    def count(s: SeatHand) -> tuple[int, int]:
        third = s.on(3)
        if not third:
            return 0, 0
        return 1, _done(any(isinstance(d.action, done) for d in third))

    return count


def _bring_in_complete(s: SeatHand) -> tuple[int, int]:
    third = s.on(3)
    if not third or not third[0].forced:
        return 0, 0
    return 1, _done(isinstance(third[0].action, Complete))


def _fold_to_3bet(s: SeatHand) -> tuple[int, int]:
    third = s.on(3)
    for i, decision in enumerate(third):
        if isinstance(decision.action, Complete):
            after = third[i + 1 :]
            if after and after[0].level >= 2:
                return 1, _done(isinstance(after[0].action, Fold))
            return 0, 0
    return 0, 0


def _saw(street: int, after: int | None = None) -> Count:
    def count(s: SeatHand) -> tuple[int, int]:
        if after is None:
            if not s.on(3):
                return 0, 0
        elif after not in s.streets:
            return 0, 0
        return 1, _done(street in s.streets)

    return count


def _aggression_frequency(street: int) -> Count:
    def count(s: SeatHand) -> tuple[int, int]:
        decisions = s.on(street)
        if not decisions:
            return 0, 0
        return 1, _done(any(isinstance(d.action, Bet | Raise) for d in decisions))

    return count


def _aggression_factor(s: SeatHand) -> tuple[int, int]:
    later = [d for d in s.decisions if d.street >= 4]
    calls = sum(isinstance(d.action, Call) for d in later)
    wagers = sum(isinstance(d.action, Bet | Raise) for d in later)
    return calls, wagers


def _continuation(s: SeatHand) -> tuple[int, int]:
    if s.last_third_aggressor != s.seat:
        return 0, 0
    decision = first_decision(s.on(4), lambda d: not d.owed)
    if decision is None:
        return 0, 0
    return 1, _done(isinstance(decision.action, Bet))


def _fold_to_continuation(s: SeatHand) -> tuple[int, int]:
    aggressor = s.last_third_aggressor
    if aggressor is None or aggressor == s.seat:
        return 0, 0
    decision = first_decision(s.on(4), lambda d: d.owed)
    if decision is None or decision.level != 1 or decision.aggressor != aggressor:
        return 0, 0
    return 1, _done(isinstance(decision.action, Fold))


def _check_raise(s: SeatHand) -> tuple[int, int]:
    faced = [d for d in s.decisions if d.street >= 4 and d.owed and d.checked_before]
    return len(faced), sum(isinstance(d.action, Raise) for d in faced)


def _showdown(s: SeatHand) -> tuple[int, int]:
    if 4 not in s.streets:
        return 0, 0
    return 1, _done(s.went_to_showdown)


def _won_at_showdown(s: SeatHand) -> tuple[int, int]:
    if not s.went_to_showdown:
        return 0, 0
    return 1, _done(s.won > 0)


def _won_seen_fourth(s: SeatHand) -> tuple[int, int]:
    if 4 not in s.streets:
        return 0, 0
    return 1, _done(s.won > 0)


def _won_without_showdown(s: SeatHand) -> tuple[int, int]:
    if 4 not in s.streets:
        return 0, 0
    return 1, _done(s.won > 0 and not s.showdown)


def _stud8_showdown(s: SeatHand) -> bool:
    return s.variant == "stud8" and s.went_to_showdown


def _scoop(s: SeatHand) -> tuple[int, int]:
    if not _stud8_showdown(s):
        return 0, 0
    return 1, _done(s.mine_by_pot.get(0, 0) == s.awarded.get(0, 0) > 0)


def _half(s: SeatHand) -> tuple[int, int]:
    if not _stud8_showdown(s):
        return 0, 0
    halves = {share for pot, share in s.shares if pot == 0} & {Share.HIGH, Share.LOW}
    whole = s.mine_by_pot.get(0, 0) == s.awarded.get(0, 0) > 0
    return 1, _done(len(halves) == 1 and not whole)


def _every_hand(s: SeatHand) -> tuple[int, int]:
    return 1, 0


HIGH_DOOR = Rank.TEN


def door_group(s: SeatHand) -> str | None:
    """``"high"`` for a door card of ten or higher, ``"low"`` below, ``None`` unknown."""
    if s.door is None:
        return None
    return "high" if s.door.rank >= HIGH_DOOR else "low"


def _door_choice(group: str, done: tuple[type, ...]) -> Count:
    """At the seat's first decision on third street where it could complete
    (nothing above the bring-in yet), with a door card of the group."""

    def count(s: SeatHand) -> tuple[int, int]:
        if door_group(s) != group:
            return 0, 0
        decision = first_decision(
            s.on(3), lambda d: d.level == 0 and not isinstance(d.action, BringIn)
        )
        if decision is None:
            forced = first_decision(s.on(3), lambda d: d.forced)
            if forced is None:
                return 0, 0
            decision = forced
        return 1, _done(isinstance(decision.action, done))

    return count


def _door_rank(rank: Rank) -> Count:
    def count(s: SeatHand) -> tuple[int, int]:
        return _done(s.door is not None and s.door.rank == rank), 0

    return count


def liveness(s: SeatHand) -> str | None:
    """How many of the other players' door cards share a rank with the seat's own
    three third-street cards: none is ``"live"``, one ``"partly dead"``, two or
    more ``"dead"``."""
    if len(s.third) < 3:
        return None
    ranks = {card.rank for card in s.third}
    showing = sum(card.rank in ranks for card in s.others_doors)
    return "live" if showing == 0 else "partly dead" if showing == 1 else "dead"


def _live(which: str) -> Count:
    def count(s: SeatHand) -> tuple[int, int]:
        return _done(liveness(s) == which), 0

    return count


def _street_stats(street: int) -> list[Stat]:
    name = f"{street}th"
    return [
        Stat(
            f"bet_{street}",
            f"Bet {name} street",
            f"{name} street",
            f"Bets at the first decision on {name} street with nothing to call.",
            f"{PT} (bet flop/turn/river, by stud street)",
            _took(lambda d: not d.owed, (Bet,), street),
            spot=f"bet_{street}",
            street=street,
        ),
        Stat(
            f"fold_to_bet_{street}",
            f"Fold to {name} street bet",
            f"{name} street",
            f"Folds at the first decision on {name} street facing one bet (no raise yet).",
            f"{PT} (fold to flop/turn/river bet, by stud street)",
            _took(lambda d: d.owed and d.level == 1, (Fold,), street),
            spot=f"facing_bet_{street}",
            street=street,
        ),
        Stat(
            f"aggression_{street}",
            f"Aggression frequency {name}",
            f"{name} street",
            f"Hands in which the seat bet or raised on {name} street, of those in which "
            "it acted on that street.",
            f"{FPDB} (a_freq by street)",
            _aggression_frequency(street),
        ),
    ]


_RANK_NAMES = "23456789TJQKA"


def _build() -> tuple[Stat, ...]:
    third = "3rd street"
    stats = [
        Stat(
            "vpip",
            "VPIP",
            third,
            "Called, completed or raised on third street, of the hands in which the seat "
            "acted on third street (posting the bring-in is not voluntary).",
            f"{FPDB} (street0VPI)",
            _acted_third((Call, Complete, Raise)),
        ),
        Stat(
            "complete",
            "3rd street complete/raise",
            third,
            "Completed or raised on third street, of the hands in which the seat acted there.",
            f"{FPDB} (street0Aggr, 'PFR')",
            _acted_third((Complete, Raise)),
        ),
        Stat(
            "limp",
            "Call the bring-in",
            third,
            "Called at the first voluntary decision with only the bring-in to call.",
            f"{FPDB} (street0OpenLimp, read for stud)",
            _took(lambda d: not d.forced and d.level == 0 and d.owed, (Call,)),
        ),
        Stat(
            "open_complete",
            "Complete first in",
            third,
            "Completed when every player before (but the bring-in) had folded.",
            f"{FPDB} (raiseFirstIn)",
            _took(lambda d: not d.forced and not d.opened and d.level == 0, (Complete,)),
        ),
        Stat(
            "bring_in_complete",
            "Bring-in complete",
            third,
            "As the bring-in, completed instead of bringing in for the least.",
            STUD,
            _bring_in_complete,
            spot="bring_in",
            street=3,
        ),
        Stat(
            "steal",
            "Steal attempt",
            third,
            "Completed from a steal position (the three players to act last before the "
            "bring-in) when nobody but the bring-in was in.",
            f"{FPDB} (stealDone; positions from the bring-in)",
            steal_attempt,
            spot="steal",
            street=3,
        ),
        Stat(
            "steal_success",
            "Steal success",
            third,
            "A steal attempt that won the pot on third street, everyone folding.",
            f"{FPDB} (success_Steal)",
            steal_success,
        ),
        Stat(
            "fold_to_steal",
            "Fold to steal",
            third,
            "As the bring-in, folded to a steal attempt with only folds between.",
            f"{FPDB} (foldSbToSteal: the bring-in is stud's small blind)",
            steal_reply(Fold),
            spot="facing_steal",
            street=3,
        ),
        Stat(
            "resteal",
            "Re-raise a steal",
            third,
            "As the bring-in, raised a steal attempt with only folds between.",
            f"{FPDB} (raiseToSteal)",
            steal_reply(Raise),
            spot="facing_steal",
            street=3,
        ),
        Stat(
            "call_completion",
            "Call a completion",
            third,
            "Called at the first decision facing a completion (no raise yet).",
            f"{FPDB} (street0CalledRaise)",
            _took(lambda d: d.owed and d.level == 1, (Call,)),
            spot="facing_completion",
            street=3,
        ),
        Stat(
            "raise_completion",
            "Raise a completion (3-bet)",
            third,
            "Raised at the first decision facing a completion (no raise yet).",
            f"{FPDB} (street0_3B)",
            _took(lambda d: d.owed and d.level == 1, (Raise,)),
            spot="facing_completion",
            street=3,
        ),
        Stat(
            "fold_to_completion",
            "Fold to a completion",
            third,
            "Folded at the first decision facing a completion (no raise yet).",
            f"{FPDB} (foldToOtherRaisedStreet0, read for the completion)",
            _took(lambda d: d.owed and d.level == 1, (Fold,)),
            spot="facing_completion",
            street=3,
        ),
        Stat(
            "fold_to_3bet",
            "Fold to a 3-bet",
            third,
            "Having completed, folded at the next decision facing a raise.",
            f"{FPDB} (street0_FoldTo3B)",
            _fold_to_3bet,
            spot="facing_3bet",
            street=3,
        ),
        Stat(
            "complete_door_high",
            "Complete, door ten or higher",
            third,
            "Completed at the first decision where completing was open (nothing above "
            "the bring-in yet), with a door card of ten or higher.",
            STUD,
            _door_choice("high", (Complete,)),
            spot="door_high",
            street=3,
        ),
        Stat(
            "play_door_high",
            "Play, door ten or higher",
            third,
            "Called or completed at that same decision, door card ten or higher.",
            STUD,
            _door_choice("high", (Call, Complete)),
            spot="door_high",
            street=3,
        ),
        Stat(
            "complete_door_low",
            "Complete, door nine or lower",
            third,
            "Completed at the first decision where completing was open, door card nine or lower.",
            STUD,
            _door_choice("low", (Complete,)),
            spot="door_low",
            street=3,
        ),
        Stat(
            "play_door_low",
            "Play, door nine or lower",
            third,
            "Called or completed at that same decision, door card nine or lower.",
            STUD,
            _door_choice("low", (Call, Complete)),
            spot="door_low",
            street=3,
        ),
        Stat(
            "continuation",
            "Continuation bet 4th",
            "4th street",
            "The last third-street aggressor bets at its first decision on fourth street "
            "with nothing to call.",
            f"{FPDB} (street1CB)",
            _continuation,
        ),
        Stat(
            "fold_to_continuation",
            "Fold to continuation bet",
            "4th street",
            "Folded to the third-street aggressor's bet on fourth street.",
            f"{FPDB} (foldToStreet1CB)",
            _fold_to_continuation,
        ),
    ]
    for street in (4, 5, 6, 7):
        stats.extend(_street_stats(street))
    stats += [
        Stat(
            "aggression_factor",
            "Aggression factor 4th-7th",
            "All streets",
            "Bets and raises over calls on fourth to seventh street (a ratio; its "
            "opportunities are the calls).",
            f"{FPDB} (agg_fact)",
            _aggression_factor,
            kind=Kind.RATIO,
        ),
        Stat(
            "check_raise",
            "Check-raise",
            "All streets",
            "Raised when facing a bet after checking on the same street (4th to 7th); "
            "each such decision is an opportunity.",
            f"{FPDB} (cr by street)",
            _check_raise,
        ),
        Stat(
            "saw_4th",
            "Saw 4th street",
            "Showdown",
            "Still in the hand when fourth street was dealt, of hands acted in on third.",
            f"{FPDB} (saw_f)",
            _saw(4),
        ),
        Stat(
            "saw_7th",
            "Saw 7th street",
            "Showdown",
            "Still in the hand on seventh street, of the hands that saw fourth.",
            STUD,
            _saw(7, after=4),
        ),
        Stat(
            "wtsd",
            "Went to showdown",
            "Showdown",
            "Went to showdown, of the hands that saw fourth street.",
            f"{FPDB} (wtsd)",
            _showdown,
        ),
        Stat(
            "won_at_showdown",
            "Won at showdown",
            "Showdown",
            "Won chips, of the showdowns gone to.",
            f"{FPDB} (wmsd)",
            _won_at_showdown,
        ),
        Stat(
            "won_seen_4th",
            "Won when saw 4th",
            "Showdown",
            "Won chips, of the hands that saw fourth street.",
            f"{FPDB} (WMsF: won when seen street 1)",
            _won_seen_fourth,
        ),
        Stat(
            "won_without_showdown",
            "Won without showdown",
            "Showdown",
            "Won the pot with no showdown, of the hands that saw fourth street.",
            f"{PT} (won without showdown)",
            _won_without_showdown,
        ),
        Stat(
            "scoop",
            "Scoop (stud8)",
            "Stud8",
            "Won the whole main pot alone, of stud8 showdowns gone to.",
            STUD,
            _scoop,
        ),
        Stat(
            "half",
            "Half pot (stud8)",
            "Stud8",
            "Won the high or the low half of the main pot but not both, of stud8 "
            "showdowns gone to.",
            STUD,
            _half,
        ),
        Stat(
            "bb100",
            "Big bets per 100 hands",
            "Results",
            "Net result in big bets per 100 hands, with its 95% confidence interval "
            "(1.96 standard errors of the mean).",
            f"{FPDB} (bb/100; in stud the big bet)",
            _every_hand,
            kind=Kind.RESULT,
        ),
    ]
    for rank in reversed(Rank):
        char = _RANK_NAMES[rank - 2]
        stats.append(
            Stat(
                f"door_{char}",
                f"bb/100, door {char}",
                "Results by door card",
                f"Big bets per 100 hands dealt with a door card of rank {char}.",
                STUD,
                _door_rank(rank),
                kind=Kind.RESULT,
                by_cards=True,
            )
        )
    for which in ("live", "partly dead", "dead"):
        stats.append(
            Stat(
                "hand_" + which.replace(" ", "_"),
                f"bb/100, {which}",
                "Results by cards showing",
                f"Big bets per 100 hands whose third-street cards were {which}: "
                + {
                    "live": "no other door card shares a rank with them.",
                    "partly dead": "one other door card shares a rank with them.",
                    "dead": "two or more other door cards share a rank with them.",
                }[which],
                STUD,
                _live(which),
                kind=Kind.RESULT,
                by_cards=True,
            )
        )
    return tuple(stats)


STATS: tuple[Stat, ...] = _build()
"""Every statistic, in the order they are shown."""


def definitions_markdown() -> str:
    """The table of definitions as Markdown, for ``docs/stats.md``."""
    lines = [
        "| Statistic | Key | Kind | Definition (the opportunity, and what counts) | Source |",
        "|---|---|---|---|---|",
    ]
    for stat in STATS:
        lines.append(
            f"| {stat.name} | `{stat.key}` | {stat.kind.value} | {stat.definition} "
            f"| {stat.source} |"
        )
    return "\n".join(lines) + "\n"
