"""``stud stats``: a player's statistics, all-in EV and leaks over the hands stud reads.

Hands come from PHH files (``.phh``, ``.phhs``), PokerStars text histories (any
other file, read through the importer) and the hand store (``--store``). A hand
that cannot be read or does not replay is reported on stderr and left out; the
exit code is then 1, after the figures of the hands that could be counted.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from stud.cards import Rank
from stud.cli.app import app, check_chart, fail, report
from stud.cli.pokerstars import read_history_file
from stud.rules import MAX_SEATS, MIN_SEATS, Variant
from stud.stats.counting import Figure, Filters, Tally, figures, parse_doors, tally
from stud.stats.ev import AllIn, ev_series
from stud.stats.graph import GraphError, draw_results
from stud.stats.hands import PlayedHand
from stud.stats.leaks import Leak, find_leaks
from stud.stats.reference import reference_tally
from stud.stats.sources import HandError, from_phh_text, from_stars_text, from_store
from stud.stats.table import Kind
from stud.storage import StorageError, StoredHand, default_db_path, open_store

__all__ = ["stats_command"]

MAX_REFERENCE_HANDS = 1_000_000
"""The most hands ``--reference-hands`` plays: far more than a reference needs."""

_DATE_FORMAT = "YYYY-MM-DD"


def _check_date(option: str, text: str) -> str:
    parts = text.split("-")
    if (
        len(parts) != 3
        or not all(p.isascii() and p.isdigit() for p in parts)
        or [len(p) for p in parts] != [4, 2, 2]
        or not (1 <= int(parts[1]) <= 12 and 1 <= int(parts[2]) <= 31)
    ):
        fail(f"{option} {text!r}: a date is written {_DATE_FORMAT}, like 2009-11-26")
    return text


def _stored(db: str | None) -> tuple[list[PlayedHand | HandError], Counter[str]]:
    """The hand store's hands (the one place ``stud stats`` reads the store), and the
    names of the chairs they were played from."""
    path = default_db_path() if db is None else Path(db)
    if not path.exists():
        fail(f"--db: no hand database at {path} (play with `stud play` first)")
    try:
        store = open_store(path, read_only=True)
        try:
            kept = store.recent()
        finally:
            store.close()
    except StorageError as error:
        fail(f"--db: {error}")
    own: Counter[str] = Counter()
    rows: list[tuple[int, str, tuple[str, ...], str]] = []
    out: list[PlayedHand | HandError] = []
    for item in kept:
        if not isinstance(item, StoredHand):
            out.append(HandError(f"stored hand {item.id}: {item.reason}"))
            continue
        record = item.record
        if 0 <= record.seat < len(record.names):
            own[record.names[record.seat]] += 1
        rows.append((item.id, record.played_at, record.names, record.phh))
    out.extend(from_store(rows))
    return out, own


def _read(path: Path) -> list[PlayedHand | HandError]:
    if path.is_dir():
        fail(f"{path}: this is a folder, not a file of hands")
    if not path.exists():
        fail(f"{path}: no such file")
    suffix = path.suffix.lower()
    if suffix in (".phh", ".phhs"):
        try:
            text = path.read_text(encoding="utf-8-sig")
        except OSError as error:
            fail(f"{path}: cannot read the file: {error.strerror}")
        except UnicodeDecodeError:
            fail(f"{path}: the file is not UTF-8 text")
        return list(from_phh_text(text, str(path), many=suffix == ".phhs"))
    return list(from_stars_text(read_history_file(path), str(path)))


def _value(figure: Figure) -> tuple[str, str]:
    if figure.value is None:
        return "-", ""
    margin = "" if figure.margin is None else f"± {figure.margin:.1f}"
    if figure.stat.kind is Kind.PERCENT:
        return f"{figure.value:.1f}%", margin
    if figure.stat.kind is Kind.RATIO:
        return f"{figure.value:.2f}", ""
    return f"{figure.value:+.1f}", margin


def _print(
    player: str,
    hands: int,
    shown: list[Figure],
    valued: list[AllIn],
    luck: float,
    leaks: list[Leak] | None,
) -> None:
    console = Console(highlight=False, emoji=False)
    table = Table(title=f"{player}: {hands:,} hands")
    for column in ("group", "statistic", "value", "95%", "done / opportunities"):
        table.add_column(
            column, justify="right" if column not in ("group", "statistic") else "left"
        )
    for figure in shown:
        value, margin = _value(figure)
        count = (
            f"{figure.opportunities:,} hands"
            if figure.stat.kind is Kind.RESULT
            else f"{figure.done:,} / {figure.opportunities:,}"
        )
        table.add_row(figure.stat.group, figure.stat.name, value, margin, count)
    console.print(table)
    console.print(
        f"All-in before 7th street with every hand known: {len(valued):,} hands; "
        f"luck (result less all-in EV) {luck:+.2f} big bets."
    )
    if leaks is None:
        return
    if not leaks:
        console.print("No leak above its noise against the reference.")
        return
    board = Table(title="Leaks against the reference, costliest first")
    for column in ("#", "statistic", "", "you", "reference", "z", "cost bb/100", "hands"):
        board.add_column(column)
    for rank, leak in enumerate(leaks, start=1):
        note = f" (may follow from {leak.follows})" if leak.follows else ""
        board.add_row(
            str(rank),
            leak.stat.name + note,
            leak.direction,
            f"{100 * leak.rate:.1f}%",
            f"{100 * leak.reference:.1f}%",
            f"{leak.z:+.1f}",
            f"{leak.cost:.2f} ± {leak.cost_error:.2f}",
            "; ".join(f"{label} ({result:+.1f})" for label, result in leak.examples),
        )
    console.print(board)


@app.command(
    name="stats", short_help="A player's statistics, all-in EV and leaks over played hands."
)
def stats_command(
    files: Annotated[
        list[Path] | None,
        typer.Argument(help="PHH (.phh, .phhs) and PokerStars hand history files."),
    ] = None,
    player: Annotated[
        str | None, typer.Option("--player", help="The player's name as the hands give it.")
    ] = None,
    store: Annotated[
        bool, typer.Option("--store", help="Also read the hands kept by `stud play`.")
    ] = False,
    db: Annotated[
        str | None, typer.Option(help=f"The hand store's file (default {default_db_path()}).")
    ] = None,
    variant: Annotated[
        str | None, typer.Option("--variant", "-v", help="stud, stud8 or razz.")
    ] = None,
    stakes: Annotated[
        str | None, typer.Option(help="Only hands at these stakes, ante/bring-in/small/big.")
    ] = None,
    since: Annotated[
        str | None, typer.Option(help="Only hands from this date, YYYY-MM-DD.")
    ] = None,
    until: Annotated[
        str | None, typer.Option(help="Only hands up to this date, YYYY-MM-DD.")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Only hands with this many players.")
    ] = None,
    door: Annotated[
        str | None, typer.Option(help="Only hands whose door card has one of these ranks: TJQKA.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    graph: Annotated[
        Path | None, typer.Option(help="Draw results and all-in EV results to a PNG file.")
    ] = None,
    leaks: Annotated[
        bool, typer.Option("--leaks", help="Compare with the tight bot's figures: the leaks.")
    ] = False,
    reference_hands: Annotated[
        int, typer.Option(help="Hands the reference table plays for --leaks.")
    ] = 10_000,
    seed: Annotated[int, typer.Option(help="Seed of the reference table's hands.")] = 1,
) -> None:
    """A player's statistics over the hands given: each with its opportunities, the
    all-in EV of hands all-in before seventh street, and with --leaks where they
    lose against the built-in tight bot's play.

    The statistics and their sources are listed in docs/stats.md.
    """
    if not files and not store:
        fail("name hand history files, or --store for the hands `stud play` kept")
    if variant is not None and variant not in {v.value for v in Variant}:
        fail(f"--variant {variant!r} is not one of: {', '.join(v.value for v in Variant)}")
    if players is not None and not MIN_SEATS <= players <= MAX_SEATS:
        fail(f"--players {players}: a table seats {MIN_SEATS} to {MAX_SEATS}")
    if stakes is not None:
        parts = stakes.split("/")
        if len(parts) != 4 or not all(p.isascii() and p.isdigit() for p in parts):
            fail(f"--stakes {stakes!r}: four whole numbers, ante/bring-in/small bet/big bet")
    doors: frozenset[Rank] = frozenset()
    if door is not None:
        try:
            doors = parse_doors(door)
        except ValueError as error:
            fail(f"--door {door!r}: {error}")
    if not 1 <= reference_hands <= MAX_REFERENCE_HANDS:
        fail(f"--reference-hands {reference_hands}: from 1 to {MAX_REFERENCE_HANDS:,}")
    if not 0 <= seed < 2**64:
        fail(f"--seed {seed}: a seed is a whole number from 0 to 2**64-1")
    check_chart(graph, "--graph")
    filters = Filters(
        variant=variant or "",
        stakes=stakes or "",
        since=_check_date("--since", since) if since else "",
        until=_check_date("--until", until) if until else "",
        players=players,
        doors=doors,
    )
    read: list[PlayedHand | HandError] = []
    for path in files or []:
        read.extend(_read(path))
    own: Counter[str] = Counter()
    if store:
        kept, own = _stored(db)
        read.extend(kept)
    errors = [item for item in read if isinstance(item, HandError)]
    hands = [item for item in read if isinstance(item, PlayedHand)]
    for bad in errors:
        report(str(bad))
    if player is None:
        if own and not files:
            player = own.most_common(1)[0][0]
        else:
            names = Counter(name for hand in hands for name in hand.names)
            listed = ", ".join(f"{name} ({count})" for name, count in names.most_common(8))
            fail(f"name the player with --player; the hands' players: {listed or 'none'}")
    mine = [
        hand
        for hand in hands
        if (seat := hand.seat_of(player)) is not None and filters.passes(hand, seat)
    ]
    if not mine:
        fail(f"no hand of {player!r} among the {len(hands):,} hands read passes the filters")
    counted = tally(mine, player)
    shown = [f for f in figures(counted) if f.opportunities]
    actual, adjusted, valued = ev_series(mine, player)
    luck = actual[-1] - adjusted[-1]
    found: list[Leak] | None = None
    if leaks:
        found = _leaks(mine, player, counted, reference_hands, seed)
    if graph is not None:
        try:
            draw_results(actual, adjusted, graph, f"{player}: {len(mine):,} hands")
        except GraphError as error:
            fail(str(error))
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "player": player,
                    "hands": counted.hands,
                    "stats": [f.to_dict() for f in shown],
                    "all_in": {
                        "hands": len(valued),
                        "result_bb": actual[-1],
                        "ev_adjusted_bb": adjusted[-1],
                        "luck_bb": luck,
                        "valued": [
                            {
                                "hand": a.label,
                                "street": a.street,
                                "equity": a.equity,
                                "expected": a.expected,
                                "actual": a.actual,
                                "luck": a.luck,
                                "method": a.method,
                            }
                            for a in valued
                        ],
                    },
                    "leaks": None if found is None else [leak.to_dict() for leak in found],
                }
            )
        )
    else:
        _print(player, counted.hands, shown, valued, luck, found)
    if errors:
        raise typer.Exit(1)


def _leaks(
    hands: list[PlayedHand], player: str, counted: Tally, reference_hands: int, seed: int
) -> list[Leak]:
    """The leaks against the tight bot at the hands' own game, stakes and table size."""
    games = Counter(hand.state.rules for hand in hands)
    if len({rules.variant for rules in games}) > 1:
        fail("--leaks compares one game at a time: name it with --variant")
    rules = games.most_common(1)[0][0]
    seats = Counter(hand.state.players for hand in hands).most_common(1)[0][0]
    reference = reference_tally(rules, seats, reference_hands, seed)
    return find_leaks(counted, reference)
