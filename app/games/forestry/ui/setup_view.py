"""Forestry before play: the dealt numbers a setup step shows large (harvested spaces,
upgraded sawmills, removed clearings, meanders and reservoirs, forester tokens, HQ tiles,
the technology side, each seat's coins once the first player is known) and, on the sheet,
each player's harvester placed on the forest board before the host starts the game (002).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from app.game.commands import Command
from app.games.forestry.commands import SetHarvester
from app.games.forestry.table import ForestryTable
from app.ui.kit.game_ui import SheetHost, T
from app.ui.kit.live_table import on_tap
from app.ui.kit.widgets import CHIP_LABEL_PADDING, TOUCH, big_button, card, sid
from setup.forestry.deck import SPAWN_CARDS
from setup.forestry.plan import SetupPlan, seat_coins

if TYPE_CHECKING:
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav


def _nums(values: Iterable[int]) -> str:
    return " · ".join(str(v) for v in values)


def _coins(plan: SetupPlan, t: T, first: int, names: Sequence[str]) -> tuple[str, ...]:
    """The seat coins by name, once the first player is known (002: by seat order)."""
    by_seat = seat_coins(tuple(plan.seat_coins), first)
    order = [(first + k) % len(names) for k in range(len(names))]
    return (t("setup-big-coins", n=" · ".join(f"{names[i]} {by_seat[i]}" for i in order)),)


def setup_lines(plan: Any, step: Any, t: T, lang: str, first: int,
                names: Sequence[str]) -> tuple[str, ...]:
    """The dealt numbers of a step of Forestry's setup, to show large (from the plan)."""
    if not isinstance(plan, SetupPlan):
        return ()
    sid_ = str(step.id)
    if sid_.endswith(".resources") and plan.seat_coins and names:
        return _coins(plan, t, first, names)
    if sid_.endswith(".harvested"):
        return (t("setup-big-harvested", n=_nums(plan.harvested)),)
    for end, field_, key in ((".sawmills", "upgraded_sawmills", "setup-big-sawmills"),
                             (".clearings", "removed_clearings", "setup-big-clearings"),
                             (".resources", "seat_coins", "setup-big-coins")):
        if sid_.endswith(end) and getattr(plan, field_):
            return (t(key, n=_nums(getattr(plan, field_))),)
    if sid_.endswith(".rivers") and (plan.meanders or plan.reservoirs):
        out = []
        if plan.meanders:
            out.append(t("setup-big-meanders", n=_nums(plan.meanders)))
        if plan.reservoirs:
            out.append(t("setup-big-reservoirs", n=_nums(plan.reservoirs)))
        return tuple(out)
    if sid_.endswith(".foresters"):
        return tuple(t(f"setup-big-forester-{tok.kind.value}", n=tok.space)
                     for tok in plan.forester_tokens)
    if sid_.endswith(".hq"):
        return tuple(t("setup-big-hq", area=t(f"area-{area.value}"), n=pos)
                     for area, pos in plan.hq.tiles)
    if sid_.endswith(".technology") and plan.technology_side:
        return (t("setup-big-tech-side", side=plan.technology_side.value),)
    return ()


# --------------------------------------------------------------------------- the harvesters


def harvester_choices(p: SheetHost, player: int) -> list[tuple[int, bool]]:
    """Forest spaces for a harvester: (space, free) — the session refuses a taken one."""
    table = p.state.table
    harvesters = table.harvesters if isinstance(table, ForestryTable) else ()
    taken = {h for i, h in enumerate(harvesters) if i != player and h}
    return [(s, s not in taken) for s in SPAWN_CARDS]  # a spawn card per forest space


def harvester_of(p: SheetHost, player: int) -> int | None:
    table = p.state.table
    return table.harvesters[player] if isinstance(table, ForestryTable) else None


def set_harvester(p: SheetHost, player: int, space: int) -> Command:
    return SetHarvester(version=p.version, player=player, space=space)


def harvesters(app: Nav, p: SheetHost, c: TableClient) -> ft.Control:
    """Before the start: each player's harvester (a seat: its own), then the host's start."""
    t = app.t
    items: list[ft.Control] = [ft.Text(t("sheet-setup-status"), weight=ft.FontWeight.W_600)]
    players = range(len(p.names())) if p.locked_player is None else [p.locked_player]
    for i in players:
        current = harvester_of(p, i)
        chips = [
            sid(f"sheet-harvester-{i}-{space}", ft.Chip(
                height=TOUCH, label_padding=CHIP_LABEL_PADDING, label=ft.Text(str(space)),
                selected=current == space, disabled=not free,
                on_select=on_tap(app, p, c, partial(set_harvester, p, i, space))),
                selected=current == space)
            for space, free in harvester_choices(p, i)
        ]
        items += [ft.Text(t("sheet-harvester", name=p.names()[i])),
                  ft.Row(chips, wrap=True, spacing=4, run_spacing=4)]
    if p.error and p.error_id and p.error_id.startswith("table"):
        items.append(sid("sheet-setup-error", ft.Text(p.error, color=ft.Colors.ERROR)))
    if p.locked_player is None:
        items.append(big_button("sheet-start-game", t("sheet-start-game"),
                                on_tap(app, p, c, p.start_game),
                                icon=ft.Icons.PLAY_ARROW, primary=True))
    return card(items, identifier="sheet-setup")
