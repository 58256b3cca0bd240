"""Issue 13 in the browser: no table data without a link; live after sleep; a busy disk.

Its own server (a started three-player Forestry game). Phone B's websocket goes
through Playwright's ``route_web_socket``, so the test can cut it (a phone that
sleeps or walks out of the Wi-Fi) and let it come back to its kept Flet session.
"""

from __future__ import annotations

import re
import signal
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import PHONES, by_id, enable_semantics, tap
from tests.e2e.table_fixtures import PLAYERS, TableServer, table_browser, table_server

__all__ = ["table_browser", "table_server"]

TALL = {"width": 412, "height": 2600}
SCORE, COINS = "sheet-score-track-value", "sheet-resources-coins-value"
VALUE_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : null;
}"""
SELECTED_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return !!e && [e, ...e.querySelectorAll('*')].some(
    x => x.getAttribute('aria-selected') === 'true' || x.getAttribute('aria-checked') === 'true');
}"""
CRASH = "Error running app"


def _token(server: TableServer, game_id: int, seat: int | None) -> str:
    from app.store.facade import Store
    from app.table.hub import TableHub

    store = Store.open(server.db_url)
    try:
        return TableHub(store).issue(game_id, seat)
    finally:
        store.engine.dispose()


def _int(page: Any, identifier: str, timeout_s: float = 15) -> int:
    deadline = time.monotonic() + timeout_s
    while True:
        text = page.evaluate(VALUE_JS, identifier) or ""
        m = re.search(r"-?\d+", text)
        if m:
            return int(m.group())
        assert time.monotonic() < deadline, (identifier, text)
        page.wait_for_timeout(100)


def _wait_int(page: Any, identifier: str, want: int, timeout_s: float = 15) -> None:
    deadline = time.monotonic() + timeout_s
    while (got := _int(page, identifier, timeout_s)) != want:
        assert time.monotonic() < deadline, (identifier, want, got)
        page.wait_for_timeout(100)


def _text(page: Any) -> str:
    """Every text on the phone: element texts and the semantics labels."""
    return str(page.evaluate("""() => document.body.innerText + '\\n' + [...document
        .querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')).join('\\n')"""))


def _wait_in_text(page: Any, fragment: str, timeout_s: float = 15) -> None:
    deadline = time.monotonic() + timeout_s
    while fragment not in _text(page):
        assert time.monotonic() < deadline, (fragment, _text(page)[-2000:])
        page.wait_for_timeout(100)


class CuttableSocket:
    """Phone B's websocket through Playwright: ``cut()`` drops it and refuses new ones,
    ``restore()`` lets the Flet client's own retries in again."""

    def __init__(self, page: Any) -> None:
        self.blocked = False
        self.open: list[tuple[Any, Any]] = []
        self.connects = 0
        page.route_web_socket(re.compile(r".*/ws(\?.*)?$"), self._route)

    def _route(self, ws: Any) -> None:
        if self.blocked:
            ws.close()
            return
        self.connects += 1
        self.open.append((ws, ws.connect_to_server()))

    def cut(self) -> None:
        self.blocked = True
        for ws, server in self.open:
            for end in (ws, server):
                try:
                    end.close()
                except Exception:
                    pass
        self.open.clear()

    def restore(self) -> None:
        self.blocked = False


@pytest.fixture(scope="module")
def phones(table_browser: Any, table_server: tuple[TableServer, int]) -> Iterator[Any]:
    server, game_id = table_server
    contexts: list[Any] = []

    def phone(link: str, viewport: dict[str, int] | None = None,
              cuttable: bool = False) -> tuple[Any, CuttableSocket | None]:
        ctx = table_browser.new_context(viewport=viewport or TALL)
        contexts.append(ctx)
        page = ctx.new_page()
        sock = CuttableSocket(page) if cuttable else None
        page.goto(link)
        enable_semantics(page)
        return page, sock

    yield server, game_id, phone
    for ctx in contexts:
        ctx.close()


@pytest.mark.parametrize("path", ["/", "/tables", "/history", "/join/" + "x" * 32])
def test_a_tokenless_phone_on_the_laptop_sees_no_table_data(phones: Any, path: str) -> None:
    """From 127.0.0.1 (the laptop itself): the friendly join screen and nothing else."""
    server, _game_id, phone = phones
    page, _ = phone(server.url + path, PHONES["iphone"])
    by_id(page, "join-scan").first.wait_for(state="attached", timeout=15_000)
    page.wait_for_timeout(500)
    text = _text(page)
    assert "Scan the table's QR code" in text, text
    assert not any(name in text for name in PLAYERS), text
    for gone in ("home-new-game", "home-tables", "sheet-total"):
        assert by_id(page, gone).count() == 0, gone
    assert CRASH not in text


def test_a_phone_back_from_sleep_gets_live_updates_also_after_a_reload(phones: Any) -> None:
    """B drops, A taps, B reconnects (its kept session), A taps again -> B shows it; then
    B reloads and A taps once more -> B shows that too."""
    server, game_id, phone = phones
    a, _ = phone(f"{server.url}/join/{_token(server, game_id, 1)}")
    b, sock = phone(f"{server.url}/join/{_token(server, game_id, 2)}", cuttable=True)
    assert sock is not None
    tap(b, "sheet-player-0", until=(SELECTED_JS, "sheet-player-0"))  # B looks at A's board
    start = _int(a, SCORE)
    _wait_int(b, SCORE, start)
    plus = by_id(a, "sheet-score-track-plus").first

    sock.cut()  # B's phone sleeps
    b.wait_for_timeout(1500)
    plus.click()
    _wait_int(a, SCORE, start + 1)
    a.wait_for_timeout(500)  # the broadcast reached B's (disconnected) session meanwhile
    sock.restore()  # B wakes up: Flet's client reconnects to its kept session
    deadline = time.monotonic() + 30
    while sock.connects < 2:
        assert time.monotonic() < deadline, "phone B never reconnected"
        b.wait_for_timeout(100)
    b.wait_for_timeout(1000)
    # back in its kept session B still shows A's board; if Flet's client gave up on it
    # and started a new session, B opened its own board again: look at A's once more
    kept = b.evaluate(SELECTED_JS, "sheet-player-0")
    print(f"phone B reconnected ({sock.connects} connections), kept session: {kept}")
    if not kept:
        tap(b, "sheet-player-0", until=(SELECTED_JS, "sheet-player-0"))
    _wait_int(b, SCORE, start + 1, 30)  # caught up
    assert sock.connects >= 2
    plus.click()  # the bug: this never reached B (its inbox stayed "queued")
    _wait_int(a, SCORE, start + 2)
    _wait_int(b, SCORE, start + 2)

    b.reload()
    enable_semantics(b)
    tap(b, "sheet-player-0", until=(SELECTED_JS, "sheet-player-0"))
    _wait_int(b, SCORE, start + 2)
    plus.click()
    _wait_int(a, SCORE, start + 3)
    _wait_int(b, SCORE, start + 3)
    assert CRASH not in _text(b)


def test_a_held_write_lock_says_busy_and_the_tap_works_after(phones: Any) -> None:
    """Another program holds SQLite's write lock (a big `records import`): the tap gives a
    message, not a frozen phone or Flet's crash panel; after the lock goes, it counts."""
    server, game_id, phone = phones
    page, _ = phone(f"{server.url}/join/{_token(server, game_id, 3)}")
    coins = _int(page, COINS)
    db = str(server.data_dir / "forest-table.sqlite3")
    other = sqlite3.connect(db, isolation_level=None, timeout=10)
    other.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        by_id(page, "sheet-resources-coins-plus").first.click()
        _wait_in_text(page, "The table is busy saving")
        waited = time.monotonic() - started
        print(f"busy message after {waited:.2f} s")
        assert waited < 8
        assert _int(page, COINS) == coins
        assert CRASH not in _text(page)
    finally:
        other.execute("ROLLBACK")
        other.close()
    by_id(page, "sheet-resources-coins-plus").first.click()
    _wait_int(page, COINS, coins + 1)
    assert CRASH not in _text(page)
    # the tap that counted made the refusal old news: its snack bar is closed at that
    # redraw (after it: the count may be drawn before the bar has slid away), well before
    # the bar's own 4 s would close it
    deadline = time.monotonic() + 1.5
    while "The table is busy saving" in _text(page):
        assert time.monotonic() < deadline, _text(page)[-2000:]
        page.wait_for_timeout(100)
    log = server.log()
    assert "Traceback" not in log, log[-3000:]


def test_sigterm_stops_serve_within_5_s_and_the_phone_says_so(table_browser: Any) -> None:
    """Issue 27: SIGTERM stops ``serve`` within 5 s whatever is open, and a phone at the
    table shows that the server stopped (and that nothing entered is lost)."""
    server = TableServer()  # its own: this one is stopped
    game_id = server.seed()
    server.start()
    ctx = table_browser.new_context(viewport=TALL)
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/join/{_token(server, game_id, 2)}")
        enable_semantics(page)
        _int(page, COINS)  # the sheet is on the phone
        assert server.proc is not None
        started = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(timeout=10)
        took = time.monotonic() - started
        print(f"serve gone {took:.2f} s after SIGTERM")
        assert took < 5
        _wait_in_text(page, "The table server has stopped")
        page.wait_for_timeout(3000)  # the client's own reconnect attempts do not hide it
        assert "The table server has stopped" in _text(page)
        assert CRASH not in _text(page)
    finally:
        ctx.close()
        server.kill()
LINK_JS_STATE = """() => { const b = document.getElementById('ft-link');
  return b && b.style.display !== 'none' ? b.textContent : ''; }"""


def test_an_offline_phone_shows_reconnecting_and_its_taps_count_exactly_once(
        phones: Any) -> None:
    """Issue 22: offline (Playwright's set_offline: the socket stays, the browser holds its
    frames), three taps: the phone says "Reconnecting…" with 3 taps waiting; back online
    the browser delivers the held frames and the page resends every unacknowledged one —
    the server drops the repeats, and the score moves by exactly 3."""
    server, game_id, phone = phones
    page, _ = phone(f"{server.url}/join/{_token(server, game_id, 1)}")
    start = _int(page, SCORE)
    plus = by_id(page, "sheet-score-track-plus").first
    dropped = server.log().count("repeated: dropped")
    assert page.evaluate(LINK_JS_STATE) == ""
    page.context.set_offline(True)
    try:
        for _ in range(3):
            plus.click()
            page.wait_for_timeout(200)
        state = page.evaluate(LINK_JS_STATE)
        assert "Reconnecting" in state and "3" in state, state
        page.wait_for_timeout(1000)
        assert _int(page, SCORE) == start  # nothing reached the server
    finally:
        page.context.set_offline(False)
    _wait_int(page, SCORE, start + 3)
    deadline = time.monotonic() + 15
    while page.evaluate(LINK_JS_STATE):
        assert time.monotonic() < deadline, page.evaluate(LINK_JS_STATE)
        page.wait_for_timeout(100)
    page.wait_for_timeout(2000)  # any late repeat would have counted by now
    assert _int(page, SCORE) == start + 3
    # the page resent every frame held while offline (the three taps among them): the
    # server dropped the repeats, so each tap counted once
    assert server.log().count("repeated: dropped") - dropped >= 3
    # and the phone works as before
    plus.click()
    _wait_int(page, SCORE, start + 4)
    assert CRASH not in _text(page)
