"""The game clock on two phones (issue 34 item 3): seat 1 pauses it, seat 2 sees it paused
and resumes it, the host sees both; the finished game's duration is the log's clock (started
to finished, the pause left out), as the exports carry it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.e2e.conftest import PHONES, aim, by_id, shot, tap
from tests.e2e.table_fixtures import TableServer, table_browser, table_server
from tests.e2e.test_table_mode import TALL, Table, _open, _qr, _value

__all__ = ["table_browser", "table_server"]


@pytest.fixture(scope="module")
def table(table_browser: Any, table_server: tuple[TableServer, int]) -> Iterator[Table]:
    server, game_id = table_server
    t = Table(table_browser, server, game_id)
    yield t
    for ctx in t.contexts:
        ctx.close()


def _attached(page: Any, identifier: str) -> None:
    by_id(page, identifier).first.wait_for(state="attached", timeout=30_000)


def test_the_clock_paused_and_resumed_on_two_phones_and_the_saved_duration(
        table: Table) -> None:
    host = table.new_phone({"width": 1000, "height": 1800})
    _open(host, table.server.host_link)
    tap(host, "home-tables", appears=f"tables-{table.game_id}")
    tap(host, f"tables-{table.game_id}", appears="host-qr-host")
    links = {seat: _qr(host, f"host-qr-{seat}") for seat in (1, 2)}
    host.set_viewport_size(TALL)
    _open(host, _qr(host, "host-qr-host"))
    seats = []
    for seat in (1, 2):
        page = table.new_phone()
        _open(page, links[seat])
        seats.append(page)
    ken, mei = seats
    for page in (host, ken, mei):  # running since the start: Pause on every phone
        _attached(page, "clock-pause")
        assert re.fullmatch(r"Played \d+ minutes?", _value(page, "clock-time") or ""), \
            _value(page, "clock-time")
    tap(ken, "clock-pause", appears="clock-resume")
    for page in (host, mei):  # the other phones show it paused
        _attached(page, "clock-resume")
        assert (_value(page, "clock-time") or "").startswith("Clock paused: played ")
    ken.set_viewport_size(PHONES["iphone"])
    aim(ken, "clock-resume")  # (scrolled to it)
    shot(ken, "table-clock-paused")
    tap(mei, "clock-resume", appears="clock-pause")
    _attached(ken, "clock-pause")
    _attached(host, "clock-pause")

    from sqlmodel import Session, col, select

    from app.session import GameSession
    from app.store.exports import bgstats_play, export_games
    from app.store.facade import Store
    from app.store.models import CommandLog

    store = Store.open(table.server.db_url)
    try:
        session = GameSession.load(store, table.game_id)
        session.finish(session.version)
        with Session(store.engine) as db:
            rows = db.exec(select(CommandLog).where(CommandLog.game_id == table.game_id)
                           .order_by(col(CommandLog.seq))).all()
            clock = [(r.kind, r.payload.get("by")) for r in rows
                     if r.kind in ("start_game", "pause_clock", "resume_clock", "end_game")]
            assert clock == [("start_game", None), ("pause_clock", 0), ("resume_clock", 1),
                             ("end_game", None)]
            # the clock is the log's timestamps: an evening of 100 minutes, 20 of them paused
            t0 = datetime(2026, 12, 5, 18, 0, tzinfo=UTC)
            minutes = {"start_game": 0, "pause_clock": 30, "resume_clock": 50, "end_game": 100}
            for r in rows:
                if r.kind in minutes:
                    r.created_at = t0 + timedelta(minutes=minutes[r.kind])
                    db.add(r)
            db.commit()
            game = next(iter(export_games(db, ids=[table.game_id])))
        assert game.duration_min == 80
        assert bgstats_play(game)["durationMin"] == 80
    finally:
        store.engine.dispose()
