"""Accounts and their sign-in sessions: names, passwords (scrypt), guests, tokens."""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from stud.said import N_, Said
from stud.storage.schema import Account, LoginSession, now
from stud.web.names import NameRefusedError, check_name, name_key
from stud.web.store.base import StoreBase, StoreError
from stud.web.store.ledger import GRANT, move

__all__ = [
    "SESSION_IDLE",
    "SESSION_LIFETIME",
    "AccountInfo",
    "Accounts",
    "hash_password",
    "verify_password",
]

SESSION_LIFETIME = timedelta(days=30)
"""A session token ends this long after its sign-in, however much it is used."""
SESSION_IDLE = timedelta(days=7)
"""A session token ends once it has not been used for this long."""
_SEEN_EVERY = timedelta(minutes=5)
"""How stale a session's last use may be before a use writes it again: not one write
a request."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a session token looks like (``secrets.token_urlsafe``)."""

_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


def hash_password(password: str) -> str:
    """A salted scrypt hash (stdlib ``hashlib.scrypt``) with its parameters."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, **_SCRYPT)
    return f"scrypt${_SCRYPT['n']}${salt.hex()}${digest.hex()}"


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches a hash from ``hash_password`` (constant time)."""
    try:
        kind, n, salt, digest = stored.split("$")
        params = {**_SCRYPT, "n": int(n)}
        again = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), **params)
    except ValueError:
        return False
    return kind == "scrypt" and hmac.compare_digest(again.hex(), digest)


@functools.cache
def _dummy_hash() -> str:
    """A hash of no one's password, checked for a name that has none."""
    return hash_password(secrets.token_urlsafe(16))


def _check_password(password: str) -> None:
    if len(password) < 6:
        raise StoreError(Said(N_("a password has at least 6 characters")))


@dataclass(frozen=True, slots=True)
class AccountInfo:
    """Who a session belongs to."""

    id: int
    name: str
    guest: bool
    bankroll: int
    language: str | None = None
    """The page's language chosen on this account, if any."""


class Accounts(StoreBase):
    """Accounts, each with its first bankroll from the ledger, and their sessions.
    Hashing a password takes tens of milliseconds: callers on the event loop run
    these in a worker thread."""

    def _grant(self, session: Session, account: Account) -> None:
        move(session.connection(), account.id, GRANT, "grant")

    def _new_account(
        self, session: Session, name: str, password: str | None = None, guest: bool = False
    ) -> str:
        """A new account of ``name`` given its first bankroll (``_grant``), signed in:
        its session token."""
        account = Account(
            name=name, name_key=name_key(name), password=password, guest=guest, bankroll=0
        )
        session.add(account)
        session.flush()
        self._grant(session, account)
        return self._new_session(session, account)

    def _new_session(self, session: Session, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        session.add(LoginSession(token=token, account_id=account.id))
        return token

    def register(self, name: str, password: str) -> str:
        """A new account with its first bankroll; returns a session token. A name that
        looks like one taken (``stud.web.names``) is taken."""
        try:
            name = check_name(name)
        except NameRefusedError as error:
            raise StoreError(error.said or str(error)) from None
        _check_password(password)
        hashed = hash_password(password)
        try:
            with self._tx() as session:
                return self._new_account(session, name, password=hashed)
        except IntegrityError:
            raise StoreError(Said(N_('the name "{name}" is taken'), {"name": name})) from None

    def login(self, name: str, password: str) -> str:
        """A new session token for the right name and password."""
        dummy = _dummy_hash()
        with self._tx() as session:
            account = session.scalar(
                select(Account).where(Account.name_key == name_key(name))
            ) or session.scalar(select(Account).where(Account.name == name.strip()))
            stored = account.password if account is not None else None
            # A missing name costs the same hash as a wrong password: the time of an
            # answer must not tell which names have accounts.
            if not verify_password(password, stored or dummy) or stored is None:
                raise StoreError(Said(N_("no such name and password")))
            assert account is not None
            return self._new_session(session, account)

    def _rotated(self, session: Session, account: Account) -> tuple[str, list[str]]:
        """Every session of ``account`` ended, and a new one: its token, and the
        tokens ended (their connections are to close)."""
        rows = list(
            session.scalars(select(LoginSession).where(LoginSession.account_id == account.id))
        )
        for row in rows:
            session.delete(row)
        return self._new_session(session, account), [row.token for row in rows]

    def claim(self, account_id: int, name: str, password: str) -> tuple[str, list[str]]:
        """A guest's account kept, bankroll and all, under a name and password of the
        player's own: from now on it signs in as any registered account. Every session
        it had ends; returns the new session's token and the ended ones'."""
        try:
            name = check_name(name)
        except NameRefusedError as error:
            raise StoreError(str(error)) from None
        _check_password(password)
        hashed = hash_password(password)
        try:
            with self._tx() as session:
                account = session.get(Account, account_id)
                if account is None or not account.guest:
                    raise StoreError("only a guest chooses a name: yours is chosen")
                account.name, account.name_key = name, name_key(name)
                account.password, account.guest = hashed, False
                session.flush()
                return self._rotated(session, account)
        except IntegrityError:
            raise StoreError(f"the name {name!r} is taken") from None

    def change_password(self, account_id: int, old: str, new: str) -> tuple[str, list[str]]:
        """A new password for an account that gives its present one. Every session it
        had ends (a stolen token dies with the old password); returns the new
        session's token and the ended ones'."""
        _check_password(new)
        hashed = hash_password(new)
        with self._tx() as session:
            account = session.get(Account, account_id)
            if account is None or account.password is None:
                raise StoreError("a guest has no password: choose a name and password first")
            if not verify_password(old, account.password):
                raise StoreError("the present password is wrong")
            account.password = hashed
            return self._rotated(session, account)

    def guest(self) -> str:
        """A new guest account with its first bankroll; returns a session token."""
        for _ in range(5):  # a random name can be taken: draw again
            try:
                with self._tx() as session:
                    return self._new_account(session, f"guest-{secrets.token_hex(4)}", guest=True)
            except IntegrityError:
                continue
        raise StoreError(Said(N_("could not find a free guest name; try again")))

    def account(self, token: str | None) -> AccountInfo | None:
        """The account a live session token belongs to, if any: a token signed out, or
        past ``SESSION_LIFETIME`` since its sign-in or ``SESSION_IDLE`` since its last
        use, belongs to nobody (and is deleted)."""
        if not token or not _TOKEN.fullmatch(token):  # not one of ours: nothing to look up
            return None
        with self._tx() as session:
            row = session.get(LoginSession, token)
            if row is None:
                return None
            at = now()
            seen = row.seen_at or row.created_at
            if at - row.created_at > SESSION_LIFETIME or at - seen > SESSION_IDLE:
                session.delete(row)
                return None
            if at - seen > _SEEN_EVERY:
                row.seen_at = at
            account = session.get(Account, row.account_id)
            assert account is not None
            return AccountInfo(
                account.id, account.name, account.guest, account.bankroll, account.language
            )

    def set_language(self, account_id: int, language: str) -> None:
        """Keep the page's language chosen on an account (one of ``LANGUAGES``)."""
        with self._tx() as session:
            account = session.get(Account, account_id)
            assert account is not None
            account.language = language

    def logout(self, token: str | None) -> None:
        """End a session: its token belongs to nobody from now on."""
        if token and _TOKEN.fullmatch(token):
            with self._tx() as session:
                row = session.get(LoginSession, token)
                if row is not None:
                    session.delete(row)
