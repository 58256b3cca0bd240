"""The browser's Back and Forward (and the Android back gesture) in a real browser.

Every screen pushes its address (``/settings``, ``/sheet/12``): Back returns to
the previous screen, Forward comes back, a reload stays. A seat link's tab keeps
its ``/join/<token>`` in front of its addresses and never leaves its table,
whatever the browser's history or a typed address asks for.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.e2e.conftest import PHONES, by_id, enable_semantics, tap, wait_text
from tests.e2e.table_fixtures import PLAYERS, TableServer, table_server

__all__ = ["table_server"]  # a second server with a seeded table

WAIT = 15_000
#: screens a seat link must never show
OUTSIDE = ("home-title", "home-new-game", "home-history", "settings-lang-ja", "stats-empty")


@contextmanager
def _phone(browser: Any, url: str) -> Iterator[Any]:
    """A fresh phone (its own browser context) opened on ``url``, semantics on."""
    ctx = browser.new_context(viewport=PHONES["iphone"], device_scale_factor=2)
    try:
        page = ctx.new_page()
        page.goto(url)
        enable_semantics(page)
        yield page
    finally:
        ctx.close()


def _gone(page: Any, identifier: str) -> None:
    by_id(page, identifier).first.wait_for(state="detached", timeout=WAIT)


def _on(page: Any, identifier: str) -> None:
    by_id(page, identifier).first.wait_for(state="attached", timeout=WAIT)


def _address(page: Any, url: str) -> None:
    """The browser's address becomes ``url`` (the app pushes it right after drawing)."""
    for _ in range(WAIT // 100):
        if page.url == url:
            return
        page.wait_for_timeout(100)
    assert page.url == url


def test_back_returns_to_home_and_forward_to_settings(phone: Any, server_url: str) -> None:
    _on(phone, "home-title")
    tap(phone, "home-settings")
    _on(phone, "settings-lang-ja")
    _address(phone, server_url + "settings")
    phone.go_back()
    _on(phone, "home-new-game")
    _gone(phone, "settings-lang-ja")
    _address(phone, server_url)
    phone.go_forward()
    _on(phone, "settings-lang-ja")
    _gone(phone, "home-new-game")
    # the back arrow and the browser agree: Back from history is home again
    tap(phone, "nav-back")
    _on(phone, "home-history")
    tap(phone, "home-history")
    phone.locator('[flt-semantics-identifier^="history-"]').first.wait_for(
        state="attached", timeout=WAIT)
    _address(phone, server_url + "history")
    phone.go_back()
    _on(phone, "home-title")
    phone.locator('[flt-semantics-identifier^="history-"]').first.wait_for(
        state="detached", timeout=WAIT)


def test_reload_and_a_typed_address_keep_the_screen(phone: Any, server_url: str) -> None:
    tap(phone, "home-stats")
    phone.locator('[flt-semantics-identifier^="stats-"]').first.wait_for(
        state="attached", timeout=WAIT)
    # the address is pushed right after the screen is drawn: a reload before it arrives
    # reloads the address before (in a whole run the statistics of every earlier test's
    # games take longer to draw, and the reload came first)
    _address(phone, server_url + "stats")
    phone.reload()
    enable_semantics(phone)
    phone.locator('[flt-semantics-identifier^="stats-"]').first.wait_for(
        state="attached", timeout=WAIT)
    assert by_id(phone, "home-title").count() == 0
    phone.goto(server_url + "no/such/screen")  # unknown: home, no crash
    enable_semantics(phone)
    _on(phone, "home-title")
    phone.goto(server_url + "settings")
    enable_semantics(phone)
    _on(phone, "settings-lang-ja")


def _seat_line(seat: int) -> str:
    return f"{PLAYERS[seat - 1]} · seat {seat}"


def _seat_token(server: TableServer, game_id: int, seat: int) -> str:
    """A seat link's token, written to the server's database as the host's QR code does."""
    from app.store.facade import Store
    from app.table.hub import TableHub

    store = Store.open(server.db_url)
    try:
        return TableHub(store).issue(game_id, seat)
    finally:
        store.engine.dispose()


def _only_the_seat(page: Any, seat: int) -> None:
    """The seat's own sheet is on screen and nothing of the rest of the app."""
    wait_text(page, _seat_line(seat))
    page.wait_for_timeout(300)
    for ident in OUTSIDE:
        assert by_id(page, ident).count() == 0, ident


def test_a_seat_link_goes_back_only_within_its_table(
        browser: Any, table_server: tuple[TableServer, int]) -> None:
    server, game_id = table_server
    link = f"{server.url}/join/{_seat_token(server, game_id, 2)}"
    with _phone(browser, link) as page:
        _only_the_seat(page, 2)
        tap(page, "sheet-scoreboard")
        _on(page, "score-table")
        _address(page, link + "/scoreboard")  # the token stays in the tab's address
        page.go_back()
        _only_the_seat(page, 2)
        _gone(page, "score-table")
        _address(page, link)
        page.go_forward()
        _on(page, "score-table")
        page.go_back()
        _only_the_seat(page, 2)
        # typed addresses of other screens (a full page load in the same tab): the seat
        for typed in ("/settings", "/history", f"/host/{game_id}", "/new"):
            page.goto(server.url + typed)
            enable_semantics(page)
            _only_the_seat(page, 2)
        page.goto(link + "/history")
        enable_semantics(page)
        _only_the_seat(page, 2)
        # and Back through all of that never shows anything but this seat's table
        for _ in range(4):
            page.go_back()
            enable_semantics(page)
            _only_the_seat(page, 2)


def test_a_seat_tab_reloads_on_its_scoreboard_with_nothing_remembered(
        browser: Any, table_server: tuple[TableServer, int]) -> None:
    """A fresh phone (empty storage) on ``/join/<token>/scoreboard``: the seat, its scoreboard."""
    server, game_id = table_server
    link = f"{server.url}/join/{_seat_token(server, game_id, 3)}"
    with _phone(browser, link + "/scoreboard") as page:
        _on(page, "score-table")
        for ident in OUTSIDE:
            assert by_id(page, ident).count() == 0, ident
        tap(page, "nav-back")
        _only_the_seat(page, 3)
