"""The planting check of Forest Guardians (003): may a tree go here, and what does it cost?

Shown in the quick reference and in the sheet's play panel; the verdict is
:func:`scoring.guardians.checks.check_planting`'s, in the phone's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.ui.kit.widgets import card, choice_chips, muted, sid
from scoring.guardians.checks import Tile, check_planting
from scoring.guardians.rules import Altitude, TileKind, TreeRow
from scoring.message import Msg, msg

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav

ME = "me"  # the name the planting check uses for the player asking


def _reason(lang: str, reason: Msg) -> str:
    """One reason of the check in ``lang``; the player asking is "you", not a name."""
    if reason.params.get("player") == ME:
        reason = msg(reason.code, **{**reason.params, "player": msg("reference-check-you")})
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
        choice_chips("check-row", [(r.value, l10n.render(lang, "tree-row", row=r.value), True)
                                   for r in TreeRow], st.row, partial(pick, "row"), spacing=6),
        muted(l10n.render(lang, "reference-check-tile"), 13),
        choice_chips("check-kind", [(k.value, l10n.render(lang, "tile-kind", kind=k.value), True)
                                    for k in TileKind], st.kind, partial(pick, "kind"), spacing=6),
        muted(l10n.render(lang, "reference-check-altitude"), 13),
        choice_chips("check-altitude", [(a.value, a.value, True) for a in Altitude], st.altitude,
                     partial(pick, "altitude"), spacing=6),
        toggle("fire"), toggle("shared"), toggle("mine"),
        sid("check-verdict", ft.Column(verdict, spacing=2)),
    ], identifier="reference-check")
