"""Issue 13: only a link lets anyone in; live after sleep; never a freeze or a traceback.

Protocol level: real Flet sessions of table mode (tests/app/flet_harness.py) over a
real hub; storage failures with a real SQLite file (a held write lock from another
connection, a full tmpfs). The browser side is tests/e2e/test_table_trust.py.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import sqlite3
import stat
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from app.game.commands import Finish, Undo
from app.games.forestry.commands import SetCount
from app.session import GameSession
from app.store import tokens as T
from app.store.facade import Store
from app.table.answers import Accepted, Refused
from app.table.codes import TableCode
from app.table.hub import BadTokens, TableHub
from app.table.rights import SERVER
from app.ui.kit.live_table import OpenTable
from app.ui.sheet.view import Inbox
from scoring.message import Refusal
from tests.app.test_table import PLAYERS, _all_text, _started, _tab_run, _until
from tests.app.web_server import fill_disk


@pytest.fixture
def store() -> Store:
    return Store.open("sqlite://")


@pytest.fixture
def game(store: Store) -> int:
    return GameSession.create(store, game="forestry", players=PLAYERS, seed=7).game_id


def _coins(hub: TableHub, game: int, token: str, value: int, player: int = 0) -> Any:
    v = hub.snapshot(game).version
    return hub.submit(game, token, SetCount(version=v, player=player, field="resources.coins",
                                            value=value))


# --------------------------------------------------------------------------- host link


def test_one_host_link_per_data_directory_kept_across_restarts(store: Store,
                                                               tmp_path: Path) -> None:
    older = TableHub(store).issue()  # what every start used to add
    hub = TableHub(store)
    token, new = hub.host_link_token(tmp_path)
    assert new and hub.access(older) is None  # one host link: the older ones are revoked
    kept = tmp_path / T.HOST_LINK_FILE
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert kept.read_text().strip() == token
    with store.session() as s:  # the database keeps only the hash
        assert T.token_hash(token) in T.valid_hashes(s, game_id=None, seat=None)
        assert not any(token in str(v) for r in s.exec(T.select(T.TableToken)).all()
                       for v in r.model_dump().values())
    again, new = TableHub(store).host_link_token(tmp_path)  # a restart: the same link
    assert again == token and not new
    rotated, new = TableHub(store).host_link_token(tmp_path, rotate=True)
    assert new and rotated != token
    assert hub.access(token) is None and hub.access(rotated).role == SERVER
    assert kept.read_text().strip() == rotated
    with store.session() as s:
        assert len(T.valid_hashes(s, game_id=None, seat=None)) == 1


def test_a_revoked_or_foreign_kept_file_gives_a_new_link(store: Store, tmp_path: Path) -> None:
    hub = TableHub(store)
    token, _ = hub.host_link_token(tmp_path)
    hub.revoke(None)  # every server host link revoked (e.g. from another process)
    fresh, new = TableHub(store).host_link_token(tmp_path)
    assert new and fresh != token
    (tmp_path / T.HOST_LINK_FILE).write_text("garbage\n")
    third, new = TableHub(store).host_link_token(tmp_path)
    assert new and third not in (token, fresh)


def test_serve_flags() -> None:
    from app.cli import build_parser

    args = build_parser().parse_args(["serve", "--new-host-link", "--no-browser"])
    assert args.new_host_link and args.no_browser
    args = build_parser().parse_args(["serve"])
    assert not args.new_host_link and not args.no_browser


def test_browser_is_not_opened_in_ci_or_without_a_display(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from app import server

    monkeypatch.setenv("CI", "1")
    assert not server.can_open_browser()
    monkeypatch.delenv("CI")
    monkeypatch.delenv("FOREST_TABLE_NO_BROWSER", raising=False)
    monkeypatch.setattr(server.sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert not server.can_open_browser()
    monkeypatch.setenv("DISPLAY", ":0")
    assert server.can_open_browser()
    opened: list[str] = []
    assert server.open_browser("http://localhost:1/join/x", opened.append) is False
    assert opened == ["http://localhost:1/join/x"]
    assert server.open_browser("u", lambda u: 1 / 0) is False  # never raises
    assert server.local_url("127.0.0.1", 8550) == "http://localhost:8550"
    assert server.local_url(None, 8550) == "http://localhost:8550"
    assert server.local_url("192.168.1.20", 8550) is None


def test_printed_lines_are_quiet_and_say_how_to_stop(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    from app import server

    server.print_join("http://192.168.1.20:8550/join/" + "a" * 32, False,
                      local="http://localhost:8550/join/" + "a" * 32, opened=True)
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 5
    assert out[2].strip().endswith("/join/" + "a" * 32)
    assert "localhost:8550" in out[3] and "Ctrl+C" in out[4]


def test_tokens_never_reach_a_log(caplog: pytest.LogCaptureFixture,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from app import server
    from app.table.hub import new_token

    server.redact_tokens()
    server.redact_tokens()  # once is enough
    token = new_token()
    short = "abcdefghijklmnop"  # a forged route's "token": not a real one, still redacted
    caplog.set_level(logging.DEBUG)
    log = logging.getLogger("flet_test_redaction")
    access = logging.getLogger("uvicorn.access")
    # a server started by an earlier test configured uvicorn's loggers (its level
    # "warning", access log off): this test's record must reach caplog whatever ran first
    caplog.set_level(logging.DEBUG, logger="uvicorn.access")
    monkeypatch.setattr(access, "propagate", True)
    monkeypatch.setattr(access, "disabled", False)
    log.debug("route %s", f"/join/{token}/scoreboard")
    log.debug("lookup_path: join/%s", short)
    log.debug("send %s", {"key": "forest_table.table_token", "value": token})
    access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:1", "GET", f"/join/{token}", "1.1", 200)
    log.debug(f"plain /join/{token}")
    text = caplog.text
    assert token not in text and short not in text
    # every line redacted (distinct lines: after an earlier test's server configured
    # uvicorn's loggers, its access record can reach caplog twice)
    said = {r.getMessage() for r in caplog.records}
    assert len(said) == 5 and all("<token>" in m for m in said), said
    uvicorn = [r for r in caplog.records if r.levelno == logging.INFO][0]
    assert isinstance(uvicorn.args, tuple) and len(uvicorn.args) == 5  # formatters unpack it


# --------------------------------------------------------------------------- no ambient trust


def test_a_tokenless_tab_sees_nothing_from_any_address_and_a_friendly_screen(
        store: Store, game: int) -> None:
    async def steps(hub: TableHub, make_tab: Any) -> None:
        hub.host_link_token(None)
        for ip in ("127.0.0.1", "127.0.0.2"):
            client, tab = await make_tab("/", ip=ip)
            peer = tab.services.serving.peers  # what serve's web layer captured
            peer.remember(client.session.id, ip)
            for forged in ("127.0.0.1", "::1", "localhost"):
                client.page.client_ip = forged
                await tab.open(None)
                text = _all_text(client)
                assert "Scan the table's QR code with this phone's camera" in text
                assert not any(name in text for name in PLAYERS)
                assert tab.app is None
            peer.forget(client.session.id)

    _tab_run(store, steps)


# --------------------------------------------------------------------------- bad tokens


def test_bad_tokens_slow_down_per_address_else_globally() -> None:
    b = BadTokens(free=3, base=0.5, cap=4.0, window=60.0)
    for i in range(3):
        assert b.delay("10.0.0.9", now=i) == 0.0
        b.failed("10.0.0.9", now=i)
    assert b.delay("10.0.0.9", now=3) == 0.5
    b.failed("10.0.0.9", now=3)
    assert b.delay("10.0.0.9", now=4) == 1.0
    for i in range(10):
        b.failed("10.0.0.9", now=5 + i)
    assert b.delay("10.0.0.9", now=20) == 4.0  # capped
    assert b.delay("10.0.0.10", now=20) == 0.0  # another phone is not slowed
    assert b.delay("10.0.0.9", now=100) == 0.0  # the window passed
    for i in range(3):
        b.failed(None, now=i)
    assert b.delay(None, now=3) == 0.5  # peer unknown: one global count
    small = BadTokens(keys=2)
    for ip in ("a", "b", "c"):
        small.failed(ip, now=0)
    assert len(small._fails) == 2  # bounded memory


def test_a_tab_waits_after_repeated_bad_tokens_and_shows_nothing(store: Store,
                                                                 game: int) -> None:
    """Peer addresses unknown (no web layer here): one global count."""
    async def steps(hub: TableHub, make_tab: Any) -> None:
        hub.bad_tokens = BadTokens(free=2, base=0.4, cap=0.4)
        good = hub.issue(game, 1)
        seen = [await make_tab("/join/" + "x" * 32) for _ in range(3)]
        assert hub.bad_tokens.delay(None) == 0.4
        # a right token now waits first (a guess costs time, right or wrong), then opens
        client, tab = await make_tab("/")
        t0 = time.monotonic()
        await tab.open(good)
        assert time.monotonic() - t0 >= 0.35
        assert tab.app is not None
        for c, t in seen:
            assert t.app is None and not any(n in _all_text(c) for n in PLAYERS)

    _tab_run(store, steps)


def test_a_token_check_that_fails_fails_closed(store: Store, game: int) -> None:
    async def steps(hub: TableHub, make_tab: Any) -> None:
        token = hub.issue(game, 1)

        def broken(_t: Any) -> Any:
            raise OSError("disk I/O error")
        hub.access = broken  # type: ignore[method-assign]
        client, tab = await make_tab(f"/join/{token}")
        assert tab.app is None and not any(n in _all_text(client) for n in PLAYERS)

    _tab_run(store, steps)


# --------------------------------------------------------------------------- live after sleep


def test_a_phone_back_from_sleep_gets_every_later_update(store: Store, game: int) -> None:
    """B drops (its connection goes: Flet's page.run_task fails), A taps, B reconnects to
    its kept session, A taps again: B shows it (the old inbox stayed "queued" forever)."""
    from tests.app.flet_harness import RecordingConnection

    async def steps(hub: TableHub, make_tab: Any) -> None:
        host = hub.issue(game)
        _started(hub, game, host)
        a_token, b_token = hub.issue(game, 1), hub.issue(game, 2)
        _a, _tab_a = await make_tab(f"/join/{a_token}")
        b, tab_b = await make_tab(f"/join/{b_token}")
        pb = tab_b.app.states.get(OpenTable, game)[0]
        await b.session.disconnect(900)  # the phone sleeps
        assert b.session.connection is None
        r = _coins(hub, game, a_token, 5)
        assert isinstance(r, Accepted)
        await asyncio.sleep(0.1)
        inbox = tab_b.app.states.get(Inbox, game)
        assert not inbox.queued  # never wedged
        await b.session.connect(RecordingConnection(b.conn.pubsubhub))  # back, same session
        await _until(lambda: pb.version == hub.snapshot(game).version)
        assert pb.version == hub.snapshot(game).version  # caught up
        r = _coins(hub, game, a_token, 6)
        assert isinstance(r, Accepted)
        await _until(lambda: pb.version == r.snapshot.version)
        assert pb.version == r.snapshot.version and pb.state.boards[0].resources.coins == 6
        # a subscription that went away is made again on the next reconnect
        inbox.close()
        assert hub.subscriber_count(game) == 1
        await b.session.disconnect(900)
        await b.session.connect(RecordingConnection(b.conn.pubsubhub))
        await _until(lambda: hub.subscriber_count(game) == 2)
        assert hub.subscriber_count(game) == 2
        r = _coins(hub, game, a_token, 7)
        await _until(lambda: pb.version == r.snapshot.version)
        assert pb.version == r.snapshot.version
        assert not b.crashes()

    _tab_run(store, steps)


def test_a_failed_schedule_never_wedges_the_inbox(store: Store, game: int) -> None:
    async def steps(hub: TableHub, make_tab: Any) -> None:
        host = hub.issue(game)
        _started(hub, game, host)
        b, tab_b = await make_tab(f"/join/{hub.issue(game, 2)}")
        inbox = tab_b.app.states.get(Inbox, game)
        pb = tab_b.app.states.get(OpenTable, game)[0]
        real = inbox.app.page.run_task
        calls = []

        def failing(*a: Any, **k: Any) -> Any:
            calls.append(1)
            raise RuntimeError("no connection")
        inbox.app.page.run_task = failing
        try:
            assert isinstance(_coins(hub, game, host, 3), Accepted)
        finally:
            inbox.app.page.run_task = real
        assert calls and not inbox.queued
        r = _coins(hub, game, host, 4)
        await _until(lambda: pb.version == r.snapshot.version)
        assert pb.version == r.snapshot.version

    _tab_run(store, steps)


# --------------------------------------------------------------------------- storage


@pytest.fixture
def file_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setenv("FOREST_TABLE_BUSY_TIMEOUT_MS", "200")
    return Store.open(f"sqlite:///{tmp_path / 'forest-table.sqlite3'}")


def test_a_held_write_lock_gives_busy_then_the_tap_succeeds(file_store: Store,
                                                             tmp_path: Path) -> None:
    hub = TableHub(file_store)
    game = GameSession.create(file_store, game="forestry", players=PLAYERS, seed=7).game_id
    host = hub.issue(game)
    v = _started(hub, game, host)
    other = sqlite3.connect(tmp_path / "forest-table.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        t0 = time.monotonic()
        r = _coins(hub, game, host, 9)
        assert time.monotonic() - t0 < 3.0  # no freeze: the short busy timeout
        assert isinstance(r, Refused) and r.reason == "storage" and r.msg.code == TableCode.BUSY
        assert hub.snapshot(game).version == v  # nothing shown that is not saved
    finally:
        other.execute("ROLLBACK")
        other.close()
    r = _coins(hub, game, host, 9)
    assert isinstance(r, Accepted) and r.snapshot.version == v + 1
    again = GameSession.load(file_store, game)  # what a restart finds
    assert again.version == v + 1 and again.state.boards[0].resources.coins == 9


def test_a_held_write_lock_on_a_phone_is_a_message_not_a_crash_panel(file_store: Store,
                                                                     tmp_path: Path) -> None:
    from app.l10n import render
    from tests.app.flet_harness import tap

    game = GameSession.create(file_store, game="forestry", players=PLAYERS, seed=7).game_id

    async def steps(hub: TableHub, make_tab: Any) -> None:
        host = hub.issue(game)
        v = _started(hub, game, host)
        client, tab = await make_tab(f"/join/{hub.issue(game, 1)}")
        other = sqlite3.connect(tmp_path / "forest-table.sqlite3", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            client.session.get_page_patch()
            await tap(client, "sheet-storage-wood-plus")
            await _until(lambda: render("en", TableCode.BUSY) in _all_text(client))
            assert render("en", TableCode.BUSY) in _all_text(client)
            assert not client.crashes() and hub.snapshot(game).version == v
        finally:
            other.execute("ROLLBACK")
            other.close()
        client.session.get_page_patch()
        await tap(client, "sheet-storage-wood-plus")
        await _until(lambda: hub.snapshot(game).version == v + 1
                     and render("en", TableCode.BUSY) not in _all_text(client))
        assert hub.snapshot(game).version == v + 1
        assert render("en", TableCode.BUSY) not in _all_text(client)
        assert not client.crashes()

    _tab_run(file_store, steps)


def test_a_full_disk_gives_a_message_and_loses_nothing(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    mnt = tmp_path / "small"
    mnt.mkdir()
    if shutil.which("mount") is None or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"mount not permitted: {done.stderr.decode(errors='replace').strip()}")
    try:
        monkeypatch.setenv("FOREST_TABLE_BUSY_TIMEOUT_MS", "200")
        store = Store.open(f"sqlite:///{mnt / 'forest-table.sqlite3'}")
        hub = TableHub(store)
        game = GameSession.create(store, game="forestry", players=PLAYERS, seed=7).game_id
        host = hub.issue(game)
        v = _started(hub, game, host)
        filler = mnt / "filler"
        fill_disk(filler)  # to the last block
        refused = None
        for value in range(10, 60):  # the WAL may have room for a few; then it is full
            r = _coins(hub, game, host, value)
            if isinstance(r, Refused):
                refused = r
                break
            v = r.snapshot.version
        assert refused is not None and refused.reason == "storage"
        assert refused.msg.code in (TableCode.DISK_FULL, TableCode.STORAGE)
        assert hub.snapshot(game).version == v
        filler.unlink()
        r = _coins(hub, game, host, 99)
        assert isinstance(r, Accepted) and r.snapshot.version == v + 1
        store.engine.dispose()
        again = GameSession.load(Store.open(f"sqlite:///{mnt / 'forest-table.sqlite3'}"), game)
        assert again.version == v + 1 and again.state.boards[0].resources.coins == 99
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def test_an_unexpected_handler_failure_is_a_message_not_the_crash_panel(store: Store,
                                                                         game: int) -> None:
    import flet as ft

    from app.l10n import render

    async def steps(hub: TableHub, make_tab: Any) -> None:
        client, tab = await make_tab(f"/join/{hub.issue(game, 1)}")

        def boom(_e: Any) -> None:
            raise sqlite3.OperationalError("database is locked")
        button = ft.Button(content=ft.Text("x"), on_click=boom)
        client.page.controls.append(button)
        client.page.update()
        client.session.get_page_patch()
        await client.click(button)
        assert not client.crashes()
        client.session.get_page_patch()
        bars = client.find(ft.SnackBar)
        assert bars and bars[-1].content.content.value == render("en", TableCode.BUSY)
        assert bars[-1].open

    _tab_run(store, steps)


# --------------------------------------------------------------------------- validation


@pytest.mark.parametrize("raw, code", [
    ("²", "refusal-seed-not-digits"), ("٣", "refusal-seed-not-digits"),
    ("1" * 5000, "refusal-seed-too-large"), ("-1", "refusal-seed-not-digits"),
    (str(2**63), "refusal-seed-too-large"), ("1e5", "refusal-seed-not-digits"),
    ("x" * 5000, "refusal-seed-not-digits"), (["1"], "refusal-seed-not-digits"),
])
def test_seeds_are_digits_up_to_2_63(raw: Any, code: str) -> None:
    from app.ui.kit.validate import parse_seed

    with pytest.raises(Refusal) as err:
        parse_seed(raw)
    assert err.value.code == code and err.value.field == "seed"


def test_good_seeds() -> None:
    from app.ui.kit.validate import parse_seed, typed_number

    assert parse_seed("") is None and parse_seed(" 42 ") == 42
    assert parse_seed(str(2**63 - 1)) == 2**63 - 1 and parse_seed("0") == 0
    assert typed_number("12", "value") == 12
    for bad in ("²", "1" * 5000, "", "-3", None):
        with pytest.raises(Refusal):
            typed_number(bad, "value")


def test_new_game_form_refuses_bad_names_and_seeds_with_field_messages() -> None:
    from app.i18n import Translator
    from app.ui.new_game.presenter import NewGamePresenter

    t = Translator().t
    for seed in ("²", "1" * 5000, str(2**63)):
        p = NewGamePresenter(t)
        p.set_name(0, "Mei")
        p.set_name(1, "Ken")
        p.set_seed_text(seed)
        assert p.submit() is None and p.errors["seed"].startswith("Seed")
    p = NewGamePresenter(t)
    p.set_name(0, "M" * 100_000)
    p.set_name(1, "Ken\u202e")
    assert p.submit() is None
    assert "at most 40 characters" in p.errors["players[0].name"]
    assert "U+202E" in p.errors["players[1].name"]
    assert len(p.players[0].name) <= 200  # what the form keeps of a flood
    p.set_name(0, "Ｍｅｉ")  # full width: NFKC
    p.set_name(1, "  Ken   Ito ")
    p.set_seed_text(str(2**63 - 1))
    req = p.submit()
    assert req is not None and [x.name for x in req.players] == ["Mei", "Ken Ito"]
    assert req.seed == 2**63 - 1


def test_a_seed_sent_over_the_protocol_gives_a_field_message(store: Store) -> None:
    """What a forged client sends (``²``, 5,000 digits) to the real form: no crash panel."""
    from tests.app.flet_harness import by_id, tap

    async def steps(hub: TableHub, make_tab: Any) -> None:
        token, _ = hub.host_link_token(None)
        client, tab = await make_tab(f"/join/{token}")
        client.session.get_page_patch()
        await tap(client, "home-new-game")
        for seed in ("²", "9" * 5000):
            client.session.get_page_patch()
            for i, name in enumerate(("Mei", "Ken")):
                await client.type(by_id(client, f"new-player-{i}-name"), name)
            await client.type(by_id(client, "new-seed"), seed)
            await tap(client, "new-start")
            client.session.get_page_patch()
            assert not client.crashes()
            assert tab.app.route == "new"
            said = by_id(client, "new-seed-error").controls[1].value  # under the field
            assert said.startswith("Seed"), said

    _tab_run(store, steps)


# --------------------------------------------------------------------------- finished tables


def test_a_finished_tables_links_are_read_only_and_show_the_result(store: Store,
                                                                    game: int) -> None:

    async def steps(hub: TableHub, make_tab: Any) -> None:
        host = hub.issue(game)
        _started(hub, game, host)
        seat = hub.issue(game, 2)
        client, tab = await make_tab(f"/join/{seat}")
        screen = client.page.controls[0].key  # the sheet's scrolling column, this visit
        r = hub.submit(game, host, Finish(version=hub.snapshot(game).version))
        assert isinstance(r, Accepted), r.message
        await asyncio.sleep(0.3)
        text = _all_text(client)
        assert "This game is finished: here is the result." in text
        # a screen every phone sees (issue 22: 2,000 px down a seat's sheet): a new visit,
        # drawn from its top, the result first
        assert client.page.controls[0].key != screen
        import flet as ft

        from tests.app.flet_harness import on_page
        ids = [c.identifier for c in on_page(client.page.controls[0])
               if isinstance(c, ft.Semantics) and c.identifier]
        # the pinned strip above (its total and rank), then the result before the board
        board = min(n for n, x in enumerate(ids) if x.startswith(("board-", "sheet-score")))
        assert ids[0] == "status-strip" and ids.index("table-finished") < board
        client.session.get_page_patch()
        from tests.app.flet_harness import semantics_ids
        assert "finish-result" in semantics_ids(client)
        v = hub.snapshot(game).version
        for token in (seat, host):
            for command in (Undo(version=v),
                            SetCount(version=v, player=1, field="resources.coins", value=3)):
                res = hub.submit(game, token, command)
                assert isinstance(res, Refused) and res.reason in ("finished", "forbidden")
                assert hub.snapshot(game).version == v
        assert hub.submit(game, host, Undo(version=v)).reason == "finished"
        hub.revoke(game, 2)  # and they can be revoked
        await _until(lambda: "Join the table" in _all_text(client))
        assert hub.access(seat) is None and "Join the table" in _all_text(client)

    _tab_run(store, steps)


def test_every_new_message_is_in_both_catalogues() -> None:
    from app import l10n
    from app.game.new_game import SeedCode
    from app.table.codes import TableCode
    from app.ui.kit.validate import InputCode

    params = {"seconds": 3, "field": "Seed", "limit": 40, "url": "http://x/", "path": "/d",
              "reason": "OperationalError", "value": "x", "who": "Mei", "who2": "Ken",
              "game_id": "3"}
    codes = [*TableCode, *InputCode, *SeedCode, "tablemode-host-link-title",
             "tablemode-host-link-new", "tablemode-host-link-done", "tablemode-table-finished",
             "serve-serving-at", "serve-host-link", "serve-host-link-new", "serve-on-this-laptop",
             "serve-opened-browser", "serve-stop", "serve-error-readonly",
             "serve-error-missing-dir", "serve-error-disk-full", "serve-error-database"]
    for lang in ("en", "ja"):
        for code in codes:
            assert l10n.has(lang, str(code)), (lang, code)
            used = {k: v for k, v in params.items() if "{ $" + k + " }" in
                    l10n._source(lang).split(f"\n{code} = ", 1)[1].split("\n", 1)[0]}
            assert not l10n.errors(lang, str(code), **used), (lang, code)


# --------------------------------------------------------------------------- serve errors


def _serve_fails(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                 url: str) -> str:
    from app import server

    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setattr(server, "tune_runtime", lambda: None)
    assert server.serve("127.0.0.1", 1, False, browser=False) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err, err
    return err


def test_serve_on_a_read_only_database_is_one_line(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    mnt = tmp_path / "ro"
    mnt.mkdir()
    if os.geteuid() != 0 or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mnt)],
            capture_output=True).returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    try:
        url = f"sqlite:///{mnt / 'forest-table.sqlite3'}"
        Store.open(url).engine.dispose()
        assert subprocess.run(["mount", "-o", "remount,ro", str(mnt)]).returncode == 0
        err = _serve_fails(monkeypatch, capsys, url)
        assert "read-only" in err and str(mnt) in err
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def test_storage_error_lines() -> None:
    import errno

    from app import server

    here = Path("/nowhere/at/all/forest-table.sqlite3")
    assert "does not exist" in server.storage_error_line(FileNotFoundError("x"), here)
    full = OSError(errno.ENOSPC, "No space left on device")
    assert "is full" in server.storage_error_line(full, here)
    ro = sqlite3.OperationalError("attempt to write a readonly database")
    assert "read-only" in server.storage_error_line(ro, Path("/tmp/x.sqlite3"))
    other = server.storage_error_line(RuntimeError("?"), Path("/tmp/x.sqlite3"))
    assert other.startswith("forest-table serve:") and "RuntimeError" in other


def test_route_params_from_a_client_never_crash() -> None:
    from app.table.links import join_route, table_from_route
    from app.ui.shell.app import parse_path

    for bad in ("/table/²", "/table/" + "9" * 5000, "/table/-1", "/table/١٢"):
        assert table_from_route(bad) is None
    assert table_from_route("/table/12") == 12
    for bad in ("/sheet/²", "/sheet/" + "9" * 5000, "/person/²/forestry", "/" + "x" * 100_000):
        assert parse_path(bad) == ("home", {})
    assert join_route("/join/" + "x" * 5000)[0] is None


def test_new_host_link_from_the_host_screen(store: Store, game: int, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The server host's "Tables and QR codes" screen: its link and "new host link"; the
    old link drops every tab that holds it, the tab that asked keeps going on the new one."""
    from app import server
    from app.ui.kit import services
    from app.ui.kit.prefs import MemoryPrefs
    from app.ui.shell.tab import PREF_TOKEN
    from tests.app.flet_harness import by_id, tap

    monkeypatch.setattr(server, "host_link_dir", lambda: tmp_path)

    async def steps(hub: TableHub, make_tab: Any) -> None:
        old, _ = hub.host_link_token(tmp_path)
        prefs = MemoryPrefs()
        client, tab = await make_tab(f"/join/{old}", prefs=prefs)
        other, other_tab = await make_tab(f"/join/{old}")
        client.session.get_page_patch()
        await tap(client, "home-tables")
        client.session.get_page_patch()
        assert old in by_id(client, "host-link-server").value
        await tap(client, "host-link-new")
        await asyncio.sleep(0.3)
        new = (tmp_path / T.HOST_LINK_FILE).read_text().strip()
        assert new != old and hub.access(old) is None
        assert tab.app is not None and tab.token == new and prefs.values[PREF_TOKEN] == new
        assert other_tab.app is None and "Join the table" in _all_text(other)
        client.session.get_page_patch()
        assert new in by_id(client, "host-link-server").value
        assert not client.crashes()

    _tab_run(store, steps, services.Serving(host_link_dir=lambda: tmp_path))
