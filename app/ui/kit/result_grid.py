"""The result as one grid: categories as rows (with their icons), players as columns headed
in their colours, then Total and Rank; the winner's column tinted and headed by a trophy.

The finish screen, every table phone at the end and the scoreboard during play draw the
same grid (``../shared/design/end-grid.png``). It is a Column of Rows at fixed widths
(:data:`LABEL_W` + :data:`COL_W` a player), one Container a cell: no DataTable. A value
still waiting for a printed number shows "?"; given ``on_unknown``, a tap on it opens the
way to enter that number (``score-need-N-value``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import flet as ft

from app.i18n import language_of
from app.l10n import render
from app.ui.kit.colours import seat_colour
from app.ui.kit.games import ui
from app.ui.kit.icon_assets import icon_src
from app.ui.kit.widgets import TOUCH, sid

LABEL_W = 132  # the category column, px
COL_W = 55  # a player's column, px
ROW_H = 40  # a category's row (a "?" that opens an entry: TOUCH)
HEAD_H = 58
FIT = 4  # players that fit a 390-px phone; more scroll sideways

T = Callable[..., str]


def _icons(game: str) -> Any:
    if not game:
        return {}
    try:
        return ui(game).category_icons
    except (KeyError, ValueError):
        return {}


def need_of(board: Any, row: Any) -> int | None:
    """The index in ``board.needs`` of the first printed value ``row``'s "?" waits for."""
    for n, need in enumerate(board.needs):
        if need.ask in row.waiting:
            return n
    return None


def _cell(text: str, *, winner: bool, bold: bool = False, size: int = 17,
          height: int = ROW_H, ident: str | None = None, label: str | None = None,
          on_click: Callable[[Any], Any] | None = None, line: bool = True) -> ft.Control:
    body = ft.Container(
        ft.Text(text, size=size, weight=ft.FontWeight.BOLD if bold else None,
                text_align=ft.TextAlign.CENTER,
                color=ft.Colors.ON_SECONDARY_CONTAINER if winner else ft.Colors.ON_SURFACE),
        width=COL_W, height=height, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if winner else None,
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)) if line
        else None,
        on_click=on_click, ink=on_click is not None)
    if ident is None:
        return body
    extra: dict[str, Any] = {"button": True} if on_click is not None else {}
    return sid(ident, body, **({"label": label} if label else {}), **extra)


def _label(text: str, icon: str | None, dark: bool, *, bold: bool = False, size: int = 14,
           height: int = ROW_H, line: bool = True) -> ft.Control:
    items: list[ft.Control] = []
    if icon:
        items.append(ft.Image(src=icon_src(icon, dark=dark), width=22,
                              height=22))
    items.append(ft.Text(text, size=size, weight=ft.FontWeight.BOLD if bold else None,
                         max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, expand=True,
                         color=ft.Colors.ON_SURFACE))
    return ft.Container(ft.Row(items, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        width=LABEL_W, height=height, padding=ft.Padding.only(left=4, right=2),
                        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))
                        if line else None)


def _head(t: T, name: str, seat: int, colour: str | None, dark: bool, winner: bool
          ) -> ft.Control:
    c = seat_colour(colour, dark)
    top: list[ft.Control] = []
    if winner:
        top.append(ft.Icon(ft.Icons.EMOJI_EVENTS, size=16, color=c.on_fill))
    top.append(ft.Text(name, size=15, weight=ft.FontWeight.BOLD, color=c.on_fill, max_lines=1,
                       overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER))
    return sid(f"score-head-{seat - 1}", ft.Container(
        ft.Column([ft.Row(top, spacing=1, alignment=ft.MainAxisAlignment.CENTER, wrap=False),
                   ft.Text(t("new-seat", n=seat), size=12, color=c.on_fill,
                           text_align=ft.TextAlign.CENTER, max_lines=1)],
                  spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                  alignment=ft.MainAxisAlignment.CENTER),
        width=COL_W, height=HEAD_H, bgcolor=c.fill, padding=ft.Padding.symmetric(horizontal=2),
        border_radius=ft.BorderRadius.only(top_left=10, top_right=10)),
        label=t("score-head", name=name, seat=seat) + (
            " " + t("score-winner-mark") if winner else ""))


def _place(t: T, rank: int, winner: bool) -> ft.Control:
    pill = ft.Container(
        ft.Text(render(language_of(t), "score-place", rank=rank), size=14,
                weight=ft.FontWeight.W_600,
                color=ft.Colors.ON_PRIMARY if winner else ft.Colors.ON_SURFACE),
        bgcolor=ft.Colors.PRIMARY if winner else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border_radius=14, padding=ft.Padding.symmetric(horizontal=8, vertical=2))
    return ft.Container(pill, width=COL_W, height=34, alignment=ft.Alignment.CENTER,
                        bgcolor=ft.Colors.SECONDARY_CONTAINER if winner else None)


def _unknown(on_unknown: Callable[[int], Any], need: int, _e: Any) -> Any:
    return on_unknown(need)


def result_grid(t: T, board: Any, *, dark: bool = False,
                on_unknown: Callable[[int], Any] | None = None) -> ft.Control:
    """``board``: a :class:`app.ui.sheet.presenter.Scoreboard` (seat order). ``on_unknown``:
    called with a need's index when a "?" is tapped (None: a "?" is only shown)."""
    n = len(board.names)
    colours: Sequence[str | None] = (*board.colours, *[None] * (n - len(board.colours)))
    won = [name in board.winners for name in board.names]
    icons = _icons(board.game)
    gap = ft.Container(width=0)
    head = ft.Row([ft.Container(ft.Text(t("score-category"), size=14,
                                        color=ft.Colors.ON_SURFACE_VARIANT),
                                width=LABEL_W, height=HEAD_H, alignment=ft.Alignment.BOTTOM_LEFT,
                                padding=ft.Padding.only(left=4, bottom=4)),
                   *[_head(t, name, i + 1, colours[i], dark, won[i])
                     for i, name in enumerate(board.names)]], spacing=0)
    rows: list[ft.Control] = [head]
    for row in board.rows:
        need = need_of(board, row) if on_unknown is not None else None
        unknown = need is not None and None in row.values
        height = TOUCH if unknown else ROW_H
        cells: list[ft.Control] = [_label(row.label, icons.get(row.category), dark,
                                          height=height)]
        tap = None
        if unknown and need is not None and on_unknown is not None:
            tap = partial(_unknown, on_unknown, need)
        for i, v in enumerate(row.values):
            cells.append(_cell("?" if v is None else str(v), winner=won[i], height=height,
                               ident=f"score-{row.category}-{i}",
                               on_click=tap if v is None else None,
                               label=t("score-unknown", category=row.label) if v is None
                               else None))
        rows.append(ft.Row(cells, spacing=0))
    rows.append(ft.Container(height=2, bgcolor=ft.Colors.OUTLINE, width=LABEL_W + COL_W * n))
    rows.append(ft.Row([_label(t("score-total"), None, dark, bold=True, size=18, height=46,
                               line=False),
                        *[_cell(str(v), winner=won[i], bold=True, size=22, height=46,
                                ident=f"score-total-{i}", line=False)
                          for i, v in enumerate(board.totals)]], spacing=0))
    rows.append(ft.Row([_label(t("score-rank"), None, dark, height=34, line=False),
                        *[_place(t, r, won[i]) for i, r in enumerate(board.ranks)]], spacing=0))
    grid: ft.Control = ft.Column(rows, spacing=0, tight=True)
    if n > FIT:  # five or six players: the grid scrolls sideways, the page does not
        grid = ft.Row([grid, gap], scroll=ft.ScrollMode.AUTO)
    return sid("score-table", ft.Container(
        grid, padding=ft.Padding.symmetric(horizontal=2, vertical=6), border_radius=16,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), bgcolor=ft.Colors.SURFACE))


def score_notes(t: Any, notes: Sequence[str]) -> ft.Control:
    """"How each total was worked out": the score sheet's notes, one tap away."""
    body: list[ft.Control] = [ft.Text(n, size=14, color=ft.Colors.ON_SURFACE)
                              for n in notes] or [
        ft.Text(t("score-notes-none"), size=14, color=ft.Colors.ON_SURFACE)]
    return sid("score-notes", ft.ExpansionTile(
        title=ft.Text(t("score-notes"), size=16), controls=body, min_tile_height=TOUCH,
        controls_padding=ft.Padding.symmetric(horizontal=16, vertical=4),
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
        shape=ft.RoundedRectangleBorder(radius=12),
        collapsed_shape=ft.RoundedRectangleBorder(radius=12),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        collapsed_bgcolor=ft.Colors.SURFACE_CONTAINER_LOW), button=True)


def tie_box(text: str, identifier: str) -> ft.Control:
    return sid(identifier, ft.Container(
        ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Text(text, size=15, expand=True, color=ft.Colors.ON_SURFACE)],
               vertical_alignment=ft.CrossAxisAlignment.START),
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=12,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8)))
