"""Table-mode access tokens: one host token per table (or per server) and one per seat.

Only the SHA-256 of a token is stored; the token itself exists in the join
link (and the QR code) and on the phone that opened it. Rows are never
deleted, only revoked, so the table's access history stays readable.

``game_id`` NULL with ``seat`` NULL is a *server* host token (every table,
creating games: the link ``forest-table serve`` prints); ``game_id`` set with
``seat`` NULL is that table's host token; ``seat`` set is that seat's token.

A revocation notifies the other server processes in its own transaction
(:mod:`app.store.notify`), and so does a rematch: :class:`TableRematch` links a
table to the game that followed it (revision ``0009_table_rematch``), so that any
process sends a phone of the old table on to its seat at the new one.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from datetime import datetime
from pathlib import Path

import sqlalchemy as sa
from sqlmodel import Field, Session, SQLModel, col, select

from app.bounds import Unreadable, read_bytes
from app.store.crud import transaction
from app.store.models import UTCDateTime, now_utc
from app.store.notify import REMATCH, REVOKED, News, notify


def token_hash(token: str) -> str:
    """The hex SHA-256 of a token (what the database keeps)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class TableToken(SQLModel, table=True):
    """An access token to a table (hashed). ``revoked_at`` set: no longer valid."""

    __tablename__ = "table_token"
    __table_args__ = (sa.Index("ix_table_token_game_seat", "game_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int | None = Field(
        default=None,
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"),
                            nullable=True),
    )
    seat: int | None = None  # 1-based seat; NULL: host
    token_hash: str = Field(max_length=64, sa_column_kwargs={"unique": True}, nullable=False)
    created_at: datetime = Field(sa_type=UTCDateTime, default_factory=now_utc,
                                 nullable=False)
    revoked_at: datetime | None = Field(sa_type=UTCDateTime, default=None,
                                        nullable=True)


def add_token(session: Session, *, token: str, game_id: int | None, seat: int | None
              ) -> TableToken:
    """Store the hash of a new token (commits)."""
    row = TableToken(game_id=game_id, seat=seat, token_hash=token_hash(token))
    with transaction(session):
        session.add(row)
    session.refresh(row)
    return row


def find_token(session: Session, *, token: str) -> TableToken | None:
    """The valid (not revoked) row of ``token``, or ``None``."""
    return session.exec(
        select(TableToken).where(TableToken.token_hash == token_hash(token),
                                 col(TableToken.revoked_at).is_(None))
    ).first()


def revoke_tokens(session: Session, *, game_id: int | None, seat: int | None,
                  keep: str | None = None) -> int:
    """Revoke every valid token of one seat (or of the host, ``seat`` None); commits.

    ``keep``: the text of one token of that seat that stays valid (the server host
    link kept across restarts, while older ones are revoked).
    """
    q = select(TableToken).where(col(TableToken.revoked_at).is_(None))
    if keep is not None:
        q = q.where(TableToken.token_hash != token_hash(keep))
    q = q.where(col(TableToken.game_id).is_(None) if game_id is None
                else TableToken.game_id == game_id)
    q = q.where(col(TableToken.seat).is_(None) if seat is None else TableToken.seat == seat)
    with transaction(session):
        rows = session.exec(q).all()
        now = now_utc()
        for row in rows:
            row.revoked_at = now
            session.add(row)
        if rows:
            notify(session, News(REVOKED, game_id, seat))  # the other processes, on commit
    return len(rows)


def valid_hashes(session: Session, *, game_id: int | None, seat: int | None
                 ) -> set[str]:
    """The hashes of every valid token of one seat (``game_id`` None: the server host)."""
    q = select(TableToken).where(col(TableToken.revoked_at).is_(None))
    q = q.where(col(TableToken.game_id).is_(None) if game_id is None
                else TableToken.game_id == game_id)
    q = q.where(col(TableToken.seat).is_(None) if seat is None else TableToken.seat == seat)
    return {r.token_hash for r in session.exec(q).all()}


def valid_among(session: Session, hashes: set[str]) -> set[str]:
    """Which of ``hashes`` are tokens that are still valid (not revoked, not deleted)."""
    if not hashes:
        return set()
    q = select(TableToken.token_hash).where(col(TableToken.token_hash).in_(sorted(hashes)),
                                            col(TableToken.revoked_at).is_(None))
    return set(session.exec(q).all())


# --------------------------------------------------------------------------- rematch


class TableRematch(SQLModel, table=True):
    """A table's next game (a rematch): its phones are sent on to the same seats there."""

    __tablename__ = "table_rematch"

    game_id: int = Field(sa_column=sa.Column(
        sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"), primary_key=True,
        autoincrement=False))
    next_game_id: int = Field(sa_column=sa.Column(
        sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"), nullable=False))
    created_at: datetime = Field(sa_type=UTCDateTime, default_factory=now_utc,
                                 nullable=False)


def link_rematch(session: Session, *, game_id: int, next_game_id: int) -> None:
    """Record that ``game_id``'s table goes on as ``next_game_id`` (a later rematch of the
    same table replaces it); the other server processes are told on commit."""
    with transaction(session):
        row = session.get(TableRematch, game_id)
        if row is None:
            row = TableRematch(game_id=game_id, next_game_id=next_game_id)
        else:
            row.next_game_id, row.created_at = next_game_id, now_utc()
        session.add(row)
        notify(session, News(REMATCH, game_id, next_game_id))


def next_game(session: Session, *, game_id: int) -> int | None:
    """The game ``game_id``'s table went on as (its rematch), if any."""
    row = session.get(TableRematch, game_id)
    return None if row is None else int(row.next_game_id)


# --------------------------------------------------------------------------- host link file

HOST_LINK_FILE = "host-link.token"


def read_host_token(directory: Path) -> str | None:
    """The server host token kept in ``directory`` (:data:`HOST_LINK_FILE`), or None.

    Only the hash is in the database; the text is kept in this file (mode 0600,
    beside the SQLite file) so that ``serve`` can print the same host link after a
    restart. Whoever can read that directory can read the database as well.
    """
    try:  # a token is at most 200 characters: a larger file is not one of ours
        text = read_bytes(str(directory / HOST_LINK_FILE), 4096).decode("ascii").strip()
    except (OSError, UnicodeDecodeError, Unreadable):
        return None
    return text if 10 <= len(text) <= 200 and text.isascii() else None


def write_host_token(directory: Path, token: str) -> None:
    """Keep ``token`` in ``directory`` (created if missing), readable by its owner only.

    Written to a temporary file first, then renamed over the old one: a crash leaves
    either the old link or the new one, never half of one.
    """
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = directory / f".{HOST_LINK_FILE}.{secrets.token_hex(4)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(token + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, directory / HOST_LINK_FILE)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
