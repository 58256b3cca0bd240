"""Issue 22 in the browser: the result reaches every phone as a screen it sees (a seat
phone scrolled to the end of its sheet included); a rematch keeps the table (modules,
seats) and every phone follows to the new game without scanning a new code.

Its own server: a three-player Forestry game with Growing Forward's infestation module,
started. Three seat phones are on it; the host (the server host link, the laptop's
browser) finishes it, taps Rematch, deals and starts the new game.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import (
    PHONES,
    PREF_TOKEN_KEY,
    as_host,
    by_id,
    enable_semantics,
    reveal,
    tap,
)
from tests.e2e.table_fixtures import PLAYERS, TableServer, seated, table_browser

__all__ = ["table_browser"]

TALL = {"width": 412, "height": 2600}
WAIT_MS = 20_000
IN_VIEW_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  if (!e) return false;
  const r = e.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
}"""


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[TableServer, int]]:
    from app.game.commands import StartGame
    from app.games.forestry.commands import SetHarvester
    from app.session import GameSession
    from app.store.facade import Store

    srv = TableServer()
    store = Store.open(srv.db_url)
    session = GameSession.create(store, game="forestry", players=seated(PLAYERS), seed=11,
                                 options={"infestation": True}, infested=(4, 9, 12))
    forest = session.state.table.forest  # type: ignore[union-attr]
    free = [sp for sp in range(1, 16) if forest.forester_at(sp) is None
            and sp not in forest.infested]
    for i in range(len(PLAYERS)):
        session.apply(SetHarvester(version=session.version, player=i, space=free[i]))
    session.apply(StartGame(version=session.version))
    store.engine.dispose()
    srv.start()
    try:
        yield srv, session.game_id
    finally:
        srv.kill()


def _tokens(srv: TableServer, game_id: int) -> dict[int, str]:
    from app.store.facade import Store
    from app.table.hub import TableHub

    store = Store.open(srv.db_url)
    try:
        hub = TableHub(store)
        return {seat: hub.issue(game_id, seat) for seat in (1, 2, 3)}
    finally:
        store.engine.dispose()


def _game_of(srv: TableServer, token: str) -> tuple[int | None, int | None]:
    from app.store.facade import Store
    from app.table.hub import TableHub

    store = Store.open(srv.db_url)
    try:
        access = TableHub(store).access(token)
        return (None, None) if access is None else (access.game_id, access.seat)
    finally:
        store.engine.dispose()


def _stored_token(page: Any) -> str:
    raw = page.evaluate(f"() => localStorage.getItem({json.dumps(PREF_TOKEN_KEY)})")
    return json.loads(raw) if raw else ""


def test_a_rematch_brings_every_phone_to_the_new_game_with_the_same_modules(
        table_browser: Any, server: tuple[TableServer, int]) -> None:
    srv, game_id = server
    contexts = []
    try:
        seats = []
        for seat, token in _tokens(srv, game_id).items():
            ctx = table_browser.new_context(viewport=TALL)
            contexts.append(ctx)
            page = ctx.new_page()
            page.goto(f"{srv.url}/join/{token}")
            enable_semantics(page)
            by_id(page, "sheet-total").first.wait_for(state="attached", timeout=WAIT_MS)
            seats.append((seat, page))
        ctx = table_browser.new_context(viewport=TALL)
        contexts.append(ctx)
        host_token = srv.host_link.rsplit("/", 1)[1]
        as_host(ctx, host_token)
        host = ctx.new_page()
        host.goto(f"{srv.url}/table/{game_id}")
        enable_semantics(host)
        by_id(host, "sheet-finish").first.wait_for(state="attached", timeout=WAIT_MS)
        # a seat phone of a real size, scrolled down to the shared table (the end of its
        # sheet): the result must come to it as a screen it sees, from the top
        seats[0][1].set_viewport_size(PHONES["iphone"])
        reveal(seats[0][1], "sheet-round-token")
        tap(host, "sheet-finish", appears="finish-missing-anyway")  # the boards are empty
        tap(host, "finish-missing-anyway", appears="finish-rematch")
        for _seat, page in seats:  # every phone: the result, inside its viewport
            page.wait_for_function(IN_VIEW_JS, arg="table-finished", timeout=WAIT_MS)
        seats[0][1].set_viewport_size(TALL)
        tap(host, "finish-rematch", appears="new-start")
        # the form has the old table's options: infestation on (it was lost before)
        infestation = by_id(host, "new-infestation").first
        infestation.wait_for(state="attached", timeout=WAIT_MS)
        assert host.evaluate("""() => { const e = document.querySelector(
            '[flt-semantics-identifier="new-infestation"]');
            return [e, ...e.querySelectorAll('*')].some(x =>
              x.getAttribute('aria-checked') === 'true' ||
              x.getAttribute('aria-pressed') === 'true' ||
              x.getAttribute('aria-selected') === 'true'); }""")
        tap(host, "new-start", appears="setup-progress")
        tap(host, "setup-start-play", appears="sheet-total")
        # every seat phone follows on its own: a new token, stored, for the same seat
        from app.session import GameSession
        from app.store.facade import Store

        for seat, page in seats:
            deadline = time.monotonic() + 20
            while True:
                new_game, new_seat = _game_of(srv, _stored_token(page))
                if new_game not in (None, game_id):
                    break
                assert time.monotonic() < deadline, f"seat {seat} stayed on table {game_id}"
                page.wait_for_timeout(200)
            assert new_seat == seat
            deadline = time.monotonic() + 15  # the address follows (pushed after the sheet)
            while f"/join/{_stored_token(page)}" not in page.url:
                assert time.monotonic() < deadline, (page.url, _stored_token(page))
                page.wait_for_timeout(200)
            by_id(page, "sheet-total").first.wait_for(state="attached", timeout=WAIT_MS)
            assert "This game is finished" not in page.evaluate("document.body.innerText")
        store = Store.open(srv.db_url)
        try:
            new = GameSession.load(store, new_game)  # type: ignore[arg-type]
            assert new.state.options.infestation  # type: ignore[union-attr]
            assert [p.name for p in new.state.players] == PLAYERS
        finally:
            store.engine.dispose()
    finally:
        for ctx in contexts:
            ctx.close()
