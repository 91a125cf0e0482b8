"""``stud replay``: PHH hand histories replayed through the rules, their stacks checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from stud.cli.app import app, report
from stud.equity.streets import StreetOdds, odds_by_street
from stud.history.phh import PHHError, PHHHand, load_phh, load_phhs, replay
from stud.history.stand_ins import stand_ins
from stud.positions import steps
from stud.state import HandState
from stud.tournament.places import ordinal

__all__ = ["replay_command"]

out = Console(highlight=False, emoji=False)


@app.command(name="replay")
def replay_command(
    files: Annotated[list[Path], typer.Argument(help="PHH files (.phh, or .phhs of many hands).")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a line.")] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Compare with each file's finishing_stacks.")
    ] = False,
    equity: Annotated[
        bool,
        typer.Option(
            "--equity",
            help="Each player's share of the pot street by street: against what they "
            "could see, and against the real cards when the file holds them.",
        ),
    ] = False,
) -> None:
    """Replay PHH hand histories and print each hand's finishing stacks.

    Every file, and every hand of a .phhs file, is replayed on its own: one that
    fails is reported and the others still replay; the exit code is 1 if any failed.
    """
    failures = 0
    for path in files:
        hands: list[PHHHand | PHHError]
        try:
            hands = load_phhs(path) if path.suffix.lower() == ".phhs" else [load_phh(path)]
        except PHHError as error:
            hands = [error]
        except Exception as error:  # a bug met in one file must not stop the others
            hands = [PHHError(f"cannot be read: {type(error).__name__}: {error}", source=str(path))]
        for hand in hands:
            failures += not _replay_one(path, hand, as_json=as_json, check=check, equity=equity)
    if failures:
        raise typer.Exit(1)


def _replay_one(
    path: Path, hand: PHHHand | PHHError, *, as_json: bool, check: bool, equity: bool
) -> bool:
    """Replay one hand and print its line; whether it replayed (and matched, with check)."""
    if isinstance(hand, PHHError):
        report(str(hand))
        return False
    name = str(path) if hand.hand is None else f"{path} [{hand.hand}]"
    try:
        state = replay(hand)
    except PHHError as error:
        report(str(error))
        return False
    except Exception as error:  # a bug met in one hand must not stop the others
        report(f"{name}: cannot be replayed: {type(error).__name__}: {error}")
        return False
    if not state.is_over:
        report(
            f"{name}: the actions stop before the hand is over "
            f"({state.phase.value}, street {state.street})"
        )
        return False
    stacks = list(state.final_stacks)
    recorded = list(hand.finishing_stacks) if hand.finishing_stacks else None
    if as_json:
        record: dict[str, object] = {
            "file": str(path),
            "variant": hand.variant_code,
            "finishing_stacks": stacks,
        }
        if hand.hand is not None:
            record["hand"] = hand.hand
        if check:
            record["matches"] = recorded == stacks
        if equity:
            record["equity"] = [o.to_dict() for o in _odds(hand, state)]
        typer.echo(json.dumps(record))
    else:
        note = ""
        if check:
            note = "  (matches)" if recorded == stacks else "  (MISMATCH)"
        typer.echo(f"{name}  {hand.variant_code}  {' '.join(map(str, stacks))}{note}")
        if equity:
            _print_odds(hand, _odds(hand, state))
    if check and recorded is None:
        report(f"{name}: no finishing_stacks to check")
        return False
    if check and recorded != stacks:
        report(f"{name}: replayed {stacks}, recorded {recorded}", "mismatch")
        return False
    return True


def _odds(hand: PHHHand, final: HandState) -> list[StreetOdds]:
    """The hand's odds street by street, from every card the file names."""
    known = {c for down in final.down for c in down} - stand_ins(hand, final)
    return odds_by_street([state for state, _ in steps(final)], known)


def _print_odds(hand: PHHHand, odds: list[StreetOdds]) -> None:
    """One row a player, one column a street: ``seen / real`` shares of the pot."""
    if not odds:
        typer.echo("  (no street with two or more players in)")
        return
    players = len(odds[0].seen)
    names = hand.extra.get("players")
    if not (isinstance(names, list) and len(names) == players):
        names = [f"p{n + 1}" for n in range(players)]
    table = Table(box=box.SIMPLE, title="share of the pot: as they saw it / against the real cards")
    table.add_column("player")
    for o in odds:
        table.add_column(f"{ordinal(o.street)} street", justify="right")

    def cell(o: StreetOdds, seat: int) -> str:
        seen = o.seen[seat]
        real = None if o.real is None else o.real[seat]
        return " / ".join("-" if v is None else f"{v:.1%}" for v in (seen, real))

    for seat in range(players):
        table.add_row(str(names[seat]), *(cell(o, seat) for o in odds))
    out.print(table)
