"""``stud history``: the hands kept by ``stud play`` and, for a ``--player``, that
account's hands from the cardroom's database, listed, shown and exported as PHH.

A kept hand is its PHH text; showing it replays that PHH through the engine, so
what is shown is always what the rules make of the recorded actions, told from the
chair it was played from: no other seat's face-down card unless it was shown.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from stud.cli.app import app, fail, report
from stud.history.phh import PHHError, PHHHand, parse_phh, replay, to_phh
from stud.history.text import text_history
from stud.state import HandState
from stud.storage import (
    HandStore,
    StorageError,
    StoredHand,
    UnreadableHand,
    default_db_path,
    open_store,
)

__all__ = ["history_app"]

_T = TypeVar("_T")

YOU = "You"
"""The name of the chair a kept hand was played from, as the table says it."""

history_app = typer.Typer(
    help="List, show and export your terminal and cardroom hands.",
    no_args_is_help=True,
)
app.add_typer(history_app, name="history")

DbOption = Annotated[
    str | None,
    typer.Option(
        help=f"SQLite file (or database URL) of hand histories (default {default_db_path()})."
    ),
]
PlayerOption = Annotated[
    str | None,
    typer.Option(help="Also the cardroom hands of this account, told from its chair."),
]


def _open(db: str | None) -> HandStore:
    where = str(default_db_path()) if db is None else db
    if "://" not in where and not Path(where).exists():
        fail(f"--db: no hand database at {where} (play with `stud play` first)")
    try:
        return open_store(where, read_only=True)
    except StorageError as error:
        fail(f"--db: {error}")


def _read(db: str | None, read: Callable[[HandStore], _T]) -> tuple[_T, str]:
    """What ``read`` reads from the hand database, and where that database is; a
    database that cannot be read is one line and a non-zero exit."""
    store = _open(db)
    try:
        return read(store), store.location
    except StorageError as error:
        fail(str(error))
    finally:
        store.close()


def _fetch(db: str | None, hand_id: int, player: str | None) -> StoredHand:
    hand, location = _read(db, lambda store: store.get(hand_id, player=player))
    if hand is None:
        fail(f"no hand {hand_id} in {location} (`stud history list` shows the ids)")
    return hand


@history_app.command(name="list")
def list_hands(
    db: DbOption = None,
    limit: Annotated[int, typer.Option(help="How many of the latest hands.")] = 20,
    player: PlayerOption = None,
) -> None:
    """List the latest hands: id, time, game, players, your result."""
    if limit < 1:
        fail(f"--limit {limit}: show at least one hand")
    if db is None and not default_db_path().exists():
        typer.echo(f"No hands kept yet: `stud play` keeps them in {default_db_path()}.")
        return
    hands, location = _read(db, lambda store: store.recent(limit, player=player))
    if not hands:
        typer.echo(f"No hands kept in {location} yet.")
        return
    damaged = [h for h in hands if isinstance(h, UnreadableHand)]
    table = Table(title=Text(f"Hands in {location}"), title_justify="left")
    for column in ("Id", "Played (UTC)", "Game", "Stakes", "Players", "Pot", "Net"):
        table.add_column(column, justify="right" if column in ("Id", "Pot", "Net") else "left")
    for hand in hands:
        if isinstance(hand, UnreadableHand):
            table.add_row(str(hand.id), "(damaged: cannot be read)", *[""] * 5)
            continue
        r = hand.record
        cells = (
            str(hand.id),
            r.played_at.replace("T", " ").removesuffix("+00:00"),
            r.variant,
            r.stakes,
            str(len(r.names)),
            str(r.pot),
            f"{_net(hand):+d}",
        )
        table.add_row(*(Text(cell) for cell in cells))  # stored text, never markup
    Console(highlight=False, emoji=False).print(table)
    for hand in damaged:
        report(f"{location}: {hand.reason}")
    if damaged:
        raise typer.Exit(1)


def _net(hand: StoredHand) -> int:
    """The player's result: kept with a terminal hand, replayed for a cardroom one."""
    if hand.record.net is not None:
        return hand.record.net
    _, state = _replayed(hand)
    return state.payoffs[hand.record.seat]


def _replayed(hand: StoredHand) -> tuple[PHHHand, HandState]:
    """The kept hand's PHH and the state its replay ends in, or a clear error."""
    try:
        phh = parse_phh(hand.record.phh, source=f"hand {hand.id}")
        return phh, replay(phh)
    except PHHError as error:
        fail(f"hand {hand.id} cannot be replayed: {error}")


@history_app.command()
def show(
    hand_id: Annotated[int, typer.Argument(help="The hand's id (see `stud history list`).")],
    db: DbOption = None,
    player: PlayerOption = None,
) -> None:
    """Show one hand's history, from the chair it was played from."""
    hand = _fetch(db, hand_id, player)
    record = hand.record
    _, state = _replayed(hand)
    names = [YOU if seat == record.seat else name for seat, name in enumerate(record.names)]
    title = f"Hand {hand_id} ({record.played_at})"
    said = text_history(state, names=names, seat=record.seat, title=title, you=record.seat)
    typer.echo(said, nl=False)


@history_app.command()
def export(
    hand_id: Annotated[int, typer.Argument(help="The hand's id (see `stud history list`).")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file, not stdout.")
    ] = None,
    db: DbOption = None,
    player: PlayerOption = None,
) -> None:
    """Export one hand as PHH, the poker hand history standard.

    The history holds what the player saw: the others' face-down cards are ``??``
    unless they were shown at showdown.
    """
    hand = _fetch(db, hand_id, player)
    kept, state = _replayed(hand)
    try:
        phh = to_phh(state, viewer=hand.record.seat, **kept.extra)
    except ValueError as error:  # a kept field PHH cannot write back
        fail(f"hand {hand_id} cannot be exported: {error}")
    if output is None:
        typer.echo(phh, nl=False)
        return
    try:
        output.write_text(phh, encoding="utf-8")
    except OSError as error:
        fail(f"--output {output}: cannot write it ({error.strerror})")
    typer.echo(f"Hand {hand_id} written to {output}", err=True)
