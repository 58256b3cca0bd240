"""Player sheet and scoreboard (placeholder until app/session.py lands)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from app.ui.widgets import header, muted

if TYPE_CHECKING:
    from app.ui.app import ForestTableApp


def build(app: ForestTableApp) -> ft.Control:
    t = app.t
    return ft.Column([header(t("common.not_available"), back=app.back, back_label=t("nav.back")),
                      muted(t("common.not_available_reason", what="session"))])


build_scoreboard = build
