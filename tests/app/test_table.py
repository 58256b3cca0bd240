"""TableHub: tokens (hashed, revocable), rights per role, sync to subscribers, restart."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from app.game.commands import Redo, StartGame, Undo
from app.game.errors import DomainError
from app.game.registry import command_from_json
from app.games.forestry.commands import AddScore, RevealRoundToken, SetCount, SetHarvester
from app.session import GameSession
from app.store.facade import Store
from app.store.tokens import token_hash
from app.table.answers import Accepted, Refused
from app.table.hub import TableHub
from app.table.links import join_link, join_route, qr_png, table_from_route
from app.table.rights import HOST, SEAT, SERVER, Access, Forbidden, check_rights
from app.ui.kit.live_table import OpenTable

PLAYERS = ["Mei", "Bo", "Ana"]


@pytest.fixture
def store() -> Store:
    return Store.open("sqlite://")


@pytest.fixture
def game(store: Store) -> int:
    return GameSession.create(store, game="forestry", players=PLAYERS, seed=7).game_id


@pytest.fixture
def hub(store: Store) -> TableHub:
    return TableHub(store)


def _started(hub: TableHub, game: int, host: str) -> int:
    """Place the harvesters (spaces 1, 2, 3...) and start the game; the version after."""
    for i in range(len(hub.names(game))):
        r = hub.submit(game, host, SetHarvester(version=hub.snapshot(game).version, player=i,
                                                space=i + 1))
        assert isinstance(r, Accepted), r.message
    r = hub.submit(game, host, StartGame(version=hub.snapshot(game).version))
    assert isinstance(r, Accepted), r.message
    assert r.snapshot is not None
    return r.snapshot.version


# --------------------------------------------------------------------------- tokens


def test_tokens_are_long_and_stored_hashed(hub: TableHub, store: Store, game: int) -> None:
    token = hub.issue(game, 1)
    assert len(token) >= 32  # 24 random bytes, URL-safe
    with store.engine.connect() as c:
        rows = c.execute(sa.text("SELECT token_hash, seat, game_id FROM table_token")).all()
    assert rows == [(token_hash(token), 1, game)]
    assert all(token not in str(r) for r in rows)
    assert hub.access(token) == Access(SEAT, game, 1)


def test_roles(hub: TableHub, game: int) -> None:
    assert hub.access(hub.issue()) == Access(SERVER)
    assert hub.access(hub.issue(game)) == Access(HOST, game)
    for bad in (None, "", "x" * 500, "not-a-token-at-all-but-long-enough"):
        assert hub.access(bad) is None
    with pytest.raises(ValueError):
        hub.issue(game, 4)


def test_revoke_and_reissue(hub: TableHub, game: int) -> None:
    old = hub.issue(game, 2)
    other = hub.issue(game, 1)
    revoked: list[bool] = []
    sub, _ = hub.subscribe(game, old, lambda s: None, on_revoked=lambda: revoked.append(True))
    new = hub.reissue(game, 2)
    assert new != old
    assert hub.access(old) is None
    assert hub.access(new) == Access(SEAT, game, 2)
    assert hub.access(other) == Access(SEAT, game, 1)  # other seats untouched
    assert revoked == [True] and sub.closed
    assert hub.subscriber_count(game) == 0
    r = hub.submit(game, old, SetCount(version=1, player=1, field="resources.coins", value=1))
    assert isinstance(r, Refused) and r.reason == "forbidden" and r.snapshot is None


def test_link_token_is_stable_then_reissued_after_restart(store: Store, game: int) -> None:
    hub = TableHub(store)
    first = hub.link_token(game, 1)
    assert hub.link_token(game, 1) == first
    restarted = TableHub(store)
    second = restarted.link_token(game, 1)
    assert second != first
    assert restarted.access(first) == restarted.access(second) == Access(SEAT, game, 1)


# --------------------------------------------------------------------------- rights


def test_seat_changes_only_its_own_board(hub: TableHub, game: int) -> None:
    host = hub.issue(game)
    seat1, seat2 = hub.issue(game, 1), hub.issue(game, 2)
    v = _started(hub, game, host)
    r = hub.submit(game, seat2, AddScore(version=v, player=0, delta=3))
    assert isinstance(r, Refused) and r.reason == "forbidden"
    assert "Bo" in (r.message or "")
    assert r.snapshot is not None and r.snapshot.version == v  # nothing written
    assert isinstance(hub.submit(game, seat1, AddScore(version=v, player=0, delta=3)), Accepted)
    assert hub.snapshot(game).state.boards[0].score_track == 3
    # the host may change any board
    assert isinstance(hub.submit(game, host, AddScore(version=v + 1, player=1, delta=1)), Accepted)


def test_seat_rights_matrix() -> None:
    seat = Access(SEAT, 5, 2)
    J = command_from_json  # noqa: N806  (what a client sends, as the hub decodes it)
    check_rights(seat, 5, J({"kind": "add_score", "player": 1, "delta": 1, "version": 1}))
    check_rights(seat, 5, J({"kind": "reveal_round_token", "version": 1}))
    check_rights(seat, 5, J({"kind": "replenish_foresters", "version": 1}))
    check_rights(seat, 5, J({"kind": "remove_infested_wood", "space": 3, "version": 1}))
    check_rights(seat, 5, J({"kind": "remove_infested_wood", "space": 3, "player": 1,
                             "version": 1}))
    for cmd in ({"kind": "add_score", "player": 0, "delta": 1, "version": 1},
                {"kind": "remove_infested_wood", "space": 3, "player": 0, "version": 1},
                {"kind": "start_game", "version": 1}, {"kind": "end_game", "version": 1},
                {"kind": "undo", "version": 1}, {"kind": "redo", "version": 1},
                {"kind": "finish", "version": 1}):
        with pytest.raises(Forbidden):
            check_rights(seat, 5, J(cmd))
    with pytest.raises(DomainError):  # an unknown kind is no command: refused when decoded
        J({"kind": "no_such_kind", "version": 1})
    with pytest.raises(Forbidden):  # another table
        check_rights(seat, 6, J({"kind": "add_score", "player": 1, "delta": 1, "version": 1}))
    with pytest.raises(Forbidden):
        check_rights(Access(HOST, 5), 6, J({"kind": "undo", "version": 1}))
    check_rights(Access(HOST, 5), 5, J({"kind": "undo", "version": 1}))
    check_rights(Access(SERVER), 6, J({"kind": "finish", "version": 1}))


def test_wrong_token_gets_no_snapshot(hub: TableHub, game: int) -> None:
    r = hub.submit(game, "wrong-token-wrong-token-wrong", AddScore(version=1, player=0, delta=1))
    assert isinstance(r, Refused) and r.snapshot is None
    with pytest.raises(Forbidden):
        hub.subscribe(game, "wrong-token-wrong-token-wrong", lambda s: None)


def test_other_tables_token_is_refused(store: Store, hub: TableHub, game: int) -> None:
    other = GameSession.create(store, game="forestry", players=["Kai", "Lu"], seed=3).game_id
    seat = hub.issue(other, 1)
    r = hub.submit(game, seat, AddScore(version=1, player=0, delta=1))
    assert isinstance(r, Refused) and r.snapshot is None
    with pytest.raises(Forbidden):
        hub.subscribe(game, seat, lambda s: None)


# --------------------------------------------------------------------------- sync


def test_broadcast_to_every_subscriber_in_order(hub: TableHub, game: int) -> None:
    host = hub.issue(game)
    got: dict[str, list[int]] = {"a": [], "b": []}
    sub_a, first = hub.subscribe(game, hub.issue(game, 1), lambda s: got["a"].append(s.version))
    hub.subscribe(game, hub.issue(game, 2), lambda s: got["b"].append(s.version))
    v = _started(hub, game, host)
    hub.submit(game, host, AddScore(version=v, player=2, delta=1))
    assert got["a"] == got["b"] == list(range(first.version + 1, v + 2))
    sub_a.close()
    hub.submit(game, host, AddScore(version=v + 1, player=2, delta=1))
    assert got["a"][-1] == v + 1 and got["b"][-1] == v + 2


def test_failing_subscriber_does_not_stop_the_others(hub: TableHub, game: int) -> None:
    seen: list[int] = []

    def broken(_s: object) -> None:
        raise RuntimeError("a closed tab")

    hub.subscribe(game, hub.issue(game, 1), broken)
    hub.subscribe(game, hub.issue(game, 2), lambda s: seen.append(s.version))
    assert _started(hub, game, hub.issue(game))
    assert seen


def test_stale_version_refused_with_current_snapshot(hub: TableHub, game: int) -> None:
    host = hub.issue(game)
    v = _started(hub, game, host)
    assert isinstance(hub.submit(game, hub.issue(game, 1),
                                 AddScore(version=v, player=0, delta=1)), Accepted)
    r = hub.submit(game, hub.issue(game, 2), AddScore(version=v, player=1, delta=1))
    assert isinstance(r, Refused) and r.reason == "stale" and r.message
    assert r.snapshot is not None and r.snapshot.version == v + 1


def test_two_seats_tap_the_shared_table_at_once(tmp_path: Path) -> None:
    # a database file: in-memory SQLite shares one connection between threads
    store = Store.open(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    game = GameSession.create(store, game="forestry", players=PLAYERS, seed=7).game_id
    hub = TableHub(store)
    host = hub.issue(game)
    v = _started(hub, game, host)
    seats = [hub.issue(game, 1), hub.issue(game, 2)]
    barrier = threading.Barrier(2)
    results = []

    def tap(token: str) -> None:
        barrier.wait()
        results.append(hub.submit(game, token, RevealRoundToken(version=v)))

    threads = [threading.Thread(target=tap, args=(t,)) for t in seats]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ok = [r for r in results if isinstance(r, Accepted)]
    refused = [r for r in results if isinstance(r, Refused)]
    assert len(ok) == 1 and len(refused) == 1  # the same version: one wins, one is told
    # the same reveal against the same state: "already done", with what the first one did
    assert refused[0].reason == "already_done" and refused[0].message
    assert refused[0].msg.code == "refusal-already-done"
    assert [m.kind for m in refused[0].messages] == [m.kind for m in ok[0].snapshot.messages]
    assert refused[0].snapshot.version == v + 1
    assert hub.snapshot(game).version == v + 1
    assert hub.snapshot(game).state.table.round == 2


def test_undo_redo_finish_through_the_hub(hub: TableHub, game: int) -> None:
    host = hub.issue(game)
    v = _started(hub, game, host)
    assert isinstance(hub.submit(game, host, Undo(version=v)), Accepted)
    assert isinstance(hub.submit(game, host, Redo(version=v + 1)), Accepted)
    r = hub.submit_json(game, host, {"kind": "undo", "version": "x"})
    assert isinstance(r, Refused) and r.reason == "invalid"


# --------------------------------------------------------------------------- restart


def test_restart_resumes_every_open_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    store = Store.open(url)
    games = [GameSession.create(store, game="forestry", players=PLAYERS, seed=s).game_id
             for s in (1, 2)]
    hub = TableHub(store)
    host = hub.issue()
    seat = hub.issue(games[1], 3)
    v = _started(hub, games[1], host)
    assert isinstance(hub.submit(games[1], seat, AddScore(version=v, player=2, delta=4)), Accepted)
    store.engine.dispose()  # "kill" the server

    store2 = Store.open(url)
    hub2 = TableHub(store2)
    assert sorted(hub2.resume()) == sorted(games)
    snap = hub2.snapshot(games[1])
    assert snap.version == v + 1 and snap.state.boards[2].score_track == 4
    assert hub2.access(seat) == Access(SEAT, games[1], 3)  # phones keep their seats
    assert isinstance(hub2.submit(games[1], seat,
                                  AddScore(version=v + 1, player=2, delta=1)), Accepted)


# --------------------------------------------------------------------------- links and QR


def test_links_and_routes() -> None:
    token = "abcDEF123_-abcDEF123_-abcDEF123_"
    link = join_link("http://192.168.1.20:8550/", token)
    assert link == f"http://192.168.1.20:8550/join/{token}"
    assert join_route(f"/join/{token}") == (token, "/")
    assert join_route(f"#/join/{token}") == (token, "/")
    assert join_route(f"/join/{token}?x=1") == (token, "/")
    for route in ("/", "", None, "/join/", "/join/short", f"/other/{token}"):
        assert join_route(route)[0] is None
    assert table_from_route("/table/12") == 12
    for route in ("/table/x", "/table/", "/", None, f"/join/{token}", "/table/1/2"):
        assert table_from_route(route) is None


def test_qr_png_decodes_to_the_link() -> None:
    import zxingcpp
    from PIL import Image

    link = join_link("http://10.0.0.5:8550", "T" * 32)
    png = qr_png(link)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    import io

    img = Image.open(io.BytesIO(png))
    assert img.getpixel((0, 0)) in (255, (255, 255, 255), 1)  # opaque white quiet zone
    assert [r.text for r in zxingcpp.read_barcodes(img)] == [link]


# --------------------------------------------------------------------------- browser tab, simulated


async def _until(cond: Any, timeout: float = 15.0) -> None:
    """Wait for ``cond()`` to hold, checking every 20 ms; on timeout the caller's asserts
    say what did not happen."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond() and loop.time() < end:
        await asyncio.sleep(0.02)


def _tab_run(store: Store, steps: Any, serving: Any = None) -> Any:
    """Run ``steps(hub, make_tab)`` on an event loop with simulated Flet sessions; their
    tabs share one hub and one services (as serve's do), with ``serving`` if given."""
    from tests.app.flet_harness import Client, new_hub

    async def go() -> Any:
        from app.ui.kit.prefs import MemoryPrefs
        from app.ui.kit.services import Services
        from app.ui.shell.tab import TableTab

        hub = TableHub(store)
        svc = Services(store, hub=hub, serving=serving)
        pubsub = new_hub()
        clients = []

        async def make_tab(route: str = "/", prefs: MemoryPrefs | None = None,
                           ip: str = "192.168.1.30") -> tuple[Any, Any]:
            client = Client(pubsub)
            clients.append(client)
            client.page.client_ip = ip
            client.page.route = route
            tab = TableTab(client.page, hub, prefs if prefs is not None else MemoryPrefs(),
                           services=svc)
            await client.start(lambda page: tab.start())
            await asyncio.sleep(0.2)
            return client, tab

        return await steps(hub, make_tab)

    return asyncio.run(go())


def _all_text(client: Any) -> str:
    import flet as ft

    client.session.get_page_patch()  # index the page as it is now
    # a closed dialog (a snack bar the next tap closed) stays in the tree until the browser
    # reports its dismissal, which no browser does here: its words are not on screen
    closed = [d for d in client.find(ft.DialogControl) if not getattr(d, "open", False)]

    def shown(c: Any) -> bool:
        node = c
        while node is not None:
            if any(node is d for d in closed):
                return False
            node = node.parent
        return True

    parts = [str(c.value) for c in client.find(ft.Text) if shown(c)]
    parts += [str(getattr(c, "tooltip", "") or "") for c in client.find(ft.IconButton)
              if shown(c)]
    return "\n".join(parts)


def test_tab_without_token_shows_only_the_join_screen(store: Store, game: int) -> None:
    async def steps(hub: TableHub, make_tab: Any) -> None:
        for route in ("/", "/join/not-a-token-not-a-token-not-a-token"):
            client, tab = await make_tab(route)
            text = _all_text(client)
            assert "Join the table" in text
            assert not any(name in text for name in PLAYERS)
            assert tab.app is None and hub.subscriber_count(game) == 0

    _tab_run(store, steps)


def _presenter(tab: Any, game: int) -> Any:
    return tab.app.states.get(OpenTable, game)[0]


def test_tab_joins_remembers_its_seat_and_syncs(store: Store, game: int) -> None:
    from app.ui.kit.prefs import MemoryPrefs
    from app.ui.shell.tab import PREF_TOKEN

    async def steps(hub: TableHub, make_tab: Any) -> None:
        token = hub.issue(game, 2)
        prefs = MemoryPrefs()
        c1, t1 = await make_tab(f"/join/{token}", prefs)
        assert prefs.values[PREF_TOKEN] == token
        assert "Bo · seat 2" in _all_text(c1)
        assert t1.app.route == "sheet" and t1.app.locked["seat"] == 2
        # the same phone later, on the bare address (a new tab, another IP): same seat
        c2, t2 = await make_tab("/", prefs, ip="10.0.0.99")
        assert "Bo · seat 2" in _all_text(c2)
        assert hub.subscriber_count(game) == 2
        # a change by the host reaches both tabs
        host = hub.issue(game)
        v = hub.snapshot(game).version
        assert isinstance(hub.submit(game, host, SetCount(
            version=v, player=1, field="resources.coins", value=9)), Accepted)
        await _until(lambda: all(_presenter(t, game).snapshot.state.boards[1].resources.coins
                                 == 9 for t in (t1, t2)))
        for t in (t1, t2):
            assert _presenter(t, game).snapshot.state.boards[1].resources.coins == 9
        # revoked: both tabs drop to the join screen and forget the token
        hub.reissue(game, 2)
        await _until(lambda: all("Join the table" in _all_text(c) for c in (c1, c2)))
        for c in (c1, c2):
            text = _all_text(c)
            assert "Join the table" in text and "Bo" not in text
        assert prefs.values[PREF_TOKEN] == ""
        assert hub.subscriber_count(game) == 0

    _tab_run(store, steps)


def test_seat_tab_is_locked_to_its_table_and_sheet(store: Store, game: int) -> None:
    """A seat link opens the full sheet: its own editable, the others read-only, no way out."""
    async def steps(hub: TableHub, make_tab: Any) -> None:
        host = hub.issue(game)
        _started(hub, game, host)
        other = GameSession.create(hub.store, game="forestry", players=["Zed", "Yu"],
                                   seed=3).game_id
        client, tab = await make_tab(f"/join/{hub.issue(game, 2)}")
        app = tab.app
        p = _presenter(tab, game)
        assert p.locked_player == 1 and p.player == 1 and not p.read_only
        assert any(c.plus is not None for s in p.sections() for c in s.counts)
        for route in ("home", "history", "stats", "settings", "new", "tables", "host"):
            app.go(route, game_id=other)  # nowhere else, not even another table
            assert app.route == "sheet" and app.params["game_id"] == game
        app.home()
        app.back()
        assert app.route == "sheet" and app.params["game_id"] == game
        app.go("scoreboard")
        assert app.route == "scoreboard"
        app.back()
        text = _all_text(client)
        assert "Zed" not in text and "Settings" not in text
        # another player's sheet: shown, every control read-only
        p.select(0)
        assert p.read_only
        own = [s for s in p.sections() if s.id != "table"]
        assert own and all(c.minus is None and c.plus is None for s in own for c in s.counts)
        assert all(a.command is None for s in own for a in s.actions)
        assert all(o.command is None for s in own for g in s.columns for r in g.rows
                   for o in r.options)  # the board's columns (issue 22) too
        assert all(k.remove is None for s in own for k in s.cards)
        # the shared table stays usable; host-only controls are not offered
        shared = [s for s in p.sections() if s.id == "table"]
        assert shared and any(a.command is not None for a in shared[0].actions)
        # a forged command for seat 1's board is refused by the hub (nothing written)
        v = hub.snapshot(game).version
        client_ = tab.app.states.get(OpenTable, game)[1]
        r = hub.submit_json(game, client_.token, {"kind": "set_count", "version": v,
                                                  "player": 0, "field": "resources.coins",
                                                  "value": 99})
        assert isinstance(r, Refused) and r.reason == "forbidden"
        assert hub.snapshot(game).version == v
        assert client_.submit(Undo(version=v)).reason == "forbidden"
        # the language switch is there (no settings screen)
        app.toggle_language()
        assert app.settings.language == "ja" and "Bo · 2番席" in _all_text(client)

    _tab_run(store, steps)


def test_closed_session_unsubscribes(store: Store, game: int) -> None:
    async def steps(hub: TableHub, make_tab: Any) -> None:
        client, tab = await make_tab(f"/join/{hub.issue(game, 1)}")
        assert hub.subscriber_count(game) == 1
        client.session.close()  # what FLET_SESSION_TIMEOUT does to a tab that went away
        await _until(lambda: hub.subscriber_count(game) == 0)
        assert hub.subscriber_count(game) == 0

    _tab_run(store, steps)


def test_no_trust_by_address_even_with_a_rewritten_client_ip(store: Store, game: int) -> None:
    """No token, no table data: from 127.0.0.1, 127.0.0.2, ::1, with ``client_ip`` as the
    client wrote it (one protocol message) or as the server captured it (app.peer)."""
    async def steps(hub: TableHub, make_tab: Any) -> None:
        hub.host_link_token(None)
        for ip in ("127.0.0.1", "127.0.0.2", "::1", "localhost", "192.168.1.30"):
            for route in ("/", "/tables", f"/table/{game}", "/history", "/settings"):
                client, tab = await make_tab(route, ip=ip)
                peer = tab.services.serving.peers  # what serve's web layer captured
                peer.remember(client.session.id, ip)
                client.page.client_ip = "127.0.0.1"  # what a forged update message sets
                await tab.open(None)
                text = _all_text(client)
                assert "Join the table" in text, (ip, route)
                assert not any(name in text for name in PLAYERS), (ip, route)
                assert tab.app is None and tab.access is None
                assert hub.subscriber_count(game) == 0
                peer.forget(client.session.id)

    _tab_run(store, steps)


def test_host_link_opens_the_whole_app_and_rotation_drops_it(store: Store, game: int,
                                                             tmp_path: Path) -> None:
    async def steps(hub: TableHub, make_tab: Any) -> None:
        token, new = hub.host_link_token(tmp_path)
        assert new
        client, tab = await make_tab(f"/join/{token}")
        assert tab.app is not None and tab.app.table_host and tab.access.role == "server"
        fresh, new = hub.host_link_token(tmp_path, rotate=True)
        assert new and fresh != token
        await _until(lambda: tab.app is None)
        assert tab.app is None and "Join the table" in _all_text(client)
        assert hub.access(token) is None and hub.access(fresh) is not None

    _tab_run(store, steps)


def test_server_host_reaches_the_qr_codes_without_a_floating_button(store: Store,
                                                                     game: int) -> None:
    """The laptop's browser: "Tables and QR codes" is a home-screen button and a sheet has
    the QR icon in its top bar; nothing floats over the controls at the screen's bottom."""
    from tests.app.flet_harness import semantics_ids, settle, tap

    def ids(client: Any) -> list[str]:
        client.session.get_page_patch()  # index the page as it is now
        return semantics_ids(client)

    async def steps(hub: TableHub, make_tab: Any) -> None:
        client, tab = await make_tab(f"/join/{hub.host_link_token(None)[0]}")
        assert tab.app is not None and tab.app.table_host
        assert client.page.floating_action_button is None
        assert "home-tables" in ids(client)
        await tap(client, "home-tables")
        assert tab.app.route == "tables"  # its list: tests/e2e/test_table_mode.py
        tab.app.open_game(game, hub.issue(game))  # the full sheet (serve: the host's token)
        await settle()
        assert "sheet-share" in ids(client)
        await tap(client, "sheet-share")
        assert tab.app.route == "host" and tab.app.params["game_id"] == game
        # a seat has neither (its sheet is locked to the table)
        seat, seat_tab = await make_tab(f"/join/{hub.issue(game, 1)}")
        seen = ids(seat)
        assert "sheet-share" not in seen and "home-tables" not in seen
        assert seat.page.floating_action_button is None

    _tab_run(store, steps)


# --------------------------------------------------------------------------- rematch (issue 22)


def test_a_rematch_moves_each_seat_to_the_same_seat_of_the_new_table(
        hub: TableHub, store: Store, game: int) -> None:
    """Each watcher of the old table gets its own seat's token at the new one (the host's
    the new table's host token); a phone that comes back later is sent on too."""
    new = GameSession.create(store, game="forestry", players=PLAYERS, seed=8).game_id
    got: dict[int | None, str] = {}
    for seat in (None, 1, 2):
        access = hub.access(hub.issue(game, seat))
        assert access is not None
        hub.watch_move(access, lambda token, seat=seat: got.__setitem__(seat, token))
    stopped = hub.watch_move(Access(SEAT, game, 3), lambda token: got.__setitem__(99, token))
    stopped()
    assert hub.move_table(game, new) == 3
    for seat, token in got.items():
        access = hub.access(token)
        assert access is not None and access.game_id == new and access.seat == seat
        assert access.role == (HOST if seat is None else SEAT)
    assert 99 not in got  # stopped watchers are not told
    later = hub.next_token(Access(SEAT, game, 3))  # seat 3 was away: sent on when back
    assert later is not None and hub.access(later) == Access(SEAT, new, 3)
    assert hub.next_token(Access(SEAT, new, 1)) is None  # the new table has no next game
    assert hub.next_token(Access(SERVER)) is None


def test_rematch_keeps_growing_forwards_modules_and_the_dealt_side(store: Store) -> None:
    """The record keeps infestation in options.growing_forward: the rematch form had it off."""
    from app.i18n import Translator
    from app.ui.finish.presenter import rematch_presenter

    s = GameSession.create(store, game="forestry", players=PLAYERS, seed=3,
                           options={"infestation": True, "asymmetric": True})
    record = s.record()
    f = rematch_presenter(record, Translator().t, game_id=s.game_id)
    assert f.form.infestation and f.form.asymmetric
    assert f.form.technology_side is not None
    assert f.form.technology_side.value == record["options"]["technology_side"]
    request = f.submit(lambda: 5)
    assert request is not None and request.rematch_of == s.game_id
    assert request.options.infestation and request.options.asymmetric


def test_phones_of_a_finished_table_follow_to_its_rematch(store: Store, game: int) -> None:
    """Two seat tabs and the table host's tab on table A; the host starts A's rematch
    (services.create_table with rematch_of): every tab shows the new table, at its own seat,
    without a new link, and keeps its new token on the phone."""
    from app.ui.kit.prefs import MemoryPrefs

    async def steps(hub: TableHub, make_tab: Any) -> None:
        from app.ui.kit import services
        from app.ui.new_game.presenter import DealRequest, PlayerEntry
        from setup.forestry.plan import ForestryOptions

        tabs = []
        for seat in (1, 2, None):
            prefs = MemoryPrefs()
            client, tab = await make_tab(f"/join/{hub.issue(game, seat)}", prefs)
            tabs.append((client, tab, prefs, seat))
            assert tab.access.game_id == game
        request = DealRequest("forestry", tuple(PlayerEntry(n, c) for n, c in zip(
            PLAYERS, ("red", "blue", "yellow"), strict=True)),
            ForestryOptions(), seed=4, rematch_of=game)
        svc = services.Services(store, hub=hub)
        new, _token = svc.create_table(request)
        # each tab moves on its own task: wait for them (a loaded CI machine took > 0.5 s)
        await _until(lambda: all(t.access is not None and t.access.game_id == new
                                 for _c, t, _p, _s in tabs))
        for client, tab, prefs, seat in tabs:
            assert tab.access is not None and tab.access.game_id == new, seat
            assert tab.access.seat == seat
            assert hub.access(await prefs.get("forest_table.table_token")) == tab.access
            assert any(name in _all_text(client) for name in PLAYERS)

    _tab_run(store, steps)


def test_stop_notice_to_a_tab_that_left_leaves_no_unawaited_coroutine(store: Store) -> None:
    """Ctrl+C on ``serve`` after a tab left: the stop notice skips it without Flet's
    "coroutine 'TableTab._stopping' was never awaited" RuntimeWarning (issue 34)."""
    import gc
    import warnings

    from app.ui.shell.tab import announce_stop

    async def steps(hub: TableHub, make_tab: Any) -> None:
        _gone, _tab = await make_tab("/")
        staying, _ = await make_tab("/")
        await _gone.session.disconnect(60)  # the phone closed its browser
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert await announce_stop(flush=0.05) >= 2  # (and earlier tests' tabs)
            gc.collect()
        assert not [w for w in caught if "never awaited" in str(w.message)], \
            [str(w.message) for w in caught]
        assert "server-stopped" in [getattr(c, "identifier", None) for c in
                                    _dialog_titles(staying)]

    _tab_run(store, steps)


def _dialog_titles(client: Any) -> list[Any]:
    import flet as ft

    client.session.get_page_patch()
    return [d.title for d in client.find(ft.AlertDialog) if d.title is not None]
