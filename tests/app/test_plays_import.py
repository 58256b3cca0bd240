"""Plays from BG Stats and BoardGameGeek (issue 25): hand-written samples in the published
shapes and the files this app writes, people matched, duplicates skipped by play id, all or
nothing with the entry named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from app.store import crud, queries
from app.store.exchange import ImportFailed, bgg_csv, bgstats_file, export_games, import_records
from app.store.facade import Store
from app.store.plays_import import import_plays, sniff
from tests.app.test_exchange import load

PLAYS = Path(__file__).parents[1] / "data" / "plays"


def _text(name: str) -> str:
    return (PLAYS / name).read_text(encoding="utf-8")


def test_a_bgstats_export_comes_in_with_people_matched(store: Store) -> None:
    with store.session() as s:
        import_records(s, json.dumps(load("guardians_basic_23.json")))  # Mei and Ken known
        result, matches = import_plays(s, _text("bgstats_sample.json"), "bgstats",
                                       match={"Meiko": "Mei"})
    how = {m.theirs: (m.ours, m.how) for m in matches}
    assert how == {"Meiko": ("Mei", "given"), "Ｋｅｎ": ("Ken", "name"), "Rin": ("Rin", "new")}
    assert len(result.imported) == 2  # Catan is not ours: left out
    # a play BG Stats ignores (out of its statistics) is left out, and said so
    assert [(e, m.code) for e, m in result.notes] == [("plays[3]", "plays-left-ignored")]
    with store.session() as s:
        forestry = queries.game_summary(s, game_id=result.imported[0])
        assert forestry is not None and forestry.location == "Club"
        assert forestry.notes == "Rin's first Forestry."  # their comments, as the notes
        assert [(p.name, p.total, p.winner) for p in forestry.players] == [
            ("Mei", 61, True), ("Ken", 48, False), ("Rin", 55, False)]
        assert forestry.local_played_at.strftime("%Y-%m-%d %H:%M") == "2026-03-01 19:30"
        assert {p.name for p in crud.list_people(s)} == {"Mei", "Ken", "Rin"}
        (mei,) = [x for x in queries.person_stats(s, person="Mei") if x.game == "forestry"]
        assert (mei.plays, mei.wins, mei.best_score) == (1, 1, 61)
        again, _ = import_plays(s, _text("bgstats_sample.json"), "bgstats",
                                match={"Meiko": "Mei"})
    assert again.imported == () and len(again.skipped) == 2  # known by their play ids


def test_bgg_plays_come_in(store: Store) -> None:
    """BGG's XML API gives plays as people log them (boardgamegeek.com/xmlapi2/plays): with
    comments, without players, marked incomplete, several plays in one entry. What can be
    kept comes in; the rest is left out and said so, never the whole file refused."""
    from app.l10n import render
    from app.store.plays_import import PlaysCode

    with store.session() as s:
        crud.set_bgg_id(s, game="forestry", bgg_id=999001)
        result, matches = import_plays(s, _text("bgg_plays_sample.xml"), "bgg")
        first, twice = result.imported
        summary = queries.game_summary(s, game_id=first)
        guardians = queries.game_summary(s, game_id=twice)
    assert summary is not None and summary.play_uid == "bgg:71234567"
    assert [(p.name, p.total, p.winner, p.colour) for p in summary.players] == [
        ("Rin", 72, True, "blue"), ("Mei", 66, False, "pink")]
    assert summary.location == "Rin's place"
    assert summary.notes == "Close game.\nMei's water structures nearly did it."
    assert guardians is not None and guardians.game == "forest-guardians"
    assert not guardians.complete  # BGG gave no scores: none invented
    assert [p.name for p in guardians.players] == ["Mei", "Rin"]
    assert {m.how for m in matches} == {"new"}
    assert [(entry, m.code) for entry, m in result.notes] == [
        ("play 71234569", PlaysCode.LEFT_NO_PLAYERS), ("play 71234570", PlaysCode.LEFT_INCOMPLETE),
        ("play 71234571", PlaysCode.KEPT_ONCE)]
    for _, m in result.notes:
        assert render("en", m) and render("ja", m)


def test_files_this_app_wrote_come_back_as_the_same_plays(store: Store) -> None:
    from app.store.engine import open_engine

    with store.session() as s:
        import_records(s, json.dumps(load("guardians_basic_23.json")))
        games = list(export_games(s))
    bgs = json.dumps(bgstats_file(games))
    csv_text = bgg_csv(games)
    with store.session() as s:  # back home: the same plays, skipped
        assert import_plays(s, bgs, "bgstats")[0].skipped
        assert import_plays(s, csv_text, "bgg")[0].skipped
    other = open_engine("sqlite://")
    try:
        away = Store(other)
        with away.session() as s:
            result, matches = import_plays(s, bgs, "bgstats")
            (gid,) = result.imported
            assert {m.how for m in matches} == {"new"}
            summary = queries.game_summary(s, game_id=gid)
            assert summary is not None
            assert [(p.name, p.total) for p in summary.players] == [("Mei", 23), ("Ken", 13)]
            assert import_plays(s, csv_text, "bgg")[0].skipped == ((1, gid),)  # one play
    finally:
        other.dispose()


def test_a_bad_entry_imports_nothing_and_is_named(store: Store) -> None:
    data = json.loads(_text("bgstats_sample.json"))
    data["plays"][0]["playerScores"][2]["playerRefId"] = 7
    with store.session() as s, pytest.raises(ImportFailed) as e:
        import_plays(s, json.dumps(data), "bgstats")
    text = str(e.value)
    assert "plays[0].playerScores[2]: playerRefId: no such player" in text
    with store.session() as s:
        assert queries.history(s, limit=5).items == ()


def test_the_backup_carries_imported_plays(store: Store) -> None:
    from app.store.engine import open_engine
    from app.store.exchange import records_text

    with store.session() as s:
        import_plays(s, _text("bgstats_sample.json"), "bgstats")
        text = records_text(list(export_games(s, deleted=True)))
    assert all(json.loads(line)["format"] == "forest-table/play" for line in text.splitlines())
    other = open_engine("sqlite://")
    try:
        with Store(other).session() as s:
            assert len(import_records(s, text).imported) == 2
            assert records_text(list(export_games(s, deleted=True))) == text
    finally:
        other.dispose()


def test_cli_import_from_bgstats_and_bgg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert main(["records", "import", str(PLAYS / "bgstats_sample.json"),
                 "--match", "Meiko=Mei"]) == 0
    out = capsys.readouterr().out
    assert "Meiko -> Mei (as you said)" in out and "Rin -> Rin (new person)" in out
    assert "Imported 2 plays from BG Stats" in out
    assert main(["records", "import", str(PLAYS / "bgg_plays_sample.xml")]) == 0
    out = capsys.readouterr().out
    # Rin's BG Stats player gave her BGG username: she is known by it
    assert "Rin -> Rin (same person id)" in out and "Mei -> Mei (same name)" in out
    assert "Imported 2 plays from BoardGameGeek" in out
    assert "play 71234569: left out: no players recorded" in out
    assert "play 71234570: left out: marked as not finished" in out
    assert "play 71234571: one entry for 2 plays: kept as one play" in out
    assert main(["records", "show", "1"]) == 0
    shown = capsys.readouterr().out
    assert "Mei" in shown and "61" in shown
    bad = tmp_path / "bad.json"
    data = json.loads(_text("bgstats_sample.json"))
    data["plays"][0]["playDate"] = "someday"
    bad.write_text(json.dumps(data))
    assert main(["records", "import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "nothing imported" in err and "plays[0]: date: 'someday' is not a date" in err
    assert main(["records", "import", str(bad), "--match", "nonsense"]) == 2
    assert "THEIRS=OURS" in capsys.readouterr().err


def test_sniff() -> None:
    assert sniff(_text("bgstats_sample.json")) == "bgstats"
    assert sniff(_text("bgg_plays_sample.xml")) == "bgg"
    assert sniff("play_id,date,objectid\n") == "bgg"
    assert sniff(json.dumps(load("guardians_basic_23.json"))) == "record"


def test_the_app_imports_with_a_people_matching_step(svc) -> None:  # type: ignore[no-untyped-def]
    """Settings -> Import plays: paste, check (their people, our suggestion for each), change
    one, import; a second import skips what is there."""
    import asyncio

    from tests.app.flet_harness import by_id, semantics_ids, start_app
    from tests.app.test_history_keep import tap

    with svc.store.session() as s:
        import_records(s, json.dumps(load("guardians_basic_23.json")))  # Mei and Ken

    async def go() -> None:
        client, app = await start_app()
        app.go("settings")
        client.session.get_page_patch()
        await client.type(by_id(client, "settings-import-text"), _text("bgstats_sample.json"))
        await tap(client, "settings-import-check")
        fields = [by_id(client, f"settings-import-person-{i}") for i in range(3)]
        assert [(f.label, f.value) for f in fields] == [
            ("Meiko", "Meiko"), ("Ｋｅｎ", "Ken"), ("Rin", "Rin")]
        await client.type(fields[0], "Mei\u202e")  # not a name: said, nothing imported
        await tap(client, "settings-import-go")
        said = str(by_id(client, "settings-import-message").value)
        assert "Meiko" in said and "U+202E" in said and not client.crashes()
        with svc.store.session() as s:
            assert len(queries.history(s, limit=10).items) == 1
        await client.type(by_id(client, "settings-import-person-0"), "Mei")  # our Mei
        await tap(client, "settings-import-go")
        assert "settings-import-message" in semantics_ids(client)
        assert "Imported 2" in str(by_id(client, "settings-import-message").value)
        await tap(client, "settings-import-check")
        await tap(client, "settings-import-go")
        assert "skipped 2" in str(by_id(client, "settings-import-message").value)
        assert not client.crashes()

    asyncio.run(go())
    with svc.store.session() as s:
        assert {p.name for p in crud.list_people(s)} == {"Mei", "Ken", "Rin"}
