"""Category averages over complete games only, in databases summarised before that rule.

Revision 0004 backfilled ``person_category_stat`` from every ``seat_category``
row, and the app then added a game's categories as it finished. Since then a
category average counts only the games whose total is known (finished, not
soft-deleted, scored: the same games as the average total), because an
incomplete sheet's known categories would make the averages disagree. A
database summarised before still counts the incomplete games' categories; this
revision recomputes the category summaries with the same SQL as
``app.store.summary.rebuild_stats`` (frozen here). The other summaries already
follow the rule.

Revision ID: 0007_complete_category_stats
Revises: 0006_keepable_history
Create Date: 2026-12-01 17:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0007_complete_category_stats"
down_revision: str | None = "0006_keepable_history"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("DELETE FROM person_category_stat")
    op.execute(
        "INSERT INTO person_category_stat (person_id, game, category, games, points_sum)"
        " SELECT c.person_id, c.game, c.category, COUNT(*), SUM(c.points)"
        " FROM seat_category c JOIN seat s ON s.id = c.seat_id"
        " WHERE s.finished AND s.total IS NOT NULL"
        " GROUP BY c.person_id, c.game, c.category")


def downgrade() -> None:
    """Nothing to undo: the summaries stay right under the older schema too."""
