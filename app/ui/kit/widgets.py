"""Small building blocks shared by the screens: they render, they never decide.

Every interactive control is wrapped in ``ft.Semantics(identifier=...)`` (see
``sid``): the identifier is what the browser tests locate
(``[flt-semantics-identifier="..."]``) and what Android/iOS expose as the
resource id / accessibility identifier. Touch targets are at least 48 px.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from app.ui.kit.colours import seat_colour

TOUCH = 48  # minimum touch target, px
#: Wider chip label padding: a one-digit chip is 48 px wide too.
CHIP_LABEL_PADDING = ft.Padding.symmetric(horizontal=12)
Handler = Callable[[Any], Any]


def sid(identifier: str, control: ft.Control, **semantics: Any) -> ft.Control:
    """Give a control a stable identifier for tests and platform accessibility."""
    return ft.Semantics(identifier=identifier, content=control, **semantics)


def header(title: str, back: Handler | None = None, back_label: str = "Back",
           actions: Sequence[ft.Control] = ()) -> ft.Control:
    """The top bar of a screen: an optional back button, the title, actions."""
    items: list[ft.Control] = [] if back is None else [sid("nav-back", ft.IconButton(
        icon=ft.Icons.ARROW_BACK, tooltip=back_label, on_click=back, width=TOUCH, height=TOUCH))]
    # with three or more action buttons a phone has ~150 px left for the title:
    # a smaller size keeps a one-word title such as フォレストリー on one line
    size = 22 if len(actions) < 3 else 19
    items.append(ft.Container(
        ft.Text(title, size=size, weight=ft.FontWeight.BOLD, max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS),
        expand=True, padding=ft.Padding.only(left=4 if back else 0)))
    return ft.Row([*items, *actions], vertical_alignment=ft.CrossAxisAlignment.CENTER,
                  spacing=4)


def big_button(identifier: str, text: str, on_click: Handler | None, icon: Any = None,
               primary: bool = False, disabled: bool = False) -> ft.Control:
    """A full-width button, 56 px tall."""
    cls = ft.FilledButton if primary else ft.OutlinedButton
    btn = cls(content=ft.Text(text, size=17), icon=icon, on_click=on_click, disabled=disabled,
              height=56, expand=True)
    return sid(identifier, ft.Row([btn]), button=True)


def small_button(identifier: str, text: str, on_click: Handler | None, icon: Any = None,
                 disabled: bool = False, filled: bool = False) -> ft.Control:
    cls = ft.FilledTonalButton if filled else ft.TextButton
    return sid(identifier, cls(content=ft.Text(text), icon=icon, on_click=on_click,
                               disabled=disabled, height=TOUCH), button=True)


def section(title: str, controls: Sequence[ft.Control], identifier: str | None = None
            ) -> ft.Control:
    body = ft.Container(ft.Column([ft.Text(title, size=16, weight=ft.FontWeight.W_600),
                                   *controls], spacing=8),
                        padding=ft.Padding.only(top=12, bottom=4))
    return sid(identifier, body) if identifier else body


def choice_chips(prefix: str, options: Sequence[tuple[Any, str, bool]], selected: Any,
                 on_pick: Callable[[Any], Any], spacing: int = 8,
                 leading: Callable[[Any], ft.Control | None] | None = None) -> ft.Control:
    """Chips that wrap onto new lines (no sideways scrolling), one per (value, label, enabled).

    ``selected`` is the chosen value, or a predicate for several (``lambda v: v in chosen``).
    ``leading``: a value's picture before its label (a player colour's dot).
    """
    def chip(value: Any, label: str, enabled: bool) -> ft.Control:
        on = selected(value) if callable(selected) else value == selected
        return sid(f"{prefix}-{value}", ft.Chip(
            leading=leading(value) if leading is not None else None,
            label=ft.Text(label), label_padding=CHIP_LABEL_PADDING, selected=on,
            disabled=not enabled, on_select=lambda e: on_pick(value), height=TOUCH),
            selected=on)
    return ft.Row([chip(*o) for o in options], wrap=True, spacing=spacing, run_spacing=spacing)


def colour_dot(colour: str | None, dark: bool = False, size: int = 14) -> ft.Control:
    """A seat's colour as a dot (app/ui/kit/colours.py: its line colour, 3:1 on the page)."""
    return ft.Container(width=size, height=size, shape=ft.BoxShape.CIRCLE,
                        bgcolor=seat_colour(colour, dark).line)


def toggle(identifier: str, label: str, value: bool, on_change: Callable[[bool], Any],
           disabled: bool = False, reason: str | None = None) -> ft.Control:
    """A switch with its label; when disabled, the reason is shown under it."""
    sw = ft.Switch(value=value, disabled=disabled,
                   on_change=lambda e: on_change(bool(e.control.value)))
    row = ft.Row([ft.Container(ft.Text(label), expand=True), sid(identifier, sw, toggled=value)],
                 vertical_alignment=ft.CrossAxisAlignment.CENTER)
    # the whole row toggles (a switch alone is 40 px tall)
    items: list[ft.Control] = [ft.Container(
        row, height=56, border_radius=8,
        on_click=None if disabled else (lambda e: on_change(not value)),
    )]
    if reason:
        items.append(sid(f"{identifier}-reason",
                         ft.Text(reason, size=13, color=ft.Colors.ON_SURFACE_VARIANT)))
    return ft.Column(items, spacing=0)


def number_field(label: str, value: int, on_typed: Handler | None,
                 compact: bool = False) -> ft.Control:
    """A count's number (without its identifier): with ``on_typed`` a button that opens the
    keypad (:mod:`app.ui.kit.keypad`: one typed value, one change; no text field, so the
    phone's keyboard never opens), its words for screen readers given by its caller's
    identifier (:func:`sid` ``hint_text``). Without: the number."""
    number = ft.Text(str(value), size=22, weight=ft.FontWeight.BOLD,
                     text_align=ft.TextAlign.CENTER)
    if on_typed is None:
        return ft.Container(number, width=44, alignment=ft.Alignment.CENTER)
    return ft.Container(
        number, width=56 if compact else 64, height=TOUCH, alignment=ft.Alignment.CENTER,
        border_radius=8, ink=True, on_click=on_typed,
        border=ft.Border.only(bottom=ft.BorderSide(2, ft.Colors.PRIMARY)))


def value_sid(identifier: str, shown: ft.Control, typed_label: str | None) -> ft.Control:
    """A count's number with its identifier: a button that opens the keypad
    (``typed_label`` its words) or, read-only, the number.

    Keyed by which of the two it is: the browser's semantics tree lost the identifier of a
    node patched from the one to the other (a seat looking at another seat's sheet read
    its score as nothing), so a change of role is a new node."""
    if typed_label is not None:
        return sid(identifier, shown, button=True, hint_text=typed_label,
                   key=f"{identifier}|button")
    return sid(identifier, shown, key=f"{identifier}|read")


def bottom_sheet(identifier: str, title: str, rows: Sequence[ft.Control], close_label: str,
                 on_close: Handler) -> ft.BottomSheet:
    """A bottom sheet of choices or details: its title, a close button
    (``<identifier>-close``), the rows; it scrolls when taller than the phone."""
    return ft.BottomSheet(sid(identifier, ft.Container(ft.Column([
        ft.Row([ft.Text(title, size=17, weight=ft.FontWeight.BOLD, expand=True),
                sid(f"{identifier}-close", ft.IconButton(
                    ft.Icons.CLOSE, tooltip=close_label, width=TOUCH, height=TOUCH,
                    on_click=on_close), button=True)]),
        *rows], spacing=6, tight=True, scroll=ft.ScrollMode.AUTO), padding=16)),
        show_drag_handle=True)


#: A stepper's − and +: outlined circles, as ../shared/design draws them (the line in the
#: theme's outline, 3:1 on every surface: ``colours.GRAPHIC_PAIRS``; fainter when the step
#: cannot be taken, its glyph greyed too)
STEP_STYLE = ft.ButtonStyle(shape=ft.CircleBorder(), side={
    ft.ControlState.DISABLED: ft.BorderSide(1.5, ft.Colors.OUTLINE_VARIANT),
    ft.ControlState.DEFAULT: ft.BorderSide(1.5, ft.Colors.OUTLINE)})

#: A compact stepper's width: two side by side on a 390 px phone, inside a card.
TILE_WIDTH = 160


def stepper(identifier: str, label: str, value: int, on_minus: Handler | None,
            on_plus: Handler | None, less_label: str, more_label: str,
            error: str | None = None, hint: str | None = None,
            on_typed: Handler | None = None, compact: bool = False,
            typed_label: str | None = None, badge: ft.Control | None = None) -> ft.Control:
    """A − value + stepper; its error (a refusal of this control) right under it.

    ``on_minus``/``on_plus`` send intents ("−1"/"+1"); with ``on_typed`` the number is a
    button (``typed_label`` its words for screen readers) that opens the keypad
    (:mod:`app.ui.kit.keypad`): no text field, so the phone's keyboard never opens.
    ``compact``: a tile (the label above, − n + below, :data:`TILE_WIDTH` wide) to lay
    two side by side; the same identifiers. ``badge`` (a tile's icon) ends the label's row:
    a long label wraps before it instead of running under it.
    """
    shown = number_field(label, value, on_typed, compact)
    def step(end: str, icon: Any, on_click: Handler | None, tip: str) -> ft.Control:
        return sid(f"{identifier}-{end}", ft.IconButton(
            icon=icon, on_click=on_click, tooltip=tip, disabled=on_click is None,
            width=TOUCH, height=TOUCH, style=STEP_STYLE))

    buttons: list[ft.Control] = [
        step("minus", ft.Icons.REMOVE, on_minus, less_label),
        # the number that opens the keypad: a button whose value is the count
        value_sid(f"{identifier}-value", shown,
                  typed_label if on_typed is not None else None),
        step("plus", ft.Icons.ADD, on_plus, more_label),
    ]
    if compact:
        words: ft.Control = ft.Text(label, size=13, max_lines=2,
                                    overflow=ft.TextOverflow.ELLIPSIS, expand=True)
        items: list[ft.Control] = [
            # two lines' room, so that tiles side by side keep their − n + level
            ft.Container(ft.Row([words, badge], spacing=2,
                                vertical_alignment=ft.CrossAxisAlignment.START), height=36)
            if badge is not None else words,
            ft.Row(buttons, vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=2)]
    else:
        items = [ft.Row([ft.Container(ft.Text(label, size=16), expand=True), *buttons],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=2)]
    if hint:
        items.append(ft.Text(hint, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    if error:
        items.append(sid(f"{identifier}-error", ft.Text(error, size=13, color=ft.Colors.ERROR)))
    return ft.Column(items, spacing=0, width=TILE_WIDTH if compact else None)


def card(controls: Sequence[ft.Control], identifier: str | None = None,
         padding: int = 16, key: Any = None) -> ft.Control:
    """A card; ``key`` (an ``ft.ScrollKey``) lets the screen scroll to it."""
    c = ft.Card(content=ft.Container(ft.Column(list(controls), spacing=8), padding=padding),
                key=key)
    return sid(identifier, c) if identifier else c


def muted(text: str, size: int = 14) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def chips_with_reasons(prefix: str, choices: Sequence[Any], selected: Any,
                       on_pick: Callable[[Any], Any]) -> list[ft.Control]:
    """A row of chips (``choices``: each with ``value``, ``label``, ``enabled``, ``reason``),
    and under it, once each, why the disabled ones are (``<prefix>-reason``)."""
    out: list[ft.Control] = [
        choice_chips(prefix, [(c.value, c.label, c.enabled) for c in choices], selected, on_pick)
    ]
    reasons = sorted({c.reason for c in choices if not c.enabled and c.reason})
    for reason in reasons:
        out.append(sid(f"{prefix}-reason", muted(reason, 13)))
    return out
