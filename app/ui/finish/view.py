"""After the finish: the final result, "saved", a QR code to share, export files, rematch.

The view model is ``app.ui.finish.presenter``; this module only draws it and
turns taps into downloads (``ft.FilePicker.save_file`` with the bytes: a
download in the browser), the clipboard and navigation.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from app.l10n import render
from app.ui.finish.presenter import FinishView, export_files, load_finish, rematch_presenter
from app.ui.kit import services
from app.ui.kit.live_table import OpenTable
from app.ui.kit.widgets import TOUCH, big_button, card, header, muted, sid

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav

log = logging.getLogger(__name__)


@dataclass(slots=True)
class SavePicker:
    """The tab's file picker for downloads (made on the first save, one per tab)."""

    picker: ft.FilePicker = field(default_factory=ft.FilePicker)


def _notes(app: Nav, game_id: int) -> tuple[str, ...]:
    """The live score sheet's notes (tie-breaks, contract choices), when this tab has it."""
    kept = app.states.get(OpenTable, game_id)
    if kept is None:
        return ()
    try:
        sheet = kept.presenter.sheet()
        lang = app.settings.language
        return tuple(render(lang, n) for n in sheet.notes) if sheet is not None else ()
    except Exception:
        return ()


def qr_image(text: str, size: int = 240) -> ft.Control:
    from app.table.links import qr_png

    return ft.Container(ft.Image(src=qr_png(text, box_size=6, border=4), width=size,
                                 height=size),
                        bgcolor=ft.Colors.WHITE, padding=8, border_radius=8)


def _save(app: Nav, name: str, text: str) -> None:
    picker = app.states.setdefault(SavePicker, SavePicker).picker

    async def run() -> None:
        try:
            await picker.save_file(file_name=name, src_bytes=text.encode("utf-8"))
        except Exception as exc:  # no client (tests) or the platform refused
            log.warning("save %s: %s", name, exc)
            app.toast(app.t("common-error", message=str(exc)))
    app.page.run_task(run)


def _copy(app: Nav, text: str) -> None:
    async def run() -> None:
        try:
            await ft.Clipboard().set(text)
            app.toast(app.t("finish-copied"))
        except Exception as exc:
            log.warning("copy: %s", exc)
    app.page.run_task(run)


def rematch(app: Nav, game_id: int) -> None:
    store = services.shared().store
    if store is None:
        return
    saved = store.get_record(game_id=game_id)
    seats = store.game_seats(game_id=game_id)
    if saved is None:
        return
    app.states.put(rematch_presenter(dict(saved.record), app.t,
                                     colours=[getattr(s, "colour", None) for s in seats],
                                     game_id=game_id))
    app.forget("new-")
    app.restart("new")


def row_label(t: Any, r: Any) -> str:
    """What a screen reader hears for a result row (never "None": an incomplete result
    says so)."""
    if r.total is None or r.rank is None:
        return t("finish-row-incomplete", name=r.name)
    return t("finish-row", rank=r.rank, name=r.name, total=r.total)


def _result(app: Nav, v: FinishView) -> list[ft.Control]:
    t = app.t
    rows: list[ft.Control] = []
    for i, r in enumerate(v.rows):
        rows.append(sid(f"finish-row-{i}", ft.Row([
            ft.Container(ft.Text(str(r.rank or "–"), size=20, weight=ft.FontWeight.BOLD),
                         width=32),
            ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER) if r.winner
            else ft.Container(width=24),
            ft.Text(r.name, size=18, expand=True),
            ft.Text("–" if r.total is None else str(r.total), size=24,
                    weight=ft.FontWeight.BOLD),
        ]), label=row_label(t, r)))
    out: list[ft.Control] = [card(rows, identifier="finish-result")]
    if v.winners:
        out.append(sid("finish-winners", ft.Text(
            t("score-winners", names=t("list-commas").join(v.winners)), size=22,
            weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)))
    if v.tie_note:
        out.append(sid("finish-tie", ft.Text(v.tie_note, size=15)))
    if v.saved:
        out.append(sid("finish-saved", ft.Row([
            ft.Icon(ft.Icons.CHECK_CIRCLE, color=ft.Colors.PRIMARY),
            ft.Text(t("finish-saved"), expand=True)])))
    else:
        out.append(sid("finish-not-saved", ft.Text(t("finish-not-saved"),
                                                   color=ft.Colors.ERROR)))
    return out


def build(app: Nav) -> ft.Control:
    t = app.t
    game_id = app.params.get("game_id")
    top = header(t("finish-title"), back=app.home, back_label=t("nav-home"))
    store = services.shared().store
    view = None
    if game_id is not None and store is not None:
        try:
            view = load_finish(store, int(game_id), t, notes=_notes(app, int(game_id)),
                               lang=app.settings.language)
        except Exception as exc:
            log.exception("finish view")
            return ft.Column([top, muted(t("common-error", message=str(exc)))])
    if view is None:
        return ft.Column([top, muted(t("finish-not-finished"))], spacing=10)
    controls: list[ft.Control] = [top, muted(f"{view.title} · {view.date}"), *_result(app, view)]
    controls.append(card([
        ft.Text(t("finish-share"), size=18, weight=ft.FontWeight.BOLD),
        muted(t("finish-share-hint")),
        ft.Row([sid("finish-qr", qr_image(view.share_text), label=view.share_text)],
               alignment=ft.MainAxisAlignment.CENTER),
        sid("finish-share-text", ft.Text(view.share_text, size=14, selectable=True)),
        sid("finish-copy-summary", ft.OutlinedButton(
            content=ft.Text(t("finish-copy")), icon=ft.Icons.COPY, height=TOUCH,
            on_click=lambda e: _copy(app, view.share_text)), button=True),
    ], identifier="finish-share"))
    exports: list[ft.Control] = [ft.Text(t("finish-exports"), size=18, weight=ft.FontWeight.BOLD),
                                 muted(t("finish-exports-hint"))]
    for kind, name, text in export_files(view):
        exports.append(ft.Row([
            ft.Text(t(f"finish-export-{kind}"), expand=True),
            sid(f"finish-save-{kind}", ft.IconButton(
                icon=ft.Icons.DOWNLOAD, tooltip=t("finish-download"),
                on_click=lambda e, n=name, x=text: _save(app, n, x)), button=True),
            sid(f"finish-copy-{kind}", ft.IconButton(
                icon=ft.Icons.COPY, tooltip=t("finish-copy"),
                on_click=lambda e, x=text: _copy(app, x)), button=True),
        ]))
    if view.exports is not None and view.exports.bgstats_qr:
        # a phone at the table scans it to take the play into BG Stats
        exports.append(muted(t("finish-bgstats-qr-hint")))
        exports.append(ft.Row([sid("finish-bgstats-qr", qr_image(view.exports.bgstats_qr, 320),
                                   label=t("finish-bgstats-qr-hint"))],
                              alignment=ft.MainAxisAlignment.CENTER))
    if view.exports is not None:
        exports.append(sid("finish-bgstats-link", ft.TextButton(
            content=ft.Text(t("finish-bgstats-link")), icon=ft.Icons.OPEN_IN_NEW,
            url=view.exports.bgstats_link, height=TOUCH), button=True))
    controls.append(card(exports, identifier="finish-exports"))
    controls.append(big_button("finish-scoreboard", t("sheet-scoreboard"),
                               lambda e: app.go("scoreboard", game_id=view.game_id),
                               icon=ft.Icons.LEADERBOARD))
    controls.append(big_button("finish-rematch", t("finish-rematch"),
                               lambda e: rematch(app, view.game_id), icon=ft.Icons.REPLAY,
                               primary=True))
    controls.append(big_button("finish-home", t("nav-home"), app.home, icon=ft.Icons.HOME))
    return ft.Column(controls, spacing=10)
