"""A person id that never moves: ``person.uid``, kept through renames and merges; and
``seat.first_play``, each person's first play of a game judged once, at its first save.

BG Stats knows a player by ``sourcePlayerId`` (and a play file's player ``uuid``); until
now that was the name's key, so a rename made BG Stats see a new player, and a backup
moved to another database gave its people new ids. ``person.uid`` is given once, when the
person is first saved, and travels with every export (record ``history.people``,
docs/record-format.md). Backfilled with the id play files already used for the person:
``uuid5(<Forest Table namespace>, "player:<key>")`` in upper case (frozen here), so a
player BG Stats has seen keeps their identity. ``seat.first_play`` (BG Stats
``newPlayer``) stays NULL for games saved before: exports judge those from the database.

Revision ID: 0008_person_uid
Revises: 0007_complete_category_stats
Create Date: 2026-12-01 21:10:00
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_person_uid"
down_revision: str | None = "0007_complete_category_stats"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_NS = uuid.UUID("6f0d9a8e-3c1b-5d7e-9a40-f0a5e57ab1e0")  # app.store.exports' namespace


def upgrade() -> None:
    with op.batch_alter_table("person") as batch:
        batch.add_column(sa.Column("uid", sa.String(length=36), nullable=True))
    bind = op.get_bind()
    for pid, key in bind.execute(sa.text("SELECT id, key FROM person ORDER BY id")).all():
        uid = str(uuid.uuid5(_NS, f"player:{key}")).upper()
        bind.execute(sa.text("UPDATE person SET uid = :u WHERE id = :i"), {"u": uid, "i": pid})
    with op.batch_alter_table("person") as batch:
        batch.alter_column("uid", existing_type=sa.String(length=36), nullable=False)
        batch.create_index("ix_person_uid", ["uid"], unique=True)
    with op.batch_alter_table("seat") as batch:
        batch.add_column(sa.Column("first_play", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seat") as batch:
        batch.drop_column("first_play")
    with op.batch_alter_table("person") as batch:
        batch.drop_index("ix_person_uid")
        batch.drop_column("uid")
