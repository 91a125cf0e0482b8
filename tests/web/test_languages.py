"""The page's catalogues: every message translated in French and in Bahasa Indonesia with
the same placeholders, the template up to date with the sources, plurals that follow
each language's rules, and the server's messages (hands, actions) the same in English
as the words the rest of stud writes."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from stud.actions import PotAwarded
from stud.cards import parse_cards
from stud.history.text import award_said, hand_said, hand_so_far_said
from stud.rules import Rules, Variant
from stud.said import Said
from stud.state import new_hand
from stud.web.languages import LANGUAGES, catalogue
from stud.words import VERBS, button, button_said, phrase, said

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "stud" / "locale"
TRANSLATED = [code for code in LANGUAGES if code != "en"]


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=language)


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(language: str) -> None:
    template = _read(LOCALE / "messages.pot")
    translated = _read(LOCALE / language / "LC_MESSAGES" / "messages.po", language)
    wanted = {(m.context, m.id) for m in template if m.id}
    have = {(m.context, m.id) for m in translated if m.id}
    assert wanted - have == set(), "run `make messages` and translate what it adds"
    problems = []
    for message in translated:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            problems.append(f"{message.id!r}: not translated")
            continue
        names = _placeholders(ids[-1])
        problems += [
            f"{message.id!r} -> {text!r}: placeholders differ"
            for text in strings
            if _placeholders(text) - _placeholders(ids[0]) - names
            or (len(strings) == 1 and _placeholders(text) != names)
        ]
        if not isinstance(message.id, tuple) and _placeholders(strings[0]) != names:
            problems.append(f"{message.id!r} -> {strings[0]!r}: placeholders differ")
    assert problems == []


def test_the_template_holds_every_message_in_the_sources(tmp_path: Path) -> None:
    """What ``make messages`` extracts now is what the catalogues were made from: a new
    English string without a translation fails here."""
    out = tmp_path / "messages.pot"
    babel = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg"]
    keywords = ["-k", "N_", "-k", "NC_:1c,2", "-k", "n_:1,2", "-k", "p_:1c,2"]
    subprocess.run(
        [*babel, *keywords, "--no-location", "-o", str(out), "src"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        env={"PYTHONPATH": str(ROOT / "src")},
    )
    extracted = {(m.context, m.id) for m in _read(out) if m.id}
    stored = {(m.context, m.id) for m in _read(LOCALE / "messages.pot") if m.id}
    assert extracted == stored


def test_plural_forms_follow_each_languages_rules() -> None:
    """French: one for 0 and 1, "many" for a million ("1 000 000 de jetons"), other for
    the rest; Indonesian has one form; English, one and other."""
    assert catalogue("fr")["plural_of"] == {"one": 0, "many": 1, "other": 2}
    assert catalogue("id")["plural_of"] == {"other": 0}
    assert catalogue("en")["plural_of"] == {"one": 0, "other": 1}
    chips = catalogue("fr")["messages"]["{chips} chip"]
    assert chips == ["{chips} jeton", "{chips} de jetons", "{chips} jetons"]
    with pytest.raises(ValueError, match="no language 'de'"):
        catalogue("de")


def _say(message: Said | str | int, messages: dict[str, object]) -> str:
    """A message as the page says it (static/i18n.js ``say``), for the test."""
    if not isinstance(message, Said):
        return str(message)
    key = message.id if message.ctx is None else f"{message.ctx}\x04{message.id}"
    text = messages.get(key) or message.id
    assert isinstance(text, str)

    def arg(value: object) -> str:
        if isinstance(value, tuple):
            return "-".join(_say(v, messages) for v in value)
        return _say(value, messages)  # type: ignore[arg-type]

    return re.sub(r"\{(\w+)\}", lambda m: arg(message.args[m.group(1)]), text)


def test_hands_are_named_as_players_there_say_them() -> None:
    """The issue's hands in French and in Bahasa Indonesia."""
    stud, razz, stud8 = (Rules(variant=v) for v in (Variant.STUD, Variant.RAZZ, Variant.STUD8))
    fr, id_ = catalogue("fr")["messages"], catalogue("id")["messages"]
    two_pair = hand_so_far_said(parse_cards("Jc Jd 5h 5s"), stud)
    assert two_pair is not None
    assert two_pair.english() == "two pair, jacks and fives"
    assert _say(two_pair, fr) == "deux paires, valets et cinq"
    assert _say(two_pair, id_) == "dua pasang, Jack dan 5"
    paired = hand_said(parse_cards("Qc 8d 4h 2s 2c"), razz)
    assert paired is not None
    assert paired.english() == "Q-8-4-2-2 (pair of deuces)"
    assert _say(paired, fr) == "D-8-4-2-2 (paire de deux)"
    assert _say(paired, id_) == "Q-8-4-2-2 (sepasang 2)"
    low = hand_said(parse_cards("Kc Qd 8h 4s 2c 2d Ks"), razz)
    assert low is not None
    assert low.english() == "K-Q-8-4-2 low"
    assert (_say(low, fr), _say(low, id_)) == ("basse R-D-8-4-2", "rendah K-Q-8-4-2")
    draw = hand_so_far_said(parse_cards("8c 7d 5h 2s"), stud8)
    assert draw is not None
    assert draw.english() == "eight high; 8-7-5-2 low draw"
    assert _say(draw, fr) == "hauteur huit ; tirage à la basse 8-7-5-2"
    assert _say(draw, id_) == "8 tertinggi; menuju rendah 8-7-5-2"
    named = {
        "As Ad Ac Kh Ks": ("full aux as par les rois", "full house, As dan King"),
        "9h 9d 9c 4s 2h": ("brelan de neuf", "three of a kind 9"),
        "Ah Kh 9h 4h 2h": ("couleur hauteur as", "flush, As tertinggi"),
        "Th 9d 8c 7s 6h": ("quinte hauteur dix", "straight, 10 tertinggi"),
        "Ks Kh Kd Kc 2h": ("carré de rois", "four of a kind King"),
        "Ah Ad 9c 4s 2h": ("paire d\u2019as", "sepasang As"),
    }
    for cards, (french, indonesian) in named.items():
        hand = hand_said(parse_cards(cards), stud)
        assert hand is not None
        assert (_say(hand, fr), _say(hand, id_)) == (french, indonesian)


def test_the_messages_english_is_the_words_of_the_text_history() -> None:
    """Every action's message and button say in English what ``stud.words`` says (with
    the amount, for the actions that name one)."""
    for word in VERBS:
        for amount in (None,) if word in {"fold", "check", "show", "muck"} else (None, 20):
            for all_in in (False, True):
                assert phrase(word, amount, all_in=all_in).english() == said(
                    word, amount, all_in=all_in
                )
            assert button_said(word, amount).english() == button(word, amount)


def test_an_awards_message_names_the_hand_the_engine_named() -> None:
    """Over many dealt-out hands of each game, the message of each award is, in English,
    the hand the engine wrote on it (``stud.pots``)."""
    chance = random.Random(20)
    seen = 0
    for variant in Variant:
        rules = Rules(variant=variant)
        for _ in range(150):
            state = new_hand(rules, [1000] * 5, rng=chance)
            while not state.is_over:
                legal = state.legal_actions()
                passive = [a for a in legal if a.word in ("check", "call", "bring_in", "show")]
                state = state.apply(passive[0] if passive else legal[0])
            for event in state.events:
                if isinstance(event, PotAwarded) and event.hand:
                    said_ = award_said(state.hand_of(event.seat), rules, event.share)
                    assert said_.english() == event.hand
                    seen += 1
    assert seen > 300


def test_the_page_offers_the_languages_the_server_serves() -> None:
    """The switch's list (static/i18n.js) is the server's ``LANGUAGES``."""
    script = (ROOT / "src" / "stud" / "web" / "static" / "i18n.js").read_text()
    found = re.search(r"const LANGUAGES = \{(.*?)\};", script)
    assert found is not None
    offered = dict(re.findall(r'(\w+): "([^"]+)"', found.group(1)))
    assert offered == LANGUAGES
