"""The project's own icons (``assets/icons/*.svg``, dark ink in ``assets/icons/dark/``) as
Flet images, and the player colours they sit beside (issue 33, items 7 and 8).

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

from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav

#: the web client's asset prefix ("" : relative to the assets folder)
_BASE = ""


def set_asset_base(prefix: str) -> None:
    """Where icons are fetched from: the web client's versioned prefix (``/_ft/<key>/``)."""
    global _BASE
    _BASE = prefix if not prefix or prefix.endswith("/") else prefix + "/"


def icon_src(name: str, *, dark: bool = False) -> str:
    """The address of icon ``name`` (a file stem of ``assets/icons``) in a theme."""
    return f"{_BASE}icons/{'dark/' if dark else ''}{name}.svg"


def icon(name: str, size: float = 24, *, dark: bool = False) -> ft.Image:
    """Icon ``name`` at ``size`` px, left out of the semantics tree: what it means is said
    in words by the control it sits in (an image node would take that control's identifier
    and label)."""
    return ft.Image(src=icon_src(name, dark=dark), width=size, height=size,
                    fit=ft.BoxFit.CONTAIN, exclude_from_semantics=True)


def is_dark(app: Nav) -> bool:
    """Whether this tab draws in the dark theme: the setting, or the phone's own (system)."""
    theme = getattr(app.settings, "theme", "system")
    if theme != "system":
        return bool(theme == "dark")
    return getattr(app.page, "platform_brightness", None) == ft.Brightness.DARK


# --------------------------------------------------------------------------- player colours
#: The six player colours of the new-game form (app.game.new_game.COLOURS), by name: the
#: colour itself (a disc, a head), the text on it, its line on a light surface and its line
#: on a dark one (../shared/design/src/common.py: yellow lines on light are darker, the
#: dark theme's lines are light tints; every line >= 3:1 on its surface).
PLAYER_COLOURS: dict[str, tuple[str, str, str, str]] = {
    "purple": ("#7446A8", "#FFFFFF", "#7446A8", "#C7A6EE"),
    "blue": ("#1F5FAD", "#FFFFFF", "#1F5FAD", "#8DB8F2"),
    "yellow": ("#F1C232", "#2A2000", "#9A7400", "#F1C232"),
    "red": ("#B83A2E", "#FFFFFF", "#B83A2E", "#F29C90"),
    "green": ("#2F7D3A", "#FFFFFF", "#2F7D3A", "#8FD39A"),
    "black": ("#2B2B2B", "#FFFFFF", "#2B2B2B", "#D6D6D6"),
}
#: (a seat without a colour, an older game's, takes the new-game form's colour for its
#: seat: app.games.forestry.ui.forest_map.player_colour)


def player_line(colour: str, *, dark: bool = False) -> str:
    """The colour of a line or ring in a player's colour on the theme's surface."""
    return PLAYER_COLOURS[colour][3 if dark else 2]
