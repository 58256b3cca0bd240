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


def _statements(n: int) -> list[str]:
    """The SQL statements an import of ``n`` games of the same two people sends."""
    import sqlalchemy as sa

    rec = json.loads((DATA / "guardians_basic_23.json").read_text())
    text = "\n".join(json.dumps(dict(rec, played_at="2026-01-01T00:00:00+09:00", seed=i))
                     for i in range(n))
    engine = open_engine("sqlite://")
    sent: list[str] = []

    def count(conn: object, cursor: object, statement: str, *args: object) -> None:
        sent.append(" ".join(statement.split()[:3]))

    try:
        with Store(engine).session() as s:  # (people known: only the games are counted)
            import_records(s, json.dumps(dict(rec, seed=10**9)))
        sa.event.listen(engine, "before_cursor_execute", count)
        with Store(engine).session() as s:
            assert len(import_records(s, text).imported) == n
    finally:
        engine.dispose()
    return sent


def test_each_imported_seat_is_written_once_in_few_statements() -> None:
    """3,000 records took 8.2 s (bench_import, target 8 s): a game of two was an ORM insert
    of the game and its seats, then an update of each seat (its first play and results),
    its people read twice: 10 statements and most of the time in the ORM's flushes. Now a
    seat is inserted whole, once: 7 statements (the game, its people, who played it before,
    one a seat, the category points, the record)."""
    n = 60
    sent = _statements(n)
    assert not [s for s in sent if s.startswith("UPDATE seat")], sent[:20]
    per_game = len(sent) / n
    assert per_game <= 7.25, (per_game, sorted(set(sent)))


def test_a_backup_asks_for_each_person_by_id_once() -> None:
    """A backup names each seat's person by id (history.people): the import looked each one
    up again for every game (two ORM queries a game of two); now once per person."""
    import sqlalchemy as sa

    from app.store.exchange import export_games, records_text

    rec = json.loads((DATA / "guardians_basic_23.json").read_text())
    n = 60
    text = "\n".join(json.dumps(dict(rec, played_at="2026-01-01T00:00:00+09:00", seed=i))
                     for i in range(n))
    home, away = open_engine("sqlite://"), open_engine("sqlite://")
    asked: list[str] = []

    def count(conn: object, cursor: object, statement: str, *args: object) -> None:
        if "person.uid =" in statement:
            asked.append(statement)

    try:
        with Store(home).session() as s:
            import_records(s, text)
            backup = records_text(list(export_games(s, deleted=True)))
        sa.event.listen(away, "before_cursor_execute", count)
        with Store(away).session() as s:
            assert len(import_records(s, backup).imported) == n
        with Store(away).session() as s:  # the same people, with their ids
            assert records_text(list(export_games(s, deleted=True))) == backup
    finally:
        home.dispose()
        away.dispose()
    assert len(asked) == 2, asked[:5]  # the two people, once each (before: 2 a game)


def test_an_sqlite_without_returning_imports_the_same() -> None:
    """SQLite before 3.35 (some Linux distributions' Python) has no RETURNING: the seats are
    then inserted one by one, with the same rows."""
    import re

    import sqlalchemy as sa

    from app.store.exchange import export_games, records_text
    from tests.app.test_exchange import sample_records

    text = "\n".join(json.dumps(r) for r in sample_records())
    out = []
    for returning in (True, False):
        engine = open_engine("sqlite://")
        engine.dialect.insert_returning = returning
        seats: list[str] = []

        def seen(conn: object, cursor: object, statement: str, *args: object,
                 seats: list[str] = seats) -> None:
            if statement.startswith("INSERT INTO seat "):
                seats.append(statement)

        sa.event.listen(engine, "before_cursor_execute", seen)
        try:
            with Store(engine).session() as s:
                assert len(import_records(s, text).imported) == len(sample_records())
                # (when each was imported: now, which may be another second)
                out.append(re.sub(r'"(entered|modified)":"[^"]*"', "", records_text(
                    list(export_games(s)))))
        finally:
            engine.dispose()
        assert seats and all(("RETURNING" in x) == returning for x in seats)
    assert out[0] == out[1]
