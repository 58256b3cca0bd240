"""The keypad: a bottom sheet to type a count (design README, ``forestry-keypad.png``).

A tap on a count's number opens it. The player types an expression with its keys
(``3 + 6 + 2``), sees its result (``= 11``) and the change (``Now 4 → 11 · change +7``),
and **Done** sends exactly one typed value: one entry is one logged change, taken back
by one "Undo my last change". **Next: <field>** is Done, then the keypad of the board's
next count in reading order. There is no text field: the phone's own keyboard never
opens (the sheet under it does not jump).

The keys are taps handled on the server; what a key adds is the server's own
(:func:`press`), so no typed text arrives from the phone here. The value sent is
checked again where the command is applied (range, whole number; the refusal names
the field).
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from app.ui.kit.colours import is_dark
from app.ui.kit.flet_compat import TAB_GONE
from app.ui.kit.icon_assets import icon
from app.ui.kit.validate import MAX_DIGITS
from app.ui.kit.widgets import TOUCH, sid

#: The keys and their identifiers' ends (``keypad-<end>``).
DIGITS = "0123456789"
PLUS, MINUS = "+", "-"
#: An expression stops growing here (a few terms of at most MAX_DIGITS digits each).
MAX_LENGTH = 40
KEY_HEIGHT = 52  # px: above the 48-px touch target

Words = Callable[..., str]
log = logging.getLogger(__name__)


def digit(ch: str) -> str | None:
    """The ASCII digit of ``ch``: ``0``-``9`` and the full-width ``０``-``９``; else None
    (``"²"`` and ``"٣"`` are not digits here, although Python's ``isdigit`` says so)."""
    if len(ch) != 1:
        return None
    if "0" <= ch <= "9":
        return ch
    if "\uff10" <= ch <= "\uff19":
        return chr(ord(ch) - 0xFF10 + ord("0"))
    return None


def press(expr: str, key: str) -> str:
    """``expr`` (digits and ``+``/``-``, as typed) after ``key``: a digit (full-width
    too), ``+``, ``-``, ``backspace`` or ``clear``. A key that would make no sense is
    ignored: an operator first or after another one replaces nothing and adds nothing
    (after another it replaces it), a term keeps at most MAX_DIGITS digits."""
    if key == "clear":
        return ""
    if key == "backspace":
        return expr[:-1]
    if len(expr) >= MAX_LENGTH:
        return expr
    if key in (PLUS, MINUS):
        if not expr:
            return expr
        return expr[:-1] + key if expr[-1] in (PLUS, MINUS) else expr + key
    d = digit(key)
    if d is None:
        return expr
    term = expr.replace(MINUS, PLUS).rsplit(PLUS, 1)[-1]
    if len(term) >= MAX_DIGITS:
        return expr
    if term == "0":  # no leading zeros: "0" then "7" is 7
        return expr[:-1] + d
    return expr + d


def result(expr: str) -> int | None:
    """The value of ``expr`` (a trailing operator waits for its term); None: empty."""
    body = expr.rstrip(PLUS + MINUS)
    if not body:
        return None
    total, sign, term = 0, 1, ""
    for ch in body + PLUS:
        if ch in (PLUS, MINUS):
            total += sign * int(term)
            sign, term = (1 if ch == PLUS else -1), ""
        else:
            term += ch
    return total


def shown(expr: str) -> str:
    """The expression as the keypad shows it: ``3 + 6 − 2``."""
    out = expr.replace(PLUS, " + ").replace(MINUS, " − ")
    return out.strip() if out.strip() else ""


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "±0")


#: A count's icon when its game gives it none (``KeyField.icon``): a Material icon from the
#: words of its identifier, the first that matches, else a generic one.
_ICONS: tuple[tuple[str, Any], ...] = (
    ("coins", ft.Icons.PAID), ("construction", ft.Icons.HANDYMAN),
    ("workers", ft.Icons.ENGINEERING), ("seedling", ft.Icons.SPA),
    ("score", ft.Icons.EMOJI_EVENTS), ("wood", ft.Icons.FOREST),
    ("fire", ft.Icons.LOCAL_FIRE_DEPARTMENT), ("shelter", ft.Icons.HOUSE),
    ("tree", ft.Icons.PARK), ("water", ft.Icons.WATER_DROP),
)


def icon_of(ident: str) -> Any:
    return next((icon for word, icon in _ICONS if word in ident), ft.Icons.TAG)


def field_icon(f: KeyField, size: int, dark: bool) -> ft.Control:
    """``f``'s icon: the game's drawn one (``assets/icons``), else :func:`icon_of`'s."""
    if f.icon:
        return icon(f.icon, size, dark=dark)
    return ft.Icon(icon_of(f.id), size=size)


@dataclass(frozen=True, slots=True)
class KeyField:
    """A count the keypad types: its id (``resources-coins``), its name, its value now,
    whose board it is (words), how its typed value is sent (one command) and its icon (a
    file name in ``assets/icons``; None: a generic one)."""

    id: str
    label: str
    value: int
    owner: str
    send: Callable[[int], Any]
    icon: str | None = None


class Keypad:
    """One open keypad (a bottom sheet on ``page``): its expression and its controls.

    ``after(field)`` gives the board's next count after ``field`` (None: the last one):
    "Next" opens it once this one is sent.
    """

    def __init__(self, page: ft.Page, t: Words, field: KeyField,
                 after: Callable[[KeyField], KeyField | None]) -> None:
        self.page, self.t, self.field, self.after = page, t, field, after
        self.expr = ""
        self.sent = False
        self.next_field = after(field)
        self.typed = ft.Text("", size=28, expand=True, max_lines=1,
                             overflow=ft.TextOverflow.ELLIPSIS)
        self.equals = ft.Text("", size=28, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
        self.now = ft.Text("", size=14, color=ft.Colors.ON_SURFACE_VARIANT)
        self.change = ft.Text("", size=14, color=ft.Colors.ON_SURFACE_VARIANT)
        self.sheet = ft.BottomSheet(content=self._body(), show_drag_handle=True,
                                    scrollable=True, on_dismiss=self._dismissed)
        self._show()

    # ------------------------------------------------------------------ state

    def value(self) -> int:
        """What Done sends: the expression's result, or the value now when nothing is typed
        (Done then confirms the value as it is: still one logged change)."""
        got = result(self.expr)
        return self.field.value if got is None else got

    def _show(self) -> None:
        t, now, to = self.t, self.field.value, self.value()
        self.typed.value = shown(self.expr)
        self.equals.value = f"= {to}"
        self.now.value = t("keypad-now", a=now, b=to)
        self.change.value = t("keypad-change", change=signed(to - now))

    def key(self, end: str) -> Callable[[Any], None]:
        typed = {"plus": PLUS, "minus": MINUS}.get(end, end)

        def tapped(_e: Any) -> None:
            self.expr = press(self.expr, typed)
            self._show()
            try:
                self.sheet.update()
            except TAB_GONE:  # not on the page (closed meanwhile)
                log.debug("keypad not on the page", exc_info=True)
        return tapped

    # ------------------------------------------------------------------ controls

    def _key(self, end: str, text: str, label: str, tonal: bool = False,
             icon: Any = None) -> ft.Control:
        face: ft.Control = ft.Icon(icon, size=24) if icon is not None else ft.Text(
            text, size=24 if len(text) == 1 else 18, weight=ft.FontWeight.W_600)
        # the Row's own child expands (a Semantics around an expanding Container would not)
        # the key's words are its label alone (the glyph is not read after them)
        face = ft.Semantics(content=face, exclude_semantics=True)
        return ft.Container(sid(f"keypad-{end}", ft.Container(
            face, height=KEY_HEIGHT, alignment=ft.Alignment.CENTER,
            border_radius=12, ink=True, on_click=self.key(end),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if tonal else ft.Colors.SURFACE,
            border=None if tonal else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)),
            button=True, label=label), expand=True)

    def _row(self, keys: list[ft.Control]) -> ft.Control:
        return ft.Row(keys, spacing=8)

    def _body(self) -> ft.Control:
        t, f = self.t, self.field
        dark = is_dark(self.page)
        digit_key = [self._key(d, d, t("keypad-digit", digit=d)) for d in DIGITS]
        done = sid("keypad-done", ft.FilledButton(
            content=ft.Text(t("keypad-done"), size=18), icon=ft.Icons.CHECK,
            height=KEY_HEIGHT, expand=True, on_click=self.done), button=True)
        head = ft.Row([
            ft.Container(field_icon(f, 28, dark), width=TOUCH, height=TOUCH,
                         border_radius=TOUCH // 2, alignment=ft.Alignment.CENTER,
                         bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST),
            ft.Column([sid("keypad-field", ft.Text(f.label, size=20, weight=ft.FontWeight.BOLD,
                                                   max_lines=2)),
                       sid("keypad-owner", ft.Text(f.owner, size=14,
                                                   color=ft.Colors.ON_SURFACE_VARIANT))],
                      spacing=0, expand=True),
            sid("keypad-close", ft.IconButton(icon=ft.Icons.CLOSE, tooltip=t("keypad-close"),
                                               width=TOUCH, height=TOUCH, on_click=self.close),
                button=True),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
        shown_expr = sid("keypad-expression", ft.Container(
            ft.Row([self.typed, sid("keypad-result", self.equals)],
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=16, vertical=10), border_radius=12,
            border=ft.Border.all(2, ft.Colors.PRIMARY)))
        items: list[ft.Control] = [
            head, shown_expr,
            ft.Row([sid("keypad-now", self.now), sid("keypad-change", self.change)],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
            self._row([*digit_key[1:4], self._key("backspace", "", t("keypad-backspace"),
                                                  tonal=True, icon=ft.Icons.BACKSPACE_OUTLINED)]),
            self._row([*digit_key[4:7], self._key("plus", "+", t("keypad-plus"), tonal=True)]),
            self._row([*digit_key[7:10], self._key("minus", "−", t("keypad-minus"), tonal=True)]),
            ft.Row([self._key("clear", t("keypad-clear"), t("keypad-clear-label"), tonal=True),
                    digit_key[0], ft.Container(done, expand=2)], spacing=8),
        ]
        if self.next_field is not None:
            items.append(sid("keypad-next", ft.FilledTonalButton(
                content=ft.Row([ft.Text(t("keypad-next", field=self.next_field.label),
                                        size=16, expand=True, max_lines=1,
                                        overflow=ft.TextOverflow.ELLIPSIS),
                                field_icon(self.next_field, 22, dark),
                                ft.Icon(ft.Icons.CHEVRON_RIGHT, size=22)]),
                height=56, on_click=self.next, width=float("inf")), button=True))
        return sid("keypad", ft.Container(
            ft.Column(items, spacing=8, tight=True),
            padding=ft.Padding.only(left=16, right=16, bottom=16)))

    # ------------------------------------------------------------------ actions

    def open(self) -> None:
        self.page.show_dialog(self.sheet)

    def _dismissed(self, _e: Any = None) -> None:
        self.sent = True  # closed (scrim, drag, close): nothing is sent any more

    def close(self, _e: Any = None) -> None:
        if self.sheet.open:
            self.sent = True
            try:
                self.page.pop_dialog()
            except TAB_GONE:  # already gone
                pass

    async def done(self, _e: Any = None) -> bool:
        """Send the typed value, once (a second tap on Done sends nothing); close."""
        if self.sent:
            return False
        value = self.value()
        self.close()
        out = self.field.send(value)
        if inspect.isawaitable(out):
            await out
        return True

    async def next(self, e: Any = None) -> None:
        """Done, then the next count's keypad (its value as the board now shows it)."""
        if not await self.done(e) or self.next_field is None:
            return
        nxt = self.after(self.field)  # made anew: the board as it is after Done
        if nxt is not None:
            Keypad(self.page, self.t, nxt, self.after).open()


def open_keypad(page: ft.Page, t: Words, field: KeyField,
                after: Callable[[KeyField], KeyField | None]) -> Keypad:
    """Open the keypad for ``field`` on ``page``."""
    pad = Keypad(page, t, field, after)
    pad.open()
    return pad


SendValue = Callable[[int], Awaitable[None]]
