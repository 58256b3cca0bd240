"""Build the ASGI app of ``forest-table serve`` and run it on a socket bound first.

:func:`build_app` stacks our layers on flet-web's app (``flet_web.fastapi.app``,
which gives ``/ws`` and runs the sessions)::

    uvicorn -> SameOrigin (Host, Origin, CSP, headers) -> SessionGuard (peer, cap)
            -> WebClient (the client's files, compressed and cached) -> flet-web

:func:`run` binds the listening socket itself, so a busy port or an address that
is not this machine's is one clear line (:class:`BindError`), not a traceback,
then serves until SIGINT/SIGTERM.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.types import ASGIApp

from app.web.messages import WebCode, say
from app.web.security import HostPolicy, SameOrigin
from app.web.sessions import DEFAULT_CAP, SessionGuard, SessionRegistry
from app.web.static import APP_DESCRIPTION, APP_NAME, WebClient

log = logging.getLogger(__name__)


class BindError(Exception):
    """The server could not listen where it was asked (the message is one line)."""


class _QuietRefusals(logging.Filter):
    """uvicorn logs an error when a websocket is answered with a plain HTTP refusal
    (the Host/Origin checks): that is our decision, already logged in one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "returned without completing handshake" not in record.getMessage()


def build_app(main: Callable[..., Any], *, assets_dir: Path, port: int,
              host: str | None = None, session_timeout: int = 3600,
              sessions_per_address: int | None = None, cap_loopback: bool = False,
              cache_dir: Path | None = None, compress_in_background: bool = True,
              ) -> tuple[ASGIApp, WebClient]:
    """The whole web app for ``main`` (a Flet entry point) served on ``port``."""
    import flet_web.fastapi as flet_fastapi
    from flet.controls.types import RouteUrlStrategy, WebRenderer

    uvicorn_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _QuietRefusals) for f in uvicorn_log.filters):
        uvicorn_log.addFilter(_QuietRefusals())

    flet = flet_fastapi.app(
        main,
        assets_dir=str(assets_dir),
        app_name=APP_NAME,
        app_description=APP_DESCRIPTION,
        web_renderer=WebRenderer.AUTO,
        route_url_strategy=RouteUrlStrategy.PATH,
        no_cdn=True,
        session_timeout_seconds=session_timeout,
    )
    client = WebClient(flet, assets_dir, cache_dir=cache_dir,
                       compress_in_background=compress_in_background)
    if sessions_per_address is None:
        sessions_per_address = int(os.environ.get("FOREST_TABLE_SESSIONS_PER_ADDRESS",
                                                  DEFAULT_CAP))
    registry = SessionRegistry(sessions_per_address, session_timeout, cap_loopback)
    guarded = SessionGuard(client, registry)
    app = SameOrigin(guarded, HostPolicy(port, host), client.inline_hashes())
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
        sock.listen(2048)
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


def run(app: ASGIApp, sock: socket.socket) -> None:
    """Serve ``app`` on ``sock`` until interrupted (uvicorn, flet-web's websocket impl)."""
    import uvicorn

    level = logging.getLogger("flet").getEffectiveLevel()
    log_level = "warning" if level in (logging.NOTSET, logging.CRITICAL) else \
        logging.getLevelName(level).lower()
    config = uvicorn.Config(app, ws="websockets-sansio", log_level=log_level,
                            access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    try:
        asyncio.run(server.serve(sockets=[sock]))
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
