"""Home: new game, games in progress, history, statistics, settings."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from app.ui.home.presenter import game_lines
from app.ui.kit.widgets import big_button, muted, section, sid

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav


def _go(app: Nav, route: str, _e: Any = None) -> None:
    app.go(route)


def build(app: Nav) -> ft.Control:
    t = app.t
    in_progress: list[ft.Control] = [sid(f"home-game-{line.id}", ft.ListTile(
        title=ft.Text(line.title), subtitle=ft.Text(line.detail),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
        on_click=lambda e, gid=line.id: app.open_game(gid), min_height=56), button=True)
        for line in game_lines(app.services.open_games(), t)] \
        or [muted(t("home-no-games"))]
    tables: list[ft.Control] = []
    if app.table_host and app.has_screen("tables"):  # `forest-table serve`: the phones' QR codes
        tables.append(big_button("home-tables", t("tablemode-tables"),
                                 lambda e: app.go("tables"), icon=ft.Icons.QR_CODE))
    return ft.Column([
        ft.Container(height=8),
        ft.Row([ft.Icon(ft.Icons.FOREST, size=40, color=ft.Colors.PRIMARY),
                sid("home-title", ft.Text(t("app-title"), size=30, weight=ft.FontWeight.BOLD),
                    header=True)], spacing=8),
        muted(t("app-tagline")),
        ft.Container(height=8),
        big_button("home-new-game", t("home-new-game"), app.new_game, icon=ft.Icons.ADD,
                   primary=True),
        section(t("home-in-progress"), in_progress, identifier="home-in-progress"),
        *tables,
        ft.Divider(),
        *[big_button(f"home-{route}", text, partial(_go, app, route), icon=icon)
          for route, text, icon in (("history", t("home-history"), ft.Icons.HISTORY),
                                    ("stats", t("home-statistics"), ft.Icons.BAR_CHART),
                                    ("settings", t("home-settings"), ft.Icons.SETTINGS))],
    ], spacing=12)
