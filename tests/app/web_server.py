"""A real app/web server on 127.0.0.1 and a free port, in a thread, for the protocol tests.

The app is a small Flet ``main`` (a text and the session id it runs in); the web
layer is the one ``forest-table serve`` runs (:func:`app.web.server.build_app`)
with a compressed-variants cache in a temporary directory.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgpack

from app.peer import Peers

ASSETS = Path(__file__).resolve().parents[2] / "assets"
#: the test servers' connections (every server :func:`running` starts keeps them here,
#: unless given its own ``peers``): what a test reads of the server it started
PEERS = Peers()
SEEN_SESSIONS: list[str] = []


def hello(page: Any) -> None:
    import flet as ft

    SEEN_SESSIONS.append(page.session.id)
    page.add(ft.Text("Hello from the test server"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running(tmp: Path, main: Any = None, *, serve_config: bool = False,
            **options: Any) -> Iterator[tuple[str, Any]]:
    """Serve ``main`` (default :func:`hello`) on a free port; yield (base URL, the
    WebClient). ``serve_config``: with the uvicorn settings ``serve`` uses
    (:func:`app.web.server.config`: the connection caps below HTTP, no uvicorn proxy
    headers)."""
    import uvicorn

    from app.web import server as web

    port = free_port()
    sock = web.bind("127.0.0.1", port)
    options.setdefault("compress_in_background", False)
    options.setdefault("peers", PEERS)
    app, client = web.build_app(main or hello, assets_dir=ASSETS, port=port, host="127.0.0.1",
                                cache_dir=tmp / "cache", **options)
    # uvicorn configures its loggers (uvicorn.access stops propagating): put them back
    # afterwards, so a later test that reads the log in-process sees their records
    kept = {name: (lg.level, lg.propagate, list(lg.handlers)) for name in
            ("uvicorn", "uvicorn.error", "uvicorn.access")
            for lg in (logging.getLogger(name),)}
    config = web.config(app, "error") if serve_config else uvicorn.Config(
        app, ws="websockets-sansio", log_level="error", lifespan="on", proxy_headers=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])),
                              daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}", client
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
        for name, (level, propagate, handlers) in kept.items():
            lg = logging.getLogger(name)
            lg.setLevel(level)
            lg.propagate = propagate
            lg.handlers[:] = handlers


def register_frame(session_id: str = "") -> bytes:
    """The client's REGISTER_CLIENT message, as the Flutter client sends it."""
    body = {"session_id": session_id, "page_name": "",
            "page": {"route": "/", "width": 390, "height": 844, "platform": "android"}}
    return b"\x00" + msgpack.packb([1, body])


async def register(ws: Any, session_id: str = "") -> str:
    """Register on an open websocket; return the session id the server answered with."""
    await ws.send(register_frame(session_id))
    frame = await asyncio.wait_for(ws.recv(), 10)
    action, body = msgpack.unpackb(frame[1:], strict_map_key=False)[:2]
    assert action == 1
    return str(body["session_id"])


def fill_disk(path: Path) -> None:
    """Write ``path`` until its disk is full, to the last byte (a small tmpfs)."""
    import os

    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError:
                pass
    finally:
        os.close(fd)
