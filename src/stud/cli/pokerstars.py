"""``stud import``: PokerStars text histories in, checked hand by hand, PHH out.

Every stud, stud8 and razz hand is replayed through the engine and checked
against the file; a hand that does not check is reported with its file, hand
number, line and why, and the others go on. Hands of other games in a mixed file
are counted and skipped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from stud.cli.main import app, err, fail
from stud.history.pokerstars import StarsError, check_hand, read_stars, stars_phh

__all__ = ["import_command"]


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except OSError as error:
        fail(f"{path}: cannot read the file: {error.strerror}")
    except UnicodeDecodeError:
        try:
            return path.read_text(encoding="cp1252")
        except UnicodeDecodeError:
            fail(f"{path}: not a text file (neither UTF-8 nor Windows-1252)")


@app.command(name="import")
def import_command(
    files: Annotated[list[Path], typer.Argument(help="PokerStars hand history files.")],
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write each checked hand as DIR/NUMBER.phh.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per file.")] = False,
) -> None:
    """Read PokerStars stud, stud8 and razz histories, replay and check every hand."""
    if out is not None:
        if out.exists() and not out.is_dir():
            fail(f"--out {out}: not a directory")
        out.mkdir(parents=True, exist_ok=True)
    texts = {path: _read_text(path) for path in files}
    failures = 0
    for path, text in texts.items():
        try:
            stars = read_stars(text, source=str(path))
        except StarsError as error:
            err.print(f"[bold red]error:[/] {escape(str(error))}", markup=True)
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
            if out is not None:
                (out / f"{hand.number}.phh").write_text(stars_phh(hand), encoding="utf-8")
        refused.sort(key=lambda e: e.line or 0)
        for reason in refused:
            err.print(f"[bold red]refused:[/] {escape(str(reason))}", markup=True)
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
        typer.echo(f"{path}: {total} stud hands, {checked} checked, {len(refused)} refused{note}")
    if failures:
        raise typer.Exit(1)
