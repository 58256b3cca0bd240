"""History and statistics of finished games (from ``app.store.queries``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from app.ui import services
from app.ui.presenters import history_lines, stats_lines
from app.ui.widgets import card, header, muted, sid

if TYPE_CHECKING:
    from app.ui.app import ForestTableApp


def build_history(app: ForestTableApp) -> ft.Control:
    t = app.t
    lines = history_lines(services.shared().history(), t)
    body: list[ft.Control] = []
    for line in lines:
        body.append(sid(f"history-game-{line.id}", ft.Card(content=ft.Container(
            ft.Column([
                ft.Row([ft.Text(line.title, weight=ft.FontWeight.BOLD, expand=True),
                        muted(line.when), ft.Icon(ft.Icons.CHEVRON_RIGHT)]),
                ft.Text("   ".join(line.players)),
            ], spacing=4),
            padding=16, on_click=lambda e, gid=line.id: app.go("scoreboard", game_id=gid),
        )), button=True))
    if not body:
        body.append(sid("history-empty", muted(t("history.empty"))))
    return ft.Column([header(t("history.title"), back=app.back, back_label=t("nav.back")),
                      *body], spacing=10)


def build_stats(app: ForestTableApp) -> ft.Control:
    t = app.t
    lines = stats_lines(services.shared().stats(), t)
    body: list[ft.Control] = []
    for i, line in enumerate(lines):
        body.append(card([
            ft.Row([ft.Text(line.name, weight=ft.FontWeight.BOLD, expand=True),
                    muted(line.game)]),
            ft.Row([
                ft.Text(t("stats.plays", n=line.plays)),
                ft.Text(t("stats.wins", n=line.wins)),
                ft.Text(t("stats.average", n=line.average)),
                ft.Text(t("stats.best", n=line.best)),
            ], wrap=True, spacing=16),
        ], identifier=f"stats-{i}"))
    if not body:
        body.append(sid("stats-empty", muted(t("stats.empty"))))
    return ft.Column([header(t("stats.title"), back=app.back, back_label=t("nav.back")),
                      *body], spacing=10)
