"""Store: migrations, engine settings, the session-facing CRUD."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel, select

from app.store import engine as engine_mod
from app.store import queries, tokens  # noqa: F401  (tokens: registers table_tokens in the metadata)
from app.store.crud import (
    DuplicateSeq,
    GameFinished,
    InvalidData,
    NotFound,
    append_command,
    create_game,
    fingerprint,
    finish_game,
    get_or_create_person,
    latest_state,
    load_log,
)
from app.store.engine import (
    current_revision,
    downgrade,
    head_revision,
    make_engine,
    open_engine,
    schema_transaction,
    upgrade,
)
from app.store.facade import Store
from app.store.models import FinishedRecord, GameRow, Person, Seat, SeatCategory
from tests.app.conftest import make_sheet

FIRST = "0001_base"


# --------------------------------------------------------------------------- migrations


def _schema_diff(engine: Engine) -> list[object]:
    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": True})
        return list(compare_metadata(ctx, SQLModel.metadata))


def test_empty_database_migrates_to_head(engine: Engine) -> None:
    assert current_revision(engine) == head_revision()
    assert _schema_diff(engine) == []


@pytest.mark.postgres
def test_postgres_migrates_to_head(pg_engine: Engine) -> None:
    assert current_revision(pg_engine) == head_revision()
    assert _schema_diff(pg_engine) == []


def _fill_first_revision(engine: Engine) -> None:
    """Data written with the first revision's schema (raw SQL: models may have moved on)."""
    now = datetime(2026, 1, 2, 3, 4, 5)
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO person (id, name, key, created_at) VALUES "
                          "(1, 'Mei', 'mei', :t), (2, 'Bo', 'bo', :t), "
                          # full width: one alone (re-keyed by 0006), one colliding with Mei
                          "(3, 'Ｋｅｎ', 'ｋｅｎ', :t), (4, 'Ｍｅｉ', 'ｍｅｉ', :t)"), {"t": now})
        c.execute(sa.text(
            "INSERT INTO game (id, game, options, seed, location, status, complete, source, "
            "created_at, updated_at, finished_at, played_at) VALUES "
            "(1, 'forest-guardians', '{\"advanced\": false}', 42, 'Home', 'finished', true, "
            "'app', :t, :t, :t, :t), "
            "(2, 'forestry', '{}', NULL, NULL, 'open', NULL, 'app', :t, :t, NULL, :t), "
            # finished with an incomplete sheet: its total is unknown, one category known
            "(3, 'forestry', '{}', NULL, NULL, 'finished', false, 'app', :t, :t, :t, :t)"),
            {"t": now})
        c.execute(sa.text(
            "INSERT INTO seat (id, game_id, person_id, seat, colour, character, game, finished, "
            "total, rank, winner) VALUES "
            "(1, 1, 1, 1, NULL, 'julia', 'forest-guardians', true, 20, 1, true), "
            "(2, 1, 2, 2, NULL, NULL, 'forest-guardians', true, 15, 2, false), "
            "(3, 2, 2, 1, 'red', NULL, 'forestry', false, NULL, NULL, false), "
            "(4, 3, 2, 1, 'blue', NULL, 'forestry', true, NULL, NULL, false)"))
        c.execute(sa.text(
            "INSERT INTO seat_category (seat_id, category, points, person_id, game) VALUES "
            "(1, 'trees', 20, 1, 'forest-guardians'), (2, 'trees', 15, 2, 'forest-guardians'), "
            "(4, 'trees', 3, 2, 'forestry')"))
        c.execute(sa.text("INSERT INTO command_log (game_id, seq, kind, payload, outcome, "
                          "created_at) VALUES (2, 1, 'SetCoins', '{\"coins\": 7}', NULL, :t)"),
                  {"t": now})
        c.execute(sa.text("INSERT INTO game_state (game_id, seq, state, updated_at) VALUES "
                          "(2, 1, '{\"v\": 1}', :t)"), {"t": now})
        c.execute(sa.text("INSERT INTO finished_record (game_id, record, sheet, created_at) "
                          "VALUES (1, '{\"game\": \"forest-guardians\", \"played_at\": "
                          "\"2026-01-02T12:04:05+09:00\"}', '{}', :t)"), {"t": now})
        c.execute(sa.text("INSERT INTO printed_value (\"table\", key, value, confirmed_at) "
                          "VALUES ('buildings_vp', '4', '5', :t)"), {"t": now})


def _check_upgraded(engine: Engine) -> None:
    assert current_revision(engine) == head_revision()
    assert _schema_diff(engine) == []
    st = Store(engine)
    assert st.latest_state(game_id=2).state == {"v": 1}  # type: ignore[union-attr]
    assert [e.kind for e in st.load_log(game_id=2)] == ["SetCoins"]
    assert st.get_printed() == {"buildings_vp": {"4": 5}}
    assert [(s.name, s.total, s.winner) for s in st.game_seats(game_id=1)] == [
        ("Mei", 20, True), ("Bo", 15, False)]
    with Session(engine) as s:  # revision 0002 backfilled the finished seats' played_at
        seats = s.exec(select(Seat).order_by(Seat.id)).all()
        played = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
        assert [x.played_at for x in seats] == [played] * 2 + [None, played]
        page = queries.history(s, person="Mei")
        assert [g.id for g in page.items] == [1] and page.items[0].winners == ("Mei",)
        # revision 0004 built the statistics summaries and the record fingerprints
        (mei,) = queries.person_stats(s, person="Mei")
        assert (mei.plays, mei.wins, mei.best_score, mei.characters[0].character) == (
            1, 1, 20, "julia")
        assert [(c.category, c.average) for c in mei.categories] == [("trees", 20.0)]
        # revision 0007: a category average counts complete games only (0004 counted Bo's
        # incomplete Forestry sheet's trees)
        bo = {x.game: x for x in queries.person_stats(s, person="Bo")}
        assert (bo["forestry"].plays, bo["forestry"].categories) == (1, ())
        assert [(c.category, c.average) for c in bo["forest-guardians"].categories] == [
            ("trees", 15.0)]
        h = queries.head_to_head(s, a="Bo", b="Mei")
        assert (h.games, h.a_wins, h.b_wins, h.average_margin) == (1, 0, 1, -5.0)
        fp = s.exec(select(FinishedRecord.fingerprint)).one()
        saved = {"game": "forest-guardians", "played_at": "2026-01-02T12:04:05+09:00"}
        assert fp == fingerprint(saved)
        # revision 0006: the play id is the record's fingerprint, the offset the record's,
        # person keys NFKC (Ｋｅｎ is ken now; Ｍｅｉ collides with Mei: kept, to be merged)
        g1 = s.get(GameRow, 1)
        assert g1 is not None and g1.play_uid == fp and g1.utc_offset == 9 * 60
        assert g1.status == "finished" and g1.notes is None and g1.deleted_at is None
        keys = dict(s.exec(sa.select(Person.id, Person.key)).all())  # type: ignore[call-overload]
        assert keys == {1: "mei", 2: "bo", 3: "ken", 4: "ｍｅｉ"}
        # revision 0008: every person has the id play files gave them (uuid5 of the key)
        uids = dict(s.exec(sa.select(Person.id, Person.uid)).all())  # type: ignore[call-overload]
        import uuid

        from app.store.crud import UID_NAMESPACE

        assert uids == {i: str(uuid.uuid5(UID_NAMESPACE, f"player:{k}")).upper()
                        for i, k in keys.items()}
    rec = st.get_record(game_id=1)
    assert rec is not None and rec.record == saved
    # the upgraded database keeps working: the next command of the open game
    st.append_command(game_id=2, seq=2, kind="SetCoins", payload={"coins": 8}, outcome=None,
                      state={"v": 2})
    assert st.latest_state(game_id=2).seq == 2  # type: ignore[union-attr]
    # revision 0009: a table's rematch is kept in the database (any process sends its
    # phones on); a later rematch of the same table replaces it
    from app.store.tokens import link_rematch, next_game

    with Session(engine) as s:
        assert next_game(s, game_id=2) is None
        link_rematch(s, game_id=2, next_game_id=3)
        link_rematch(s, game_id=2, next_game_id=1)
        assert next_game(s, game_id=2) == 1


def test_upgrade_from_first_revision_keeps_data(sqlite_path: str) -> None:
    eng = make_engine(f"sqlite:///{sqlite_path}")
    upgrade(eng, FIRST)
    assert current_revision(eng) == FIRST
    _fill_first_revision(eng)
    eng.dispose()
    eng = open_engine(f"sqlite:///{sqlite_path}")  # opening upgrades
    _check_upgraded(eng)
    eng.dispose()


@pytest.mark.postgres
def test_postgres_upgrade_from_first_revision_keeps_data(pg_schema_url: str) -> None:
    eng = make_engine(pg_schema_url)
    upgrade(eng, FIRST)
    _fill_first_revision(eng)
    with eng.begin() as c:  # explicit ids above: move the sequences on
        for t in ("person", "game", "seat"):
            c.execute(sa.text(f"SELECT setval('{t}_id_seq', (SELECT max(id) FROM {t}))"))
    eng.dispose()
    eng = open_engine(pg_schema_url)
    _check_upgraded(eng)
    eng.dispose()


def test_opening_twice_is_a_no_op(sqlite_path: str) -> None:
    url = f"sqlite:///{sqlite_path}"
    st = Store.open(url)
    g = st.create_game(game="forestry", players=["Mei"])
    st.engine.dispose()
    st = Store.open(url)
    assert st.get_game(game_id=g.id or 0) is not None  # type: ignore[union-attr]


# --------------------------------------------------------------------------- engine


def test_sqlite_file_uses_wal_foreign_keys_and_busy_timeout(file_engine: Engine) -> None:
    with file_engine.connect() as c:
        assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert c.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert c.exec_driver_sql("PRAGMA busy_timeout").scalar() == engine_mod.BUSY_TIMEOUT_MS


def test_foreign_keys_are_enforced(engine: Engine) -> None:
    with pytest.raises(IntegrityError), engine.begin() as c:
        c.execute(sa.text("INSERT INTO game_state (game_id, seq, state, updated_at) "
                          "VALUES (999, 0, '{}', '2026-01-01')"))


def test_default_location_follows_flet_storage(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert engine_mod.database_url() == f"sqlite:///{tmp_path / 'flet' / engine_mod.DB_FILENAME}"
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    url = engine_mod.database_url()
    assert url.startswith("sqlite:///") and "forest-table" in url
    # a mistyped directory is an error, never a new empty database (issue 15) ...
    with pytest.raises(engine_mod.DatabaseDirMissing, match="does not exist"):
        open_engine(f"sqlite:///{tmp_path / 'new' / 'dir' / 'db.sqlite3'}")
    assert not (tmp_path / "new").exists()
    # ... only the default data directory is created when needed
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "fresh" / "data"))
    eng = open_engine()
    assert (tmp_path / "fresh" / "data" / engine_mod.DB_FILENAME).exists()
    eng.dispose()


def test_home_directory_in_a_sqlite_url(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(engine_mod.DatabaseDirMissing):
        open_engine("sqlite:///~/games/forest.sqlite3")
    (tmp_path / "games").mkdir()
    eng = open_engine("sqlite:///~/games/forest.sqlite3")
    assert (tmp_path / "games" / "forest.sqlite3").exists()
    eng.dispose()


def test_database_url_selects_postgres_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://u:p@db/forest")
    assert engine_mod.database_url() == "postgresql+psycopg://u:p@db/forest"
    monkeypatch.setenv("DATABASE_URL", "sqlite:////tmp/x.sqlite3")
    assert engine_mod.database_url() == "sqlite:////tmp/x.sqlite3"


# --------------------------------------------------------------------------- CRUD


def test_log_and_snapshot(any_store: Store) -> None:
    st = any_store
    g = st.create_game(game="forestry", players=["Mei", {"name": "Bo", "colour": "red"}],
                       options={"mode": "standard"}, seed=2**40, state={"v": 0})
    assert g.id is not None and g.status == "open" and g.seed == 2**40
    assert g.created_at.tzinfo is not None
    assert st.latest_state(game_id=g.id).seq == 0  # type: ignore[union-attr]
    made = [st.append_command(game_id=g.id, seq=seq, kind="SetCoins", payload={"coins": seq},
                              outcome={"card": seq} if seq == 2 else None, state={"v": seq})
            for seq in (1, 2, 3)]
    log = st.load_log(game_id=g.id)
    # the entries it returns are the rows written (ids, times and all)
    assert [e.model_dump() for e in made] == [e.model_dump() for e in log]
    assert g.updated_at is not None and made[-1].created_at >= g.updated_at
    assert [(e.seq, e.payload, e.outcome) for e in log] == [
        (1, {"coins": 1}, None), (2, {"coins": 2}, {"card": 2}), (3, {"coins": 3}, None)]
    assert [e.seq for e in st.load_log(game_id=g.id, after=2)] == [3]
    snap = st.latest_state(game_id=g.id)
    assert snap is not None and (snap.seq, snap.state) == (3, {"v": 3})
    assert [g2.id for g2 in st.list_open_games()] == [g.id]


def test_duplicate_stale_or_gapped_seq_is_refused(any_store: Store) -> None:
    st = any_store
    g = st.create_game(game="forestry", players=["Mei"], state={"v": 0})
    assert g.id is not None
    st.append_command(game_id=g.id, seq=1, kind="A", payload={}, outcome=None, state={"v": 1})
    for seq in (1, 0, 3):
        with pytest.raises(DuplicateSeq) as err:
            st.append_command(game_id=g.id, seq=seq, kind="B", payload={}, outcome=None,
                              state={"v": 99})
        assert err.value.current == 1
    assert [e.kind for e in st.load_log(game_id=g.id)] == ["A"]
    assert st.latest_state(game_id=g.id).state == {"v": 1}  # type: ignore[union-attr]
    with pytest.raises(NotFound):
        st.append_command(game_id=12345, seq=1, kind="A", payload={}, outcome=None, state={})


def _race(engine: Engine, game_id: int, writers: int) -> list[str]:
    barrier = threading.Barrier(writers)
    results: list[str] = []
    lock = threading.Lock()

    def write(i: int) -> None:
        with Session(engine) as s:
            barrier.wait()
            try:
                append_command(s, game_id=game_id, seq=1, kind=f"w{i}", payload={}, outcome=None,
                               state={"writer": i})
                out = "ok"
            except DuplicateSeq:
                out = "dup"
        with lock:
            results.append(out)

    threads = [threading.Thread(target=write, args=(i,)) for i in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(results)


def _check_race(engine: Engine) -> None:
    with Session(engine) as s:
        g = create_game(s, game="forestry", players=["Mei"])
        assert g.id is not None
        gid = g.id
    assert _race(engine, gid, 4) == ["dup", "dup", "dup", "ok"]
    with Session(engine) as s:
        log = load_log(s, game_id=gid)
        snap = latest_state(s, game_id=gid)
        assert len(log) == 1 and snap is not None
        assert snap.state == {"writer": int(log[0].kind[1:])}  # the winner's snapshot


def test_two_writers_never_both_succeed_sqlite(file_engine: Engine) -> None:
    _check_race(file_engine)


@pytest.mark.postgres
def test_two_writers_never_both_succeed_postgres(pg_engine: Engine) -> None:
    _check_race(pg_engine)


def test_people_are_reused_by_name(session: Session) -> None:
    a = get_or_create_person(session, name="  Mei  Ling ")
    b = get_or_create_person(session, name="mei ling")
    assert a.id == b.id and a.name == "Mei Ling"
    with pytest.raises(InvalidData, match=r"players\[1\]\.name"):
        create_game(session, game="forestry", players=["Mei Ling", "MEI LING"])
    with pytest.raises(InvalidData):
        create_game(session, game="chess", players=["A"])
    with pytest.raises(InvalidData):
        create_game(session, game="forestry", players=["A", "B", "C", "D", "E"])
    g = create_game(session, game="forest-guardians", players=["Mei Ling", "Bo"])
    assert g.id is not None


def test_finish_game_writes_results_in_one_go(any_engine: Engine) -> None:
    with Session(any_engine, expire_on_commit=False) as s:
        g = create_game(s, game="forest-guardians",
                        players=[{"name": "Mei", "ranger": "julia"}, "Bo", "Ann"])
        assert g.id is not None
        append_command(s, game_id=g.id, seq=1, kind="A", payload={}, outcome=None, state={})
        record = {"format": "forest-table/record", "version": 1, "game": "forest-guardians",
                  "played_at": "2026-03-01T19:30:00+01:00", "location": "Club",
                  "players": [{"name": "Mei", "ranger": "julia"}, {"name": "Bo"},
                              {"name": "Ann"}]}
        sheet = make_sheet("forest-guardians", [
            ("Mei", {"trees": 10, "animals": 9}), ("Bo", {"trees": 12, "animals": 7}),
            ("Ann", {"trees": 5, "animals": 3})])
        done = finish_game(s, game_id=g.id, record=record, sheet=sheet)
        assert done.status == "finished" and done.complete is True
        assert done.played_at == datetime(2026, 3, 1, 18, 30, tzinfo=UTC)
        assert done.location == "Club"
        seats = s.exec(select(Seat).where(Seat.game_id == g.id).order_by(Seat.seat)).all()
        assert [(x.total, x.rank, x.winner, x.finished) for x in seats] == [
            (19, 1, True, True), (19, 1, True, True), (8, 3, False, True)]
        assert seats[0].character == "julia"
        cats = s.exec(select(SeatCategory).where(SeatCategory.seat_id == seats[1].id)).all()
        assert {c.category: c.points for c in cats} == {"trees": 12, "animals": 7}
        with pytest.raises(GameFinished):
            finish_game(s, game_id=g.id, record=record, sheet=sheet)
        with pytest.raises(GameFinished):
            append_command(s, game_id=g.id, seq=2, kind="A", payload={}, outcome=None, state={})


def test_finish_game_with_a_wrong_sheet_writes_nothing(session: Session) -> None:
    g = create_game(session, game="forest-guardians", players=["Mei", "Bo"])
    assert g.id is not None
    sheet = make_sheet("forest-guardians", [("Mei", {"trees": 1}), ("Zed", {"trees": 2})])
    with pytest.raises(InvalidData, match="Zed"):
        finish_game(session, game_id=g.id, record={"game": "forest-guardians"}, sheet=sheet)
    assert session.get(type(g), g.id).status == "open"  # type: ignore[union-attr]
    assert session.exec(select(SeatCategory)).all() == []


def test_incomplete_sheet_keeps_no_total(session: Session) -> None:
    g = create_game(session, game="forestry", players=["Mei"])
    assert g.id is not None
    sheet = make_sheet("forestry", [("Mei", {"score_track": 40})], complete=False)
    done = finish_game(session, game_id=g.id, record={"game": "forestry"}, sheet=sheet)
    assert done.complete is False
    seat = session.exec(select(Seat).where(Seat.game_id == g.id)).one()
    assert seat.total is None and seat.rank == 1


def test_printed_values(store: Store) -> None:
    assert store.get_printed() == {}
    store.confirm_printed(table="buildings_vp", key="4", value=5)
    store.confirm_printed(table="buildings_vp", key="4", value=6)  # a correction
    store.confirm_printed(table="detached_top_tie", key="spread", value=[8, 5, 1])
    assert store.get_printed() == {"buildings_vp": {"4": 6},
                                   "detached_top_tie": {"spread": [8, 5, 1]}}


def test_delete_game(store: Store) -> None:
    g = store.create_game(game="forestry", players=["Mei"])
    assert g.id is not None
    store.append_command(game_id=g.id, seq=1, kind="A", payload={}, outcome=None, state={})
    store.delete_game(game_id=g.id)
    assert store.get_game(game_id=g.id) is None and store.load_log(game_id=g.id) == []


def test_downgrade_and_upgrade_again(sqlite_path: str) -> None:
    eng = open_engine(f"sqlite:///{sqlite_path}")
    downgrade(eng, FIRST)
    assert current_revision(eng) == FIRST
    _fill_first_revision(eng)
    upgrade(eng)
    _check_upgraded(eng)
    eng.dispose()


def test_a_failed_schema_change_leaves_nothing_behind(file_engine: Engine) -> None:
    with pytest.raises(RuntimeError, match="boom"), schema_transaction(file_engine) as c:
        c.exec_driver_sql("CREATE TABLE half_done (x INTEGER)")
        c.exec_driver_sql("DROP TABLE printed_value")
        raise RuntimeError("boom")
    names = sa.inspect(file_engine).get_table_names()
    assert "half_done" not in names and "printed_value" in names
    with file_engine.connect() as c:
        assert c.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_recreating_a_parent_table_keeps_its_children(file_engine: Engine) -> None:
    """Batch mode drops and recreates a table: with foreign keys on, ON DELETE CASCADE
    would empty seat_category; schema changes run with them off (then checked)."""
    from alembic.operations import Operations

    st = Store(file_engine)
    g = st.create_game(game="forest-guardians", players=["Mei", "Bo"])
    assert g.id is not None
    st.finish_game(game_id=g.id, record={"game": "forest-guardians"},
                   sheet=make_sheet("forest-guardians", [("Mei", {"trees": 3}),
                                                         ("Bo", {"trees": 2})]))
    with schema_transaction(file_engine) as c:
        ops = Operations(MigrationContext.configure(c, opts={"render_as_batch": True}))
        with ops.batch_alter_table("seat", recreate="always") as batch:
            batch.alter_column("colour", existing_type=sa.String(32), type_=sa.String(40))
    with Session(file_engine) as s:
        assert len(s.exec(select(SeatCategory)).all()) == 2
        assert len(s.exec(select(Seat)).all()) == 2
