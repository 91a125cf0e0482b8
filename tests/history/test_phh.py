"""PHH: reading, replaying and writing hand histories."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

import pokerkit
import pytest
from hypothesis import given, settings

from phh_samples import HAND
from strategies import Setup, setups
from stud.actions import Action, Bet, Complete, HandShown, Raise
from stud.bots import RandomBot, StationBot
from stud.cards import DECK
from stud.history.phh import PHHError, load_phh, parse_phh, replay, to_phh
from stud.rules import Rules, Variant
from stud.sim.hand import play_hand
from stud.state import HandState
from stud.views import PlayerView

WSOP = Path(__file__).resolve().parents[1] / "data" / "wsop-2023"
WSOP_FILES = sorted(WSOP.glob("*.phh"))


def test_the_wsop_data_is_there() -> None:
    assert len(WSOP_FILES) == 36


@pytest.mark.parametrize("path", WSOP_FILES, ids=lambda p: p.name)
def test_every_wsop_hand_replays_to_its_recorded_finishing_stacks(path: Path) -> None:
    hand = load_phh(path)
    state = replay(hand)
    assert state.is_over
    assert hand.finishing_stacks is not None
    assert state.final_stacks == hand.finishing_stacks


def test_replay_reads_fields_and_plays_the_actions() -> None:
    hand = parse_phh(HAND)
    assert hand.rules.variant is Variant.STUD
    assert hand.rules.dead_antes
    state = replay(hand)
    # p2 (3h, the lowest door card) brings in 50; p3 completes to 200; both fold:
    # p3 gets back the 150 nobody called and wins 3 * 50 antes + 50 + 50.
    assert state.final_stacks == (3950, 4900, 6150)


@pytest.mark.parametrize(("shows", "muck"), [("-", False), ("", True)])
def test_show_with_a_dash_shows_the_dealt_cards_and_no_cards_mucks(shows: str, muck: bool) -> None:
    # The 43_5_00-25-05 hand: p2 shows Ts9s8c4c7h6cQc and wins; p1 mucks. Written
    # with 'p2 sm -' the cards already dealt are shown; a bare 'p2 sm' mucks, and
    # p1, left alone, takes the pot.
    text = (WSOP / "43_5_00-25-05_F7S.phh").read_text()
    text = text.replace("'p2 sm Ts9s8c4c7h6cQc'", f"'p2 sm {shows}'".replace(" '", "'"))
    stacks = replay(parse_phh(text)).final_stacks
    recorded = replay(load_phh(WSOP / "43_5_00-25-05_F7S.phh")).final_stacks
    assert (stacks == recorded) is not muck


def test_a_bring_in_out_of_place_says_what_is_legal() -> None:
    text = HAND.replace("'p3 cbr 200'", "'p3 pb'")
    with pytest.raises(PHHError, match=r"p3 cannot bring in now \(legal: folds, calls, completes"):
        replay(parse_phh(text))


def test_unknown_cards_of_a_folded_player_replay() -> None:
    text = HAND.replace("'d dh p1 Td3c4d'", "'d dh p1 ??????'")
    assert replay(parse_phh(text)).final_stacks == (3950, 4900, 6150)


def test_unknown_cards_at_showdown_are_refused() -> None:
    # p2's down cards are hidden (p1 brings in with the 4c, p2 shows the higher
    # board and acts first after), yet p2 checks it down to a showdown: nobody
    # can tell who wins.
    text = """\
variant = 'F7S'
antes = [50, 50]
bring_in = 50
small_bet = 200
big_bet = 400
starting_stacks = [4000, 5000]
actions = [
  'd dh p1 Kd3h4c', 'd dh p2 ????5c', 'p1 pb', 'p2 cc',
  'd dh p1 2c', 'd dh p2 2d', 'p2 cc', 'p1 cc',
  'd dh p1 2h', 'd dh p2 2s', 'p2 cc', 'p1 cc',
  'd dh p1 3d', 'd dh p2 3s', 'p2 cc', 'p1 cc',
  'd dh p1 5d', 'd dh p2 ??', 'p2 cc', 'p1 cc',
]
"""
    with pytest.raises(PHHError, match="p2's cards are not all known"):
        replay(parse_phh(text))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("'p3 cbr 200'", "'p3 cbr 300'"), r"hand.phh:13: action 5: 'p3 cbr 300': .*cannot bet"),
        (("'p3 cbr 200'", "'p1 cbr 200'"), r"action 5: 'p1 cbr 200': out of turn: player p3"),
        (("'d dh p2 Kd3h4c'", "'d dh p2 Kd3h4d'"), r"action 2: .*4d has already been dealt"),
        (("'d dh p2 Kd3h4c'", "'d dh p2 Kd3h'"), r"action 2: .*gets 3 card"),
        (("'d dh p2 Kd3h4c'", "'d dh p2 Kd3hXx'"), r"action 2: .*'Xx' is not a card"),
        (("'p1 f'", "'p1 zz'"), r"action 6: 'p1 zz': unknown action 'zz'"),
        (("'p1 f'", "'p9 f'"), r"action 6: 'p9 f': there is no player p9"),
    ],
)
def test_bad_actions_name_the_action_number_and_why(change: tuple[str, str], message: str) -> None:
    with pytest.raises(PHHError, match=message):
        replay(parse_phh(HAND.replace(*change), source="hand.phh"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("variant = 'F7S'", "variant = 'NT'"), r"hand.phh:1: field 'variant': 'NT' is not a stud"),
        (("small_bet = 200", "small_bet = 'x'"), r"field 'small_bet': .*number of chips"),
        (("small_bet = 200", "small_bet = 20.5"), r"field 'small_bet': .*whole number"),
        (("antes = [50, 50, 50]", "antes = [50, 50]"), r"field 'antes': has 2 entries for 3"),
        (("antes = [50, 50, 50]", "antes = [50, 0, 50]"), r"field 'antes': .*the same"),
        (("bring_in = 50", "bring_in = 500"), r"the rules cannot be played: the bring-in"),
        (("big_bet = 400\n", ""), r"the required field 'big_bet' is missing"),
        (("actions = [", "actions = [[["), r"not valid TOML"),
    ],
)
def test_bad_fields_name_the_field(change: tuple[str, str], message: str) -> None:
    with pytest.raises(PHHError, match=message):
        parse_phh(HAND.replace(*change), source="hand.phh")


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(PHHError, match=r"nothing\.phh: cannot read the file"):
        load_phh(tmp_path / "nothing.phh")


@dataclass(frozen=True)
class NoBigFourthBot:
    """Random play that never makes the open-pair big bet on fourth street, nor a
    bet or raise all-in for less than a full one."""

    name: str = "random"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        size = view.rules.bet_size(view.street)
        legal = [
            a
            for a in view.legal_actions
            if not isinstance(a, Complete | Bet | Raise)
            or a.to - view.level == size
            or (isinstance(a, Complete) and a.to == size)
        ]
        return RandomBot().act(replace(view, legal_actions=tuple(legal)), rng)


def _played(seed: int, variant: Variant, players: int) -> HandState:
    rng = random.Random(seed)
    rules = Rules(variant=variant, ante=4, bring_in=4, small_bet=20, big_bet=40)
    stacks = [4 * rng.randint(1, 60) for _ in range(players)]
    bots = [NoBigFourthBot() if rng.random() < 0.6 else StationBot() for _ in range(players)]
    return play_hand(rules, stacks, bots, rng)


@pytest.mark.parametrize("seed", range(60))
def test_r8_3_a_played_hand_exports_to_phh_that_replays_the_same(seed: int) -> None:
    variant = list(Variant)[seed % 3]
    state = _played(seed, variant, 2 + seed % 7)
    replayed = replay(parse_phh(to_phh(state)))
    assert replayed.final_stacks == state.final_stacks
    assert replayed.events == state.events


@pytest.mark.parametrize("seed", range(90))
def test_exported_phh_replays_the_same_in_pokerkit(seed: int) -> None:
    """Another PHH reader agrees on the finishing stacks.

    pokerkit does not play the stud open pair (R5.5) nor the community card
    (R3.4), and gives odd chips its own way rather than by R7: so these hands
    are at most seven-handed, the bots never bet big on fourth street, and all
    amounts are multiples of 4 so that no split leaves an odd chip.
    """
    variant = list(Variant)[seed % 3]
    state = _played(seed, variant, 2 + seed % 6)
    history = pokerkit.HandHistory.loads(to_phh(state))
    *_, final = history
    assert tuple(final.stacks) == state.final_stacks


def test_a_wager_the_size_of_an_all_in_bring_in_replays_as_the_bring_in() -> None:
    # p2 has 30 chips after the ante, less than the bring-in of 50: pokerkit
    # writes the all-in bring-in as 'cbr 30'.
    text = (
        HAND.replace("[4000, 5000, 6000]", "[4000, 80, 6000]")
        .replace("  'p2 f',\n", "")
        .replace("finishing_stacks = [3950, 4900, 6150]\n", "")
        .replace(
            "  'p1 f',\n",
            "  'p1 f',\n  'd dh p2 2c', 'd dh p3 2d', 'd dh p2 7c', 'd dh p3 7d',\n"
            "  'd dh p2 8h', 'd dh p3 9s', 'd dh p2 Jh', 'd dh p3 Js',\n",
        )
    )
    brought_in = replay(parse_phh(text))
    as_wager = replay(parse_phh(text.replace("'p2 pb'", "'p2 cbr 30'")))
    assert as_wager.events == brought_in.events
    assert as_wager.is_over
    with pytest.raises(PHHError, match="cannot bet or raise to 29"):
        replay(parse_phh(text.replace("'p2 pb'", "'p2 cbr 29'")))


@settings(max_examples=80, deadline=None)
@given(setups())
def test_r8_4_a_viewers_phh_names_only_the_cards_that_seat_saw(setup: Setup) -> None:
    """R8.4: at every point of a hand, a seat's PHH names its own face-down cards, every
    face-up card and the community card, and another seat's face-down cards only once
    shown at showdown: any other is ``??``, one for each card dealt."""
    for state in setup.play():
        shown = {e.seat for e in state.events if isinstance(e, HandShown)}
        public = {c for up in state.up for c in up} | (
            {state.community} if state.community is not None else set()
        )
        for viewer in range(state.players):
            open_seats = {viewer} | shown
            allowed = public | {c for s in open_seats for c in state.down[s]}
            hidden = sum(len(state.down[s]) for s in range(state.players) if s not in open_seats)
            text = to_phh(state, viewer=viewer)
            named = {c for c in DECK if str(c) in text}
            assert named == allowed, f"seat {viewer + 1} sees {named ^ allowed} wrongly"
            assert text.count("??") == hidden
