"""A table's next game in the database: ``table_rematch`` (old game -> its rematch).

A rematch keeps the table: every phone of the finished game is sent on to its own seat
at the new one. The link lived in the memory of the process that started the rematch,
so a phone served by another process (``serve --workers``, several machines) or coming
back after a restart stayed behind. One row per table that went on (a later rematch of
the same game replaces it); both games' rows go with them (``ON DELETE CASCADE``).

Revision ID: 0009_table_rematch
Revises: 0008_person_uid
Create Date: 2026-12-03 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009_table_rematch"
down_revision: str | None = "0008_person_uid"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "table_rematch",
        sa.Column("game_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("next_game_id", sa.Integer(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["next_game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )


def downgrade() -> None:
    op.drop_table("table_rematch")
