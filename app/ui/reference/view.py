"""The quick reference, opened from the sheet: the game's turn and rules, each line's source.

Forestry: :data:`scoring.forestry.reference.FORESTRY_REFERENCE`. Forest Guardians:
:func:`scoring.guardians.reference.guardians_reference_lines` (the turn and the
planting rules), the planting check (:func:`scoring.guardians.check_planting`) and
the other sections of :func:`scoring.guardians.quick_reference` (box, actions, animals,
events, ..., decisions), in every language. Words from the catalogues (``app/l10n``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.ui.screen_state import OpenTable
from app.ui.widgets import CHIP_LABEL_PADDING, TOUCH, card, header, muted, sid
from scoring.forestry.reference import RefSection, forestry_reference
from scoring.games import GAMES, Game
from scoring.guardians.checks import Tile, check_planting
from scoring.guardians.reference import (
    LINE_SECTIONS,
    guardians_reference_lines,
    quick_reference,
)
from scoring.guardians.rules import Altitude, TileKind, TreeRow
from scoring.message import MessageCode, Msg, msg

if TYPE_CHECKING:
    from app.ui.nav import Nav

ME = "me"  # the name the planting check uses for the player asking


class CheckLabel(MessageCode):
    """Words of the planting check's screen that the rules check does not say."""

    YOU = "reference-check-you"  # the player asking, where a reason names them


def _reason(lang: str, reason: Msg) -> str:
    """One reason of the check in ``lang``; the player asking is "you", not a name."""
    if reason.params.get("player") == ME:
        reason = msg(reason.code, **{**reason.params, "player": msg(CheckLabel.YOU)})
    return l10n.render(lang, reason)


@dataclass(slots=True)
class PlantingCheck:
    """The planting check's choices (one per tab): tree row, tile, altitude, fire, who planted."""

    row: str = TreeRow.TOP.value
    kind: str = TileKind.REGULAR.value
    altitude: str = Altitude.HIGH.value
    fire: bool = False
    shared: bool = False
    mine: bool = False


def _game(app: Nav) -> Game:
    game = app.params.get("game")
    if game in GAMES:
        return Game(game)
    kept = app.states.get(OpenTable, app.params.get("game_id"))
    return Game(kept.presenter.game) if kept else Game.FORESTRY


def _advanced(app: Nav) -> bool:
    kept = app.states.get(OpenTable, app.params.get("game_id"))
    return bool(getattr(getattr(kept.presenter.state, "options", None), "advanced", True)) \
        if kept else True


def _line(lang: str, ident: str, message: Any, source: str) -> ft.Control:
    return sid(ident, ft.Column([
        ft.Text(l10n.render(lang, message), size=15),
        muted(l10n.render(lang, "reference-source", source=source), 12),
    ], spacing=0))


def _sections(lang: str, lines: list[tuple[str, Any, str]]) -> list[ft.Control]:
    out: list[ft.Control] = []
    current: list[ft.Control] = []
    section = None
    for n, (sec, message, source) in enumerate(lines):
        if sec != section:
            if current:
                out.append(card(current, identifier=f"reference-section-{section}"))
            section = sec
            current = [ft.Text(l10n.render(lang, f"ref-section-{sec}"), size=18,
                               weight=ft.FontWeight.BOLD)]
        current.append(_line(lang, f"reference-line-{n}", message, source))
    if current:
        out.append(card(current, identifier=f"reference-section-{section}"))
    return out


def _chips(ident: str, options: list[tuple[str, str]], selected: str,
           on_pick: Any) -> ft.Control:
    return ft.Row([
        sid(f"{ident}-{value}", ft.Chip(height=TOUCH, label_padding=CHIP_LABEL_PADDING,
                                       label=ft.Text(text), selected=value == selected,
                                       on_select=lambda e, v=value: on_pick(v)),
            selected=value == selected)
        for value, text in options], wrap=True, spacing=6, run_spacing=6)


def planting_check(app: Nav, lang: str) -> ft.Control:
    """Where a player enters a tree: may it go there, and what does it cost (003)?"""
    st = app.states.setdefault(PlantingCheck, PlantingCheck)

    def pick(key: str, value: Any) -> None:
        setattr(st, key, value)
        app.refresh()

    kind = TileKind(st.kind)
    planted = frozenset(({"other"} if st.shared else set()) | ({ME} if st.mine else set()))
    tile = Tile(kind, None if kind is TileKind.STARTING else Altitude(st.altitude),
                fire=bool(st.fire), planted_by=planted)
    result = check_planting(ME, TreeRow(st.row), tile)
    if result.allowed:  # the verdict with its cost, then each reason, in the phone's language
        verdict: list[ft.Control] = [ft.Text(l10n.render(lang, result.message), size=16,
                                             weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)]
    else:
        verdict = [ft.Text(l10n.render(lang, "reference-check-refused"), size=16,
                           weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR),
                   *[ft.Text(_reason(lang, r), size=14) for r in result.reasons]]

    def toggle(key: str) -> ft.Control:
        return sid(f"check-{key}", ft.Checkbox(
            label=l10n.render(lang, f"reference-check-{key}"), value=bool(getattr(st, key)),
            on_change=lambda e: pick(key, bool(e.control.value))))

    return card([
        ft.Text(l10n.render(lang, "reference-check-title"), size=18, weight=ft.FontWeight.BOLD),
        muted(l10n.render(lang, "reference-check-row"), 13),
        _chips("check-row", [(r.value, l10n.render(lang, "tree-row", row=r.value))
                             for r in TreeRow], st.row, lambda v: pick("row", v)),
        muted(l10n.render(lang, "reference-check-tile"), 13),
        _chips("check-kind", [(k.value, l10n.render(lang, "tile-kind", kind=k.value))
                              for k in TileKind], st.kind, lambda v: pick("kind", v)),
        muted(l10n.render(lang, "reference-check-altitude"), 13),
        _chips("check-altitude", [(a.value, a.value) for a in Altitude], st.altitude,
               lambda v: pick("altitude", v)),
        toggle("fire"), toggle("shared"), toggle("mine"),
        sid("check-verdict", ft.Column(verdict, spacing=2)),
    ], identifier="reference-check")


def build(app: Nav) -> ft.Control:
    lang = str(app.settings.language)
    game = _game(app)
    controls: list[ft.Control] = [
        header(l10n.render(lang, "reference-title"), back=app.back,
               back_label=app.t("nav.back")),
        sid("reference-game", ft.Text(l10n.render(lang, "reference-game", game=str(game)), size=20,
                                      weight=ft.FontWeight.BOLD)),
    ]
    controls += REFERENCES[game](app, lang)
    controls.append(ft.Container(height=TOUCH))
    return ft.Column(controls, spacing=10)


def _forestry(app: Nav, lang: str) -> list[ft.Control]:
    return _sections(lang, [(line.section.value, line.message, line.source)
                            for line in forestry_reference()])


def _guardians(app: Nav, lang: str) -> list[ft.Control]:
    controls = _sections(lang, [(
        (RefSection.GUARDIANS_TURN if line.section == "turn"
         else RefSection.GUARDIANS_PLANTING).value, line.message, line.source)
        for line in guardians_reference_lines()])
    controls.append(planting_check(app, lang))
    for section in quick_reference(_advanced(app)):
        if section.id in LINE_SECTIONS:  # shown above, line by line with their sources
            continue
        controls.append(card([
            ft.Text(l10n.render(lang, section.title), size=16, weight=ft.FontWeight.BOLD),
            *[sid(f"reference-fg-{section.id}-{n}", ft.Text(l10n.render(lang, entry), size=14))
              for n, entry in enumerate(section.entries)],
            muted(l10n.render(lang, "reference-source", source=section.source), 12),
        ], identifier=f"reference-fg-{section.id}"))
    return controls


#: Each game's quick reference, below the title.
REFERENCES: dict[Game, Callable[[Nav, str], list[ft.Control]]] = {
    Game.FORESTRY: _forestry,
    Game.GUARDIANS: _guardians,
}
