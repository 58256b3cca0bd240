"""Table mode end to end: QR joining, the full sheet on every seat, sync, rights, restart.

One server (seeded with a started three-player Forestry game) for the module;
the tests run in order and share the phones (browser contexts):
host + one per seat, all joined through the links their QR codes encode.
Every seat shows the app's real player sheet locked to its table: its own
sheet editable, the others read-only (chips), the scoreboard, the shared table.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import (
    PHONES,
    aim,
    by_id,
    enable_semantics,
    find_text,
    instrument,
    menu_tap,
    shot,
    tap,
)
from tests.e2e.table_fixtures import (
    PLAYERS,
    TableServer,
    decode_qr_codes,
    table_browser,
    table_server,
)

__all__ = ["table_browser", "table_server"]

SYNC_LIMIT_S = 1.0
#: tall phones: the whole sheet (down to the shared table) is in Flutter's semantics tree
TALL = {"width": 412, "height": 2600}
SCORE, COINS = "sheet-score-track-value", "sheet-resources-coins-value"
ROUND_LINE = "sheet-table-line-0"  # "Round N (L round tokens left)"

VALUE_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : null;
}"""


class Table:
    """The phones at the table: ``host`` and ``seats[0..2]`` (Playwright pages)."""

    def __init__(self, browser: Any, server: TableServer, game_id: int) -> None:
        self.browser = browser
        self.server = server
        self.game_id = game_id
        self.contexts: list[Any] = []
        self.host: Any = None
        self.seats: list[Any] = []
        self.links: dict[str, str] = {}

    def new_phone(self, viewport: dict[str, int] | None = None) -> Any:
        ctx = self.browser.new_context(viewport=viewport or TALL)
        instrument(ctx)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.frames_received = []  # when the server's messages arrived (monotonic s)
        page.frames_sent = []
        page.on("websocket", lambda ws: (
            ws.on("framereceived", lambda _f: page.frames_received.append(time.monotonic())),
            ws.on("framesent", lambda _f: page.frames_sent.append(time.monotonic()))))
        return page


def _open(page: Any, url: str) -> None:
    page.goto(url)
    enable_semantics(page)


def _value(page: Any, identifier: str) -> str | None:
    """The text of control ``identifier`` now (None: not on the page)."""
    return page.evaluate(VALUE_JS, identifier)


def _int(page: Any, identifier: str, timeout_s: float = 15) -> int:
    deadline = time.monotonic() + timeout_s
    while True:
        text = _value(page, identifier) or ""
        m = re.search(r"-?\d+", text)
        if m:
            return int(m.group())
        assert time.monotonic() < deadline, (identifier, text)
        page.wait_for_timeout(100)


def _wait_int(page: Any, identifier: str, want: int, timeout_s: float = 15) -> None:
    deadline = time.monotonic() + timeout_s
    while _int(page, identifier, timeout_s) != want:
        assert time.monotonic() < deadline, (identifier, want, _value(page, identifier))
        page.wait_for_timeout(100)


def _wait_text(page: Any, text: str, timeout_ms: float = 15_000) -> None:
    find_text(page, text).wait_for(state="attached", timeout=timeout_ms)


def _left(page: Any) -> int:
    """Round tokens left, from the shared table's first line."""
    text = _value(page, ROUND_LINE) or ""
    m = re.search(r"\((\d+) round tokens left\)", text)
    assert m, text
    return int(m.group(1))


SELECTED_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return !!e && [e, ...e.querySelectorAll('*')].some(
    x => x.getAttribute('aria-selected') === 'true' || x.getAttribute('aria-checked') === 'true');
}"""


def _view(page: Any, player: int) -> None:
    """Show player ``player``'s sheet (the chips at the top: a chip is a checkbox)."""
    ident = f"sheet-player-{player}"
    tap(page, ident, until=(SELECTED_JS, ident))


def _refusal(page: Any) -> str:
    """A refusal the sheet shows ("" when none)."""
    for ident in ("sheet-error", "sheet-table-error", "sheet-round-token-error"):
        text = _value(page, ident)
        if text:
            return text
    return ""


def _qr(page: Any, identifier: str) -> str:
    """Decode the QR code drawn by the control ``identifier`` (a screenshot of it)."""
    loc = by_id(page, identifier).first
    loc.wait_for(state="attached", timeout=15_000)
    loc.scroll_into_view_if_needed()
    codes: list[str] = []
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the image may still be loading
        box = loc.bounding_box()
        assert box is not None
        png = page.screenshot(clip={"x": box["x"], "y": box["y"],
                                    "width": box["width"], "height": box["height"]})
        codes = decode_qr_codes(png)
        if codes:
            break
        page.wait_for_timeout(200)
    if len(codes) != 1:
        page.screenshot(path=f"/tmp/table-qr-{identifier}.png")
    assert len(codes) == 1, (identifier, codes, box)
    return codes[0]


def _seat_qr(page: Any, seat: int, other_than: str = "") -> str:
    """Seat ``seat``'s link, decoded from the QR codes on screen (top to bottom: seat 1, 2,
    3, then the table's host link set apart; Flutter's semantics boxes lag behind a jump to
    the top)."""
    import io

    import zxingcpp
    from PIL import Image

    deadline = time.monotonic() + 10
    while True:
        img = Image.open(io.BytesIO(page.screenshot())).convert("L")
        found = sorted((r.position.top_left.y, r.text) for r in zxingcpp.read_barcodes(img)
                       if r.text)
        codes = [text for _y, text in found]
        if len(codes) == 4 and codes[seat - 1] != other_than:
            return codes[seat - 1]
        assert time.monotonic() < deadline, (seat, codes)
        page.wait_for_timeout(200)


def _seat_line(seat: int) -> str:
    return f"{PLAYERS[seat - 1]} · seat {seat}"


@pytest.fixture(scope="module")
def table(table_browser: Any, table_server: tuple[TableServer, int]) -> Iterator[Table]:
    server, game_id = table_server
    t = Table(table_browser, server, game_id)
    yield t
    for ctx in t.contexts:
        ctx.close()


def test_host_shows_qr_codes_and_phones_join_through_them(table: Table) -> None:
    host = table.new_phone({"width": 1000, "height": 1800})
    table.host = host
    _open(host, table.server.host_link)
    # the server host sees the app; the tables' QR codes are one tap away
    tap(host, "home-tables", appears=f"tables-{table.game_id}")
    tap(host, f"tables-{table.game_id}", appears="host-qr-host")
    table.links["host"] = _qr(host, "host-qr-host")
    for seat in (1, 2, 3):
        table.links[f"seat{seat}"] = _qr(host, f"host-qr-{seat}")
    shot(host, "table-host-qr")
    prefix = f"{table.server.url}/join/"
    assert all(link.startswith(prefix) and len(link) - len(prefix) >= 32
               for link in table.links.values())
    assert len(set(table.links.values())) == 4

    host.set_viewport_size(TALL)
    by_id(host, "host-open-table").first.click()  # the server host opens the full sheet...
    by_id(host, "sheet-total").first.wait_for(state="attached", timeout=15_000)
    by_id(host, "nav-back").first.wait_for(state="attached")  # ...and can go back to the app
    _open(host, table.links["host"])  # the table's own host link: that table only
    _wait_text(host, "Host · everything on this table")
    by_id(host, "sheet-player-2").first.wait_for(state="attached")
    for seat in (1, 2, 3):
        page = table.new_phone()
        _open(page, table.links[f"seat{seat}"])
        _wait_text(page, _seat_line(seat))
        by_id(page, SCORE).first.wait_for(state="attached", timeout=15_000)
        table.seats.append(page)
    seat1 = table.seats[0]
    # the real sheet, locked to its table: no way to home, history, other games, settings
    for gone in ("nav-back", "home-new-game", "sheet-finish", "sheet-share", "sheet-undo"):
        assert by_id(seat1, gone).count() == 0, gone
    assert by_id(seat1, "sheet-section-resources").count() == 1
    assert by_id(seat1, "sheet-section-table").count() == 1
    seat1.set_viewport_size(PHONES["iphone"])
    shot(seat1, "table-seat")
    # the language is one tap away (no settings screen): Japanese, then back
    seat3 = table.seats[2]
    menu_tap(seat3, "table-language")
    _wait_text(seat3, f"{PLAYERS[2]} · 3番席")
    seat3.set_viewport_size(PHONES["iphone"])
    shot(seat3, "table-seat-ja")
    seat3.set_viewport_size(TALL)
    menu_tap(seat3, "table-language")
    _wait_text(seat3, _seat_line(3))
    seat1.set_viewport_size(TALL)
    # the scoreboard, and back to the sheet (still the same table)
    tap(seat1, "sheet-scoreboard")
    by_id(seat1, "score-table").first.wait_for(state="attached", timeout=15_000)
    tap(seat1, "nav-back")
    _wait_text(seat1, _seat_line(1))


def _seen_elsewhere(seat1: Any, others: dict[str, Any]) -> float:
    """Tap seat 1's score "+" once: the seconds until every page of ``others`` shows it
    (99: not within 10 s)."""
    before = _int(seat1, SCORE)
    for page in others.values():
        _wait_int(page, SCORE, before)
    # the clock starts at the tap itself: aimed first (a still, enabled button on top), so
    # Playwright's own checks before a click are not counted as the table's time
    x, y = aim(seat1, "sheet-score-track-plus")
    started = time.monotonic()
    seat1.mouse.click(x, y)
    seen: dict[str, float] = {}
    while len(seen) < len(others) and time.monotonic() - started < 10:
        for name, page in others.items():
            if name not in seen and _value(page, SCORE) == str(before + 1):
                seen[name] = time.monotonic() - started
    arrived = {name: min((t - started for t in page.frames_received if t >= started),
                         default=None) for name, page in others.items()}
    sent = min((t - started for t in seat1.frames_sent if t >= started), default=None)
    print(f"seat 1 -> tap sent {sent}, on screen {seen}, message arrived {arrived}")
    elapsed = max(seen.values()) if len(seen) == len(others) else 99.0
    if elapsed > SYNC_LIMIT_S:
        for name, page in others.items():
            page.screenshot(path=f"/tmp/table-sync-{name}.png")
            print(name, page.evaluate("document.body.innerText"))
    _wait_int(seat1, SCORE, before + 1)
    return elapsed


def test_change_on_seat_1_reaches_host_and_seat_2_within_a_second(table: Table) -> None:
    """Three taps, each timed from the click to the change on both other phones: the
    median is under a second (one tap slowed by a loaded machine does not decide it; a
    change that never arrives does)."""
    seat1, seat2, host = table.seats[0], table.seats[1], table.host
    _view(seat2, 0)  # seat 2 looks at seat 1's sheet (read-only)
    by_id(seat2, "sheet-read-only").first.wait_for(state="attached", timeout=5_000)
    times = sorted(_seen_elsewhere(seat1, {"host": host, "seat2": seat2}) for _ in range(3))
    assert max(times) < 10, f"a change never reached the other phones: {times}"
    assert times[1] < SYNC_LIMIT_S, f"median {times[1]:.2f} s of {times}"


def test_a_seat_taps_its_kept_sheet_after_another_seats_change(table: Table) -> None:
    """Seat 1's tap redraws seat 2's phone, which keeps its unchanged cards (docs/ui.md):
    a tap on one of those kept cards must still reach the server, made against the
    version on screen (not refused as stale), and count."""
    seat1, seat2 = table.seats[0], table.seats[1]
    _view(seat1, 0)
    _view(seat2, 1)
    mine = _int(seat2, COINS)
    other = _int(seat1, SCORE)
    frames = len(seat2.frames_received)
    by_id(seat1, "sheet-score-track-plus").first.click()
    _wait_int(seat1, SCORE, other + 1)
    deadline = time.monotonic() + 10
    while len(seat2.frames_received) == frames:  # seat 2's phone got the redraw
        assert time.monotonic() < deadline, "seat 2 heard nothing of seat 1's tap"
        seat2.wait_for_timeout(50)
    seat2.wait_for_timeout(300)
    by_id(seat2, "sheet-resources-coins-plus").first.click()  # in a kept card
    _wait_int(seat2, COINS, mine + 1)
    _view(seat2, 0)  # as the tests after this one expect: seat 2 on seat 1's sheet


def test_seat_2_cannot_change_seat_1s_sheet(table: Table) -> None:
    seat1, seat2, host = table.seats[0], table.seats[1], table.host
    # seat 1's own phone says its score (it drew its last tap itself); the host and seat 2
    # show seat 1's sheet too, once the last change has reached them (read at once, the
    # host's phone on a loaded machine still showed the value before seat 1's last tap)
    score = _int(seat1, SCORE)
    _wait_int(host, SCORE, score)
    _wait_int(seat2, SCORE, score)  # read-only
    plus = by_id(seat2, "sheet-score-track-plus").first
    assert plus.get_attribute("aria-disabled") == "true" or plus.locator(
        "[aria-disabled=true]").count() or "disabled" in (plus.inner_html() or "")
    plus.click(force=True)  # even a forced tap changes nothing
    seat2.wait_for_timeout(500)
    assert _int(host, SCORE) == score
    # (a forged command is refused by the hub: tests/app/test_table.py)
    # its own sheet it can change
    _view(seat2, 1)
    assert by_id(seat2, "sheet-read-only").count() == 0
    coins = _int(seat2, COINS)
    tap(seat2, "sheet-resources-coins-plus")
    _view(host, 1)
    _wait_int(host, COINS, coins + 1)
    _view(host, 0)


@pytest.mark.parametrize("path", ["/", "/join/this-is-not-a-valid-token-at-all", "/tables"])
def test_without_a_valid_token_nothing_of_the_table_shows(table: Table, path: str) -> None:
    page = table.new_phone(PHONES["iphone"])
    _open(page, table.server.url + path)
    by_id(page, "join-screen").first.wait_for(state="attached", timeout=15_000)
    page.wait_for_timeout(500)
    content = page.content() + page.evaluate("document.body.innerText")
    for name in PLAYERS:
        assert name not in content
    assert "Table #" not in content and "sheet-total" not in content
    if path == "/":
        shot(page, "table-join")
    page.context.close()


def _reveals_received(server: TableServer) -> int:
    """How many round-token reveals reached the hub (its trace: accepted or refused)."""
    return len(re.findall(r"table \d+: reveal_round_token ", server.log()))


def test_two_seats_tap_the_shared_table_at_once(table: Table) -> None:
    seat1, seat2, host = table.seats[0], table.seats[1], table.host
    for attempt in range(1, 4):
        left = _left(host)
        assert left >= 2, "the seeded game needs two round tokens left"
        for page in (seat1, seat2):
            deadline = time.monotonic() + 5
            while _left(page) != left:
                assert time.monotonic() < deadline
                page.wait_for_timeout(100)
        for page in (seat1, seat2):  # an old "already done" would count as this one's
            assert not _refusal(page) and "Already done" not in (
                _value(page, "sheet-messages") or ""), _value(page, "sheet-messages")
        received = _reveals_received(table.server)
        # aimed first (each settled, on top), then clicked at the same moment: before the
        # first change reaches seat 2 and redraws it (a redraw that moved the button under
        # a click aimed before it would lose that click in the browser, not in the app)
        points = [aim(p, "sheet-round-token") for p in (seat1, seat2)]
        for page, (x, y) in zip((seat1, seat2), points, strict=True):
            page.mouse.click(x, y)
        deadline = time.monotonic() + 5
        now, refused, reached = left, 0, 0
        while time.monotonic() < deadline:
            now = _left(host)
            reached = _reveals_received(table.server) - received
            # the same reveal twice applies once and the other phone is told "already
            # done", however late its tap reaches the server (it was made on the older
            # screen: app.shown); two reveals is the defect issue 22 found
            refused = sum(_refusal(p) != "" or "Already done" in (
                _value(p, "sheet-messages") or "") for p in (seat1, seat2))
            assert now >= left - 1, f"two reveals: {left} -> {now} round tokens left"
            if reached == 2 and now == left - 1 and refused == 1:
                break
            host.wait_for_timeout(100)
        else:
            texts = [p.evaluate("document.body.innerText") for p in (seat1, seat2)]
            if reached == 1 and now == left - 1 and refused == 0 and attempt < 3:
                # one click never left its browser (the hub's trace has one reveal):
                # nothing about the table to judge; tap the pair again
                print(f"attempt {attempt}: a click was lost in the browser, again")
                continue
            raise AssertionError(f"left {left} -> {now}, refusals shown: {refused}, "
                                 f"reveals that reached the hub: {reached}\n"
                                 f"{texts}\n{table.server.log()[-2000:]}")
        break
    print(f"two seats at once: {left} -> {now} round tokens left, refused: {refused}")
    # every phone agrees on the table afterwards
    final = _value(host, ROUND_LINE)
    for page in (seat1, seat2, table.seats[2]):
        deadline = time.monotonic() + 2
        while _value(page, ROUND_LINE) != final:
            assert time.monotonic() < deadline, (final, _value(page, ROUND_LINE))
            page.wait_for_timeout(100)


def test_reload_comes_back_to_the_same_seat(table: Table) -> None:
    seat2 = table.seats[1]
    seat2.goto(table.server.url + "/")  # the bare address: the phone's stored token
    enable_semantics(seat2)
    _wait_text(seat2, _seat_line(2))
    seat2.reload()
    enable_semantics(seat2)
    _wait_text(seat2, _seat_line(2))
    by_id(seat2, COINS).first.wait_for(state="attached", timeout=15_000)


def test_server_killed_and_restarted_loses_nothing(table: Table) -> None:
    seat1, seat3, host = table.seats[0], table.seats[2], table.host
    score3 = _int(seat3, SCORE)
    tap(seat3, "sheet-score-track-plus")
    _view(host, 2)
    _wait_int(host, SCORE, score3 + 1)  # seen by another phone: acknowledged
    _view(host, 0)
    left = _left(host)
    score1, coins1 = _int(seat1, SCORE), _int(seat1, COINS)
    _wait_int(host, SCORE, score1)

    table.server.kill()  # SIGKILL: no clean shutdown
    killed = time.monotonic()
    table.server.start()  # same port, same database

    for page in (host, seat1, seat3):  # the pages reconnect by themselves...
        deadline = time.monotonic() + 30
        while not any(t > killed for t in page.frames_received):
            assert time.monotonic() < deadline, "a page did not reconnect"
            page.wait_for_timeout(100)
    # ...to their seats, at the state before the kill
    _wait_text(seat1, _seat_line(1), 30_000)
    _wait_text(seat3, _seat_line(3), 30_000)
    _wait_text(host, "Host · everything on this table", 30_000)
    _wait_int(seat3, SCORE, score3 + 1, 30)
    _wait_int(seat1, SCORE, score1, 30)
    _wait_int(seat1, COINS, coins1, 30)
    _wait_int(host, SCORE, score1, 30)
    assert _left(host) == left
    _view(host, 2)
    _wait_int(host, SCORE, score3 + 1)
    _view(host, 0)
    # and they work: a change after the restart syncs again
    tap(seat1, "sheet-resources-coins-plus")
    _wait_int(host, COINS, coins1 + 1)
    # a new tab on the same phone (its stored token) comes back to its seat
    again = seat3.context.new_page()
    _open(again, table.server.url + "/")
    _wait_text(again, _seat_line(3))
    again.close()


def test_host_gives_a_seat_a_new_link(table: Table) -> None:
    host, seat3 = table.host, table.seats[2]
    _wait_text(seat3, _seat_line(3))
    host.set_viewport_size({"width": 1000, "height": 2600})  # the QR codes on screen
    menu_tap(host, "sheet-share")  # the table host link reaches its table's QR codes
    by_id(host, "host-reissue-3").first.wait_for(state="attached", timeout=15_000)
    host.mouse.move(500, 500)
    host.mouse.wheel(0, -5000)  # top of the page (a scroll also refreshes Flutter's semantics)
    host.wait_for_timeout(600)
    old = _seat_qr(host, 3)
    by_id(host, "host-reissue-3").first.click()
    # the phone holding the old link is dropped at once and shows nothing of the table
    by_id(seat3, "join-screen").first.wait_for(state="attached", timeout=5_000)
    seat3.wait_for_timeout(300)
    assert all(name not in seat3.content() for name in PLAYERS)
    new = _seat_qr(host, 3, other_than=old)
    assert new != old and new.startswith(f"{table.server.url}/join/")
    _open(seat3, old)  # the old link no longer works
    by_id(seat3, "join-screen").first.wait_for(state="attached", timeout=15_000)
    _open(seat3, new)  # the new one does
    _wait_text(seat3, _seat_line(3))
