"""The forest map on the sheet during play (Forestry's play piece): the 15 spaces, the
mode chips, each tap in the chosen mode (issue 12).

Thin: the view models are :mod:`app.games.forestry.ui.forest_map`; a tap sends a session
command through the table's live link (:func:`app.ui.kit.live_table.submit_off_loop`), made
when tapped against the version on screen. The map is kept between redraws while its key is
unchanged (:mod:`app.ui.kit.kept`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.games.forestry.ui import forest_map as FM
from app.ui.kit.game_ui import SheetHost
from app.ui.kit.kept import forget_pieces, keep_piece
from app.ui.kit.live_table import submit_off_loop
from app.ui.kit.widgets import CHIP_LABEL_PADDING, TOUCH, card, muted, sid
from scoring.message import msg

if TYPE_CHECKING:
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav

TILE = 60


@dataclass(slots=True)
class MapState:
    """What this tab chose on a game's map (one per game id): the mode."""

    mode: str = field(default=FM.MODES[0])
    #: the map's tiles as last worked out, with what they were worked out from (the forest
    #: board, the names, the mode, the phone's player): a version that left the board as it
    #: was (a count on a sheet) shows the same tiles
    tiles: tuple[Any, ...] | None = None


def me(p: SheetHost) -> int:
    """The player this phone acts for on the map: its seat, or the sheet shown (host)."""
    return p.locked_player if p.locked_player is not None else p.player


def map_mode(app: Nav, p: SheetHost) -> str:
    kept = app.states.get(MapState, p.snapshot.game_id)
    mode = kept.mode if kept is not None else FM.MODES[0]
    return mode if mode in FM.modes(p.state) else FM.MODES[0]


def _set_mode(app: Nav, p: SheetHost, mode: str) -> None:
    app.states.setdefault(MapState, MapState, p.snapshot.game_id).mode = mode
    forget_pieces(app, p)
    app.refresh()


def forest_map(app: Nav, p: SheetHost, c: TableClient, lang: str) -> ft.Control:
    """The shared forest board, its taps in the chosen mode."""
    mode = map_mode(app, p)
    kept = app.states.setdefault(MapState, MapState, p.snapshot.game_id)
    made_of = (FM.forest_table(p.state), tuple(p.names()), mode, me(p))
    memo = kept.tiles
    if memo is not None and memo[0] is made_of[0] and memo[1:4] == made_of[1:]:
        tiles = memo[4]
    else:
        tiles = FM.map_tiles(p.state, mode, me(p))
        kept.tiles = (*made_of, tiles)
    error = p.error if p.error_id in ("space", "type", "table") else None
    lit = p.banner_spaces
    return keep_piece(app, p, "play-map", (tiles, mode, FM.modes(p.state), error, lit),
                      lambda: _map(app, p, c, lang, tiles, mode, lit))


async def _tap_space(app: Nav, p: SheetHost, c: TableClient, space: int) -> None:
    """A tap on a space, read against the mode this tab is in *now* (kept on the server,
    not the one the tile was drawn for); a one-off action puts the map back to moving the
    harvester. Nothing to do there in that mode: said in the snack bar."""
    mode = map_mode(app, p)
    command = FM.map_command(p.state, mode, me(p), space, p.version)
    if command is None:
        lang = str(app.settings.language)
        text = l10n.render(lang, FM.MapLabel.MAP_NOTHING, space=space,
                           mode=msg(FM.MapLabel.MAP_MODE, mode=mode))
        app.page.show_dialog(ft.SnackBar(content=sid("map-nothing", ft.Text(text)),
                                         duration=3000))
        return
    if mode in FM.ONE_OFF_MODES:
        app.states.setdefault(MapState, MapState, p.snapshot.game_id).mode = FM.MODES[0]
    await submit_off_loop(app, p, c, lambda: FM.map_command(p.state, mode, me(p), space,
                                                             p.version))


def _space_handler(app: Nav, p: SheetHost, c: TableClient,
                   space: int) -> Callable[[Any], Awaitable[None]]:
    async def handler(_e: Any) -> None:  # a coroutine function: Flet awaits it
        await _tap_space(app, p, c, space)
    return handler


def _tile(app: Nav, p: SheetHost, c: TableClient, lang: str,
          tile: FM.MapTile, mode: str, lit: bool = False) -> ft.Control:
    # light on purpose (one card of 15 of these is on every phone): two texts, colours
    lines = [str(tile.space), *FM.tile_marks(lang, tile)]
    marks: list[ft.Control] = [
        ft.Text(lines[0], size=14, weight=ft.FontWeight.BOLD),
        ft.Text("\n".join(lines[1:]), size=10, text_align=ft.TextAlign.CENTER,
                color=ft.Colors.PRIMARY if tile.forester else None),
    ]
    box = ft.Container(
        ft.Column(marks, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                  alignment=ft.MainAxisAlignment.CENTER),
        width=TILE, height=TILE, border_radius=8, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.ERROR_CONTAINER if tile.infested
        else ft.Colors.SURFACE_CONTAINER_HIGHEST if tile.harvested
        else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(4, ft.Colors.TERTIARY) if lit else
        ft.Border.all(2, ft.Colors.PRIMARY if tile.mine else ft.Colors.OUTLINE_VARIANT),
        ink=True, on_click=_space_handler(app, p, c, tile.space))
    label = FM.tile_label(lang, tile)
    if lit:  # drawn in the last draws: said too, not only drawn (screen readers)
        label = l10n.render(lang, FM.MapLabel.MAP_DRAWN, label=label)
    return sid(f"map-space-{tile.space}", box, button=True, label=label, selected=lit)


def _map(app: Nav, p: SheetHost, c: TableClient, lang: str,
         tiles: tuple[FM.MapTile, ...], mode: str,
         lit: frozenset[int] = frozenset()) -> ft.Control:
    chips = [
        sid(f"map-mode-{m}", ft.Chip(
            height=TOUCH, label_padding=CHIP_LABEL_PADDING,
            label=ft.Text(l10n.render(lang, FM.MapLabel.MAP_MODE, mode=m)),
            selected=m == mode, on_select=lambda e, m=m: _set_mode(app, p, m)),
            selected=m == mode)
        for m in FM.modes(p.state)
    ]
    items: list[ft.Control] = [
        ft.Text(l10n.render(lang, FM.MapLabel.MAP_TITLE), size=18, weight=ft.FontWeight.BOLD),
        muted(l10n.render(lang, FM.MapLabel.MAP_HELP), 13),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        sid("map-mode-now", ft.Container(ft.Text(
            l10n.render(lang, FM.MapLabel.MAP_MODE_NOW,
                        mode=msg(FM.MapLabel.MAP_MODE, mode=mode)),
            weight=ft.FontWeight.BOLD), bgcolor=ft.Colors.PRIMARY_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=6)),
        ft.Row([_tile(app, p, c, lang, t, mode, t.space in lit) for t in tiles], wrap=True,
               spacing=4, run_spacing=4),
    ]
    error = p.error if p.error_id in ("space", "type", "table") else None
    if error:
        items.append(sid("map-error", ft.Text(error, color=ft.Colors.ERROR)))
    return card(items, identifier="play-map")
