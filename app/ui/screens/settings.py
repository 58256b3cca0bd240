"""Settings: language and theme (per device), printed values, rules decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from app.i18n import LANGUAGES
from app.ui import services
from app.ui.prefs import THEMES
from app.ui.presenters import printed_rows, rules_decisions_text
from app.ui.presenters_sheet import label
from app.ui.widgets import choice_chips, header, muted, section, sid

if TYPE_CHECKING:
    from app.ui.app import ForestTableApp


def build(app: ForestTableApp) -> ft.Control:
    t = app.t
    s = app.settings
    language = choice_chips(
        "settings-lang",
        [(lang, t(f"lang.{lang}"), True) for lang in LANGUAGES],
        s.language,
        lambda v: app.apply_settings(s.with_(language=v)),
    )
    theme = choice_chips(
        "settings-theme",
        [(th, t(f"settings.theme.{th}"), True) for th in THEMES],
        s.theme,
        lambda v: app.apply_settings(s.with_(theme=v)),
    )
    printed: list[ft.Control] = [muted(t("settings.printed_intro"), 13)]
    for row in printed_rows(services.shared().confirmed_printed()):
        name = label(t, f"printed.{row.table}", row.table) + (f" [{row.key}]" if row.key else "")
        if row.known:
            source = (t("settings.printed_source", source=row.source) if row.source else "")
            printed.append(ft.Column([
                ft.Row([ft.Text(name, expand=True, weight=ft.FontWeight.W_500),
                        ft.Text(row.value, weight=ft.FontWeight.BOLD)]),
                muted(source, 12),
            ], spacing=0))
        else:
            printed.append(ft.Column([
                ft.Text(name, weight=ft.FontWeight.W_500),
                muted(t("settings.printed_unknown"), 12),
            ], spacing=0))
    rules = rules_decisions_text()
    rules_view: ft.Control = (
        ft.Markdown(rules, selectable=True, extension_set=ft.MarkdownExtensionSet.GITHUB_WEB)
        if rules else muted(t("settings.rules_missing"))
    )
    return ft.Column(
        [
            header(t("settings.title"), back=app.back, back_label=t("nav.back")),
            section(t("settings.language"), [language], identifier="settings-language"),
            section(t("settings.theme"), [theme], identifier="settings-theme"),
            ft.Divider(),
            sid("settings-printed", ft.ExpansionTile(
                title=ft.Text(t("settings.printed")),
                controls=[ft.Container(ft.Column(printed, spacing=10), padding=8)],
            )),
            sid("settings-rules", ft.ExpansionTile(
                title=ft.Text(t("settings.rules")),
                controls=[ft.Container(rules_view, padding=8)],
            )),
        ],
        spacing=8,
    )
