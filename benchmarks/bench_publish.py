"""Publishing cost: µs of CPU to send one table event to its seven connections.

A real ``Table`` (six seated people and one observer, stud8 1/2/5/10) publishes
the events of many hands, played in advance by the server bench's policy (mostly
check or call, 15% of the time a raise, bet or completion): each event goes
through the table logic's ``publish`` and its task's ``deliver`` exactly as the
server sends it (the moment, the projection, the change and its text for each
viewer), with no database, no sockets and no engine in the timed part. The figure is CPU time
(``time.process_time``) per event, the median of several rounds, since the
machine is shared. ``--digest`` prints a hash of every frame instead (a fixed
clock), to compare two revisions' frames byte for byte.

    .venv/bin/python benchmarks/bench_publish.py [--rounds 7] [--hands 300] [--digest]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time
from typing import Any

from stud.actions import Action, Bet, BringIn, Call, Check, Complete, Raise, Show
from stud.cards import DECK, Card
from stud.rules import Rules
from stud.state import HandState, new_hand
from stud.web.seat import Seat
from stud.web.table import Table
from stud.web.viewer import Viewer

SEATS = 6
OBSERVER = 100
"""The account of the connection that only watches."""

Step = tuple[HandState, tuple[Any, ...], tuple[str, ...]]
"""A hand as it stands after a change, the change's events, and its notes."""


def _choose(legal: list[Action], rng: random.Random) -> Action:
    """The server bench's client: check, call, bring in or show; 15% a raise if it can."""
    aggressive = [a for a in legal if isinstance(a, Raise | Bet | Complete)]
    if aggressive and rng.random() < 0.15:
        return aggressive[0]
    passive = (a for a in legal if isinstance(a, Show | Check | Call | BringIn))
    return next(passive, legal[0])


def _hands(rules: Rules, count: int, seed: int) -> list[tuple[list[Card], list[Step]]]:
    """Each hand's deck and every step it takes, played once, before any timing."""
    rng = random.Random(seed)
    out: list[tuple[list[Card], list[Step]]] = []
    for hand_id in range(1, count + 1):
        deck = list(DECK)
        rng.shuffle(deck)
        hand = new_hand(rules, [1000] * SEATS, deck=deck)
        steps: list[Step] = [(hand, hand.events, (f"Hand {hand_id}",))]
        while not hand.is_over:
            before = len(hand.events)
            hand = hand.apply(_choose(list(hand.legal_actions()), rng))
            steps.append((hand, hand.events[before:], ()))
        out.append((deck, steps))
    return out


class _Ticks:
    """A clock that moves one second each time it is read (for ``--digest``)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def _table(rules: Rules, clock: Any) -> tuple[Table, list[Viewer]]:
    table = Table(1, "Bench", rules, SEATS, store=None, clock=clock)  # type: ignore[arg-type]
    logic = table.logic
    if isinstance(clock, _Ticks):
        logic.wall = clock
    for number in range(SEATS):
        logic.seats[number] = Seat(
            account=number + 1, name=f"Player {number + 1}", stack=1000, viewers=1, bank=30.0
        )
    viewers = [Viewer(a, f"Player {a}") for a in range(1, SEATS + 1)]
    viewers.append(Viewer(OBSERVER, "Watcher"))
    for viewer in viewers:
        viewer.on_waiting = _nothing  # frames are taken, as a writer would, after each hand
    logic.viewers.update(viewers)
    _publish(table, notes=("The bench starts",))
    return table, viewers


def _publish(table: Table, **change: Any) -> None:
    for effect in table.logic.publish(**change):
        table.deliver(effect)


def _nothing() -> None:
    pass


def _play(table: Table, viewers: list[Viewer], hands: list[tuple[list[Card], list[Step]]]) -> Any:
    """Publish every step of ``hands``; the frames each viewer got, in order."""
    got: list[list[str]] = [[] for _ in viewers]
    numbers = tuple(range(SEATS))
    logic = table.logic
    for hand_id, (_, steps) in enumerate(hands, 1):
        logic.play.hand_seats, logic.play.hand_id = numbers, hand_id
        logic.play.hand_sittings = logic.play.sittings(numbers)  # as a deal says who holds them
        logic.moments.hand_starts()  # as a deal keeps the log short
        for hand, events, notes in steps:
            logic.play.hand = hand
            logic.play.start_turn()
            _publish(table, events=events, notes=notes)
        for index, viewer in enumerate(viewers):
            got[index].extend(viewer.take())
        logic.play.hand = None
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--digest", action="store_true", help="hash every frame, fixed clock")
    args = parser.parse_args()
    rules = Rules.from_stakes("1/2/5/10", "stud8")
    hands = _hands(rules, args.hands, args.seed)
    events = sum(len(steps) for _, steps in hands)
    if args.digest:
        ticks = _Ticks()
        table, viewers = _table(rules, ticks)
        got = _play(table, viewers, hands)
        digest = hashlib.sha256(repr(got).encode()).hexdigest()
        frames = sum(len(g) for g in got)
        print(f"{events} events, {frames} frames, sha256 {digest}")
        return
    table, viewers = _table(rules, time.monotonic)
    _play(table, viewers, hands[: max(1, len(hands) // 10)])  # warm up
    per_event = []
    for _ in range(args.rounds):
        start = time.process_time()
        _play(table, viewers, hands)
        per_event.append((time.process_time() - start) / events * 1e6)
    spread = ", ".join(f"{x:.1f}" for x in sorted(per_event))
    print(f"{args.hands} hands, {events} events, 7 connections each")
    print(f"publish: {statistics.median(per_event):.1f} µs CPU per event (median; {spread})")


if __name__ == "__main__":
    main()
