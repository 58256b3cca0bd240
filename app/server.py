"""LAN table server: binding, the host link with the LAN address, QR on the terminal.

``forest-table serve`` opens the database (migrating it), resumes every open
table (:meth:`app.table.TableHub.resume`), issues a server host token and
prints its link and QR code, then serves table mode
(:func:`app.ui.screens.table_view.main`) to browsers on the LAN, offline.
See docs/table-mode.md.
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"

#: A tab that went away keeps its session (and seat view) this long, in seconds; a
#: phone back later gets a fresh session and finds its seat again from its stored token.
SESSION_TIMEOUT = 900

#: The URL phones reach this server at (set by :func:`serve`; used for the join links).
BASE_URL = ""


def lan_address() -> str:
    """The address phones on the same network reach this machine at.

    Asks the OS which interface would route to a LAN address (a UDP socket
    that sends nothing); falls back to the host name, then to loopback.
    """
    for probe in ("10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 1))  # no packet is sent for UDP connect
                addr = str(s.getsockname()[0])
                if not addr.startswith("127.") and addr != "0.0.0.0":
                    return addr
        except OSError:
            continue
    try:
        addr = socket.gethostbyname(socket.gethostname())
        if not addr.startswith("127."):
            return addr
    except OSError:
        pass
    return "127.0.0.1"


def join_url(host: str | None, port: int) -> str:
    shown = host if host and host not in ("0.0.0.0", "::") else lan_address()
    return f"http://{shown}:{port}/"


def print_join(url: str, show_qr: bool = True) -> None:
    """Print the host link (and its QR code): whoever opens it hosts every table."""
    print(f"Forest Table is serving at {url.split('/join/')[0]}/")
    print("Host link (keep it to yourself; players join with the seat QR codes it shows):")
    print(f"  {url}")
    if show_qr:
        import qrcode

        qr = qrcode.QRCode(border=1)
        qr.add_data(url)
        qr.make(fit=True)
        qr.print_ascii(out=sys.stdout, invert=True)
    sys.stdout.flush()


def tune_runtime() -> None:
    """Keep the interpreter's pauses off the path of a tap (benchmarks/bench_table.py).

    - Garbage collector: everything loaded so far (flet, SQLAlchemy, the rules, the
      open tables) is frozen out of collection, and young objects are collected in
      larger batches: with 250 sessions the default thresholds gave full collections
      of 70-270 ms in the middle of a broadcast.
    - Thread switching: a tap's command is written and broadcast on a worker thread
      while the event loop redraws other phones; both need the one interpreter lock.
      Asking the running thread to hand it over after 1 ms instead of 5 ms lets the
      write and the broadcast go ahead between redraws (50 tables x 5 phones, 40
      taps/s: p95 from a tap to every phone's update queued ~85 -> ~45 ms).
    """
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 100)
    sys.setswitchinterval(0.001)


def serve(host: str | None = None, port: int = 8550, show_qr: bool = True) -> int:
    """Serve table mode to browsers on the LAN, offline (no CDN); the web layer is app/web."""
    global BASE_URL
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    os.environ.setdefault("FLET_FORCE_WEB_SERVER", "1")
    os.environ.setdefault("FLET_SESSION_TIMEOUT", str(SESSION_TIMEOUT))
    from app.table import join_link, shared_hub
    from app.ui import services
    from app.ui.screens.table_view import main as table_main
    from app.web import server as web

    # the web server (app/web): bound first, so a busy port is one line and no traceback
    try:
        sock = web.bind(host, port)
    except web.BindError as e:
        print(f"forest-table serve: {e}", file=sys.stderr)
        return 2
    app, _client = web.build_app(table_main, assets_dir=ASSETS, port=port, host=host,
                                 session_timeout=int(os.environ["FLET_SESSION_TIMEOUT"]))
    BASE_URL = join_url(host, port).rstrip("/")
    store = services.shared().store
    if store is None:
        print("forest-table serve: the database could not be opened", file=sys.stderr)
        return 1
    hub = shared_hub(store)
    tables = hub.resume()
    if tables:
        print(f"Resumed {len(tables)} open table(s): " + ", ".join(f"#{t}" for t in tables))
    print_join(join_link(BASE_URL, hub.issue()), show_qr)
    tune_runtime()
    web.run(app, sock)
    return 0


def desktop() -> int:
    """Open the app in a desktop window (single device, pass-and-play)."""
    import flet as ft

    from app.flet_main import main as app_main

    ft.run(app_main, assets_dir=str(ASSETS))
    return 0
