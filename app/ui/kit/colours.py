"""The colours the app adds to its Material 3 theme (seed ``GREEN_800``), in one place.

- **Player colours:** the six of the new-game form (:data:`app.game.new_game.COLOURS`), as
  ``../shared/design`` draws them: the fill (a chip's dot, a column head, a chart bar), the
  text on it, and the line drawn on the page (yellow is darker on a light page; every line
  is a lighter tint on a dark one). In dark mode the fill is that tint too, with dark text.
- **The theme's roles** the app pairs text with (:data:`TEXT_PAIRS`): what
  ``tests/app/test_contrast.py`` checks against the scheme the seed gives, both themes.

Colour never carries meaning alone: a seat is also named, the winner has a trophy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import flet as ft

#: colour id: (fill, text on fill, line on a light page, tint: line and fill on a dark page)
PLAYER_COLOURS: dict[str, tuple[str, str, str, str]] = {
    "purple": ("#7446A8", "#FFFFFF", "#7446A8", "#C7A6EE"),
    "blue": ("#1F5FAD", "#FFFFFF", "#1F5FAD", "#8DB8F2"),
    "yellow": ("#F1C232", "#2A2000", "#9A7400", "#F1C232"),
    "red": ("#B83A2E", "#FFFFFF", "#B83A2E", "#F29C90"),
    "green": ("#2F7D3A", "#FFFFFF", "#2F7D3A", "#8FD39A"),
    "black": ("#2B2B2B", "#FFFFFF", "#2B2B2B", "#D6D6D6"),
}
#: text on a tint (dark mode): the dark theme's surface
ON_TINT = "#10140F"


@dataclass(frozen=True, slots=True)
class SeatColour:
    """A seat's colours in one theme: ``fill`` with ``on_fill`` text on it, and ``line``
    (a frame, a ring, a bar's edge) on the page's surface."""

    fill: str
    on_fill: str
    line: str


#: A seat without one of the six (an imported record, say): the theme's primary.
THEME_SEAT = SeatColour(ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY, ft.Colors.PRIMARY)


def seat_colour(colour: str | None, dark: bool = False) -> SeatColour:
    """The colours of a seat whose colour id is ``colour`` (``None`` or unknown: the theme's
    primary), in the dark theme when ``dark``."""
    found = PLAYER_COLOURS.get(colour or "")
    if found is None:
        return THEME_SEAT
    fill, on, line_light, tint = found
    if dark:
        return SeatColour(tint, ON_TINT, tint)
    return SeatColour(fill, on, line_light)


def is_dark(page: Any) -> bool:
    """Whether ``page`` shows the dark theme now (its setting, else the phone's)."""
    mode = getattr(page, "theme_mode", None)
    if mode == ft.ThemeMode.DARK:
        return True
    if mode == ft.ThemeMode.LIGHT:
        return False
    return getattr(page, "platform_brightness", None) == ft.Brightness.DARK


#: Text on background, as the app draws them, by the theme's roles (Flutter's
#: ``ColorScheme`` names): (text, background, large). ``large``: 18.66 px bold or 24 px
#: and up (WCAG's large text: 3:1); the rest 4.5:1.
_SURFACES = ("surface", "surfaceContainerLowest", "surfaceContainerLow", "surfaceContainer",
             "surfaceContainerHigh", "surfaceContainerHighest")
TEXT_PAIRS: tuple[tuple[str, str, bool], ...] = (
    *((fg, bg, False) for bg in _SURFACES
      for fg in ("onSurface", "onSurfaceVariant", "primary", "error", "tertiary")),
    ("onPrimary", "primary", False),
    ("onPrimaryContainer", "primaryContainer", False),
    ("onSecondaryContainer", "secondaryContainer", False),
    ("onTertiaryContainer", "tertiaryContainer", False),
    ("onErrorContainer", "errorContainer", False),
    ("onError", "error", False),
    ("onSurface", "secondaryContainer", False),  # the winner's column on the result grid
)
#: Lines that tell a control's extent (WCAG's non-text contrast, 3:1) on every surface: the
#: outlined circle of a stepper's − and + (:data:`app.ui.kit.widgets.STEP_STYLE`).
GRAPHIC_PAIRS: tuple[tuple[str, str], ...] = tuple(("outline", bg) for bg in _SURFACES)
