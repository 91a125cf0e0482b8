"""A guest chooses a name of their own, and a player changes their password: the
account (and its bankroll) stays, and every session it had ends."""

from __future__ import annotations

import pytest

from stud.web.store import Store, StoreError


def test_a_guest_keeps_its_bankroll_under_a_name_it_chooses(store: Store) -> None:
    store.register("Ann", "secret1")
    first = store.guest()
    guest = store.account(first)
    assert guest is not None
    assert guest.guest
    with pytest.raises(StoreError, match="taken"):
        store.claim(guest.id, "ann", "secret2")  # looks like Ann's
    with pytest.raises(StoreError, match="at least 6"):
        store.claim(guest.id, "Bea", "short")
    new, ended = store.claim(guest.id, "Bea", "secret2")
    assert ended == [first]
    assert store.account(first) is None  # the guest's session ended
    bea = store.account(new)
    assert bea is not None
    assert (bea.id, bea.name, bea.guest, bea.bankroll) == (guest.id, "Bea", False, guest.bankroll)
    assert store.account(store.login("Bea", "secret2")) == bea
    with pytest.raises(StoreError, match="only a guest"):
        store.claim(bea.id, "Cat", "secret3")
    store.close()


def test_a_new_password_needs_the_present_one_and_ends_every_session(store: Store) -> None:
    desk = store.register("Ann", "secret1")
    phone = store.login("Ann", "secret1")
    ann = store.account(desk)
    assert ann is not None
    with pytest.raises(StoreError, match="wrong"):
        store.change_password(ann.id, "not-it", "secret2")
    with pytest.raises(StoreError, match="at least 6"):
        store.change_password(ann.id, "secret1", "short")
    assert store.account(phone) == ann  # a refused change ends nothing
    new, ended = store.change_password(ann.id, "secret1", "secret2")
    assert sorted(ended) == sorted([desk, phone])
    assert store.account(desk) is None
    assert store.account(phone) is None
    assert store.account(new) == ann
    with pytest.raises(StoreError, match="no such name and password"):
        store.login("Ann", "secret1")
    assert store.account(store.login("Ann", "secret2")) == ann
    guest = store.account(store.guest())
    assert guest is not None
    with pytest.raises(StoreError, match="a guest has no password"):
        store.change_password(guest.id, "", "secret3")
    store.close()
