"""Printed values confirmed on the scoreboard, two cards in a row (issue 11 item 4): each is
stored as typed. Over a harness session that encodes its messages and keeps its index as
the web server does (``start_app(encode=True)``), where a field the page no longer indexes
loses what is typed into it."""

from __future__ import annotations

import asyncio
from typing import Any

from app.ui.kit.live_table import OpenTable
from tests.app.flet_harness import memory_services, settle, shown, start_app


async def click(client: Any, app: Any, ident: str) -> None:
    import flet as ft

    control = shown(app, ident)
    if isinstance(control, ft.Row):
        control = control.controls[0]
    await client.session.dispatch_event(control._i, "click", None)
    await settle()


async def _forestry_scoreboard(client: Any, app: Any) -> Any:
    app.new_game()
    await settle()
    for i, name in enumerate(["Mei", "Ken"]):
        await client.type(shown(app, f"new-player-{i}-name"), name)
    await click(client, app, "new-start")
    await click(client, app, "setup-start-play")
    await click(client, app, "sheet-scoreboard")
    assert app.route == "scoreboard"


def test_two_printed_values_confirmed_in_a_row_are_stored_as_typed() -> None:

    svc = memory_services()

    async def go() -> None:
        client, app = await start_app(encode=True, services=svc)
        await _forestry_scoreboard(client, app)
        key = next(k for k, _t in app.states.all(OpenTable))
        p = app.states.get(OpenTable, key)[0]
        asked = [(n.table, n.key) for n in p.sheet().needs]
        assert len(asked) >= 2, asked
        typed = {}
        for value in ("6", "8"):
            need = (p.sheet().needs[0].table, p.sheet().needs[0].key)
            await client.type(shown(app, "score-need-0-value"), value)
            await click(client, app, "score-need-0-confirm")
            assert p.error is None, p.error
            typed[need] = int(value)
        stored = svc.store.get_printed()
        for (table, k), value in typed.items():
            got = next(v for t, vals in stored.items() if t.startswith(table)
                       for kk, v in vals.items() if kk == k)
            assert got == value, (table, k, stored)
        assert dict(((t, k), v) for t, k, v in p.state.printed) == typed
        assert not client.crashes()

    asyncio.run(go())


def test_finish_an_incomplete_game_then_complete_it_from_history() -> None:
    """Finish asks first when a value is missing; the game is saved without totals; History
    offers "Complete this game"; the scoreboard asks there; the game is then scored and
    ranked, and counts in the statistics."""
    from tests.app.flet_harness import by_id

    svc = memory_services()

    async def go() -> None:
        client, app = await start_app(services=svc, encode=True)
        await _forestry_scoreboard(client, app)
        await click(client, app, "nav-back")
        assert app.route == "sheet"
        await click(client, app, "sheet-finish")
        client.session.get_page_patch()
        # something is missing: asked first, nothing finished yet
        key = next(k for k, _t in app.states.all(OpenTable))
        p = app.states.get(OpenTable, key)[0]
        assert p.status != "finished"
        await client.session.dispatch_event(by_id(client, "finish-missing-anyway")._i,
                                            "click", None)
        await settle()
        assert p.status == "finished"
        game_id = p.snapshot.game_id
        game = svc.store.get_game(game_id=game_id)
        assert game is not None and game.complete is False  # saved, not complete
        app.go("history")
        await settle()
        await click(client, app, f"history-complete-{game_id}")
        assert app.route == "scoreboard"
        for _ in range(10):
            if not p.sheet().needs:
                break
            await client.type(shown(app, "score-need-0-value"), "0")
            await click(client, app, "score-need-0-confirm")
            p._sheet = None
        assert p.sheet().complete
        lines = [x for x in svc.history(limit=10) if x.id == game_id]
        assert lines and all(q.total is not None and q.rank for q in lines[0].players)
        assert not client.crashes()

    asyncio.run(go())


def test_settings_lists_confirmed_values_to_edit_and_delete() -> None:

    svc = memory_services()
    svc.store.confirm_printed(table="buildings_vp", key="4", value=5)
    svc.store.confirm_printed(table="tasks_vp", key="3", value=6)

    async def go() -> None:
        client, app = await start_app(services=svc)
        app.go("settings")
        await settle()
        field = shown(app, "settings-printed-buildings-vp-4-value")
        assert field.value == "5"
        await client.type(field, "7")
        await click(client, app, "settings-printed-buildings-vp-4-save")
        assert svc.store.get_printed()["buildings_vp"]["4"] == 7
        await click(client, app, "settings-printed-tasks-vp-3-delete")
        assert "3" not in svc.store.get_printed().get("tasks_vp", {})
        assert shown(app, "settings-printed-buildings-vp-4-value").value == "7"
        assert not client.crashes()

    asyncio.run(go())


def test_a_question_mark_on_the_grid_opens_the_entry_of_its_printed_value() -> None:
    """Issue 33 item 5: a value still waiting for a printed number shows "?" on the result
    grid; a tap on it focuses the field that asks for that number (``score-need-N-value``)."""
    import flet as ft
    from flet.messaging.protocol import MessageAction

    from app.ui.kit.result_grid import need_of
    from app.ui.sheet.presenter import scoreboard

    svc = memory_services()

    async def go() -> None:
        client, app = await start_app(encode=True, services=svc)
        await _forestry_scoreboard(client, app)
        key = next(k for k, _t in app.states.all(OpenTable))
        p = app.states.get(OpenTable, key)[0]
        board = scoreboard(p.sheet(), app.t)
        row = next(r for r in board.rows if None in r.values)
        n = need_of(board, row)
        assert n is not None, row
        cell = shown(app, f"score-{row.category}-0")
        assert isinstance(cell, ft.Container) and cell.content.value == "?"
        assert cell.on_click is not None
        field = shown(app, f"score-need-{n}-value")
        sent = len(client.conn.messages)
        await client.session.dispatch_event(cell._i, "click", None)
        await settle()
        calls = [m for m in client.conn.messages[sent:]
                 if m.action == MessageAction.INVOKE_METHOD]
        assert any(getattr(m.body, "name", None) == "focus"
                   and getattr(m.body, "control_id", None) == field._i for m in calls), calls
        # a value that is known is only shown
        known = shown(app, "score-score_track-0")
        assert known.on_click is None and known.content.value == "0"
        assert not client.crashes()

    asyncio.run(go())
