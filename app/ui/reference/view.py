"""The quick reference, opened from the sheet: the game's turn and rules, each line's source.

What each game shows is its UI's (:attr:`app.ui.kit.game_ui.GameUI.reference_lines`,
``reference_piece`` and ``reference_cards``): its reference lines, a piece of its own (a
planting check) and the other sections of its quick reference, in every language.
Words from the catalogues (``app/l10n``).
"""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.ui.kit.games import ui
from app.ui.kit.live_table import OpenTable
from app.ui.kit.widgets import TOUCH, card, header, muted, sid
from scoring.cite import Citation
from scoring.games import GAMES, Game

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav


def _game(app: Nav) -> Game:
    game = app.params.get("game")
    if game in GAMES:
        return Game(game)
    kept = app.states.get(OpenTable, app.params.get("game_id"))
    return Game(kept.presenter.game) if kept else GAMES[0]


def _advanced(app: Nav) -> bool:
    kept = app.states.get(OpenTable, app.params.get("game_id"))
    return bool(getattr(getattr(kept.presenter.state, "options", None), "advanced", True)) \
        if kept else True


def _line(lang: str, ident: str, message: Any, source: Citation) -> ft.Control:
    return sid(ident, ft.Column([
        ft.Text(l10n.render(lang, message), size=15),
        muted(l10n.render(lang, "reference-source", source=l10n.cite(lang, source)), 12),
    ], spacing=0))


def _sections(lang: str, lines: list[tuple[str, Any, Citation]]) -> list[ft.Control]:
    """One card per run of lines of a section; lines numbered across the cards."""
    return [card([ft.Text(l10n.render(lang, f"ref-section-{sec}"), size=18,
                          weight=ft.FontWeight.BOLD),
                  *[_line(lang, f"reference-line-{n}", message, source)
                    for n, (_, message, source) in run]], identifier=f"reference-section-{sec}")
            for sec, run in groupby(enumerate(lines), key=lambda line: line[1][0])]


def build(app: Nav) -> ft.Control:
    lang = str(app.settings.language)
    game = _game(app)
    controls: list[ft.Control] = [
        header(l10n.render(lang, "reference-title"), back=app.back,
               back_label=app.t("nav-back")),
        sid("reference-game", ft.Text(l10n.render(lang, "reference-game", game=str(game)), size=20,
                                      weight=ft.FontWeight.BOLD)),
    ]
    controls += _sections(lang, ui(game).reference_lines())
    piece = ui(game).reference_piece  # the game's own piece (a planting check), here too
    if piece is not None:
        controls.append(piece(app, lang))
    for section in ui(game).reference_cards(_advanced(app)):
        controls.append(card([
            ft.Text(l10n.render(lang, section.title), size=16, weight=ft.FontWeight.BOLD),
            *[sid(f"reference-fg-{section.id}-{n}", ft.Text(l10n.render(lang, entry), size=14))
              for n, entry in enumerate(section.entries)],
            muted(l10n.render(lang, "reference-source",
                              source=l10n.cite(lang, section.source)), 12),
        ], identifier=f"reference-fg-{section.id}"))
    controls.append(ft.Container(height=TOUCH))
    return ft.Column(controls, spacing=10)
