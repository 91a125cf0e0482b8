"""The verifiable shuffle (docs/shuffle.md): dealt hands verify from every seat, and any
change to a card, a salt, the deal order, a seed or the commitment is caught.

A few hundred simulated deals here; ``benchmarks/bench_shuffle.py`` verifies a
million and measures the uniformity of positions over ten million shuffles.
"""

from __future__ import annotations

import random
import secrets
import tomllib
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import rule_sets, stacks
from stud.cards import DECK
from stud.history.phh import parse_phh, to_phh, toml_value
from stud.rules import Rules
from stud.shuffle import Shuffle, ShuffleError, deal, from_stored, secret_deck
from stud.state import HandState, new_hand
from stud.verify import DECK as VERIFIER_DECK
from stud.verify import VerifyError, deal_slots, leaf, permutation, verify_proof, verify_text


def test_the_verifier_names_the_cards_in_studs_code_order() -> None:
    assert tuple(str(card) for card in DECK) == VERIFIER_DECK


def test_a_permutation_is_each_position_once_and_fixed_by_its_key() -> None:
    key = bytes(range(32))
    first = permutation(key, b"label")
    assert sorted(first) == list(range(52))
    assert permutation(key, b"label") == first
    assert permutation(key, b"other") != first
    assert permutation(bytes(32), b"label") != first


def test_a_secret_of_the_wrong_size_and_an_unreadable_store_are_refused() -> None:
    with pytest.raises(ShuffleError, match="32 bytes"):
        secret_deck(b"short")
    with pytest.raises(ShuffleError, match="cannot be read"):
        from_stored("{}")


def test_a_stored_shuffle_deals_the_same_again() -> None:
    shuffle = deal(secret_deck(secrets.token_bytes(32)), ["a", "b-c"])
    again = from_stored(shuffle.stored())
    assert again.dealt == shuffle.dealt
    assert again.public() == shuffle.public()
    assert sorted(shuffle.dealt) == sorted(DECK)


def test_the_seeds_decide_the_deal_from_one_committed_deck() -> None:
    deck = secret_deck(secrets.token_bytes(32))
    assert deal(deck, ["x"]).dealt != deal(deck, ["y"]).dealt
    assert deal(deck, ["x", "y"]).dealt != deal(deck, ["y", "x"]).dealt
    assert deal(deck, ["x"]).public()["root"] == deal(deck, ["y"]).public()["root"]


def _play(rng: random.Random, hand: HandState) -> HandState:
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def _proof_phh(hand: HandState, shuffle: Shuffle, viewer: int) -> str:
    """The history ``viewer`` may see, with the proof fields the cardroom adds."""
    text = to_phh(hand, viewer=viewer)
    shown = deal_slots(tomllib.loads(text)["actions"]).cards
    fields = {**shuffle.public(), "salts": shuffle.salts(shown)}
    return text + "".join(f"_deck_{k} = {toml_value(v)}\n" for k, v in fields.items())


@dataclass
class _Dealt:
    hand: HandState
    shuffle: Shuffle
    histories: list[str]

    def __repr__(self) -> str:
        return f"_Dealt(seeds={self.shuffle.seeds!r}, first={self.histories[0]!r})"


@st.composite
def _dealt(draw: st.DrawFn) -> _Dealt:
    seeds = draw(st.lists(st.from_regex(r"[0-9A-Za-z_-]{1,12}", fullmatch=True), max_size=8))
    shuffle = deal(secret_deck(draw(st.binary(min_size=32, max_size=32))), seeds)
    hand = new_hand(draw(rule_sets()), draw(stacks()), deck=shuffle.dealt)
    hand = _play(random.Random(draw(st.integers(0, 2**32))), hand)
    return _Dealt(hand, shuffle, [_proof_phh(hand, shuffle, s) for s in range(hand.players)])


@settings(max_examples=150, deadline=None)
@given(_dealt())
def test_every_seat_of_a_dealt_hand_verifies_what_it_saw(dealt: _Dealt) -> None:
    for seat, text in enumerate(dealt.histories):
        result = verify_text(text, f"seat {seat}")
        # Its own cards at least, and never a card it was not shown.
        assert result.cards >= len(dealt.hand.cards_of(seat))
        assert parse_phh(text, source="with proof").extra["_deck_root"] == dealt.shuffle.deck.root


def _tamper(text: str, kind: str, rng: random.Random) -> str:
    """``text`` with one thing changed the way ``kind`` says."""
    data = tomllib.loads(text)
    lines = text.splitlines()

    def set_field(key: str, value: object) -> str:
        return "\n".join(
            f"{key} = {toml_value(value)}" if line.startswith(f"{key} =") else line
            for line in lines
        )

    def set_action(n: int, new: str) -> str:
        old = actions[n]
        return text.replace(toml_value(old), toml_value(new), 1)

    actions: list[str] = data["actions"]
    deals = [n for n, a in enumerate(actions) if a.startswith("d dh") and "??" not in a]
    if kind == "card":  # a shown card replaced by another card
        n = rng.choice(deals)
        head, cards = actions[n].rsplit(" ", 1)
        i = 2 * rng.randrange(len(cards) // 2)
        other = rng.choice([c for c in VERIFIER_DECK if c != cards[i : i + 2]])
        return set_action(n, f"{head} {cards[:i]}{other}{cards[i + 2 :]}")
    if kind == "order":  # two of a player's cards swapped, or two players' lines
        third = [n for n in deals if len(actions[n].rsplit(" ", 1)[1]) == 6]
        n = rng.choice(third)
        head, cards = actions[n].rsplit(" ", 1)
        return set_action(n, f"{head} {cards[4:6]}{cards[2:4]}{cards[0:2]}")
    if kind == "salt":
        salts: list[str] = data["_deck_salts"]
        n = rng.choice([i for i, s in enumerate(salts) if s])
        flip = "0" if salts[n][0] != "0" else "1"
        salts[n] = flip + salts[n][1:]
        return set_field("_deck_salts", salts)
    if kind == "seed":
        seeds: list[str] = data["_deck_seeds"]
        if seeds and rng.random() < 0.5:
            seeds[rng.randrange(len(seeds))] += "x"
        else:
            seeds.append("extra")
        return set_field("_deck_seeds", seeds)
    if kind == "leaf":
        leaves: list[str] = data["_deck_leaves"]
        n = rng.randrange(52)
        leaves[n] = ("0" if leaves[n][0] != "0" else "1") + leaves[n][1:]
        return set_field("_deck_leaves", leaves)
    assert kind == "open"  # the salt of a card the history does not show, given away
    salts = data["_deck_salts"]
    n = rng.choice([i for i, s in enumerate(salts) if not s])
    salts[n] = "ab" * 16
    return set_field("_deck_salts", salts)


@settings(max_examples=300, deadline=None)
@given(_dealt(), st.sampled_from(["card", "order", "salt", "seed", "leaf", "open"]), st.randoms())
def test_a_changed_card_salt_order_seed_or_commitment_is_caught(
    dealt: _Dealt, kind: str, rng: random.Random
) -> None:
    seat = rng.randrange(dealt.hand.players)
    text = dealt.histories[seat]
    changed = _tamper(text, kind, rng)
    if changed == text:  # a swap of two equal cards changes nothing
        return
    with pytest.raises(VerifyError):
        verify_text(changed, "changed")


def test_a_history_without_a_commitment_or_not_toml_says_so() -> None:
    with pytest.raises(VerifyError, match="no deck commitment"):
        verify_text('variant = "7S"\nactions = []\n', "h.phh")
    with pytest.raises(VerifyError, match=r"h\.phh: not a PHH hand history"):
        verify_text("actions = [", "h.phh")


def test_a_failure_names_the_action_and_the_card() -> None:
    shuffle = deal(secret_deck(bytes(32)), ["s"])
    hand = _play(random.Random(1), new_hand(Rules(), [100, 100], deck=shuffle.dealt))
    text = _proof_phh(hand, shuffle, 0)
    first, third = str(shuffle.dealt[0]), str(shuffle.dealt[2])  # p1's first two cards
    swapped = text.replace(f"p1 {first}{third}", f"p1 {third}{first}", 1)
    assert swapped != text
    with pytest.raises(VerifyError, match=r"action 1 \(p1's card 1\)"):
        verify_text(swapped, "h.phh")


def test_a_salt_opens_only_its_own_card_at_its_own_position() -> None:
    salt = bytes(16)
    assert leaf(3, "Ah", salt) != leaf(3, "Ad", salt)
    assert leaf(3, "Ah", salt) != leaf(4, "Ah", salt)
    assert leaf(3, "Ah", salt) != leaf(3, "Ah", bytes([1]) + salt[1:])
    with pytest.raises(VerifyError, match="do not make _deck_root"):
        verify_proof("0" * 64, ["0" * 64] * 52, [], [""] * 52, [])
