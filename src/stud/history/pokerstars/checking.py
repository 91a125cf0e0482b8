"""Check a PokerStars hand against the engine, and turn it into PHH.

``check_hand`` replays a hand through the engine and compares it with what the
file states: the bet returned, the total pot, the rake and what each player
collected, and each final stack (stacks after = stacks before - put in +
collected). A file does not say its room's rake rule, so a hand is replayed with
no rake of the engine's own (``HandState.rake`` is then 0, and whatever rules with
a rake take is subtracted first) and the file's rake comes out of the engine's
awards: from each pot as the file lists its pots after the rake (PokerStars takes
it from every pot in proportion), else main pot first (R9.3). ``stars_phh`` writes
a hand read from PokerStars as PHH.
"""

from __future__ import annotations

from stud.actions import (
    BetReturned,
    PotAwarded,
)
from stud.history.phh import CODE_OF, PHHError, replay, toml_value
from stud.history.pokerstars.reading import StarsError, StarsHand
from stud.state import HandState
from stud.words import PHH

__all__ = ["check_hand", "stars_phh"]


def check_hand(hand: StarsHand) -> HandState:
    """Replay a hand through the engine and check it against the file; the final state.

    The file's rake comes out of the pots as the file took it (``phh.replay`` with
    the PHH's ``_rake`` and ``_pots``). Raises ``StarsError`` naming the file, hand
    and line, and saying why, when an action is not legal or an amount differs.
    """

    def fail(message: str, line: int | None = None) -> StarsError:
        return StarsError(message, source=hand.source, hand=hand.number, line=line)

    try:
        state = replay(hand.to_phh_hand())
    except PHHError as error:
        raise fail(_replay_reason(hand, error), error.line) from None
    if not state.is_over:
        raise fail(f"the actions stop before the hand is over ({state.phase.value})")
    if sum(hand.collected) + hand.rake != hand.total_pot:
        raise fail(
            f"the file's own sums differ: collected {sum(hand.collected)} + rake {hand.rake} "
            f"is not the total pot {hand.total_pot}"
        )
    if sum(hand.put_in) != hand.total_pot:
        raise fail(
            f"the file's own sums differ: the players put in {sum(hand.put_in)}, "
            f"the total pot is {hand.total_pot}"
        )
    names = hand.players
    engine_returned = [0] * len(names)
    won = [0] * len(names)
    for event in state.events:
        if isinstance(event, BetReturned):
            engine_returned[event.seat] += event.amount
        elif isinstance(event, PotAwarded):
            won[event.seat] += event.amount
    for seat, (ours, theirs) in enumerate(zip(engine_returned, hand.returned, strict=True)):
        if ours != theirs:
            raise fail(f"{names[seat]}: the file returns {theirs} uncalled, the engine {ours}")
    pot = sum(won) + state.rake
    if pot != hand.total_pot:
        raise fail(f"the file's total pot is {hand.total_pot}, the engine's {pot}")
    for seat, (ours, theirs) in enumerate(zip(won, hand.collected, strict=True)):
        if ours != theirs:
            raise fail(
                f"{names[seat]} collected {theirs} by the file, {ours} by the engine "
                f"after a rake of {hand.rake}"
            )
    for seat, (ours, theirs) in enumerate(
        zip(state.final_stacks, hand.finishing_stacks, strict=True)
    ):
        if ours != theirs:
            raise fail(
                f"{names[seat]} ends with {theirs} by the file (stack before - put in + "
                f"collected), {ours} by the engine"
            )
    return state


def _replay_reason(hand: StarsHand, error: PHHError) -> str:
    """Why a replay failed, in the file's words; a fold when checking was free is R5.8."""
    if error.action is None:
        return error.reason
    action = hand.actions[error.action - 1]
    legal = error.reason.rpartition("legal:")[2]
    if action.endswith(f" {PHH['fold']}") and "check" in legal:
        return (
            f"{action!r}: a fold where checking was free (R5.8), which the engine does not play yet"
        )
    return error.reason


def stars_phh(hand: StarsHand) -> str:
    """The hand as PHH text: unknown cards stay ``??``; money, rake and the PokerStars
    names are recorded (PHH fields, and user fields for what PHH has no field for)."""
    n = len(hand.players)
    rules = hand.rules
    fields: list[tuple[str, object]] = [
        ("variant", CODE_OF[rules.variant]),
        ("ante_trimming_status", not rules.dead_antes),
        ("antes", [rules.ante] * n),
        ("bring_in", rules.bring_in),
        ("small_bet", rules.small_bet),
        ("big_bet", rules.big_bet),
        ("starting_stacks", list(hand.starting_stacks)),
        ("actions", list(hand.actions)),
        ("finishing_stacks", list(hand.finishing_stacks)),
        ("winnings", list(hand.collected)),
        ("players", list(hand.players)),
        ("seats", list(hand.seats)),
        ("hand", int(hand.number)),
    ]
    if hand.table:
        fields.append(("table", hand.table))
    if hand.max_seats:
        fields.append(("seat_count", hand.max_seats))
    if hand.tournament:
        fields.append(("event", f"PokerStars tournament #{hand.tournament}"))
    if hand.currency:
        fields.append(("currency", hand.currency))
    fields += [
        ("_chip_value", hand.chip_value),
        *hand.rake_fields().items(),
        ("_total_pot", hand.total_pot),
        ("_source", f"{hand.source}:{hand.line}"),
    ]
    out: list[str] = []
    for key, value in fields:
        if key == "actions":
            out.append("actions = [")
            out.extend(f"  {toml_value(a)}," for a in hand.actions)
            out.append("]")
        else:
            out.append(f"{key} = {toml_value(value)}")
    return "\n".join(out) + "\n"


# -- writing ----------------------------------------------------------------------
