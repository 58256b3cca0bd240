"""Screens <-> browser addresses: pushed history entries, Back/Forward, typed addresses, reloads.

The browser is simulated the way Flet's web client talks to the server: a
screen change sends ``push_route`` (recorded here), and the browser's Back or
Forward (or a typed address) comes back as the page's new ``route`` followed by
a ``route_change`` event (what ``FletBackend._sendRouteChangeEvent`` does).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.session import GameSession
from app.store.facade import Store
from app.table.hub import TableHub
from app.table.links import join_route
from app.ui.shell.app import GAME_ROUTES, PLAIN_ROUTES, parse_path, screen_path
from tests.app import flet_harness
from tests.app.flet_harness import Client, semantics_ids, settle, start_app

PLAYERS = ["Mei", "Bo", "Ana"]


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def pushed(client: Client) -> list[str]:
    """The addresses the app pushed to the browser, in order."""
    return [m.body.args["route"] for m in client.conn.messages
            if m.action.name == "INVOKE_METHOD" and m.body.name == "push_route"]


async def browse(client: Client, route: str) -> None:
    """The browser moved to ``route`` (Back, Forward, a typed address): what its client sends."""
    page = client.page
    client.session.apply_patch(page._i, {"route": route})
    await client.session.dispatch_event(page._i, "route_change", {"route": route})
    await settle()


async def echo(client: Client) -> None:
    """The browser confirms every pushed address (its route change after ``push_route``)."""
    await settle()  # the pushes run as tasks of the session
    for route in pushed(client)[getattr(client, "_echoed", 0):]:
        await browse(client, route)
    client._echoed = len(pushed(client))  # type: ignore[attr-defined]


async def tap(client: Client, identifier: str) -> None:
    client.session.get_page_patch()  # index the page as it is now (what the client does)
    await flet_harness.tap(client, identifier)


def ids(client: Client) -> list[str]:
    client.session.get_page_patch()  # index the page as it is now
    return semantics_ids(client)


# --------------------------------------------------------------------------- the mapping


@pytest.mark.parametrize(("route", "params", "path"), [
    ("home", {}, "/"),
    ("settings", {}, "/settings"),
    ("history", {}, "/history"),
    ("stats", {}, "/stats"),
    ("new", {}, "/new"),
    ("setup", {}, "/setup"),
    ("tables", {}, "/tables"),
    ("sheet", {"game_id": 12}, "/sheet/12"),
    ("scoreboard", {"game_id": 3}, "/scoreboard/3"),
    ("finish", {"game_id": 7}, "/finish/7"),
    ("host", {"game_id": 7}, "/host/7"),
    ("person", {"person_id": 3, "game": "forestry"}, "/person/3/forestry"),
])
def test_every_screen_has_an_address_and_back(route: str, params: dict[str, Any],
                                              path: str) -> None:
    assert screen_path(route, params) == path
    assert parse_path(path) == (route, params)
    assert parse_path(path + "?utm=x") == (route, params)


def test_addresses_never_carry_a_token() -> None:
    assert screen_path("sheet", {"game_id": 12, "token": "s3cr3t-s3cr3t-s3cr3t"}) == "/sheet/12"
    assert screen_path("scoreboard", {"game_id": 1, "token": "x" * 32}) == "/scoreboard/1"


@pytest.mark.parametrize("path", [
    "", "/", None, "/nonsense", "/sheet/x", "/sheet/1/2", "/settings/1", "/person/3",
    "/person/x/forestry", "/person/3/Forestry!", "/home/1", "/sheet/99999999999999", "/../etc",
])
def test_unknown_or_malformed_addresses_are_home(path: str | None) -> None:
    assert parse_path(path) == ("home", {})


def test_every_routed_screen_is_known() -> None:
    from app.ui.shell.app import screens

    assert (GAME_ROUTES | PLAIN_ROUTES | {"home", "person"}) <= set(screens())


def test_join_route_keeps_the_token_in_front() -> None:
    token = "abcDEF123_-abcDEF123_-abcDEF123_"
    assert join_route(f"/join/{token}") == (token, "/")
    assert join_route(f"/join/{token}/scoreboard") == (token, "/scoreboard")
    assert join_route("/settings") == (None, "/settings")
    assert join_route("/join/short/scoreboard") == (None, "/join/short/scoreboard")


# --------------------------------------------------------------------------- the whole app


def test_a_new_screen_pushes_its_address(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        assert pushed(client) == [] and app.url() == "/"  # the start pushes nothing
        await tap(client, "home-settings")
        assert app.route == "settings" and pushed(client) == ["/settings"]
        await echo(client)
        assert app.route == "settings"  # the browser's echo is not a navigation
        app.refresh()  # a redraw of the same screen: no new entry
        await settle()
        assert pushed(client) == ["/settings"]

    run(go())


def test_browser_back_and_forward(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await tap(client, "home-history")
        await echo(client)
        app.go("stats")
        await echo(client)
        assert app.route == "stats" and pushed(client) == ["/history", "/stats"]
        await browse(client, "/history")  # Back
        assert app.route == "history" and app.history == [("home", {})]
        await browse(client, "/")  # Back again: home, like the back arrow
        assert app.route == "home" and app.history == []
        assert "home-title" in ids(client)
        await browse(client, "/history")  # Forward
        assert app.route == "history" and app.history == [("home", {})]
        assert pushed(client) == ["/history", "/stats"]  # the browser moved itself: no push
        # the in-app arrow goes back too (its address is pushed: Flet has no history.back())
        await tap(client, "nav-back")
        assert app.route == "home" and pushed(client)[-1] == "/"
        assert not client.crashes()

    run(go())


def test_quick_taps_are_not_mistaken_for_back(svc: Any) -> None:
    """Two screens before the browser confirms the first: its late echo is no Back."""
    async def go() -> None:
        client, app = await start_app()
        app.go("history")
        app.go("stats")
        await settle()
        assert pushed(client) == ["/history", "/stats"]
        await browse(client, "/history")  # the first echo, late
        assert app.route == "stats" and app.history == [("home", {}), ("history", {})]
        await browse(client, "/stats")
        assert app.route == "stats" and app.history == [("home", {}), ("history", {})]
        await browse(client, "/history")  # now it is the browser's Back
        assert app.route == "history" and app.history == [("home", {})]

    run(go())


def test_typed_addresses(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await browse(client, "/settings")
        assert app.route == "settings" and "settings-lang-ja" in ids(client)
        for nonsense in ("/nonsense", "/sheet/x", "/sheet/424242", "/scoreboard/424242",
                         "/finish/424242", "/host/424242", "/person/9/forestry",
                         "/person/9/nogame", "/join/not-a-real-token-at-all/settings"):
            await browse(client, nonsense)
            assert not client.crashes(), nonsense
        await browse(client, "/nonsense/1/2")
        assert app.route == "home" and "home-title" in ids(client)
        await browse(client, "/setup")  # no deal in this tab: the new-game form
        assert app.route == "new"
        assert not client.crashes()

    run(go())


def _game(svc: Any) -> int:
    return int(GameSession.create(svc.store, game="forestry", players=["Mei", "Ken"],
                                  seed=5).game_id)


@pytest.mark.parametrize(("route", "want"), [
    ("/settings", ("settings", {})),
    ("/stats", ("stats", {})),
    ("/no-such-screen", ("home", {})),
])
def test_a_reload_lands_on_the_same_screen(svc: Any, route: str,
                                           want: tuple[str, dict[str, Any]]) -> None:
    """A new session (a reload after the old one expired) starts on its address."""
    async def go() -> None:
        client, app = await start_app(route=route)
        assert (app.route, app.params) == want
        assert pushed(client) == []  # the address is already right
        assert not client.crashes()

    run(go())


def test_a_reload_of_a_sheet_reopens_that_game(svc: Any) -> None:
    async def go() -> None:
        gid = _game(svc)
        client, app = await start_app(route=f"/sheet/{gid}")
        assert app.route == "sheet" and app.params == {"game_id": gid}
        assert "sheet-scoreboard" in ids(client)
        await tap(client, "sheet-scoreboard")
        assert pushed(client) == [f"/scoreboard/{gid}"]
        await echo(client)
        await browse(client, f"/sheet/{gid}")  # Back
        assert app.route == "sheet" and app.params["game_id"] == gid
        assert not client.crashes()

    run(go())


# --------------------------------------------------------------------------- table links


def _tabs(store: Store, steps: Any) -> Any:
    """Run ``steps(hub, make_tab)`` with simulated table-mode tabs (``forest-table serve``)."""
    from tests.app.test_table import _tab_run

    return _tab_run(store, steps)


def _text(client: Client) -> str:
    import flet as ft

    client.session.get_page_patch()
    return "\n".join(str(c.value) for c in client.find(ft.Text))


def test_a_seat_link_cannot_leave_its_table_by_address(store: Store) -> None:
    game = GameSession.create(store, game="forestry", players=PLAYERS, seed=7).game_id
    other = GameSession.create(store, game="forestry", players=["Zed", "Yu"], seed=3).game_id

    async def steps(hub: TableHub, make_tab: Any) -> None:
        token = hub.issue(game, 2)
        link = f"/join/{token}"
        client, tab = await make_tab(link)
        app = tab.app
        assert app.locked is not None and app.route == "sheet"
        assert app.url() == link and pushed(client) == []  # the link is the sheet's address
        await tap(client, "sheet-scoreboard")
        assert app.route == "scoreboard" and pushed(client) == [f"{link}/scoreboard"]
        await echo(client)
        await browse(client, link)  # Back: the sheet again
        assert app.route == "sheet" and app.history == []
        escapes = ["/", "/settings", "/history", "/stats", "/new", "/tables",
                   f"/host/{game}", f"/sheet/{other}", f"/scoreboard/{other}", f"/table/{other}",
                   f"/finish/{game}", f"{link}/settings", f"{link}/history", f"{link}/host",
                   f"{link}/sheet/{other}", "/person/1/forestry", "/nonsense"]
        for route in escapes:
            await browse(client, route)
            assert app.route in ("sheet", "scoreboard"), route
            assert app.params["game_id"] == game and app.params["token"] == token, route
            ids_now = ids(client)
            assert "home-title" not in ids_now and "settings-lang-ja" not in ids_now, route
            assert "Zed" not in _text(client), route
        assert tab.token == token and tab.app is app  # still the same seat
        assert token not in "".join(p.replace(link, "") for p in pushed(client))
        assert not client.crashes()

    _tabs(store, steps)


def test_a_seat_tab_reopens_from_any_of_its_addresses(store: Store) -> None:
    """A new session (server restart, expired tab) on ``/join/<token>/scoreboard``, no
    remembered token: the address alone reopens the seat, on its scoreboard."""
    game = GameSession.create(store, game="forestry", players=PLAYERS, seed=7).game_id

    async def steps(hub: TableHub, make_tab: Any) -> None:
        token = hub.issue(game, 3)
        client, tab = await make_tab(f"/join/{token}/scoreboard")
        assert tab.app is not None and tab.app.locked["seat"] == 3
        assert tab.app.route == "scoreboard"
        assert pushed(client) == []

    _tabs(store, steps)


def test_a_remembered_seat_does_not_write_its_token_into_addresses(store: Store) -> None:
    """Opened on the bare address with the token only in the phone's storage: the
    addresses of its screens stay token-free."""
    from app.ui.kit.prefs import MemoryPrefs
    from app.ui.shell.tab import PREF_TOKEN

    game = GameSession.create(store, game="forestry", players=PLAYERS, seed=7).game_id

    async def steps(hub: TableHub, make_tab: Any) -> None:
        token = hub.issue(game, 1)
        prefs = MemoryPrefs()
        prefs.values[PREF_TOKEN] = token
        client, tab = await make_tab("/", prefs)
        assert tab.app is not None and tab.app.locked["seat"] == 1
        await tap(client, "sheet-scoreboard")
        assert pushed(client) == ["/scoreboard"]
        await echo(client)
        await browse(client, "/")
        assert tab.app.route == "sheet"

    _tabs(store, steps)


def test_another_join_link_in_the_same_tab_opens_that_seat(store: Store) -> None:
    game = GameSession.create(store, game="forestry", players=PLAYERS, seed=7).game_id

    async def steps(hub: TableHub, make_tab: Any) -> None:
        first, second = hub.issue(game, 1), hub.issue(game, 2)
        client, tab = await make_tab(f"/join/{first}")
        await browse(client, f"/join/{second}/scoreboard")
        from tests.app.test_table import _until

        await _until(lambda: tab.token == second and tab.app is not None
                     and tab.app.route == "scoreboard")
        assert tab.token == second and tab.app.locked["seat"] == 2
        assert tab.app.route == "scoreboard"

    _tabs(store, steps)
