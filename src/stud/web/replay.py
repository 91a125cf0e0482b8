"""A finished hand replayed at the table, step by step, as one person may see it.

A replay is the list of frames the live table would have sent: the hand is
rebuilt through the reference engine one deal and one decision at a time, and
every step goes through the same projection (``projection.project``) as a live
frame. So a stored hand shows a player their own down cards and an observer
none, and nobody another seat's down cards unless that seat showed them (R8.4).

A step is what one live frame carries: the deal of third street, then each
decision with the cards it brought (the call that closes a street comes with the
next street's deal), down to the awards.

An uploaded PHH file is a history its owner already holds: it is drawn as the
file tells it, every known card face up to its reader and each ``??`` as a back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from stud.actions import (
    CardsDealt,
    Event,
)
from stud.cards import Card
from stud.equity.streets import odds_by_street
from stud.history.decoding import HistoryEncodingError, decode_history
from stud.history.phh import PHHError, PHHHand, parse_phh, parse_phhs, replay
from stud.history.pokerstars.checking import check_hand, stars_phh
from stud.history.pokerstars.reading import StarsError, read_stars
from stud.history.stand_ins import UNKNOWN, stand_ins
from stud.positions import PositionError, steps
from stud.said import N_, Said
from stud.shuffle import Shuffle
from stud.state import HandState
from stud.views import seen_down
from stud.web.projection import Moment, SeatInfo, project, project_events

__all__ = [
    "MAX_UPLOAD",
    "Replay",
    "ReplayError",
    "replay_stored",
    "replay_upload",
]

Json = dict[str, Any]

MAX_UPLOAD = 256 * 1024
"""The largest PHH file a replay takes, in bytes (a hand is about one kilobyte)."""


class ReplayError(ValueError):
    """A hand that cannot be replayed, with the reason in one line."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A hand's steps as one person may see them, ready to send."""

    title: str
    seat: int | None
    """The viewer's table seat, or ``None`` for an observer or a file's reader."""
    steps: list[Json]
    hands: list[Json] = field(default_factory=list)
    """For a ``.phhs`` file: every hand in it (``name``, ``error``), to choose from."""
    chosen: str | None = None
    odds: list[Json] | None = None
    """When asked for: each street's odds (``equity.streets``), by table seat."""
    title_said: Said | None = None
    """The title as a message for the page's language, when it has words of its own."""

    def json(self) -> Json:
        """The replay as the HTTP answer carries it (``docs/protocol.md``)."""
        out = {
            "title": self.title,
            "title_said": None if self.title_said is None else self.title_said.json(),
            "seat": self.seat,
            "steps": self.steps,
            "hands": self.hands,
            "chosen": self.chosen,
        }
        return out if self.odds is None else {**out, "odds": self.odds}


def _frames(
    final: HandState,
    moment: Moment,
    viewer: int | None,
    unknown: frozenset[Card] | None = None,
) -> list[Json]:
    """Each step as ``viewer`` may see it: the live table's projection, without buttons.

    ``unknown`` marks an uploaded file's frames: drawn for its reader (``_as_read``).
    """
    frames: list[Json] = []
    try:
        played = steps(final)
    except PositionError as error:
        raise ReplayError(str(error)) from None
    for number, (state, events) in enumerate(played):
        notes = moment.notes if number == 0 else ()
        now = replace(moment, hand=state, events=events, notes=notes)
        table = project(now, viewer)
        if table["hand"] is not None:
            table["hand"] = {**table["hand"], "legal": []}
        frame = {"no": number, "events": project_events(now, viewer), "table": table}
        frames.append(frame if unknown is None else _as_read(frame, state, events, unknown))
    return frames


def replay_stored(
    phh: str,
    *,
    hand_id: int,
    table_id: int,
    table_name: str,
    size: int,
    seats: Sequence[int],
    names: Sequence[str],
    accounts: Sequence[int],
    viewer: int | None,
    shuffle: Shuffle | None = None,
    odds: bool = False,
) -> Replay:
    """A cardroom hand from its stored PHH, as the player in table seat ``viewer`` saw it
    (with its deck's commitment and the openings they were shown, if dealt with one).

    ``viewer`` is ``None`` for someone who watched: they see what an observer saw.
    With ``odds``, each street's odds too, from the cards that viewer saw by the end
    of the hand only (their own, and the hands shown).
    """
    try:
        final = replay(parse_phh(phh, source=f"hand {hand_id}"))
    except PHHError as error:
        raise ReplayError(str(error)) from None
    infos: list[SeatInfo | None] = [None] * max(size, max(seats) + 1)
    for h, seat in enumerate(seats):
        infos[seat] = SeatInfo(name=names[h], stack=final.starting_stacks[h], account=accounts[h])
    moment = Moment(
        table=table_id,
        name=table_name,
        rules=final.rules,
        seats=tuple(infos),
        hand_seats=tuple(seats),
        hand_id=hand_id,
        notes=(Said(N_("Hand {id}"), {"id": hand_id}),),
        shuffle=shuffle,
    )
    said = Said(N_("Hand {id} at {table}"), {"id": hand_id, "table": table_name})
    frames = _frames(final, moment, viewer)
    if not odds:
        return Replay(said.english(), viewer, frames, title_said=said)
    hand_viewer = None if viewer is None else list(seats).index(viewer)
    known = {c for down in seen_down(final, hand_viewer) for c in down}
    by_street = _odds(final, known, seats, len(infos))
    return Replay(said.english(), viewer, frames, odds=by_street, title_said=said)


def replay_upload(
    data: bytes, filename: str, choice: str | None = None, odds: bool = False
) -> Replay:
    """The hand of an uploaded history: a PHH (``.phh``), a PHH set (``.phhs``) or a
    PokerStars text history (``.txt``, or any file that starts as one), hand ``choice``
    or the first one that replays; with ``odds``, each street's odds from the cards
    the file names.

    Raises ``ReplayError`` with the reader's message (file, line, hand) for a file
    that cannot be read or replayed.
    """
    if len(data) > MAX_UPLOAD:
        raise ReplayError(f"{filename}: the file is over {MAX_UPLOAD} bytes")
    text = _text(data, filename)
    try:
        if _is_pokerstars(filename, text):
            hand, listing = _choose(_stars_hands(text, filename), filename, choice)
        elif filename.lower().endswith(".phhs"):
            hand, listing = _choose(parse_phhs(text, source=filename), filename, choice)
        else:
            hand, listing = parse_phh(text, source=filename), []
        final = replay(hand)
        return _read(hand, final, filename, listing, odds)
    except (PHHError, StarsError, ReplayError) as error:
        raise ReplayError(str(error)) from None
    except (ValueError, TypeError, RecursionError) as error:  # a file the parser did not foresee
        raise ReplayError(f"{filename}: cannot be replayed: {error}") from None


def _refusal(error: StarsError) -> PHHError:
    return PHHError(error.reason, source=error.source, line=error.line, hand=error.hand)


def _text(data: bytes, filename: str) -> str:
    """PHH is UTF-8 TOML; a PokerStars history comes in whatever encoding its site or
    tool wrote (``decode_history``)."""
    try:
        if filename.lower().endswith(".txt"):
            return decode_history(data)
        text = data.decode("utf-8")
    except HistoryEncodingError as error:
        raise ReplayError(f"{filename}: {error}") from None
    except UnicodeDecodeError:
        raise ReplayError(f"{filename}: the file is not UTF-8 text") from None
    return text


def _is_pokerstars(filename: str, text: str) -> bool:
    return filename.lower().endswith(".txt") or text.lstrip().startswith("PokerStars ")


def _stars_hands(text: str, filename: str) -> list[PHHHand | PHHError]:
    """A PokerStars file's stud hands as PHH hands named by their hand numbers, each
    checked against the engine; a hand that does not check is listed with its error."""
    stars = read_stars(text, source=filename)
    hands: list[PHHHand | PHHError] = []
    for hand in stars.hands:
        try:
            check_hand(hand)
            hands.append(parse_phh(stars_phh(hand), source=filename, hand=hand.number))
        except StarsError as error:
            hands.append(_refusal(error))
    hands += [_refusal(error) for error in stars.errors]
    if not hands:
        games = ", ".join(sorted(stars.skipped)) or "none"
        raise ReplayError(f"{filename}: no stud, stud8 or razz hand (other games: {games})")
    return hands


def _read(
    hand: PHHHand, final: HandState, filename: str, listing: list[Json], odds: bool
) -> Replay:
    """The replay of a file's hand, named as the file names its players."""
    players = final.players
    names = hand.extra.get("players")
    if not (
        isinstance(names, list)
        and len(names) == players
        and all(isinstance(n, str) and n.strip() for n in names)
    ):
        names = [f"p{n + 1}" for n in range(players)]
    infos = tuple(
        SeatInfo(name=str(names[h])[:40], stack=final.starting_stacks[h]) for h in range(players)
    )
    title = filename if hand.hand is None else f"{filename} [{hand.hand}]"
    moment = Moment(
        table=0,
        name=title,
        rules=final.rules,
        seats=infos,
        hand_seats=tuple(range(players)),
        notes=(title,),
    )
    unknown = stand_ins(hand, final)
    frames = _frames(final, moment, None, unknown)
    if not frames:
        raise ReplayError(f"{title}: the actions stop before third street is dealt")
    if not final.is_over:
        stops = Said(N_("The file stops here, before the hand is over"))
        frames[-1]["events"].append({"kind": "note", "text": stops.english(), "said": stops.json()})
    if not odds:
        return Replay(title, None, frames, listing, hand.hand)
    known = {c for down in final.down for c in down} - unknown
    by_street = _odds(final, known, range(players), players)
    return Replay(title, None, frames, listing, hand.hand, by_street)


def _odds(final: HandState, known: set[Card], seats: Sequence[int], size: int) -> list[Json]:
    """Each street's odds (``odds_by_street``) with the shares placed by table seat."""
    positions = [state for state, _ in steps(final)]

    def placed(shares: Sequence[float | None] | None) -> list[float | None] | None:
        if shares is None:
            return None
        out: list[float | None] = [None] * size
        for h, share in enumerate(shares):
            out[seats[h]] = None if share is None else round(share, 4)
        return out

    return [
        {"street": o.street, "step": o.step, "seen": placed(o.seen), "real": placed(o.real)}
        for o in odds_by_street(positions, known)
    ]


def _choose(
    hands: list[PHHHand | PHHError], filename: str, choice: str | None
) -> tuple[PHHHand, list[Json]]:
    """The chosen hand of a ``.phhs`` file (the first readable one if none is named)."""
    listing: list[Json] = [
        {"name": h.hand, "error": str(h) if isinstance(h, PHHError) else None} for h in hands
    ]
    if choice is None:
        readable = [h for h in hands if isinstance(h, PHHHand)]
        if not readable:
            first = hands[0]
            raise first if isinstance(first, PHHError) else ReplayError(f"{filename}: no hands")
        return readable[0], listing
    for hand in hands:
        if hand.hand == choice:
            if isinstance(hand, PHHError):
                raise hand
            return hand, listing
    raise ReplayError(f"{filename}: there is no hand [{choice}]")


def _as_read(
    frame: Json, state: HandState, events: tuple[Event, ...], unknown: frozenset[Card]
) -> Json:
    """An observer's frame of an uploaded hand with every card the file knows face up.

    The file is its reader's own: their down cards, and anyone's the file names,
    are drawn; a card the file writes ``??`` is a back, and a hand holding one is
    never named (its stand-in cards would name it wrongly).
    """
    hidden = {str(c) for c in unknown}
    masked = {h for h in range(state.players) if unknown & set(state.cards_of(h))}

    def cards(of: Sequence[object]) -> list[str]:
        return [UNKNOWN if str(c) in hidden else str(c) for c in of]

    def known(of: Sequence[Card]) -> list[str]:
        return [str(c) for c in of if c not in unknown]

    def seat_json(h: int, seat: Json | None) -> Json | None:
        if seat is None or not seat["in_hand"]:
            return seat
        out = {**seat, "up": cards(seat["up"]), "down": known(state.down[h])}
        if h in masked and seat["shown"] is not None:
            out.update(shown=cards(seat["shown"]), shown_hand=None)
        return out

    def event_json(item: Json, event: Event | None) -> Json:
        if isinstance(event, CardsDealt):
            return {**item, "up": cards(event.up), "down": known(event.down)}
        if item["kind"] in {"shown", "awarded"} and item["seat"] in masked:
            return {
                **item,
                "hand": "",
                **({"cards": cards(item["cards"])} if "cards" in item else {}),
            }
        return item

    table = frame["table"]
    seats = [seat_json(h, seat) for h, seat in enumerate(table["seats"])]
    hand = table["hand"]
    if hand is not None:
        awards = [{**a, "hand": ""} if a["seat"] in masked else a for a in hand["awards"]]
        hand = {**hand, "awards": awards}
    notes = len(frame["events"]) - len(events)  # the notes come first, then one item per event
    items = [
        event_json(item, events[i - notes] if i >= notes else None)
        for i, item in enumerate(frame["events"])
    ]
    return {**frame, "table": {**table, "seats": seats, "hand": hand}, "events": items}
