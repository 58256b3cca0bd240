"""Another app's ids of our people: ``person_alias`` (BG Stats player uuids, BGG usernames).

A person matched from a BG Stats file keeps the uuid BG Stats knows them by (and a BGG
player their username): a later import of the same app's file finds them by it whatever
name they have there, and exports write it back, so BG Stats sees the same player, not a
new one. Existing databases start with none (their imports kept no foreign ids).

Revision ID: 0010_person_alias
Revises: 0009_table_rematch
Create Date: 2026-12-06 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_person_alias"
down_revision: str | None = "0009_table_rematch"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "person_alias",
        sa.Column("alias", sa.String(length=120), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("alias"),
    )
    op.create_index("ix_person_alias_person_id", "person_alias", ["person_id"])


def downgrade() -> None:
    op.drop_index("ix_person_alias_person_id", table_name="person_alias")
    op.drop_table("person_alias")
