"""Read PokerStars text hand histories of stud, stud8 and razz.

A PokerStars file is read hand by hand into ``StarsHand`` values: the players in
seat order, the stakes in whole chips, and the hand as PHH actions, with ``??``
for every card the file does not show. Money becomes whole chips of its smallest
unit (a cent), so a $0.04/$0.08 game plays as 4/8 chips (R1.3) and the PHH says
what a chip is worth. Hands of other games in a mixed file (8-Game, HORSE) are
counted and skipped.

``stud.history.pokerstars.checking`` checks what was read against the engine.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from stud.actions import ActionTaken, Bet, Complete, Raise
from stud.cards import Card, CardError, parse_card
from stud.history.phh import PHHError, PHHHand, replay
from stud.rules import MAX_SEATS, MIN_SEATS, Rules, RulesError, Variant
from stud.words import ALL_IN, PHH, STARS

__all__ = [
    "StarsError",
    "StarsFile",
    "StarsHand",
    "read_stars",
]

_GAMES: tuple[tuple[str, Variant], ...] = (
    ("7 card stud hi/lo", Variant.STUD8),
    ("7 card stud", Variant.STUD),
    ("razz", Variant.RAZZ),
)
"""Game names in a PokerStars header, longest first (``Hi/Lo`` before plain stud)."""

GAME_TITLES: dict[Variant, str] = {
    Variant.STUD: "7 Card Stud Limit",
    Variant.STUD8: "7 Card Stud Hi/Lo Limit",
    Variant.RAZZ: "Razz Limit",
}
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
SYMBOL_OF = {code: symbol for symbol, code in _SYMBOLS.items()}
_STREETS = {"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "RIVER": 7}

_HEADER = re.compile(r"^PokerStars (?:Home Game )?(?:Hand|Game) #(?P<number>\d+):\s*(?P<rest>.*)$")
_STAKES = re.compile(
    r"\((?:[^()]*?,\s*)?(?P<small>[$€£]?[\d.,]+)/(?P<big>[$€£]?[\d.,]+)(?:\s+(?P<code>[A-Z]{3}))?\)"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d.,]+) in chips[^)]*\)")
_AMOUNT = r"[$€£]?[\d.,]+"
_ALL_IN = rf"(?P<all_in>{ALL_IN.third})?"
_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(f"{STARS[kind]}{pattern}$" if kind in STARS else pattern + "$"))
    for kind, pattern in (
        ("ante", rf" (?P<amount>{_AMOUNT}){_ALL_IN}"),
        ("bring_in", rf" (?P<amount>{_AMOUNT}){_ALL_IN}"),
        ("call", rf" (?P<amount>{_AMOUNT}){_ALL_IN}"),
        ("check", r""),
        ("fold", r"(?: \[(?P<cards>[^]]*)\])?"),
        ("bet", rf" (?P<to>{_AMOUNT}){_ALL_IN}"),
        ("raise", rf" {_AMOUNT} to (?P<to>{_AMOUNT}){_ALL_IN}"),
        ("complete", rf" (?P<to>{_AMOUNT}){_ALL_IN}"),
        ("show", r" \[(?P<cards>[^]]*)\](?: \(.*\))?"),
        ("muck", r""),
        ("no_show", r""),
        ("noise", r"(?:is sitting out|sits out|has returned|is back|leaves the table)"),
    )
)
_DEALT_CARDS = re.compile(r"^\[(?P<old>[^]]*)\](?: \[(?P<new>[^]]*)\])?$")
_RETURNED = re.compile(rf"^Uncalled bet \((?P<amount>{_AMOUNT})\) returned to (?P<name>.+)$")
_COLLECTED = re.compile(
    rf"^(?P<name>.+) collected (?P<amount>{_AMOUNT}) from (?:main |side )?pot(?:-\d+)?$"
)
_STREET = re.compile(
    r"^\*\*\* (?P<street>3rd|4th|5th|6th|7th|RIVER)(?: STREET)? \*\*\*(?: \[(?P<card>[^]]*)\])?$"
)
_TOTAL = re.compile(rf"^Total pot (?P<pot>{_AMOUNT})(?P<pots>.*?)\s*\|\s*Rake (?P<rake>{_AMOUNT})")
_SUMMARY_CARDS = re.compile(
    r"^Seat \d+: (?P<name>.+?)(?: \([^)]*\))* (?:showed|mucked) \[(?P<cards>[^]]*)\]"
)
_NOISE = re.compile(
    r"^(?:.+ (?:joins the table at seat #\d+|leaves the table|is connected|is disconnected"
    r"|has timed out.*|was removed from the table.*|has returned|is sitting out"
    r"|finished the tournament.*|wins the tournament.*|re-buys.*|said, \".*\")"
    r"|Betting is capped|Pair on board - a double bet is allowed|No low hand qualified"
    r"|\*\*\* SHOW DOWN \*\*\*)$"
)


class StarsError(ValueError):
    """A PokerStars hand that cannot be read, or that does not check against the engine."""

    def __init__(self, message: str, *, source: str, hand: str = "", line: int | None = None):
        self.source = source
        self.hand = hand
        self.line = line
        self.reason = message
        where = source + (f":{line}" if line else "")
        if hand:
            where += f": hand #{hand}"
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True, slots=True)
class StarsHand:
    """One stud hand from a PokerStars history, in whole chips of the smallest unit.

    ``actions`` are PHH actions (``??`` for cards the file does not show) and
    ``action_lines`` the file line of each. The ``put_in``, ``returned`` and
    ``collected`` amounts, ``total_pot`` and ``rake`` are what the file states;
    ``check_hand`` compares them with the engine.
    """

    source: str
    line: int
    number: str
    rules: Rules
    players: tuple[str, ...]
    seats: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    action_lines: tuple[int | None, ...]
    put_in: tuple[int, ...]
    returned: tuple[int, ...]
    collected: tuple[int, ...]
    total_pot: int
    rake: int
    pots: tuple[int, ...] = ()
    """Main and side pots after the rake, when the file lists them."""
    currency: str = ""
    """``USD``, ``EUR`` or ``GBP`` for real money (a chip is one cent), ``""`` for chips."""
    tournament: str = ""
    table: str = ""
    max_seats: int | None = None
    header: str = ""

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        """Each player's stack after the hand, as the file states it."""
        return tuple(
            s - p + c
            for s, p, c in zip(self.starting_stacks, self.put_in, self.collected, strict=True)
        )

    @property
    def chip_value(self) -> str:
        """What one chip is worth: ``"0.01 USD"``, or ``"1 chip"`` for play and tournament chips."""
        return f"0.01 {self.currency}" if self.currency else "1 chip"

    def to_phh_hand(self) -> PHHHand:
        """The hand as the PHH reader would build it, ready for ``phh.replay``."""
        return PHHHand(
            rules=self.rules,
            starting_stacks=self.starting_stacks,
            actions=self.actions,
            finishing_stacks=self.finishing_stacks,
            source=self.source,
            extra=self.rake_fields(),
            action_lines=self.action_lines,
        )

    def rake_fields(self) -> dict[str, int | list[int]]:
        """The rake as PHH records it: ``_rake``, and ``_pots`` (each pot after the rake)
        when the file lists its pots, for the rake comes out of each pot (R9.4)."""
        fields: dict[str, int | list[int]] = {"_rake": self.rake}
        if self.pots:
            fields["_pots"] = list(self.pots)
        return fields


@dataclass(frozen=True, slots=True)
class StarsFile:
    """What a PokerStars file held: its stud hands, hands it could not read, other games."""

    hands: tuple[StarsHand, ...]
    errors: tuple[StarsError, ...] = ()
    skipped: Counter[str] = field(default_factory=Counter)
    """Hands of other games (``Hold'em No Limit``: 24), by the name the header gives."""


def read_stars(text: str, source: str = "<pokerstars>") -> StarsFile:
    """Every hand of a PokerStars text history; a hand that cannot be read is an error
    in ``errors`` and the others are still read."""
    # A byte-order mark may start the file, or each hand when files were joined.
    text = text.replace("\ufeff", "")
    hands: list[StarsHand] = []
    errors: list[StarsError] = []
    skipped: Counter[str] = Counter()
    for first, lines in _blocks(text.splitlines()):
        header = _HEADER.match(lines[0])
        assert header is not None  # _blocks starts each block at a header
        variant, game = _game(header["rest"])
        if variant is None:
            skipped[game] += 1
            continue
        try:
            hands.append(_Reader(source, first, header["number"], variant, lines).read())
        except StarsError as error:
            errors.append(error)
    if not hands and not errors and not skipped:
        raise StarsError(
            "no PokerStars hand found (a hand starts 'PokerStars Hand #')", source=source
        )
    return StarsFile(tuple(hands), tuple(errors), skipped)


def _blocks(lines: Sequence[str]) -> Iterator[tuple[int, list[str]]]:
    """Each hand's lines, with the file line (1-based) of its header."""
    start: int | None = None
    for index, line in enumerate(lines):
        if _HEADER.match(line):
            if start is not None:
                yield start + 1, [x.rstrip() for x in lines[start:index]]
            start = index
    if start is not None:
        yield start + 1, [x.rstrip() for x in lines[start:]]


def _game(rest: str) -> tuple[Variant | None, str]:
    """The stud variant a header names, or the name of the other game it plays."""
    lower = rest.lower()
    inner = re.search(r"\(([^(),]*?(?:limit|pot limit|no limit))[,)]", rest, re.IGNORECASE)
    for name, variant in _GAMES:
        if name in lower:
            return variant, name
    if inner:
        return None, inner[1].strip()
    # "Tournament #1, $1+$0.10 USD Hold'em No Limit - Level I (10/20) - 2009/11/26 ..."
    # or "Hold'em No Limit ($0.01/$0.02 USD) - 2009/11/26 ...": the game is named before
    # the first dash, after any tournament number and buy-in, before any stakes.
    words = re.sub(r"\(.*$", "", rest.split(" - ", maxsplit=1)[0])
    words = re.sub(r"^Tournament #\d+,\s*(?:Freeroll\s+|\S*\d\S*\s+(?:[A-Z]{3}\s+)?)?", "", words)
    return None, words.strip() or "another game"


MOST_SEATS = 10
"""PokerStars tables seat at most ten (a stud table eight)."""
_MOST_DIGITS = 15
"""The most digits of a whole amount: ten trillion, far above any real stack."""
_NUMBER = re.compile(r"(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<fraction>\d+))?")


def _to_chips(text: str, money: bool) -> int:
    """An amount as whole chips: cents for money, chips for chips (R1.3); a fraction
    of a cent or a chip is refused, not rounded."""
    found = _NUMBER.fullmatch(text.lstrip("$€£"))
    if found is None:
        raise ValueError(f"{_clip(text)!r} is not an amount")
    whole = found["whole"].replace(",", "")
    if len(whole.lstrip("0")) > _MOST_DIGITS:
        raise ValueError(f"{_clip(text)} ({len(whole)} digits) is more than any stack holds")
    places, scale = (2, 100) if money else (0, 1)
    fraction = (found["fraction"] or "").rstrip("0")
    if len(fraction) > places:
        unit = "cent" if money else "chip"
        raise ValueError(f"{_clip(text)} is not a whole number of {unit}s (R1.3)")
    return int(whole) * scale + int(fraction.ljust(places, "0") or "0")


def _clip(text: str, limit: int = 24) -> str:
    """``text`` cut to fit an error message."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _count(text: str, what: str, most: int) -> int:
    """A small whole number of the file (a seat number, a table size), 1 to ``most``."""
    if len(text) > len(str(most)) or not 1 <= int(text) <= most:
        raise ValueError(what.format(_clip(text)) + f": PokerStars counts 1 to {most}")
    return int(text)


class _Reader:
    """Reads one hand's lines: two passes, cards first (known cards may only appear at
    the showdown or in the summary), then the actions in order."""

    def __init__(
        self, source: str, first: int, number: str, variant: Variant, lines: list[str]
    ) -> None:
        self.source = source
        self.first = first
        self.number = number
        self.variant = variant
        self.lines = lines
        self.header = lines[0]
        if len(number) > _MOST_DIGITS + 5:
            self.number = _clip(number)
            raise self.error("not a PokerStars hand number (too many digits)", 0)
        stakes = _STAKES.search(self.header)
        if stakes is None:
            raise self.error("the header gives no stakes such as ($0.04/$0.08 USD) or (25/50)", 0)
        symbol = stakes["small"][0] if stakes["small"][0] in _SYMBOLS else ""
        self.currency = stakes["code"] or _SYMBOLS.get(symbol, "")
        self.money = bool(self.currency)
        self.small_bet = self.amount(stakes["small"], 0)
        self.big_bet = self.amount(stakes["big"], 0)

    def error(self, message: str, index: int | None) -> StarsError:
        line = self.first + index if index is not None else None
        return StarsError(message, source=self.source, hand=self.number, line=line)

    def amount(self, text: str, index: int) -> int:
        try:
            return _to_chips(text, self.money)
        except ValueError as error:
            raise self.error(str(error), index) from None

    def count(self, text: str, what: str, index: int) -> int:
        try:
            return _count(text, what, MOST_SEATS)
        except ValueError as error:
            raise self.error(str(error), index) from None

    def cards(self, text: str, index: int) -> list[Card]:
        try:
            return [parse_card(token) for token in text.split()]
        except CardError as error:
            raise self.error(f"[{text}]: {error}", index) from None

    def dealt(self, line: str, index: int) -> tuple[str, re.Match[str]]:
        """The player and cards of a ``Dealt to NAME [old] [new]`` line."""
        for name in self.by_length:
            prefix = f"Dealt to {name} "
            if line.startswith(prefix) and (cards := _DEALT_CARDS.match(line[len(prefix) :])):
                return name, cards
        raise self.error(f"cards dealt to someone with no seat: {line!r}", index)

    def player_line(self, line: str) -> tuple[str, str] | None:
        """``(name, what follows 'name: ')`` for the longest seated name that fits."""
        for name in self.by_length:
            if line.startswith(name + ": "):
                return name, line[len(name) + 2 :]
        return None

    def read(self) -> StarsHand:
        seated: dict[str, tuple[int, int]] = {}
        table, max_seats = "", None
        body = 1
        for index, line in enumerate(self.lines[1:], start=1):
            if line.startswith("Table "):
                found = re.match(r"^Table '(?P<table>[^']*)'(?: (?P<max>\d+)-max)?", line)
                if found:
                    table = found["table"]
                    max_seats = (
                        self.count(found["max"], "a {}-max table", index) if found["max"] else None
                    )
                continue
            seat = _SEAT.match(line)
            if seat is None:
                body = index
                break
            number = self.count(seat["seat"], "seat {}", index)
            seated[seat["name"]] = (number, self.amount(seat["stack"], index))
        self.by_length = sorted(seated, key=len, reverse=True)
        summary = next(
            (i for i, x in enumerate(self.lines) if x == "*** SUMMARY ***"), len(self.lines)
        )
        in_hand, known = self.first_pass(seated, body, summary)
        order = sorted(in_hand, key=lambda name: seated[name][0])
        if not MIN_SEATS <= len(order) <= MAX_SEATS:
            raise self.error(
                f"{len(order)} players in the hand; stud is for {MIN_SEATS} to {MAX_SEATS}", body
            )
        return self.second_pass(seated, order, known, body, summary, table, max_seats)

    def first_pass(
        self, seated: dict[str, tuple[int, int]], body: int, summary: int
    ) -> tuple[set[str], dict[str, list[Card | None]]]:
        """Who is in the hand (posted an ante or was dealt in), and every card the file shows."""
        in_hand: set[str] = set()
        known: dict[str, list[Card | None]] = {name: [None] * 7 for name in seated}
        street = 0
        for index in range(body, len(self.lines)):
            line = self.lines[index]
            if (found := _STREET.match(line)) is not None:
                street = _STREETS[found["street"]]
                continue
            if line.startswith("Dealt to ") and index < summary:
                name, dealt = self.dealt(line, index)
                if street == 3:
                    in_hand.add(name)
                old = self.cards(dealt["old"], index)
                new = self.cards(dealt["new"] or "", index)
                if street == 3:
                    # Third street: the door card alone, or the two down cards and it.
                    cards = old + new
                    if len(cards) not in (1, 3):
                        raise self.error(f"{len(cards)} cards dealt on third street", index)
                    self.learn(known[name], [2] if len(cards) == 1 else [0, 1, 2], cards, index)
                elif street > 3 and len(new) == 1:
                    self.learn(known[name], [street - 1], new, index)
                else:
                    raise self.error("expected 'Dealt to NAME [cards] [new card]'", index)
                continue
            shown = self.player_line(line) if index < summary else None
            if shown is not None:
                name, rest = shown
                if rest.startswith(STARS["ante"]):
                    in_hand.add(name)
                elif (showing := re.match(r"(?:shows|folds) \[([^]]*)\]", rest)) is not None:
                    self.learn_shown(known[name], self.cards(showing[1], index), index)
            elif (summary_cards := _SUMMARY_CARDS.match(line)) is not None and index > summary:
                name = summary_cards["name"]
                if name in known:
                    self.learn_shown(known[name], self.cards(summary_cards["cards"], index), index)
        return in_hand, known

    def learn(
        self, slots: list[Card | None], where: list[int], cards: list[Card], index: int
    ) -> None:
        for slot, card in zip(where, cards, strict=True):
            if slots[slot] is not None and slots[slot] != card:
                raise self.error(f"{card} is shown where {slots[slot]} was dealt", index)
            slots[slot] = card

    def learn_shown(self, slots: list[Card | None], cards: list[Card], index: int) -> None:
        """Shown cards in dealt order fill the slots they were dealt to: all seven, or
        the cards dealt so far (a show after winning uncontested, or the six of a
        hand whose seventh card was a community card); other cards only confirm known
        ones."""
        count = len(cards)
        if count == 7 or (
            3 <= count < 7
            and slots[count] is None
            and all(slots[i] in (None, cards[i]) for i in range(count))
        ):
            self.learn(slots, list(range(count)), cards, index)
        else:
            held = {c for c in slots if c is not None}
            if not held.issubset(cards) and not set(cards).issubset(held):
                raise self.error(f"shows [{' '.join(map(str, cards))}], not the cards dealt", index)

    def second_pass(
        self,
        seated: dict[str, tuple[int, int]],
        order: list[str],
        known: dict[str, list[Card | None]],
        body: int,
        summary: int,
        table: str,
        max_seats: int | None,
    ) -> StarsHand:
        seat_of = {name: i for i, name in enumerate(order)}
        n = len(order)
        put_in = [0] * n
        street_in = [0] * n
        returned = [0] * n
        collected = [0] * n
        folded = [False] * n
        antes: list[int] = []
        bring_in: int | None = None
        least = 0
        completed = False
        wagers: list[str] = []  # third street's completions and raises, as the file words them
        actions: list[str] = []
        lines: list[int | None] = []
        total_pot: int | None = None
        rake = 0
        pots: list[int] = []
        street = 0

        def emit(action: str, index: int) -> None:
            actions.append(action)
            lines.append(self.first + index)

        def cards_of(name: str, slots: Sequence[int]) -> str:
            return "".join(str(known[name][s]) if known[name][s] else "??" for s in slots)

        for index in range(body, len(self.lines)):
            line = self.lines[index]
            if index >= summary:
                if (total := _TOTAL.match(line)) is not None:
                    total_pot = self.amount(total["pot"], index)
                    rake = self.amount(total["rake"], index)
                    pots = [
                        self.amount(x, index)
                        for x in re.findall(
                            rf"(?:Main|Side) pot(?:-\d+)? ({_AMOUNT})\.", total["pots"]
                        )
                    ]
                continue
            if not line.strip() or _NOISE.match(line):
                continue
            if (found := _STREET.match(line)) is not None:
                if _STREETS[found["street"]] <= street:
                    raise self.error(
                        f"{line!r} again or out of order: each street comes once, in order",
                        index,
                    )
                street = _STREETS[found["street"]]
                street_in = [0] * n
                if found["card"]:
                    (card,) = self.cards(found["card"], index)
                    emit(f"d db {card}", index)
                    continue
                for name in order:
                    seat = seat_of[name]
                    if folded[seat]:
                        continue
                    slots = [0, 1, 2] if street == 3 else [street - 1]
                    emit(f"d dh p{seat + 1} {cards_of(name, slots)}", index)
                continue
            if line.startswith("Dealt to "):
                continue
            if (back := _RETURNED.match(line)) is not None:
                seat = self.seat_named(back["name"], seat_of, index)
                returned[seat] += self.amount(back["amount"], index)
                continue
            if (won := _COLLECTED.match(line)) is not None:
                seat = self.seat_named(won["name"], seat_of, index)
                collected[seat] += self.amount(won["amount"], index)
                continue
            said = self.player_line(line)
            if said is None:
                raise self.error(f"not a line of a stud hand: {line!r}", index)
            name, rest = said
            kind, match = self.verb(rest, index)
            if kind == "noise":
                continue
            seat = self.seat_named(name, seat_of, index)
            p = f"p{seat + 1}"
            if kind == "ante":
                chips = self.amount(match["amount"], index)
                antes.append(chips)
                put_in[seat] += chips
            elif kind in ("bring_in", "call"):
                chips = self.amount(match["amount"], index)
                if kind == "bring_in" and not match["all_in"]:
                    bring_in = chips
                elif street == 3 and bring_in is None and not completed and not match["all_in"]:
                    # The bring-in went all-in for less (R4.3): the first full call,
                    # before any completion, is for the full bring-in.
                    bring_in = street_in[seat] + chips
                elif street == 3 and not completed:
                    # All-in for the bring-in or less: the bring-in is at least this.
                    least = max(least, street_in[seat] + chips)
                put_in[seat] += chips
                street_in[seat] += chips
                emit(f"{p} {PHH[kind]}", index)
            elif kind == "check":
                emit(f"{p} {PHH[kind]}", index)
            elif kind == "fold":
                folded[seat] = True
                emit(f"{p} {PHH[kind]}", index)
            elif kind in ("bet", "raise", "complete"):
                completed = completed or street == 3
                if street == 3:
                    wagers.append(kind)
                to = self.amount(match["to"], index)
                put_in[seat] += to - street_in[seat]
                street_in[seat] = to
                emit(f"{p} {PHH[kind]} {to}", index)
            elif kind == "show":
                dealt = list(range(self.dealt_count(actions, p)))
                emit(f"{p} {PHH[kind]} {cards_of(name, dealt)}", index)
            elif kind == "muck":
                emit(f"{p} {PHH[kind]}", index)
        if total_pot is None:
            raise self.error("the summary gives no 'Total pot ... | Rake ...' line", summary)
        guessed = bring_in is None and least > 0
        if guessed:
            bring_in = max(least, *antes, 0)  # a bring-in is never less than the ante (R2.1)
        rules = self.rules(antes, bring_in, body)
        stacks = tuple(seated[name][1] for name in order)
        hand = StarsHand(
            source=self.source,
            line=self.first,
            number=self.number,
            rules=rules,
            players=tuple(order),
            seats=tuple(seated[name][0] for name in order),
            starting_stacks=stacks,
            actions=tuple(actions),
            action_lines=tuple(lines),
            put_in=tuple(p - r for p, r in zip(put_in, returned, strict=True)),
            returned=tuple(returned),
            collected=tuple(collected),
            total_pot=total_pot,
            rake=rake,
            pots=tuple(pots),
            currency=self.currency,
            tournament=m[1] if (m := re.search(r"Tournament #(\d+)", self.header)) else "",
            table=table,
            max_seats=max_seats,
            header=self.header,
        )
        return _with_bring_in(hand, wagers) if guessed else hand

    @staticmethod
    def dealt_count(actions: Sequence[str], player: str) -> int:
        """How many cards a player was dealt so far, from the PHH deal actions."""
        prefix = f"d dh {player} "
        return sum(len(a[len(prefix) :]) // 2 for a in actions if a.startswith(prefix))

    def seat_named(self, name: str, seat_of: dict[str, int], index: int) -> int:
        if name not in seat_of:
            raise self.error(f"{name!r} acts but is not in the hand", index)
        return seat_of[name]

    def verb(self, rest: str, index: int) -> tuple[str, re.Match[str]]:
        for kind, pattern in _VERBS:
            if (match := pattern.match(rest)) is not None:
                return kind, match
        raise self.error(f"not a stud action: {rest!r}", index)

    def rules(self, antes: Sequence[int], bring_in: int | None, index: int) -> Rules:
        ante = max(antes, default=0)
        if bring_in is None:
            # Nobody posted a full bring-in nor called one, all-in or not: the bring-in
            # player completed (or everyone folded to a short one), so any bring-in
            # plays the same. (When every one was all-in, the largest stands for it:
            # nobody had more, so it plays the same.)
            bring_in = max(ante, 1)
        try:
            return Rules(
                self.variant,
                ante=ante,
                bring_in=bring_in,
                small_bet=self.small_bet,
                big_bet=self.big_bet,
            )
        except RulesError as error:
            raise self.error(f"the stakes cannot be played: {error}", index) from None


def _with_bring_in(hand: StarsHand, wagers: Sequence[str]) -> StarsHand:
    """The hand at the least bring-in its third street plays as the file words it.

    A file states the bring-in only by a bring-in or a call of one. When the bring-in
    player went all-in for less and nobody called the full amount, the bring-in is
    known only to be at least what was put in; yet it decides whether an all-in
    completion for less than the small bet counts as a completion (R4.3, R5.6), and so
    whether the next wager is legal and whether it completes or raises. The engine
    decides that: each bring-in from the least up is replayed, and the first whose
    third street is legal and completes where the file says ``completes it to`` and
    raises where it says ``raises`` stands. Where none does, the least stands, and
    ``check_hand`` reports the action the engine refuses.
    """
    rules = hand.rules
    for bring_in in range(rules.bring_in, rules.small_bet):
        candidate = replace(hand, rules=replace(rules, bring_in=bring_in))
        try:
            state = replay(candidate.to_phh_hand())
        except PHHError:
            continue
        kinds = [
            e.action.word
            for e in state.events
            if isinstance(e, ActionTaken)
            and e.street == 3
            and isinstance(e.action, Bet | Complete | Raise)
        ]
        if len(kinds) == len(wagers) and all(
            w in ("bet", k) for w, k in zip(wagers, kinds, strict=True)
        ):
            return candidate
    return hand
