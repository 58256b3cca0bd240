"""Same-origin only, over real HTTP and websockets: Host, Origin, headers, peers, the cap."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from app.web.security import HostPolicy, split_host
from tests.app.web_server import PEERS as peer
from tests.app.web_server import SEEN_SESSIONS, free_port, register, register_frame, running

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_env_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    # FletApp reads FLET_SESSION_TIMEOUT over what it is given
    monkeypatch.delenv("FLET_SESSION_TIMEOUT", raising=False)
    monkeypatch.delenv("FOREST_TABLE_ALLOWED_HOSTS", raising=False)


def ws_url(url: str) -> str:
    return url.replace("http://", "ws://") + "/ws"


def test_split_host() -> None:
    assert split_host("192.168.1.20:8550") == ("192.168.1.20", 8550)
    assert split_host("[::1]:80") == ("::1", 80)
    assert split_host("LOCALHOST") == ("localhost", None)
    for bad in ("", "a b:1", "x:0", "x:99999", "::1", "evil/x", "u@h", "[::1"):
        assert split_host(bad) is None, bad


def test_host_policy_names_the_machines_own_addresses() -> None:
    p = HostPolicy(8550, "0.0.0.0")
    for good in ("127.0.0.1:8550", "127.0.0.2:8550", "localhost:8550", "[::1]:8550"):
        assert p.host_ok(good), good
    for bad in ("evil.example:8550", "127.0.0.1:8551", "127.0.0.1", "8.8.8.8:8550",
                "0.0.0.0:8550", "", "192.0.2.7:8550"):
        assert not p.host_ok(bad), bad
    assert HostPolicy(80).host_ok("localhost")  # the default port may be left out
    assert HostPolicy(8550, extra=["table.example"]).host_ok("table.example")
    assert HostPolicy(8550).origin_ok("http://127.0.0.1:8550", "127.0.0.1:8550")
    assert HostPolicy(8550).origin_ok("https://table.example", "table.example")
    assert not HostPolicy(8550).origin_ok("http://evil.example", "127.0.0.1:8550")
    assert not HostPolicy(8550).origin_ok("http://127.0.0.1:9999", "127.0.0.1:8550")
    assert not HostPolicy(8550).origin_ok("null", "127.0.0.1:8550")
    assert not HostPolicy(8550).origin_ok("", "127.0.0.1:8550")


def test_unknown_host_is_refused_and_headers_are_strict(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FOREST_TABLE_ALLOWED_HOSTS", "table.example")
    with running(tmp_path) as (url, client):
        port = url.rsplit(":", 1)[1]
        with httpx.Client(base_url=url) as c:
            for host in ("evil.example", f"evil.example:{port}", "127.0.0.1:1"):
                r = c.get("/", headers={"Host": host})
                assert r.status_code == 400 and "Unknown host" in r.text, host
            for host in (f"127.0.0.1:{port}", f"localhost:{port}", "table.example"):
                assert c.get("/", headers={"Host": host}).status_code == 200, host
            for path in ("/", client.prefix + "flutter_bootstrap.js", "/manifest.json",
                         "/upload", "/no-such.js"):
                r = c.get(path)
                assert "access-control-allow-origin" not in r.headers, path
                csp = r.headers["content-security-policy"]
                assert "default-src 'self'" in csp and "frame-ancestors 'self'" in csp
                assert "'wasm-unsafe-eval'" in csp and "unsafe-eval'" not in csp.replace(
                    "'wasm-unsafe-eval'", "")
                assert "script-src 'self' 'wasm-unsafe-eval' 'sha256-" in csp
                assert "*" not in csp
                assert r.headers["x-content-type-options"] == "nosniff"
                assert r.headers["referrer-policy"] == "no-referrer"
                assert r.headers["cross-origin-opener-policy"] == "same-origin"


def test_inline_scripts_of_the_page_are_allowed_by_hash(tmp_path: Path) -> None:
    import base64
    import hashlib
    import re

    with running(tmp_path) as (url, client), httpx.Client(base_url=url) as c:
        r = c.get("/")
        csp = r.headers["content-security-policy"]
        scripts = re.findall(r"<script>(.*?)</script>", r.text, flags=re.S)
        assert len(scripts) >= 2  # flet-web's config, the WebKit reload
        for body in scripts:
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in csp


def test_foreign_or_missing_origin_websocket_is_refused(tmp_path: Path) -> None:
    async def go(url: str) -> None:
        port = url.rsplit(":", 1)[1]
        for origin in ("http://evil.example", f"http://evil.example:{port}",
                       "http://127.0.0.1:1", "null", None):
            with pytest.raises(InvalidStatus) as e:
                async with connect(ws_url(url), origin=origin):  # type: ignore[arg-type]
                    pass
            assert e.value.response.status_code == 403, origin
        with pytest.raises(InvalidStatus) as e:
            async with connect(ws_url(url), origin=url,
                               additional_headers={"Host": "evil.example"}):
                pass
        assert e.value.response.status_code == 403
        # the server's own origin: a session starts
        async with connect(ws_url(url), origin=url) as ws:
            assert await register(ws)

    with running(tmp_path) as (url, _):
        asyncio.run(go(url))


def test_peer_address_is_captured_server_side(tmp_path: Path) -> None:
    async def go(url: str) -> None:
        async with connect(ws_url(url), origin=url) as ws:
            sid = await register(ws)
            assert peer.address_of(sid) == "127.0.0.1"
        for _ in range(100):
            if peer.address_of(sid) is None:
                break
            await asyncio.sleep(0.02)
        assert peer.address_of(sid) is None  # forgotten when the socket closed

    with running(tmp_path) as (url, _):
        asyncio.run(go(url))


async def refused(url: str) -> None:
    """A websocket the server closes at once with 1008 and the cap's reason."""
    from websockets.exceptions import ConnectionClosed

    async with connect(ws_url(url), origin=url) as ws:
        await ws.send(register_frame())
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 10)
        assert ws.close_code == 1008
        assert "Too many sessions from this address" in (ws.close_reason or "")


def test_sessions_per_address_cap(tmp_path: Path) -> None:
    async def go(url: str) -> None:
        open_ = []
        sids = []
        for _ in range(2):
            ws = await connect(ws_url(url), origin=url)
            open_.append(ws)
            sids.append(await register(ws))
        for sid in sids:  # both tabs showed a valid token (the tab's gate): players' tabs
            peer.vouch(sid)  # are never closed to make room (an unvouched one would be)
        await refused(url)
        assert len(SEEN_SESSIONS) == 2  # no session was made for the refused one
        # the server is fine: the sessions it holds still work
        await open_[0].ping()
        # a tab that went away keeps its place: it may come back to it...
        await open_[1].close()
        await asyncio.sleep(0.1)
        async with connect(ws_url(url), origin=url) as ws:
            assert await register(ws, sids[1]) == sids[1]
        await asyncio.sleep(0.1)
        # ... until a new tab from that address needs the place (issue 27: tabs opened
        # and closed never lock out a valid seat): then the oldest kept one goes
        async with connect(ws_url(url), origin=url) as ws:
            third = await register(ws)
        assert third not in sids and len(SEEN_SESSIONS) == 3
        await asyncio.sleep(0.1)
        async with connect(ws_url(url), origin=url) as ws:  # evicted: a fresh session
            assert await register(ws, sids[1]) not in (*sids, third)
        await asyncio.sleep(1.3)
        async with connect(ws_url(url), origin=url) as ws:
            assert await register(ws) not in sids
        await open_[0].close()

    SEEN_SESSIONS.clear()
    with running(tmp_path, sessions_per_address=2, cap_loopback=True,
                 session_timeout=1) as (url, _):
        asyncio.run(go(url))


def test_a_reconnect_keeps_its_session(tmp_path: Path) -> None:
    async def go(url: str) -> None:
        async with connect(ws_url(url), origin=url) as ws:
            sid = await register(ws)
        await asyncio.sleep(0.2)
        async with connect(ws_url(url), origin=url) as ws:  # at the cap of 1: resumes
            assert await register(ws, sid) == sid
            assert peer.address_of(sid) == "127.0.0.1"

    with running(tmp_path, sessions_per_address=1, cap_loopback=True,
                 session_timeout=60) as (url, _):
        asyncio.run(go(url))


def test_serve_on_a_busy_port_is_one_line(tmp_path: Path) -> None:
    import socket

    port = free_port()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", port))
        busy.listen(1)
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        env.update(FLET_APP_STORAGE_DATA=str(tmp_path), FOREST_TABLE_CACHE_DIR=str(tmp_path))
        t0 = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--no-qr"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"port {port}" in lines[0] and "already in use" in lines[0]
    assert time.monotonic() - t0 < 60
