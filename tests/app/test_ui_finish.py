"""Finish screen: result, tie note, share text, exports, rematch (real session, in-memory store)."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from datetime import UTC, datetime

import flet as ft

from app.games.guardians.commands import SetGuardians
from app.i18n import Translator
from app.ui.finish.presenter import (
    FinishRow,
    export_files,
    finish_view,
    load_finish,
    rematch_presenter,
    share_text,
)
from app.ui.kit.live_table import TableClient
from app.ui.new_game.presenter import NewGamePresenter
from app.ui.sheet.presenter import SheetPresenter
from tests.app.flet_harness import by_id, settle, start_app, tap

t = Translator("en").t



def guardians(svc, names=("Mei", "Ken"), fires=(3, 1), advanced=False):
    p = NewGamePresenter(t)
    p.set_game("forest-guardians")
    p.set_count(len(names))
    for i, n in enumerate(names):
        p.set_name(i, n)
    p.form.advanced = advanced
    req = p.submit(lambda: 42)
    gid, token = svc.create_table(req)
    c = TableClient(svc.hub(), gid, token)
    sp = SheetPresenter(t, c.snapshot(), printed=c.printed())
    c.subscribe(sp.update)  # accepted commands reach it by the table's broadcast
    sp.result(c.submit(sp.start_game()))
    for i, n in enumerate(fires):
        sp.result(c.submit(SetGuardians(version=sp.version, player=i,
                                                field="fire_tokens", value=n)))
    sp.result(c.submit(sp.finish()))
    assert sp.status == "finished", sp.error
    return gid, req


def test_finished_game_view_ranks_saves_and_exports(svc):
    gid, _ = guardians(svc, names=("Mei", "Ken", "Aki"), fires=(1, 3, 2))
    v = load_finish(svc.store, gid, t)
    assert v is not None and v.saved
    assert [(r.name, r.total, r.rank) for r in v.rows] == [("Ken", 3, 1), ("Aki", 2, 2),
                                                           ("Mei", 1, 3)]
    assert v.winners == ("Ken",) and v.tie_note is None
    assert v.share_text.splitlines()[0].startswith("Forest Guardians ")
    assert v.share_text.splitlines()[1:] == ["1. Ken 3", "2. Aki 2", "3. Mei 1", "Winner: Ken"]
    assert v.exports is not None
    record = json.loads(v.exports.record_json)
    assert record["format"] == "forest-table/record" and record["version"] == 1
    assert [p["name"] for p in record["players"]] == ["Mei", "Ken", "Aki"]
    assert json.loads(v.exports.bgstats_json)["plays"][0]["playDate"]
    assert v.exports.bgstats_link.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
    rows = list(csv.DictReader(io.StringIO(v.exports.bgg_csv)))
    assert [(r["name"], r["score"], r["win"]) for r in rows] == [
        ("Mei", "1", "0"), ("Ken", "3", "1"), ("Aki", "2", "0")]
    names = [n for _k, n, _x in export_files(v)]
    assert names[0].endswith(f"-{gid}.json") and names[2].endswith(".csv")


def test_finish_shows_the_bgstats_push_link_as_a_qr_code(svc):
    """A phone at the table scans the code and BG Stats takes the play (issue 25): the code
    decodes to the push link's web form with the play's people, scores and play id."""
    import urllib.parse

    import zxingcpp
    from PIL import Image

    from app.table.links import qr_png

    gid, _ = guardians(svc, names=("Mei", "Ken", "Aki"), fires=(1, 3, 2))
    v = load_finish(svc.store, gid, t, lang="ja")
    assert v is not None and v.exports is not None
    link = v.exports.bgstats_qr
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    img = Image.open(io.BytesIO(qr_png(link, box_size=6, border=4)))
    assert [r.text for r in zxingcpp.read_barcodes(img)] == [link]
    record = json.loads(v.exports.record_json)
    # dated to the second, in this machine's offset (it was UTC with microseconds)
    when = datetime.fromisoformat(record["played_at"])
    assert "." not in record["played_at"] and when.microsecond == 0
    assert when.utcoffset() == when.astimezone().utcoffset()
    play = json.loads(urllib.parse.unquote(link.split("data=", 1)[1]))
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
        ("Mei", 1, False), ("Ken", 3, True), ("Aki", 2, False)]
    assert play["sourcePlayId"] == json.loads(v.exports.record_json)["history"]["play_id"]


def test_a_shared_victory_is_explained(svc):
    gid, _ = guardians(svc, fires=(2, 2))
    v = load_finish(svc.store, gid, t)
    assert v is not None and set(v.winners) == {"Mei", "Ken"}
    # the score sheet's own note (a Forest Guardians tie has no tie-breaker: 003)
    assert v.tie_note == ("Mei and Ken tie on 2 points and share the win "
                          "(the rulebook names no tie-breaker).")


def test_a_broken_tie_names_the_tie_breaker():
    from app.store.crud import SeatInfo as P

    class S:
        id, game, status = 7, "forestry", "finished"
        played_at = datetime(2026, 5, 1, 12, tzinfo=UTC)
        players = (P(1, 1, "Pink", None, None, 50, 2, False),
                   P(2, 2, "Blue", None, None, 50, 1, True))
        winners = ("Blue",)

    v = finish_view(S(), None, t, saved=True,
                    notes=("Tie on 50: broken by the most coins (Blue).",))
    assert v.rows[0].name == "Blue"
    assert v.tie_note == ("Tie on 50 between Blue, Pink, broken by: "
                          "Tie on 50: broken by the most coins (Blue).")
    assert v.exports is None and export_files(v) == []


def test_share_text_without_scores():
    rows = (FinishRow("Mei", None, None, False, None),)
    assert share_text("Forestry", "2026-01-02", rows, (), t) == "Forestry 2026-01-02\n-. Mei -"


def test_an_open_game_has_no_finish_view(svc):
    p = NewGamePresenter(t)
    p.set_game("forest-guardians")
    p.set_name(0, "Mei")
    p.set_name(1, "Ken")
    gid, _ = svc.create_table(p.submit(lambda: 1))
    assert load_finish(svc.store, gid, t) is None


def test_rematch_keeps_players_seats_colours_and_options(svc):
    gid, req = guardians(svc, names=("Mei", "Ken", "Aki"), advanced=True)
    saved = svc.store.get_record(game_id=gid)
    seats = svc.store.game_seats(game_id=gid)
    f = rematch_presenter(dict(saved.record), t, colours=[s.colour for s in seats])
    assert f.game == "forest-guardians" and f.form.advanced
    assert [(p.name, p.colour) for p in f.players] == [(p.name, p.colour) for p in req.players]
    assert [p.role for p in f.players] == list(saved.record and
                                               [p["ranger"] for p in saved.record["players"]])
    again = f.submit(lambda: 99)
    assert again is not None and again.seed == 99
    assert [p.name for p in again.players] == ["Mei", "Ken", "Aki"]

    record = {"game": "forestry", "options": {"mode": "standard", "technology_side": "B",
                                              "infestation": True},
              "players": [{"name": "Pink", "character": None}, {"name": "Blue"}]}
    f = rematch_presenter(record, t, colours=["red", "red"])
    form = f.form
    assert form.technology_side is not None and form.technology_side.value == "B"
    assert form.infestation
    assert [p.colour for p in f.players][0] == "red" and len({p.colour for p in f.players}) == 2


def test_finishing_on_the_sheet_opens_the_finish_screen(svc):
    async def go():
        client, app = await start_app()
        await tap(client, "home-new-game")
        client.session.get_page_patch()
        async def press(identifier):
            await tap(client, identifier)
            client.session.get_page_patch()

        await press("new-game-forest-guardians")
        for i, name in enumerate(["Mei", "Ken"]):
            await client.type(by_id(client, f"new-player-{i}-name"), name)
        for identifier in ("new-start", "setup-start-play", "sheet-start-game",
                           "sheet-fire-tokens-plus", "sheet-finish"):
            await press(identifier)
        await settle()
        client.session.get_page_patch()
        assert app.route == "finish"
        assert by_id(client, "finish-saved") is not None
        # the result on one screen: the grid in seat order, the winner's column marked;
        # the share card one tap away
        assert by_id(client, "score-total-0").content.value == "1"
        assert by_id(client, "score-total-1").content.value == "0"
        assert by_id(client, "score-fires-0").content.value == "1"
        head = client.find(ft.Semantics, lambda c: c.identifier == "score-head-0")[0]
        assert head.label == "Mei, seat 1 (winner)"
        assert head.content.bgcolor == "#1F5FAD"  # seat 1's colour on the form: blue
        assert "winner" not in client.find(
            ft.Semantics, lambda c: c.identifier == "score-head-1")[0].label
        assert not client.find(ft.Semantics, lambda c: c.identifier == "finish-qr")
        await press("finish-share")
        assert by_id(client, "finish-qr") is not None
        assert by_id(client, "finish-bgstats-qr") is not None
        assert by_id(client, "finish-bgstats-link").url.startswith("bgstats://")
        await press("finish-rematch")
        await settle()
        assert app.route == "new"
        form = app.states.get(NewGamePresenter)
        assert form.game == "forest-guardians"
        assert [p.name for p in form.players] == ["Mei", "Ken"]
        assert not client.crashes()

    asyncio.run(go())


def test_a_screen_reader_never_hears_none_for_an_incomplete_result():
    """Issue 22: "1. Pink None" for a result without a total."""
    from app.ui.finish.presenter import FinishRow
    from app.ui.finish.view import row_label

    fields = FinishRow.__dataclass_fields__
    base = {k: None for k in fields} | {"name": "Pink"}
    incomplete = FinishRow(**(base | {"rank": 1, "total": None}))
    assert "None" not in row_label(t, incomplete) and "Pink" in row_label(t, incomplete)
    done = FinishRow(**(base | {"rank": 1, "total": 93}))
    assert row_label(t, done) == "1. Pink: 93 points"
