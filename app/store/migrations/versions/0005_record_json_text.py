"""Finished records as JSON text on PostgreSQL (was JSONB): a record keeps its key order.

JSONB re-orders an object's keys, so a record exported from PostgreSQL read
differently from the file it was imported from. SQLite stores JSON as text
already: nothing to do there. (Records saved before this keep JSONB's order.)

Revision ID: 0005_record_json_text
Revises: 0004_stats_summaries
Create Date: 2026-11-29 14:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0005_record_json_text"
down_revision: str | None = "0004_stats_summaries"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("record", "sheet")


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for column in COLUMNS:
        op.alter_column("finished_record", column, type_=sa.JSON(),
                        existing_type=postgresql.JSONB(), existing_nullable=False,
                        postgresql_using=f"{column}::json")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for column in COLUMNS:
        op.alter_column("finished_record", column, type_=postgresql.JSONB(),
                        existing_type=sa.JSON(), existing_nullable=False,
                        postgresql_using=f"{column}::jsonb")
