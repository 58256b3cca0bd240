"""Printed values confirmed on the scoreboard, two cards in a row (issue 11 item 4): each is
stored as typed. Over a harness session that encodes its messages and keeps its index as
the web server does (``start_app(encode=True)``), where a field the page no longer indexes
loses what is typed into it."""

from __future__ import annotations

import asyncio
from typing import Any

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
    from app.ui import services

    svc = memory_services()
    services.set_shared(svc)

    async def go() -> None:
        client, app = await start_app(encode=True)
        await _forestry_scoreboard(client, app)
        key = next(k for k in app.state if str(k).startswith("table:"))
        p = app.state[key][0]
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

    try:
        asyncio.run(go())
    finally:
        services.set_shared(None)
