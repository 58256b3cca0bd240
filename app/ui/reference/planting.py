"""The planting check of Forest Guardians (003): may a tree go here, and what does it cost?

Shown in the quick reference and in the sheet's play panel; the verdict is
:func:`scoring.guardians.checks.check_planting`'s, in the phone's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.ui.kit.widgets import CHIP_LABEL_PADDING, TOUCH, card, muted, sid
from scoring.guardians.checks import Tile, check_planting
from scoring.guardians.rules import Altitude, TileKind, TreeRow
from scoring.message import MessageCode, Msg, msg

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav

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
