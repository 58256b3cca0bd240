"""Statistics summaries (per person, per pair) and record fingerprints, both backfilled.

A person's statistics then read a few primary-key rows instead of aggregating
every seat (benchmarks/bench_store.py: flat from 10,000 to 100,000 games);
import recognises records already stored by their fingerprint.

Revision ID: 0004_stats_summaries
Revises: 0003_table_tokens
Create Date: 2026-11-29 14:20:00
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_stats_summaries"
down_revision: str | None = "0003_table_tokens"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _person_fk(name: str) -> sa.Column[int]:
    return sa.Column(name, sa.Integer(), sa.ForeignKey("person.id"), nullable=False)


def upgrade() -> None:
    op.create_table(
        "person_game_stat",
        _person_fk("person_id"),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("scored_plays", sa.Integer(), nullable=False),
        sa.Column("total_sum", sa.BigInteger(), nullable=False),
        sa.Column("best", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("person_id", "game"),
    )
    op.create_table(
        "person_category_stat",
        _person_fk("person_id"),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("category", sa.String(length=40), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("points_sum", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("person_id", "game", "category"),
    )
    op.create_table(
        "person_character_stat",
        _person_fk("person_id"),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("character", sa.String(length=40), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("person_id", "game", "character"),
    )
    op.create_table(
        "pair_stat",
        _person_fk("person_a"),
        _person_fk("person_b"),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("a_wins", sa.Integer(), nullable=False),
        sa.Column("b_wins", sa.Integer(), nullable=False),
        sa.Column("scored", sa.Integer(), nullable=False),
        sa.Column("margin_sum", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("person_a", "person_b", "game"),
    )
    with op.batch_alter_table("finished_record") as batch:
        batch.add_column(sa.Column("fingerprint", sa.String(length=64), nullable=True))
        batch.create_index("ix_finished_record_fingerprint", ["fingerprint"])

    # backfill: the same SQL as app.store.summary.rebuild_stats (frozen here)
    win = "SUM(CASE WHEN {0}.winner THEN 1 ELSE 0 END)"
    op.execute(
        "INSERT INTO person_game_stat (person_id, game, plays, wins, scored_plays, total_sum, best)"
        f" SELECT person_id, game, COUNT(*), {win.format('seat')}, COUNT(total),"
        " COALESCE(SUM(total), 0), MAX(total) FROM seat WHERE seat.finished"
        " GROUP BY person_id, game")
    op.execute(
        "INSERT INTO person_character_stat (person_id, game, character, plays, wins)"
        f" SELECT person_id, game, COALESCE(character, ''), COUNT(*), {win.format('seat')}"
        " FROM seat WHERE seat.finished GROUP BY person_id, game, COALESCE(character, '')")
    op.execute(
        "INSERT INTO person_category_stat (person_id, game, category, games, points_sum)"
        " SELECT person_id, game, category, COUNT(*), SUM(points) FROM seat_category"
        " GROUP BY person_id, game, category")
    op.execute(
        "INSERT INTO pair_stat (person_a, person_b, game, games, a_wins, b_wins, scored,"
        " margin_sum)"
        f" SELECT a.person_id, b.person_id, a.game, COUNT(*), {win.format('a')},"
        f" {win.format('b')}, COUNT(a.total - b.total), COALESCE(SUM(a.total - b.total), 0)"
        " FROM seat a JOIN seat b ON b.game_id = a.game_id AND a.person_id < b.person_id"
        " WHERE a.finished GROUP BY a.person_id, b.person_id, a.game")

    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT game_id, record FROM finished_record")).all()
    for game_id, record in rows:
        data = json.loads(record) if isinstance(record, str | bytes) else record
        canon = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        conn.execute(sa.text("UPDATE finished_record SET fingerprint = :f WHERE game_id = :g"),
                     {"f": hashlib.sha256(canon.encode("utf-8")).hexdigest(), "g": game_id})


def downgrade() -> None:
    with op.batch_alter_table("finished_record") as batch:
        batch.drop_index("ix_finished_record_fingerprint")
        batch.drop_column("fingerprint")
    for table in ("pair_stat", "person_character_stat", "person_category_stat",
                  "person_game_stat"):
        op.drop_table(table)
