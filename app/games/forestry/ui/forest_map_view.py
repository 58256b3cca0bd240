"""The forest map on the sheet during play (Forestry's play piece): the 15 spaces as a
schematic honeycomb, the current mode as a banner, the mode buttons, each tap in the chosen
mode (issues 12 and 33; ../shared/design/forest-map.png).

Thin: the view models are :mod:`app.games.forestry.ui.forest_map`; a tap sends a session
command through the table's live link (:func:`app.ui.kit.live_table.submit_off_loop`), made
when tapped against the version on screen. The map is kept between redraws while its key is
unchanged (:mod:`app.ui.kit.kept`).

The honeycomb is one ``cv.Canvas`` (a filled and a stroked ``cv.Path`` per space, a dashed
one for a space just drawn) under positioned hit areas (``map-space-N``, 56×66 px) holding
the number and the tokens as icons (``assets/icons``). The spaces' colours are fixed pairs
per theme (a fill and its text colour, AA in both: tests/app/test_forest_map_view.py); the
rest of the card uses the theme's colours.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft
import flet.canvas as cv

from app import l10n
from app.games.forestry.ui import forest_map as FM
from app.ui.kit.colours import PLAYER_COLOURS, is_dark, seat_colour
from app.ui.kit.game_ui import SheetHost
from app.ui.kit.icon_assets import icon
from app.ui.kit.kept import forget_pieces, keep_piece
from app.ui.kit.live_table import submit_off_loop
from app.ui.kit.widgets import card, sid
from scoring.message import msg

if TYPE_CHECKING:
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav

#: A space's hit area (px): at least 56×66, inside its 72-px hex.
HIT_W, HIT_H = 56, 66
#: The mode buttons: at least 48 px tall.
MODE_H = 74
#: The ink of the light icon set: an icon on a white token disc keeps it in both themes.
INK = "#1E2A1E"
TOKEN_EDGE = "#72796F"
INFESTED_EDGE = "#BA1A1A"


@dataclass(frozen=True, slots=True)
class Palette:
    """The map's own colours in one theme: each fill with the text drawn on it."""

    free: tuple[str, str]
    harvested: tuple[str, str]
    infested: tuple[str, str]
    outline: str
    drawn: str  # the dashed outline of a space just drawn, and the "New" badge
    on_drawn: str  # text on the "New" badge


LIGHT = Palette(free=("#DCEBCF", "#191D17"), harvested=("#D3BC98", "#191D17"),
                infested=("#FFDAD6", "#410002"), outline="#72796F", drawn="#38656A",
                on_drawn="#FFFFFF")
DARK = Palette(free=("#1D3521", "#E0E4DA"), harvested=("#4A3A22", "#F3E6D0"),
               infested=("#93000A", "#FFDAD6"), outline="#8C9388", drawn="#A0CFD4",
               on_drawn="#00363B")

#: Each mode's icon (an ``assets/icons`` stem; None: the hand, a Material icon).
MODE_ICONS: dict[str, str | None] = {
    "harvester": "harvester", "act": None, "harvested": "harvested",
    "infested": "infested-wood", "thinning": "forester-thinning",
    "den_tree": "forester-den-tree", "painting": "forester-painting"}
FORESTER_ICONS = {"thinning": "forester-thinning", "den_tree": "forester-den-tree",
                  "painting": "forester-painting"}
#: The modes on the first row; the forester-token corrections get their own row.
MOVE_MODES = ("harvester", "act", "harvested", "infested")


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
    dark = is_dark(app.page)
    mine = _my_colour(p)
    return keep_piece(app, p, "play-map",
                      (tiles, mode, FM.modes(p.state), error, lit, dark, mine),
                      lambda: _map(app, p, c, lang, tiles, mode, lit, dark, mine))


def _my_colour(p: SheetHost) -> str:
    """The colour of the player this phone acts for (their space's outline)."""
    i = me(p)
    players = p.state.players
    return FM.player_colour(getattr(players[i], "colour", None) if i < len(players) else None,
                            i)


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


def _space_handler(app: Nav, p: SheetHost,
                   c: TableClient) -> Callable[[Any], Awaitable[None]]:
    """One handler for every space of a map (the space is the hit area's ``data``)."""
    async def handler(e: Any) -> None:  # a coroutine function: Flet awaits it
        await _tap_space(app, p, c, int(e.control.data))
    return handler


# --------------------------------------------------------------------------- tokens


def _disc(content: ft.Control, edge: str, size: float = 26, width: float = 1.5
          ) -> ft.Container:
    """A token: a white disc with its icon in the light set's ink (both themes)."""
    return ft.Container(content, width=size, height=size, shape=ft.BoxShape.CIRCLE,
                        bgcolor="#FFFFFF", border=ft.Border.all(width, edge),
                        alignment=ft.Alignment.CENTER)


def harvester_disc(colour: str, size: float = 26) -> ft.Container:
    """A harvester: a white disc ringed in its player's colour (the line drawn on white)."""
    return _disc(icon("harvester", size * 0.62), PLAYER_COLOURS[colour][2], size, 3)


def forester_disc(kind: str, size: float = 26) -> ft.Container:
    return _disc(icon(FORESTER_ICONS[kind], size * 0.7), TOKEN_EDGE, size)


def infested_disc(size: float = 26) -> ft.Container:
    return _disc(icon("infested-wood", size * 0.72), INFESTED_EDGE, size)


def _fill(tile: FM.MapTile, pal: Palette) -> tuple[str, str]:
    return pal.infested if tile.infested else pal.harvested if tile.harvested else pal.free


def _tokens(tile: FM.MapTile, dark: bool) -> list[ft.Control]:
    discs: list[ft.Control] = [harvester_disc(c) for c in tile.colours[:2]]
    if tile.forester:
        discs.append(forester_disc(tile.forester))
    if tile.infested:
        discs.append(infested_disc())
    if not discs and tile.harvested:  # the stump: what "dark side up" shows
        discs.append(icon("harvested", 24, dark=dark))
    if len(discs) > 2:  # three tokens still fit the space's width
        for d in discs:
            if isinstance(d, ft.Container):
                d.width = d.height = 20
    return discs


# --------------------------------------------------------------------------- the honeycomb


def _hexes(spaces: Sequence[int], inset: float) -> list[cv.Path.PathElement]:
    """The outlines of ``spaces`` as the elements of one path (a sub-path each)."""
    out: list[cv.Path.PathElement] = []
    for space in spaces:
        (x0, y0), *rest = FM.hex_corners(space, inset)
        out.append(cv.Path.MoveTo(x0, y0))
        out.extend(cv.Path.LineTo(x, y) for x, y in rest)
        out.append(cv.Path.Close())
    return out


def _edges(spaces: Sequence[int], inset: float) -> list[ft.OffsetValue]:
    """The outlines of ``spaces`` as line segments (pairs of points: plain tuples, light)."""
    out: list[ft.OffsetValue] = []
    for space in spaces:
        corners = FM.hex_corners(space, inset)
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            out += (a, b)
    return out


def _bands(spaces: Sequence[int], r: float) -> list[ft.OffsetValue]:
    """The spaces' hexes (circumradius ``r``) filled as thick line segments: a regular
    hexagon is the union of its three rectangles whose corners are four of its corners
    (each one segment through the centre, √3·r long, drawn ``r`` wide with butt caps).
    Plain tuples in one shape per colour: a path's elements cost a session ~0.6 KB each."""
    out: list[ft.OffsetValue] = []
    half = math.sqrt(3) * r / 2
    for space in spaces:
        cx, cy = FM.hex_centre(space)
        for angle in (0.0, 60.0, 120.0):  # across the flat sides, then turned by 60°
            dx, dy = half * math.cos(math.radians(angle)), half * math.sin(math.radians(angle))
            out += ((cx - dx, cy - dy), (cx + dx, cy + dy))
    return out


def _shapes(tiles: tuple[FM.MapTile, ...], lit: frozenset[int], pal: Palette,
            mine: str, dark: bool) -> list[cv.Shape]:
    """The spaces' hexes: filled by kind (:func:`_bands`, a shape per colour), outlined
    (line segments; this phone's own 4 px in its colour), a dashed inner outline on each
    space just drawn. A few shapes, not 45: memory per session."""
    out: list[cv.Shape] = []
    lines = cv.PointMode.LINES
    r = FM.HEX_RADIUS - 2
    for fill in (pal.free, pal.harvested, pal.infested):
        bands = _bands([t.space for t in tiles if _fill(t, pal) == fill], r)
        if bands:
            out.append(cv.Points(bands, point_mode=lines, paint=ft.Paint(
                color=fill[0], stroke_width=r, stroke_cap=ft.StrokeCap.BUTT)))
    out.append(cv.Points(_edges([t.space for t in tiles], inset=2), point_mode=lines,
                         paint=ft.Paint(color=pal.outline, stroke_width=1.5,
                                        stroke_cap=ft.StrokeCap.ROUND)))
    own = [t.space for t in tiles if t.mine]
    if own:
        out.append(cv.Points(_edges(own, inset=2), point_mode=lines, paint=ft.Paint(
            color=seat_colour(mine, dark).line, stroke_width=4,
            stroke_cap=ft.StrokeCap.ROUND)))
    drawn = [t.space for t in tiles if t.space in lit]
    if drawn:
        out.append(cv.Path(_hexes(drawn, inset=7), paint=ft.Paint(
            color=pal.drawn, stroke_width=3, stroke_dash_pattern=[5, 4],
            style=ft.PaintingStyle.STROKE, stroke_join=ft.StrokeJoin.ROUND)))
    return out


def _space(lang: str, tile: FM.MapTile, lit: bool, pal: Palette, dark: bool,
           on_tap: Callable[[Any], Awaitable[None]]) -> ft.Control:
    """A space's hit area: its number, its tokens, its harvester's name, "New"."""
    ink = _fill(tile, pal)[1]
    items: list[ft.Control] = [
        ft.Text(str(tile.space), size=15, weight=ft.FontWeight.BOLD, color=ink)]
    tokens = _tokens(tile, dark)
    if len(tokens) == 1:
        items.extend(tokens)
    elif tokens:
        items.append(ft.Row(tokens, spacing=1, alignment=ft.MainAxisAlignment.CENTER,
                            tight=True))
    name = FM.tile_name(tile)
    if name:  # underlined in its player's colour
        items.append(ft.Text(name, size=11, weight=ft.FontWeight.BOLD, color=ink,
                             no_wrap=True, style=ft.TextStyle(
                                 decoration=ft.TextDecoration.UNDERLINE,
                                 decoration_color=seat_colour(tile.colours[0], dark).line,
                                 decoration_thickness=2.5)))
    if lit:
        items.append(ft.Container(
            ft.Text(l10n.render(lang, FM.MapLabel.MAP_NEW), size=10,
                    weight=ft.FontWeight.BOLD, color=pal.on_drawn, no_wrap=True),
            bgcolor=pal.drawn, border_radius=7, padding=ft.Padding.symmetric(horizontal=5)))
    box = ft.Container(
        items[0] if len(items) == 1 else ft.Column(
            items, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        width=HIT_W, height=HIT_H, alignment=ft.Alignment.TOP_CENTER, data=tile.space,
        on_click=on_tap)
    label = FM.tile_label(lang, tile)
    if lit:  # drawn in the last draws: said too, not only drawn (screen readers)
        label = l10n.render(lang, FM.MapLabel.MAP_DRAWN, label=label)
    return sid(f"map-space-{tile.space}", box, button=True, label=label, selected=lit)


def honeycomb(app: Nav, p: SheetHost, c: TableClient, lang: str,
              tiles: tuple[FM.MapTile, ...], lit: frozenset[int], dark: bool,
              mine: str) -> ft.Control:
    """The 15 spaces: one canvas of hexes under their hit areas, a positioned row of them
    per row of the honeycomb."""
    pal = DARK if dark else LIGHT
    canvas = cv.Canvas(_shapes(tiles, lit, pal, mine, dark), width=FM.MAP_WIDTH,
                       height=FM.MAP_HEIGHT)
    rows: dict[float, list[FM.MapTile]] = {}
    for t in tiles:
        rows.setdefault(FM.hex_centre(t.space)[1], []).append(t)
    placed: list[ft.Control] = []
    on_tap = _space_handler(app, p, c)
    for cy, row in rows.items():
        x0 = FM.hex_centre(row[0].space)[0]
        placed.append(ft.Row(
            [_space(lang, t, t.space in lit, pal, dark, on_tap) for t in row],
            spacing=FM.HEX_WIDTH - HIT_W, left=x0 - HIT_W / 2, top=cy - HIT_H / 2,
            height=HIT_H))
    return ft.Row([ft.Stack([canvas, *placed], width=FM.MAP_WIDTH, height=FM.MAP_HEIGHT)],
                  alignment=ft.MainAxisAlignment.CENTER)


# --------------------------------------------------------------------------- mode and legend


def _mode_icon(mode: str, size: float, dark: bool) -> ft.Control:
    name = MODE_ICONS[mode]
    if name is None:
        return ft.Icon(ft.Icons.PAN_TOOL_OUTLINED, size=size,
                       color=INK if not dark else ft.Colors.ON_SURFACE)
    return icon(name, size, dark=dark)


def banner(lang: str, mode: str) -> ft.Control:
    """The current mode, large: "Now: Move my harvester" and what a tap does."""
    now = l10n.render(lang, FM.MapLabel.MAP_MODE_NOW, mode=msg(FM.MapLabel.MAP_MODE, mode=mode))
    does = l10n.render(lang, FM.MapLabel.MAP_MODE_TAP, mode=mode)
    disc = ft.Container(_mode_icon(mode, 28, False), width=44, height=44,
                        shape=ft.BoxShape.CIRCLE, bgcolor="#FFFFFF",
                        alignment=ft.Alignment.CENTER)
    words = ft.Column([ft.Text(now, size=16, weight=ft.FontWeight.BOLD,
                               color=ft.Colors.ON_PRIMARY),
                       ft.Text(does, size=13, color=ft.Colors.ON_PRIMARY)],
                      spacing=1, expand=True, tight=True)
    return sid("map-mode-now", ft.Container(
        ft.Row([disc, words], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.PRIMARY, border_radius=14,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8)), container=True)


def _mode_button(app: Nav, p: SheetHost, lang: str, m: str, selected: bool,
                 dark: bool) -> ft.Control:
    text = l10n.render(lang, FM.MapLabel.MAP_MODE, mode=m)
    fg = ft.Colors.ON_PRIMARY_CONTAINER if selected else ft.Colors.ON_SURFACE
    box = ft.Container(
        ft.Column([_mode_icon(m, 20, dark),
                   ft.Text(text, size=11.5, color=fg, text_align=ft.TextAlign.CENTER,
                           max_lines=3, overflow=ft.TextOverflow.ELLIPSIS)],
                  spacing=1, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                  alignment=ft.MainAxisAlignment.CENTER),
        height=MODE_H, border_radius=12, alignment=ft.Alignment.CENTER,
        padding=ft.Padding.symmetric(horizontal=2),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else ft.Colors.SURFACE,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if selected
        else ft.Border.all(1, ft.Colors.OUTLINE),
        on_click=lambda e, m=m: _set_mode(app, p, m))
    # checked: read as the chosen one of the modes (aria-checked), as the chips were
    return sid(f"map-mode-{m}", box, button=True, selected=selected, checked=selected,
               expand=True)


def mode_rows(app: Nav, p: SheetHost, lang: str, mode: str, dark: bool) -> list[ft.Control]:
    """The modes as buttons with icons and full words; the forester-token corrections on
    their own row, "Put a forester token:"."""
    offered = FM.modes(p.state)

    def button(m: str) -> ft.Control:
        return _mode_button(app, p, lang, m, m == mode, dark)

    first = [button(m) for m in MOVE_MODES if m in offered]
    tokens = [button(m) for m in offered if m not in MOVE_MODES]
    label = ft.Container(ft.Text(l10n.render(lang, FM.MapLabel.MAP_FORESTER_ROW), size=12.5,
                                 weight=ft.FontWeight.BOLD,
                                 color=ft.Colors.ON_SURFACE_VARIANT),
                         expand=True, alignment=ft.Alignment.CENTER_LEFT)
    return [ft.Row(first, spacing=6), ft.Row([label, *tokens], spacing=6)]


def _swatch(fill: str, edge: str) -> ft.Control:
    return ft.Container(width=22, height=22, bgcolor=fill, border_radius=6,
                        border=ft.Border.all(1, edge))


def _dashed(colour: str) -> ft.Control:
    """A small hex with the dashed outline of a space just drawn."""
    (x0, y0), *rest = [(11, 1), (20, 6), (20, 16), (11, 21), (2, 16), (2, 6)]
    elements = [cv.Path.MoveTo(x0, y0), *(cv.Path.LineTo(x, y) for x, y in rest),
                cv.Path.Close()]
    return cv.Canvas([cv.Path(elements, paint=ft.Paint(
        color=colour, stroke_width=2.5, stroke_dash_pattern=[4, 3],
        style=ft.PaintingStyle.STROKE))], width=22, height=22)


def legend(lang: str, dark: bool, mine: str, other: str) -> ft.Control:
    """What each mark on the map means (colour never alone: each is said in words)."""
    pal = DARK if dark else LIGHT
    marks: dict[str, ft.Control] = {
        "mine": harvester_disc(mine, 24), "others": harvester_disc(other, 24),
        "forester": forester_disc("thinning", 24), "infested": infested_disc(24),
        "harvested": ft.Container(icon("harvested", 17), width=22, height=22,
                                  bgcolor=LIGHT.harvested[0], border_radius=6,
                                  border=ft.Border.all(1, TOKEN_EDGE),
                                  alignment=ft.Alignment.CENTER),
        "drawn": _dashed(pal.drawn), "free": _swatch(pal.free[0], pal.outline)}
    items: list[ft.Control] = [ft.Row([marks[k], ft.Text(
        l10n.render(lang, FM.MapLabel.MAP_LEGEND, item=k), size=12, expand=True)],
        spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER, col=6)
        for k in FM.LEGEND]
    return sid("map-legend", ft.ResponsiveRow(items, spacing=4, run_spacing=4))


def _title(lang: str) -> ft.Control:
    chip = ft.Container(ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE, size=16,
                                        color=ft.Colors.ON_SECONDARY_CONTAINER),
                                ft.Text(l10n.render(lang, FM.MapLabel.MAP_SCHEMATIC),
                                        size=12.5, weight=ft.FontWeight.BOLD,
                                        color=ft.Colors.ON_SECONDARY_CONTAINER)],
                               spacing=4, tight=True),
                        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=8,
                        padding=ft.Padding.symmetric(horizontal=10, vertical=5))
    return ft.Row([ft.Text(l10n.render(lang, FM.MapLabel.MAP_TITLE), size=18,
                           weight=ft.FontWeight.BOLD, expand=True), chip],
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _map(app: Nav, p: SheetHost, c: TableClient, lang: str,
         tiles: tuple[FM.MapTile, ...], mode: str,
         lit: frozenset[int] = frozenset(), dark: bool = False,
         mine: str = "blue") -> ft.Control:
    others = [c for t in tiles if not t.mine for c in t.colours]
    other = next((o for o in others if o != mine), "blue" if mine != "blue" else "red")
    items: list[ft.Control] = [
        _title(lang), banner(lang, mode), *mode_rows(app, p, lang, mode, dark),
        honeycomb(app, p, c, lang, tiles, lit, dark, mine), legend(lang, dark, mine, other),
        sid("map-schematic-note", ft.Row([
            ft.Icon(ft.Icons.INFO_OUTLINE, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(l10n.render(lang, FM.MapLabel.MAP_SCHEMATIC_NOTE), size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT, expand=True)],
            vertical_alignment=ft.CrossAxisAlignment.START, spacing=6)),
    ]
    error = p.error if p.error_id in ("space", "type", "table") else None
    if error:
        items.append(sid("map-error", ft.Text(error, color=ft.Colors.ERROR)))
    return card(items, identifier="play-map", padding=12)
