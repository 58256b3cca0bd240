"""History and statistics: seat.played_at (backfilled) and the indexes the queries use.

Measured with benchmarks/bench_store.py: without these, a person's statistics
and deep history pages took over 200 ms at 100,000 games.

Revision ID: 0002_history_indexes
Revises: 0001_base
Create Date: 2026-11-29 14:05:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_history_indexes"
down_revision: str | None = "0001_base"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES: dict[str, tuple[str, list[str]]] = {
    "ix_game_status_played": ("game", ["status", "played_at", "id"]),
    "ix_game_kind_status_played": ("game", ["game", "status", "played_at", "id"]),
    "ix_seat_person_stats": ("seat", ["person_id", "finished", "game", "character", "winner",
                                      "total"]),
    "ix_seat_person_played": ("seat", ["person_id", "finished", "played_at", "game_id"]),
    "ix_seat_person_kind_played": ("seat", ["person_id", "finished", "game", "played_at",
                                            "game_id"]),
    "ix_seat_game_person": ("seat", ["game_id", "person_id", "winner", "total"]),
    "ix_seat_category_person": ("seat_category", ["person_id", "game", "category", "points"]),
}


def upgrade() -> None:
    with op.batch_alter_table("seat") as batch:
        batch.add_column(sa.Column("played_at", sa.DateTime(timezone=True), nullable=True))
    # finished seats carry their game's played_at (the history of one person is a seat scan)
    op.execute(
        "UPDATE seat SET played_at = (SELECT game.played_at FROM game WHERE game.id = seat.game_id)"
        " WHERE finished"
    )
    for name, (table, columns) in INDEXES.items():
        op.create_index(name, table, columns)


def downgrade() -> None:
    for name, (table, _columns) in INDEXES.items():
        op.drop_index(name, table_name=table)
    with op.batch_alter_table("seat") as batch:
        batch.drop_column("played_at")
