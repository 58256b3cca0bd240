"""The game clock (issue 34 item 3): paused and resumed from any seat, derived from the log's
timestamps, exported as the play's duration (BG Stats ``durationMin``, BGG ``length``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from sqlmodel import Session, col, select

from app.game.clock import Mark, clock_of
from app.game.commands import PauseClock, ResumeClock, StartGame
from app.game.errors import AlreadyDone, DomainError
from app.game.registry import command_from_json
from app.session import GameSession
from app.store.exports import bgg_rows, bgstats_play, export_games
from app.store.facade import Store
from app.store.models import CommandLog, GameRow

T0 = datetime(2026, 12, 5, 18, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_pauses_are_left_out_of_the_time_played() -> None:
    clock = clock_of([Mark(2, "start_game", at(0)), Mark(5, "pause_clock", at(30)),
                      Mark(6, "resume_clock", at(50)), Mark(9, "end_game", at(100))])
    assert clock.minutes() == 80 and not clock.paused and clock.pauses == 1


def test_a_running_clock_counts_to_now_and_a_paused_one_stands() -> None:
    running = clock_of([Mark(2, "start_game", at(0)), Mark(3, "pause_clock", at(10)),
                        Mark(4, "resume_clock", at(25))])
    assert running.running and running.minutes(at(40)) == 25
    assert running.minutes() is None  # no "now": unknown
    paused = clock_of([Mark(2, "start_game", at(0)), Mark(3, "pause_clock", at(10))])
    assert paused.paused and paused.minutes(at(500)) == 10 == paused.minutes()


def test_a_game_finished_while_paused_counts_to_its_pause() -> None:
    clock = clock_of([Mark(2, "start_game", at(0)), Mark(3, "pause_clock", at(45)),
                      Mark(4, "end_game", at(600))])
    assert clock.minutes() == 45 and clock.finished == at(45)


def test_no_start_no_clock() -> None:
    assert clock_of([]).minutes(at(5)) is None and clock_of([]).started is None


# --------------------------------------------------------------------------- the session


def guardians(store: Store) -> GameSession:
    s = GameSession.create(store, game="forest-guardians", players=["Ken", "Mei"], seed=3)
    s.apply(StartGame(version=s.version))
    return s


def test_pause_and_resume_from_two_seats_the_second_tap_is_already_done(store: Store) -> None:
    s = guardians(store)
    seen = s.snapshot()
    assert seen.clock.running and seen.clock.pauses == 0
    snap = s.apply(PauseClock(version=seen.version, pauses=0), by=0)
    assert snap.clock.paused and snap.version == seen.version + 1
    with pytest.raises(AlreadyDone):  # Mei tapped Pause on the same screen
        s.apply(PauseClock(version=seen.version, pauses=0), by=1)
    assert s.version == snap.version  # nothing written
    snap = s.apply(ResumeClock(version=snap.version, pauses=1), by=1)
    assert snap.clock.running
    with pytest.raises(AlreadyDone):  # Ken's Resume, late
        s.apply(ResumeClock(version=snap.version - 1, pauses=1), by=0)
    with pytest.raises(AlreadyDone):  # a pause from the screen before the first pause
        s.apply(PauseClock(version=seen.version, pauses=0), by=0)
    # the clock is in the log: a session loaded again (another process) has it
    again = GameSession.load(store, s.game_id)
    assert again.clock() == s.clock() and again.version == s.version


def test_the_clock_waits_for_the_start_and_ends_with_the_finish(store: Store) -> None:
    s = GameSession.create(store, game="forest-guardians", players=["Ken", "Mei"], seed=3)
    with pytest.raises(DomainError) as err:
        s.apply(PauseClock(version=s.version, pauses=0))
    assert err.value.code == "refusal-session-clock-not-started"
    s.apply(StartGame(version=s.version))
    s.finish(s.version)
    with pytest.raises(DomainError) as err:
        s.apply(PauseClock(version=s.version, pauses=0))
    assert err.value.field == "status"


def test_a_pause_is_not_undone_and_does_not_block_undo(store: Store) -> None:
    s = guardians(store)
    s.apply(PauseClock(version=s.version, pauses=0))
    snap = s.undo(s.version)  # takes back the start (the last change), not the pause
    assert snap.state.status == "setup"


def test_clock_commands_come_from_json_and_bad_keys_are_refused(store: Store) -> None:
    cmd = command_from_json({"kind": "pause_clock", "version": 3, "pauses": 0})
    assert cmd == PauseClock(version=3, pauses=0)
    s = guardians(store)
    with pytest.raises(DomainError) as err:
        s.apply(PauseClock(version=s.version, pauses="0"))  # type: ignore[arg-type]
    assert err.value.field == "pauses"


# --------------------------------------------------------------------------- exports


def _retime(store: Store, game_id: int, times: dict[str, list[float]],
            created: float = -20) -> None:
    """Set the log's timestamps (minutes after T0) of each clock kind, in order."""
    with Session(store.engine) as db:
        rows = db.exec(select(CommandLog).where(CommandLog.game_id == game_id)
                       .order_by(col(CommandLog.seq))).all()
        left = {k: list(v) for k, v in times.items()}
        for row in rows:
            if left.get(row.kind):
                row.created_at = at(left[row.kind].pop(0))
                db.add(row)
        game = db.get(GameRow, game_id)
        assert game is not None
        game.created_at = at(created)
        db.add(game)
        db.commit()


def _exported(store: Store, game_id: int) -> Any:
    with Session(store.engine) as db:
        return next(iter(export_games(db, ids=[game_id])))


def _finished(store: Store, pauses: int) -> GameSession:
    s = guardians(store)
    for n in range(pauses):
        s.apply(PauseClock(version=s.version, pauses=n), by=n % 2)
        s.apply(ResumeClock(version=s.version, pauses=n + 1), by=(n + 1) % 2)
    s.finish(s.version)
    return s


def test_the_exports_carry_the_time_played_without_the_pauses(any_store: Store) -> None:
    store = any_store
    s = _finished(store, 2)
    _retime(store, s.game_id, {"start_game": [0], "pause_clock": [30, 60],
                               "resume_clock": [40, 100], "end_game": [150]})
    g = _exported(store, s.game_id)
    assert g.duration_min == 150 - 10 - 40
    assert bgstats_play(g)["durationMin"] == 100
    assert {r["length"] for r in bgg_rows(g)} == {100}


def test_a_long_game_is_kept(store: Store) -> None:
    s = _finished(store, 1)  # an evening and a night: 15 hours, 9 of them paused
    _retime(store, s.game_id, {"start_game": [0], "pause_clock": [180],
                               "resume_clock": [180 + 540], "end_game": [900]})
    assert _exported(store, s.game_id).duration_min == 360
    s = _finished(store, 0)  # 13 hours played without a pause: kept too
    _retime(store, s.game_id, {"start_game": [0], "end_game": [13 * 60]})
    assert _exported(store, s.game_id).duration_min == 13 * 60


def test_a_game_without_a_clock_in_its_log_keeps_creation_to_finish(store: Store) -> None:
    s = _finished(store, 0)
    with Session(store.engine) as db:  # a log from before: no start entry to read
        db.execute(sa.delete(CommandLog).where(col(CommandLog.game_id) == s.game_id,
                                               col(CommandLog.kind) == "start_game"))
        game = db.get(GameRow, s.game_id)
        assert game is not None and game.finished_at is not None
        game.created_at = game.finished_at - timedelta(minutes=75)
        db.add(game)
        db.commit()
    assert _exported(store, s.game_id).duration_min == 75
    with Session(store.engine) as db:  # left open for days: unknown, as before
        game = db.get(GameRow, s.game_id)
        assert game is not None and game.finished_at is not None
        game.created_at = game.finished_at - timedelta(hours=13)
        db.add(game)
        db.commit()
    assert _exported(store, s.game_id).duration_min is None


# --------------------------------------------------------------------------- the table


def test_two_seats_pause_at_once_through_the_hub_one_is_already_done(tmp_path: Any) -> None:
    import threading

    from app.table.answers import Accepted
    from app.table.hub import TableHub

    store = Store.open(f"sqlite:///{tmp_path / 'table.sqlite3'}")
    s = guardians(store)
    hub = TableHub(store)
    seats = [hub.issue(s.game_id, 1), hub.issue(s.game_id, 2)]
    v = hub.snapshot(s.game_id).version
    barrier = threading.Barrier(2)
    results: list[Any] = []

    def tap(token: str) -> None:
        barrier.wait()
        results.append(hub.submit_json(s.game_id, token,
                                       {"kind": "pause_clock", "version": v, "pauses": 0}))

    threads = [threading.Thread(target=tap, args=(t,)) for t in seats]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted("ok" if isinstance(r, Accepted) else r.reason for r in results) == [
        "already_done", "ok"]
    snap = hub.snapshot(s.game_id)
    assert snap.clock.paused and snap.clock.pauses == 1
    host = hub.issue(s.game_id)  # the host resumes it
    assert isinstance(hub.submit(s.game_id, host, ResumeClock(version=snap.version, pauses=1)),
                      Accepted)
    assert hub.snapshot(s.game_id).clock.running


@pytest.mark.parametrize(("lang", "running", "paused"), [
    ("en", "Played 1 minute", "Clock paused: played 80 minutes"),
    ("ja", "プレイ時間 1分", "時計は一時停止中：プレイ時間 80分")])
def test_the_clock_line_in_both_languages(lang: str, running: str, paused: str) -> None:
    from app.ui.sheet.clock import clock_line

    assert clock_line(lang, clock_of([Mark(2, "start_game", at(0))]), at(1.5)) == running
    assert clock_line(lang, clock_of([Mark(2, "start_game", at(0)),
                                      Mark(3, "pause_clock", at(80))]), at(99)) == paused
    assert clock_line(lang, clock_of([]), at(5)) == ""


def test_two_processes_share_the_clock(tmp_path: Any) -> None:
    """Two writers (processes) on one database: the second's pause of the same clock is
    already done, its resume of the pause the first one made applies (it reads the log)."""
    url = f"sqlite:///{tmp_path / 'two.sqlite3'}"
    one = guardians(Store.open(url))
    two = GameSession.load(Store.open(url), one.game_id)
    seen = two.version
    one.apply(PauseClock(version=one.version, pauses=0), by=0)
    with pytest.raises(AlreadyDone):
        two.apply(PauseClock(version=seen, pauses=0), by=1)
    assert two.clock().paused
    one.apply(ResumeClock(version=one.version, pauses=1), by=0)
    one.apply(PauseClock(version=one.version, pauses=1), by=0)
    three = GameSession.load(Store.open(url), one.game_id)
    three.apply(ResumeClock(version=three.version, pauses=2), by=1)
    snap = two.apply(PauseClock(version=two.version, pauses=2), by=1)  # caught up, then paused
    assert snap.clock.paused and snap.clock.pauses == 3 and snap.version == one.version + 2


def test_the_clock_on_a_forest_guardians_sheet_paused_and_resumed(svc: object) -> None:
    """The sheet's clock piece (no Flutter): shown once the game starts, Pause then Resume."""
    import asyncio

    from tests.app.flet_harness import by_id, semantics_ids, settle, start_app, tap

    async def go() -> None:
        client, app = await start_app()
        await tap(client, "home-new-game")
        client.session.get_page_patch()
        await tap(client, "new-game-forest-guardians")
        client.session.get_page_patch()
        for i, name in enumerate(["Mei", "Ken"]):
            await client.type(by_id(client, f"new-player-{i}-name"), name)
        await tap(client, "new-start")
        client.session.get_page_patch()
        await tap(client, "setup-start-play")
        client.session.get_page_patch()
        assert "clock-time" not in semantics_ids(client)  # not started: no clock yet
        await tap(client, "sheet-start-game")
        client.session.get_page_patch()
        assert by_id(client, "clock-time").value == "Played 0 minutes"
        await tap(client, "clock-pause")
        client.session.get_page_patch()
        assert by_id(client, "clock-time").value == "Clock paused: played 0 minutes"
        assert "clock-pause" not in semantics_ids(client)
        await tap(client, "clock-resume")
        client.session.get_page_patch()
        assert "clock-pause" in semantics_ids(client)
        await settle()
        assert not client.crashes()

    asyncio.run(go())
