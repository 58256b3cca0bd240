"""Statistics: a person's charts from real finished games (in-memory store), no Flutter."""

from __future__ import annotations

import asyncio

import flet_charts as fch
import pytest

from app import session
from app.i18n import Translator
from app.ui.presenters_game import NewGamePresenter
from app.ui.presenters_sheet import SheetPresenter, TableClient
from app.ui.presenters_stats import load_person
from tests.app.flet_harness import by_id, settle, start_app, tap

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
    sp.result(c.submit(sp.start_game()))
    for i in range(2):
        sp.result(c.submit(session.SetGuardians(version=sp.version, player=i,
                                                field="fire_tokens", value=fires[i])))
        sp.result(c.submit(session.SetGuardians(version=sp.version, player=i,
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
    assert load_person(svc.store, mei, "forestry", t) is None


def test_statistics_open_a_persons_charts(svc):
    play(svc, (3, 1))
    play(svc, (0, 2))

    async def go():
        client, app = await start_app()
        await tap(client, "home-stats")
        client.session.get_page_patch()
        rate = by_id(client, "stats-0-win-rate").value
        assert rate == "Win rate 50%"
        card = by_id(client, "stats-0")
        await client.session.dispatch_event(card.content._i, "click", None)  # the Container
        await settle()
        client.session.get_page_patch()
        assert app.route == "person"
        assert by_id(client, "person-win-rate").value == "Win rate 50%"
        line = client.find(fch.LineChart)
        # Ken first (most plays, then by name): 1 then 2 fire tokens, a win the second time
        assert [p.y for p in line[0].data_series[0].points] == [1, 2]
        bars = client.find(fch.BarChart)
        assert bars and len(bars[0].groups) == 4  # trees, animals, fires, ranger
        assert not client.crashes()

    asyncio.run(go())
