"""A table's links: ``/join/<token>`` addresses, the routes a tab reads them from, QR codes.

Also where links point: :func:`join_url` (the LAN address and port ``serve`` prints,
:func:`lan_address`) and :func:`base_url_problem` (an address given instead, e.g. a load
balancer's: ``serve --public-url``, ``tables new --base-url``).
"""

from __future__ import annotations

import io
import socket
from urllib.parse import urlsplit

from app.bounds import parse_id


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
    """``http://<the LAN address, or host>:<port>/``: where phones reach ``serve``."""
    shown = host if host and host not in ("0.0.0.0", "::") else lan_address()
    return f"http://{shown}:{port}/"


def base_url_problem(url: str) -> str | None:
    """What is wrong with ``url`` as the address links start with (None: nothing).

    ``http://`` or ``https://``, a host, an optional port, no path (the app is served
    at the root), no user, query or fragment. The answer is a short English reason for
    logs; callers say it in the user's language with the code ``links-bad-base-url``.
    """
    text = url.strip()
    if not text or any(ch.isspace() for ch in text) or len(text) > 500:
        return "empty or with spaces"
    try:
        parts = urlsplit(text)
        port = parts.port  # raises for a port that is not 1-65535
    except ValueError:
        return "not a URL"
    if parts.scheme not in ("http", "https"):
        return "not http:// or https://"
    if not parts.hostname:
        return "no host"
    if parts.username is not None or parts.password is not None:
        return "a user in it"
    if parts.path not in ("", "/") or parts.query or parts.fragment or text.endswith("?") \
            or text.endswith("#"):
        return "a path, query or fragment"
    if port == 0:
        return "port 0"
    return None


def join_link(base_url: str, token: str) -> str:
    """The link a phone opens to join: ``http://<lan>:<port>/join/<token>``.

    Flet 1.0 web uses path routes: ``/join/<token>`` reaches ``page.route``
    (the server answers any extension-less path with the app) and survives a
    reload.
    """
    return f"{base_url.rstrip('/')}/join/{token}"


def join_route(route: str | None) -> tuple[str | None, str]:
    """Split ``/join/<token>[/<screen>]`` into the token and the screen's path.

    A table link's tab keeps its link in front of its screens' addresses
    (``/join/<token>/scoreboard``: the app's :meth:`~app.ui.shell.app.ForestTableApp.path`),
    so a reload of any of them still carries the token. Anything else: ``(None, route)``.
    """
    path = (route or "").split("?", 1)[0].lstrip("#")
    parts = [p for p in path.split("/") if p]
    if len(parts) >= 2 and parts[0] == "join" and 10 <= len(parts[1]) <= 200:
        return parts[1], "/" + "/".join(parts[2:])
    return None, route or "/"


def table_from_route(route: str | None) -> int | None:
    """The table id of a ``/table/<id>`` route (a server host opening a table), else ``None``."""
    parts = [p for p in (route or "").split("?", 1)[0].lstrip("#").split("/") if p]
    # app.bounds: 0-9 only ("²".isdigit() is true), 1 to the largest id a database holds
    return parse_id(parts[1]) if len(parts) == 2 and parts[0] == "table" else None


def terminal_qr(data: str) -> str:
    """A QR code of ``data`` as text for a terminal (light on dark: ``print_ascii``'s
    inverted form, which phone cameras read off a dark terminal)."""
    import qrcode

    qr = qrcode.QRCode(border=1)
    qr.add_data(data)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def qr_png(data: str, box_size: int = 8, border: int = 4) -> bytes:
    """A black-on-white PNG QR code (readable in dark mode too: the white is opaque)."""
    import qrcode

    qr = qrcode.QRCode(border=border, box_size=box_size,
                       error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(data)
    qr.make(fit=True)
    img = qr.make_image(fill_color="black", back_color="white")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


