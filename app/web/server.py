"""Build the ASGI app of ``forest-table serve`` and run it on a socket bound first.

:func:`build_app` stacks our layers on flet-web's app (``flet_web.fastapi.app``,
which gives ``/ws`` and runs the sessions)::

    uvicorn (connection caps, header deadline: app/web/limits.py)
      -> HeaderDeadline -> ForwardedFor (the phone's address behind a trusted proxy)
      -> Probes (/healthz, /readyz: any Host) -> SameOrigin (Host, Origin, CSP, headers)
      -> Budget (sizes, rates, one handler at a time per websocket: app/web/budget.py)
      -> TapIds (each tap once, acknowledged once handled; its text frames taken out first)
      -> SessionGuard (peer, session cap, frame checks)
      -> WebClient (the client's files, compressed and cached) -> flet-web

:func:`bind` binds the listening socket itself, so a busy port or an address that
is not this machine's is one clear line (:class:`BindError`), not a traceback;
:func:`run` serves until SIGINT/SIGTERM and is gone within :data:`STOP_DEADLINE`
seconds of it whatever is open: the tabs are told first (``on_stop``), connections
get :data:`GRACEFUL_STOP` seconds, then whatever still runs is cancelled, and a
watchdog ends the process at the deadline if anything still holds it (a thread in
the database, an interpreter stuck on a lock).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.types import ASGIApp

from app.peer import Peers
from app.web.budget import MAX_MESSAGE, Budget, install_gate_hook
from app.web.forwarded import ForwardedFor, TrustedProxies
from app.web.health import Probes, Readiness
from app.web.limits import (
    KEEP_ALIVE,
    MAX_HEAD,
    ConnectionLimiter,
    HeaderDeadline,
    guarded_protocols,
    players_of,
)
from app.web.messages import WebCode, say
from app.web.security import HostPolicy, SameOrigin
from app.web.sessions import (
    DEFAULT_CAP,
    SessionGuard,
    SessionRegistry,
    install_event_checks,
    quiet_closed_sends,
    quiet_frame_errors,
)
from app.web.static import APP_DESCRIPTION, APP_NAME, WebClient
from app.web.taps import TapIds, install_handled_hook
from app.web.transfers import TransferRoutes

log = logging.getLogger(__name__)

#: seconds from SIGTERM/SIGINT to the process being gone, whatever is open
STOP_DEADLINE = 4.5
#: of which open connections and sessions get this long to finish
GRACEFUL_STOP = 2
#: of which the tabs get this long to be told that the server stops
ANNOUNCE_STOP = 1.0
#: connections the kernel queues for accepting (the listening socket's backlog)
LISTEN_BACKLOG = 2048
#: connections accepted in one go (asyncio takes up to the server's ``backlog`` per turn
#: of the loop, each a descriptor before any protocol may close it: 2048 at once would
#: exhaust a 1024 limit before the caps can act)
ACCEPT_BATCH = 64


class BindError(Exception):
    """The server could not listen where it was asked (the message is one line)."""


class _QuietRefusals(logging.Filter):
    """uvicorn logs an error when a websocket is answered with a plain HTTP refusal
    (the Host/Origin checks): that is our decision, already logged in one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "returned without completing handshake" not in record.getMessage()


def _uploads(upload_dir: Path | None, max_size: int | None) -> dict[str, Any]:
    """Flet's upload endpoint (``PUT /upload``, signed URLs) into ``upload_dir``."""
    if upload_dir is None or not os.environ.get("FLET_SECRET_KEY"):
        return {}
    return {"upload_dir": str(upload_dir), "max_upload_size": max_size,
            "secret_key": os.environ["FLET_SECRET_KEY"]}


def build_app(main: Callable[..., Any], *, assets_dir: Path, port: int,
              host: str | None = None, session_timeout: int = 3600,
              sessions_per_address: int | None = None, cap_loopback: bool = True,
              cache_dir: Path | None = None, compress_in_background: bool = True,
              limiter: ConnectionLimiter | None = None,
              trusted_proxies: TrustedProxies | None = None,
              public_hosts: tuple[str, ...] = (),
              upload_dir: Path | None = None, max_upload_size: int | None = None,
              readiness: Readiness | None = None, peers: Peers | None = None,
              ) -> tuple[ASGIApp, WebClient]:
    """The whole web app for ``main`` (a Flet entry point) served on ``port``.

    The app's ``limiter`` attribute is the :class:`ConnectionLimiter` :func:`run` gives
    uvicorn's protocols (default: from the environment, :meth:`ConnectionLimiter.from_env`).
    ``trusted_proxies``: whose ``X-Forwarded-For`` is read (:mod:`app.web.forwarded`);
    ``public_hosts``: more ``Host`` values to accept (``name`` or ``name:port``: the
    address phones reach the server at through a proxy, ``serve --base-url``).
    ``upload_dir``: where ``ft.FilePicker`` uploads land (signed URLs, ``FLET_SECRET_KEY``),
    each at most ``max_upload_size`` bytes; None: no upload endpoint. ``readiness``: what
    ``/readyz`` checks (default: nothing, always ready). ``peers``: the server's
    connections (:class:`app.peer.Peers`), which its tabs read (default: a new one).
    """
    import flet_web.fastapi as flet_fastapi
    from flet.controls.types import RouteUrlStrategy, WebRenderer

    uvicorn_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _QuietRefusals) for f in uvicorn_log.filters):
        uvicorn_log.addFilter(_QuietRefusals())
    quiet_frame_errors()
    quiet_closed_sends()

    flet = flet_fastapi.app(
        main,
        assets_dir=str(assets_dir),
        app_name=APP_NAME,
        app_description=APP_DESCRIPTION,
        web_renderer=WebRenderer.AUTO,
        route_url_strategy=RouteUrlStrategy.PATH,
        no_cdn=True,
        session_timeout_seconds=session_timeout,
        **_uploads(upload_dir, max_upload_size),
    )
    client = WebClient(flet, assets_dir, cache_dir=cache_dir,
                       compress_in_background=compress_in_background)
    if sessions_per_address is None:
        sessions_per_address = int(os.environ.get("FOREST_TABLE_SESSIONS_PER_ADDRESS",
                                                  DEFAULT_CAP))
    peers = peers if peers is not None else Peers()
    registry = SessionRegistry(sessions_per_address, session_timeout, cap_loopback, peers)
    # TapIds outside: the page's text frames are taken out before the frame checks; a tap
    # is acknowledged once Flet has handled it (its handler finished: saved)
    install_handled_hook()
    install_gate_hook()
    install_event_checks()
    guarded = Budget(TapIds(SessionGuard(client, registry), peers=peers))
    limiter = limiter if limiter is not None else ConnectionLimiter.from_env()
    if limiter.players is None:
        limiter.players = players_of(peers)
    proxies = trusted_proxies if trusted_proxies is not None else TrustedProxies()
    if proxies and limiter.uncapped is None:
        limiter.uncapped = proxies.trusts
    # one-time addresses of an import's upload and an export's download (issue 34)
    same_origin = SameOrigin(TransferRoutes(guarded), HostPolicy(port, host, public_hosts),
                             client.inline_hashes())
    app = HeaderDeadline(ForwardedFor(Probes(same_origin, readiness), proxies), limiter)
    return app, client


def bind(host: str | None, port: int) -> socket.socket:
    """A listening TCP socket on ``host`` (all IPv4 interfaces when None) and ``port``."""
    addr = host if host not in (None, "", "*") else "0.0.0.0"
    try:
        infos = socket.getaddrinfo(addr, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise BindError(say(WebCode.CANNOT_LISTEN, host=addr, port=str(port),
                            reason=e.strerror or "unknown address")) from None
    family, _, _, _, sockaddr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(sockaddr)
        sock.listen(LISTEN_BACKLOG)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise BindError(say(WebCode.PORT_IN_USE, port=str(port), host=addr)) from None
        if e.errno == errno.EADDRNOTAVAIL:
            raise BindError(say(WebCode.ADDRESS_NOT_OURS, host=addr)) from None
        if e.errno == errno.EACCES:
            raise BindError(say(WebCode.PORT_FORBIDDEN, port=str(port))) from None
        raise BindError(say(WebCode.CANNOT_LISTEN, host=addr, port=str(port),
                            reason=e.strerror or str(e))) from None
    sock.set_inheritable(True)
    return sock


def config(app: ASGIApp, log_level: str = "warning") -> Any:
    """uvicorn's settings for ``app``: our guarded protocols (when ``app`` has a limiter),
    websockets' sans-I/O implementation, the keep-alive and stop timeouts."""
    import uvicorn

    limiter = getattr(app, "limiter", None)
    http: Any = "auto"
    ws: Any = "websockets-sansio"
    if isinstance(limiter, ConnectionLimiter):
        http, ws = guarded_protocols(limiter)
    # proxy_headers off: uvicorn would take X-Forwarded-For from any loopback peer (its
    # default FORWARDED_ALLOW_IPS); only app.web.forwarded reads it, from trusted proxies
    return uvicorn.Config(app, http=http, ws=ws, log_level=log_level, access_log=False,
                          proxy_headers=False,
                          lifespan="on", timeout_keep_alive=KEEP_ALIVE,
                          timeout_graceful_shutdown=GRACEFUL_STOP,
                          ws_max_size=MAX_MESSAGE, backlog=ACCEPT_BATCH,
                          h11_max_incomplete_event_size=MAX_HEAD)


def _hard_exit(deadline: float) -> None:
    """The watchdog: the process ends at ``deadline`` (monotonic) if it is still here."""
    time.sleep(max(0.0, deadline - time.monotonic()))
    try:
        sys.stderr.write("forest-table serve: stopped (not everything had finished)\n")
        sys.stderr.flush()
    finally:
        os._exit(0)


def _server_class() -> type[Any]:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server with a stop that keeps to :data:`STOP_DEADLINE`."""

        on_stop: Callable[[], Awaitable[Any]] | None = None
        _watchdog: threading.Thread | None = None

        def handle_exit(self, sig: int, frame: Any) -> None:
            if self._watchdog is None:
                self._watchdog = threading.Thread(
                    target=_hard_exit, args=(time.monotonic() + STOP_DEADLINE,),
                    name="forest-table-stop", daemon=True)
                self._watchdog.start()
            elif sig == signal.SIGTERM:  # a second SIGTERM: do not wait for anything
                self.force_exit = True
            super().handle_exit(sig, frame)

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            for sock in sockets or []:  # asyncio listened with the batch: queue more
                try:
                    sock.listen(LISTEN_BACKLOG)
                except OSError:
                    pass

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            if self.on_stop is not None:
                try:
                    await asyncio.wait_for(self.on_stop(), ANNOUNCE_STOP)
                except Exception:  # boundary: best effort; the server stops anyway
                    log.debug("telling the tabs of the stop failed", exc_info=True)
            await super().shutdown(sockets)

    return Server


def run(app: ASGIApp, sock: socket.socket,
        on_stop: Callable[[], Awaitable[Any]] | None = None) -> None:
    """Serve ``app`` on ``sock`` until interrupted (uvicorn, flet-web's websocket impl).

    ``on_stop``: awaited first when a stop is asked for (at most :data:`ANNOUNCE_STOP` s).
    """
    level = logging.getLogger("flet").getEffectiveLevel()
    log_level = "warning" if level in (logging.NOTSET, logging.CRITICAL) else \
        logging.getLevelName(level).lower()
    server = _server_class()(config(app, log_level))
    server.on_stop = on_stop
    try:
        asyncio.run(server.serve(sockets=[sock]))
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
