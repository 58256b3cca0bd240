"""New game: game, players (names, seat order, colours), options and modules, seed."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from app.ui.kit.colours import is_dark
from app.ui.kit.games import ui
from app.ui.kit.widgets import (
    TOUCH,
    big_button,
    chips_with_reasons,
    choice_chips,
    colour_dot,
    header,
    muted,
    section,
    sid,
    small_button,
)
from app.ui.new_game.presenter import NewGamePresenter

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav


def presenter(app: Nav) -> NewGamePresenter:
    p = app.states.get(NewGamePresenter)
    if p is None:
        p = app.states.put(NewGamePresenter(app.t))
        app.forget("new-")
    p.t = app.t
    if p.known is None:  # read once per form
        p.known = app.services.known_people()
    return p


def field_error(identifier: str, text: str) -> ft.Control:
    """A field's problem, in the error colour, right under it."""
    return sid(identifier, ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR,
                                           size=18),
                                   ft.Text(text, color=ft.Colors.ERROR, expand=True)],
                                  spacing=6))


def p_now(app: Nav) -> NewGamePresenter:
    """The current form's presenter (kept fields outlive a finished form)."""
    return presenter(app)


def _name_field(app: Nav, i: int) -> ft.Control:
    """Seat ``i``'s name field (kept between redraws: see :mod:`app.ui.kit.flet_compat`)."""
    return sid(f"new-player-{i}-name", ft.TextField(
        on_change=lambda e: p_now(app).set_name(i, e.control.value or ""),
        capitalization=ft.TextCapitalization.WORDS, expand=True))


def build(app: Nav) -> ft.Control:
    t = app.t
    p = presenter(app)

    def redraw(fn: Callable[..., Any]) -> Callable[..., None]:
        def handler(*args: Any) -> None:
            fn(*args)
            app.refresh()
        return handler

    rows: list[ft.Control] = []
    for i, entry in enumerate(p.players):
        err = p.errors.get(f"players[{i}].name")
        name = app.kept(
            f"new-player-{i}-name",
            partial(_name_field, app, i),
        )
        name.expand = True
        field: ft.TextField = name.content  # type: ignore[attr-defined]
        field.value = entry.name
        field.label = t("new-player-name", n=i + 1)
        field.hint_text = t("new-player-name-hint")
        # the problem is its own line under the field (a kept field's own ``error`` is
        # not sent again once the phone has the field: it stayed invisible)
        moves = ft.Row([
            sid(f"new-player-{i}-up", ft.IconButton(
                icon=ft.Icons.ARROW_UPWARD, tooltip=t("new-move-up"), width=TOUCH, height=TOUCH,
                disabled=i == 0, on_click=lambda e, i=i: redraw(p.move)(i, -1))),
            sid(f"new-player-{i}-down", ft.IconButton(
                icon=ft.Icons.ARROW_DOWNWARD, tooltip=t("new-move-down"), width=TOUCH,
                height=TOUCH, disabled=i == len(p.players) - 1,
                on_click=lambda e, i=i: redraw(p.move)(i, 1))),
        ], spacing=0)
        colours = choice_chips(
            f"new-player-{i}-colour",
            [(c.value, c.label, True) for c in p.colour_choices()],
            entry.colour, partial(redraw(p.set_colour), i),
            leading=partial(colour_dot, dark=is_dark(app.page)),
        )
        seat: list[ft.Control] = [
            ft.Text(t("new-seat", n=i + 1), weight=ft.FontWeight.W_600),
            ft.Row([name, moves], vertical_alignment=ft.CrossAxisAlignment.START),
            *([field_error(f"new-player-{i}-name-error", err)] if err else []),
            colours,
        ]
        role = p.seat_role()  # an advanced game: each seat's character or ranger
        if role is not None:
            seat.append(ft.Text(t(f"new-{role.value}")))
            seat.append(choice_chips(
                f"new-player-{i}-{role.value}",
                [(c.value, c.label, c.enabled) for c in p.role_choices(i)],
                entry.role or "dealt", partial(redraw(p.set_role), i)))
        rows.append(ft.Card(content=ft.Container(ft.Column(seat, spacing=6), padding=12)))

    roster = p.roster_choices()

    def pick(name: str) -> Callable[[Any], None]:
        return lambda _e: redraw(p.pick_known)(name)

    if roster:
        rows.append(sid("new-roster", ft.Column([
            muted(t("new-roster")),
            ft.Row([small_button(f"new-roster-{k}", c.label,
                                 pick(c.value),
                                 icon=ft.Icons.PERSON_ADD, disabled=not c.enabled)
                    for k, c in enumerate(roster)], wrap=True, spacing=6, run_spacing=6),
        ], spacing=4)))

    lo, hi = p.player_limits()
    options = ui(p.game).option_block(app, p.form, redraw)
    if p.errors.get("options"):
        options.append(sid("new-options-error", ft.Text(p.errors["options"],
                                                        color=ft.Colors.ERROR)))

    seed = app.kept("new-seed", lambda: sid("new-seed", ft.TextField(
        keyboard_type=ft.KeyboardType.NUMBER,
        input_filter=ft.InputFilter(regex_string=r"^\d*$", allow=True, replacement_string=""),
        on_change=lambda e: p_now(app).set_seed_text(e.control.value or ""),
    )))
    seed_field: ft.TextField = seed.content  # type: ignore[attr-defined]
    seed_field.value = p.seed_text
    seed_field.label = t("new-seed")
    seed_field.hint_text = t("new-seed-hint")

    def start(_e):  # type: ignore[no-untyped-def]
        request = p.submit()
        if request is None:
            app.refresh()
            return
        app.start_setup(request)

    return ft.Column(
        [
            header(t("new-title"), back=app.back, back_label=t("nav-back")),
            section(t("new-game"), [choice_chips("new-game", [
                (c.value, c.label, c.enabled) for c in p.game_choices()], p.game,
                redraw(p.set_game))]),
            section(t("new-player-count"), chips_with_reasons(
                "new-count", p.count_choices(), str(p.count), redraw(p.set_count))
                + [muted(f"{lo}–{hi}", 12)]),
            section(t("new-seat-order"), rows),
            section(t("new-options"), options),
            seed,
            *([field_error("new-seed-error", p.errors["seed"])] if p.errors.get("seed") else []),
            ft.Container(height=4),
            *([sid("new-start-error", ft.Text(p.errors["start"], color=ft.Colors.ERROR))]
              if p.errors.get("start") else []),
            big_button("new-start", t("new-start"), start, icon=ft.Icons.PLAY_ARROW,
                       primary=True),
            ft.Container(height=24),
        ],
        spacing=8,
    )
