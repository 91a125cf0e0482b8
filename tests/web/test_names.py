"""Account names that could pass for another are refused: case, width, spaces,
look-alike letters of other scripts (UTS #39), and the names the cardroom gives."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from sqlalchemy import insert

from stud.web.names import NameRefusedError, check_name, name_key
from stud.web.store import Account, Store, StoreError, hash_password

WIDE_ALICE = "\uff21\uff4c\uff49\uff43\uff45"
"""Alice in full-width letters."""


@pytest.mark.parametrize(
    "twin",
    [
        "alice",  # case
        "ALICE",
        WIDE_ALICE,  # full-width letters
        "A1ice",  # a digit that looks like the letter
    ],
)
def test_a_name_that_looks_like_one_taken_is_taken(store: Store, twin: str) -> None:
    store.register("Alice", "secret1")
    with pytest.raises(StoreError, match="is taken"):
        store.register(twin, "secret1")
    store.close()


def test_runs_of_spaces_are_one_space(store: Store) -> None:
    token = store.register("Ann  Lee", "secret1")
    account = store.account(token)
    assert account is not None
    assert account.name == "Ann Lee"
    with pytest.raises(StoreError, match="is taken"):
        store.register(" Ann Lee ", "secret1")
    store.close()


@pytest.mark.parametrize(
    "name",
    [
        "\u0430lice",  # Cyrillic a, Latin rest
        "\u0397ouse",  # Greek Eta
        "Gu\u0435st 1",  # Cyrillic e
        "B\u03bfb",  # Greek omicron
    ],
)
def test_mixed_script_confusables_are_refused(name: str) -> None:
    with pytest.raises(NameRefusedError, match="mixes scripts"):
        check_name(name)


@pytest.mark.parametrize(
    "name", ["Tight bot 1", "observer", "Observer 2", "House", "HOUSE_1", "Guest 1", "guest_7"]
)
def test_names_that_could_pass_for_the_house_a_bot_a_guest_or_an_observer_are_reserved(
    name: str,
) -> None:
    with pytest.raises(NameRefusedError, match="reserved"):
        check_name(name)


@pytest.mark.parametrize("name", ["Zoë", "Jürgen", "Иван", "Ἀλέξης", "李小龙", "Robert", "Abbot"])
def test_names_in_one_script_are_welcome(name: str) -> None:
    assert check_name(name) == name


def test_a_whole_script_look_alike_shares_the_key() -> None:
    # All Cyrillic (one script, so not mixed) yet drawn as the Latin "ace".
    assert name_key("\u0430\u0441\u0435") == name_key("ace")
    assert name_key("Ace") == name_key("ace")


def test_sign_in_ignores_case_and_width_and_finds_older_unkeyed_names(store: Store) -> None:
    store.register("Alice", "secret1")
    assert store.account(store.login("alice", "secret1")) is not None
    assert store.account(store.login(WIDE_ALICE, "secret1")) is not None
    with store._tx() as session:  # an account from before name keys, left without one
        session.execute(
            insert(Account).values(
                name="Bob", password=hash_password("secret2"), guest=False, bankroll=0
            )
        )
    assert store.account(store.login("Bob", "secret2")) is not None
    store.close()


def test_a_missing_name_costs_the_same_hash_as_a_wrong_password(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.register("Alice", "secret1")
    with pytest.raises(StoreError):
        store.login("Nobody", "secret1")  # the first miss may make the stand-in hash
    hashes = 0
    scrypt = hashlib.scrypt

    def counted(*args: Any, **kwargs: Any) -> bytes:
        nonlocal hashes
        hashes += 1
        return scrypt(*args, **kwargs)

    monkeypatch.setattr(hashlib, "scrypt", counted)
    for name in ("Alice", "Nobody"):  # a wrong password, then a name with no account
        hashes = 0
        with pytest.raises(StoreError, match="no such name and password"):
            store.login(name, "wrong password")
        assert hashes == 1, name
    store.close()
