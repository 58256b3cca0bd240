"""Two Chromium phones of one table on two ``serve`` processes sharing PostgreSQL (issue 24).

No stickiness: seat 1's phone talks to the first process, seat 2's to the second. A tap
on either phone is on the other's screen within a second (the clock starts at the click
on the aimed button, as in tests/e2e/test_table_mode.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import pg_schema_url, pg_url
from tests.app.test_processes import deal, env, saved_taps, servers
from tests.e2e.conftest import aim, by_id, enable_semantics, instrument, tap
from tests.e2e.table_fixtures import table_browser
from tests.e2e.test_table_mode import SCORE, SELECTED_JS, TALL, _int, _value

__all__ = ["env", "pg_schema_url", "pg_url", "table_browser"]

SYNC_LIMIT_S = 1.0


def _phone(browser: Any, url: str) -> Any:
    ctx = browser.new_context(viewport=TALL)
    instrument(ctx)
    page = ctx.new_page()
    page.goto(url)
    enable_semantics(page)
    by_id(page, "sheet-score-track-plus").first.wait_for(state="attached", timeout=60_000)
    return page


def _show(page: Any, player: int) -> None:
    ident = f"sheet-player-{player}"
    tap(page, ident, until=(SELECTED_JS, ident))


def _tap_and_time(tapper: Any, other: Any) -> float:
    """Seat ``tapper`` taps its score's "+" (on its own sheet); seconds until ``other``
    (showing the tapper's sheet) shows the new score."""
    deadline = time.monotonic() + 15
    while (before := _int(tapper, SCORE)) != _int(other, SCORE):  # both drawn the last tap
        assert time.monotonic() < deadline, (before, _value(other, SCORE))
        other.wait_for_timeout(100)
    x, y = aim(tapper, "sheet-score-track-plus")
    started = time.monotonic()
    tapper.mouse.click(x, y)
    while _value(other, SCORE) != str(before + 1):
        assert time.monotonic() - started < 10, _value(other, SCORE)
        other.wait_for_timeout(10)
    return time.monotonic() - started


@pytest.mark.postgres
def test_two_phones_on_two_processes_see_each_others_taps_within_a_second(
        table_browser: Any, pg_schema_url: str, env: Callable[[str], dict[str, str]],
        tmp_path: Path) -> None:
    ((game, tokens, _host),) = deal(pg_schema_url)
    with servers(env(pg_schema_url), tmp_path, 2) as (p1, p2):
        seat1 = _phone(table_browser, f"{p1.url}/join/{tokens[0]}")
        seat2 = _phone(table_browser, f"{p2.url}/join/{tokens[1]}")
        try:
            _show(seat2, 0)  # seat 2 looks at seat 1's sheet, read-only
            _tap_and_time(seat1, seat2)  # (a first tap: each process draws it cold)
            took = [_tap_and_time(seat1, seat2) for _ in range(2)]
            _show(seat2, 1)
            _show(seat1, 1)  # now seat 1 looks at seat 2's
            took += [_tap_and_time(seat2, seat1) for _ in range(2)]
            print(f"tap -> the other process's phone: {[round(t, 3) for t in took]} s")
            assert max(took) < SYNC_LIMIT_S, took
        finally:
            for page in (seat1, seat2):
                page.context.close()
    assert saved_taps(pg_schema_url, game)[:2] == [3, 2]


@pytest.mark.postgres
@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="needs Linux's /proc")
def test_a_phone_whose_process_is_killed_comes_back_on_another_and_says_what_may_be_lost(
        table_browser: Any, pg_schema_url: str, env: Callable[[str], dict[str, str]],
        tmp_path: Path) -> None:
    """``serve --workers 2``. The table's saves are held (another connection locks its
    row) while the phone taps "+" twice: its taps are in its worker's hands, unsaved,
    unacknowledged. That worker is killed. The phone's socket comes back on the port, on
    another worker, where its session does not exist: it is at its seat again, drawn as
    the table is, and says that two taps may not have been saved."""
    import os
    import signal

    import psycopg

    from app.store.notify import listener_conninfo
    from tests.app.test_processes import Served, _socket_inodes, _tcp, _workers_of

    ((game, tokens, _host),) = deal(pg_schema_url)
    server = Served(env(pg_schema_url), tmp_path / "workers.log", "--workers", "2")
    try:
        server.wait()
        phone = _phone(table_browser, f"{server.url}/join/{tokens[0]}")
        try:
            before = _int(phone, SCORE)

            def holders() -> list[int]:
                established = {inode for state, inode in _tcp(server.port) if state == "01"}
                return [pid for pid in _workers_of(server.proc.pid)
                        if established & _socket_inodes(pid)]

            # the page's HTTP connections closed, only its socket left (a browser closes an
            # idle keep-alive connection in its own time: a fixed 6 s was not always enough)
            deadline = time.monotonic() + 30
            while len(holders()) != 1:
                assert time.monotonic() < deadline, holders()
                phone.wait_for_timeout(250)
            lock = psycopg.connect(listener_conninfo(pg_schema_url))
            lock.execute("SELECT * FROM game_state WHERE game_id = %s FOR UPDATE", (game,))
            try:
                for _ in range(2):
                    x, y = aim(phone, "sheet-score-track-plus")
                    phone.mouse.click(x, y)
                    phone.wait_for_timeout(300)
                phone.wait_for_timeout(700)
                held = holders()
                assert len(held) == 1, held
                os.kill(held[0], signal.SIGKILL)
            finally:
                lock.rollback()
                lock.close()
            note = phone.locator("#ft-link")
            deadline = time.monotonic() + 60
            while "may not have been saved" not in (note.text_content() or ""):
                assert time.monotonic() < deadline, note.text_content()
                phone.wait_for_timeout(200)
            text = note.text_content() or ""
            assert text.startswith("2 taps may not have been saved"), text
            by_id(phone, "sheet-score-track-plus").first.wait_for(state="attached",
                                                                  timeout=60_000)
            assert _int(phone, SCORE) == before  # the table as it is: nothing was saved
            assert saved_taps(pg_schema_url, game)[0] == 0
            x, y = aim(phone, "sheet-score-track-plus")  # the player taps again
            phone.mouse.click(x, y)
            deadline = time.monotonic() + 15
            while _int(phone, SCORE) != before + 1:
                assert time.monotonic() < deadline
                phone.wait_for_timeout(100)
            assert not note.is_visible()  # the note goes with the next tap
        finally:
            phone.context.close()
    finally:
        server.stop()
    assert saved_taps(pg_schema_url, game)[0] == 1
