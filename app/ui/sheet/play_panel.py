"""The play-along pieces of the sheet (issue 12): banner, turn, the game's own piece (its
:attr:`~app.ui.kit.game_ui.GameUI.play_piece`: the forest map, the planting check), who
changed what.

Thin: the view models are :mod:`app.ui.sheet.play`; taps send session
commands through the table's live link (:func:`app.ui.kit.live_table.on_tap`), made when
tapped against the version on screen (``app.ui.sheet.play`` with ``p.version``).
Pieces are kept between redraws while their key is unchanged (:mod:`app.ui.kit.kept`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.game.status import Status
from app.ui.kit.games import ui
from app.ui.kit.kept import forget_pieces, keep_piece, keep_slot
from app.ui.kit.live_table import on_tap
from app.ui.kit.widgets import TOUCH, card, muted, sid
from app.ui.sheet import play as PP
from app.ui.sheet.clock import clock_piece

if TYPE_CHECKING:
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav
    from app.ui.sheet.presenter import SheetPresenter

@dataclass(slots=True)
class PanelState:
    """What this tab chose on a game's panel (one per game id): the changes unfolded."""

    changes_open: bool = False


def _lang(app: Nav) -> str:
    return str(app.settings.language)


def banner_piece(app: Nav, p: SheetPresenter) -> ft.Control | None:
    """The banner of the last draws or reveal (None: nothing to say)."""
    if not p.banner:
        return None
    lang, banner, why = _lang(app), p.banner, p.banner_why
    return keep_piece(app, p, "play-banner", (banner, why, lang),
                      lambda: _banner(lang, banner, why))


def pieces(app: Nav, p: SheetPresenter, c: TableClient,
           banner: bool = True) -> list[ft.Control]:
    """The play-along controls for the sheet, top to bottom: the turn (a game that keeps
    its turns), the game's own piece, who changed what; ``banner=False``: without the banner
    (the sheet shows it on top, :func:`banner_piece`)."""
    lang = _lang(app)
    out: list[ft.Control] = []
    top = banner_piece(app, p) if banner else None
    if top is not None:
        out.append(top)
    turn = _turn_of(p.state)
    if turn is not None:
        read_only = p.status == Status.FINISHED
        out.append(keep_piece(app, p, "play-turn", (turn, read_only, ends_turn_here(p)),
                         lambda: _turn(app, p, c, lang, turn)))
    clock = clock_piece(app, p, c)  # the game clock (app/ui/sheet/clock.py)
    if clock is not None:
        out.append(clock)
    if p.status != Status.FINISHED:  # the game's own piece (app/ui/kit/game_ui.py)
        out.append(ui(p.game).play_piece(app, p, c, lang))
    panel = app.states.get(PanelState, p.snapshot.game_id)
    open_log = panel is not None and panel.changes_open
    # folded: only the last change (a redraw on every phone after every tap stays small)
    changes = PP.change_lines(lang, p.snapshot, limit=8 if open_log else 1)
    mine = p.snapshot.last_change_of(p.locked_player) is not None
    # each line new after every tap at the table: in a slot of its own, sent alone in its
    # place; the card around the lines is kept while it holds the same slots (a first
    # change of mine, the log opened: a new card, sent alone in the card's slot)
    items = _changes(app, p, c, lang, changes, mine, open_log)
    out.append(keep_slot(app, p, "play-changes", tuple(map(id, items)),
                         lambda: card(items, identifier="play-changes"),
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
    return out


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


def _as_of_now(p: SheetPresenter, command: Any) -> Any:
    """The card's command (it names the turn the card showed) against the version on
    screen: a turn that has ended since is "already done" (its key no longer matches)."""
    return replace(command, version=p.version)


def due_here(p: SheetPresenter) -> str:
    """The sheet action this phone's turn card offers (the round token due before the
    round's first turn, on the turn's player's phone and the host's), else ``""``: the
    section leaves it out (one control per id)."""
    turn = _turn_of(p.state)  # (None when the game is not in play)
    seat = p.locked_player
    return "" if turn is None or turn.due is None or not turn.due_action \
        or seat not in (None, turn.seat) else turn.due_action


def ends_turn_here(p: SheetPresenter) -> bool:
    """Whether the status strip holds ``turn-end`` on this phone (:mod:`app.ui.sheet.strip`:
    the turn's player's phone and the host's); the turn card then leaves it out."""
    turn = _turn_of(p.state)
    return turn is not None and turn.due is None and p.status == Status.PLAYING \
        and p.locked_player in (None, turn.seat)


def _turn_of(state: Any) -> PP.TurnView | None:
    """The turn of ``state`` (:func:`PP.turn_view` at version 0), worked out once for every
    phone and piece that draws the same state (the hub hands each phone the same one)."""
    kept = _TURN[0]
    if kept is not None and kept[0] is state:
        return kept[1]
    turn = PP.turn_view(state)
    _TURN[0] = (state, turn)
    return turn


#: the last :func:`_turn_of` (the state it was asked of, its turn)
_TURN: list[tuple[Any, PP.TurnView | None] | None] = [None]


def _turn(app: Nav, p: SheetPresenter, c: TableClient, lang: str,
          turn: PP.TurnView) -> ft.Control:
    lines = PP.turn_lines(lang, turn)
    end, due = turn.command, turn.due
    button = due is not None and bool(due_here(p))  # it says the due line (notes[0])
    items: list[ft.Control] = [
        sid("turn-title", ft.Text(lines[0], size=17, weight=ft.FontWeight.BOLD)),
        *[sid(f"turn-line-{i}", muted(line)) for i, line in enumerate(lines[1:])
          if not (button and i == 0)],
    ]
    if due is not None and button:  # the turn's player turns up the round's token
        items.append(sid(f"sheet-{turn.due_action}", ft.FilledButton(
            content=ft.Text(lines[1]), height=TOUCH, icon=ft.Icons.FLIP,
            on_click=on_tap(app, p, c, lambda: _as_of_now(p, due))), button=True))
    # where the status strip holds ``turn-end`` (the turn's player's phone, the host's) the
    # card's button is ``turn-end-card``: one control per id, and a tap landing here just
    # after the turn passed to this phone is still "already done" (issue 35)
    ident = "turn-end-card" if ends_turn_here(p) else "turn-end"
    items.append(sid(ident, ft.FilledTonalButton(
        content=ft.Text(l10n.render(lang, PP.PlayLabel.TURN_END, name=turn.player)),
        height=TOUCH, icon=ft.Icons.SKIP_NEXT,
        on_click=on_tap(app, p, c, lambda: _as_of_now(p, end))), button=True))

    return card(items, identifier="play-turn")


def _toggle_log(app: Nav, p: SheetPresenter) -> None:
    panel = app.states.setdefault(PanelState, PanelState, p.snapshot.game_id)
    panel.changes_open = not panel.changes_open
    forget_pieces(app, p)
    app.refresh()


def _line(ident: str, line: str) -> ft.Control:
    return sid(ident, ft.Text(line, size=13))


def _changes(app: Nav, p: SheetPresenter, c: TableClient, lang: str,
             lines: tuple[str, ...], mine: bool, open_log: bool) -> list[ft.Control]:
    """The changes card's rows: its head, the last change (the last 8 with the log open),
    each in a slot, and "Undo my last change"."""
    items: list[ft.Control] = [
        keep_piece(app, p, "changes-head", open_log, lambda: ft.Row([
            ft.Text(l10n.render(lang, PP.PlayLabel.CHANGES_TITLE), size=16,
                    weight=ft.FontWeight.BOLD, expand=True),
            sid("changes-more", ft.IconButton(
                icon=ft.Icons.EXPAND_LESS if open_log else ft.Icons.EXPAND_MORE,
                tooltip=l10n.render(lang, PP.PlayLabel.CHANGES_MORE, open=open_log),
                width=TOUCH, height=TOUCH, on_click=lambda e: _toggle_log(app, p))),
        ])),
        *[keep_slot(app, p, f"changes-line-{i}", line, partial(_line, f"changes-line-{i}", line))
          for i, line in enumerate(lines)],
    ]
    if p.status != Status.FINISHED:
        items.append(keep_piece(app, p, "undo-mine", mine, lambda: sid(
            "undo-mine", ft.OutlinedButton(
                content=ft.Text(l10n.render(lang, PP.PlayLabel.UNDO_MINE)), height=TOUCH,
                icon=ft.Icons.UNDO, disabled=not mine,
                on_click=on_tap(app, p, c, p.undo_mine)), button=True)))
    return items
