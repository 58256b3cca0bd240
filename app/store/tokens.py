"""Table-mode access tokens: one host token per table (or per server) and one per seat.

Only the SHA-256 of a token is stored; the token itself exists in the join
link (and the QR code) and on the phone that opened it. Rows are never
deleted, only revoked, so the table's access history stays readable.

``game_id`` NULL with ``seat`` NULL is a *server* host token (every table,
creating games: the link ``forest-table serve`` prints); ``game_id`` set with
``seat`` NULL is that table's host token; ``seat`` set is that seat's token.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, Session, SQLModel, col, select

from app.store.models import UTCDateTime, now_utc


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
    created_at: datetime = Field(sa_type=UTCDateTime, default_factory=now_utc,  # type: ignore[call-overload]
                                 nullable=False)
    revoked_at: datetime | None = Field(sa_type=UTCDateTime, default=None,  # type: ignore[call-overload]
                                        nullable=True)


def add_token(session: Session, *, token: str, game_id: int | None, seat: int | None
              ) -> TableToken:
    """Store the hash of a new token (commits)."""
    row = TableToken(game_id=game_id, seat=seat, token_hash=token_hash(token))
    session.add(row)
    session.commit()
    session.refresh(row)
    return row


def find_token(session: Session, *, token: str) -> TableToken | None:
    """The valid (not revoked) row of ``token``, or ``None``."""
    return session.exec(
        select(TableToken).where(TableToken.token_hash == token_hash(token),
                                 col(TableToken.revoked_at).is_(None))
    ).first()


def revoke_tokens(session: Session, *, game_id: int | None, seat: int | None) -> int:
    """Revoke every valid token of one seat (or of the host, ``seat`` None); commits."""
    q = select(TableToken).where(col(TableToken.revoked_at).is_(None))
    q = q.where(col(TableToken.game_id).is_(None) if game_id is None
                else TableToken.game_id == game_id)
    q = q.where(col(TableToken.seat).is_(None) if seat is None else TableToken.seat == seat)
    rows = session.exec(q).all()
    now = now_utc()
    for row in rows:
        row.revoked_at = now
        session.add(row)
    session.commit()
    return len(rows)


def list_tokens(session: Session, *, game_id: int) -> list[TableToken]:
    """Every token row of a table, oldest first (revoked ones included)."""
    return list(session.exec(select(TableToken).where(TableToken.game_id == game_id)
                             .order_by(col(TableToken.id))).all())
