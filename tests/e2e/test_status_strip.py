"""Issue 33 item 1 in the browser (390×844): the status strip, pinned on every seat's phone.

- it lies inside the viewport on every screen of the sheet (the top, the turn card it
  leads to, the end of the page) and names the player whose turn it is;
- a seat's phone goes offline (its network cut, then its page closed): every other phone's
  strip shows that seat as offline within 5 s, and online again within 5 s of its return;
- the turn block's words are drawn in full (never "…") on the host's phone and a seat's,
  in both games, in English and Japanese, light and dark;
- a swipe sideways on the board shows the next or previous seat's board; a scroll does not;
- screenshots: light, dark and Japanese, the host's phone, Forest Guardians
  (docs/screenshots/status-strip-*.png).

Its own server: a started three-player Forestry game, each seat on a phone, and a started
Forest Guardians game of the same three.
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
from tests.e2e.table_fixtures import PLAYERS, TableServer, seated, table_browser

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
            self.guardians_id = _guardians(store)
            hub = TableHub(store)
            self.tokens = [hub.issue(self.game_id, seat) for seat in (1, 2, 3)]
            self.host = hub.issue(self.game_id)  # the host link, opened on a phone
            self.guardians = (hub.issue(self.guardians_id), hub.issue(self.guardians_id, 2))
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


def _guardians(store: Any) -> int:
    """A started Forest Guardians game of the same three (its id)."""
    from app.game.commands import StartGame
    from app.session import GameSession

    session = GameSession.create(store, game="forest-guardians", players=seated(PLAYERS),
                                 seed=11)
    session.apply(StartGame(version=session.version))
    return session.game_id


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


#: the turn block's box and its two lines' (each line is a text node of its own)
TURN_JS = """() => {
  const one = (id) => {  // in the strip (the turn card has a turn-end of its own)
    const e = document.querySelector(
      `[flt-semantics-identifier="status-strip"] [flt-semantics-identifier="${id}"]`);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return {text: (e.getAttribute('aria-label') || e.textContent || '').trim(),
            left: r.left, right: r.right, top: r.top, height: r.height, width: r.width};
  };
  return {turn: one('status-turn'), who: one('status-turn-who'),
          round: one('status-turn-round'), end: one('turn-end'), inner: window.innerWidth};
}"""


def _turn_uncut(page: Any, main: str, sub: str) -> None:
    """The turn block says ``main`` / ``sub`` in full and neither line is cut: a text
    Flutter cuts ("…") is exactly as wide as the room it has; one that fits leaves room
    beside it in the block (which takes the row's room left). One line each."""
    page.wait_for_timeout(300)
    got = page.evaluate(TURN_JS)
    turn = got["turn"]
    assert turn is not None and got["who"] is not None, got
    assert turn["text"] == " · ".join(x for x in (main, sub) if x), got
    assert turn["left"] >= 0 and turn["right"] <= got["inner"], got
    lines = [(got["who"], main)] + ([(got["round"], sub)] if sub else [])
    if not sub:
        assert got["round"] is None, got
    for line, words in lines:
        assert line is not None and line["text"] == words, got  # in full for screen readers
        # the words' right edge short of the block's (its padding: 2 px): room to spare
        assert line["right"] <= turn["right"] - 2 - 1, (words, got)
        assert line["left"] >= turn["left"] and line["height"] < 30, (words, got)  # one line
    end = got["end"]
    if end is not None:  # End turn beside it, in the row, not over it
        assert end["left"] >= turn["right"] and end["right"] <= got["inner"], got
    print(f"{main!r}: {got['who']['width']:.1f} px in a block of {turn['width']:.1f} px")


def test_the_strip_stays_in_view_and_names_the_turn(phones: Phones) -> None:
    first, other = phones.phones[0], phones.phones[1]
    _strip_in_view(first)
    assert _value(first, "status-turn").startswith("Your turn")
    assert _value(other, "status-turn").startswith(f"{PLAYERS[0]} plays")
    assert _value(first, "turn-end") == "End my turn"  # in the strip on the turn's phone
    assert "▶" in _chip(other, 0) and "you" in _chip(other, 1)
    _turn_uncut(first, "Your turn", "Round 1 of 10")
    _turn_uncut(other, f"{PLAYERS[0]} plays", "Round 1 of 10")
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
    dark.wait_for_timeout(2000)
    _strip_in_view(dark)
    _turn_uncut(dark, f"{PLAYERS[0]} plays", "Round 1 of 10")
    shot(dark, "status-strip-dark")
    page = phones.phones[1]
    menu_tap(page, "table-language", reply=False)
    _until(page, "Japanese", lambda: _value(page, "status-turn").startswith(
        f"{PLAYERS[0]}の手番"), 15)
    page.wait_for_timeout(800)
    _strip_in_view(page)
    _turn_uncut(page, f"{PLAYERS[0]}の手番", "ラウンド1／10")
    shot(page, "status-strip-ja")
    menu_tap(page, "table-language", reply=False)
    by_id(page, "status-strip").first.wait_for(state="attached", timeout=WAIT_MS)


def test_the_hosts_phone_says_the_turn_and_the_round_in_full(phones: Phones) -> None:
    """Issue 33: the host's phone said "End Mireille's turn" and no round, and Forest
    Guardians' turn block was cut to "Fo…". Both games, the host's phone and a seat's, in
    English and Japanese, light and dark."""
    host = phones.phone(f"/join/{phones.host}")
    host.wait_for_timeout(2000)  # a fresh page: its font's last glyphs (▶) in the picture
    _strip_in_view(host)
    assert _value(host, "turn-end") == f"End {PLAYERS[0]}'s turn"  # it names whose turn
    _turn_uncut(host, f"{PLAYERS[0]} plays", "Round 1 of 10")
    by_id(host, "status-apply").first.wait_for(state="attached", timeout=WAIT_MS)
    shot(host, "status-strip-host")
    menu_tap(host, "table-language", reply=False)
    _until(host, "Japanese", lambda: _value(host, "status-turn").startswith(
        f"{PLAYERS[0]}の手番"), 15)
    _turn_uncut(host, f"{PLAYERS[0]}の手番", "ラウンド1／10")
    assert _value(host, "turn-end") == f"{PLAYERS[0]}の手番を終える"
    shot(host, "status-strip-host-ja")
    menu_tap(host, "table-language", reply=False)
    _until(host, "English", lambda: _value(host, "status-turn").startswith(PLAYERS[0]), 15)
    dark_host = phones.phone(f"/join/{phones.host}", color_scheme="dark")
    _turn_uncut(dark_host, f"{PLAYERS[0]} plays", "Round 1 of 10")
    fg_host, fg_seat = (phones.phone(f"/join/{t}") for t in phones.guardians)
    fg_seat.wait_for_timeout(2000)
    for page in (fg_host, fg_seat):
        _strip_in_view(page)
        _turn_uncut(page, "Forest Guardians", "")
    shot(fg_host, "status-strip-guardians")
    fg_dark = phones.phone(f"/join/{phones.guardians[1]}", color_scheme="dark")
    _turn_uncut(fg_dark, "Forest Guardians", "")
    menu_tap(fg_seat, "table-language", reply=False)
    ja = "フォレストガーディアンズ"  # ja.ftl's -forest-guardians
    _until(fg_seat, "Japanese", lambda: _value(fg_seat, "status-turn") == ja, 15)
    _turn_uncut(fg_seat, ja, "")
    shot(fg_seat, "status-strip-guardians-ja")
    for page in (host, dark_host, fg_host, fg_seat, fg_dark):
        page.context.close()
        phones.contexts.remove(page.context)


#: the words of the board's frame title (its player: "Annika's board · left side")
FRAME_JS = """() => {
  const e = document.querySelector('[flt-semantics-identifier="board-left"]');
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return {words: [e, ...e.querySelectorAll('*')].map(
    x => x.childElementCount ? (x.getAttribute('aria-label') || '') : (x.textContent || ''))
    .join(' '), top: r.top};
}"""


def _frame(page: Any) -> dict[str, Any]:
    got = page.evaluate(FRAME_JS)
    assert got is not None, "no board frame"
    return dict(got)


def _touch_drag(page: Any, x0: float, y0: float, x1: float, y1: float,
                ms: float = 150, steps: int = 10) -> None:
    """A finger dragged from (x0, y0) to (x1, y1) in ``ms`` (Chromium's touch input)."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                              "touchPoints": [{"x": x0, "y": y0}]})
        for i in range(1, steps + 1):
            page.wait_for_timeout(ms / steps)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x0 + (x1 - x0) * i / steps, "y": y0 + (y1 - y0) * i / steps}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def test_a_swipe_sideways_shows_the_next_seats_board(phones: Phones) -> None:
    """The design's gesture, with a finger (a touch screen phone): a swipe to the left on
    the board shows the next seat's board (its frame names that player), to the right
    the previous one's; a drag up scrolls the board and keeps it; a mouse drag (the
    laptop) changes nothing (a click's jitter must never take the click)."""
    page = phones.phone(f"/join/{phones.tokens[1]}", has_touch=True)
    by_id(page, "sheet-swipe").first.wait_for(state="attached", timeout=WAIT_MS)
    page.wait_for_timeout(800)
    me, nxt = PLAYERS[1], PLAYERS[2]
    assert _frame(page)["words"].startswith(f"{me}'s board"), _frame(page)
    _touch_drag(page, 320, 520, 90, 530)  # to the left: the next seat's board
    _until(page, f"{nxt}'s board", lambda: _frame(page)["words"].startswith(
        f"{nxt}'s board"), 10)
    assert "you" not in _chip(page, 2) and _value(page, "sheet-read-only")  # read only
    top = _frame(page)["top"]
    _touch_drag(page, 200, 650, 210, 300, ms=300)  # up: a scroll
    page.wait_for_timeout(1200)
    after = _frame(page)
    assert after["top"] < top - 100, (top, after)  # the board scrolled
    assert after["words"].startswith(f"{nxt}'s board"), after  # and is the same board
    _touch_drag(page, 80, 500, 320, 505)  # to the right: the previous seat's
    _until(page, f"{me}'s board", lambda: _frame(page)["words"].startswith(
        f"{me}'s board"), 10)
    page.mouse.move(320, 500)
    page.mouse.down()
    page.mouse.move(90, 505, steps=10)
    page.mouse.up()
    page.wait_for_timeout(1200)
    assert _frame(page)["words"].startswith(f"{me}'s board"), _frame(page)
    page.context.close()
    phones.contexts.remove(page.context)


#: the Apply buttons in the open "To apply" sheet, by their identifiers
APPLIES_JS = """() => [...document.querySelectorAll(
  '[flt-semantics-identifier="sheet-suggestions"] [flt-semantics-identifier$="-apply"]')]
  .map(e => e.getAttribute('flt-semantics-identifier'))"""


def _to_apply(page: Any) -> int | None:
    """The count "To apply" says (its label: "To apply: N")."""
    import re

    found = re.search(r"To apply: (\d+)", _value(page, "status-apply"))
    return int(found.group(1)) if found else None


def test_to_apply_opens_the_sheet_of_suggestions(phones: Phones) -> None:
    """The design README: a tap on "To apply" (``status-apply``) opens a bottom sheet with
    the suggestions (``sheet-suggest-<id>-apply`` / ``-dismiss``), not a scroll down the
    board. An Apply applies it once: the strip's count goes down and the sheet lists the
    rest; closed, it is gone. (Last in the module: it changes seat 1's board.)"""
    page = phones.phones[0]  # seat 1, whose turn it is: its income suggested
    by_id(page, "status-apply").first.wait_for(state="attached", timeout=WAIT_MS)
    n = _to_apply(page)
    assert n is not None and n >= 2, _value(page, "status-apply")
    assert page.evaluate(APPLIES_JS) == []  # nothing of it on the board
    tap(page, "status-apply", appears="sheet-suggestions")
    page.wait_for_timeout(600)
    applies = page.evaluate(APPLIES_JS)
    assert len(applies) == n, applies
    shot(page, "to-apply-sheet")
    tap(page, applies[0], gone=applies[0])
    # the sheet follows, still open (the strip under it is hidden from screen readers)
    _until(page, "the sheet follows", lambda: page.evaluate(APPLIES_JS) == applies[1:], 10)
    tap(page, "sheet-suggestions-close", gone="sheet-suggestions")
    _until(page, "one fewer to apply", lambda: _to_apply(page) == n - 1, 10)
    page.wait_for_timeout(600)
    assert _to_apply(page) == n - 1  # closing applied nothing
