"""The project's own icons (``assets/icons/*.svg``, dark ink in ``assets/icons/dark/``) as
Flet images (issue 33, item 8); the player colours they sit beside are in
:mod:`app.ui.kit.colours`.

The icons were drawn for Forest Table (../shared/design/icons): a 24 grid, one ink colour and
one accent fill. ``dark/`` has the dark theme's ink; an icon on a white token disc keeps the
light set's dark ink in both themes (``on_token=True``).

Where an icon is fetched from: served by ``forest-table serve`` (app/web), a phone asks for it
under the client's versioned prefix (``/_ft/<key>/icons/…``), sent
``Cache-Control: public, max-age=31536000, immutable``: a repeat visit takes it from the
browser's cache without a request, and changed assets make a new prefix. ``serve`` sets that
prefix with :func:`set_asset_base`; the desktop window (no prefix) reads ``icons/…`` from the
assets folder.
"""

from __future__ import annotations

import flet as ft

#: the web client's asset prefix ("" : relative to the assets folder)
_BASE = ""


#: each address made once (an image holds its own copy otherwise: ~100 a phone's sheet)
_SRC: dict[tuple[str, bool], str] = {}


def set_asset_base(prefix: str) -> None:
    """Where icons are fetched from: the web client's versioned prefix (``/_ft/<key>/``)."""
    global _BASE
    _BASE = prefix if not prefix or prefix.endswith("/") else prefix + "/"
    _SRC.clear()


def icon_src(name: str, *, dark: bool = False) -> str:
    """The address of icon ``name`` (a file stem of ``assets/icons``) in a theme."""
    src = _SRC.get((name, dark))
    if src is None:
        src = _SRC[(name, dark)] = f"{_BASE}icons/{'dark/' if dark else ''}{name}.svg"
    return src


def icon(name: str, size: float = 24, *, dark: bool = False) -> ft.Image:
    """Icon ``name`` at ``size`` px, left out of the semantics tree: what it means is said
    in words by the control it sits in (an image node would take that control's identifier
    and label)."""
    return ft.Image(src=icon_src(name, dark=dark), width=size, height=size,
                    fit=ft.BoxFit.CONTAIN, exclude_from_semantics=True)
