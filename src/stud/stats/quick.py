"""A stored hand's seat read straight from its actions, without replaying the hand.

Replaying a hand through the reference engine checks every rule, which a hand
stud's own engine wrote does not need, and costs most of counting a stored hand.
Here the hand's PHH actions become the few events the statistics read (streets
started, third-street cards, actions with what they put in, a showdown, what each
seat won), and the seat's hand comes out of the same reading of events as a
replayed hand (``stud.stats.hands.walk``), so every statistic keeps its one
definition.

What each seat won comes from its finishing stack (its result) and what it put
in, so no hand is evaluated. A hand this cannot read exactly gives ``None`` and is
replayed instead: a player all-in (side pots, the all-in EV), a card not known
(``??``), a community card, and a stud8 showdown whose pot was split (whether a
seat won a half is the evaluator's to say). Other players' down cards that a
history does not hold (``??``, a history from one seat's view) are never read:
only a seat whose own cards are unknown is left to the replay.
``tests/stats/test_quick.py`` checks
that the counts agree with the replayed hands' over many random hands of every game.

Pure: text in, a seat's hand out.
"""

from __future__ import annotations

from stud import actions
from stud.cards import DECK, Card
from stud.history.phh_flat import FlatHand
from stud.pots import uncalled_bet
from stud.rules import Variant
from stud.stats.hands import SeatHand, walk

__all__ = ["QuickHand", "quick_hand"]

_CARD: dict[str, Card] = {str(card): card for card in DECK}
_FOLD, _CHECK, _CALL, _BRING_IN = actions.Fold(), actions.Check(), actions.Call(), actions.BringIn()


class QuickHand:
    """A hand's events as the statistics read them, and each seat's result."""

    __slots__ = ("events", "flat", "nets", "unknown")

    def __init__(
        self, flat: FlatHand, events: list[actions.Event], nets: list[int], unknown: frozenset[int]
    ) -> None:
        self.flat = flat
        self.events = events
        self.nets = nets
        self.unknown = unknown
        """The seats whose third-street down cards the history does not hold."""

    @property
    def players(self) -> int:
        """The number of players dealt in."""
        return len(self.nets)

    def seat(self, seat: int, label: str) -> SeatHand | None:
        """What ``seat`` did in the hand (as ``stud.stats.hands.seat_hand`` says), or
        ``None`` for a seat whose own cards are not known (replay it instead)."""
        if seat in self.unknown:
            return None
        rules = self.flat.rules
        out = SeatHand(label, seat, rules.variant.value, rules.big_bet, self.nets[seat])
        return walk(self.events, out, self.players)


def quick_hand(flat: FlatHand) -> QuickHand | None:
    """The hand's events from its actions, or ``None`` when it must be replayed."""
    rules = flat.rules
    n = len(flat.starting_stacks)
    stacks = list(flat.starting_stacks)
    if min(stacks) <= rules.ante:
        return None
    antes = [rules.ante] * n
    put = list(antes)
    stacks = [s - rules.ante for s in stacks]
    events: list[actions.Event] = [actions.StreetStarted(3)]
    dealt = [0] * n
    live = [True] * n
    street = 3
    wager = [0] * n
    top = 0  # the largest wager on the street
    completed = False  # a full bet or raise made on the street
    shown = False
    unknown: set[int] = set()
    for line in flat.actions:
        parts = line.split(" ")
        if parts[0] == "d":
            if len(parts) != 4 or parts[1] != "dh":
                return None
            seat = int(parts[2][1:]) - 1
            dealt[seat] += 1
            if dealt[seat] + 2 > street:
                street = dealt[seat] + 2
                events.append(actions.StreetStarted(street))
                wager = [0] * n
                top = 0
                completed = False
            if street == 3:
                cards = parts[3]
                if len(cards) != 6:
                    return None
                try:
                    up = (_CARD[cards[4:6]],)
                    if "?" in cards[:4]:
                        unknown.add(seat)
                        down: tuple[Card, ...] = ()
                    else:
                        down = (_CARD[cards[0:2]], _CARD[cards[2:4]])
                except KeyError:
                    return None
                events.append(actions.CardsDealt(seat, 3, down, up))
            continue
        seat = int(parts[0][1:]) - 1
        code = parts[1]
        amount = 0
        if code == "sm":
            shown = True
            events.append(actions.HandMucked(seat))
            continue
        if code == "f":
            action: object = _FOLD
            live[seat] = False
        elif code == "cc":
            amount = top - wager[seat]
            action = _CALL if amount else _CHECK
        elif code == "pb":
            amount = rules.bring_in
            action = _BRING_IN
        elif code == "cbr" and len(parts) == 3:
            to = int(parts[2])
            amount = to - wager[seat]
            if street == 3:
                action = actions.Raise(to) if completed else actions.Complete(to)
            else:
                action = actions.Raise(to) if top else actions.Bet(to)
            completed = True
        else:
            return None
        stacks[seat] -= amount
        if stacks[seat] <= 0 or amount < 0:
            return None  # all-in: side pots and the all-in EV need the replay
        wager[seat] += amount
        put[seat] += amount
        top = max(top, wager[seat])
        events.append(actions.ActionTaken(seat, street, action, amount, False))  # type: ignore[arg-type]
    returned = uncalled_bet(put, antes if rules.dead_antes else None)
    if returned is not None:
        events.append(actions.BetReturned(*returned))
        put[returned[0]] -= returned[1]
    nets = [f - s for f, s in zip(flat.finishing_stacks, flat.starting_stacks, strict=True)]
    won = [net + chips for net, chips in zip(nets, put, strict=True)]
    if min(won) < 0 or sum(won) > sum(put):
        return None
    winners = [s for s in range(n) if won[s] > 0]
    if shown != (sum(live) > 1) or not winners:
        return None
    if shown and rules.variant is Variant.STUD8 and len(winners) > 1:
        return None  # a split stud8 pot: halves and quarters are the evaluator's to say
    events.extend(actions.PotAwarded(s, won[s], 0, actions.Share.WHOLE, "") for s in winners)
    return QuickHand(flat, events, nets, frozenset(unknown))
