"""LAN table server: binding, the join link with the LAN address, QR on the terminal."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"


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
    print(f"Forest Table is serving the table at {url}")
    print("Phones on the same Wi-Fi: scan this code or open the link.")
    if show_qr:
        import qrcode

        qr = qrcode.QRCode(border=1)
        qr.add_data(url)
        qr.make(fit=True)
        qr.print_ascii(out=sys.stdout, invert=True)
    sys.stdout.flush()


def serve(host: str | None = None, port: int = 8550, show_qr: bool = True) -> int:
    """Serve the app to browsers on the LAN, offline (no CDN)."""
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    os.environ.setdefault("FLET_FORCE_WEB_SERVER", "1")
    import flet as ft

    from app.flet_main import main as app_main

    print_join(join_url(host, port), show_qr)
    ft.run(
        app_main,
        view=ft.AppView.WEB_BROWSER,
        host=host,
        port=port,
        assets_dir=str(ASSETS),
        no_cdn=True,
    )
    return 0


def desktop() -> int:
    """Open the app in a desktop window (single device, pass-and-play)."""
    import flet as ft

    from app.flet_main import main as app_main

    ft.run(app_main, assets_dir=str(ASSETS))
    return 0
