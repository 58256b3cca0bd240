"""Importing many records costs in proportion to their number (issue 34: 3,000 records
took 23 s of CPU). Judging each seat's first play fetched every earlier seat of that
person (the ORM reads all rows before ``.first()``): an import of n games of the same
people did n² of work. Measured as SQLite's own work (virtual machine steps, counted by
its progress handler): deterministic, unlike a time on a shared machine."""

from __future__ import annotations

import json
from pathlib import Path

from app.store.engine import open_engine
from app.store.exchange import import_records
from app.store.facade import Store

DATA = Path(__file__).parents[1] / "data" / "records"


def _steps(n: int) -> int:
    """SQLite's steps (in hundreds) to import ``n`` games of the same two people."""
    rec = json.loads((DATA / "guardians_basic_23.json").read_text())
    text = "\n".join(json.dumps(dict(rec, played_at="2026-01-01T00:00:00+09:00", seed=i))
                     for i in range(n))
    engine = open_engine("sqlite://")  # one connection (StaticPool): the one counted
    steps = [0]

    def tick() -> int:
        steps[0] += 1
        return 0

    try:
        with engine.connect() as conn:
            raw = conn.connection.driver_connection
            raw.set_progress_handler(tick, 100)  # type: ignore[union-attr]
            with Store(engine).session() as s:
                assert len(import_records(s, text).imported) == n
            raw.set_progress_handler(None, 0)  # type: ignore[union-attr]
    finally:
        engine.dispose()
    return steps[0]


def test_import_work_grows_in_proportion_to_the_games() -> None:
    small, large = _steps(100), _steps(400)
    assert large / small < 5, (small, large)  # 4 times the games: about 4 times the work
