"""Table mode: hashed access tokens (host per server/table, one per seat).

Revision ID: 0003_table_tokens
Revises: 0002_history_indexes
Create Date: 2026-11-29 14:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_table_tokens"
down_revision: str | None = "0002_history_indexes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "table_token",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("revoked_at", TS, nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index("ix_table_token_game_seat", "table_token", ["game_id", "seat"])


def downgrade() -> None:
    op.drop_index("ix_table_token_game_seat", table_name="table_token")
    op.drop_table("table_token")
