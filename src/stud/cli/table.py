"""The stud table in the terminal, drawn with rich from one player's view.

Everything here is drawn from a ``PlayerView``, never from the full hand state, so
the screen cannot show a card its player could not see at a real table (R8.4):
other players' face-down cards appear as backs until they are shown.

Two looks, chosen by the terminal: suit symbols in four colours (clubs green,
diamonds blue, hearts red, spades plain, so suits are told apart at a glance), and
a plain one in card notation (``As Td``) with ASCII lines for a terminal without
colour (``NO_COLOR``, a pipe, a file, a non-UTF-8 locale).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from stud.actions import (
    ActionTaken,
    BetReturned,
    Event,
    HandMucked,
    HandShown,
    PotAwarded,
    StreetStarted,
)
from stud.cards import Card, Suit
from stud.history.text import STREET_NAMES, award_source, describe_action, hand_name
from stud.pots import build_pots
from stud.state import Phase
from stud.views import PlayerView
from stud.words import said

__all__ = [
    "Look",
    "card_text",
    "look_of",
    "pot_line",
    "render_table",
    "results_lines",
]

SUIT_STYLES = {
    Suit.CLUBS: "bold green",
    Suit.DIAMONDS: "bold blue",
    Suit.HEARTS: "bold red",
    Suit.SPADES: "bold",
}


@dataclass(frozen=True, slots=True)
class Look:
    """How to draw: suit symbols in colour (``fancy``) or plain card notation."""

    fancy: bool

    @property
    def card_back(self) -> str:
        """A face-down card of another player."""
        return "▒▒" if self.fancy else "??"

    @property
    def turn_mark(self) -> str:
        """The mark on the row of the player to act."""
        return "▶" if self.fancy else ">"

    @property
    def dot(self) -> str:
        """The separator between items on one line."""
        return " · " if self.fancy else " | "

    @property
    def box(self) -> box.Box:
        """The table's lines."""
        return box.SIMPLE_HEAD if self.fancy else box.ASCII2


def look_of(console: Console) -> Look:
    """Symbols and colours only when the console shows colour and speaks UTF-8."""
    colour = console.color_system is not None and not console.no_color
    return Look(fancy=colour and console.encoding.lower().replace("-", "").startswith("utf8"))


def card_text(card: Card, look: Look) -> Text:
    """One card: ``A♠`` in its suit's colour, or ``As``."""
    if not look.fancy:
        return Text(str(card))
    return Text(card.rank.char + card.suit.symbol, style=SUIT_STYLES[card.suit])


def _cards(cards: Sequence[Card], look: Look, *, bracket: bool = False) -> Text:
    text = Text("[" if bracket else "")
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(card_text(card, look))
    if bracket:
        text.append("]")
    return text


def _hidden_count(view: PlayerView, seat: int) -> int:
    """How many face-down cards a player holds now (two, three after seventh street)."""
    if not view.up[seat]:
        return 0
    seventh = view.street == 7 and view.community is None and len(view.up[seat]) == 4
    return 3 if seventh and not view.folded[seat] else 2


def _seat_cards(view: PlayerView, seat: int, look: Look) -> Text:
    up = view.up[seat]
    shown = view.shown[seat]
    if seat == view.seat or shown is not None:
        down = view.down if seat == view.seat else tuple(c for c in shown or () if c not in up)
        text = Text()
        if down[:2]:
            text.append_text(_cards(down[:2], look, bracket=True))
        if up:
            text.append(" ")
            text.append_text(_cards(up, look))
        if down[2:]:
            text.append(" ")
            text.append_text(_cards(down[2:], look, bracket=True))
        return text
    if view.folded[seat]:
        # Folded up-cards stay in the picture, dimmed: in stud, dead cards matter.
        return Text.assemble(_cards(up, look), style="dim")
    hidden = _hidden_count(view, seat)
    text = Text(" ".join([look.card_back] * min(hidden, 2)), style="dim")
    if up:
        text.append(" ")
        text.append_text(_cards(up, look))
    if hidden > 2:
        text.append(" " + look.card_back, style="dim")
    return text


def _status(view: PlayerView, seat: int, you: bool) -> Text:
    """The player's last word this hand: an action, all-in, shows or mucks, a win."""
    last: str | None = None
    for event in view.events:
        match event:
            case ActionTaken(seat=s) if s == seat:
                last = describe_action(event, you=you)
            case HandShown(seat=s) if s == seat:
                last = said("show", you=you)
            case HandMucked(seat=s) if s == seat:
                last = said("muck", you=you)
            case _:
                pass
    won = sum(e.amount for e in view.events if isinstance(e, PotAwarded) and e.seat == seat)
    if won:
        return Text(said("win", won, you=you), style="bold")
    if view.folded[seat]:
        return Text("folded" if not you else "you folded", style="dim")
    if last is None:
        return Text("")
    if view.stacks[seat] == 0 and view.phase is not Phase.OVER and "all-in" not in last:
        return Text(f"{last}, all-in", style="yellow")
    return Text(last)


def _live(view: PlayerView) -> list[bool]:
    return [not f for f in view.folded]


def pot_line(view: PlayerView, names: Sequence[str], look: Look) -> Text:
    """The pot as the dealer has gathered it, side pots by name, and this street's bets.

    Bets of the current street sit in front of the players (the Bet column) until the
    street ends, as at a table; side pots form only from all-in players' chips.
    """
    if view.phase is Phase.OVER:
        total = sum(e.amount for e in view.events if isinstance(e, PotAwarded))
        return Text(f"Pot {total}, awarded")
    gathered = [c - w for c, w in zip(view.contributed, view.wagers, strict=True)]
    pots = build_pots(gathered, _live(view))
    bets = sum(view.wagers)
    parts: list[str] = []
    if len(pots) <= 1:
        parts.append(f"Pot {sum(gathered)}")
    else:
        for index, pot in enumerate(pots):
            title = "Main pot" if index == 0 else f"Side pot {index}"
            who = ", ".join(names[s] for s in pot.eligible)
            parts.append(f"{title} {pot.amount} ({who})")
    if bets:
        parts.append(f"{bets} in bets this street")
    return Text(look.dot.join(parts), style="bold")


def _log_line(event: Event, names: Sequence[str], you: int) -> str | None:
    match event:
        case StreetStarted(street=street):
            return f"-- {STREET_NAMES[street]} --"
        case ActionTaken(seat=s):
            return f"{names[s]} {describe_action(event, you=s == you)}"
        case BetReturned(seat=s, amount=amount):
            return f"{amount} uncalled returned to {names[s]}"
        case _:
            return None


def render_table(
    view: PlayerView,
    *,
    names: Sequence[str],
    seat_numbers: Sequence[int],
    hand_number: int,
    look: Look,
    log_lines: int = 5,
) -> RenderableType:
    """The whole table from ``view.seat``'s chair.

    ``names`` and ``seat_numbers`` are per seat of the hand (players out of chips sit
    out, so hand seats and table seats can differ); the log shows the last
    ``log_lines`` actions.
    """
    rules = view.rules
    street = STREET_NAMES.get(view.street, "")
    if view.phase is Phase.SHOWDOWN or (view.phase is Phase.OVER and any(view.shown)):
        street = "showdown"
    elif view.phase is Phase.OVER:
        street = "hand over"
    title = Text(look.dot.join([rules.variant.game_name, rules.stakes, f"hand {hand_number}"]))
    title.append(look.dot + street, style="bold")
    table = Table(box=look.box, show_edge=False, pad_edge=False, expand=False)
    table.add_column("", width=1)
    table.add_column("Seat", justify="right")
    table.add_column("Player", no_wrap=True)
    table.add_column("Stack", justify="right")
    table.add_column("Bet", justify="right")
    table.add_column("Cards", no_wrap=True)
    table.add_column("Last action", no_wrap=True, overflow="ellipsis", max_width=26)
    for seat in range(view.players):
        you = seat == view.seat
        mark = look.turn_mark if view.actor == seat and view.phase is Phase.BETTING else ""
        wager = view.wagers[seat]
        table.add_row(
            Text(mark, style="bold yellow"),
            str(seat_numbers[seat]),
            Text(names[seat], style="bold" if you else ""),
            str(view.stacks[seat]),
            str(wager) if wager else "",
            _seat_cards(view, seat, look),
            _status(view, seat, you),
            style="dim" if view.folded[seat] and not you else "",
        )
    parts: list[RenderableType] = [title, table]
    if view.community is not None:
        parts.append(Text.assemble("Community card: ", card_text(view.community, look)))
    parts.append(pot_line(view, names, look))
    log = [line for e in view.events if (line := _log_line(e, names, view.seat))]
    if log:
        parts.append(Text("Last actions: " + look.dot.join(log[-log_lines:]), style="dim"))
    return Group(*parts)


def results_lines(view: PlayerView, names: Sequence[str], look: Look) -> list[Text]:
    """The end of a hand: every hand shown with what it makes, then who won which pot."""
    lines: list[Text] = []
    you = names[view.seat]
    for event in view.events:
        if isinstance(event, HandShown):
            cards = (*event.cards, view.community) if view.community else event.cards
            line = Text(f"{names[event.seat]} {said('show', you=event.seat == view.seat)} ")
            line.append_text(_cards(event.cards, look))
            line.append(f": {hand_name(cards, view.rules)}")
            lines.append(line)
        elif isinstance(event, HandMucked):
            lines.append(Text(f"{names[event.seat]} {said('muck', you=event.seat == view.seat)}"))
    awards = [e for e in view.events if isinstance(e, PotAwarded)]
    side_pots = len({a.pot for a in awards}) > 1
    for award in awards:
        name = names[award.seat]
        source = award_source(award, side_pots=side_pots)
        with_hand = f" with {award.hand}" if award.hand else " (everyone else folded)"
        won = said("win", award.amount, you=name == you)
        lines.append(Text(f"{name} {won} {source}{with_hand}", "bold"))
    return lines
