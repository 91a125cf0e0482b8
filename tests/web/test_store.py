"""The cardroom's storage on SQLite and on a real PostgreSQL: schema, accounts, chips."""

from __future__ import annotations

import asyncio
import threading

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from web_harness import check_books, committed

from stud.web.store import GRANT, Base, Store, StoreError, hash_password, verify_password


def test_migrations_make_exactly_the_models(store: Store) -> None:
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []
    store.close()


def test_opening_twice_keeps_the_data(tmp_path: object) -> None:
    path = f"{tmp_path}/again.sqlite3"
    first = Store(path)
    token = first.register("Ann", "secret1")
    first.close()
    again = Store(path)
    account = again.account(token)
    assert account is not None
    assert account.name == "Ann"


def test_passwords_are_salted_scrypt_hashes() -> None:
    stored = hash_password("hunter22")
    assert stored.startswith("scrypt$")
    assert "hunter22" not in stored
    assert stored != hash_password("hunter22")
    assert verify_password("hunter22", stored)
    assert not verify_password("hunter23", stored)
    assert not verify_password("x", "not a hash")


def test_accounts_register_log_in_and_refuse_wrong_passwords(store: Store) -> None:
    token = store.register("Ann", "secret1")
    account = store.account(token)
    assert account is not None
    assert (account.name, account.bankroll, account.guest) == ("Ann", GRANT, False)
    assert store.account(store.login("Ann", "secret1")) == account
    with pytest.raises(StoreError, match="no such name and password"):
        store.login("Ann", "wrong-one")
    with pytest.raises(StoreError, match="taken"):
        store.register("Ann", "another1")
    with pytest.raises(StoreError, match="reserved"):
        store.register("Guest 1", "another1")
    guest = store.account(store.guest())
    assert guest is not None
    assert guest.guest
    assert store.account("no such token") is None
    store.close()


def test_r8_1_chips_move_only_through_the_ledger(store: Store) -> None:
    table = store.create_table("t", "stud", "1/1/5/10", 6, bots=True)
    ann = store.account(store.register("Ann", "secret1"))
    assert ann is not None
    store.sit(table, 0, ann.id, 300)
    store.sit(table, 1, None, 200, bot="station", name="Station bot")
    with pytest.raises(StoreError, match="bankroll has 700"):
        store.sit(table, 2, ann.id, 800)
    with pytest.raises(StoreError, match="seat 1 is taken"):
        store.sit(table, 0, ann.id, 100)
    held, granted = store.chips()
    assert held == granted == GRANT
    hand = committed(
        store.save_start, table, "As" * 52, [0, 1], ["Ann", "Station bot"], [ann.id, 0], [300, 200]
    )
    committed(store.save_action, hand, 1, 0, {"action": "bring_in"}, timed_out=False)
    # Ann wins 30 from the bot: stacks change only when the hand is committed.
    committed(store.save_finish, hand, table, {0: 330, 1: 170}, 60, "phh")
    assert store.chips() == (GRANT, GRANT)
    assert store.stand(table, 0) == 330
    after = store.account(store.login("Ann", "secret1"))
    assert after is not None
    assert after.bankroll == GRANT - 300 + 330
    assert store.unfinished_hand(table) is None
    assert store.chips() == (GRANT, GRANT)
    store.close()


def test_an_unfinished_hand_keeps_its_deck_and_actions(store: Store) -> None:
    table = store.create_table("t", "razz", "1/1/5/10", 2, bots=False)
    hand = committed(store.save_start, table, "deck", [0, 1], ["a", "b"], [1, 2], [100, 100])
    committed(store.save_action, hand, 1, 1, {"action": "bring_in"}, timed_out=False)
    committed(store.save_action, hand, 2, 0, {"action": "complete", "to": 5}, timed_out=True)
    unfinished = store.unfinished_hand(table)
    assert unfinished is not None
    assert unfinished.deck == "deck"
    assert unfinished.actions == [
        (1, {"action": "bring_in"}, False),
        (0, {"action": "complete", "to": 5}, True),
    ]
    store.close()


def test_a_database_that_cannot_be_opened_is_one_clear_line(tmp_path: object) -> None:
    with pytest.raises(StoreError) as error:
        Store("postgresql://nobody@127.0.0.1:1/none")
    assert "cannot open the database" in str(error.value)
    assert "\n" not in str(error.value)


def test_r8_1_every_store_operation_that_moves_chips_writes_its_ledger_row(store: Store) -> None:
    """Sign-up, guest, buy-in (a person's and a bot's), a raked hand, cash-out,
    tournament entry, refund and prize: after each, every bankroll is the sum of its
    ledger rows and no chip is made or lost (``check_books``)."""
    ann = store.account(store.register("Ann", "secret1"))
    bob = store.account(store.guest())
    assert ann is not None
    assert bob is not None
    assert check_books(store) == []
    table = store.create_table("t", "stud", "1/1/5/10", 6, bots=True, rake="5%")
    store.sit(table, 0, ann.id, 300)
    store.sit(table, 1, None, 200, bot="station", name="Station bot 2")
    store.sit(table, 2, bob.id, 100)
    assert check_books(store) == []
    hand = committed(
        store.save_start, table, "As" * 52, [0, 1, 2], ["a", "b", "c"], [1, 2, 3], [1, 2, 3]
    )
    committed(store.save_finish, hand, table, {0: 357, 1: 140, 2: 100}, 60, "phh", rake=3)
    assert check_books(store) == []
    for seat, stack in ((0, 357), (1, 140), (2, 100)):
        assert store.stand(table, seat) == stack
        assert check_books(store) == []
    spec = {"players": 2, "buy_in": 50}
    tournament, first = store.create_tournament("s", spec, False, "stud", "1/1/5/10", 2)
    store.enter(tournament, ann.id)
    store.enter(tournament, bob.id)
    store.unenter(tournament, bob.id)
    store.enter(tournament, None, bot="station", name="Station bot 2")
    assert check_books(store) == []
    hand = committed(store.save_start, first, "As" * 52, [0, 1], ["a", "b"], [1, 2], [1, 2])
    store.finish_tournament_hand(hand, tournament, 0, "phh", {}, {0: 100}, over=True)
    assert check_books(store) == []
    after = store.account(store.login("Ann", "secret1"))
    assert after is not None
    assert after.bankroll == GRANT - 300 + 357 - 50 + 100
    store.close()


def test_r8_1_the_writers_rake_and_bot_buy_ins_at_once_lose_no_chip(store: Store) -> None:
    """The writer thread commits raked hands (each rake to the house) while threads
    seat and stand bots (each buy-in from the house, each stack back to it), all at
    once: on PostgreSQL their transactions overlap on the house's bankroll. No move
    may overwrite another: every bankroll is its ledger's sum, and no chip is made or
    lost (R8.1, R9.4)."""
    hands, threads, cycles = 300, 4, 40
    table = store.create_table("raked", "stud", "1/1/5/10", 2, bots=True, rake="5%")
    ann = store.account(store.guest())
    assert ann is not None
    store.sit(table, 0, ann.id, 1000)
    ids = [
        committed(store.save_start, table, "As" * 52, [0], ["a"], [ann.id], [1000])
        for _ in range(hands)
    ]
    bot_tables = [
        store.create_table(f"bots {n}", "stud", "1/1/5/10", 2, bots=True) for n in range(threads)
    ]
    store.sit(bot_tables[0], 0, None, 200, bot="station", name="Station bot 1")  # the house
    store.stand(bot_tables[0], 0)
    start = threading.Barrier(threads + 1)
    failures: list[BaseException] = []

    def seat_and_stand_bots(table_id: int) -> None:
        try:
            start.wait()
            for _ in range(cycles):
                store.sit(table_id, 0, None, 200, bot="station", name="Station bot 1")
                assert store.stand(table_id, 0) == 200
        except BaseException as error:  # handed to the test below
            failures.append(error)

    async def rake() -> None:
        await asyncio.to_thread(start.wait)
        for n, hand in enumerate(ids):
            await store.save_finish(hand, table, {0: 999 - n}, 1, "phh", rake=1)

    workers = [threading.Thread(target=seat_and_stand_bots, args=(t,)) for t in bot_tables]
    for worker in workers:
        worker.start()
    asyncio.run(rake())
    for worker in workers:
        worker.join()
    assert failures == []
    assert store.rake_taken() == hands
    assert check_books(store) == []
    store.close()
