"""``stud import`` and ``stud export``: PokerStars text histories in and out.

Import: every stud, stud8 and razz hand is replayed through the engine and checked
against the file; a hand that does not check is reported with its file, hand
number, line and why, and the others go on. Hands of other games in a mixed file
are counted and skipped.

Export: PHH files, or the hands ``stud play`` kept, as PokerStars text that the
import reads back to the same hands.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from stud.cli.app import app, fail, report
from stud.history.decoding import HistoryEncodingError, decode_history
from stud.history.phh import PHHError, PHHHand, load_phh, load_phhs, parse_phh, to_phhs
from stud.history.pokerstars.checking import check_hand, stars_phh
from stud.history.pokerstars.reading import StarsError, read_stars
from stud.history.pokerstars.writing import phh_stars
from stud.storage import StorageError, default_db_path, open_store

__all__ = ["export_command", "import_command", "read_history_file"]


def read_history_file(path: Path) -> str:
    """A history file's text, in whichever encoding it was written (``decode_history``)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        fail(f"{path}: cannot read the file: {error.strerror}")
    try:
        return decode_history(data)
    except HistoryEncodingError as error:
        fail(f"{path}: {error}")


@app.command(name="import", short_help="Read and check PokerStars stud histories.")
def import_command(
    files: Annotated[list[Path], typer.Argument(help="PokerStars hand history files.")],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="Write the checked hands: to FILE.phhs, one file, or to DIR as NUMBER.phh each.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per file.")] = False,
) -> None:
    """Read PokerStars stud, stud8 and razz histories, replay and check every hand."""
    one_file = out is not None and out.suffix == ".phhs"
    if out is not None and one_file:
        if out.is_dir() or not out.parent.is_dir():
            fail(f"--out {out}: name a file in a folder that exists")
    elif out is not None:
        if out.exists() and not out.is_dir():
            fail(f"--out {out}: not a directory (name a .phhs file to write one file)")
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            fail(f"--out {out}: cannot create the folder ({error.strerror})")
    texts = {path: read_history_file(path) for path in files}
    failures = 0
    written: list[str] = []
    for path, text in texts.items():
        try:
            stars = read_stars(text, source=str(path))
        except StarsError as error:
            report(str(error))
            failures += 1
            continue
        refused: list[StarsError] = list(stars.errors)
        checked = 0
        for hand in stars.hands:
            try:
                check_hand(hand)
            except StarsError as refusal:
                refused.append(refusal)
                continue
            checked += 1
            if one_file:
                written.append(stars_phh(hand))
            elif out is not None:
                (out / f"{hand.number}.phh").write_text(stars_phh(hand), encoding="utf-8")
        refused.sort(key=lambda e: e.line or 0)
        for reason in refused:
            report(str(reason), "refused")
        failures += len(refused)
        total = len(stars.hands) + len(stars.errors)
        skipped = sum(stars.skipped.values())
        if as_json:
            record = {
                "file": str(path),
                "hands": total,
                "checked": checked,
                "refused": [{"hand": e.hand, "line": e.line, "reason": e.reason} for e in refused],
                "skipped": dict(stars.skipped),
            }
            typer.echo(json.dumps(record))
            continue
        note = ""
        if skipped:
            games = ", ".join(f"{count} {game}" for game, count in stars.skipped.most_common())
            note = f"; skipped {skipped} hands of other games ({games})"
        hands = f"{total} stud hand{'' if total == 1 else 's'}"
        typer.echo(f"{path}: {hands}, {checked} checked, {len(refused)} refused{note}")
    if one_file and out is not None:
        try:
            out.write_text(to_phhs(written), encoding="utf-8")
        except OSError as error:
            fail(f"--out {out}: cannot write it ({error.strerror})")
    if failures:
        raise typer.Exit(1)


@app.command(name="export")
def export_command(
    files: Annotated[
        list[Path] | None, typer.Argument(help="PHH or .phhs files (or none, with --stored).")
    ] = None,
    format_: Annotated[
        str, typer.Option("--format", "-f", help="The format to write: pokerstars.")
    ] = "pokerstars",
    stored: Annotated[
        list[int] | None,
        typer.Option("--stored", help="Id of a hand kept by `stud play` (repeat for more)."),
    ] = None,
    db: Annotated[str | None, typer.Option(help="SQLite file of kept hands.")] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file, not stdout.")
    ] = None,
) -> None:
    """Write hands as PokerStars text hand histories."""
    if format_ != "pokerstars":
        fail(f"--format {format_!r}: the one format written here is 'pokerstars'")
    if not files and not stored:
        fail("give PHH files, or --stored ID for hands kept by `stud play`")
    texts: list[str] = []
    failures = 0
    number = 0
    for path in files or []:
        hands: list[PHHHand | PHHError]
        try:
            hands = load_phhs(path) if path.suffix == ".phhs" else [load_phh(path)]
        except PHHError as error:
            hands = [error]
        for hand in hands:
            number += 1
            try:
                if isinstance(hand, PHHError):
                    raise hand
                texts.append(phh_stars(hand, number=number))
            except PHHError as error:
                report(str(error))
                failures += 1
    if stored:
        path = default_db_path() if db is None else Path(db)
        if not path.exists():
            fail(f"--db: no hand database at {path} (play with `stud play` first)")
        try:
            store = open_store(path)
            try:
                kept = [(i, store.get(i)) for i in stored]
            finally:
                store.close()
        except StorageError as error:
            fail(f"--db {path}: {error}")
        for hand_id, found in kept:
            if found is None:
                fail(f"--stored {hand_id}: no such hand in {path}")
            record = found.record
            when = record.played_at[:19].replace("-", "/").replace("T", " ") + " UTC"
            hand = parse_phh(record.phh, source=f"hand {hand_id}")
            hand = replace(hand, extra={**hand.extra, "players": list(record.names)})
            # As the cardroom writes it for the player who sat there: the others'
            # face-down cards only when shown.
            others = {s for s in range(len(record.names)) if s != record.seat}
            try:
                texts.append(phh_stars(hand, number=hand_id, played_at=when, hidden=others))
            except PHHError as error:
                fail(f"--stored {hand_id}: {error}")
    text = "\n".join(texts)
    if output is None:
        typer.echo(text, nl=False)
    else:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as error:
            fail(f"--output {output}: cannot write it ({error.strerror})")
    if failures:
        raise typer.Exit(1)
