"""History and statistics of finished games (from app.store's queries)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from app.ui import services
from app.ui.widgets import header, muted

if TYPE_CHECKING:
    from app.ui.app import ForestTableApp


def build_history(app: ForestTableApp) -> ft.Control:
    t = app.t
    games = services.shared().finished_games()
    body: list[ft.Control] = [muted(str(g)) for g in games] or [muted(t("history.empty"))]
    return ft.Column([header(t("history.title"), back=app.back, back_label=t("nav.back")),
                      *body], spacing=12)


def build_stats(app: ForestTableApp) -> ft.Control:
    t = app.t
    return ft.Column([header(t("stats.title"), back=app.back, back_label=t("nav.back")),
                      muted(t("stats.empty"))], spacing=12)
