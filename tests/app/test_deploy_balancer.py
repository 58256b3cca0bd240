"""The committed load-balancer configurations, run: nginx or haproxy in front of two ``serve``.

docs/deploy/nginx/forest-table.conf and docs/deploy/haproxy/forest-table.cfg are used as
they are, with this test's ports put in (and one test-only header naming the backend that
answered), each in front of two
``forest-table serve`` processes on one PostgreSQL database (``PG_TEST_URL``). The table
is prepared with ``forest-table tables new --base-url <the balancer>``; phones are raw
Flet-protocol clients (benchmarks/bench_load.py) that open the printed links through the
balancer. Checked: the page and the websocket upgrade reach every backend through it; a
phone joins its seat, its tap is saved and reaches the other phone served by the same
process; ``/healthz`` and ``/readyz`` answer through it and straight, with the balancer's
own Host; a backend cut from its database is up but not ready (and haproxy, which probes
``/readyz``, sends it nothing more); a backend taken down is skipped (pages, probes and
new phones all go to the other), and the table is still all there.

Phones of one table on different processes follow each other through the database
(issue 24's notifications), which this test leaves to its own tests: it asserts nothing
about a phone on another process than the tapper's.

Skipped with the reason when the balancer or ``PG_TEST_URL`` is missing (.ci/run installs
nginx and haproxy and starts PostgreSQL).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.app.web_server import free_port

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "docs" / "deploy" / "nginx" / "forest-table.conf"
HAPROXY_CONF = ROOT / "docs" / "deploy" / "haproxy" / "forest-table.cfg"
PLAYERS = ["Mei", "Bo", "Ana", "Kai"]  # four: the raw phone reads four seats' chips
UPSTREAM = "X-Upstream"  # the test's own header: which backend answered

pytestmark = pytest.mark.postgres


def binary(name: str) -> str:
    found = shutil.which(name) or next(
        (p for p in (f"/usr/sbin/{name}", f"/usr/local/sbin/{name}") if os.path.exists(p)),
        None)
    if found is None:
        pytest.skip(f"{name} is not installed (apt-get install {name}; .ci/run installs it)")
    return found


def wait_for(what: str, check: Any, timeout: float, log: Any = None) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        try:
            got = check()
            if got:
                return got
        except (OSError, httpx.HTTPError):
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {timeout:.0f} s" +
                                 (f"\n{log()}" if log is not None else ""))
        time.sleep(0.2)


# =========================================================================== processes


class Cuttable:
    """A TCP forwarder to PostgreSQL that the test can cut (a backend's network to its
    database gone: new connections refused, open ones closed)."""

    def __init__(self, host: str, port: int) -> None:
        import threading

        self.target = (host, port)
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.links: set[Any] = set()
        self.server: Any = None
        started = threading.Event()

        async def pipe(reader: Any, writer: Any) -> None:
            try:
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            except (OSError, asyncio.CancelledError):
                pass
            finally:
                writer.close()

        async def link(reader: Any, writer: Any) -> None:
            try:
                up_reader, up_writer = await asyncio.open_connection(*self.target)
            except OSError:
                writer.close()
                return
            self.links.update((writer, up_writer))
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

        async def start() -> None:
            self.server = await asyncio.start_server(link, "127.0.0.1", self.port)
            started.set()

        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(start(), self.loop)
        assert started.wait(10)

    def url(self, url: str) -> str:
        import sqlalchemy as sa

        return sa.make_url(url).set(host="127.0.0.1", port=self.port).render_as_string(
            hide_password=False)

    def cut(self) -> None:
        async def cut() -> None:
            self.server.close()
            for w in list(self.links):
                w.transport.abort()

        asyncio.run_coroutine_threadsafe(cut(), self.loop).result(10)

    def stop(self) -> None:
        if self.loop.is_running():
            self.cut()
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)


class Serve:
    """One ``forest-table serve`` behind the balancer."""

    def __init__(self, tmp: Path, env: dict[str, str], public: str) -> None:
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.log_path = tmp / f"serve-{self.port}.log"
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port",
                 str(self.port), "--no-qr", "--no-browser", "--base-url", public,
                 "--trusted-proxy", "127.0.0.1"],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait(self) -> None:
        def up() -> bool:
            assert self.proc.poll() is None, self.log()
            return "Stop the server" in self.log() and httpx.get(
                f"http://{self.address}/healthz", timeout=2).status_code == 200
        wait_for(f"serve on {self.address} up", up, 120, self.log)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)


def nginx_site(text: str, listen: int, backends: list[str]) -> str:
    """The committed site with this test's ports: its upstream lines name ``backends``, it
    listens on 127.0.0.1:``listen``, and each answer says which backend gave it."""
    servers = re.findall(r"(?m)^(\s*)server 127\.0\.0\.1:\d+ (.*);$", text)
    assert len(servers) == 2, "the committed upstream has two example backends"
    indent, options = servers[0]
    lines = "\n".join(f"{indent}server {b} {options};" for b in backends)
    text = re.sub(r"(?m)^\s*server 127\.0\.0\.1:\d+ .*;\n", "", text)
    text = text.replace("    keepalive 32;", lines + "\n    keepalive 32;")
    assert text.count("listen 8080;") == 1
    text = text.replace("listen 8080;", f"listen 127.0.0.1:{listen};\n"
                                         f"    add_header {UPSTREAM} $upstream_addr always;")
    return text


class Nginx:
    def __init__(self, tmp: Path, listen: int, backends: list[str]) -> None:
        self.binary = binary("nginx")
        self.dir = tmp / "nginx"
        for sub in ("client", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.dir / sub).mkdir(parents=True, exist_ok=True)
        (self.dir / "forest-table.conf").write_text(
            nginx_site(NGINX_CONF.read_text(), listen, backends))
        user = "user root;\n" if os.geteuid() == 0 else ""  # workers would be nobody
        d = self.dir
        (d / "nginx.conf").write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {d}/nginx.pid;\n"
            f"error_log {d}/error.log warn;\nevents {{ worker_connections 512; }}\n"
            f"http {{\n  access_log {d}/access.log;\n  client_body_temp_path {d}/client;\n"
            f"  proxy_temp_path {d}/proxy;\n  fastcgi_temp_path {d}/fastcgi;\n"
            f"  uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n"
            f"  include {d}/forest-table.conf;\n}}\n")
        args = [self.binary, "-p", str(d), "-c", str(d / "nginx.conf"), "-e",
                str(d / "error.log")]
        check = subprocess.run([*args, "-t"], capture_output=True, text=True, timeout=30)
        assert check.returncode == 0, check.stderr
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        self.url = f"http://127.0.0.1:{listen}"
        wait_for("nginx up", lambda: httpx.get(self.url + "/healthz", timeout=2)
                 .status_code == 200, 30, self.log)

    def log(self) -> str:
        path = self.dir / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)


def haproxy_config(text: str, listen: int, backends: list[str]) -> str:
    """The committed configuration with this test's ports (and the answering backend in a
    header)."""
    servers = re.findall(r"(?m)^(\s*)server serve\d 127\.0\.0\.1:\d+$", text)
    assert len(servers) == 2, "the committed backend has two example servers"
    text = re.sub(r"(?m)^\s*server serve\d 127\.0\.0\.1:\d+\n?", "", text)
    text = text.rstrip("\n") + "\n" + "".join(
        f"    server serve{i} {b}\n" for i, b in enumerate(backends, 1))
    assert text.count("bind :8080") == 1
    text = text.replace("bind :8080", f"bind 127.0.0.1:{listen}")
    return text.replace("    balance roundrobin", "    balance roundrobin\n"
                        f"    http-response set-header {UPSTREAM} %si:%sp")


class Haproxy:
    def __init__(self, tmp: Path, listen: int, backends: list[str]) -> None:
        self.binary = binary("haproxy")
        self.dir = tmp / "haproxy"
        self.dir.mkdir(parents=True, exist_ok=True)
        (self.dir / "global.cfg").write_text("global\n    maxconn 2048\n")
        (self.dir / "forest-table.cfg").write_text(
            haproxy_config(HAPROXY_CONF.read_text(), listen, backends))
        args = [self.binary, "-f", str(self.dir / "global.cfg"), "-f",
                str(self.dir / "forest-table.cfg")]
        check = subprocess.run([*args, "-c"], capture_output=True, text=True, timeout=30)
        assert check.returncode == 0, check.stdout + check.stderr
        self.log_path = self.dir / "haproxy.log"
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen([*args, "-db"], stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        self.url = f"http://127.0.0.1:{listen}"
        wait_for("haproxy up", lambda: httpx.get(self.url + "/healthz", timeout=2)
                 .status_code == 200, 30, self.log)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    stop = Nginx.stop


BALANCERS = {"nginx": Nginx, "haproxy": Haproxy}


def answered_by(response: httpx.Response) -> str:
    """The backend that gave the answer (the last one nginx tried)."""
    return response.headers[UPSTREAM].split(",")[-1].strip()


# =========================================================================== the table


def prepare_table(env: dict[str, str], public: str, url: str) -> dict[str, Any]:
    """``tables new`` through the CLI (as an organiser would), then harvesters placed and
    the game started with its host link, so the phones open a sheet in play."""
    out = subprocess.run(
        [sys.executable, "-m", "app", "tables", "new", "forestry",
         *[a for name in PLAYERS for a in ("--player", name)], "--base-url", public,
         "--json"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    links = json.loads(out.stdout)
    assert links["host"].startswith(public + "/join/")
    from app.game.commands import StartGame
    from app.games.forestry.commands import SetHarvester
    from app.store.facade import Store
    from app.table.hub import TableHub

    store = Store.open(url)
    try:
        hub = TableHub(store)
        host = links["host"].rsplit("/", 1)[1]
        for seat in range(len(PLAYERS)):
            version = hub.snapshot(links["table"]).version
            answer = hub.submit(links["table"], host,
                                SetHarvester(version=version, player=seat, space=seat + 1))
            assert type(answer).__name__ == "Accepted", answer
        answer = hub.submit(links["table"], host,
                            StartGame(version=hub.snapshot(links["table"]).version))
        assert type(answer).__name__ == "Accepted", answer
    finally:
        store.engine.dispose()
    return links


def saved(url: str, table: int) -> tuple[int, Any]:
    """(the table's version in the database, who sent its last command)."""
    from app.store.facade import Store

    store = Store.open(url)
    try:
        snap = store.latest_state(game_id=table)
        last = store.load_log(game_id=table)[-1]
        assert snap is not None
        return int(snap.seq), last.payload.get("by")
    finally:
        store.engine.dispose()


# =========================================================================== phones


async def open_phone(base: str, seat: int, link: str, timeout: float = 120) -> Any:
    """A raw-protocol phone on ``link`` through the balancer at ``base``: ready (its sheet
    shown), with ``upstream`` the backend its websocket reached."""
    from benchmarks.bench_load import Phone

    phone = Phone(0, seat, link.rsplit("/", 1)[1])
    phone.task = asyncio.create_task(phone.run(base, lambda p, now: None))
    deadline = time.monotonic() + timeout
    while phone.ws is None:
        assert not phone.task.done(), phone.task.exception()
        assert time.monotonic() < deadline, "the websocket did not open"
        await asyncio.sleep(0.05)
    phone.upstream = phone.ws.response.headers[UPSTREAM].split(",")[-1].strip()
    await asyncio.wait_for(phone.ready.wait(), max(1.0, deadline - time.monotonic()))
    return phone


async def until(what: str, check: Any, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)


# =========================================================================== the test


@pytest.fixture(params=sorted(BALANCERS))
def stack(request: pytest.FixtureRequest, tmp_path: Path,
          pg_schema_url: str) -> Iterator[dict[str, Any]]:
    binary(request.param)  # skipped at once when it is not installed
    listen = free_port()
    public = f"http://127.0.0.1:{listen}"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "LANG", "LC_ALL",
                                                             "LC_MESSAGES")}
    env.update(DATABASE_URL=pg_schema_url, FLET_APP_STORAGE_DATA=str(tmp_path / "data"),
               PYTHONUNBUFFERED="1", FOREST_TABLE_NO_BROWSER="1")
    links = prepare_table(env, public, pg_schema_url)
    import sqlalchemy as sa

    pg = sa.make_url(pg_schema_url)
    wires = [Cuttable(pg.host or "127.0.0.1", pg.port or 5432) for _ in range(2)]
    # one data folder for both (one machine): they keep the same host link
    backends = [Serve(tmp_path, {**env, "DATABASE_URL": w.url(pg_schema_url)}, public)
                for w in wires]
    for b, w in zip(backends, wires, strict=True):
        b.wire = w
    started: list[Any] = [*wires, *backends]
    try:
        for b in backends:
            b.wait()
        balancer = BALANCERS[request.param](tmp_path, listen, [b.address for b in backends])
        started.append(balancer)
        yield {"links": links, "backends": backends, "balancer": balancer, "url": public,
               "db": pg_schema_url}
    finally:
        for p in reversed(started):
            p.stop()


def test_phones_through_the_balancer_reach_every_backend_and_one_down_is_skipped(
        stack: dict[str, Any]) -> None:
    url, links, balancer = stack["url"], stack["links"], stack["balancer"]
    a, b = stack["backends"]
    every = {a.address, b.address}
    for backend in (a, b):  # serve --base-url: its own links start with the balancer's
        assert re.search(rf"(?m)^  {re.escape(url)}/join/[A-Za-z0-9_-]{{32}}$", backend.log())
    with httpx.Client(timeout=30) as c:
        # the page, through the balancer, from every backend (no stickiness)
        pages = [c.get(url + "/") for _ in range(4)]
        assert all(r.status_code == 200 and "<html" in r.text.lower() for r in pages)
        assert {answered_by(r) for r in pages} == every
        # the probes, through it and straight at a backend with the balancer's own Host
        assert (c.get(url + "/healthz").text, c.get(url + "/readyz").text) == ("ok\n",
                                                                                "ready\n")
        for backend in (a, b):
            r = c.get(f"http://{backend.address}/readyz", headers={"Host": "lb.internal"})
            assert (r.status_code, r.text) == (200, "ready\n")
            r = c.get(f"http://{backend.address}/", headers={"Host": "lb.internal"})
            assert r.status_code == 400  # the app itself keeps its Host check
        assert c.get(url + "/", headers={"Host": "evil.example"}).status_code == 400

    async def phones() -> None:
        seats = links["seats"]
        first = await open_phone(url, 0, seats[0]["url"])
        held = [first]
        try:
            # more phones until one shares the first one's process and one is elsewhere
            same = None
            for k in range(10):
                seat = 1 + k % 3
                p = await open_phone(url, seat, seats[seat]["url"])
                held.append(p)
                if same is None and p.upstream == first.upstream:
                    same = p
                if same is not None and {q.upstream for q in held} == every:
                    break
            assert same is not None and {q.upstream for q in held} == every, \
                [q.upstream for q in held]
            version, _ = saved(stack["db"], links["table"])
            start = first.shown[0]
            assert start is not None and same.shown[0] == start
            await first.tap()
            await until("the tap on the tapper's phone", lambda: first.shown[0] == start + 1)
            await until("the tap on the other phone of its process",
                        lambda: same.shown[0] == start + 1)
            assert saved(stack["db"], links["table"]) == (version + 1, 0)  # saved, seat 1

            # the other backend cut from its database: up, not ready; haproxy, which
            # probes /readyz, sends it nothing more (open-source nginx does not probe)
            down = next(x for x in (a, b) if x.address != first.upstream)
            down.wire.cut()
            with httpx.Client(timeout=30) as c:
                direct = f"http://{down.address}"
                await until("not ready without its database", lambda: c.get(
                    direct + "/readyz").status_code == 503, 15)
                r = c.get(direct + "/readyz", headers={"Host": "lb.internal"})
                assert r.text.startswith("not ready: ") and "database" in r.text
                assert c.get(direct + "/healthz").text == "ok\n"  # still up
                if isinstance(balancer, Haproxy):
                    def only_ready() -> bool:
                        return {answered_by(c.get(url + "/")) for _ in range(4)} == {
                            first.upstream}
                    await until("haproxy routes around a backend that is not ready",
                                only_ready, 20)
                    fresh = [c.get(url + "/") for _ in range(6)]
                    assert {answered_by(r) for r in fresh} == {first.upstream}

            # then taken down: the balancer sends everything to the other
            down.stop()
            with httpx.Client(timeout=30) as c:
                for _ in range(6):
                    r = c.get(url + "/")
                    assert r.status_code == 200 and answered_by(r) == first.upstream
                r = c.get(url + "/readyz")
                assert (r.status_code, r.text, answered_by(r)) == (200, "ready\n",
                                                                   first.upstream)
            late = await open_phone(url, 2, seats[2]["url"])
            held.append(late)
            assert late.upstream == first.upstream
            assert late.shown[0] == start + 1  # the table as saved
            await first.tap()
            for p in (first, same, late):
                await until("the second tap on every phone of the running process",
                            lambda p=p: p.shown[0] == start + 2)
            assert saved(stack["db"], links["table"]) == (version + 2, 0)
            assert not [e for q in held for e in q.errors]
        finally:
            for p in held:
                p.task.cancel()
                await p.ws.close()

    asyncio.run(phones())
    for word in ("[emerg]", "[crit]", "[ALERT]"):
        assert word not in balancer.log()
    kept = next(x for x in (a, b) if x.proc.poll() is None)  # (the other was cut and
    # stopped: what it logged about its lost database is its business)
    assert "Traceback" not in kept.log(), kept.log()
