"""Base tables: people, games, seats, category points, command log, state, printed values, records.

Revision ID: 0001_base
Revises:
Create Date: 2026-11-29 13:44:29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001_base"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "person",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("key"),
    )
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("options", JSON, nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("location", sa.String(length=200), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("complete", sa.Boolean(), nullable=True),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.Column("finished_at", TS, nullable=True),
        sa.Column("played_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "printed_value",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table", sa.String(length=64), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("value", JSON, nullable=False),
        sa.Column("confirmed_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table", "key", name="uq_printed_value_table_key"),
    )
    op.create_table(
        "command_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=64), nullable=False),
        sa.Column("payload", JSON, nullable=False),
        sa.Column("outcome", JSON, nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seq", name="uq_command_log_game_seq"),
    )
    op.create_table(
        "finished_record",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("record", JSON, nullable=False),
        sa.Column("sheet", JSON, nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_table(
        "game_state",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("state", JSON, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_table(
        "seat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("colour", sa.String(length=32), nullable=True),
        sa.Column("character", sa.String(length=40), nullable=True),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=True),
        sa.Column("rank", sa.Integer(), nullable=True),
        sa.Column("winner", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seat", name="uq_seat_game_seat"),
    )
    op.create_table(
        "seat_category",
        sa.Column("seat_id", sa.Integer(), nullable=False),
        sa.Column("category", sa.String(length=40), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.ForeignKeyConstraint(["seat_id"], ["seat.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("seat_id", "category"),
    )


def downgrade() -> None:
    op.drop_table("seat_category")
    op.drop_table("seat")
    op.drop_table("game_state")
    op.drop_table("finished_record")
    op.drop_table("command_log")
    op.drop_table("printed_value")
    op.drop_table("game")
    op.drop_table("person")
