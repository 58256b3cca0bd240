"""``/healthz`` and ``/readyz``: what a load balancer asks a ``forest-table serve`` process.

- ``GET /healthz`` (or ``HEAD``): ``200 ok`` while the process serves requests. Nothing
  else is looked at (no database, no lock): a process that answers it is up.
- ``GET /readyz``: ``200 ready`` when every readiness check passes within
  :data:`READY_TIMEOUT` seconds, else ``503 not ready: <the checks that failed>``. A
  balancer that probes it (haproxy ``option httpchk GET /readyz``, a cloud balancer, a
  Kubernetes ``readinessProbe``) sends phones only to processes that can save a tap.

**Readiness checks** belong to the server: a :class:`Readiness` (checks by name, each a
callable that returns ``None``/``True`` when ready, ``False`` or raises when not) given to
:func:`app.web.server.build_app`. ``forest-table serve`` gives ``database`` (``SELECT 1``
on its engine) and ``notifications`` (the cross-process notifications of issue 24 are
heard). The
checks run off the event loop on a thread of their own, one run at a time: a probe
that comes while a run is on waits for that run, and a result is reused for
:data:`READY_CACHE` seconds, so any number of balancers probing costs at most one
database round trip per :data:`READY_CACHE` seconds. A check still running at the
timeout counts as failed (a database that does not answer is not ready); it is not
started again until it has returned.

**Any Host.** Both paths are answered before the Host check
(:class:`app.web.security.SameOrigin`): a balancer probes with its own Host header (or
an address, or none). They return nothing a page on another site could use: a word,
the names of the failed checks, no data of any table. Only ``GET`` and ``HEAD``;
``no-store``. Connections count against the same caps as any other
(:mod:`app.web.limits`); behind a proxy given with ``serve --trusted-proxy`` its
connections are not capped per address, so probing never runs into the cap.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

log = logging.getLogger(__name__)

HEALTH_PATH = "/healthz"
READY_PATH = "/readyz"
#: seconds a ``/readyz`` waits for its checks
READY_TIMEOUT = 2.0
#: seconds a readiness result is reused
READY_CACHE = 1.0

#: a readiness check: None or True when ready; False or an exception when not
Check = Callable[[], Any]

def run_checks(checks: dict[str, Check]) -> list[str]:
    """Run ``checks`` (this thread); the names of the ones that failed."""
    failed = []
    for name, check in checks.items():
        try:
            ok = check()
        except Exception as exc:  # boundary: a readiness check answers False, never raises
            log.warning("readiness check %s failed: %s", name, type(exc).__name__)
            ok = False
        if ok is False:
            failed.append(name)
    return failed


class Readiness:
    """A server's readiness checks by name (``/readyz`` answers ready only while each
    passes), their last answer, and the run in flight (at most one at a time).
    Thread-safe: checks may be added or replaced while the server runs."""

    def __init__(self, checks: Mapping[str, Check] | None = None) -> None:
        self._checks: dict[str, Check] = dict(checks or {})
        self._running: concurrent.futures.Future[list[str]] | None = None
        self._names: tuple[str, ...] = ()
        self._answer: tuple[float, list[str]] | None = None
        self._lock = threading.Lock()

    def add(self, name: str, check: Check) -> None:
        """``check`` under ``name`` (replacing one of the same name)."""
        with self._lock:
            self._checks[name] = check
            self._answer = None

    def remove(self, name: str) -> None:
        with self._lock:
            self._checks.pop(name, None)
            self._answer = None

    def checks(self) -> dict[str, Check]:
        """The checks by name (a copy)."""
        with self._lock:
            return dict(self._checks)

    def _start(self) -> tuple[concurrent.futures.Future[list[str]], tuple[str, ...]]:
        with self._lock:
            if self._running is None or self._running.done():
                checks = dict(self._checks)
                future: concurrent.futures.Future[list[str]] = concurrent.futures.Future()

                def run() -> None:
                    try:
                        future.set_result(run_checks(checks))
                    except BaseException as exc:  # boundary: to its future  # pragma: no cover
                        future.set_exception(exc)

                # a daemon thread: a check stuck on a database that never answers does
                # not keep the process from ending
                threading.Thread(target=run, name="forest-table-readyz", daemon=True).start()
                self._running = future
                self._names = tuple(checks)
            return self._running, self._names

    async def failed(self, timeout: float = READY_TIMEOUT) -> list[str]:
        """The names of the checks that fail now (``[]``: ready)."""
        now = time.monotonic()
        with self._lock:
            answer = self._answer
        if answer is not None and now - answer[0] < READY_CACHE:
            return answer[1]
        future, names = self._start()
        try:
            failed = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)),
                                            timeout)
        except TimeoutError:
            return list(names) or ["timeout"]
        with self._lock:
            self._answer = (time.monotonic(), failed)
        return failed


async def _answer(send: Send, status: int, text: str, head_only: bool,
                  extra: tuple[tuple[bytes, bytes], ...] = ()) -> None:
    body = (text + "\n").encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"), (b"x-content-type-options", b"nosniff"), *extra]})
    await send({"type": "http.response.body", "body": b"" if head_only else body})


class Probes:
    """ASGI middleware: ``/healthz`` and ``/readyz`` answered here, whatever the Host."""

    def __init__(self, app: ASGIApp, readiness: Readiness | None = None) -> None:
        self.app = app
        self.readiness = readiness if readiness is not None else Readiness()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path") if scope["type"] == "http" else None
        if path not in (HEALTH_PATH, READY_PATH):
            await self.app(scope, receive, send)
            return
        method = scope.get("method", "GET")
        head = method == "HEAD"
        if method not in ("GET", "HEAD"):
            await _answer(send, 405, "method not allowed", head,
                          ((b"allow", b"GET, HEAD"),))
            return
        if path == HEALTH_PATH:
            await _answer(send, 200, "ok", head)
            return
        failed = await self.readiness.failed()
        if failed:
            await _answer(send, 503, "not ready: " + ", ".join(failed), head)
        else:
            await _answer(send, 200, "ready", head)


def database_check(engine: Any) -> Check:
    """A readiness check: ``SELECT 1`` on ``engine`` (a connection from its pool)."""

    def check() -> None:
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")

    return check
