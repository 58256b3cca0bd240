"""Forest Guardians' options on the new-game form: one toggle, the advanced game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from app.games.guardians.ui.form import GuardiansForm
from app.ui.kit.widgets import toggle

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav


def option_block(app: Nav, form: Any, redraw: Callable[[Callable[..., Any]], Callable[..., None]]
                 ) -> list[ft.Control]:
    """One toggle: the advanced game."""
    assert isinstance(form, GuardiansForm)  # the form of this game's table
    return [toggle("new-advanced", app.t("new-guardians-advanced"), form.advanced,
                   lambda v: redraw(form.set_toggle)("advanced", v))]
