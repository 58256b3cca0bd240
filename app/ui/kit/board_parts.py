"""Pieces every game's board is drawn with (``../shared/design``): the project's icons, a
region's box, a region's title, the frame in the seat's colour with its name on a tab, a
marked region ("Go to" and ``sheet-section-<id>``). No game is named here."""

from __future__ import annotations

import flet as ft

from app.ui.kit import flet_compat
from app.ui.kit.colours import SeatColour
from app.ui.kit.icon_assets import icon_src
from app.ui.kit.sheet_views import Section
from app.ui.kit.widgets import sid


def icon(name: str, dark: bool = False, size: int = 24) -> ft.Control:
    """One of the project's icons (``assets/icons/``, ``dark/`` for the dark theme)."""
    return ft.Image(src=icon_src(name, dark=dark), width=size, height=size)


def box(content: ft.Control, padding: int = 8, expand: bool | int = False) -> ft.Container:
    """A region's tile on the board: a rounded box on the surface."""
    return ft.Container(content, padding=padding, border_radius=12, expand=expand,
                        bgcolor=ft.Colors.SURFACE,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))


def title(name: str, text: str, dark: bool, size: int = 15) -> ft.Control:
    """A region's title: its icon and its words."""
    return ft.Row([icon(name, dark, 20), ft.Text(text, size=size, weight=ft.FontWeight.W_600)],
                  spacing=6, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def frame(ident: str, words: str, colour: SeatColour, inner: ft.Control) -> ft.Control:
    """A player's board (or one side of it): a frame in the seat's colour, ``words`` on a
    tab in that colour."""
    tab = ft.Container(ft.Text(words, size=13, color=colour.on_fill, weight=ft.FontWeight.W_600),
                       bgcolor=colour.fill, border_radius=10,
                       padding=ft.Padding.symmetric(horizontal=10, vertical=3))
    return sid(ident, ft.Column([ft.Row([tab], spacing=0), ft.Container(
        inner, padding=6, border_radius=14,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(3, colour.line))], spacing=0))


def marked(s: Section, control: ft.Control) -> ft.Control:
    """A region with the sheet's ids: ``sheet-section-<id>`` and "Go to"'s mark."""
    return flet_compat.scroll_mark(f"part-{s.id}", sid(f"sheet-section-{s.id}", control))
