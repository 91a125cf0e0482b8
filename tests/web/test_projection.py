"""R8.4 at the cardroom: no frame shows a seat another seat's face-down cards, and
the changes a client applies give exactly what the projection says it may see.

Tables are driven in process (the same table task, no sockets, so many hands are
cheap): every seat acts at random from the table it holds (its snapshot, then each
event's change applied), an observer watches, and now and then a client drops and
connects again, resuming from the event it holds or from nothing. Between hands a
seat may change hands while the finished hand is still on the table: its player
leaves and a newcomer sits down in it, or (as a tournament moves a player) is put
in it with the chips they bring. Every raw frame anyone received is searched for
the down cards that others held in that hand and had not shown by then, and
every table a client held is compared with the projection of the moment the
server published.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_harness import FAST

from stud.actions import HandShown
from stud.cards import parse_cards
from stud.history.text import hand_so_far
from stud.rules import Rules
from stud.web.effects import Effects
from stud.web.frames import Published, apply_change
from stud.web.projection import project
from stud.web.protocol import Act, Hello, Leave, Sit
from stud.web.replay import replay_stored
from stud.web.seat import Seat
from stud.web.store import Store
from stud.web.table import Table
from stud.web.viewer import Viewer

HANDS = 3


class _Recorded(Table):
    """A table that keeps every moment it published, to check clients against."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.published: dict[int, Published] = {}
        logic = self.logic
        restore, publish = logic.restore, logic.publish

        def restored(*args: Any, **kwargs: Any) -> Effects:
            out = restore(*args, **kwargs)
            self._keep()
            return out

        def published(*args: Any, **kwargs: Any) -> Effects:
            out = publish(*args, **kwargs)
            self._keep()
            return out

        logic.restore = restored  # type: ignore[method-assign]
        logic.publish = published  # type: ignore[method-assign]

    def _keep(self) -> None:
        newest = self.logic.moments.log[-1]
        self.published[newest.no] = newest


@dataclass
class _Client:
    """One person's (or the observer's) connection, dropped and made again at random."""

    table: Table
    account: int | None
    name: str
    rng: random.Random
    drops: float
    frames: list[str] = field(default_factory=list)
    held: dict[str, Any] | None = None
    no: int = -1
    epoch: str | None = None

    def __post_init__(self) -> None:
        self.viewer = Viewer(self.account, self.name)
        self.table.join(self.viewer, Hello(type="hello"))
        self._waiting: list[str] = []

    async def next(self, done: asyncio.Event | None = None) -> dict[str, Any] | None:
        """The next frame (the table it holds kept up to date), or None once ``done``."""
        if not self._waiting:
            getter = asyncio.ensure_future(self.viewer.frames())
            waits: set[asyncio.Future[Any]] = {getter}
            if done is not None:
                waits.add(asyncio.ensure_future(done.wait()))
            finished, pending = await asyncio.wait(
                waits, timeout=60, return_when=asyncio.FIRST_COMPLETED
            )
            for other in pending:
                other.cancel()
            if getter not in finished:
                assert done is not None, "no frame for a minute"
                assert done.is_set(), "no frame for a minute"
                return None
            self._waiting = getter.result()
            assert self._waiting, "the connection closed"
        text = self._waiting.pop(0)
        self.frames.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "welcome":
            self.epoch = message["epoch"]
        elif message["type"] == "snapshot":
            self.held, self.no = message["table"], message["no"]
        elif message["type"] == "event":
            assert self.held is not None
            assert message["no"] == self.no + 1
            self.held, self.no = apply_change(self.held, message["change"]), message["no"]
        return message

    def maybe_reconnect(self) -> None:
        """Now and then drop the connection and connect again: resuming from the event
        held, or (the client lost its copy) from nothing."""
        if self.rng.random() >= self.drops:
            return
        self.table.part(self.viewer)
        self.viewer, self._waiting = Viewer(self.account, self.name), []
        if self.held is not None and self.rng.random() < 0.5:
            self.table.join(self.viewer, Hello(type="hello", last=self.no, epoch=self.epoch))
        else:
            self.held, self.no = None, -1
            self.table.join(self.viewer, Hello(type="hello"))


async def _seat_loop(client: _Client, done: asyncio.Event) -> None:
    seq, min_no = 0, 0
    while (message := await client.next(done)) is not None:
        if message["type"] == "event" and "ack" in message:
            min_no = message["no"]
        if client.no < min_no:
            continue  # waiting for the ack of its action
        client.maybe_reconnect()
        hand = client.held["hand"] if client.held else None
        if hand and hand["legal"]:
            choice = client.rng.choice(hand["legal"])
            seq, min_no = seq + 1, 1 << 30
            act = Act(type="act", seq=seq, action=choice["action"], to=choice.get("to"))
            client.table.submit(client.viewer, act)


async def _observe(client: _Client, done: asyncio.Event, between: Any = None) -> None:
    over: set[int] = set()
    while len(over) < HANDS:
        message = await client.next()
        assert message is not None
        hand = client.held["hand"] if client.held else None
        if hand and hand["phase"] == "over" and hand["id"] not in over:
            over.add(hand["id"])
            if between is not None and len(over) < HANDS:
                await between(client)
                continue
        if message["type"] == "event":
            client.maybe_reconnect()
    done.set()


async def _noted(client: _Client, text: str) -> None:
    """Read on until an event of ``client`` carries the note ``text``."""
    while True:
        message = await client.next()
        assert message is not None
        if message["type"] == "event" and any(
            e["kind"] == "note" and e["text"] == text for e in message["events"]
        ):
            return


async def _play(
    variant: str, players: int, seed: int, drops: float = 0.0, changes: float = 0.0
) -> tuple[_Recorded, dict[int | None, _Client]]:
    """``players`` seats play ``HANDS`` hands; with ``changes``, after each hand every
    seat changes hands with that chance before the next deal (the table's clock
    holds the deal until the changes are made). The clients by first seat (``None``
    the observer), newcomers after them."""
    store = Store("sqlite://")
    table_id = store.create_table("t", variant, "1/1/5/10", players, bots=False)
    accounts: dict[int | None, tuple[int | None, str]] = {}
    for seat in range(players):
        account = store.account(store.guest())
        assert account is not None
        store.sit(table_id, seat, account.id, 300)
        accounts[seat] = (account.id, account.name)
    accounts[None] = (None, "observer")
    now = [0.0]
    rules = Rules.from_stakes("1/1/5/10", variant)
    if changes:
        held_deal = replace(FAST, hand_pause=1.0)
        table = _Recorded(table_id, "t", rules, players, store, held_deal, clock=lambda: now[0])
    else:
        table = _Recorded(table_id, "t", rules, players, store, FAST)
    table.start()
    rng = random.Random(seed)
    clients = {who: _Client(table, a, name, rng, drops) for who, (a, name) in accounts.items()}
    in_seat = {seat: clients[seat] for seat in range(players)}
    done = asyncio.Event()
    newcomers: list[asyncio.Task[None]] = []

    async def change_seats(observer: _Client) -> None:
        for seat in range(players):
            if rng.random() >= changes:
                continue
            guest = store.account(store.guest())
            assert guest is not None
            newcomer = _Client(table, guest.id, guest.name, rng, drops)
            clients[len(clients) - 1 + players] = newcomer
            newcomers.append(asyncio.ensure_future(_seat_loop(newcomer, done)))
            if rng.random() < 0.5:  # the player leaves, the newcomer sits down
                table.submit(in_seat[seat].viewer, Leave(type="leave"))
                table.submit(newcomer.viewer, Sit(type="sit", seat=seat, buy_in=300))
                await _noted(observer, f"{guest.name} sits down in seat {seat + 1}")
            else:  # moved in by a tournament's director: outside the table's task
                table.seats[seat] = Seat(guest.id, guest.name, 250, viewers=1)
                table.note(f"{guest.name} moves in")
                await _noted(observer, f"{guest.name} moves in")
            in_seat[seat] = newcomer
        now[0] += 1.0
        table.wake()

    loops = [_seat_loop(clients[s], done) for s in range(players)]
    await asyncio.gather(_observe(clients[None], done, change_seats if changes else None), *loops)
    await asyncio.gather(*newcomers)
    await table.stop()
    return table, clients


def _secrets(table: Table) -> dict[int, dict[int, set[str]]]:
    """Each finished hand's face-down cards by table seat."""
    out: dict[int, dict[int, set[str]]] = {}
    for recent in table.recent:
        out[recent.hand_id] = {
            seat: {str(c) for c in recent.state.down[h]} for h, seat in enumerate(recent.seats)
        }
    return out


def _salts(table: Table) -> dict[int, dict[int, set[str]]]:
    """The salts that open each finished hand's face-down cards, by table seat
    (docs/shuffle.md: a salt is as good as its card, tried against the 52)."""
    out: dict[int, dict[int, set[str]]] = {}
    for recent in table.recent:
        shuffle = recent.shuffle
        assert shuffle is not None
        out[recent.hand_id] = {
            seat: {shuffle.opening(c) for c in recent.state.down[h]}
            for h, seat in enumerate(recent.seats)
        }
    return out


def _closed(table: Table) -> dict[int, set[str]]:
    """What no frame of each finished hand may hold for anyone: the server secret, and
    the salts of the cards never dealt."""
    out: dict[int, set[str]] = {}
    for recent in table.recent:
        shuffle = recent.shuffle
        assert shuffle is not None
        dealt = recent.state.dealt | (
            {recent.state.community} if recent.state.community is not None else set()
        )
        out[recent.hand_id] = {shuffle.deck.secret.hex()} | {
            shuffle.opening(c) for c in shuffle.dealt if c not in dealt
        }
    return out


def _holders(table: Table) -> dict[int, dict[int, int]]:
    """The account that held each table seat in each finished hand."""
    return {r.hand_id: dict(zip(r.seats, r.accounts, strict=True)) for r in table.recent}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["stud", "stud8", "razz"]),
    players=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32),
    drops=st.sampled_from([0.0, 0.05]),
    changes=st.sampled_from([0.0, 0.5]),
)
def test_r8_4_no_frame_shows_another_seats_down_cards(
    variant: str, players: int, seed: int, drops: float, changes: float
) -> None:
    """R8.4, and the shuffle's openings (docs/shuffle.md): nobody gets a down card
    another held in a hand, unless shown, nor its salt: not the next person in that
    seat either, sat down or moved in while the hand is still shown; and no frame holds
    the salt of a card never dealt, nor the server secret."""
    table, clients = asyncio.run(_play(variant, players, seed, drops, changes))
    secrets, holders = _secrets(table), _holders(table)
    salts, closed = _salts(table), _closed(table)
    checked = 0
    for client in clients.values():
        for text in client.frames:
            message = json.loads(text)
            if message["type"] not in {"event", "snapshot"}:
                continue
            # The moment the frame is about, as published: its hand, and who had shown.
            moment = table.published[message["no"]].moment
            if moment.hand_id not in secrets or moment.hand is None:
                continue
            opened = [x for x in closed[moment.hand_id] if x in text]
            assert not opened, f"closed cards' salts or the secret sent to {client.name}"
            shown = {
                moment.hand_seats[e.seat] for e in moment.hand.events if isinstance(e, HandShown)
            }
            for seat, cards in secrets[moment.hand_id].items():
                if holders[moment.hand_id][seat] == client.account or seat in shown:
                    continue
                leaked = [c for c in cards if f'"{c}"' in text]
                leaked += [x for x in salts[moment.hand_id][seat] if x in text]
                assert not leaked, (
                    f"seat {seat}'s {leaked} sent to {client.name} in frame {message['no']}"
                )
                checked += 1
    assert checked > 0


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["stud", "stud8", "razz"]),
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_r8_4_a_replayed_hand_shows_no_step_another_seats_down_cards(
    variant: str, players: int, seed: int
) -> None:
    table, _ = asyncio.run(_play(variant, players, seed))
    secrets, salts, closed = _secrets(table), _salts(table), _closed(table)
    checked = 0
    for recent in table.recent:
        row = table.store.hand(recent.hand_id)
        assert row is not None
        assert row.phh is not None
        for viewer in (*recent.seats, None):
            replay = replay_stored(
                row.phh,
                hand_id=row.id,
                table_id=table.id,
                table_name=table.name,
                size=table.size,
                seats=row.seats,
                names=row.names,
                accounts=row.accounts,
                viewer=viewer,
                shuffle=recent.shuffle,
            )
            for step in replay.steps:
                text = json.dumps(step)
                assert not [x for x in closed[recent.hand_id] if x in text]
                shown = {s["seat"] for s in step["table"]["seats"] if s and s["shown"]}
                for seat, cards in secrets[recent.hand_id].items():
                    if seat == viewer or seat in shown:
                        continue
                    leaked = [c for c in cards if f'"{c}"' in text]
                    leaked += [x for x in salts[recent.hand_id][seat] if x in text]
                    assert not leaked, f"seat {seat}'s {leaked} replayed to {viewer}"
                    checked += 1
            if viewer is not None:  # by the end a player has seen all their own down cards
                mine = step["table"]["seats"][viewer]
                assert set(mine["down"]) == secrets[recent.hand_id][viewer]
    assert checked > 0


def _held_tables(client: _Client) -> list[tuple[int, dict[str, Any]]]:
    """Every table ``client`` held, by event number: each snapshot's, then each event's
    change applied to the table before it."""
    out: list[tuple[int, dict[str, Any]]] = []
    for message in map(json.loads, client.frames):
        if message["type"] == "snapshot":
            out.append((message["no"], message["table"]))
        elif message["type"] == "event":
            assert out, "an event before any snapshot"
            out.append((message["no"], apply_change(out[-1][1], message["change"])))
    return out


def test_r8_4_a_seat_sees_its_own_down_cards_and_others_only_backs() -> None:
    _, clients = asyncio.run(_play("stud", 3, 7))
    mine = others = 0
    for _, held in _held_tables(clients[1]):
        for seat in held["seats"]:
            if seat is None or not seat["in_hand"]:
                continue
            if seat["seat"] == 1:
                assert len(seat["down"]) == seat["down_count"] >= 2
                mine += 1
            else:
                assert seat["down"] == []
                assert seat["down_count"] >= 2
                others += 1
    assert mine > 0
    assert others > 0
    observed = [s for _, t in _held_tables(clients[None]) for s in t["seats"] if s and s["in_hand"]]
    assert observed
    assert all(s["down"] == [] for s in observed)


@pytest.mark.parametrize("variant", ["stud", "stud8", "razz"])
def test_r8_4_only_a_seat_is_told_what_its_own_cards_make(variant: str) -> None:
    """R8.4: a seat's own hand is named to it as its cards are dealt ("pair of
    jacks", "8-7-5-2 low draw"), from its own cards; no other seat nor an observer
    is told it (it would say something of the down cards)."""
    _, clients = asyncio.run(_play(variant, 3, 7))
    rules = Rules.from_stakes("1/1/2/4", variant)
    named = 0
    for _, held in _held_tables(clients[1]):
        for seat in held["seats"]:
            if seat is None or not seat["in_hand"]:
                continue
            if seat["seat"] == 1 and not seat["folded"]:
                cards = parse_cards(" ".join(seat["down"] + seat["up"]))
                assert seat["made"] == hand_so_far(cards, rules) != ""
                named += 1
            elif seat["seat"] != 1:
                assert "made" not in seat
    assert named > 0
    observed = [s for _, t in _held_tables(clients[None]) for s in t["seats"] if s]
    assert observed
    assert all("made" not in s for s in observed)


def test_a_hand_so_far_is_said_as_players_say_it() -> None:
    def said(variant: str, cards: str) -> str:
        return hand_so_far(parse_cards(cards), Rules.from_stakes("1/1/2/4", variant))

    assert said("stud", "Jc Jd 5s 5h") == "two pair, jacks and fives"
    assert said("stud", "Ac Kd 4s") == "ace high"
    assert said("stud8", "8c 7d 5s 2h") == "eight high; 8-7-5-2 low draw"
    assert said("stud8", "Jc Jd 5s 5h 2c") == "two pair, jacks and fives; no low"
    assert said("razz", "8c 7d 5s 2h") == "8-7-5-2 low draw"
    assert said("razz", "2c 2d Qs 8h 4c 9d 9h") == "Q-9-8-4-2 low"


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["stud", "stud8", "razz"]),
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    drops=st.sampled_from([0.0, 0.1]),
    changes=st.sampled_from([0.0, 0.5]),
)
def test_the_changes_a_client_applies_give_exactly_its_projection(
    variant: str, players: int, seed: int, drops: float, changes: float
) -> None:
    """Players and an observer, across hands and reconnects (resumed or from nothing),
    and seats changing hands between hands."""
    table, clients = asyncio.run(_play(variant, players, seed, drops, changes))
    checked = 0
    for client in clients.values():
        for no, held in _held_tables(client):
            published = table.published[no]
            assert held == project(published.moment, published.people.get(client.account))
            checked += 1
    assert checked > HANDS * (players + 1)
