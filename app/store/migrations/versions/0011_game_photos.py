"""Photos of a game's final boards: ``game_photo``.

One row per photo; the picture itself is a file ``<uid>.jpg`` in the photos folder
beside the database (:mod:`app.store.photos`). Existing databases start with none.

Revision ID: 0011_game_photos
Revises: 0010_person_alias
Create Date: 2026-12-06 10:05:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011_game_photos"
down_revision: str | None = "0010_person_alias"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "game_photo",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("uid", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("uid"),
    )
    op.create_index("ix_game_photo_game_id", "game_photo", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_game_photo_game_id", table_name="game_photo")
    op.drop_table("game_photo")
