"""Settings: language and theme (per device), printed values, rules decisions."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.bounds import parse_id
from app.i18n import LANGUAGES
from app.l10n import render
from app.store.crud import get_bgg_ids, set_bgg_id
from app.ui.kit.prefs import THEMES
from app.ui.kit.sheet_views import label
from app.ui.kit.validate import shown, typed_number
from app.ui.kit.widgets import TOUCH, choice_chips, header, muted, section, sid, small_button
from app.ui.settings.import_plays import import_section
from app.ui.settings.presenter import printed_rows, rules_decisions_text
from scoring.games import GAMES
from scoring.message import Refusal

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav


@dataclass(slots=True)
class PrintedTyped:
    """Numbers typed into the confirmed printed values, not yet saved ("table/key" -> text)."""

    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)  # "table/key" -> the refusal shown


@dataclass(slots=True)
class BggForm:
    """The BoardGameGeek ids' last outcome (saved, or which one was refused)."""

    message: str | None = None


def _confirmed_row(app: Nav, row: Any, name: str) -> ft.Control:
    """A value the table confirmed: edit it (a number, Save) or delete it (asked again).

    The change applies to new and unfinished games; a finished game keeps the values it
    was scored with (its record carries them).
    """
    lang = app.settings.language
    ident = f"settings-printed-{row.table}-{row.key}".replace("_", "-")
    form = app.states.setdefault(PrintedTyped, PrintedTyped)
    typed = form.values
    k = f"{row.table}/{row.key}"

    def changed(e: Any) -> None:  # the event's own text when it carries it (see app.kept)
        typed[k] = str(e.data if isinstance(e.data, str) else (e.control.value or ""))

    def save(_e: Any) -> None:
        store = app.services.store
        if store is None:
            return
        try:  # checked here: a client can send any text ("²".isdigit() is true)
            value = typed_number(typed.get(k, ""), name)
        except Refusal as err:
            form.errors[k] = shown(lang, err, name)
            app.refresh()
            return
        store.confirm_printed(table=row.table, key=row.key, value=value)
        typed.pop(k, None)
        form.errors.pop(k, None)
        app.refresh()

    def delete(_e: Any) -> None:
        store = app.services.store
        if store is not None:
            store.forget_printed(table=row.table, key=row.key)
            typed.pop(k, None)
            form.errors.pop(k, None)
            app.refresh()

    def submitted(e: Any) -> None:
        changed(e)
        save(e)
    field = ft.TextField(value=typed.get(k, row.value), width=90, dense=True,
                         keyboard_type=ft.KeyboardType.NUMBER,
                         input_filter=ft.InputFilter(regex_string=r"^\d*$", allow=True,
                                                     replacement_string=""),
                         on_change=changed, on_submit=submitted)
    return ft.Column([
        ft.Row([ft.Text(name, expand=True, weight=ft.FontWeight.W_500),
                sid(f"{ident}-value", field, value=row.value)]),
        ft.Row([muted(render(lang, "settings-printed-confirmed"), 12),
                *[sid(f"{ident}-{what}", ft.TextButton(
                    content=ft.Text(render(lang, f"settings-printed-{what}")),
                    on_click=handler, height=TOUCH), button=True)
                  for what, handler in (("save", save), ("delete", delete))]], wrap=True),
        *([sid(f"{ident}-error", ft.Text(form.errors[k], color=ft.Colors.ERROR, size=13))]
          if k in form.errors else []),
    ], spacing=0, key=ident)


def build(app: Nav) -> ft.Control:
    t = app.t
    s = app.settings
    language = choice_chips("settings-lang", [(lang, t(f"lang-{lang}"), True)
                                              for lang in LANGUAGES],
                            s.language, lambda v: app.apply_settings(s.with_(language=v)))
    theme = choice_chips("settings-theme", [(th, t(f"settings-theme-{th}"), True)
                                            for th in THEMES],
                         s.theme, lambda v: app.apply_settings(s.with_(theme=v)))
    printed: list[ft.Control] = [muted(t("settings-printed-intro"), 13)]
    confirmed = app.services.confirmed_printed()
    for row in printed_rows(confirmed):
        name = label(t, f"printed-{row.table}", row.table) + (f" [{row.key}]" if row.key else "")
        if row.known and row.confirmed:
            printed.append(_confirmed_row(app, row, name))
        elif row.known:
            source = (t("settings-printed-source", source=l10n.cite(app.tr.lang, row.source))
                      if row.source else "")
            printed.append(ft.Column([
                ft.Row([ft.Text(name, expand=True, weight=ft.FontWeight.W_500),
                        ft.Text(row.value, weight=ft.FontWeight.BOLD)]),
                muted(source, 12),
            ], spacing=0))
        else:
            printed.append(ft.Column([
                ft.Text(name, weight=ft.FontWeight.W_500),
                muted(t("settings-printed-unknown"), 12),
            ], spacing=0))
    rules = rules_decisions_text()
    rules_view: ft.Control = ft.Markdown(
        rules, selectable=True, extension_set=ft.MarkdownExtensionSet.GITHUB_WEB) \
        if rules else muted(t("settings-rules-missing"))
    return ft.Column([
        header(t("settings-title"), back=app.back, back_label=t("nav-back")),
        section(t("settings-language"), [language], identifier="settings-language"),
        section(t("settings-theme"), [theme], identifier="settings-theme"),
        ft.Divider(),
        bgg_section(app),
        import_section(app),
        *[sid(ident, ft.ExpansionTile(title=ft.Text(title),
                                      controls=[ft.Container(body, padding=8)]))
          for ident, title, body in (
              ("settings-printed", t("settings-printed"), ft.Column(printed, spacing=10)),
              ("settings-rules", t("settings-rules"), rules_view))],
    ], spacing=8)


# --------------------------------------------------------------------------- BGG ids (issue 15)
def _bgg_field(game: str, known: dict[str, int]) -> ft.Control:
    return sid(f"settings-bgg-{game}", ft.TextField(
        value=str(known.get(game) or ""), keyboard_type=ft.KeyboardType.NUMBER,
        input_filter=ft.InputFilter(regex_string=r"^\d*$", allow=True, replacement_string="")))


def bgg_section(app: Nav) -> ft.Control:
    """The BoardGameGeek id of each game, entered once (exports carry it; never guessed)."""
    lang = app.settings.language
    store = app.services.store
    ui = app.states.setdefault(BggForm, BggForm)
    known: dict[str, int] = {}
    if store is not None:
        with store.session() as s:
            known = get_bgg_ids(s)
    fields = {}
    for game in GAMES:
        ctl = app.kept(f"settings-bgg-{game}", partial(_bgg_field, str(game), known))
        ctl.content.label = render(lang, "settings-bgg-field",  # type: ignore[attr-defined]
                                   game=app.t(f"game-{game}"))
        fields[game] = ctl

    def save(_e: Any) -> None:
        values: dict[str, int | None] = {}
        for game, ctl in fields.items():
            raw = str(ctl.content.value or "").strip()  # type: ignore[attr-defined]
            if raw and parse_id(raw) is None:  # app.bounds: the ids the database holds
                ui.message = render(lang, "settings-bgg-bad", game=app.t(f"game-{game}"))
                app.refresh()
                return
            values[str(game)] = parse_id(raw) if raw else None
        with store.session() as s:  # type: ignore[union-attr]
            for name, value in values.items():
                set_bgg_id(s, game=name, bgg_id=value)
        ui.message = render(lang, "settings-bgg-saved")
        app.refresh()

    body: list[ft.Control] = [muted(render(lang, "settings-bgg-hint"), 13), *fields.values()]
    if ui.message:
        body.append(sid("settings-bgg-message", muted(ui.message)))
    body.append(small_button("settings-bgg-save", render(lang, "settings-bgg-save"), save,
                             filled=True, disabled=store is None))
    return section(render(lang, "settings-bgg-title"), body, identifier="settings-bgg")
