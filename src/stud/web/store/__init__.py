"""The cardroom's storage, by concept: accounts, the chip ledger, tables and seats
(with their chat), hands, and tournaments, each a module of its own; ``Store`` is
the one interface over them.

The database is the one schema of stud's hands (``stud.storage.schema``), over
SQLite by default (a file, or memory for tests) or PostgreSQL (``postgresql://...``),
made and upgraded by its alembic migrations when a store opens. Every bankroll
change is ``ledger.move``: its ledger row in the same transaction, so the books
always balance (R8.1 across the server).
"""

from __future__ import annotations

from stud.storage.schema import (
    Account,
    Base,
    ChatRow,
    EntryRow,
    HandEvent,
    HandRow,
    Ledger,
    LoginSession,
    SeatRow,
    TableRow,
    TournamentRow,
    TournamentTableRow,
)
from stud.web.store.accounts import (
    SESSION_IDLE,
    SESSION_LIFETIME,
    AccountInfo,
    Accounts,
    hash_password,
    verify_password,
)
from stud.web.store.base import HOUSE, StoreError
from stud.web.store.hands import Hands, UnfinishedHand
from stud.web.store.ledger import GRANT, TOURNAMENT_REASONS, Books
from stud.web.store.seating import Seating
from stud.web.store.tournaments import Tournaments

__all__ = [
    "GRANT",
    "HOUSE",
    "SESSION_IDLE",
    "SESSION_LIFETIME",
    "TOURNAMENT_REASONS",
    "Account",
    "AccountInfo",
    "Base",
    "ChatRow",
    "EntryRow",
    "HandEvent",
    "HandRow",
    "Ledger",
    "LoginSession",
    "SeatRow",
    "Store",
    "StoreError",
    "TableRow",
    "TournamentRow",
    "TournamentTableRow",
    "UnfinishedHand",
    "hash_password",
    "verify_password",
]


class Store(Accounts, Books, Seating, Hands, Tournaments):
    """The cardroom's database: every concept's methods, each one transaction (or one
    write queued for the writer thread)."""
