"""Settings' "Import plays" section: paste a BG Stats or BoardGameGeek file, check who is
who (each of their people matched to ours, or added), import all or nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from app.l10n import render
from app.store.imports import ImportFailed
from app.ui.kit.widgets import muted, section, sid, small_button
from app.ui.settings.import_presenter import ImportCheck, check, run

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav


@dataclass(slots=True)
class ImportForm:
    text: str = ""
    checked: ImportCheck | None = None
    people: dict[str, str] = field(default_factory=dict)  # their name -> ours, as typed
    message: str = ""


def import_section(app: Nav) -> ft.Control:
    lang = app.settings.language
    store = app.services.store
    ui = app.states.setdefault(ImportForm, ImportForm)

    def typed(e: Any) -> None:
        ui.text = str(e.control.value or "")
        ui.checked = None

    def do_check(_e: Any) -> None:
        if store is None:
            return
        ui.checked = check(store, ui.text, lang)
        ui.people = {p.theirs: p.ours for p in ui.checked.people}
        ui.message = ""
        app.refresh()

    def do_import(_e: Any) -> None:
        c = ui.checked
        if store is None or c is None:
            return
        try:
            done, skipped = run(store, ui.text, c.source, dict(ui.people))
        except ImportFailed as exc:
            ui.message = render(lang, "settings-import-bad", problems="; ".join(
                p.text(lang) for p in exc.problems))
        else:
            ui.message = render(lang, "settings-import-done", count=done, skipped=skipped)
            ui.checked = None
        app.refresh()

    body: list[ft.Control] = [
        muted(render(lang, "settings-import-hint"), 13),
        sid("settings-import-text", ft.TextField(
            value=ui.text, multiline=True, min_lines=3, max_lines=6,
            label=render(lang, "settings-import-field"), on_change=typed)),
        small_button("settings-import-check", render(lang, "settings-import-check"), do_check,
                     disabled=store is None),
    ]
    c = ui.checked
    if c is not None and c.problems:
        body.append(sid("settings-import-problems", muted(render(
            lang, "settings-import-bad", problems="; ".join(c.problems[:5])))))
    elif c is not None:
        body.append(muted(render(lang, "settings-import-people", plays=c.plays), 13))
        if c.left_out:
            body.append(sid("settings-import-left-out", muted(
                "; ".join(c.left_out[:5]) + (" …" if len(c.left_out) > 5 else ""), 13)))
        for i, row in enumerate(c.people):
            def changed(e: Any, theirs: str = row.theirs) -> None:
                ui.people[theirs] = str(e.control.value or "").strip() or theirs

            body.append(sid(f"settings-import-person-{i}", ft.TextField(
                value=ui.people.get(row.theirs, row.ours), on_change=changed,
                label=row.theirs,
                helper=render(lang, "settings-import-how", how=row.how))))
        body.append(small_button("settings-import-go", render(lang, "settings-import-go"),
                                 do_import, filled=True, disabled=not c.plays))
    if ui.message:
        body.append(sid("settings-import-message", muted(ui.message)))
    return section(render(lang, "settings-import-title"), body, identifier="settings-import")
