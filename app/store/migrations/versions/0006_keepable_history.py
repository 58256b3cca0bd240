"""History people can keep: stable play ids, the record's own UTC offset, notes,
soft-delete, and the BGG ids of the games.

- ``game.play_uid``: the play's identity outside this database (BG Stats
  ``uuid``/``sourcePlayId``, BGG ``play_id``): the SHA-256 content fingerprint
  of the record as first saved, kept when the game is edited later.
  Backfilled from ``finished_record.fingerprint`` (two stored games with the
  same record get ``<fingerprint>`` and then ``sha256(fingerprint:N)``).
- ``game.utc_offset``: minutes east of UTC of the record's ``played_at``
  (dates are shown and exported in the record's own offset); backfilled from
  the records that carry one.
- ``game.notes``, ``game.deleted_at`` / ``game.deleted_status`` (soft delete
  with undo: the status before deletion).
- ``bgg_game``: the BoardGameGeek id of each game, entered once by the user.

Revision ID: 0006_keepable_history
Revises: 0005_record_json_text
Create Date: 2026-12-01 08:00:00
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0006_keepable_history"
down_revision: str | None = "0005_record_json_text"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _offset(played_at: Any) -> int | None:
    if not isinstance(played_at, str):
        return None
    try:
        dt = datetime.fromisoformat(played_at)
    except ValueError:
        return None
    off = dt.utcoffset()
    return None if off is None else int(off.total_seconds() // 60)


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("play_uid", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("utc_offset", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("notes", sa.Text(), nullable=True))
        batch.add_column(sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("deleted_status", sa.String(length=16), nullable=True))
        batch.create_index("ix_game_play_uid", ["play_uid"], unique=True)
    op.create_table(
        "bgg_game",
        sa.Column("game", sa.String(length=32), primary_key=True),
        sa.Column("bgg_id", sa.Integer(), nullable=False),
    )
    bind = op.get_bind()
    rows = bind.execute(sa.text(
        "SELECT g.id, r.fingerprint, r.record FROM game g JOIN finished_record r "
        "ON r.game_id = g.id ORDER BY g.id")).all()
    seen: set[str] = set()
    for gid, fp, record in rows:
        data = json.loads(record) if isinstance(record, str) else (record or {})
        if not fp:
            fp = hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":"),
                                           ensure_ascii=False).encode("utf-8")).hexdigest()
        uid, n = fp, 1
        while uid in seen:
            n += 1
            uid = hashlib.sha256(f"{fp}:{n}".encode()).hexdigest()
        seen.add(uid)
        bind.execute(sa.text("UPDATE game SET play_uid = :u, utc_offset = :o WHERE id = :i"),
                     {"u": uid, "o": _offset(data.get("played_at")), "i": gid})
    _rekey_people(bind)


def _rekey_people(bind: sa.Connection) -> None:
    """Person keys become ``app.names.name_key`` (NFKC: full-width Ｍｅｉ is Mei), frozen
    here. Two people whose new keys collide keep their old keys: merge them in History."""
    import unicodedata

    people = bind.execute(sa.text("SELECT id, name, key FROM person")).all()
    new = {pid: " ".join(unicodedata.normalize("NFKC", name).split()).casefold()
           for pid, name, _ in people}
    taken: dict[str, int] = {}
    for key in new.values():
        taken[key] = taken.get(key, 0) + 1
    for pid, _name, key in people:
        if new[pid] != key and taken[new[pid]] == 1:
            bind.execute(sa.text("UPDATE person SET key = :k WHERE id = :i"),
                         {"k": new[pid], "i": pid})


def downgrade() -> None:
    op.drop_table("bgg_game")
    with op.batch_alter_table("game") as batch:
        batch.drop_index("ix_game_play_uid")
        for column in ("deleted_status", "deleted_at", "notes", "utc_offset", "play_uid"):
            batch.drop_column(column)
