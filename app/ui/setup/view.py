"""Setup walkthrough: the dealt setup as large step cards, progress, mark done, deal again."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.game.registry import variant
from app.ui.kit.games import ui
from app.ui.kit.widgets import TOUCH, big_button, choice_chips, header, muted, sid, small_button
from app.ui.setup.presenter import SetupLabel, SetupPresenter

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav


#: a finished step is dimmed this much: its text keeps 4.5:1 (at 0.6: 3.0:1, primary 2.5:1)
DONE_OPACITY = 0.9

def build(app: Nav) -> ft.Control:
    t = app.t
    p = app.states.get(SetupPresenter)
    if p is None:
        return ft.Column([header(t("setup-title"), back=app.back, back_label=t("nav-back")),
                          muted(t("setup-dealer-missing"))])
    p.t = app.t
    p.lang = app.settings.language
    done, total = p.progress()

    cards: list[ft.Control] = []
    for c in p.cards():
        big = [ft.Text(line, size=26, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
               for line in c.big]
        check = sid(f"setup-step-{c.number}-done", ft.IconButton(
            icon=ft.Icons.CHECK_CIRCLE if c.done else ft.Icons.RADIO_BUTTON_UNCHECKED,
            icon_color=ft.Colors.PRIMARY if c.done else None, icon_size=32,
            tooltip=t("setup-mark-undone" if c.done else "setup-mark-done"),
            on_click=_then_redraw(app, p.toggle, c.id), width=56, height=56), toggled=c.done,
            label=f"{t('setup-step', n=c.number)} {c.title}")
        body = ft.Column([
            ft.Row([
                ft.Column([
                    muted(t("setup-step", n=c.number), 13),
                    ft.Text(c.title, size=20, weight=ft.FontWeight.BOLD),
                ], spacing=0, expand=True),
                check,
            ], vertical_alignment=ft.CrossAxisAlignment.START),
            *big,
            ft.Text(c.detail, size=16),
            *setup_extras(app, p, c.id),
            muted(t("setup-source", source=l10n.cite(app.tr.lang, c.source)), 12)
            if c.source else ft.Container(),
        ], spacing=6)
        cards.append(sid(f"setup-step-{c.number}", ft.Card(
            content=ft.Container(body, padding=16),
            opacity=DONE_OPACITY if c.done else 1.0,
        )))

    footer: list[ft.Control] = []
    if p.all_done():
        footer.append(sid("setup-all-done", ft.Text(t("setup-all-done"), size=18,
                                                     weight=ft.FontWeight.BOLD)))
    footer.append(big_button("setup-start-play", t("setup-start-play"), app.start_play,
                             icon=ft.Icons.PLAY_ARROW, primary=True))
    return ft.Column([
        header(t("setup-title"), back=app.back, back_label=t("nav-back")),
        ft.Row([
            sid("setup-seed", ft.Text(t("setup-seed", seed=p.seed), size=14)),
            small_button("setup-deal-again", t("setup-deal-again"), app.deal_again,
                         icon=ft.Icons.CASINO, filled=True),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True),
        muted(t("setup-deal-again-help"), 12),
        sid("setup-progress-text", ft.Text(t("setup-progress", done=done, total=total))),
        sid("setup-progress", ft.ProgressBar(value=(done / total) if total else 0, height=8)),
        *cards, *footer, ft.Container(height=TOUCH),
    ], spacing=10)


def _then_redraw(app: Nav, fn: Callable[..., Any], *args: Any) -> Callable[..., None]:
    """An event handler: ``fn(*args)``, then the screen drawn again."""
    def handler(_e: Any = None) -> None:
        fn(*args)
        app.refresh()
    return handler


def setup_extras(app: Nav, setup: Any, step_id: str) -> list[ft.Control]:
    """Controls inside a setup step card: the first player (chips ``setup-first-N``, 0-based
    seat), the spaces the infestation card covers (001: the game's ``infestation_step``).
    ``setup`` is the :class:`~app.ui.setup.presenter.SetupPresenter`."""
    lang = str(app.settings.language)
    if step_id in ("player.first", "start_player") or step_id.endswith(".first"):
        names = setup.player_names()
        if len(names) < 2:
            return []
        label = SetupLabel.START_PLAYER if step_id == "start_player" else SetupLabel.FIRST_PLAYER
        return [muted(l10n.render(lang, label), 14), choice_chips(
            "setup-first", [(i, name, True) for i, name in enumerate(names)],
            setup.first_player, lambda i: _then_redraw(app, setup.set_first_player, i)(),
            spacing=6)]
    if step_id == ui(setup.request.game).infestation_step:
        chosen = sorted(setup.infested)
        spaces = variant(setup.request.game).forest_spaces
        return [muted(l10n.render(lang, SetupLabel.INFESTED), 14), choice_chips(
            "setup-infested", [(s, str(s), True) for s in spaces],
            lambda s: s in setup.infested,
            lambda s: _then_redraw(app, setup.toggle_infested, s)(), spacing=4),
            sid("setup-infested-count", muted(l10n.render(
                lang, SetupLabel.INFESTED_COUNT, n=len(chosen),
                spaces=l10n.render(lang, "list-commas").join(map(str, chosen)))))]
    return []
