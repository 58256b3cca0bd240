"""Forestry's options on the new-game form: mode, technology side and the modules, each
probed with the dealer (:mod:`app.games.forestry.ui.form`), disabled with its reason."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from app.games.forestry.ui.form import ForestryForm
from app.ui.kit.widgets import chips_with_reasons, toggle

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav


def option_block(app: Nav, form: Any, redraw: Callable[[Callable[..., Any]], Callable[..., None]]
                 ) -> list[ft.Control]:
    """Mode, technology side and the modules (each probed with the dealer)."""
    assert isinstance(form, ForestryForm)  # the form of this game's table
    t = app.t
    options: list[ft.Control] = [ft.Text(t("new-mode"))]
    options += chips_with_reasons("new-mode", form.mode_choices(), form.mode.value,
                                  redraw(form.set_mode))
    options += [ft.Text(t("new-tech-side"))]
    options += chips_with_reasons("new-tech", form.tech_side_choices(), form.tech_side_value(),
                                  redraw(form.set_tech_side))
    for tg in form.toggles():
        attr = tg.id.removeprefix("new-").replace("-", "_")
        options.append(toggle(tg.id, tg.label, tg.value,
                              partial(redraw(form.set_toggle), attr),
                              disabled=not tg.enabled,
                              reason=None if tg.enabled else t("new-unavailable",
                                                               reason=tg.reason)))
    return options
