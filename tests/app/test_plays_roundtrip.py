"""BG Stats and BoardGameGeek both ways without loss (issue 34, What to build 1): files
written by hand to the published shapes come in whole (anonymous players, expansions,
durations, roles, BGG usernames and ids, quantities), a play with a score that is not a
whole number is left out and named, and the exports give them back with the same play and
player ids and every field. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from app.store import crud, queries
from app.store.engine import open_engine
from app.store.exchange import bgg_csv, bgstats_file, export_games, import_records, records_text
from app.store.facade import Store
from app.store.plays_import import PlaysCode, import_plays

PLAYS = Path(__file__).parents[1] / "data" / "plays"


def _text(name: str) -> str:
    return (PLAYS / name).read_text(encoding="utf-8")


def _bgstats_view(data: dict[str, Any]) -> dict[str, Any]:
    """Each play of a BG Stats file by uuid, with every play field and its players' fields,
    references resolved (ids are the file's own numbering: they may differ)."""
    games = {g["id"]: g for g in data["games"]}
    people = {p["id"]: p for p in data["players"]}
    places = {p["id"]: p["name"] for p in data["locations"]}
    out = {}
    for play in data["plays"]:
        scores = {}
        for sc in play["playerScores"]:
            who = people[sc["playerRefId"]]
            scores[who["uuid"]] = {
                "name": who["name"], "isAnonymous": who["isAnonymous"],
                "bggUsername": who.get("bggUsername", ""),
                **{k: sc.get(k) for k in ("score", "winner", "rank", "seatOrder",
                                          "startPlayer", "newPlayer", "role", "color")}}
        out[play["uuid"]] = {
            **{k: play.get(k) for k in (
                "playDate", "playDateYmd", "entryDate", "modificationDate", "durationMin",
                "rounds", "board", "ignored", "usesTeams", "manualWinner", "scoringSetting",
                "comments", "bggId")},
            "game": (games[play["gameRefId"]]["name"], games[play["gameRefId"]].get("bggId")),
            "location": places.get(play.get("locationRefId")),
            "expansions": [(games[e["gameRefId"]]["name"], e.get("bggId"))
                           for e in play["expansionPlays"]],
            "players": scores}
    return out


def test_a_bgstats_file_comes_in_whole_and_goes_back_the_same(any_store: Store) -> None:
    text = _text("bgstats_roundtrip.json")
    with any_store.session() as s:
        result, matches = import_plays(s, text, "bgstats")
        assert len(result.imported) == 2
        # the play with "23.5" and "20+3" is left out, each score named; the rest came in
        assert [(e, m.code, dict(m.args)["value"]) for e, m in result.notes] == [
            ("plays[2].playerScores[0]", PlaysCode.LEFT_NOT_WHOLE, "'23.5'"),
            ("plays[2].playerScores[1]", PlaysCode.LEFT_BAD_SCORE, "'20+3'")]
        # the anonymous player is no person here and has no statistics
        assert {p.name for p in crud.list_people(s)} == {"Aiko", "Bram", "Chen"}
        assert {m.theirs for m in matches} == {"Aiko", "Bram", "Chen"}
        assert {x.name for x in queries.everyone_stats(s)} == {"Aiko", "Bram", "Chen"}
        # a role in words that is one of ours counts as that character
        (aiko,) = [x for x in queries.person_stats(s, person="Aiko") if x.game == "forestry"]
        assert [(c.character, c.plays, c.wins) for c in aiko.characters] == [
            ("forest_worker", 1, 1)]
        first = queries.game_summary(s, game_id=result.imported[0])
        assert first is not None and first.notes == "Tie on points: Aiko had more coins."
        assert [(p.name, p.total, p.rank, p.winner) for p in first.players] == [
            ("Aiko", 58, 1, True), ("Bram", 58, 2, False)]
        games = list(export_games(s))
    exported = bgstats_file(games, me="Aiko")
    original = json.loads(text)
    want = _bgstats_view({**original, "plays": original["plays"][:2]})
    got = _bgstats_view(exported)
    assert got == want  # the same play uuids, player uuids and every field
    assert exported["userInfo"]["meRefId"] == next(
        p["id"] for p in exported["players"] if p["name"] == "Aiko")
    # this export into a fresh database and out again: the same file
    other = open_engine("sqlite://")
    try:
        with Store(other).session() as s:
            assert len(import_plays(s, json.dumps(exported), "bgstats")[0].imported) == 2
            assert bgstats_file(list(export_games(s)), me="Aiko") == exported
    finally:
        other.dispose()
    with any_store.session() as s:  # the same file again: nothing doubled
        again, matches = import_plays(s, text, "bgstats")
    assert again.imported == () and len(again.skipped) == 2
    assert {m.how for m in matches} == {"id"}  # their people known by their uuids


def test_the_backup_carries_what_came_from_bgstats(any_store: Store) -> None:
    with any_store.session() as s:
        import_plays(s, _text("bgstats_roundtrip.json"), "bgstats")
        backup = records_text(list(export_games(s, deleted=True)))
        file = bgstats_file(list(export_games(s)))
    other = open_engine("sqlite://")
    try:
        with Store(other).session() as s:
            assert len(import_records(s, backup).imported) == 2
            assert records_text(list(export_games(s, deleted=True))) == backup
            assert bgstats_file(list(export_games(s))) == file
            # the people's BG Stats uuids came with the backup: their file matches them
            again, matches = import_plays(s, _text("bgstats_roundtrip.json"), "bgstats")
        assert len(again.skipped) == 2 and {m.how for m in matches} == {"id"}
    finally:
        other.dispose()


def test_their_uuid_finds_a_person_renamed_there_and_follows_a_merge(any_store: Store) -> None:
    data = json.loads(_text("bgstats_roundtrip.json"))
    with any_store.session() as s:
        import_plays(s, json.dumps(data), "bgstats")
        data["players"][1]["name"] = "Bram T."  # renamed in BG Stats: the same uuid
        for play in data["plays"]:
            play["uuid"] = play["uuid"].replace("-3333-", "-4444-")  # new plays
        result, matches = import_plays(s, json.dumps(data), "bgstats", dry_run=True)
        assert result.dry_run and len(result.imported) == 2
        assert {m.theirs: (m.ours, m.how) for m in matches}["Bram T."] == ("Bram", "id")
        assert len(queries.history(s, limit=10).items) == 2  # a dry run writes nothing
        crud.merge_people(s, source_id=_pid(s, "Bram"), target_id=_pid(s, "Chen"))
        _, matches = import_plays(s, json.dumps(data), "bgstats", dry_run=True)
    assert {m.theirs: (m.ours, m.how) for m in matches}["Bram T."] == ("Chen", "id")


def _pid(s: Any, name: str) -> int:
    person = crud.get_person(s, name=name)
    assert person is not None and person.id is not None
    return person.id


def test_bgg_xml_and_csv_come_in_whole_and_go_back_the_same(any_store: Store) -> None:
    with any_store.session() as s:
        result, _ = import_plays(s, _text("bgg_roundtrip.xml"), "bgg")
        assert [(e, m.code) for e, m in result.notes] == [
            ("play 81000001", PlaysCode.KEPT_ONCE),
            ("play 81000002 player 1", PlaysCode.LEFT_NOT_WHOLE)]  # left out, named
        assert {p.name for p in crud.list_people(s)} == {"Aiko", "Bram", "Chen"}
        csv_text = bgg_csv(list(export_games(s)))
    rows = [line.split(",") for line in csv_text.splitlines()]
    assert rows[0][-2:] == ["username", "userid"]
    assert rows[1:4] == [
        ["bgg:81000001", "2026-06-01", "999001", "Forestry", "Game café", "2", "70", "",
         "1", "green", "45", "1", "1", "Two quick games in a row.", "", ""],
        ["bgg:81000001", "2026-06-01", "999001", "Forestry", "Game café", "2", "70", "Aiko",
         "2", "blue", "41", "0", "0", "Two quick games in a row.", "aiko_bgg", "700001"],
        ["bgg:81000001", "2026-06-01", "999001", "Forestry", "Game café", "2", "70", "Bram",
         "3", "pink", "39", "0", "1", "Two quick games in a row.", "bram_b", "700002"]]
    other = open_engine("sqlite://")
    try:
        with Store(other).session() as s:  # the CSV into a fresh database and out: the same
            assert len(import_plays(s, csv_text, "bgg")[0].imported) == 2
            assert bgg_csv(list(export_games(s))) == csv_text
            assert len(import_plays(s, _text("bgg_roundtrip.xml"), "bgg")[0].skipped) == 2
    finally:
        other.dispose()


def test_a_bgg_csv_then_the_backup_of_the_same_plays_gives_full_records(
        any_store: Store) -> None:
    from tests.app.test_exchange import sample_records

    records = sample_records()
    source = open_engine("sqlite://")
    try:
        with Store(source).session() as s:
            import_records(s, "\n".join(json.dumps(r) for r in records))
            crud.set_notes(s, game_id=1, notes="kept from the backup")
            games = list(export_games(s, deleted=True))
            csv_text, backup = bgg_csv(games), records_text(games)
    finally:
        source.dispose()
    with any_store.session() as s:
        first, _ = import_plays(s, csv_text, "bgg")
        ids = first.imported
        assert len(ids) == len(records)
        assert all(not (crud.get_record(s, game_id=i) or _no()).sheet["players"][0][
            "categories"] for i in ids)  # totals only
        result = import_records(s, backup)
        assert result.imported == () and result.skipped == ()
        assert [gid for _, gid in result.completed] == list(ids)  # the same games, completed
        for gid, record in zip(ids, records, strict=True):
            saved = crud.get_record(s, game_id=gid)
            assert saved is not None and saved.record == record  # the full record
            assert any(p["categories"] for p in saved.sheet["players"])
        summary = queries.game_summary(s, game_id=ids[0])
        assert summary is not None and summary.notes == "kept from the backup"
        stats = queries.everyone_stats(s)
        assert sum(x.plays for x in stats) == sum(len(r["players"]) for r in records)
        assert import_records(s, backup).skipped  # and now it is simply there


def _no() -> Any:
    raise AssertionError("no record")


def test_cli_dry_run_wrong_from_and_left_out(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    bgstats = str(PLAYS / "bgstats_roundtrip.json")
    assert main(["records", "import", bgstats, "--from", "bgg"]) == 2
    err = capsys.readouterr().err
    assert "nothing imported" in err and "this is a BG Stats play file, not BoardGameGeek " \
        "plays: give --from bgstats" in err
    assert main(["records", "import", str(PLAYS / "bgg_roundtrip.xml"), "--from",
                 "bgstats"]) == 2
    assert "this is BoardGameGeek plays, not a BG Stats play file" in capsys.readouterr().err
    assert main(["records", "import", bgstats, "--from", "record"]) == 2
    assert "this is a BG Stats play file, not a Forest Table record file" in \
        capsys.readouterr().err
    assert main(["records", "import", bgstats, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "Would import 2 plays from BG Stats" in out and "nothing was written" in out
    assert "plays[2].playerScores[0]: left out: score '23.5' is not a whole number" in out
    assert main(["records", "list"]) == 0
    assert "No games yet." in capsys.readouterr().out
    assert main(["records", "import", bgstats]) == 0
    assert "Imported 2 plays from BG Stats" in capsys.readouterr().out
    assert main(["records", "export", "--format", "bgg-xml"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('<?xml version="1.0" encoding="utf-8"?>\n<plays total="2">')
    assert 'id="7D3E5F60-3333-4000-8000-0000000000C1"' in out


def test_exported_comments_are_clean(store: Store) -> None:
    """Issue 34 (small): no internal id line, no empty parentheses for a play without
    categories (a sheet from another app's totals); a play from another app: its notes."""
    from tests.app.test_exchange import sample_records

    with store.session() as s:
        import_records(s, "\n".join(json.dumps(r) for r in sample_records()))
        import_plays(s, _text("bgg_plays_sample.xml"), "bgg")
        games = list(export_games(s))
    comments = [p["comments"] for p in bgstats_file(games)["plays"]]
    assert all("()" not in c and "Forest Table play" not in c for c in comments)
    assert all(g.play_id[:12] not in c for g, c in zip(games, comments, strict=True))
    by_source = {g.summary.play_uid: c for g, c in zip(games, comments, strict=True)}
    assert by_source["bgg:71234567"] == "Close game.\nMei's water structures nearly did it."
    assert by_source["bgg:71234571"] == ""
    app_game = next(c for g, c in zip(games, comments, strict=True)
                    if not (g.summary.play_uid or "").startswith("bgg:"))
    first = next(g for g in games if not (g.summary.play_uid or "").startswith("bgg:"))
    assert app_game.splitlines()[0].startswith(first.summary.players[0].name + ": ")


def test_bgg_xml_goes_back_as_bgg_xml(any_store: Store) -> None:
    import xml.etree.ElementTree as ET

    from app.store.exchange import bgg_xml

    original = _text("bgg_roundtrip.xml")
    with any_store.session() as s:
        import_plays(s, original, "bgg")
        text = bgg_xml(list(export_games(s)))

    def plays(xml: str) -> dict[str, Any]:
        out = {}
        for play in ET.fromstring(xml).iter("play"):
            item = play.find("item")
            comments = play.find("comments")
            assert item is not None
            out[play.get("id")] = (
                {k: play.get(k) for k in ("date", "quantity", "length", "location")},
                item.get("name"), item.get("objectid"),
                comments.text if comments is not None else None,
                sorted((p.get("name"), p.get("username"), p.get("userid"),
                        p.get("startposition"), p.get("color"), p.get("score"), p.get("new"),
                        p.get("win")) for p in play.iter("player")))
        return out

    want = plays(original)
    del want["81000002"]  # its score "23.5": left out (and named)
    assert plays(text) == want  # the same ids and every field
    other = open_engine("sqlite://")
    try:
        with Store(other).session() as s:  # into a fresh database and out: the same
            assert len(import_plays(s, text, "bgg")[0].imported) == 2
            assert bgg_xml(list(export_games(s))) == text
    finally:
        other.dispose()
