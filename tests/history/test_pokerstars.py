"""PokerStars text histories: real files read, replayed and checked hand by hand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stars_data import checked_hands
from stud.actions import BringIn, Call, Check, Fold, RakeTaken
from stud.bots import RandomBot, StationBot
from stud.cli.main import app
from stud.history.phh import PHHError, PHHHand, load_phh, load_phhs, parse_phh, replay, to_phh
from stud.history.pokerstars.checking import check_hand, stars_phh
from stud.history.pokerstars.reading import StarsError, StarsHand, read_stars
from stud.history.pokerstars.writing import write_stars
from stud.rules import Rules, Variant
from stud.sim.hand import play_hand
from stud.state import new_hand
from stud.storage import HandRecord, open_store

STARS = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
runner = CliRunner()


def _engine_folds_when_checking_is_free() -> bool:
    """Whether the engine offers the fold where a check is free (R5.8) yet."""
    state = new_hand(Rules(Variant.STUD), [100, 100], rng=random.Random(1))
    state = state.apply(BringIn()).apply(Call())  # fourth street: the first may check
    assert state.street == 4
    assert Check() in state.legal_actions()
    return Fold() in state.legal_actions()


FOLDS_FREE = _engine_folds_when_checking_is_free()
R5_8_HAND = "35874676388"

# file: (stud hands, hands that check)
EXPECTED = {
    "7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt": (1, 1),
    "7-Stud-USD-0.04-0.08-200911.txt": (11, 11),
    "7-Stud-USD-0.04-0.08-201104.Salm.IX.txt": (1, 1),
    "7-StudHL-USD-0.04-0.08-200911.txt": (7, 7 if FOLDS_FREE else 6),
    "7-StudHL-USD-10-1-200906.PT2.export.txt": (1, 1),
    "7-StudHL-USD-400-800-201701.3bet.fix.txt": (1, 1),
    "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt": (53, 53),
    "Razz-8max-USD-200-15-201009.bracket.in.alias.txt": (1, 1),
    "Razz-USD-0.04-0.08-200911.txt": (9, 9),
    "Triple-Stud-USD-2.00-0.20-MTT-201301.txt": (1, 0),
}


def read(name: str, text: str | None = None) -> list[StarsHand]:
    path = STARS / name
    stars = read_stars(text if text is not None else path.read_text("utf-8-sig"), name)
    assert not stars.errors, stars.errors
    return list(stars.hands)


def hand_numbered(name: str, number: str) -> StarsHand:
    (hand,) = (h for h in read(name) if h.number == number)
    return hand


def test_the_data_is_there() -> None:
    assert sorted(p.name for p in STARS.glob("*.txt")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_stud_hand_of_every_file_is_read_and_checked(name: str) -> None:
    hands, checking = EXPECTED[name]
    stars = read_stars((STARS / name).read_text("utf-8-sig"), name)
    checked = 0
    for hand in stars.hands:
        try:
            check_hand(hand)
        except StarsError:
            continue
        checked += 1
    assert len(stars.hands) + len(stars.errors) == hands
    assert checked == checking


def test_a_mixed_game_file_keeps_the_stud_hands_and_counts_the_others() -> None:
    name = "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
    stars = read_stars((STARS / name).read_text("utf-8-sig"), name)
    variants = [h.rules.variant for h in stars.hands]
    assert variants.count(Variant.RAZZ) == 19
    assert variants.count(Variant.STUD8) == 18
    assert variants.count(Variant.STUD) == 16
    assert dict(stars.skipped) == {
        "Hold'em Limit": 24,
        "Hold'em No Limit": 24,
        "Triple Draw 2-7 Lowball Limit": 18,
        "Omaha Hi/Lo Limit": 17,
        "Omaha Pot Limit": 1,
    }
    # Tournament chips are chips; the level's stakes are read from each header.
    assert all(h.currency == "" and h.tournament == "743144019" for h in stars.hands)


def test_a_horse_header_names_its_game_the_same_way() -> None:
    name = "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
    text = (STARS / name).read_text("utf-8-sig").replace("8-Game (", "HORSE (")
    stars = read_stars(text, name)
    assert len(stars.hands) == 53
    assert sum(stars.skipped.values()) == 84


def test_dollars_become_whole_cents_and_the_phh_says_so() -> None:
    hand = hand_numbered("7-StudHL-USD-0.04-0.08-200911.txt", "35874487284")
    assert hand.rules == Rules(Variant.STUD8, ante=1, bring_in=2, small_bet=4, big_bet=8)
    assert hand.players == ("gashpor", "denny501", "Hero", "rdiezchang")
    assert hand.seats == (3, 4, 5, 8)
    assert hand.starting_stacks == (146, 93, 160, 116)
    assert hand.currency == "USD"
    assert hand.chip_value == "0.01 USD"
    text = stars_phh(hand)
    assert 'currency = "USD"' in text
    assert '_chip_value = "0.01 USD"' in text
    assert "d dh p3 5dKs2h" in text  # Hero's own cards
    assert "d dh p1 ????Kc" in text  # only the door card of the others


def test_a_raked_hand_checks_with_the_rake_out_of_the_pot() -> None:
    hand = hand_numbered("7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt", "30506593746")
    assert (hand.total_pot, hand.rake) == (56, 2)
    state = check_hand(hand)
    winner = hand.players.index("Player3")
    assert hand.collected[winner] == 54
    # The rake comes out of the pot before it is awarded (R9.3, R9.4).
    assert state.rake == 2
    assert RakeTaken(0, 2) in state.events
    assert state.final_stacks == hand.finishing_stacks


def test_r3_4_the_community_card_of_a_real_eight_handed_hand() -> None:
    hand = hand_numbered("7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt", "30506593746")
    assert "d db 6h" in hand.actions
    state = check_hand(hand)
    assert str(state.community) == "6h"


def test_rake_comes_from_each_pot_as_the_file_lists_the_pots() -> None:
    # PokerStars took 2 of the main pot of 44 and 3 of the side pot of 64; the check
    # uses the file's own split and still requires every amount to agree.
    hand = hand_numbered("7-Stud-USD-0.04-0.08-201104.Salm.IX.txt", "60974484959")
    assert (hand.pots, hand.rake) == ((42, 61), 5)
    check_hand(hand)


def test_r5_8_a_fold_where_checking_was_free_checks_once_the_engine_plays_it() -> None:
    hand = hand_numbered("7-StudHL-USD-0.04-0.08-200911.txt", R5_8_HAND)
    if FOLDS_FREE:
        check_hand(hand)
        return
    # Until then it is the one refusal of the cash files, and says why.
    with pytest.raises(StarsError) as refused:
        check_hand(hand)
    assert refused.value.line == 369
    assert "a fold where checking was free (R5.8)" in refused.value.reason


def test_a_card_that_is_not_a_card_refuses_the_hand_with_its_line() -> None:
    name = "Triple-Stud-USD-2.00-0.20-MTT-201301.txt"
    stars = read_stars((STARS / name).read_text(), name)
    (error,) = stars.errors
    assert error.line == 46
    assert error.hand == "91733835979"
    assert "'of' is not a card" in str(error)


def test_unknown_cards_that_decide_the_pot_refuse_the_hand() -> None:
    # Without the junk line, the winner's seventh card is never shown.
    name = "Triple-Stud-USD-2.00-0.20-MTT-201301.txt"
    text = (STARS / name).read_text().replace("Dealt to Hero [Ah 3c Ac 8h Qd As] [of]\n", "")
    (hand,) = read(name, text)
    with pytest.raises(StarsError, match="not all known"):
        check_hand(hand)


def test_a_collected_amount_that_differs_is_refused_and_the_other_hands_go_on() -> None:
    name = "Razz-USD-0.04-0.08-200911.txt"
    text = (STARS / name).read_text()
    first = text.index("collected $")
    end = text.index(" from pot", first)
    tampered = text[:first] + "collected $9.99" + text[end:]
    hands = read(name, tampered)
    outcomes = []
    for hand in hands:
        try:
            check_hand(hand)
            outcomes.append("ok")
        except StarsError as error:
            outcomes.append(error.reason)
    assert outcomes.count("ok") == 8
    (reason,) = [o for o in outcomes if o != "ok"]
    assert "the file's own sums differ" in reason


def test_an_action_the_rules_refuse_is_reported_with_its_line() -> None:
    name = "7-StudHL-USD-400-800-201701.3bet.fix.txt"
    text = (STARS / name).read_text().replace("Hero: bets $400", "Hero: bets $300")
    (hand,) = read(name, text)
    with pytest.raises(StarsError) as refused:
        check_hand(hand)
    assert refused.value.line == 18
    assert "cannot bet or raise to 30000" in refused.value.reason


def test_junk_lines_are_refused_clearly() -> None:
    name = "7-StudHL-USD-400-800-201701.3bet.fix.txt"
    text = (STARS / name).read_text().replace("Player0: calls $400\n", "Player0: dances\n", 1)
    stars = read_stars(text, name)
    (error,) = stars.errors
    assert "not a stud action: 'dances'" in str(error)
    with pytest.raises(StarsError, match="no PokerStars hand"):
        read_stars("hello\n", "x.txt")


def test_checked_hands_written_as_phh_replay_to_the_files_stacks() -> None:
    # Raked hands too: the replay takes the recorded rake out of the pots (R9.3, R9.4).
    hands = checked_hands()
    raked = [h for h in hands if h.rake]
    assert len(hands) == 85
    assert len(raked) == 27
    for hand in hands:
        phh = parse_phh(stars_phh(hand), source=hand.number)
        state = replay(phh)
        assert state.final_stacks == hand.finishing_stacks == phh.finishing_stacks
        assert state.rake == hand.rake


def test_replay_check_matches_every_imported_hand_raked_or_not(tmp_path: Path) -> None:
    out = tmp_path / "hands.phhs"
    files = [str(STARS / n) for n in sorted(EXPECTED)]
    runner.invoke(app, ["import", *files, "-o", str(out)])
    result = runner.invoke(app, ["replay", "--check", str(out)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("(matches)") == 85
    assert "MISMATCH" not in result.stdout


def test_a_phh_rake_that_does_not_fit_its_pots_is_refused() -> None:
    (hand,) = read("7-Stud-USD-0.04-0.08-201104.Salm.IX.txt")
    text = stars_phh(hand)
    assert "_pots = [42, 61]" in text
    with pytest.raises(PHHError, match="_pots"):
        replay(parse_phh(text.replace("_pots = [42, 61]", "_pots = [40, 61]")))
    with pytest.raises(PHHError, match="more than the pot"):
        replay(parse_phh(text.replace("_rake = 5", "_rake = 500").replace("_pots", "_x")))
    with pytest.raises(PHHError, match="'_rake'"):
        parse_phh(text.replace("_rake = 5", "_rake = -5"))


@pytest.mark.parametrize("variant", list(Variant))
def test_a_hand_stud_plays_round_trips_through_pokerstars_text(variant: Variant) -> None:
    rules = Rules(variant, ante=2, bring_in=3, small_bet=5, big_bet=10)
    for seed in range(60):
        rng = random.Random(seed)
        players = 2 + seed % 7
        bots = [RandomBot() if s % 2 else StationBot() for s in range(players)]
        # Short stacks half the time: all-in on the ante, short bring-ins, side pots.
        stacks = [rng.randint(1, 12) if seed % 2 else 60 + 7 * s for s in range(players)]
        state = play_hand(rules, stacks, bots, rng)
        text = write_stars(state, number=1000 + seed)
        (hand,) = read("played.txt", text)
        again = check_hand(hand)
        assert hand.rules.variant is variant
        assert hand.starting_stacks == state.starting_stacks
        assert again.final_stacks == state.final_stacks
        assert again.events == state.events


def test_import_command_checks_writes_phh_and_reports(tmp_path: Path) -> None:
    out = tmp_path / "phh"
    files = [str(STARS / n) for n in sorted(EXPECTED)]
    result = runner.invoke(app, ["import", *files, "-o", str(out)])
    assert result.exit_code == 1  # the junk card, and the R5.8 fold until the engine plays it
    assert "53 stud hands, 53 checked, 0 refused; skipped 84 hands of other games" in (
        result.stdout
    )
    r5_8 = f"hand #{R5_8_HAND}: 'p4 f': a fold where checking was free (R5.8)"
    assert (r5_8 in result.stderr) is not FOLDS_FREE
    assert "[of]: 'of' is not a card" in result.stderr
    written = sorted(out.glob("*.phh"))
    assert len(written) == sum(c for _, c in EXPECTED.values())
    assert load_phh(out / "35874487284.phh").rules.small_bet == 4


def test_import_command_writes_one_phhs_file_that_export_writes_back(tmp_path: Path) -> None:
    out = tmp_path / "hands.phhs"
    name = "Razz-USD-0.04-0.08-200911.txt"
    result = runner.invoke(app, ["import", str(STARS / name), "-o", str(out)])
    assert result.exit_code == 0, result.output
    hands = load_phhs(out)
    assert len(hands) == 9
    for phh, stars in zip(hands, read(name), strict=True):
        assert isinstance(phh, PHHHand)
        assert phh.actions == stars.actions
        assert replay(phh).final_stacks == check_hand(stars).final_stacks
    again = runner.invoke(app, ["export", str(out)])
    assert again.exit_code == 0, again.output
    back = read("again.txt", again.stdout)
    assert [h.number for h in back] == [h.number for h in read(name)]
    assert [betting(h.actions) for h in back] == [betting(h.actions) for h in read(name)]


def test_import_command_refuses_a_missing_file() -> None:
    result = runner.invoke(app, ["import", "no-such-file.txt"])
    assert result.exit_code == 2
    assert "no-such-file.txt: cannot read the file" in result.stderr
    assert "Traceback" not in result.output


def betting(actions: Sequence[str]) -> list[str]:
    return [a for a in actions if not a.startswith("d ") and " sm" not in a]


def hides_a_door_card(path: Path) -> bool:
    deals = [a.split()[3] for a in load_phh(path).actions if a.startswith("d dh")]
    return any(len(cards) == 6 and cards[4:] == "??" for cards in deals)


def test_export_writes_phh_files_that_import_reads_back_to_the_same_hands(
    tmp_path: Path,
) -> None:
    files = sorted((STARS.parent / "wsop-2023").glob("*.phh"))
    out = tmp_path / "wsop.txt"
    result = runner.invoke(
        app, ["export", "--format", "pokerstars", *map(str, files), "-o", str(out)]
    )
    # Hands that hide a door card are refused: PokerStars text cannot leave one out.
    assert result.exit_code == 1
    assert "43_5_02-13-08_F7S8.phh: p1's face-up card is not known" in result.stderr
    hiding = [f for f in files if hides_a_door_card(f)]
    assert len(hiding) == 7
    assert result.stderr.count("face-up card is not known") == len(hiding)
    files = [f for f in files if f not in hiding]
    hands = read("wsop.txt", out.read_text())
    assert len(hands) == len(files)
    for path, hand in zip(files, hands, strict=True):
        original = load_phh(path)
        check_hand(hand)
        assert hand.starting_stacks == original.starting_stacks
        assert hand.finishing_stacks == original.finishing_stacks
        assert betting(hand.actions) == betting(original.actions)
        # Cards the PHH does not name are not made up: they stay unknown.
        unknown = sum(a.count("??") for a in original.actions)
        assert sum(a.count("??") for a in hand.actions) >= unknown


def test_export_writes_the_hands_stud_play_kept_from_the_players_chair(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    store = open_store(db)
    rules = Rules(Variant.STUD8, ante=1, bring_in=1, small_bet=5, big_bet=10)
    states = []
    for seed in range(3):
        state = play_hand(rules, [200] * 4, [StationBot()] * 4, random.Random(seed))
        states.append(state)
        store.add(
            HandRecord(
                played_at="2026-12-01T10:00:00+00:00",
                session="s",
                number=seed + 1,
                variant="stud8",
                stakes=rules.stakes,
                seat=0,
                names=("You", "Station 2", "Station 3", "Station 4"),
                net=state.payoffs[0],
                pot=sum(state.starting_stacks) - sum(state.final_stacks) + state.pot,
                phh=to_phh(state),
            )
        )
    store.close()
    result = runner.invoke(app, ["export", "--stored", "1", "--stored", "3", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "Dealt to You [" in result.stdout
    hands = read("kept.txt", result.stdout)
    assert [h.number for h in hands] == ["1", "3"]
    for hand, state in zip(hands, [states[0], states[2]], strict=True):
        assert hand.players == ("You", "Station 2", "Station 3", "Station 4")
        assert check_hand(hand).final_stacks == state.final_stacks


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["export", "--format", "ftp", "x.phh"], "--format 'ftp': the one format written"),
        (["export"], "give PHH files, or --stored ID"),
    ],
)
def test_export_refuses_bad_input_in_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_export_says_which_file_it_cannot_read() -> None:
    result = runner.invoke(app, ["export", "nothing.phh"])
    assert result.exit_code == 1
    assert "nothing.phh: cannot read the file" in result.stderr
    assert "Traceback" not in result.output


def test_other_games_are_named_as_their_headers_name_them() -> None:
    headers = {
        "Hold'em No Limit": "Hold'em No Limit ($0.01/$0.02 USD) - 2009/11/26 10:08:43 ET",
        "Omaha Pot Limit": "Tournament #160417133, $0.25+$0.00 USD Omaha Pot Limit - Level XV "
        "(250/500) - 2009/05/02 13:32:38 ET",
        "Hold'em Limit": "Tournament #1, Freeroll Hold'em Limit - Level I (10/20) - 2009/05/02",
    }
    for game, rest in headers.items():
        stars = read_stars(f"PokerStars Hand #1: {rest}\n", "other.txt")
        assert dict(stars.skipped) == {game: 1}
