"""The play-along pieces of the sheet (issue 12): banner, turn, forest map, who changed what.

Thin: the view models are :mod:`app.ui.sheet.play`; taps send session
commands through the table's live link (:func:`app.ui.kit.live_table.on_tap`), made when
tapped against the version on screen (``app.ui.sheet.play`` with ``p.version``).
Pieces are kept between redraws while their key is unchanged (:mod:`app.ui.kit.kept`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.game.status import Status
from app.ui.kit.games import PlayPiece, ui
from app.ui.kit.kept import forget_pieces, keep_piece
from app.ui.kit.live_table import on_tap, submit_off_loop
from app.ui.kit.widgets import CHIP_LABEL_PADDING, TOUCH, card, muted, sid
from app.ui.reference.planting import planting_check
from app.ui.sheet import play as PP
from scoring.message import msg

if TYPE_CHECKING:
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav
    from app.ui.sheet.presenter import SheetPresenter

TILE = 60


@dataclass(slots=True)
class PanelState:
    """What this tab chose on a game's panel (one per game id): map mode, changes unfolded."""

    map_mode: str = field(default=PP.MODES[0])
    changes_open: bool = False
    #: the map's tiles as last worked out, with what they were worked out from (the forest
    #: board, the names, the mode, the phone's player): a version that left the board as it
    #: was (a count on a sheet) shows the same tiles
    tiles: tuple[Any, ...] | None = None


def _lang(app: Nav) -> str:
    return str(app.settings.language)


def me(p: SheetPresenter) -> int:
    """The player this phone acts for on the map: its seat, or the sheet shown (host)."""
    return p.locked_player if p.locked_player is not None else p.player


def map_mode(app: Nav, p: SheetPresenter) -> str:
    kept = app.states.get(PanelState, p.snapshot.game_id)
    mode = kept.map_mode if kept is not None else PP.MODES[0]
    return mode if mode in PP.modes(p.state) else PP.MODES[0]


def _set_mode(app: Nav, p: SheetPresenter, mode: str) -> None:
    app.states.setdefault(PanelState, PanelState, p.snapshot.game_id).map_mode = mode
    forget_pieces(app, p)
    app.refresh()


def banner_piece(app: Nav, p: SheetPresenter) -> ft.Control | None:
    """The banner of the last draws or reveal (None: nothing to say)."""
    if not p.banner:
        return None
    lang, banner, why = _lang(app), p.banner, p.banner_why
    return keep_piece(app, p, "play-banner", (banner, why, lang),
                      lambda: _banner(lang, banner, why))


def pieces(app: Nav, p: SheetPresenter, c: TableClient,
           banner: bool = True) -> list[ft.Control]:
    """The play-along controls for the sheet, top to bottom (Forestry in play; the quick
    reference for every game); ``banner=False``: without the banner (the sheet shows it
    on top, :func:`banner_piece`)."""
    lang = _lang(app)
    out: list[ft.Control] = []
    top = banner_piece(app, p) if banner else None
    if top is not None:
        out.append(top)
    turn = PP.turn_view(p.state)
    if turn is not None:
        read_only = p.status == Status.FINISHED
        out.append(keep_piece(app, p, "play-turn", (turn, read_only),
                         lambda: _turn(app, p, c, lang, turn)))
    if p.status != Status.FINISHED:  # the game's own piece (app/ui/kit/game_ui.py)
        out.append(PIECES[ui(p.game).play_piece](app, p, c, lang))
    panel = app.states.get(PanelState, p.snapshot.game_id)
    open_log = panel is not None and panel.changes_open
    # folded: only the last change (a redraw on every phone after every tap stays small)
    changes = PP.change_lines(lang, p.snapshot, limit=8 if open_log else 1)
    mine = p.snapshot.last_change_of(p.locked_player) is not None
    out.append(keep_piece(app, p, "play-changes", (changes, mine, p.status, open_log),
                     lambda: _changes(app, p, c, lang, changes, mine, open_log)))
    return out


def _forest_map(app: Nav, p: SheetPresenter, c: TableClient, lang: str) -> ft.Control:
    """Forestry: the shared forest board, its taps in the chosen mode."""
    mode = map_mode(app, p)
    panel = app.states.setdefault(PanelState, PanelState, p.snapshot.game_id)
    made_of = (PP.forest_table(p.state), tuple(p.names()), mode, me(p))
    memo = panel.tiles
    if memo is not None and memo[0] is made_of[0] and memo[1:4] == made_of[1:]:
        tiles = memo[4]
    else:
        tiles = PP.map_tiles(p.state, mode, me(p))
        panel.tiles = (*made_of, tiles)
    error = p.error if p.error_id in ("space", "type", "table") else None
    lit = p.banner_spaces
    return keep_piece(app, p, "play-map", (tiles, mode, PP.modes(p.state), error, lit),
                      lambda: _map(app, p, c, lang, tiles, mode, lit))


def _planting_check(app: Nav, p: SheetPresenter, c: TableClient, lang: str) -> ft.Control:
    """Forest Guardians: where a player enters a tree (003)."""
    return planting_check(app, lang)


#: The play-along piece of each game (:attr:`app.ui.kit.game_ui.GameUI.play_piece`).
PIECES: dict[PlayPiece, Callable[[Nav, SheetPresenter, TableClient, str], ft.Control]] = {
    PlayPiece.FOREST_MAP: _forest_map,
    PlayPiece.PLANTING_CHECK: _planting_check,
}


def reference_button(app: Nav, p: SheetPresenter) -> ft.Control:
    return sid("sheet-reference", ft.IconButton(
        icon=ft.Icons.MENU_BOOK, tooltip=l10n.render(_lang(app), PP.PlayLabel.REFERENCE_OPEN),
        width=TOUCH, height=TOUCH,
        on_click=lambda e: app.go("reference", game=p.game, **app.params)))


def _banner(lang: str, lines: tuple[str, ...], why: tuple[str, ...] = ()) -> ft.Control:
    """One short line per draw; the skip rule once, folded behind "why"."""
    items: list[ft.Control] = [
        ft.Text(l10n.render(lang, PP.PlayLabel.BANNER_TITLE), weight=ft.FontWeight.BOLD),
        *[sid(f"play-banner-{i}", ft.Text(line, size=14)) for i, line in enumerate(lines)]]
    if why:
        items.append(sid("play-banner-why", ft.ExpansionTile(
            title=ft.Text(l10n.render(lang, PP.PlayLabel.BANNER_WHY), size=13),
            controls=[sid(f"play-banner-why-{i}", ft.Text(rule, size=13))
                      for i, rule in enumerate(why)],
            tile_padding=ft.Padding.symmetric(horizontal=0), dense=True)))
    return sid("play-banner", ft.Container(ft.Column(items, spacing=2),
                                           bgcolor=ft.Colors.SECONDARY_CONTAINER, padding=12,
                                           border_radius=8))


def _turn_command(p: SheetPresenter) -> Any:
    """"End my turn" against the version on screen (None: no turn to end)."""
    turn = PP.turn_view(p.state, p.version)
    return None if turn is None else turn.command


def _turn(app: Nav, p: SheetPresenter, c: TableClient, lang: str,
          turn: PP.TurnView) -> ft.Control:
    lines = PP.turn_lines(lang, turn)
    items: list[ft.Control] = [
        sid("turn-title", ft.Text(lines[0], size=17, weight=ft.FontWeight.BOLD)),
        *[sid(f"turn-line-{i}", muted(line)) for i, line in enumerate(lines[1:])],
        sid("turn-end", ft.FilledTonalButton(
            content=ft.Text(l10n.render(lang, PP.PlayLabel.TURN_END)), height=TOUCH,
            icon=ft.Icons.SKIP_NEXT, on_click=on_tap(app, p, c, lambda: _turn_command(p))),
            button=True),
    ]

    return card(items, identifier="play-turn")


async def _tap_space(app: Nav, p: SheetPresenter, c: TableClient, space: int) -> None:
    """A tap on a space, read against the mode this tab is in *now* (kept on the server,
    not the one the tile was drawn for); a one-off action puts the map back to moving the
    harvester. Nothing to do there in that mode: said in the snack bar."""
    mode = map_mode(app, p)
    command = PP.map_command(p.state, mode, me(p), space, p.version)
    if command is None:
        lang = _lang(app)
        text = l10n.render(lang, PP.PlayLabel.MAP_NOTHING, space=space,
                           mode=msg(PP.PlayLabel.MAP_MODE, mode=mode))
        app.page.show_dialog(ft.SnackBar(content=sid("map-nothing", ft.Text(text)),
                                         duration=3000))
        return
    if mode in PP.ONE_OFF_MODES:
        app.states.setdefault(PanelState, PanelState, p.snapshot.game_id).map_mode = PP.MODES[0]
    await submit_off_loop(app, p, c, lambda: PP.map_command(p.state, mode, me(p), space,
                                                             p.version))


def _space_handler(app: Nav, p: SheetPresenter, c: TableClient,
                   space: int) -> Callable[[Any], Awaitable[None]]:
    async def handler(_e: Any) -> None:  # a coroutine function: Flet awaits it
        await _tap_space(app, p, c, space)
    return handler


def _tile(app: Nav, p: SheetPresenter, c: TableClient, lang: str,
          tile: PP.MapTile, mode: str, lit: bool = False) -> ft.Control:
    # light on purpose (one card of 15 of these is on every phone): two texts, colours
    lines = [str(tile.space), *PP.tile_marks(lang, tile)]
    marks: list[ft.Control] = [
        ft.Text(lines[0], size=14, weight=ft.FontWeight.BOLD),
        ft.Text("\n".join(lines[1:]), size=10, text_align=ft.TextAlign.CENTER,
                color=ft.Colors.GREEN_800 if tile.forester else None),
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
    label = PP.tile_label(lang, tile)
    if lit:  # drawn in the last draws: said too, not only drawn (screen readers)
        label = l10n.render(lang, PP.PlayLabel.MAP_DRAWN, label=label)
    return sid(f"map-space-{tile.space}", box, button=True, label=label, selected=lit)


def _map(app: Nav, p: SheetPresenter, c: TableClient, lang: str,
         tiles: tuple[PP.MapTile, ...], mode: str,
         lit: frozenset[int] = frozenset()) -> ft.Control:
    chips = [
        sid(f"map-mode-{m}", ft.Chip(
            height=TOUCH, label_padding=CHIP_LABEL_PADDING,
            label=ft.Text(l10n.render(lang, PP.PlayLabel.MAP_MODE, mode=m)),
            selected=m == mode, on_select=lambda e, m=m: _set_mode(app, p, m)),
            selected=m == mode)
        for m in PP.modes(p.state)
    ]
    items: list[ft.Control] = [
        ft.Text(l10n.render(lang, PP.PlayLabel.MAP_TITLE), size=18, weight=ft.FontWeight.BOLD),
        muted(l10n.render(lang, PP.PlayLabel.MAP_HELP), 13),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        sid("map-mode-now", ft.Container(ft.Text(
            l10n.render(lang, PP.PlayLabel.MAP_MODE_NOW,
                        mode=msg(PP.PlayLabel.MAP_MODE, mode=mode)),
            weight=ft.FontWeight.BOLD), bgcolor=ft.Colors.PRIMARY_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=6)),
        ft.Row([_tile(app, p, c, lang, t, mode, t.space in lit) for t in tiles], wrap=True,
               spacing=4, run_spacing=4),
    ]
    error = p.error if p.error_id in ("space", "type", "table") else None
    if error:
        items.append(sid("map-error", ft.Text(error, color=ft.Colors.ERROR)))
    return card(items, identifier="play-map")


def _toggle_log(app: Nav, p: SheetPresenter) -> None:
    panel = app.states.setdefault(PanelState, PanelState, p.snapshot.game_id)
    panel.changes_open = not panel.changes_open
    forget_pieces(app, p)
    app.refresh()


def _line(ident: str, line: str) -> ft.Control:
    return sid(ident, ft.Text(line, size=13))


def _changes(app: Nav, p: SheetPresenter, c: TableClient, lang: str,
             lines: tuple[str, ...], mine: bool, open_log: bool) -> ft.Control:
    items: list[ft.Control] = [
        keep_piece(app, p, "changes-head", open_log, lambda: ft.Row([
            ft.Text(l10n.render(lang, PP.PlayLabel.CHANGES_TITLE), size=16,
                    weight=ft.FontWeight.BOLD, expand=True),
            sid("changes-more", ft.IconButton(
                icon=ft.Icons.EXPAND_LESS if open_log else ft.Icons.EXPAND_MORE,
                tooltip=l10n.render(lang, PP.PlayLabel.CHANGES_MORE, open=open_log),
                width=TOUCH, height=TOUCH, on_click=lambda e: _toggle_log(app, p))),
        ])),
        *[keep_piece(app, p, f"changes-line-{i}", line, partial(_line, f"changes-line-{i}", line))
          for i, line in enumerate(lines)],
    ]
    if p.status != Status.FINISHED:
        items.append(keep_piece(app, p, "undo-mine", mine, lambda: sid(
            "undo-mine", ft.OutlinedButton(
                content=ft.Text(l10n.render(lang, PP.PlayLabel.UNDO_MINE)), height=TOUCH,
                icon=ft.Icons.UNDO, disabled=not mine,
                on_click=on_tap(app, p, c, p.undo_mine)), button=True)))
    return card(items, identifier="play-changes")
