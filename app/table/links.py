"""A table's links: ``/join/<token>`` addresses, the routes a tab reads them from, QR codes."""

from __future__ import annotations

import io


def join_link(base_url: str, token: str) -> str:
    """The link a phone opens to join: ``http://<lan>:<port>/join/<token>``.

    Flet 1.0 web uses path routes: ``/join/<token>`` reaches ``page.route``
    (the server answers any extension-less path with the app) and survives a
    reload.
    """
    return f"{base_url.rstrip('/')}/join/{token}"


def token_from_route(route: str | None) -> str | None:
    """The token of a ``/join/<token>`` route (also ``#/join/<token>``), else ``None``."""
    if not route:
        return None
    path = route.split("?", 1)[0].lstrip("#")
    parts = [p for p in path.split("/") if p]
    if len(parts) == 2 and parts[0] == "join" and 10 <= len(parts[1]) <= 200:
        return parts[1]
    return None


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
    # 0-9 only, at most 9 of them: "²".isdigit() is true and int("²") raises
    if len(parts) == 2 and parts[0] == "table" and 1 <= len(parts[1]) <= 9 \
            and all("0" <= ch <= "9" for ch in parts[1]):
        return int(parts[1])
    return None


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


