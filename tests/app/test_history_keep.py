"""A history people can keep (issue 15): edit and rescore, soft delete and undo, rename and
merge people (NFKC), notes, BGG ids — through the store and through the app (no Flutter)."""

from __future__ import annotations

import asyncio
import json

import flet as ft
import pytest

from app.store import crud, queries
from app.store.exchange import export_games, import_records
from app.store.facade import Store
from app.store.models import Person
from tests.app.flet_harness import by_id, semantics_ids, start_app
from tests.app.flet_harness import tap as _tap
from tests.app.test_exchange import load
from tests.app.test_queries import _assert_summaries_match_rebuild


async def tap(client, identifier: str) -> None:  # type: ignore[no-untyped-def]
    await _tap(client, identifier)
    client.session.get_page_patch()  # index what the tap drew


def _guardians(played_at: str, a: str = "Mei", b: str = "Ken") -> dict:
    rec = load("guardians_basic_23.json")  # Mei 23 beats Ken 13
    rec["played_at"] = played_at
    rec["players"][0]["name"], rec["players"][1]["name"] = a, b
    return rec


def _import(store: Store, *records: dict) -> tuple[int, ...]:
    with store.session() as s:
        return import_records(s, "".join(json.dumps(r) + "\n" for r in records)).imported


def _stats(store: Store, name: str) -> tuple[int, int]:
    with store.session() as s:
        (st,) = queries.person_stats(s, person=name)
        return st.plays, st.wins


def test_edit_a_finished_game_rescores_and_keeps_its_play_id(store: Store) -> None:
    (gid,) = _import(store, _guardians("2026-05-02T00:30:00+09:00"))
    with store.session() as s:
        (before,) = list(export_games(s))
        crud.edit_finished_game(s, game_id=gid, played_at="2026-05-03T21:00+02:00",
                                location="Kyoto", notes="close game",
                                names=["Ｍｅｉ", "Aiko"])
        (after,) = list(export_games(s))
        g = queries.game_summary(s, game_id=gid)
    assert after.play_id == before.play_id  # the same play, corrected
    assert after.record["played_at"] == "2026-05-03T21:00:00+02:00"
    assert after.record["location"] == "Kyoto"
    assert [p["name"] for p in after.record["players"]] == ["Mei", "Aiko"]  # NFKC
    assert g is not None and g.notes == "close game"
    assert g.local_played_at.isoformat() == "2026-05-03T21:00:00+02:00"
    assert [(p.name, p.total, p.winner) for p in g.players] == [("Mei", 23, True),
                                                                  ("Aiko", 13, False)]
    assert _stats(store, "Aiko") == (1, 0)
    with store.session() as s:
        assert all(st.plays == 0 for st in queries.person_stats(s, person="Ken"))
        _assert_summaries_match_rebuild(s.get_bind())
        with pytest.raises(crud.KeepRefusal) as bad:
            crud.edit_finished_game(s, game_id=gid, played_at="yesterday")
        assert (bad.value.code, bad.value.field) == (crud.KeepCode.BAD_DATE, "played_at")
        assert bad.value.text() == "played_at: not a date and time (got yesterday; e.g. " \
            "2026-05-02T00:30+09:00)"
        assert "played_at" in bad.value.text("ja")
        with pytest.raises(ValueError, match="players\\[1\\].name"):
            crud.edit_finished_game(s, game_id=gid, names=["Mei", "Bo\u202e"])
        with pytest.raises(crud.InvalidData) as same:  # (a KeepRefusal is an InvalidData)
            crud.edit_finished_game(s, game_id=gid, names=["Mei", "MEI"])
        assert same.value.code == crud.KeepCode.SAME_PERSON  # type: ignore[attr-defined]
        # nothing of a refused edit was written
        assert queries.game_summary(s, game_id=gid).location == "Kyoto"  # type: ignore


def test_soft_delete_and_undo(store: Store) -> None:
    first, second = _import(store, _guardians("2026-01-01T10:00:00+00:00"),
                            _guardians("2026-01-02T10:00:00+00:00", "Ken", "Mei"))
    assert _stats(store, "Mei") == (2, 1)  # Ken won the second
    with store.session() as s:
        crud.soft_delete_game(s, game_id=first)
        assert [g.id for g in queries.history(s).items] == [second]
        assert [g.id for g in queries.history(s, status=None).items] == [second]
        assert [g.id for g in export_games(s)] == [second]
        _assert_summaries_match_rebuild(s.get_bind())
    assert _stats(store, "Mei") == (1, 0)
    with store.session() as s:
        crud.restore_game(s, game_id=first)
        assert [g.id for g in queries.history(s).items] == [second, first]
        _assert_summaries_match_rebuild(s.get_bind())
    assert _stats(store, "Mei") == (2, 1)  # Ken won the second


def test_abandon_an_open_game_and_undo(store: Store) -> None:
    g = store.create_game(game="forest-guardians", players=["Mei", "Ken"])
    assert g.id is not None
    with store.session() as s:
        crud.soft_delete_game(s, game_id=g.id)
        assert queries.history(s, status=None).items == ()
        with pytest.raises(crud.GameFinished):
            crud.append_command(s, game_id=g.id, seq=1, kind="x", payload={}, outcome=None,
                                state={})
        crud.restore_game(s, game_id=g.id)
        assert [x.status for x in queries.history(s, status=None).items] == ["open"]


def test_rename_and_merge_people(store: Store) -> None:
    _import(store, _guardians("2026-01-01T10:00:00+00:00"),
            _guardians("2026-01-02T10:00:00+00:00", "Meiko", "Ken"))
    with store.session() as s:
        mei = crud.get_person(s, name="mei")
        meiko = crud.get_person(s, name="Meiko")
        assert mei and meiko and mei.id and meiko.id
        with pytest.raises(crud.KeepRefusal) as taken:
            crud.rename_person(s, person_id=meiko.id, name="ＭＥＩ")  # the same key: merge
        assert taken.value.code == crud.KeepCode.NAME_TAKEN
        crud.merge_people(s, source_id=meiko.id, target_id=mei.id)
        assert s.get(Person, meiko.id) is None
        _assert_summaries_match_rebuild(s.get_bind())
        ken = crud.get_person(s, name="Ken")
        assert ken is not None and ken.id is not None
        with pytest.raises(crud.KeepRefusal) as both:
            crud.merge_people(s, source_id=ken.id, target_id=mei.id)
        assert both.value.code == crud.KeepCode.MERGE_SAME_TABLE
        assert "same table" in both.value.text()
        crud.rename_person(s, person_id=mei.id, name="  Mei   Tanaka ")
        assert crud.get_person(s, name="mei tanaka") is not None
    assert _stats(store, "Mei Tanaka") == (2, 2)


def test_bgg_ids(store: Store) -> None:
    with store.session() as s:
        assert crud.get_bgg_ids(s) == {}
        crud.set_bgg_id(s, game="forestry", bgg_id=42)
        assert crud.get_bgg_ids(s) == {"forestry": 42}
        with pytest.raises(crud.InvalidData):
            crud.set_bgg_id(s, game="forestry", bgg_id=-1)
        crud.set_bgg_id(s, game="forestry", bgg_id=None)
        assert crud.get_bgg_ids(s) == {}


# --------------------------------------------------------------------------- through the app


def test_history_delete_is_confirmed_and_undone(svc) -> None:  # type: ignore[no-untyped-def]
    (gid,) = _import(svc.store, _guardians("2026-01-01T10:00:00+00:00"))

    async def go() -> None:
        client, app = await start_app()
        await tap(client, "home-history")
        await tap(client, f"history-manage-{gid}")
        assert app.route == "played"
        await tap(client, "played-delete")
        assert "played-delete-confirm" in semantics_ids(client)
        with svc.store.session() as s:  # asked, not done
            assert queries.history(s).items
        await tap(client, "played-delete-yes")
        assert app.route == "history"
        assert f"history-game-{gid}" not in semantics_ids(client)
        await tap(client, "history-undo")
        assert f"history-game-{gid}" in semantics_ids(client)
        assert "history-undo-banner" not in semantics_ids(client)
        assert not client.crashes()

    asyncio.run(go())


def test_edit_through_the_app(svc) -> None:  # type: ignore[no-untyped-def]
    (gid,) = _import(svc.store, _guardians("2026-05-02T00:30:00+09:00"))

    async def go() -> None:
        client, app = await start_app()
        await tap(client, "home-history")
        assert any("2026-05-02" in str(v) for v in client.texts())  # the record's own date
        await tap(client, f"history-manage-{gid}")
        await client.type(by_id(client, "played-location"), "Osaka")
        await client.type(by_id(client, "played-name-2"), "\u202eKen")
        await tap(client, "played-save")
        err = by_id(client, "played-error")
        assert isinstance(err, ft.Text) and "players[1].name" in str(err.value)
        await client.type(by_id(client, "played-name-2"), "Aiko")
        await tap(client, "played-save")
        assert "played-saved" in semantics_ids(client)
        assert not client.crashes()

    asyncio.run(go())
    with svc.store.session() as s:
        g = queries.game_summary(s, game_id=gid)
    assert g is not None and g.location == "Osaka" and g.players[1].name == "Aiko"


def test_people_merge_through_the_app(svc) -> None:  # type: ignore[no-untyped-def]
    _import(svc.store, _guardians("2026-01-01T10:00:00+00:00"),
            _guardians("2026-01-02T10:00:00+00:00", "Meiko", "Ken"))
    with svc.store.session() as s:
        ids = {p.name: p.id for p in crud.list_people(s)}

    async def go() -> None:
        client, app = await start_app()
        await tap(client, "home-history")
        await tap(client, "history-people")
        assert app.route == "people"
        await tap(client, f"people-merge-{ids['Meiko']}")
        await tap(client, f"people-into-{ids['Mei']}")
        assert "people-merge-confirm" in semantics_ids(client)
        await tap(client, "people-merge-yes")
        assert f"people-{ids['Meiko']}" not in semantics_ids(client)
        assert not client.crashes()

    asyncio.run(go())
    assert _stats(svc.store, "Mei") == (2, 2)


def test_abandon_an_open_game_through_the_app(svc) -> None:  # type: ignore[no-untyped-def]
    g = svc.store.create_game(game="forest-guardians", players=["Mei", "Ken"])

    async def go() -> None:
        client, app = await start_app()
        app.go("played", game_id=g.id)
        client.session.get_page_patch()
        assert "played-save" not in semantics_ids(client)  # nothing to edit: not finished
        await tap(client, "played-delete")
        await tap(client, "played-delete-yes")
        with svc.store.session() as s:
            assert queries.history(s, status=None).items == ()
        assert "history-undo-banner" in semantics_ids(client)
        await tap(client, "history-undo")
        assert not client.crashes()

    asyncio.run(go())
    with svc.store.session() as s:
        assert [x.status for x in queries.history(s, status=None).items] == ["open"]


@pytest.mark.postgres
def test_edit_delete_merge_on_postgres(pg_engine) -> None:  # type: ignore[no-untyped-def]
    store = Store(pg_engine)
    first, second = _import(store, _guardians("2026-05-02T00:30:00+09:00"),
                            _guardians("2026-05-03T00:30:00+09:00", "Meiko", "Ken"))
    with store.session() as s:
        (before, _) = list(export_games(s))
        crud.edit_finished_game(s, game_id=first, location="Kyoto", names=["Mei", "Aiko"])
        (after, _) = list(export_games(s))
        assert after.play_id == before.play_id and after.record["location"] == "Kyoto"
        assert queries.game_summary(s, game_id=first).local_played_at.isoformat() \
            == "2026-05-02T00:30:00+09:00"  # type: ignore[union-attr]
        crud.soft_delete_game(s, game_id=second)
        assert [g.id for g in queries.history(s).items] == [first]
        crud.restore_game(s, game_id=second)
        mei, meiko = crud.get_person(s, name="Mei"), crud.get_person(s, name="Meiko")
        assert mei and meiko and mei.id and meiko.id
        crud.merge_people(s, source_id=meiko.id, target_id=mei.id)
        crud.set_bgg_id(s, game="forest-guardians", bgg_id=99)
        assert crud.get_bgg_ids(s) == {"forest-guardians": 99}
    _assert_summaries_match_rebuild(pg_engine)
    assert _stats(store, "Mei") == (2, 2)


def test_rematch_from_history(svc) -> None:  # type: ignore[no-untyped-def]
    (gid,) = _import(svc.store, _guardians("2026-01-01T10:00:00+00:00", "Mei", "Aiko"))

    async def go() -> None:
        client, app = await start_app()
        await tap(client, "home-history")
        await tap(client, f"history-manage-{gid}")
        await tap(client, "played-rematch")
        assert app.route == "new"
        names = [str(by_id(client, f"new-player-{i}-name").value) for i in range(2)]
        assert names == ["Mei", "Aiko"]
        assert not client.crashes()

    asyncio.run(go())


def test_settings_take_the_bgg_ids_once(svc) -> None:  # type: ignore[no-untyped-def]
    async def go() -> None:
        client, app = await start_app()
        app.go("settings")
        client.session.get_page_patch()
        await client.type(by_id(client, "settings-bgg-forestry"), "12345")
        await tap(client, "settings-bgg-save")
        assert "settings-bgg-message" in semantics_ids(client)
        assert not client.crashes()

    asyncio.run(go())
    with svc.store.session() as s:
        assert crud.get_bgg_ids(s) == {"forestry": 12345}


# --------------------------------------------------------------------------- a lossless backup
# (issue 25): record export -> import into a fresh database -> export is byte-identical,
# after notes, renames, merges, deletes and edits; play and person ids never move


def _backup(store: Store) -> str:
    from app.store.exchange import records_text

    with store.session() as s:
        return records_text(list(export_games(s, deleted=True)))


def _bgstats(store: Store) -> dict:
    from app.store.exchange import bgstats_file

    with store.session() as s:
        return bgstats_file(list(export_games(s)))


def _ids(data: dict) -> tuple[list[str], dict[str, str]]:
    """BG Stats' play uuids, and each player's uuid by name."""
    return ([p["uuid"] for p in data["plays"]], {p["name"]: p["uuid"] for p in data["players"]})


def _edited_store(store: Store) -> tuple[int, ...]:
    undated = _guardians("2026-01-01T10:00:00+09:00", "Ann", "Cy")
    del undated["played_at"]  # dated once, at its first save
    ids = _import(store, _guardians("2026-03-01T19:00:00+09:00"),
                  _guardians("2026-03-02T19:00:00+09:00", "Bo", "Ken"),
                  _guardians("2026-03-03T19:00:00+09:00", "Mei", "Jo"), undated)
    with store.session() as s:
        crud.set_notes(s, game_id=ids[0], notes="rainy evening, 初めての ★")
        crud.edit_finished_game(s, game_id=ids[1], location="Kyoto",
                                played_at="2026-03-02T20:30:00+09:00")
        bo = queries.resolve_person(s, "Bo")
        mei = queries.resolve_person(s, "Mei")
        assert bo.id is not None and mei.id is not None
        crud.rename_person(s, person_id=bo.id, name="Bob")
        crud.merge_people(s, source_id=queries.resolve_person(s, "Jo").id or 0,
                          target_id=queries.resolve_person(s, "Bob").id or 0)
        crud.soft_delete_game(s, game_id=ids[2])
        crud.set_bgg_id(s, game="forest-guardians", bgg_id=171668)
    return ids


def test_backup_round_trip_is_byte_identical_after_edits(any_engine) -> None:  # type: ignore[no-untyped-def]
    from app.store.engine import open_engine

    home = Store(any_engine)
    ids = _edited_store(home)
    text = _backup(home)
    lines = [json.loads(line) for line in text.splitlines()]
    assert len(lines) == 4  # the deleted game too, marked
    by_play = {r["history"]["play_id"]: r for r in lines}
    assert len(by_play) == 4
    noted = next(r for r in lines if r["history"].get("notes"))
    assert noted["history"]["notes"] == "rainy evening, 初めての ★"
    deleted = [r for r in lines if r["history"].get("deleted")]
    assert [p["name"] for p in deleted[0]["players"]] == ["Mei", "Bob"]  # merged: Jo is Bob
    assert all(r["history"]["bgg_id"] == 171668 for r in lines)
    edited = next(r for r in lines if r.get("location") == "Kyoto")
    assert edited["played_at"] == "2026-03-02T20:30:00+09:00"
    assert [p["name"] for p in edited["players"]] == ["Bob", "Ken"]  # renamed
    undated = next(r for r in lines if r["players"][0]["name"] == "Ann")
    assert len(undated["played_at"]) == len("2026-01-01T10:00:00+00:00")  # to the second
    before = _bgstats(home)

    fresh = open_engine("sqlite://")
    try:
        away = Store(fresh)
        with away.session() as s:
            assert len(import_records(s, text).imported) == 4
        assert _backup(away) == text  # the same bytes
        assert _ids(_bgstats(away)) == _ids(before)  # BG Stats sees the same plays and people
        with away.session() as s:
            assert {p.name for p in crud.list_people(s)} == {"Mei", "Ken", "Bob", "Ann", "Cy"}
            (g,) = [x for x in queries.history(s, limit=10).items
                    if x.notes]
            assert g.notes == "rainy evening, 初めての ★"
            assert crud.get_bgg_ids(s) == {"forest-guardians": 171668}
            # the deleted game is deleted there too: out of History and the statistics
            assert len(queries.history(s, limit=10).items) == 3
        assert _stats(away, "Bob") == _stats(home, "Bob")
        _assert_summaries_match_rebuild(fresh)
        with home.session() as s:  # and back home: every play is known by its id
            again = import_records(s, text)
        assert again.imported == () and len(again.skipped) == 4
        # round two, from the copy: still the same bytes
        fresh2 = open_engine("sqlite://")
        try:
            with Store(fresh2).session() as s:
                import_records(s, _backup(away))
            assert _backup(Store(fresh2)) == text
        finally:
            fresh2.dispose()
    finally:
        fresh.dispose()
    assert ids


def test_a_restore_keeps_when_each_play_was_entered_and_changed(store: Store) -> None:
    """BG Stats' entryDate and modificationDate come through a backup unchanged (the audit
    found them set to the restore's own time): the backup carries them (history.entered,
    history.modified, UTC to the second) and the import puts them back."""
    from datetime import UTC, datetime, timedelta

    from app.store.engine import open_engine
    from app.store.models import GameRow

    ids = _edited_store(store)
    with store.session() as s:  # saved long before the restore, each at its own moment
        for n, gid in enumerate(ids):
            row = s.get(GameRow, gid)
            assert row is not None
            row.created_at = row.finished_at = datetime(2025, 5, 1, 18, 0, 7, 123456,
                                                        tzinfo=UTC) + timedelta(days=n)
            row.updated_at = datetime(2025, 6, 2, 9, 30, 59, tzinfo=UTC) + timedelta(hours=n)
            s.add(row)
        s.commit()
    text = _backup(store)
    first = json.loads(text.splitlines()[0])["history"]
    assert first["entered"].endswith("Z") and first["entered"].startswith("2025-05-0")
    assert first["modified"].startswith("2025-06-02T")

    def dates(data: dict) -> dict[str, tuple[str, str]]:
        return {p["uuid"]: (p["entryDate"], p["modificationDate"]) for p in data["plays"]}

    fresh = open_engine("sqlite://")
    try:
        away = Store(fresh)
        with away.session() as s:
            assert len(import_records(s, text).imported) == 4
        assert dates(_bgstats(away)) == dates(_bgstats(store))
        assert {d[0][:4] for d in dates(_bgstats(away)).values()} == {"2025"}
        assert _backup(away) == text
    finally:
        fresh.dispose()


def _refused_with(store: Store, field: str, value: object) -> None:
    """A backup whose ``history.<field>`` is ``value`` is refused naming that field, and
    nothing is written."""
    from app.store.exchange import ImportFailed

    record = _guardians("2026-03-01T19:00:00+09:00")
    record["history"] = {field: value}
    with store.session() as s, pytest.raises(ImportFailed) as e:
        import_records(s, json.dumps(record))
    assert [p.path for p in e.value.problems] == [f"history.{field}"], e.value.problems
    with store.session() as s:  # nothing was written
        assert not queries.history(s, limit=10).items


@pytest.mark.parametrize("moment", ["2025-05-01 18:00:07", "2025-05-01T18:00:07+09:00",
                                    "1999-12-31T23:59:59Z", "2025-13-01T00:00:00Z", ""])
def test_a_backup_moment_that_is_not_one_is_refused_with_its_field(store: Store,
                                                                     moment: str) -> None:
    _refused_with(store, "entered", moment)


def test_a_rename_keeps_the_bgstats_player_id(store: Store) -> None:
    _import(store, _guardians("2026-03-01T19:00:00+09:00"))
    _, people = _ids(_bgstats(store))
    with store.session() as s:
        mei = queries.resolve_person(s, "Mei")
        assert mei.id is not None
        crud.rename_person(s, person_id=mei.id, name="Meiko")
    _, after = _ids(_bgstats(store))
    assert after["Meiko"] == people["Mei"] and after["Ken"] == people["Ken"]
    from app.store.exchange import bgstats_play

    with store.session() as s:
        (g,) = export_games(s)
    assert {p["name"]: p["sourcePlayerId"] for p in bgstats_play(g)["players"]} == after


def test_an_edited_game_keeps_one_bgstats_id_in_two_databases(store: Store) -> None:
    """Home edits a game; one copy came from the original file, another from a backup made
    after the edit: BG Stats gets one play id from all three."""
    from app.store.engine import open_engine

    rec = _guardians("2026-03-01T19:00:00+09:00")
    (gid,) = _import(store, rec)
    with store.session() as s:
        crud.edit_finished_game(s, game_id=gid, location="Osaka",
                                played_at="2026-03-01T21:00:00+09:00")
    home, _ = _ids(_bgstats(store))
    for source in (json.dumps(rec), _backup(store)):
        other = open_engine("sqlite://")
        try:
            with Store(other).session() as s:
                import_records(s, source)
            assert _ids(_bgstats(Store(other)))[0] == home
        finally:
            other.dispose()
    with store.session() as s:  # the original file again, after the edit: known, skipped
        again = import_records(s, json.dumps(rec))
    assert again.imported == () and again.skipped == ((1, gid),)


def test_an_undated_record_keeps_its_first_date(store: Store) -> None:
    from app.store.engine import open_engine

    rec = _guardians("2026-03-01T19:00:00+09:00")
    del rec["played_at"]
    _import(store, rec)
    first = json.loads(_backup(store))["played_at"]
    other = open_engine("sqlite://")
    try:
        import time

        time.sleep(1.1)  # a second later: another database would have dated it otherwise
        with Store(other).session() as s:
            import_records(s, _backup(store))
        assert json.loads(_backup(Store(other)))["played_at"] == first
    finally:
        other.dispose()
    with store.session() as s:  # the undated file again: the same record, skipped
        assert import_records(s, json.dumps(rec)).imported == ()


def test_old_record_files_still_import(store: Store) -> None:
    """A version-1 file without ``history`` (every file written before it) imports as before;
    a bad history block is refused naming the field, nothing written."""
    from app.store.exchange import ImportFailed

    assert len(_import(store, _guardians("2026-03-01T19:00:00+09:00"))) == 1
    bad = _guardians("2026-03-02T19:00:00+09:00")
    bad["history"] = {"play_id": 7, "people": ["A"], "colour": "red"}
    with store.session() as s, pytest.raises(ImportFailed) as e:
        import_records(s, json.dumps(bad))
    text = str(e.value)
    assert "history.play_id: must be a whole number" not in text
    assert "history.play_id: must be text" in text
    assert "history.people: one person id" in text and "history.colour: unknown field" in text
    with store.session() as s:
        assert len(queries.history(s, limit=10).items) == 1


def test_new_player_is_judged_once_and_travels(store: Store) -> None:
    """BG Stats newPlayer: whose first play of the game it was, judged when the game was
    first saved, carried by the backup; a database that has only the later game (or gets
    an older one afterwards) does not judge it again."""
    from app.store.engine import open_engine
    from app.store.exchange import bgstats_file

    _import(store, _guardians("2026-03-01T19:00:00+09:00"))
    (second,) = _import(store, _guardians("2026-03-08T19:00:00+09:00"))
    with store.session() as s:
        text = "".join(
            line + "\n" for line in _backup(store).splitlines()
            if json.loads(line)["played_at"].startswith("2026-03-08"))
    assert json.loads(text)["history"]["first_plays"] == [False, False]
    other = open_engine("sqlite://")
    try:
        away = Store(other)
        with away.session() as s:  # only the second game: still not their first play
            import_records(s, text)
            (g,) = export_games(s)
            scores = bgstats_file([g])["plays"][0]["playerScores"]
            assert [p["newPlayer"] for p in scores] == [False, False]
        with away.session() as s:  # an older game arrives later: it was their first
            import_records(s, json.dumps(_guardians("2026-02-01T19:00:00+09:00")))
            older, later = export_games(s)
            assert [p["newPlayer"] for p in bgstats_file([older])["plays"][0]
                    ["playerScores"]] == [True, True]
            assert [p["newPlayer"] for p in bgstats_file([later])["plays"][0]
                    ["playerScores"]] == [False, False]
    finally:
        other.dispose()
    assert second


def test_history_marks_the_recorded_first_player_and_nobody_when_unknown(  # type: ignore[no-untyped-def]
        svc) -> None:
    picked = _guardians("2026-01-02T10:00:00+00:00")
    picked["first_player"] = 2
    unknown = _guardians("2026-01-01T10:00:00+00:00")
    gid, other = _import(svc.store, picked, unknown)

    async def go() -> None:
        client, app = await start_app()
        await tap(client, "home-history")
        await tap(client, f"history-manage-{gid}")
        assert app.route == "played"
        shown = by_id(client, "played-first-player")
        assert "Ken (seat 2) started" in shown.value
        assert not client.crashes()
        client, app = await start_app()  # a game whose record does not say: no marker
        await tap(client, "home-history")
        await tap(client, f"history-manage-{other}")
        assert app.route == "played" and "played-delete" in semantics_ids(client)
        assert "played-first-player" not in semantics_ids(client)
        assert not client.crashes()

    asyncio.run(go())


# --------------------------------------------------------------------------- the game clock
# (issue 34): a game played here keeps its clock (started, paused, resumed, finished: the
# log's timestamps) through a backup: the restored game exports the same duration


def _clocked_game(store: Store) -> int:
    """A game played here with two pauses, its clock entries set to known moments (with
    fractions of a second: they must come back to the microsecond)."""
    from tests.app.test_clock import _finished, _retime

    s = _finished(store, 2)
    _retime(store, s.game_id, {"start_game": [0.00001], "pause_clock": [30.5, 60.25],
                               "resume_clock": [40.125, 100.0625], "end_game": [150.03125]})
    return s.game_id


def test_the_backup_carries_the_game_clock(any_engine) -> None:  # type: ignore[no-untyped-def]
    from app.store.engine import open_engine
    from app.store.exchange import bgg_csv
    from tests.app.test_clock import _exported, at

    home = Store(any_engine)
    gid = _clocked_game(home)
    text = _backup(home)
    line = json.loads(text)  # (one game: one indented object)
    moment = "%Y-%m-%dT%H:%M:%S.%fZ"
    assert line["history"]["clock"] == {
        "started": at(0.00001).strftime(moment),
        "paused": [[at(30.5).strftime(moment), at(40.125).strftime(moment)],
                   [at(60.25).strftime(moment), at(100.0625).strftime(moment)]],
        "finished": at(150.03125).strftime(moment)}
    played = _exported(home, gid).duration_min
    assert played == round(150.03125 - 0.00001 - 9.625 - 39.8125) == 101
    with home.session() as s:
        csv_home = bgg_csv(list(export_games(s)))
    fresh = open_engine("sqlite://")
    try:
        away = Store(fresh)
        with away.session() as s:
            (new,) = import_records(s, text).imported
        assert _backup(away) == text  # the same bytes, the clock with them
        assert _exported(away, new).duration_min == played  # restored: its duration too
        assert _bgstats(away)["plays"][0]["durationMin"] == played
        with away.session() as s:
            assert bgg_csv(list(export_games(s))) == csv_home
        fresh2 = open_engine("sqlite://")
        try:  # round two, from the copy
            with Store(fresh2).session() as s:
                import_records(s, _backup(away))
            assert _backup(Store(fresh2)) == text
        finally:
            fresh2.dispose()
    finally:
        fresh.dispose()


def test_a_game_finished_paused_keeps_its_clock_to_the_pause(store: Store) -> None:
    from app.game.commands import PauseClock
    from app.store.engine import open_engine
    from tests.app.test_clock import _exported, _retime, guardians

    s = guardians(store)
    s.apply(PauseClock(version=s.version, pauses=0), by=0)
    s.finish(s.version)
    _retime(store, s.game_id, {"start_game": [0], "pause_clock": [42], "end_game": [300]})
    text = _backup(store)
    clock = json.loads(text)["history"]["clock"]
    assert clock["paused"] == [] and clock["finished"].startswith("2026-12-05T18:42:00")
    fresh = open_engine("sqlite://")
    try:
        with Store(fresh).session() as db:
            (new,) = import_records(db, text).imported
        assert _exported(Store(fresh), new).duration_min == 42
        assert _backup(Store(fresh)) == text
    finally:
        fresh.dispose()


@pytest.mark.parametrize("clock", [
    "18:00", [], {"started": "2026-12-05T18:00:00Z"},
    {"started": "2026-12-05T18:00:00Z", "finished": "2026-12-05 19:00:00", "paused": []},
    {"started": "2026-12-05T18:00:00Z", "finished": "2026-12-05T19:00:00Z", "paused": [["x"]]},
    {"started": "2026-12-05T18:00:00Z", "finished": "2026-12-05T19:00:00Z", "paused": [],
     "running": True}])
def test_a_clock_that_is_not_one_is_refused_with_its_field(store: Store, clock: object) -> None:
    _refused_with(store, "clock", clock)


def test_a_clock_written_to_the_second_is_read(store: Store) -> None:
    from tests.app.test_clock import _exported

    record = _guardians("2026-03-01T19:00:00+09:00")
    record["history"] = {"clock": {"started": "2026-03-01T10:00:00Z", "paused": [
        ["2026-03-01T10:30:00Z", "2026-03-01T10:45:30.5Z"]], "finished": "2026-03-01T11:20:00Z"}}
    with store.session() as s:
        (gid,) = import_records(s, json.dumps(record)).imported
    assert _exported(store, gid).duration_min == 64  # 80 minutes, 15 min 30.5 s paused
    clock = json.loads(_backup(store))["history"]["clock"]
    assert clock["paused"] == [["2026-03-01T10:30:00.000000Z", "2026-03-01T10:45:30.500000Z"]]
