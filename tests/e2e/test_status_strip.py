"""Issue 33 item 1 in the browser (390×844): the status strip, pinned on every seat's phone.

- it lies inside the viewport on every screen of the sheet (the top, the turn card it
  leads to, the end of the page) and names the player whose turn it is;
- a seat's phone goes offline (its network cut, then its page closed): every other phone's
  strip shows that seat as offline within 5 s, and online again within 5 s of its return;
- screenshots: light, dark and Japanese (docs/screenshots/status-strip-*.png).

Its own server: a started three-player Forestry game, each seat on a phone.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import (
    PHONES,
    WAIT_MS,
    by_id,
    enable_semantics,
    instrument,
    menu_tap,
    shot,
    tap,
)
from tests.e2e.table_fixtures import PLAYERS, TableServer, table_browser

__all__ = ["table_browser"]

VALUE_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : null;
}"""
#: every word under a control (its own label, its children's labels, its text)
ALL_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  if (!e) return null;
  return [e, ...e.querySelectorAll('[aria-label]')].map(
    x => x.getAttribute('aria-label') || '').join(' ') + ' ' + (e.textContent || '');
}"""
#: the strip's box lies inside the viewport (and at its top)
STRIP_IN_VIEW_JS = """() => {
  const e = document.querySelector('[flt-semantics-identifier="status-strip"]');
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: r.height, inner: window.innerHeight};
}"""
LIMIT_S = 5.0


class Phones:
    def __init__(self, browser: Any) -> None:
        from app.store.facade import Store
        from app.table.hub import TableHub

        self.browser = browser
        self.server = TableServer()
        self.game_id = self.server.seed()
        store = Store.open(self.server.db_url)
        try:
            hub = TableHub(store)
            self.tokens = [hub.issue(self.game_id, seat) for seat in (1, 2, 3)]
        finally:
            store.engine.dispose()
        self.server.start()
        self.contexts: list[Any] = []
        self.phones = [self.phone(f"/join/{t}") for t in self.tokens]

    def phone(self, path: str, **options: Any) -> Any:
        ctx = self.browser.new_context(viewport=PHONES["iphone"], device_scale_factor=2,
                                       **options)
        instrument(ctx)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.goto(self.server.url + path)
        enable_semantics(page)
        by_id(page, "status-strip").first.wait_for(state="attached", timeout=60_000)
        return page

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()
        self.server.kill()


@pytest.fixture(scope="module")
def phones(table_browser: Any) -> Iterator[Phones]:
    p = Phones(table_browser)
    try:
        yield p
    finally:
        p.close()


def _value(page: Any, ident: str) -> str:
    return str(page.evaluate(VALUE_JS, ident) or "")


def _chip(page: Any, seat: int) -> str:
    """Seat ``seat``'s chip (0-based), its words in one line."""
    return " ".join(str(page.evaluate(ALL_JS, f"sheet-player-{seat}") or "").split())


def _until(page: Any, what: str, check: Any, limit_s: float) -> float:
    """Seconds until ``check()`` holds (fails past ``limit_s``)."""
    started = time.monotonic()
    while not check():
        took = time.monotonic() - started
        assert took < limit_s, f"{what}: not within {limit_s} s"
        page.wait_for_timeout(50)
    return time.monotonic() - started


def _strip_in_view(page: Any) -> None:
    box = page.evaluate(STRIP_IN_VIEW_JS)
    assert box is not None, "no status strip"
    assert box["top"] >= 0 and box["bottom"] <= box["inner"] and box["top"] < 20, box
    assert 95 <= box["height"] <= 105, box  # 100 px, two rows


def test_the_strip_stays_in_view_and_names_the_turn(phones: Phones) -> None:
    first, other = phones.phones[0], phones.phones[1]
    _strip_in_view(first)
    assert _value(first, "status-turn").startswith("Your turn")
    assert _value(other, "status-turn").startswith(f"{PLAYERS[0]} plays")
    assert _value(first, "turn-end") == "End my turn"  # in the strip on the turn's phone
    assert "▶" in _chip(other, 0) and "you" in _chip(other, 1)
    shot(first, "status-strip-en")
    for page in (first, other):
        page.mouse.move(200, 500)
        for _ in range(12):  # to the end of the page
            page.mouse.wheel(0, 2000)
            page.wait_for_timeout(120)
        page.wait_for_timeout(300)
        _strip_in_view(page)
    tap(other, "status-turn", appears="play-turn", reply=False)  # it leads to the turn card
    other.wait_for_timeout(600)
    _strip_in_view(other)
    assert _value(other, "status-turn").startswith(f"{PLAYERS[0]} plays")


def test_a_seat_going_offline_shows_on_every_other_phone(phones: Phones) -> None:
    a, b, c = phones.phones
    for page in (a, b):
        _until(page, "seat 3 online", lambda page=page: _chip(page, 2).endswith("online"), 15)
    c.context.set_offline(True)  # seat 3's phone loses its network
    took = [_until(page, "seat 3 offline", lambda page=page: _chip(page, 2).endswith(
        "offline"), LIMIT_S) for page in (a, b)]
    print(f"offline shown after {max(took):.2f} s")
    c.context.set_offline(False)
    took = [_until(page, "seat 3 online again", lambda page=page: _chip(page, 2).endswith(
        "online"), LIMIT_S) for page in (a, b)]
    print(f"online again after {max(took):.2f} s")
    c.close()  # the page closed
    _until(a, "seat 3 offline (page closed)", lambda: _chip(a, 2).endswith("offline"), LIMIT_S)
    shot(a, "status-strip-offline-seat")
    c = phones.phones[2] = phones.phone(f"/join/{phones.tokens[2]}")  # back
    _until(a, "seat 3 online (page opened)", lambda: _chip(a, 2).endswith("online"), LIMIT_S)


def test_the_strip_in_dark_mode_and_japanese(phones: Phones) -> None:
    dark = phones.phone(f"/join/{phones.tokens[1]}", color_scheme="dark")
    dark.wait_for_timeout(800)
    _strip_in_view(dark)
    shot(dark, "status-strip-dark")
    page = phones.phones[1]
    menu_tap(page, "table-language", reply=False)
    _until(page, "Japanese", lambda: _value(page, "status-turn").startswith(
        f"{PLAYERS[0]}の手番"), 15)
    page.wait_for_timeout(800)
    _strip_in_view(page)
    shot(page, "status-strip-ja")
    menu_tap(page, "table-language", reply=False)
    by_id(page, "status-strip").first.wait_for(state="attached", timeout=WAIT_MS)
