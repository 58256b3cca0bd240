"""After the finish: the final result, "saved", a QR code to share, export files, rematch.

The view model is ``app.ui.finish.presenter``; this module only draws it and
turns taps into downloads (``ft.FilePicker.save_file`` with the bytes: a
download in the browser), the clipboard and navigation.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from app.l10n import render
from app.store.crud import FAILURES
from app.table.links import qr_png
from app.ui.finish.presenter import FinishView, export_files, load_finish, rematch_presenter
from app.ui.kit.colours import is_dark
from app.ui.kit.flet_compat import TAB_GONE
from app.ui.kit.live_table import OpenTable
from app.ui.kit.photos import photos_card
from app.ui.kit.result_grid import result_grid, score_notes, tie_box
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
    except FAILURES + (LookupError,):
        return ()


def qr_image(text: str, size: int = 240) -> ft.Control:
    return ft.Container(ft.Image(src=qr_png(text, box_size=6, border=4), width=size,
                                 height=size),
                        bgcolor=ft.Colors.WHITE, padding=8, border_radius=8)


def _save(app: Nav, name: str, text: str) -> None:
    picker = app.states.setdefault(SavePicker, SavePicker).picker

    async def run() -> None:
        try:
            await picker.save_file(file_name=name, src_bytes=text.encode("utf-8"))
        except TAB_GONE as exc:  # no client (tests) or the platform refused
            log.warning("save %s: %s", name, exc)
            app.toast(app.t("common-error", message=str(exc)))
    app.page.run_task(run)


def _copy(app: Nav, text: str) -> None:
    async def run() -> None:
        try:
            await ft.Clipboard().set(text)
            app.toast(app.t("finish-copied"))
        except TAB_GONE as exc:
            log.warning("copy: %s", exc)
    app.page.run_task(run)


def rematch(app: Nav, game_id: int) -> None:
    store = app.services.store
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


def row_label(t: Callable[..., str], r: Any) -> str:
    """What a screen reader hears for a result row (never "None": an incomplete result
    says so)."""
    if r.total is None or r.rank is None:
        return t("finish-row-incomplete", name=r.name)
    return t("finish-row", rank=r.rank, name=r.name, total=r.total)


@dataclass(slots=True)
class ShareOpen:
    """Whether this tab shows the share card of a result (``finish-share`` opens it)."""

    open: bool = False


def _winner_card(app: Nav, v: FinishView) -> ft.Control:
    t = app.t
    top = max((r.total for r in v.rows if r.winner and r.total is not None), default=None)
    lines: list[ft.Control] = [sid("finish-winners", ft.Text(
        t("score-winners", names=t("list-commas").join(v.winners)), size=22,
        weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER))]
    sub = f"{v.title} · {v.date}"
    if top is not None:
        sub = f"{t('finish-winner-total', total=top)} · {sub}"
    lines.append(ft.Text(sub, size=14, color=ft.Colors.ON_PRIMARY_CONTAINER))
    return sid("finish-winner-card", ft.Container(
        ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=32, color=ft.Colors.ON_PRIMARY_CONTAINER),
                ft.Column(lines, spacing=0, expand=True)], spacing=12),
        bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=16,
        padding=ft.Padding.symmetric(horizontal=16, vertical=10)))


def _result(app: Nav, v: FinishView) -> list[ft.Control]:
    """The result on one screen: the winner, the grid, the tie-break, the notes."""
    t = app.t
    out: list[ft.Control] = []
    if v.winners:
        out.append(_winner_card(app, v))
    if v.board is not None:
        out.append(sid("finish-result", result_grid(t, v.board, dark=is_dark(app.page))))
    else:  # no scoreboard (a record the app cannot score): the ranked list
        out.append(card([sid(f"finish-row-{i}", ft.Text(
            f"{r.rank or '–'}. {r.name} {'–' if r.total is None else r.total}", size=18),
            label=row_label(t, r)) for i, r in enumerate(v.rows)], identifier="finish-result"))
    if v.tie_note:
        out.append(tie_box(v.tie_note, "finish-tie"))
    out.append(score_notes(t, [n for n in v.notes if n not in (v.tie_note or "")]))
    if v.saved:
        out.append(sid("finish-saved", ft.Row([
            ft.Icon(ft.Icons.CHECK_CIRCLE, color=ft.Colors.PRIMARY, size=18),
            ft.Text(t("finish-saved"), expand=True, size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT)], spacing=6)))
    else:
        out.append(sid("finish-not-saved", ft.Text(t("finish-not-saved"),
                                                   color=ft.Colors.ERROR)))
    return out


def _actions(app: Nav, v: FinishView, shown: ShareOpen) -> ft.Control:
    t = app.t

    def share(_e: Any) -> None:
        shown.open = not shown.open
        app.refresh()
    return ft.Row([
        sid("finish-rematch", ft.OutlinedButton(
            content=ft.Text(t("finish-rematch"), size=17), icon=ft.Icons.REPLAY, height=56,
            expand=True, on_click=lambda e: rematch(app, v.game_id)), button=True),
        sid("finish-share", ft.FilledButton(
            content=ft.Text(t("finish-share-open"), size=17, max_lines=1), icon=ft.Icons.SHARE,
            height=56, expand=True, on_click=share), button=True, expanded=shown.open),
    ], spacing=10)


def build(app: Nav) -> ft.Control:
    t = app.t
    game_id = app.params.get("game_id")
    top = header(t("finish-title"), back=app.home, back_label=t("nav-home"))
    store = app.services.store
    view = None
    if game_id is not None and store is not None:
        try:
            view = load_finish(store, int(game_id), t, notes=_notes(app, int(game_id)),
                               lang=app.settings.language)
        except FAILURES as exc:
            log.exception("finish view")
            return ft.Column([top, muted(t("common-error", message=str(exc)))])
    if view is None:
        return ft.Column([top, muted(t("finish-not-finished"))], spacing=10)
    shown = app.states.setdefault(ShareOpen, ShareOpen, key=view.game_id)
    controls: list[ft.Control] = [top, *_result(app, view), _actions(app, view, shown)]
    if shown.open:
        controls.extend(_share_cards(app, view))
    controls.append(photos_card(app, view.game_id))
    controls.append(big_button("finish-scoreboard", t("sheet-scoreboard"),
                               lambda e: app.go("scoreboard", game_id=view.game_id),
                               icon=ft.Icons.LEADERBOARD))
    controls.append(big_button("finish-home", t("nav-home"), app.home, icon=ft.Icons.HOME))
    return ft.Column(controls, spacing=10)


def _share_cards(app: Nav, view: FinishView) -> list[ft.Control]:
    """Today's share card (a QR code of the result as text) and the export files."""
    t = app.t
    controls: list[ft.Control] = [card([
        ft.Text(t("finish-share"), size=18, weight=ft.FontWeight.BOLD),
        muted(t("finish-share-hint")),
        ft.Row([sid("finish-qr", qr_image(view.share_text), label=view.share_text)],
               alignment=ft.MainAxisAlignment.CENTER),
        sid("finish-share-text", ft.Text(view.share_text, size=14, selectable=True)),
        sid("finish-copy-summary", ft.OutlinedButton(
            content=ft.Text(t("finish-copy")), icon=ft.Icons.COPY, height=TOUCH,
            on_click=lambda e: _copy(app, view.share_text)), button=True),
    ], identifier="finish-share-card")]
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
    return controls
