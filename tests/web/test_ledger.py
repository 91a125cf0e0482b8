"""The ledger rule (R8.1 across the server): every bankroll change is the ledger's one
``move``, and the books check catches a change that skips it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from sqlalchemy import update
from web_harness import check_books, committed

import stud
from stud.storage.schema import Account, SeatRow
from stud.web.store import Store
from stud.web.store.seating import Seating

SRC = Path(stud.__file__).parent
LEDGER = SRC / "web" / "store" / "ledger.py"


def _sit_play_and_stand(store: Store) -> list[str]:
    """Ann buys in, wins 30 in a committed hand and stands: what the books say after."""
    table = store.create_table("t", "stud", "1/1/5/10", 6, bots=True)
    ann = store.account(store.register("Ann", "secret1"))
    assert ann is not None
    store.sit(table, 0, ann.id, 300)
    store.sit(table, 1, None, 200, bot="station", name="Station bot")
    hand = committed(
        store.save_start, table, "As" * 52, [0, 1], ["Ann", "Station bot"], [ann.id, 0], [300, 200]
    )
    committed(store.save_finish, hand, table, {0: 330, 1: 170}, 60, "phh")
    assert store.stand(table, 0) == 330
    return check_books(store)


def test_r8_1_standing_up_balances_the_books(store: Store) -> None:
    assert _sit_play_and_stand(store) == []
    store.close()


def test_r8_1_a_cash_out_that_skips_the_ledger_is_caught(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planted ``stand`` that credits the bankroll with no ledger row: the books check
    (what every chip test runs) names the account."""

    def stand_without_ledger(self: Seating, table_id: int, seat: int) -> int:
        with self._tx() as session:
            row = session.get(SeatRow, (table_id, seat))
            assert row is not None
            session.execute(
                update(Account)
                .where(Account.id == row.account_id)
                .values(bankroll=Account.bankroll + row.stack)
            )
            session.delete(row)
            return row.stack

    monkeypatch.setattr(Seating, "stand", stand_without_ledger)
    store = Store(db_url)
    try:
        assert _sit_play_and_stand(store) == ["Ann's bankroll is not its ledger's sum"]
    finally:
        store.close()


def test_r8_1_a_cash_out_that_loses_the_stack_is_caught(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planted ``stand`` that empties the seat and pays nothing: chips are lost, and the
    books check says how many."""

    def stand_paying_nothing(self: Seating, table_id: int, seat: int) -> int:
        with self._tx() as session:
            row = session.get(SeatRow, (table_id, seat))
            assert row is not None
            session.delete(row)
            return row.stack

    monkeypatch.setattr(Seating, "stand", stand_paying_nothing)
    store = Store(db_url)
    try:
        assert _sit_play_and_stand(store) == ["670 chips held, 1000 granted"]
    finally:
        store.close()


def _writes_a_bankroll(node: ast.AST) -> bool:
    """``update(Account)`` or an assignment to a ``.bankroll``: a bankroll changed."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "update":
        return any(getattr(arg, "id", None) == "Account" for arg in node.args)
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        targets = [node.target]
    return any(isinstance(t, ast.Attribute) and t.attr == "bankroll" for t in targets)


def test_r8_1_only_the_ledger_writes_a_bankroll() -> None:
    """No module of ``src/stud`` but the ledger's updates an account's bankroll."""
    writers = [
        f"{path.relative_to(SRC)}:{node.lineno}"
        for path in sorted(SRC.rglob("*.py"))
        if path != LEDGER
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if _writes_a_bankroll(node)
    ]
    assert writers == []
    assert any(_writes_a_bankroll(n) for n in ast.walk(ast.parse(LEDGER.read_text())))
