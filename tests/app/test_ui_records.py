"""History and statistics from real finished games (in-memory store), no Flutter: a
person's charts, the history's filters, an imported game's breakdown."""

from __future__ import annotations

import asyncio

import flet as ft
import flet_charts as fch
import pytest

from app.games.guardians.commands import SetGuardians
from app.i18n import Translator
from app.ui.kit.live_table import TableClient
from app.ui.new_game.presenter import NewGamePresenter
from app.ui.records.stats import load_person, y_axis
from app.ui.sheet.presenter import SheetPresenter
from tests.app.flet_harness import by_id, on_page, settle, start_app, tap

t = Translator("en").t


def play(svc, fires: tuple[int, int], trees: tuple[int, int] = (0, 0)) -> int:
    """A finished 2-player Forest Guardians game: Mei and Ken."""
    p = NewGamePresenter(t)
    p.set_game("forest-guardians")
    p.set_name(0, "Mei")
    p.set_name(1, "Ken")
    gid, token = svc.create_table(p.submit(lambda: 5))
    c = TableClient(svc.hub(), gid, token)
    sp = SheetPresenter(t, c.snapshot(), printed=c.printed())
    c.subscribe(sp.update)  # accepted commands reach it by the table's broadcast
    sp.result(c.submit(sp.start_game()))
    for i in range(2):
        sp.result(c.submit(SetGuardians(version=sp.version, player=i,
                                                field="fire_tokens", value=fires[i])))
        sp.result(c.submit(SetGuardians(version=sp.version, player=i,
                                                field="tree_points", value=(trees[i], 0, 0))))
    sp.result(c.submit(sp.finish()))
    assert sp.status == "finished", sp.error
    return gid


def test_person_view_scores_categories_and_win_rate(svc):
    play(svc, (3, 1))  # Mei 3, Ken 1
    play(svc, (1, 2), trees=(0, 4))  # Mei 1, Ken 6
    play(svc, (2, 0), trees=(5, 0))  # Mei 7, Ken 0
    with svc.store.session() as s:
        from app.store import queries

        mei = queries.resolve_person(s, "Mei").id
    v = load_person(svc.store, mei, "forest-guardians", t)
    assert v is not None
    assert (v.name, v.plays, v.wins, v.win_rate_text, v.best) == ("Mei", 3, 2, "67", "7")
    assert v.average == "3.7"
    assert [p.y for p in v.scores] == [3, 1, 7] and [p.x for p in v.scores] == [0, 1, 2]
    assert v.scores[0].label.endswith("★") and not v.scores[1].label.endswith("★")
    bars = {c.category: c.average for c in v.categories}
    assert bars["fires"] == pytest.approx(2.0) and bars["trees"] == pytest.approx(5 / 3)
    assert v.categories[0].category == "fires"  # largest first
    assert next(c.label for c in v.categories if c.category == "fires") == "Fires"
    # y axes end on a grid line above the top value: 7 -> 0..8 by 2; 2.0 -> 0..3 by 1
    assert (v.score_axis, v.category_axis) == ((8, 2), (3, 1))
    assert load_person(svc.store, mei, "forestry", t) is None


@pytest.mark.parametrize(("top", "axis"), [
    (0, (1, 1)), (4, (5, 1)), (7, (8, 2)), (23, (30, 10)), (93, (100, 25)),
    (100, (125, 25)), (4000, (5000, 1000)),
])
def test_y_axis_ends_on_a_grid_line_above_the_top(top, axis):
    assert y_axis(top) == axis
    most, step = axis
    assert most % step == 0 and most > top and most - step <= max(top, 1) * 1.5


def test_statistics_open_a_persons_charts(svc):
    play(svc, (3, 1))
    play(svc, (0, 2))

    async def go():
        client, app = await start_app()
        await tap(client, "home-stats")
        client.session.get_page_patch()
        rate = by_id(client, "stats-0-win-rate").value
        assert rate == "Win rate 50%"
        # the card opens the charts through a real button (48 px or more), not through a
        # Container.on_click: Flutter gives that no tap action in its semantics tree
        charts = by_id(client, "stats-0-charts").controls[0]
        assert isinstance(charts, ft.OutlinedButton) and charts.height >= 48
        assert not [c for c in client.find(ft.Container) if c.on_click is not None]
        await tap(client, "stats-0-charts")
        client.session.get_page_patch()
        assert app.route == "person"
        assert by_id(client, "person-win-rate").value == "Win rate 50%"
        line = client.find(fch.LineChart)
        # Ken first (most plays, then by name): 1 then 2 fire tokens, a win the second time
        assert [p.y for p in line[0].data_series[0].points] == [1, 2]
        bars = client.find(fch.BarChart)
        assert bars and len(bars[0].groups) == 4  # trees, animals, fires, ranger
        # readable at 390 px: numbered bars, the names in full below; no "0" at the corner
        assert [lb.label.value for lb in bars[0].bottom_axis.labels] == ["1", "2", "3", "4"]
        texts = [c.value for c in client.find(ft.Text) if isinstance(c.value, str)]
        assert any(v.startswith("1. ") and ": " in v for v in texts), texts
        assert 0 not in [lb.value for lb in line[0].left_axis.labels]
        assert not client.crashes()

    asyncio.run(go())


def test_history_opens_an_imported_games_breakdown(svc):
    """A game imported from a file has no command log: the history opens its scoreboard
    from the stored record (every category, totals, ranks, winner)."""
    from pathlib import Path

    from app.store import exchange

    text = (Path(__file__).parents[1] / "data" / "records" / "guardians_basic_23.json").read_text()
    with svc.store.session() as s:
        (gid,) = exchange.import_records(s, text).imported

    async def go():
        client, app = await start_app()
        await tap(client, "home-history")
        client.session.get_page_patch()
        tile = by_id(client, f"history-game-{gid}").content
        assert isinstance(tile, ft.ListTile) and tile.on_click is not None  # a real button
        await client.session.dispatch_event(tile._i, "click", None)
        await settle()
        client.session.get_page_patch()
        assert app.route == "scoreboard"

        def cell(ident: str) -> str:
            return by_id(client, ident).content.value

        # Mei: trees 2+6+3, animals 3+6, fires 3 = 23; Ken: 6, 5, 2 = 13
        assert [cell(f"score-{c}-0") for c in ("trees", "animals", "fires")] == ["11", "9", "3"]
        assert [cell(f"score-{c}-1") for c in ("trees", "animals", "fires")] == ["6", "5", "2"]
        assert (cell("score-total-0"), cell("score-total-1")) == ("23", "13")
        assert by_id(client, "score-winners").value == "Winner: Mei"
        assert "sheet-undo" not in [c.identifier for c in client.find(ft.Semantics)]
        assert not client.crashes()

    asyncio.run(go())


def test_history_filters_by_game_and_player(svc):
    from pathlib import Path

    from app.store import exchange, queries

    fg = play(svc, (3, 1))  # Forest Guardians: Mei, Ken
    text = (Path(__file__).parents[1] / "data" / "records"
            / "forestry_93vp_worked_example.json").read_text()
    with svc.store.session() as s:
        (forestry,) = exchange.import_records(s, text).imported
        ken = queries.resolve_person(s, "Ken").id
        pink = queries.resolve_person(s, "Pink").id

    async def go():
        client, app = await start_app()
        await tap(client, "home-history")

        def listed() -> list[int]:
            """The games on the page, in order (walking the page: the session's index
            may still hold controls a redraw replaced)."""
            client.session.get_page_patch()
            return [int(c.identifier.rsplit("-", 1)[1]) for c in on_page(client.page)
                    if isinstance(c, ft.Semantics) and c.identifier
                    and c.identifier.startswith("history-game-")]

        def chips(prefix: str) -> list[tuple[str, bool]]:
            return [(c.label.value, not c.disabled) for c in client.find(ft.Chip)
                    if any(s.content is c and s.identifier.startswith(prefix)
                           for s in client.find(ft.Semantics))]

        async def pick(identifier: str) -> None:
            await tap(client, identifier)
            client.session.get_page_patch()

        assert set(listed()) == {fg, forestry}
        # each game's card is keyed by its game: a filtered list reuses no other game's
        # card (in the browser the old semantics identifier would stay on it)
        cards = [c for c in on_page(client.page) if isinstance(c, ft.Semantics)
                 and c.identifier and c.identifier.startswith("history-game-")]
        assert cards and all(c.key == c.identifier for c in cards)
        assert chips("history-filter-game-") == [
            ("All games", True), ("Forestry", True), ("Forest Guardians", True)]
        assert [name for name, _ in chips("history-filter-person-")] == [
            "Everyone", "Blue", "Green", "Ken", "Mei", "Pink"]
        await pick("history-filter-game-forestry")
        assert listed() == [forestry]
        assert by_id(client, "history-filter-game-forestry").selected
        await pick("history-filter-game-all")
        await pick(f"history-filter-person-{ken}")
        assert listed() == [fg]
        await pick("history-filter-game-forestry")  # Ken never played Forestry
        assert listed() == []
        assert by_id(client, "history-empty").value == "No finished games match."
        await pick(f"history-filter-person-{pink}")
        assert listed() == [forestry]
        # the choice is kept while navigating (per tab)
        (card,) = [c for c in on_page(client.page) if isinstance(c, ft.Semantics)
                   and c.identifier == f"history-game-{forestry}"]
        await client.session.dispatch_event(card.content.content._i, "click", None)  # ListTile
        await settle()
        client.session.get_page_patch()
        assert app.route == "scoreboard"
        await tap(client, "nav-back")
        assert listed() == [forestry]
        assert not client.crashes()

    asyncio.run(go())


def test_history_filters_fall_back_to_all_for_a_choice_that_is_gone():
    from types import SimpleNamespace as NS

    from app.ui.records.presenter import history_filters

    rows = [NS(person_id=2, name="mei", game="forest-guardians"),
            NS(person_id=1, name="Ken", game="forest-guardians")]
    f = history_filters(rows, "forestry", "9", t)
    assert (f.game, f.person) == ("all", "all")
    assert f.query() == {"game": None, "person": None}
    assert f.games[1] == ("forestry", "Forestry", False)  # nobody played it: disabled
    assert [p[1] for p in f.people] == ["Everyone", "Ken", "mei"]
    f = history_filters(rows, "forest-guardians", "2", t)
    assert f.query() == {"game": "forest-guardians", "person": 2}


def test_a_seat_link_gets_no_stored_scoreboard_around_the_access_rules(svc):
    """The stored-record fallback is for the app's own user: a tab locked to a table
    (a seat link) whose token does not open the game sees the refusal, not the sheet."""
    from pathlib import Path

    from app.store import exchange

    text = (Path(__file__).parents[1] / "data" / "records" / "guardians_basic_23.json").read_text()
    with svc.store.session() as s:
        (gid,) = exchange.import_records(s, text).imported

    async def go():
        client, app = await start_app()
        app.lock(gid, "not-a-token", seat=0)
        app.go("scoreboard")
        await settle()
        client.session.get_page_patch()
        assert app.route == "scoreboard"
        shown = [c for c in on_page(client.page) if isinstance(c, ft.Semantics)
                 and c.identifier and c.identifier.startswith("score-")]
        assert shown == []
        app.locked = None  # the same game for the app's own user: the stored sheet
        app.go("scoreboard", game_id=gid)
        await settle()
        client.session.get_page_patch()
        assert [c.identifier for c in on_page(client.page) if isinstance(c, ft.Semantics)
                and c.identifier == "score-total-0"] == ["score-total-0"]

    asyncio.run(go())


def test_history_shows_more_games_a_page_at_a_time(svc, monkeypatch):
    from app.ui.records import view as records

    monkeypatch.setattr(records, "HISTORY_PAGE", 2)
    games = [play(svc, (3, 1)), play(svc, (1, 3)), play(svc, (2, 2))]

    async def go():
        client, app = await start_app()
        await tap(client, "home-history")

        def listed() -> list[int]:
            client.session.get_page_patch()
            return [int(c.identifier.rsplit("-", 1)[1]) for c in on_page(client.page)
                    if isinstance(c, ft.Semantics) and c.identifier
                    and c.identifier.startswith("history-game-")]

        def more_offered() -> bool:
            return any(isinstance(c, ft.Semantics) and c.identifier == "history-more"
                       for c in on_page(client.page))

        assert listed() == games[::-1][:2] and more_offered()  # newest first, one page
        await tap(client, "history-more")
        assert listed() == games[::-1] and not more_offered()  # all three: nothing more
        await tap(client, "history-filter-game-forest-guardians")  # a new filter: page 1
        assert len(listed()) == 2 and more_offered()
        assert not client.crashes()

    asyncio.run(go())
