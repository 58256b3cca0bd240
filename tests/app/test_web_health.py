"""``/healthz`` and ``/readyz`` for a load balancer, and a phone's address behind a proxy.

Real HTTP and websockets against the web layer ``serve`` runs (in a thread, on 127.0.0.1,
with ``serve``'s uvicorn settings where it matters).
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from app.web import health
from app.web.forwarded import TrustedProxies, parse_proxy
from app.web.limits import ConnectionLimiter
from tests.app.web_server import PEERS as peer
from tests.app.web_server import register, running


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("FLET_SESSION_TIMEOUT", raising=False)
    monkeypatch.delenv("FOREST_TABLE_ALLOWED_HOSTS", raising=False)
    yield


def raw_get(url: str, path: str, host: str | None, method: str = "GET") -> tuple[int, bytes]:
    """A request with exactly this Host header (None: no Host at all, HTTP/1.0)."""
    port = int(url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        head = f"{method} {path} HTTP/1.0\r\n" if host is None else \
            f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
        s.sendall((head + "\r\n").encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, data.split(b"\r\n\r\n", 1)[1]


# --------------------------------------------------------------------------- /healthz


def test_healthz_answers_whatever_the_host_and_nothing_else_does(tmp_path: Path) -> None:
    with running(tmp_path) as (url, _client):
        for host in ("evil.example", "10.0.0.7:80", f"127.0.0.1:{url.rsplit(':', 1)[1]}", None):
            assert raw_get(url, "/healthz", host) == (200, b"ok\n"), host
            assert raw_get(url, "/healthz?probe=1", host) == (200, b"ok\n"), host
        assert raw_get(url, "/healthz", "evil.example", "HEAD") == (200, b"")
        assert raw_get(url, "/healthz", "evil.example", "POST")[0] == 405
        # everything else keeps the Host check (DNS rebinding)
        assert raw_get(url, "/", "evil.example")[0] == 400
        assert raw_get(url, "/healthzz", "evil.example")[0] == 400
        r = httpx.get(url + "/healthz", headers={"Host": "lb.internal"})
        assert r.headers["cache-control"] == "no-store"
        assert r.headers["content-type"] == "text/plain; charset=utf-8"


# --------------------------------------------------------------------------- /readyz


def test_readyz_is_ready_when_every_check_passes(tmp_path: Path) -> None:
    with running(tmp_path) as (url, _client):  # a server given no checks
        assert raw_get(url, "/readyz", "lb.internal") == (200, b"ready\n")
    ready = health.Readiness()
    with running(tmp_path, readiness=ready) as (url, _client):
        assert raw_get(url, "/readyz", "lb.internal") == (200, b"ready\n")
        ready.add("database", lambda: None)
        ready.add("notifications", lambda: True)
        assert raw_get(url, "/readyz", None) == (200, b"ready\n")
        ready.add("notifications", lambda: False)
        assert raw_get(url, "/readyz", "lb.internal") == (503, b"not ready: notifications\n")

        def broken() -> None:
            raise OSError("connection refused")

        ready.add("database", broken)
        assert raw_get(url, "/readyz", "lb.internal") == (
            503, b"not ready: database, notifications\n")
        ready.remove("notifications")
        ready.add("database", lambda: None)
        assert raw_get(url, "/readyz", "lb.internal") == (200, b"ready\n")


def test_readyz_answers_within_its_timeout_and_runs_one_check_at_a_time(
        tmp_path: Path) -> None:
    release = threading.Event()
    calls: list[float] = []

    def hanging() -> None:  # a database that does not answer
        calls.append(time.monotonic())
        release.wait(30)

    try:
        with running(tmp_path, readiness=health.Readiness({"database": hanging})) as (
                url, _client):
            t0 = time.monotonic()

            async def probes() -> list[tuple[int, bytes]]:
                return await asyncio.gather(*(asyncio.to_thread(
                    raw_get, url, "/readyz", "lb.internal") for _ in range(8)))

            answers = asyncio.run(probes())
            waited = time.monotonic() - t0
            assert answers == [(503, b"not ready: database\n")] * 8
            assert waited < health.READY_TIMEOUT + 3
            assert raw_get(url, "/readyz", "lb.internal")[0] == 503
            assert len(calls) == 1  # nine probes, one check still running
            assert raw_get(url, "/healthz", "lb.internal") == (200, b"ok\n")  # still up
            release.set()
            deadline = time.monotonic() + 10
            while raw_get(url, "/readyz", "lb.internal")[0] != 200:
                assert time.monotonic() < deadline
                time.sleep(0.1)
    finally:
        release.set()


def test_readyz_reuses_an_answer_for_a_second(tmp_path: Path) -> None:
    calls: list[int] = []
    ready = health.Readiness({"database": lambda: calls.append(1)})
    with running(tmp_path, readiness=ready) as (url, _client):
        with httpx.Client() as c:
            t0 = time.monotonic()
            for _ in range(30):
                assert c.get(url + "/readyz").status_code == 200
            elapsed = time.monotonic() - t0
    assert 1 <= len(calls) <= 2 + int(elapsed / health.READY_CACHE)


def test_the_database_check() -> None:
    import sqlalchemy as sa

    from app.store.engine import open_engine

    good = open_engine("sqlite://")
    health.database_check(good)()
    dead = sa.create_engine("postgresql+psycopg://u:p@127.0.0.1:1/none",
                            connect_args={"connect_timeout": 2})
    with pytest.raises(sa.exc.OperationalError):
        health.database_check(dead)()
    assert health.run_checks({"database": health.database_check(dead)}) == ["database"]
    assert health.run_checks({"database": health.database_check(good)}) == []


# --------------------------------------------------------------------------- X-Forwarded-For


def test_trusted_proxies_read_the_address_the_proxy_saw() -> None:
    none = TrustedProxies()
    assert not none and none.client("127.0.0.1", "10.1.2.3") == "127.0.0.1"
    p = TrustedProxies(["127.0.0.1", "10.0.0.0/24"])
    assert p.trusts("127.0.0.1") and p.trusts("10.0.0.9") and not p.trusts("10.0.1.9")
    assert p.trusts("::ffff:127.0.0.1")
    # the right-most entry the proxy added; a phone's own header text is left of it
    assert p.client("127.0.0.1", "10.1.2.3") == "10.1.2.3"
    assert p.client("127.0.0.1", "6.6.6.6, 10.1.2.3") == "10.1.2.3"
    assert p.client("127.0.0.1", "6.6.6.6,10.1.2.3, 10.0.0.4") == "10.1.2.3"  # two proxies
    assert p.client("127.0.0.1", "10.1.2.3:5555") == "10.1.2.3"
    assert p.client("127.0.0.1", "[2001:db8::7]:443") == "2001:db8::7"
    assert p.client("127.0.0.1", "") == "127.0.0.1"
    assert p.client("127.0.0.1", "6.6.6.6, not-an-address") == "127.0.0.1"
    assert p.client("10.0.1.9", "10.1.2.3") == "10.0.1.9"  # not a trusted peer: not read
    for bad in ("", "x", "10.0.0.0/33", "1.2.3.4 5"):
        with pytest.raises(ValueError):
            parse_proxy(bad)


async def _register_from(url: str, forwarded: str | None) -> tuple[str, str | None]:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    async with connect(url.replace("http://", "ws://") + "/ws", origin=url,  # type: ignore[arg-type]
                       additional_headers=headers) as ws:
        sid = await register(ws)
        await asyncio.sleep(0.2)
        return sid, peer.address_of(sid)


def test_the_header_is_read_from_a_trusted_proxy_only(tmp_path: Path) -> None:
    with running(tmp_path, serve_config=True) as (url, _client):
        # without --trusted-proxy nobody's header is read, loopback's neither (uvicorn's
        # own X-Forwarded-For handling trusted 127.0.0.1 by default)
        _sid, seen = asyncio.run(_register_from(url, "10.1.2.3"))
        assert seen == "127.0.0.1"
    with running(tmp_path, serve_config=True,
                 trusted_proxies=TrustedProxies(["127.0.0.1"])) as (url, _client):
        _sid, seen = asyncio.run(_register_from(url, "6.6.6.6, 10.1.2.3"))
        assert seen == "10.1.2.3"
        _sid, seen = asyncio.run(_register_from(url, None))
        assert seen == "127.0.0.1"


def test_sessions_are_capped_per_phone_behind_the_proxy(tmp_path: Path) -> None:
    from websockets.exceptions import ConnectionClosed

    async def phones(url: str, forwarded: list[str]) -> list[str]:
        held, out = [], []
        for f in forwarded:
            ws = await connect(url.replace("http://", "ws://") + "/ws", origin=url,  # type: ignore[arg-type]
                               additional_headers={"X-Forwarded-For": f})
            held.append(ws)
            try:
                # a player's tab (its token checked): never closed to make room
                peer.vouch(await register(ws))
                out.append("in")
            except ConnectionClosed as exc:
                out.append(f"closed {exc.rcvd.code if exc.rcvd else '?'}")
        for ws in held:
            await ws.close()
        return out

    with running(tmp_path, serve_config=True, sessions_per_address=2,
                 trusted_proxies=TrustedProxies(["127.0.0.1"])) as (url, _client):
        said = asyncio.run(phones(url, ["10.1.1.1", "10.1.1.1", "10.1.1.1", "10.2.2.2"]))
        assert said == ["in", "in", "closed 1008", "in"]


def test_a_trusted_proxy_is_capped_in_all_only(tmp_path: Path) -> None:
    def hold(url: str, n: int) -> list[int]:
        port = int(url.rsplit(":", 1)[1])
        socks, statuses = [], []
        for _ in range(n):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            socks.append(s)
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: lb\r\n\r\n")  # kept alive
            statuses.append(int(s.recv(65536).split(b" ", 2)[1]))
        for s in socks:
            s.close()
        return statuses

    with running(tmp_path, serve_config=True,
                 limiter=ConnectionLimiter(per_address=3)) as (url, _client):
        assert hold(url, 5) == [200, 200, 200, 503, 503]
    with running(tmp_path, serve_config=True, limiter=ConnectionLimiter(per_address=3),
                 trusted_proxies=TrustedProxies(["127.0.0.1"])) as (url, _client):
        assert hold(url, 5) == [200] * 5
    with running(tmp_path, serve_config=True, limiter=ConnectionLimiter(per_address=3, total=4),
                 trusted_proxies=TrustedProxies(["127.0.0.1"])) as (url, _client):
        assert hold(url, 5) == [200, 200, 200, 200, 503]


def test_a_websocket_through_a_proxy_outlives_the_header_deadline(tmp_path: Path) -> None:
    """The connection limiter keys a connection by its TCP peer: a forwarded address must
    not hide it (uvicorn's proxy headers did, and the socket was closed at the deadline)."""

    async def hold(url: str) -> bool:
        async with connect(url.replace("http://", "ws://") + "/ws", origin=url,  # type: ignore[arg-type]
                           additional_headers={"X-Forwarded-For": "10.1.2.3"}) as ws:
            await register(ws)
            await asyncio.sleep(2.5)
            pong = await ws.ping()
            await asyncio.wait_for(pong, 5)
            return True

    with running(tmp_path, serve_config=True, limiter=ConnectionLimiter(header_timeout=1.0),
                 trusted_proxies=TrustedProxies(["127.0.0.1"])) as (url, _client):
        assert asyncio.run(hold(url))


def test_serve_refuses_a_bad_base_url_or_proxy(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    for args, said in ((["--base-url", "ftp://tables.example"], "not http:// or https://"),
                       (["--base-url", "http://tables.example/forest"], "a path"),
                       (["--trusted-proxy", "10.0.0.300"], "not an IP address or network"),
                       (["--trusted-proxy", "proxy.example"], "not an IP address")):
        with pytest.raises(SystemExit) as exit_:
            main(["serve", "--no-browser", *args])
        assert exit_.value.code == 2
        assert said in capsys.readouterr().err
