"""Host view: the table's QR codes (host link and one per seat) with revoke/reissue.

Two ways in:

- :func:`panel` — a plain builder any screen can embed:
  ``panel(hub, game_id, base_url, t, on_change=...)`` (``t``: the app's translator).
- :func:`build` — a screen (:class:`app.ui.kit.nav.Nav`)
  (``app.go("host", game_id=7)``), and :func:`build_tables` — the list of open
  tables (``app.go("tables")``). Both use the tab's hub or the services' (the process's
  hub, :meth:`app.ui.kit.services.Services.hub`) and the base URL ``forest-table serve``
  worked out.

Token texts are never logged; they appear only in the QR codes and the link
texts of this view, which only a host token opens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from app.i18n import language_of
from app.l10n import render
from app.store.crud import FAILURES
from app.table.hub import TableHub
from app.table.links import join_link, qr_png
from app.ui.kit.widgets import big_button, header, muted, sid, small_button

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav

QR_SIZE = 200


def base_url(app: Nav) -> str:
    """The URL phones reach this server at (what ``forest-table serve`` gave its services)."""
    return app.services.serving.base_url


def qr_image(link: str, identifier: str, label: str, size: int = QR_SIZE) -> ft.Control:
    """A QR code of ``link`` on opaque white (scannable in dark mode too); ``label``: what a
    screen reader says of it, in the reader's language."""
    return sid(identifier, ft.Container(
        ft.Image(src=qr_png(link), width=size, height=size, fit=ft.BoxFit.CONTAIN),
        bgcolor=ft.Colors.WHITE, padding=8, border_radius=8,
    ), image=True, label=label)


def panel(hub: TableHub, game_id: int, url: str, t: Callable[..., str],
          on_change: Callable[[str], Any] | None = None) -> ft.Control:
    """The QR codes of a table: one per seat with "new link", then, set apart in its own
    card at the end, the table's host link (a phone aimed at seat 1 never meets it)."""
    names = hub.names(game_id)
    items: list[ft.Control] = []
    host_link = join_link(url, hub.link_token(game_id))
    for seat, name in enumerate(names, start=1):
        link = join_link(url, hub.link_token(game_id, seat))

        def reissue(_e: Any, seat: int = seat) -> None:
            hub.reissue(game_id, seat)
            if on_change is not None:
                on_change(t("host-reissued", seat=seat))

        items.append(ft.Divider())
        items.append(sid(f"host-seat-{seat}", ft.Text(t("host-seat", seat=seat, name=name),
                                                     size=18, weight=ft.FontWeight.BOLD)))
        items.append(muted(t("host-scan", name=name)))
        items.append(qr_image(link, f"host-qr-{seat}", t("host-qr", what=t(
            "host-seat", seat=seat, name=name))))
        items.append(sid(f"host-link-{seat}", ft.Text(link, selectable=True, size=11)))
        items.append(small_button(f"host-reissue-{seat}", t("host-reissue"), reissue,
                                  icon=ft.Icons.LINK_OFF))
    items.append(ft.Container(height=32))
    items.append(sid("host-host-card", ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.ADMIN_PANEL_SETTINGS, color=ft.Colors.ERROR),
                ft.Text(t("host-host-link"), weight=ft.FontWeight.W_600, expand=True)]),
        muted(t("host-host-link-keep")),
        qr_image(host_link, "host-qr-host", t("host-qr", what=t("host-host-link")), size=160),
        sid("host-link-host", ft.Text(host_link, selectable=True, size=11)),
    ], spacing=8), padding=12, border_radius=12,
        border=ft.Border.all(2, ft.Colors.ERROR), bgcolor=ft.Colors.ERROR_CONTAINER)))
    return ft.Column(items, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.START)


# --------------------------------------------------------------------------- app screens


def _hub(app: Nav) -> TableHub:
    """The tab's hub (table mode), else the services' (the process's hub over the app's
    store: the one every other screen uses)."""
    hub = app.hub if app.hub is not None else app.services.hub()
    if hub is None:  # no database: the shell shows the screen's failure
        raise RuntimeError("the game session is not available")
    return hub


def build(app: Nav) -> ft.Control:
    """``app.go("host", game_id=N)``: the QR codes of table N (host rights assumed)."""
    t = app.t
    game_id = int(app.params["game_id"])
    hub = _hub(app)

    def changed(message: str) -> None:
        app.refresh()
        app.toast(message)

    def open_table(_e: Any) -> None:
        app.open_game(game_id)  # the full sheet, every board editable (host rights)

    return ft.Column([
        header(t("host-title", game_id=game_id), back=app.back,
               back_label=app.t("nav-back")),
        big_button("host-open-table", t("host-open"), open_table, icon=ft.Icons.TABLE_RESTAURANT,
                   primary=True),
        panel(hub, game_id, base_url(app), t, on_change=changed),
    ], spacing=8)


def build_tables(app: Nav) -> ft.Control:
    """``app.go("tables")``: the open tables, each leading to its QR codes."""
    t = app.t
    hub = _hub(app)
    rows: list[ft.Control] = []
    for game_id in hub.open_tables():
        try:
            players = t("list-commas").join(hub.names(game_id))
        except FAILURES:  # a table that cannot be loaded is listed, not fatal
            players = "?"
        rows.append(sid(f"tables-{game_id}", ft.ListTile(
            title=ft.Text(t("host-open-table", game_id=game_id, players=players)),
            trailing=ft.Icon(ft.Icons.QR_CODE),
            on_click=lambda e, gid=game_id: app.go("host", game_id=gid),
        ), button=True))
    if not rows:
        rows.append(muted(t("host-no-tables")))
    return ft.Column([header(t("host-tables"), back=app.back, back_label=app.t("nav-back")),
                      *rows, *_host_link(app)], spacing=8)


def _host_link(app: Nav) -> list[ft.Control]:
    """The server host's own link (this screen is only the server host's) and "new host
    link": the old one stops working at once (every tab holding it drops to the join
    screen), this tab keeps going on the new one (``TableTab.rotate_host_link``)."""
    token = app.host_token
    rotate = app.rotate_host_link
    if not token or rotate is None:
        return []
    lang = language_of(app.t)
    link = join_link(base_url(app), token)

    async def new_link(_e: Any) -> None:
        await rotate()
        app.refresh()
        app.toast(render(lang, "tablemode-host-link-done"))

    return [ft.Divider(),
            ft.Text(render(lang, "tablemode-host-link-title"), weight=ft.FontWeight.W_600),
            sid("host-link-server", ft.Text(link, selectable=True, size=11)),
            small_button("host-link-new", render(lang, "tablemode-host-link-new"), new_link,
                         icon=ft.Icons.LINK_OFF)]
