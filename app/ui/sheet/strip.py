"""The status strip: pinned above a game's sheet on every phone (it never scrolls away).

Two rows, 100 px (``../shared/design/README.md``, "Status strip"):

1. whose turn it is and the round (``status-turn``: a tap goes to the turn card), or the
   round token due, or the last turns of a game whose end is triggered; "End my turn"
   (``turn-end``) on the turn's player's phone and the host's; "To apply" with its count
   (``status-apply``: a tap opens the sheet of what the app suggests, each with Apply and
   Dismiss); the live total and rank (``sheet-total``: a tap opens the
   scoreboard); the menu (``status-menu``) with what the old top bar held.
2. one chip per seat (``sheet-player-N``) in the player's colour: ▶ on the turn's player,
   the name and total, "you" on this phone's own, and whether that seat's phone is
   connected (a filled dot and "online", a ring and "offline": the hub's
   :meth:`~app.table.hub.TableHub.presence`).

A presence change redraws the strip only (:func:`present`, ``Nav.repin``). When the phone
itself is offline the server cannot draw: the page's own pill says "Reconnecting… Taps
waiting: N" (:mod:`app.web.taps`), over the strip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.game.status import Status
from app.store.crud import FAILURES
from app.ui.kit import flet_compat
from app.ui.kit.colours import is_dark, seat_colour
from app.ui.kit.fit import (
    CHIP_SECOND,
    END_SIZE,
    Fit,
    chip_frame,
    chip_size,
    chip_words,
    chips_whole,
    fit_row,
    split_lines,
)
from app.ui.kit.kept import forget_pieces, keep_piece, keep_slot
from app.ui.kit.live_table import on_tap
from app.ui.kit.widgets import TOUCH, sid
from app.ui.sheet import play as PP
from app.ui.sheet import play_panel

if TYPE_CHECKING:
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav
    from app.ui.sheet.presenter import SheetPresenter

HEIGHT = 100
ROW1, ROW2 = 52, 48


@dataclass(slots=True)
class Seen:
    """Who is connected at a game's table, as this tab last heard it (one per game id)."""

    presence: Any = None
    #: a seat's phone has been connected while this tab watched: from then on each seat
    #: shows online or offline (before, on the host's device, the game is passed round)
    phones: bool = False


@dataclass(frozen=True, slots=True)
class Menu:
    """What the sheet's view lends the menu: the Final board switch, Finish, whether this
    phone has the seat QR codes, and the language one tap switches to."""

    toggle_final: Callable[[Any], Any]
    finish: Callable[[Any], Any]
    shares: bool
    other_language: str
    #: the board's parts one tap away (id, short name) and what opens them ("Go to")
    parts: tuple[tuple[str, str], ...] = ()
    go_to: Callable[[Any], Any] | None = None
    #: what "To apply" opens: the sheet of what the app suggests this player apply
    to_apply: Callable[[Any], Any] | None = None


@dataclass(frozen=True, slots=True)
class Top:
    """What row 1 says: its main line, the line under it, the turn's seat (-1: none)."""

    main: str
    sub: str
    seat: int = -1
    end: str = ""  # "End my turn" / "End Ken's turn" when this phone ends the turn


def _lang(app: Nav) -> str:
    return str(app.settings.language)


def _top(app: Nav, p: SheetPresenter, final: bool) -> Top:
    """Row 1's words: the game's end, the round token due, the turn, the last turns."""
    lang, t = _lang(app), app.t
    if p.status == Status.FINISHED:
        return Top(t("sheet-finished"), "")
    if final:
        return Top(p.say("sheet-final-board"), "")
    turn = play_panel._turn_of(p.state)
    last = p.still_to_play() if p.status == Status.PLAYING else ()
    if turn is None:
        if last:
            return Top(t("status-last-turns", names=p.say("list-commas").join(last)), "")
        return Top(t(f"game-{p.game}"), "")
    sub = (t("status-round-of", round=turn.round, rounds=turn.rounds) if turn.rounds
           else t("status-round", round=turn.round))
    if last:
        sub = t("status-last-turns", names=p.say("list-commas").join(last))
    if turn.due is not None and turn.notes:  # a new round: the token first, every phone
        return Top(l10n.render(lang, turn.notes[0]), sub, turn.seat)
    mine = p.locked_player == turn.seat
    main = t("status-your-turn") if mine else t("status-plays", name=turn.player)
    end = ""
    if p.locked_player is None or mine:
        end = t("turn-end-mine") if mine else l10n.render(lang, PP.PlayLabel.TURN_END,
                                                          name=turn.player)
    return Top(main, sub, turn.seat, end)


def _scroll_to(app: Nav, key: str) -> Callable[[Any], Any]:
    async def go(_e: Any) -> None:
        await flet_compat.scroll_to_part(app.page, key)
    return go


def _turn_block(app: Nav, p: SheetPresenter, top: Top, dark: bool, fit: Fit) -> ft.Control:
    """Whose turn it is and the round, in full (``fit``: laid out so that the words fit a
    phone's row uncut: the seat's coloured ▶ before them while there is room)."""
    colours = p.colours()
    colour = colours[top.seat] if 0 <= top.seat < len(colours) else None
    seat = seat_colour(colour, dark)
    badge = ft.Container(ft.Icon(ft.Icons.PLAY_ARROW if top.seat >= 0 else ft.Icons.FLAG,
                                 color=seat.on_fill, size=20),
                         width=32, height=32, shape=ft.BoxShape.CIRCLE, bgcolor=seat.fill,
                         alignment=ft.Alignment.CENTER)
    # each line its own node: a browser test compares the words' width with their box
    main = "\n".join(split_lines(top.main, fit.size, 2)) if fit.wrap else top.main
    words: list[ft.Control] = [sid("status-turn-who", ft.Text(
        main, size=fit.size, weight=ft.FontWeight.BOLD, max_lines=2 if fit.wrap else 1,
        overflow=ft.TextOverflow.ELLIPSIS,
        style=ft.TextStyle(height=1.15) if fit.wrap else None))]
    if top.sub:
        words.append(sid("status-turn-round", ft.Text(
            top.sub, size=12, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS)))
    # the Row's own child expands (a Semantics around an expanding Container would not)
    return ft.Container(sid("status-turn", ft.Container(
        ft.Row([*([badge] if fit.badge else []),
                ft.Container(ft.Column(words, spacing=0, tight=True), expand=True)],
               spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        height=ROW1, border_radius=8, padding=ft.Padding.only(left=2, right=2),
        on_click=_scroll_to(app, "part-play")),
        button=True, label=" · ".join(x for x in (top.main, top.sub) if x)), expand=True)


def _apply_block(app: Nav, count: int, compact: bool,
                 opens: Callable[[Any], Any] | None) -> ft.Control:
    said = app.t("status-apply", n=count)
    badge = ft.Container(ft.Text(str(count), size=13, weight=ft.FontWeight.BOLD,
                                 color=ft.Colors.ON_SECONDARY),
                         width=24, height=24, shape=ft.BoxShape.CIRCLE,
                         bgcolor=ft.Colors.SECONDARY, alignment=ft.Alignment.CENTER)
    content: ft.Control = badge if compact else ft.Row(
        [ft.Text(app.t("status-apply-word"), size=13, weight=ft.FontWeight.W_600,
                 color=ft.Colors.ON_SECONDARY_CONTAINER), badge], spacing=6, tight=True)
    return sid("status-apply", ft.Container(
        content, height=TOUCH, width=TOUCH if compact else None,
        padding=ft.Padding.symmetric(horizontal=0 if compact else 10),
        border_radius=TOUCH // 2, bgcolor=ft.Colors.SECONDARY_CONTAINER,
        alignment=ft.Alignment.CENTER, on_click=opens,
        tooltip=said), button=True, label=said)


def _total_block(app: Nav, p: SheetPresenter, name: str, total: int | None,
                 rank: int | None, n: int, provisional: bool) -> ft.Control:
    rank_line = app.t("status-rank", r=rank, n=n) if rank else ""
    items: list[ft.Control] = [sid("sheet-total", ft.Text(
        "–" if total is None else str(total), size=24, weight=ft.FontWeight.BOLD,
        color=ft.Colors.PRIMARY))]
    if rank_line:
        items.append(sid("status-rank", ft.Text(rank_line, size=11, no_wrap=True,
                                                color=ft.Colors.ON_SURFACE_VARIANT)))
    if provisional:  # (said to screen readers; the score notes say which value is missing)
        items[0] = sid("sheet-total-provisional", items[0],
                       label=p.say("sheet-total-provisional"))
    label = app.t("status-total-label", name=name, total="–" if total is None else total,
                  rank=rank_line, ranked=bool(rank_line))
    return sid("sheet-total-card", ft.Container(
        ft.Column(items, spacing=-4, tight=True,
                  horizontal_alignment=ft.CrossAxisAlignment.END),
        height=ROW1, padding=ft.Padding.symmetric(horizontal=4), border_radius=8,
        alignment=ft.Alignment.CENTER_RIGHT,
        on_click=lambda e: app.go("scoreboard", **app.params)), button=True, label=label)


def _item(ident: str, text: str, icon: Any, on_click: Any, disabled: bool = False,
          checked: bool | None = None) -> ft.PopupMenuItem:
    return ft.PopupMenuItem(content=sid(ident, ft.Text(text), button=True), icon=icon,
                            on_click=on_click, disabled=disabled, checked=checked,
                            height=TOUCH)


def _menu(app: Nav, p: SheetPresenter, c: TableClient, final: bool, menu: Menu) -> ft.Control:
    """⋮: go to a part of the board, quick reference, language, Final board, Undo my last
    change, scoreboard; for the host: the seat QR codes, undo / redo, finish."""
    t, lang = app.t, _lang(app)
    snap = p.snapshot
    items: list[ft.PopupMenuItem] = []
    if menu.parts and menu.go_to is not None:  # the board's parts, one tap away
        items.append(_item("status-go-to", t("status-go-to"), ft.Icons.LIST, menu.go_to))
    items.append(_item("sheet-reference", l10n.render(lang, PP.PlayLabel.REFERENCE_OPEN),
                       ft.Icons.MENU_BOOK,
                       lambda e: app.go("reference", game=p.game, **app.params)))
    if app.locked is not None:  # table mode has no settings screen: the language is here
        other = menu.other_language
        items.append(_item("table-language",
                           t("tablemode-language", language=t(f"lang-{other}")),
                           ft.Icons.TRANSLATE, app.toggle_language))
    items.append(_item("sheet-final-board", p.say("sheet-final-board"), ft.Icons.GRID_ON,
                       menu.toggle_final, checked=final))
    if p.status != Status.FINISHED:
        mine = snap.last_change_of(p.locked_player) is not None
        items.append(_item("status-undo-mine", l10n.render(lang, PP.PlayLabel.UNDO_MINE),
                           ft.Icons.UNDO, on_tap(app, p, c, p.undo_mine), disabled=not mine))
    items.append(_item("status-scoreboard", t("sheet-scoreboard"), ft.Icons.LEADERBOARD,
                       lambda e: app.go("scoreboard", **app.params)))
    if menu.shares:
        items.append(_item("sheet-share", t("sheet-share"), ft.Icons.QR_CODE,
                           lambda e: app.go("host", game_id=snap.game_id)))
    if p.locked_player is None:  # undo/redo take back anyone's taps: the host's
        items.append(_item("sheet-undo", t("sheet-undo"), ft.Icons.UNDO,
                           on_tap(app, p, c, p.undo), disabled=not snap.can_undo))
        items.append(_item("sheet-redo", t("sheet-redo"), ft.Icons.REDO,
                           on_tap(app, p, c, p.redo), disabled=not snap.can_redo))
        if p.status != Status.FINISHED:
            items.append(_item("status-finish", t("sheet-finish"), ft.Icons.FLAG,
                               menu.finish))
    return sid("status-menu", ft.PopupMenuButton(
        icon=ft.Icons.MORE_VERT, tooltip=t("status-menu"), items=items,
        width=TOUCH, height=TOUCH), button=True, label=t("status-menu"))


def _dot(colour: str | None, online: bool, dark: bool) -> ft.Control:
    """The seat's colour: a filled dot when its phone is connected, a ring when not."""
    line = seat_colour(colour, dark).line
    if online:
        return ft.Container(width=14, height=14, shape=ft.BoxShape.CIRCLE, bgcolor=line)
    return ft.Container(width=14, height=14, shape=ft.BoxShape.CIRCLE,
                        border=ft.Border.all(2.5, line))


def chip_second(t: Any, you: bool, online: bool | None) -> str:
    """A seat chip's second line: "you" on this phone's own, online or offline at a table
    of phones ("" when neither)."""
    said = [t("status-you")] if you else []
    if online is not None:
        said.append(t("status-online") if online else t("status-offline"))
    return " · ".join(said)


def chip_first(name: str, total: int | None, active: bool) -> str:
    """A seat chip's first line: ▶ on the turn's player, the name and total."""
    return f"{'▶ ' if active else ''}{name}" + ("" if total is None else f"  {total}")


def _chip(app: Nav, p: SheetPresenter, i: int, first: ft.Control, said: str, share: int,
          you: bool, online: bool | None, colour: str | None, dark: bool,
          many: bool) -> ft.Control:
    """Seat ``i``'s chip: its first line (``first``: ▶ on the turn's player, the name and
    total, in a slot of its own), ``said`` under it ("you", online), its ``share`` of the
    row."""
    lines: list[ft.Control] = [first]
    # the dot and the second line kept while they say the same (a total changes on every
    # phone at every tap: only the first line is new then, sent alone in its slot)
    if said:
        lines.append(keep_piece(app, p, f"strip-chip-{i}-second", said, lambda: ft.Text(
            said, size=CHIP_SECOND, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
            color=ft.Colors.ON_SURFACE_VARIANT)))
    line = seat_colour(colour, dark).line
    lit = online is not False
    chip = ft.Chip(
        height=TOUCH, label_padding=ft.Padding.only(left=2),
        padding=ft.Padding.symmetric(horizontal=4),
        leading=keep_piece(app, p, f"strip-chip-{i}-dot", (colour, lit, dark),
                           lambda: _dot(colour, lit, dark)),
        label=ft.Column(lines, spacing=0, tight=True),
        selected=i == p.player, show_checkmark=False,
        border_side=ft.BorderSide(2, line) if you else None,
        width=None if not many else 112,
        on_select=partial(select_player, app, p, i))
    return ft.Container(sid(f"sheet-player-{i}", chip, selected=i == p.player, button=True),
                        expand=share if not many else False)


def _first_line(app: Nav, p: SheetPresenter, i: int, first: str, size: int) -> ft.Control:
    """Seat ``i``'s chip's first line (at ``size`` px: the largest at which every chip's is
    whole), in a slot: a total that changes sends this text alone."""
    return keep_slot(app, p, f"strip-chip-{i}-first", (first, size), lambda: ft.Text(
        first, size=size, weight=ft.FontWeight.W_600, max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS))


def _share(first: str, said: str, size: int, you: bool) -> int:
    """A chip's share of the row: by what it says (the turn's ▶ and a long name take more,
    "you · online" under a short name): an even share cut "▶ Mei 42" on the host's phone
    once "To apply" sat beside them, and a share by the first line alone "you · online"
    under "Mei  22"."""
    return max(1, round(chip_words(first, said, size) + chip_frame(you)))


def select_player(app: Nav, p: SheetPresenter, i: int, _e: Any = None) -> None:
    """Show player ``i``'s sheet (this phone's pieces drawn anew)."""
    p.select(i)
    forget_pieces(app, p)
    app.refresh()


def _online(app: Nav, p: SheetPresenter, c: TableClient) -> frozenset[int] | None:
    """The seats (0-based) whose phones are connected; None: not a table of phones (one
    device: no connection to show)."""
    if app.hub is None and app.locked is None:  # the app on one device, no table link
        return None
    seen = app.states.setdefault(Seen, Seen, p.snapshot.game_id)
    presence = seen.presence
    if presence is None:
        try:
            presence = c.presence()
        except FAILURES:
            return None
        seen.presence = presence
    on = {s - 1 for s in getattr(presence, "seats", ())}
    seen.phones = seen.phones or bool(on)
    if p.locked_player is not None:  # this phone is drawing: it is connected
        on.add(p.locked_player)
    elif not seen.phones:  # the host's device, no seat's phone yet: the game is passed
        return None  # round this one (every seat "offline" said nothing true)
    return frozenset(on)


def build(app: Nav, p: SheetPresenter, c: TableClient, final: bool,
          menu: Menu) -> list[ft.Control]:
    """The strip's two rows (each kept while it shows and does the same; their box is
    :func:`frame`)."""
    names = tuple(p.names())
    totals = tuple(p.total(i) for i in range(len(names)))
    sheet = p.sheet()
    rank = sheet.players[p.player].rank if sheet is not None else None
    provisional = sheet is not None and not sheet.complete
    top = _top(app, p, final)
    online = _online(app, p, c)
    colours = tuple(p.colours())
    dark = is_dark(app.page)
    # what the suggestions section lists (this player's suggestions still to apply)
    apply_n = 0 if final else len(p.state.suggestions_of(p.player))
    return _build(app, p, c, final, menu, names, totals, rank, provisional, top, online,
                  colours, dark, apply_n)


def _build(app: Nav, p: SheetPresenter, c: TableClient, final: bool, menu: Menu,
           names: tuple[str, ...], totals: tuple[int | None, ...], rank: int | None,
           provisional: bool, top: Top, online: frozenset[int] | None,
           colours: tuple[str | None, ...], dark: bool, apply_n: int) -> list[ft.Control]:
    # each part kept while it shows the same (a tap elsewhere changes a total or two: the
    # rest of the strip stays the very controls the phone has: nothing to build or diff)
    row1: list[ft.Control] = []
    if app.locked is None:  # the laptop's app: home is one tap away
        row1.append(keep_piece(app, p, "strip-home", None, lambda: sid("nav-back", ft.IconButton(
            icon=ft.Icons.ARROW_BACK, tooltip=app.t("nav-home"), on_click=app.home,
            width=TOUCH, height=TOUCH))))
    turn = play_panel._turn_of(p.state)
    ends_here = bool(top.end) and turn is not None and play_panel.ends_turn_here(p)
    name, total, n = names[p.player], totals[p.player], len(names)
    applies = not final and p.status != Status.FINISHED
    active = top.seat
    many = len(names) > 4  # (their row scrolls)
    firsts = [chip_first(who, totals[i], i == active) for i, who in enumerate(names)]
    seconds = [chip_second(app.t, i == p.locked_player, None if online is None else i in online)
               for i in range(len(names))]
    you_here = p.locked_player is not None
    fit = fit_row(top.main, top.sub, end=top.end if ends_here else "",
                  apply_word=app.t("status-apply-word"), apply_n=apply_n if applies else None,
                  total="–" if total is None else str(total),
                  rank=app.t("status-rank", r=rank, n=n) if rank else "",
                  back=app.locked is None,
                  # "To apply" before the chips only if their names stay whole
                  row2=many or chips_whole(firsts, taken=TOUCH + 4, you=you_here,
                                           seconds=seconds))
    row1.append(keep_piece(app, p, "strip-turn", (top, dark, colours, fit),
                           lambda: _turn_block(app, p, top, dark, fit)))
    if ends_here and turn is not None:
        end = turn.command  # it names the turn it ends (a late tap: "already done")
        row1.append(keep_piece(app, p, "strip-end", (top.end, p.locked_player, end, fit),
                               lambda: _end_button(app, p, c, top.end, end, fit)))
    apply: list[ft.Control] = []  # in row 1, or before the seat chips when row 1 is full
    if applies and fit.apply != "none":
        compact = fit.apply != "full"
        apply.append(keep_piece(app, p, "strip-apply", (apply_n, compact, fit.apply),
                                lambda: _apply_block(app, apply_n, compact, menu.to_apply)))
    if fit.apply != "row2":
        row1.extend(apply)
    # (this seat's total: new at each of its changes, sent alone in its slot)
    row1.append(keep_slot(app, p, "strip-total", (name, total, rank, n, provisional),
                          lambda: _total_block(app, p, name, total, rank, n, provisional)))
    snap = p.snapshot
    row1.append(keep_piece(app, p, "strip-menu", (
        final, p.status, p.locked_player, app.locked is None, snap.can_undo, snap.can_redo,
        snap.last_change_of(p.locked_player) is not None, menu.shares, menu.other_language,
        menu.parts),
        lambda: _menu(app, p, c, final, menu)))
    # one size for every chip's first line: the largest at which each is whole
    size = 13 if many else chip_size(
        firsts, taken=TOUCH + 4 if apply and fit.apply == "row2" else 0, you=you_here,
        seconds=seconds)
    chips = []
    for i, first in enumerate(firsts):
        you, colour = i == p.locked_player, colours[i] if i < len(colours) else None
        on = None if online is None else i in online
        said = seconds[i]
        line = _first_line(app, p, i, first, size)
        share = _share(first, said, size, you)
        chips.append(keep_piece(
            app, p, f"strip-chip-{i}",
            (id(line), said, share, you, on, colour, dark, many, i == p.player),
            partial(_chip, app, p, i, line, said, share, you, on, colour, dark, many)))
    # the rows and the box: kept while they hold the very same pieces
    top_row = keep_piece(app, p, "strip-row1", tuple(map(id, row1)), lambda: ft.Row(
        row1, spacing=4, height=ROW1, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if fit.apply == "row2":
        chips = [*apply, *chips]
    seat_row = keep_piece(app, p, "strip-row2", tuple(map(id, chips)), lambda: ft.Row(
        chips, spacing=4, height=ROW2, scroll=ft.ScrollMode.AUTO if many else None,
        vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return [top_row, seat_row]


def frame(rows: ft.Control) -> ft.Control:
    """The strip's box round its two rows (``rows``: the page's column holding them), made
    once a visit: a total that changes sends its row alone (``Nav.pin``)."""
    return sid("status-strip", ft.Container(
        rows, height=HEIGHT, bgcolor=ft.Colors.SURFACE_CONTAINER,
        padding=ft.Padding.symmetric(horizontal=4)))


def _end_button(app: Nav, p: SheetPresenter, c: TableClient, words: str,
                end: Any, fit: Fit) -> ft.Control:
    """End my turn (End Ken's turn on the host's phone): ``end``, the command naming the
    turn shown, against the version on screen when tapped (a turn that has ended since
    is "already done"); as wide as its words need (``fit``: on two lines when the row is
    short)."""
    def make() -> Any:
        return play_panel._as_of_now(p, end)
    size = END_SIZE[fit.end_lines]
    lines = "\n".join(split_lines(words, size, fit.end_lines))  # where Japanese may break
    return sid("turn-end", ft.FilledButton(
        content=ft.Text(lines, size=size, max_lines=fit.end_lines,
                        text_align=ft.TextAlign.CENTER,
                        style=ft.TextStyle(height=1.1) if fit.end_lines > 1 else None),
        height=TOUCH, width=fit.end_width or None,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
        on_click=on_tap(app, p, c, make)), button=True, label=words)


def present(app: Nav, p: SheetPresenter, presence: Any,
            redraw: Callable[[], list[ft.Control]]) -> None:
    """Who is connected changed (on the tab's loop): the strip alone is drawn again
    (``redraw``: the sheet's strip as :func:`build` makes it)."""
    seen = app.states.setdefault(Seen, Seen, p.snapshot.game_id)
    if seen.presence == presence:
        return
    seen.presence = presence
    if app.route != "sheet" or str(app.params.get("game_id")) != str(p.snapshot.game_id):
        return
    app.repin(redraw())
