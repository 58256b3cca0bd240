"""``forest-table serve`` under hostile load, probed from outside its process (issue 27).

Every test starts the real ``serve`` (``python -m app serve``) on 127.0.0.1 and a
free port and talks to it over sockets only: slow clients from 127.0.0.1, a phone
from 127.0.0.2 (all of 127/8 is loopback; the server treats it like a LAN peer),
the real Flet protocol over its websocket. Loops are bounded and stop by themselves.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from tests.app.web_server import fill_disk, free_port

ROOT = Path(__file__).resolve().parents[2]
HOST_LINK = re.compile(r"http://127\.0\.0\.1:\d+/join/([A-Za-z0-9_\-]+)")
PHONE = "127.0.0.2"
NOFILE = 1024


def _limit_open_files() -> None:  # in the server's child process, before exec
    resource.setrlimit(resource.RLIMIT_NOFILE, (NOFILE, NOFILE))


class Serve:
    """One ``forest-table serve`` process with its own data folder and log."""

    def __init__(self, data: Path, **env: str) -> None:
        self.data = data
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = data.parent / f"serve-{self.port}.log"
        self.env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        self.env.update(FLET_APP_STORAGE_DATA=str(data), PYTHONUNBUFFERED="1", **env)
        self.proc: subprocess.Popen[bytes] | None = None
        self.token = ""

    def command(self) -> list[str]:
        return [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port",
                str(self.port), "--no-qr", "--no-browser"]

    def start(self) -> Serve:
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(self.command(), cwd=ROOT, env=self.env, stdout=log,
                                         stderr=subprocess.STDOUT,
                                         preexec_fn=_limit_open_files)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log()
            m = HOST_LINK.search(self.log())
            if m:
                try:
                    if httpx.get(self.url + "/", timeout=2).status_code == 200:
                        self.token = m.group(1)
                        return self
                except httpx.HTTPError:
                    pass
            time.sleep(0.2)
        raise AssertionError("serve did not start:\n" + self.log())

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def open_fds(self) -> int:
        assert self.proc is not None
        return len(os.listdir(f"/proc/{self.proc.pid}/fd"))

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    started: list[Serve] = []

    def make(**env: str) -> Serve:
        s = Serve(tmp_path / "data", **env).start()
        started.append(s)
        return s

    yield make
    for s in started:
        s.stop()


@pytest.fixture(autouse=True)
def _many_open_files() -> None:
    """This process holds the slow clients' sockets: its own soft limit up to its hard one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 4000:
        pytest.skip(f"this process may open only {hard} files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))


# --------------------------------------------------------------------------- clients


def hold_half_requests(port: int, n: int, source: str = "127.0.0.1") -> list[socket.socket]:
    """``n`` connections from ``source`` that each send half a request's head and stop."""
    held = []
    for _ in range(n):
        s = socket.socket()
        s.setblocking(False)
        s.bind((source, 0))
        try:
            s.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        held.append(s)
    deadline = time.monotonic() + 20
    pending = list(held)
    while pending and time.monotonic() < deadline:
        still = []
        for s in pending:
            try:
                s.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUser-Agent: slow" % port)
            except (BlockingIOError, OSError) as e:
                if isinstance(e, BlockingIOError) or getattr(e, "errno", 0) in (11, 115, 107):
                    still.append(s)
        pending = still
        if pending:
            time.sleep(0.05)
    return held


def closed_by_server(sockets: list[socket.socket], closed: set[int]) -> int:
    """How many of ``sockets`` the server has closed (EOF, a reset or its 503 read), with
    the ones already in ``closed`` (file numbers; updated)."""
    for s in sockets:
        if s.fileno() in closed:
            continue
        try:
            data = s.recv(4096)
            if data == b"" or data.startswith(b"HTTP/1.1 503"):
                closed.add(s.fileno())
        except BlockingIOError:
            pass
        except OSError:
            closed.add(s.fileno())
    return len(closed)


def register_frame(route: str, session_id: str = "") -> bytes:
    body = {"session_id": session_id, "page_name": "",
            "page": {"route": route, "width": 390, "height": 844, "platform": "android"}}
    return b"\x00" + msgpack.packb([1, body])


def decode(frame: bytes) -> Any:
    return msgpack.unpackb(frame[1:], strict_map_key=False)


def controls_with(value: Any, identifier: str) -> list[int]:
    """The ids of the controls inside each ``Semantics(identifier=...)`` in a patch."""
    found: list[int] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if v.get("identifier") == identifier and isinstance(v.get("content"), dict):
                content = v["content"]  # a Row of a button and more: the button
                if content.get("_c") == "Row" and content.get("controls"):
                    content = content["controls"][0]
                found.append(content.get("_i"))
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return found


class Phone:
    """A phone's tab over the real Flet protocol, from its own source address."""

    def __init__(self, url: str, source: str = PHONE) -> None:
        self.url = url
        self.source = source
        self.ws: Any = None
        self.frames: list[Any] = []
        self.session_id = ""
        self.page_id = 1

    def load_page(self, path: str = "/") -> float:
        t0 = time.monotonic()
        transport = httpx.HTTPTransport(local_address=self.source)
        with httpx.Client(transport=transport, timeout=10) as client:
            r = client.get(self.url + path)
            assert r.status_code == 200 and b"<html" in r.content.lower()
        return time.monotonic() - t0

    async def open(self, route: str) -> float:
        t0 = time.monotonic()
        self.ws = await connect(self.url.replace("http://", "ws://") + "/ws",
                                origin=Origin(self.url),
                                local_addr=(self.source, 0), open_timeout=10)
        await self.ws.send(register_frame(route))
        first = decode(await asyncio.wait_for(self.ws.recv(), 10))
        assert first[0] == 1, first
        self.session_id = first[1]["session_id"]
        patch = first[1].get("page_patch")
        self.page_id = patch.get("_i", 1) if isinstance(patch, dict) else 1
        return time.monotonic() - t0

    async def recv(self, timeout: float) -> Any:
        """The server's next message; its calls to the browser (``SharedPreferences``: get,
        set) are answered as a browser with nothing stored does."""
        message = decode(await asyncio.wait_for(self.ws.recv(), timeout))
        if message[0] == 5:  # INVOKE_METHOD
            body = message[1]
            await self.ws.send(b"\x00" + msgpack.packb([5, {
                "control_id": body["control_id"], "call_id": body["call_id"],
                "result": None if body.get("name") == "get" else True, "error": ""}]))
        self.frames.append(message)
        return message

    async def wait_for(self, identifier: str, timeout: float = 15) -> int:
        deadline = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < deadline:
            for f in self.frames[seen:]:
                ids = controls_with(f, identifier)
                if ids:
                    return ids[0]
            seen = len(self.frames)
            await self.recv(max(0.1, deadline - time.monotonic()))
        raise AssertionError(f"no {identifier!r} within {timeout} s")

    async def tap(self, control: int, then: str) -> float:
        """Click ``control``; seconds until the control ``then`` is on the phone's screen."""
        t0 = time.monotonic()
        self.frames.clear()
        await self.ws.send(b"\x00" + msgpack.packb([3, {"target": control, "name": "click",
                                                         "data": None}]))
        await self.wait_for(then, 10)
        return time.monotonic() - t0


# --------------------------------------------------------------------------- tests


def test_1500_slow_clients_from_one_address_leave_a_phone_working(serve: Any) -> None:
    srv = serve(FOREST_TABLE_HEADER_TIMEOUT="8")
    held = hold_half_requests(srv.port, 1500)
    try:
        time.sleep(0.5)
        phone = Phone(srv.url)
        loaded = phone.load_page(f"/join/{srv.token}")

        async def play() -> tuple[float, list[float]]:
            opened = await phone.open(f"/join/{srv.token}")
            button = await phone.wait_for("home-tables")
            taps = [await phone.tap(button, then="nav-back")]
            back = await phone.wait_for("nav-back")
            taps.append(await phone.tap(back, then="home-tables"))
            await phone.ws.close()
            return opened, taps

        opened, taps = asyncio.run(play())
        assert loaded + opened < 3.0, (loaded, opened)
        assert max(taps) < 1.0, taps
        fds = srv.open_fds()
        assert 64 < fds < NOFILE - 100, fds  # the address's 64 are held, no more
        # the server answered the connections over the per-address cap (64) at once...
        closed: set[int] = set()
        refused = closed_by_server(held, closed)
        assert 1500 - 64 - 10 <= refused <= 1500 - 60, refused
        # ... and closes the ones it kept once their header deadline (8 s) has passed
        deadline = time.monotonic() + 20
        while closed_by_server(held, closed) < 1500 and time.monotonic() < deadline:
            time.sleep(0.5)
        assert len(closed) == 1500
        assert srv.open_fds() <= fds - 60
        assert srv.proc.poll() is None
        log = srv.log()
        assert "Traceback" not in log, log
        assert len([ln for ln in log.splitlines() if "127.0.0.1" in ln and "refused" in ln]) <= 3
    finally:
        for s in held:
            s.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])  # SIGINT: Ctrl+C
def test_sigterm_with_1500_connections_held_stops_within_5_s_and_phones_are_told(
        serve: Any, sig: int) -> None:
    srv = serve()
    phone = Phone(srv.url)

    async def joined() -> None:
        await phone.open(f"/join/{srv.token}")
        await phone.wait_for("home-tables")

    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(joined())
        held = hold_half_requests(srv.port, 1500)
        try:
            t0 = time.monotonic()
            srv.proc.send_signal(sig)

            async def told() -> bool:
                try:
                    while time.monotonic() - t0 < 5:
                        f = await phone.recv(5)
                        if controls_with(f, "server-stopped"):
                            return True
                except (ConnectionClosed, TimeoutError):
                    return False
                return False

            assert loop.run_until_complete(told()), "the phone was not told"
            srv.proc.wait(timeout=10)
            took = time.monotonic() - t0
            assert took < 5.0, took
        finally:
            for s in held:
                s.close()
    finally:
        loop.close()


def test_tabs_opened_and_closed_never_lock_out_a_valid_seat(serve: Any, tmp_path: Path
                                                            ) -> None:
    from app.session import GameSession
    from app.store.facade import Store
    from app.table.hub import TableHub

    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    store = Store.open(f"sqlite:///{data / 'forest-table.sqlite3'}")
    game = GameSession.create(store, game="forestry", players=["Ann", "Ben"], seed=3).game_id
    seat = TableHub(store).issue(game, 1)
    store.engine.dispose()
    srv = serve()
    source = "127.0.0.3"

    async def go() -> None:
        tabs = []
        for _ in range(16):  # sixteen tokenless tabs from one address, then closed
            tab = Phone(srv.url, source)
            await tab.open("/")
            tabs.append(tab)
        for tab in tabs:
            await tab.ws.close()
        await asyncio.sleep(0.3)
        phone = Phone(srv.url, source)
        await phone.open(f"/join/{seat}")
        await phone.wait_for("sheet-total", timeout=20)
        await phone.ws.close()

    asyncio.run(go())
    assert "Traceback" not in srv.log()


def test_tabs_still_open_give_way_to_a_valid_seat_and_players_never_do(
        serve: Any, tmp_path: Path) -> None:
    """Issue 27: "a cap that never locks out a valid token", also while the sixteen
    tokenless tabs stay connected (the audit found them locking the seat out): the oldest
    tab on the join screen is closed to make room; a player's tab never is, so with
    sixteen players' tabs connected a seventeenth tab is refused (the cap holds)."""
    from app.session import GameSession
    from app.store.facade import Store
    from app.table.hub import TableHub

    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    store = Store.open(f"sqlite:///{data / 'forest-table.sqlite3'}")
    game = GameSession.create(store, game="forestry", players=["Ann", "Ben"], seed=3).game_id
    seat = TableHub(store).issue(game, 1)
    store.engine.dispose()
    srv = serve()
    source = "127.0.0.6"

    async def closed(tab: Any) -> bool:
        """Whether the server closes ``tab``'s socket within 10 s (what it had sent before
        is read past)."""
        deadline = time.monotonic() + 10
        try:
            while time.monotonic() < deadline:
                await asyncio.wait_for(tab.ws.recv(), deadline - time.monotonic())
        except ConnectionClosed:
            return True
        except TimeoutError:
            return False
        return False

    async def go() -> None:
        tabs = []
        for _ in range(16):  # sixteen tokenless tabs from one address, all still open
            tab = Phone(srv.url, source)
            await tab.open("/")
            tabs.append(tab)
        phone = Phone(srv.url, source)  # the seventeenth holds a seat's link: it gets in
        await phone.open(f"/join/{seat}")
        await phone.wait_for("sheet-total", timeout=20)
        assert await closed(tabs[0])  # the oldest join screen gave way
        for tab in tabs[1:]:
            await tab.ws.close()
        players = [phone]
        for _ in range(15):  # sixteen players' tabs from the address
            other = Phone(srv.url, source)
            await other.open(f"/join/{seat}")
            await other.wait_for("sheet-total", timeout=20)
            players.append(other)
        await asyncio.sleep(0.3)
        extra = Phone(srv.url, source)  # none gives way: the cap refuses the newcomer
        with pytest.raises((ConnectionClosed, AssertionError)):
            await extra.open("/")
        for other in players:
            await other.ws.close()

    asyncio.run(go())
    log = srv.log()
    assert "Traceback" not in log
    assert "showed no valid token" in log and "all connected (the cap)" in log


def test_1000_malformed_frames_give_a_few_log_lines(serve: Any) -> None:
    srv = serve()
    bad = [b"\x00\xc1", b"\x07junk", b"\x00" + msgpack.packb([99, {}]),
           b"\x00" + msgpack.packb([3, {"target": 1, "name": "click", "data": None}]),
           b"\x00" + msgpack.packb([1, {"nonsense": 1}]), b"\x00" + msgpack.packb("text")]

    async def go() -> int:
        sent = 0
        # a registered tab that then sends what flet-web fails on (not caught before it)
        tab = Phone(srv.url, "127.0.0.4")
        await tab.open("/")
        await tab.ws.send(b"\x00" + msgpack.packb([4, {"id": 1, "props": [1, 2]}]))
        sent += 1
        while sent < 1000:
            async with connect(srv.url.replace("http://", "ws://") + "/ws", origin=srv.url,
                               local_addr=("127.0.0.5", 0)) as ws:
                try:
                    for _ in range(5):
                        await ws.send(bad[sent % len(bad)])
                        sent += 1
                    await asyncio.wait_for(ws.recv(), 5)
                except ConnectionClosed:
                    pass
        return sent

    assert asyncio.run(go()) >= 1000

    async def another() -> None:  # after the flood, one bad frame from another address
        async with connect(srv.url.replace("http://", "ws://") + "/ws", origin=srv.url,
                           local_addr=("127.0.0.8", 0)) as ws:
            await ws.send(b"\x07junk")
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 5)

    asyncio.run(another())
    time.sleep(1)
    log = srv.log()
    assert "Traceback" not in log, log[-3000:]
    lines = [ln for ln in log.splitlines() if "frame" in ln]
    assert 1 <= len(lines) <= 30, lines
    # rate-limited per address: the flooding address gets its 3 lines a minute, and the
    # flood does not hide a bad frame from another address
    assert len([ln for ln in lines if "127.0.0.5" in ln]) <= 3, lines
    assert [ln for ln in lines if "127.0.0.8" in ln], lines
    # the server still serves a phone
    assert Phone(srv.url).load_page() < 3


def test_frame_logs_are_rate_limited_per_address_and_say_what_they_held_back(
        caplog: pytest.LogCaptureFixture) -> None:
    """app.web.limits.LogLimiter (FRAME_LOGS: 3 lines per address, 20 in all, a minute):
    one address's flood is held back without silencing another address, and the next line
    allowed for it says how many were held back."""
    import logging

    from app.web.limits import LogLimiter, log_limited

    now = [0.0]
    limiter = LogLimiter(per_address=3, total=20, window=60.0, clock=lambda: now[0])
    assert [limiter.allow("10.0.0.1") for _ in range(1000)].count(True) == 3
    assert limiter.allow("10.0.0.2")  # the flood did not use up another address's lines
    assert [limiter.allow(f"10.0.1.{i}") for i in range(30)].count(True) == 16  # 20 in all
    now[0] = 61.0  # a minute on: the flooding address may log again, and says so
    with caplog.at_level(logging.WARNING, logger="app.web.limits"):
        log_limited(limiter, "10.0.0.1", "closed a websocket from %s", "10.0.0.1")
    (line,) = caplog.messages
    assert line == "closed a websocket from 10.0.0.1 (and 997 such lines held back)"


def test_an_endless_request_head_is_cut_off(serve: Any) -> None:
    srv = serve()
    with socket.create_connection(("127.0.0.1", srv.port), timeout=10,
                                  source_address=("127.0.0.6", 0)) as s:
        t0 = time.monotonic()
        try:
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % srv.port)
            for _ in range(200):  # 200 x 1 KiB of headers, never an end (the cap: 64 KiB)
                s.sendall(b"X-Pad: " + b"a" * 1017 + b"\r\n")
            got = s.recv(100)
        except OSError:  # reset by the server while sending
            got = b""
        assert got == b"" and time.monotonic() - t0 < 5
    assert Phone(srv.url).load_page() < 3
    assert "request head over" in srv.log()


def test_files_are_private_after_a_first_start_and_looser_ones_are_named(serve: Any,
                                                                          tmp_path: Path
                                                                          ) -> None:
    srv = serve()
    data = tmp_path / "data"
    assert data.stat().st_mode & 0o777 == 0o700
    for name in ("forest-table.sqlite3", "host-link.token"):
        assert (data / name).stat().st_mode & 0o777 == 0o600, name
    assert "warning" not in srv.log()
    srv.stop()
    data.chmod(0o755)
    again = serve()
    warned = [ln for ln in again.log().splitlines() if "warning" in ln]
    assert len(warned) == 1 and str(data) in warned[0], again.log()


# --------------------------------------------------------------------------- storage


def _serve_once(data: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["FLET_APP_STORAGE_DATA"] = str(data)
    return subprocess.run([sys.executable, "-m", "app", "serve", "--host", "127.0.0.1",
                           "--port", str(free_port()), "--no-qr", "--no-browser"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(mnt)],
            capture_output=True).returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def _fresh_database(data: Path) -> None:
    from app.store.facade import Store

    data.mkdir(mode=0o700)
    Store.open(f"sqlite:///{data / 'forest-table.sqlite3'}").engine.dispose()


def test_serve_on_a_read_only_folder_is_one_line_and_exit_1(tmpfs: Path) -> None:
    data = tmpfs / "data"
    _fresh_database(data)
    assert subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)]).returncode == 0
    done = _serve_once(data)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "read-only" in lines[0] and str(data) in lines[0], lines
    assert "Traceback" not in done.stdout + done.stderr


def test_serve_on_a_full_disk_is_one_line_and_exit_1(tmpfs: Path) -> None:
    data = tmpfs / "data"
    _fresh_database(data)
    fill_disk(tmpfs / "filler")
    done = _serve_once(data)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "is full" in lines[0], lines
    # room again, but less than serve wants free (8 MB on a 3 MB disk): still one line
    (tmpfs / "filler").unlink()
    done = _serve_once(data)
    assert done.returncode == 1 and "is full" in done.stderr, done.stderr


# --------------------------------------------------------------------------- import


@pytest.mark.parametrize("name", ["guardians_basic_23.json", "forestry_4p_growing_forward.json"])
@pytest.mark.parametrize(("change", "field", "expected"), [
    ({"seed": 10**40}, "seed", "from 0 to 9,223,372,036,854,775,807"),
    ({"seed": -1}, "seed", "from 0 to"),
    ({"location": "Kyoto\u202e"}, "location", "U+202E"),
    ({"location": "Kyoto\x1b[2J"}, "location", "U+001B"),
])
def test_import_refuses_out_of_range_numbers_and_control_characters(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        name: str, change: dict[str, Any], field: str, expected: str) -> None:
    from app.cli import main
    from tests.app.test_exchange import load

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'records.sqlite3'}")
    src = tmp_path / "in.json"
    src.write_text(json.dumps(dict(load(name), **change)))
    assert main(["records", "import", str(src)]) == 2
    err = capsys.readouterr().err
    assert f"line 1: {field}: " in err and expected in err, err
    assert main(["records", "list"]) == 0
    assert "No games yet." in capsys.readouterr().out  # nothing stored, no NULL seed


def test_notes_and_locations_are_cleaned_like_names() -> None:
    from app.store import crud
    from app.store.facade import Store

    store = Store.open("sqlite://")
    with store.session() as s:
        with pytest.raises(crud.KeepRefusal) as err:
            crud.create_game(s, game="forestry", players=["Ann"], location="Kyoto\u202e")
        assert err.value.field == "location"
        game = crud.create_game(s, game="forestry", players=["Ann"], location=" Kyoto  Ginza ")
        assert game.location == "Kyoto Ginza" and game.id is not None
        for bad in ("a\x00b", "evil\u202egood", "x\x1b[2J"):
            with pytest.raises(crud.KeepRefusal) as err:
                crud.set_notes(s, game_id=game.id, notes=bad)
            assert err.value.field == "notes"
        assert crud.set_notes(s, game_id=game.id, notes="two\nlines").notes == "two\nlines"


def test_a_send_to_a_websocket_that_went_away_is_no_traceback() -> None:
    """A phone gone while the server still had a frame for it: the app's error is a debug
    line (uvicorn printed a traceback for each; CI once saw one in the 1,500-client test)."""
    import asyncio

    from websockets.exceptions import InvalidState

    from app.web.limits import ConnectionLimiter, HeaderDeadline

    async def gone(scope, receive, send):  # type: ignore[no-untyped-def]
        try:
            raise InvalidState("connection is closing")
        except InvalidState as exc:
            raise RuntimeError("Unexpected ASGI message 'websocket.send'") from exc

    async def broken(scope, receive, send):  # type: ignore[no-untyped-def]
        raise ValueError("a bug")

    scope = {"type": "websocket", "client": ("127.0.0.1", 5)}
    asyncio.run(HeaderDeadline(gone, ConnectionLimiter.from_env())(scope, None, None))
    with pytest.raises(ValueError):  # anything else is still an error
        asyncio.run(HeaderDeadline(broken, ConnectionLimiter.from_env())(scope, None, None))


@pytest.mark.parametrize(("source", "where", "found"), [
    ("backup-notes", "history.notes", "U+001B"),
    ("play-record-location", "location", "U+202E"),
    ("play-record-name", "players[0].name", "U+202E"),
    ("bgstats-location", "plays[0]", "U+001B"),
    ("bgstats-name", "plays[0].playerScores[2]", "U+202E"),
    ("bgstats-comments", "plays[0]", "U+202E"),
    ("bgg-location", "play 71234567", "U+200F"),
    ("bgg-name", "play 71234567 player 2", "U+202E"),
    ("match", "Meiko", "U+202E"),
])
def test_every_import_cleans_notes_locations_and_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        source: str, where: str, found: str) -> None:
    """Locations, notes and names that come in by an import are cleaned as the app's own
    (issue 27): a backup's ``history.notes``, a play record's location and names, and what
    BG Stats and BGG files give (places, people, comments, a typed ``--match``) are
    refused naming the entry and the character, exit 2, nothing stored (they were stored
    as given, or ended in "internal error")."""
    from app.cli import main
    from tests.app.test_exchange import load

    plays = ROOT / "tests" / "data" / "plays"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'records.sqlite3'}")
    src, extra = tmp_path / "in.txt", []
    if source == "backup-notes":
        rec = load("guardians_basic_23.json")
        rec["history"] = {"play_id": "p1", "notes": "evil\x1b[2J note"}
        src.write_text(json.dumps(rec))
    elif source.startswith("play-record"):
        play = {"format": "forest-table/play", "version": 1, "game": "forestry",
                "played_at": "2026-01-01T10:00:00+00:00", "source": "bgg",
                "players": [{"name": "Zed", "score": 3, "winner": True}]}
        if source.endswith("location"):
            play["location"] = "Kyoto\u202e"
        else:
            play["players"][0]["name"] = "Zed\u202e"
        src.write_text(json.dumps(play))
    elif source.startswith("bgstats") or source == "match":
        data = json.loads((plays / "bgstats_sample.json").read_text(encoding="utf-8"))
        if source == "bgstats-location":
            data["locations"][0]["name"] = "Club\x1b[2J"
        elif source == "bgstats-name":
            data["players"][2]["name"] = "Rin\u202e"
        elif source == "bgstats-comments":
            data["plays"][0]["comments"] = "gg \u202e"
        else:
            extra = ["--match", "Meiko=Mei\u202e"]
        src.write_text(json.dumps(data), encoding="utf-8")
    else:
        text = (plays / "bgg_plays_sample.xml").read_text(encoding="utf-8")
        if source == "bgg-location":
            text = text.replace('location="Rin\'s place"', 'location="Rin&#8207;s place"')
        else:
            text = text.replace('name="Mei" startposition="2"', 'name="Mei&#8238;" '
                                'startposition="2"')
        src.write_text(text, encoding="utf-8")
    assert main(["records", "import", str(src), *extra]) == 2
    err = capsys.readouterr().err
    assert f"{where}: " in err and found in err and "internal error" not in err, err
    assert main(["records", "list"]) == 0
    assert "No games yet." in capsys.readouterr().out


class _Transport:
    def __init__(self) -> None:
        self.written = b""
        self.closed = False

    def write(self, data: bytes) -> None:
        self.written += data

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed


def test_the_global_cap_counts_every_address_and_frees_on_close() -> None:
    """app.web.limits.ConnectionLimiter: the cap in all (issue 27, What to build 1) as well as
    the one per address; a connection over either is answered 503 and closed at once, and a
    closed connection frees its place."""
    from app.web.limits import ConnectionLimiter

    limiter = ConnectionLimiter(per_address=2, total=5)
    kept = [_Transport() for _ in range(5)]
    assert all(limiter.opened((f"10.0.0.{i}", 1000), t) for i, t in enumerate(kept))
    over = _Transport()
    assert not limiter.opened(("10.0.0.9", 1000), over)  # a new address, but 5 in all
    assert over.closed and over.written.startswith(b"HTTP/1.1 503")
    limiter.closed(("10.0.0.0", 1000))
    assert limiter.count() == 4 and limiter.opened(("10.0.0.9", 1000), _Transport())
    limiter.closed(("10.0.0.1", 1000))
    assert limiter.opened(("10.0.0.9", 1001), _Transport())  # 2 from one address
    third = _Transport()
    limiter.closed(("10.0.0.2", 1000))
    assert not limiter.opened(("10.0.0.9", 1002), third) and third.closed  # its cap: 2
    assert limiter.count("10.0.0.9") == 2


def test_the_total_cap_follows_the_open_file_limit_and_serve_raises_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Under ``ulimit -n 1024`` the cap in all is half what is left after the reserve (480),
    so held sockets never take the last descriptors; at start the soft limit is raised to
    the hard one (a child with soft 256, hard 1024)."""
    from app.web import limits

    monkeypatch.setattr(limits, "open_file_limit", lambda: 1024)
    assert limits.total_cap(4096) == (1024 - limits.RESERVE_FDS) // 2 == 480
    assert limits.total_cap(100) == 100

    def low() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 1024))

    done = subprocess.run(
        [sys.executable, "-c", "import resource; from app.web.limits import "
         "raise_open_file_limit as r; print(r(), resource.getrlimit(resource.RLIMIT_NOFILE))"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, preexec_fn=low)
    assert done.stdout.split() == ["(1024,", "1024)", "(1024,", "1024)"], done.stdout + done.stderr


def test_the_registry_makes_room_only_from_tabs_that_showed_no_token() -> None:
    from app.web.sessions import SessionRegistry

    reg = SessionRegistry(cap=3, keep_seconds=900)
    peer = reg.peers  # what the server knows of its phones, kept by the registry
    closed: list[str] = []

    def closer(sid: str) -> Any:
        async def close() -> None:
            closed.append(sid)
        return close

    for sid in ("s-old", "s-seat", "s-new"):
        reg.opened(sid, "10.0.0.9", closer(sid))
    reg.opened("s-other", "10.0.0.7", closer("s-other"))
    peer.vouch("s-old")  # a player's tab, though the oldest
    assert reg.capped("10.0.0.9")
    room = reg.make_room("10.0.0.9")
    assert room is not None and room[0] == "s-seat"  # the oldest that showed no token
    asyncio.run(room[1]())
    assert closed == ["s-seat"] and reg.count("10.0.0.9") == 2
    peer.vouch("s-new")
    reg.opened("s-next", "10.0.0.9", closer("s-next"))
    peer.vouch("s-next")
    assert reg.make_room("10.0.0.9") is None  # every tab there is a player's: none gives way
    reg.closed("s-next")
    assert reg.evict_oldest("10.0.0.9") == "s-next" and not peer.vouched("s-next")
    for sid in ("s-old", "s-new"):
        peer.unvouch(sid)
        assert not peer.vouched(sid)


# --------------------------------------------------------------------------- floods (issue 32)


EVENT = 3
FLOOD_SOURCE = "127.0.0.9"


def dealt_table(data: Path) -> list[str]:
    """A started Forestry table in ``data``'s database (before serve starts): its seats'
    tokens."""
    from benchmarks.bench_load import _deal

    data.mkdir(mode=0o700, exist_ok=True)
    return _deal(data / "forest-table.sqlite3", 1)[0]


class Seat:
    """A seat's phone (benchmarks.bench_load.Phone: the link script's tap ids and acks),
    tapping its "+" every ``gap`` seconds; each tap's seconds to its ``ft-ack``."""

    def __init__(self, url: str, token: str, source: str = PHONE) -> None:
        from benchmarks.bench_load import Phone as LoadPhone

        self.url = url
        self.phone = LoadPhone(0, 1, token, link=True, source=source)
        self.acks: list[float] = []
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.task = asyncio.create_task(self.phone.run(self.url, lambda *_: None))
        deadline = time.monotonic() + 30
        while not self.phone.ready.is_set():
            assert time.monotonic() < deadline, "the seat's sheet never came"
            assert not self.task.done(), self.task
            await asyncio.sleep(0.05)

    async def tap_and_wait(self, limit: float = 5.0) -> float:
        """One tap; seconds until it is acknowledged (``limit`` when it is not by then)."""
        t0 = time.monotonic()
        await self.phone.tap()
        seq = self.phone.seq
        while seq in self.phone.unacked and time.monotonic() - t0 < limit:
            await asyncio.sleep(0.005)
        took = time.monotonic() - t0
        self.acks.append(took)
        return took

    async def tap_every(self, gap: float, until: float) -> None:
        while time.monotonic() < until:
            t0 = time.monotonic()
            await self.tap_and_wait()
            await asyncio.sleep(max(0.0, gap - (time.monotonic() - t0)))

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        try:
            await self.phone.ws.close()
        except Exception:
            pass


async def probe_health(url: str, until: float, times: list[float]) -> None:
    """``/healthz`` every 0.5 s until ``until`` (from its own address): seconds each took
    (5 when it timed out)."""
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.10")
    async with httpx.AsyncClient(transport=transport, timeout=5) as client:
        while time.monotonic() < until:
            t0 = time.monotonic()
            try:
                r = await client.get(url + "/healthz")
                assert r.status_code == 200
                times.append(time.monotonic() - t0)
            except httpx.HTTPError:
                times.append(5.0)
            await asyncio.sleep(max(0.0, 0.5 - (time.monotonic() - t0)))


def event_frame(target: Any, name: Any, data: Any) -> bytes:
    return b"\x00" + msgpack.packb([EVENT, {"target": target, "name": name, "data": data}])


async def flood_tab(url: str, frames: list[bytes], source: str = FLOOD_SOURCE,
                    route: str = "/") -> tuple[int, bool]:
    """A tab that registers on ``route`` and sends ``frames`` as fast as it can: how many
    went out, and whether the server closed it."""
    tab = Phone(url, source)
    await tab.open(route)
    sent = 0
    try:
        for frame in frames:
            await tab.ws.send(frame)
            sent += 1
        # read what comes until the server is quiet or closes the socket
        while True:
            await asyncio.wait_for(tab.ws.recv(), 3)
    except ConnectionClosed:
        return sent, True
    except TimeoutError:
        pass
    await tab.ws.close()
    return sent, False


def flood_frames(kind: str, page_id: int, n: int, button: int = 0) -> list[bytes]:
    if kind == "number-routes":
        return [event_frame(page_id, "route_change", {"route": 100000 + i}) for i in range(n)]
    if kind == "valid-routes":
        return [event_frame(page_id, "route_change", {"route": f"/x{i}"}) for i in range(n)]
    return [event_frame(button, "click", None) for _ in range(n)]


class Child:
    """A coroutine function run in a forked process of its own (the attackers: their
    sending never holds up the measuring loop of this one), started by :meth:`go`."""

    def __init__(self, work: Any, *args: Any) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("fork")
        self.start = ctx.Event()
        self.result, self._out = ctx.Pipe(duplex=False)
        self.proc = ctx.Process(target=self._run, args=(work, args), daemon=True)
        self.proc.start()  # (before any event loop runs here: a clean fork)

    def _run(self, work: Any, args: Any) -> None:
        os.nice(10)  # the attackers' machine is not the server's: they take no CPU from it
        self.start.wait(120)
        try:
            self._out.send(asyncio.run(work(*args)))
        except BaseException as exc:  # said in the parent
            self._out.send({"error": repr(exc)})

    def go(self) -> None:
        self.start.set()

    async def done(self, timeout: float = 60) -> Any:
        ready = await asyncio.to_thread(self.result.poll, timeout)
        got = self.result.recv() if ready else {"error": "no answer"}
        await asyncio.to_thread(self.proc.join, 5)
        if self.proc.is_alive():
            self.proc.kill()
        return got


async def flood(url: str, host_token: str, kind: str, n: int) -> dict[str, Any]:
    """The flooding tab: tokenless (the host's tab for taps, on its tables button)."""
    tab = Phone(url, FLOOD_SOURCE)
    await tab.open(f"/join/{host_token}" if kind == "taps" else "/")
    button = await tab.wait_for("home-tables" if kind == "taps" else "join-title")
    frames = flood_frames(kind, tab.page_id, n, button)
    t0 = time.monotonic()
    sent, closed, reason = 0, False, ""
    try:
        for frame in frames:
            await tab.ws.send(frame)
            sent += 1
        while True:
            await asyncio.wait_for(tab.ws.recv(), 5)
    except ConnectionClosed as exc:
        closed = True
        reason = exc.rcvd.reason if exc.rcvd is not None else ""
    except TimeoutError:
        pass
    took = time.monotonic() - t0
    await tab.ws.close()
    return {"sent": sent, "closed": closed, "reason": reason, "send_s": took}


def run_flood(srv: Any, token: str, kind: str, n: int) -> dict[str, Any]:
    """The seat taps every 0.5 s (and /healthz is asked every 0.5 s) for 4 s; a tab from
    another address (another process) sends ``n`` events of ``kind`` 1 s in."""
    seat = Seat(srv.url, token)
    health: list[float] = []
    before = len(srv.log().splitlines())
    out: dict[str, Any] = {}
    child = Child(flood, srv.url, srv.token, kind, n)

    async def go() -> None:
        await seat.start()
        await seat.tap_and_wait()  # warm: the first tap draws a section the first time
        seat.acks.clear()
        end = time.monotonic() + 4
        tapping = asyncio.create_task(seat.tap_every(0.5, end))
        probing = asyncio.create_task(probe_health(srv.url, end, health))
        await asyncio.sleep(1)
        child.go()
        await tapping
        await probing
        out.update(await child.done())
        await seat.stop()

    asyncio.run(go())
    time.sleep(0.5)
    out["acks"] = seat.acks
    out["health"] = health
    out["log"] = srv.log().splitlines()[before:]
    return out


@pytest.mark.parametrize(("kind", "n"), [("number-routes", 2000), ("valid-routes", 2000),
                                         ("taps", 10000)])
def test_an_event_flood_from_one_tab_never_holds_up_a_seats_taps(
        serve: Any, tmp_path: Path, kind: str, n: int) -> None:
    """Issue 32: 2,000 route_change events whose route is a number (they froze the server
    for ~62 s), 2,000 with valid routes, 10,000 taps, from a tokenless tab, while a seat
    taps every 0.5 s: every tap acknowledged within 1 s, /healthz within 1 s, a few lines."""
    tokens = dealt_table(tmp_path / "data")
    srv = serve()
    got = run_flood(srv, tokens[0], kind, n)
    print(kind, f"worst ack {max(got['acks']):.3f} s", f"worst healthz {max(got['health']):.3f} s",
          "sent", got["sent"], "closed", got["closed"],
          "log lines", len(got["log"]), got["log"])
    assert got["closed"] and got["reason"].startswith("Too many messages"), got
    assert len(got["acks"]) >= 6 and max(got["acks"]) < 1.0, got["acks"]
    assert max(got["health"]) < 1.0, got["health"]
    assert not [ln for ln in got["log"] if "Traceback" in ln], got["log"][:40]
    assert len(got["log"]) <= 5, got["log"][:40]


def test_tabs_that_register_and_close_at_once_are_quiet(serve: Any) -> None:
    """Issue 32: 30 tabs that register and close at once (each ~60 lines and 2
    tracebacks: Flet sent to the closed session's queue, 'NoneType' object has no
    attribute 'put_nowait'): at most a few lines, no traceback."""
    srv = serve()
    before = len(srv.log().splitlines())

    async def go() -> None:
        for i in range(30):
            async with connect(srv.url.replace("http://", "ws://") + "/ws",
                               origin=Origin(srv.url),
                               local_addr=(f"127.0.0.{20 + i % 5}", 0)) as ws:
                await ws.send(register_frame("/" if i % 2 else f"/join/{srv.token}"))
        await asyncio.sleep(3)  # what the sessions' handlers do after their socket went
        phone = Phone(srv.url)
        await phone.open(f"/join/{srv.token}")
        await phone.wait_for("home-tables")
        await phone.ws.close()

    asyncio.run(go())
    time.sleep(0.5)
    lines = srv.log().splitlines()[before:]
    assert not [ln for ln in lines if "Traceback" in ln or "Task exception" in ln], lines[:60]
    assert len(lines) <= 3, lines[:60]


def test_a_message_over_64_kib_closes_its_websocket_quietly(serve: Any) -> None:
    """Issue 32: a message over 64 KiB (the OWASP guidance; a phone's largest is its
    register, under 1 KiB) closes its websocket (1009) before anything reads it."""
    srv = serve()
    before = len(srv.log().splitlines())

    async def go() -> int | None:
        tab = Phone(srv.url, "127.0.0.12")
        await tab.open("/")
        await tab.ws.send(b"\x00" + msgpack.packb([3, {"target": 1, "name": "click",
                                                       "data": "z" * 70_000}]))
        try:
            while True:
                await asyncio.wait_for(tab.ws.recv(), 5)
        except ConnectionClosed as exc:
            return exc.rcvd.code if exc.rcvd is not None else None

    assert asyncio.run(go()) == 1009
    assert Phone(srv.url).load_page() < 3
    lines = srv.log().splitlines()[before:]
    assert len(lines) <= 1 and "Traceback" not in srv.log(), lines


def test_half_requests_from_eight_addresses_leave_room_for_a_ninth(serve: Any) -> None:
    """Issue 32: 1,500 half-open requests over 8 addresses under ``ulimit -n 1024`` (the cap
    in all 480, each address's 64) filled the server: a phone from a ninth address got a
    reset page and a 503 websocket. The oldest idle or half-open connections of the
    heaviest address now give way: the phone loads and opens its websocket within 3 s."""
    srv = serve(FOREST_TABLE_HEADER_TIMEOUT="8")
    held: list[socket.socket] = []
    try:
        for i in range(8):
            held += hold_half_requests(srv.port, 1500 // 8 + (1 if i < 1500 % 8 else 0),
                                       source=f"127.0.0.{31 + i}")
        assert len(held) == 1500
        time.sleep(0.3)
        phone = Phone(srv.url, "127.0.0.40")
        loaded = phone.load_page(f"/join/{srv.token}")

        async def play() -> float:
            opened = await phone.open(f"/join/{srv.token}")
            await phone.wait_for("home-tables")
            await phone.ws.close()
            return opened

        opened = asyncio.run(play())
        assert loaded + opened < 3.0, (loaded, opened)
        assert srv.open_fds() < NOFILE - 100
        assert srv.proc.poll() is None
        log = srv.log()
        assert "Traceback" not in log, log
        assert len(log.splitlines()) < 60, log
    finally:
        for s in held:
            s.close()


# --------------------------------------------------------------------------- the fuzz test

FUZZ = os.environ.get("FOREST_TABLE_FUZZ", "")
FUZZ_SECONDS = 120.0 if FUZZ == "long" else 12.0
#: hostile tabs at once (twelve: a token-holding tab's page is built on the event loop in
#: one go, 0.5-1.2 s each on a loaded 2-core machine, and twelve reconnecting tabs held a
#: seat's taps over 2 s there: see docs/table-mode.md)
FUZZ_TABS = int(os.environ.get("FOREST_TABLE_FUZZ_TABS") or 6)
EVENT_NAMES = ["click", "change", "route_change", "submit", "focus", "blur", "resize",
               "view_pop", "connect", "disconnect", "close", "long_press", "dismiss",
               "app_lifecycle_state_change", "keyboard_event", "tap", "select"]


def random_value(rng: Any, depth: int = 0) -> Any:
    """Any msgpack value: nested, huge, odd."""
    kind = rng.randrange(12 if depth < 4 else 8)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, -1, 1, 2**31, 2**53 + 1, 2**63 - 1, -(2**63),
                           rng.randrange(-9999, 9999)])
    if kind == 3:
        return rng.choice([0.5, float("inf"), float("-inf"), float("nan"), 1e308, -1e-308])
    if kind == 4:
        return "".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(0, 40)))
    if kind == 5:
        return "x" * rng.choice([0, 100, 5000, 20000])
    if kind == 6:
        return rng.randbytes(rng.randrange(0, 64))
    if kind == 7:
        return "/" + "/".join(rng.choice(["join", "table", "1", "..", "%00", "\u202e", "x" * 300])
                              for _ in range(rng.randrange(0, 5)))
    if kind in (8, 9):
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(0, 6))]
    return {rng.choice(["route", "width", "height", "value", "state", "data", "x", "y", "id",
                        "session_id", "selected", "key"]): random_value(rng, depth + 1)
            for _ in range(rng.randrange(0, 6))}


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def fuzz_frame(rng: Any, page_id: int, ids: list[int]) -> bytes | str:
    """One thing a hostile tab sends: a malformed, odd or out-of-place Flet frame."""
    def pack(message: Any) -> bytes:
        return b"\x00" + msgpack.packb(message, use_bin_type=True)

    target = rng.choice([page_id, *ids[:50], rng.randrange(0, 10**6), -1, 2**40, "1", None,
                         1.5, True]) if ids else page_id
    kind = rng.randrange(16)
    if kind == 0:
        return rng.randbytes(rng.randrange(0, 300))
    if kind == 1:  # wrong types
        return pack([3, {"target": rng.choice(["x", 1.5, None, [1], {"a": 1}, -5]),
                         "name": rng.choice([7, None, "", "Click", "x" * 100, "on click"]),
                         "data": random_value(rng)}])
    if kind == 2:  # huge or deep values
        return pack([3, {"target": page_id, "name": rng.choice(EVENT_NAMES),
                         "data": rng.choice([nested(rng.choice([20, 100])), "y" * 60000,
                                             list(range(5000)), 2**63 - 1, float("nan")])}])
    if kind == 3:  # unknown controls, known names
        return pack([3, {"target": target, "name": rng.choice(EVENT_NAMES),
                         "data": random_value(rng)}])
    if kind == 4:  # routes of every sort
        return pack([3, {"target": page_id, "name": "route_change",
                         "data": {"route": random_value(rng)}}])
    if kind == 5:  # property updates, the page's among them
        return pack([4, {"id": target, "props": {rng.choice(["route", "width", "height",
                                                             "value", "client_ip", "platform",
                                                             "media", "window"]):
                                                 random_value(rng)}}])
    if kind == 6:  # answers to calls never made
        return pack([5, {"control_id": target, "call_id": random_value(rng),
                         "result": random_value(rng), "error": random_value(rng)}])
    if kind == 7:  # a register again, mid-session
        return register_frame(rng.choice(["/", "/join/nope", "/table/1"]), "x" * 16)
    if kind == 8:  # actions a client never sends, or none
        return pack([rng.choice([0, 2, 6, 7, 99, -1, "3"]), random_value(rng)])
    if kind == 9:  # not a message
        return pack(random_value(rng))
    if kind == 10:  # the link script's tap ids, forged or broken
        return rng.choice([f"ft-tap {'a' * 12} {rng.randrange(10**6)} 0",
                           f"ft-tap {'b' * 12} 1 r", "ft-tap", "ft-tap x y z",
                           "hello", "ft-ack 1", "\x00" * 10])
    if kind == 11:  # a data channel's frame
        return b"\x01" + rng.randbytes(rng.randrange(0, 40))
    if kind == 12:  # over the size limit
        return b"\x00" + b"\x91" + b"\xc4" * 70000
    return pack([3, {"target": target, "name": rng.choice(["click", "change", "select"]),
                     "data": rng.choice([None, "", "1", True])}])


async def hostile_tab(url: str, rng: Any, source: str, routes: list[str], until: float,
                      counts: dict[str, int]) -> None:
    """One hostile tab after another from ``source`` until ``until``: each registers (or
    does not, or twice), sends odd frames, floods, reads or never reads, and goes."""
    while time.monotonic() < until:
        mode = rng.choice(["frames", "frames", "flood", "register-and-close", "no-register",
                           "never-reads"])
        counts[mode] = counts.get(mode, 0) + 1
        try:
            async with connect(url.replace("http://", "ws://") + "/ws", origin=Origin(url),
                               local_addr=(source, 0), open_timeout=5, max_size=None,
                               max_queue=None if mode != "never-reads" else 1,
                               ping_interval=None) as ws:
                if mode != "no-register":
                    await ws.send(register_frame(rng.choice(routes)))
                if mode == "register-and-close":
                    continue
                page_id, ids = 1, []
                if mode != "no-register":
                    try:
                        first = decode(await asyncio.wait_for(ws.recv(), 5))
                        patch = first[1].get("page_patch") if isinstance(first[1], dict) else None
                        page_id = patch.get("_i", 1) if isinstance(patch, dict) else 1
                        ids = sorted({i for i in _ids(patch) if isinstance(i, int)})
                    except (TimeoutError, ConnectionClosed, Exception):
                        pass
                reader = None
                if mode != "never-reads":
                    async def drain() -> None:
                        try:
                            async for _ in ws:  # noqa: B007 - read and dropped
                                pass
                        except ConnectionClosed:
                            pass
                    reader = asyncio.create_task(drain())
                if mode == "flood":
                    frame = fuzz_frame(rng, page_id, ids)
                    for _ in range(rng.choice([300, 1000, 3000])):
                        await ws.send(frame)
                else:
                    for _ in range(rng.randrange(1, 200)):
                        await ws.send(fuzz_frame(rng, page_id, ids))
                        if rng.random() < 0.1:
                            await asyncio.sleep(rng.random() * 0.05)
                await asyncio.sleep(rng.random() * 0.5)
                if reader is not None:
                    reader.cancel()
        except (ConnectionClosed, OSError, TimeoutError):
            pass
        except Exception as exc:  # the client's own trouble (a handshake refused): go on
            counts["client-" + type(exc).__name__] = counts.get(
                "client-" + type(exc).__name__, 0) + 1
        await asyncio.sleep(rng.random() * 0.2)


async def hostile_tabs(url: str, seed: int, routes: list[str]) -> dict[str, int]:
    """:data:`FUZZ_TABS` hostile tabs on six addresses for :data:`FUZZ_SECONDS`: what
    they did, counted."""
    import random

    counts: dict[str, int] = {}
    end = time.monotonic() + FUZZ_SECONDS
    await asyncio.gather(*(hostile_tab(url, random.Random(seed * 1000 + i),
                                       f"127.0.0.{50 + i % 6}", routes, end, counts)
                           for i in range(FUZZ_TABS)))
    return counts


def _ids(value: Any) -> list[Any]:
    out, stack = [], [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if "_i" in v:
                out.append(v["_i"])
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def test_hostile_client_fuzz(serve: Any, tmp_path: Path) -> None:
    """Issue 32, 7: random and malformed Flet frames (wrong types, huge values, unknown
    controls, floods, register-and-close, frames out of order, no reading) from tokenless
    and token-holding tabs on six addresses, against a served table with a seat's phone
    tapping every 0.5 s: every tap acknowledged within 1 s, /healthz within 1 s, the
    server within its descriptors and memory, a few dozen log lines a minute, no
    traceback. FOREST_TABLE_FUZZ=long: 120 s (``make fuzz``); FOREST_TABLE_FUZZ_SEED
    repeats a run, FOREST_TABLE_FUZZ_TABS sets how many tabs attack at once."""
    import random

    seed = int(os.environ.get("FOREST_TABLE_FUZZ_SEED") or random.randrange(2**32))
    print(f"fuzz seed {seed} ({FUZZ_SECONDS:.0f} s, {FUZZ_TABS} tabs)")
    tokens = dealt_table(tmp_path / "data")
    srv = serve()
    assert srv.proc is not None
    routes = ["/", f"/join/{tokens[1]}", f"/join/{srv.token}", "/join/" + "n" * 20, "/table/1"]
    seat = Seat(srv.url, tokens[0])
    health: list[float] = []
    fds: list[int] = []
    rss: list[float] = []
    counts: dict[str, int] = {}
    before = len(srv.log().splitlines())
    rss0 = _rss_mb(srv.proc.pid)
    cpu0 = _cpu_s(srv.proc.pid)

    async def watch(until: float) -> None:
        while time.monotonic() < until:
            fds.append(srv.open_fds())
            rss.append(_rss_mb(srv.proc.pid))
            await asyncio.sleep(1)

    child = Child(hostile_tabs, srv.url, seed, routes)

    async def go() -> None:
        await seat.start()
        await seat.tap_and_wait()  # warm
        seat.acks.clear()
        end = time.monotonic() + FUZZ_SECONDS
        child.go()
        await asyncio.gather(seat.tap_every(0.5, end), probe_health(srv.url, end, health),
                             watch(end))
        counts.update(await child.done())
        await seat.stop()

    asyncio.run(go())
    time.sleep(1)
    log = srv.log().splitlines()[before:]
    said = f"seed {seed}, tabs {counts}"
    print(said, f"worst ack {max(seat.acks):.3f} s, worst healthz {max(health):.3f} s, "
          f"fds {max(fds)}, rss {rss0:.0f}->{max(rss):.0f} MB, log lines {len(log)}, "
          f"server cpu {(_cpu_s(srv.proc.pid) - cpu0) / FUZZ_SECONDS:.0%}, acks "
          f"{[round(a, 2) for a in seat.acks]}")
    assert srv.proc.poll() is None, said
    assert len(seat.acks) >= FUZZ_SECONDS / 0.5 * 0.8, (said, seat.acks)
    assert max(seat.acks) < 1.0, (said, seat.acks)
    assert max(health) < 1.0, (said, health)
    assert max(fds) < NOFILE - 100, (said, fds)
    assert max(rss) < rss0 + 300, (said, rss0, rss)
    assert not [ln for ln in log if "Traceback" in ln or "Task exception" in ln], \
        (said, log[:80])
    per_minute = 60 * max(1, -(-int(FUZZ_SECONDS) // 60))
    assert len(log) <= per_minute, (said, len(log), log[:80])


def test_event_shapes_are_checked_before_flet_reads_them() -> None:
    """app.web.sessions.event_problem: what a client's message after its first may be."""
    from app.web.sessions import event_problem

    def event(target: Any, name: Any, data: Any) -> str | None:
        return event_problem(3, {"target": target, "name": name, "data": data})

    assert event(1, "route_change", {"route": "/join/abc"}) is None
    assert event(5, "click", None) is None
    assert event(1, "route_change", {"route": 100001}) == "a route not text"
    assert event(1, "route_change", None) == "a route not text"
    assert event(1, "route_change", {"route": "/" + "x" * 3000}) is not None
    assert event(1, "route_change", {"route": "/a\x00b"}) is not None
    assert event("1", "click", None) == "target not an id"
    assert event(True, "click", None) == "target not an id"
    assert event(2**40, "click", None) == "target not an id"
    assert event(1, 7, None) == "an event name not a word"
    assert event(1, "Click me", None) == "an event name not a word"
    assert event(1, "click", float("nan")) == "a number out of range"
    assert event(1, "click", 2**60) == "a number out of range"
    assert event(1, "click", "y" * 20000) == "a text too long"
    assert event(1, "click", nested(20)) == "nested too deep"
    assert event(1, "click", list(range(5000))) == "too many items"
    assert event(1, "click", {1: "a"}) == "a key not text"
    assert event_problem(4, {"id": 1, "props": {"route": 5}}) == "a route not text"
    assert event_problem(4, {"id": 1, "props": {"value": "typed", "width": 390.5}}) is None
    assert event_problem(4, {"id": 1, "props": [1]}) == "props not a map"
    assert event_problem(5, {"control_id": 3, "call_id": "abc", "result": None,
                             "error": None}) is None
    assert event_problem(5, {"control_id": 3, "call_id": 7, "result": None,
                             "error": None}) == "a call id not a short text"
    assert event_problem(1, {"session_id": "", "page": {}}) == \
        "registered twice on one socket"


def test_event_data_must_fit_the_event_its_control_makes() -> None:
    """app.web.sessions.event_data_problem: the page makes a RouteChangeEvent of a
    route_change (its route text); a number there is refused, the right type is not."""
    import flet as ft

    from app.web.sessions import event_data_problem, fits

    page = ft.Page.__new__(ft.Page)  # (only its class is looked at)
    assert event_data_problem(page, "route_change", {"route": "/x"}) is None
    assert event_data_problem(page, "route_change", {"route": 7}) == \
        "route_change.route of the wrong type"
    assert event_data_problem(page, "click", "anything") is None  # not a map: Flet's own
    assert fits(3, float) and fits(3.0, int) and not fits(3.5, int) and not fits(True, int)
    assert fits(None, str) and not fits([1, "a"], list[int]) and fits([1, 2], list[int])


def test_a_bucket_allows_its_burst_then_its_rate() -> None:
    from app.web.budget import Bucket

    now = [0.0]
    bucket = Bucket(600, 60, clock=lambda: now[0])
    assert [bucket.take() for _ in range(700)].count(True) == 600
    now[0] = 1.0
    assert [bucket.take() for _ in range(100)].count(True) == 60
    now[0] = 100.0
    assert bucket.level() == 600


def test_at_the_cap_a_heavier_addresss_idle_connection_gives_way() -> None:
    """app.web.limits.ConnectionLimiter: at the cap in all, the oldest idle or half-open
    connection of the address holding the most is closed for one from an address holding
    fewer; a busy one (its request in hand) never is; the reserve is a player's."""
    from app.web.limits import ConnectionLimiter

    async def go() -> None:
        limiter = ConnectionLimiter(per_address=64, total=10, reserve=2,
                                    players=lambda key: key == "10.0.0.7")
        first = [_Transport() for _ in range(6)]
        for i, t in enumerate(first):
            assert limiter.opened(("10.0.0.1", 1000 + i), t)
        limiter.headers_done(("10.0.0.1", 1000))  # the oldest has its request in hand
        for i in range(2):
            assert limiter.opened(("10.0.0.2", 2000 + i), _Transport())
        # 8 open: the common pool (10 - 2) is full; a third address gets in all the same:
        # the oldest idle one of the heaviest (10.0.0.1, 6 open) gives way
        newcomer = _Transport()
        assert limiter.opened(("10.0.0.3", 3000), newcomer) and not newcomer.closed
        assert [t.closed for t in first] == [False, True, False, False, False, False]
        assert limiter.count("10.0.0.1") == 5 and limiter.count() == 8
        # a player's address has the reserve: no one gives way for it
        assert limiter.opened(("10.0.0.7", 7000), _Transport())
        assert limiter.opened(("10.0.0.7", 7001), _Transport())
        assert limiter.count() == 10 and not first[2].closed
        # the heaviest address itself gets no room at the expense of others
        over = _Transport()
        assert not limiter.opened(("10.0.0.1", 1100), over) and over.closed
        assert over.written.startswith(b"HTTP/1.1 503")

    asyncio.run(go())
