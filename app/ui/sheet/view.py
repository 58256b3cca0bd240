"""A game in play: harvesters and start, the player sheets with a live total.

The sheet is drawn from its presenter (:mod:`app.ui.sheet.presenter`); its taps go
through the table's live link (:mod:`app.ui.kit.live_table`) and its pieces are kept
between redraws (:mod:`app.ui.kit.kept`). The scoreboard is :mod:`app.ui.sheet.scoreboard`.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from app.game.status import Status
from app.i18n import LANGUAGES, language_of
from app.l10n import refusal, render
from app.store.crud import FAILURES
from app.table.answers import Accepted
from app.ui.finish.presenter import load_finish
from app.ui.finish.view import _result
from app.ui.kit import flet_compat
from app.ui.kit.colours import is_dark
from app.ui.kit.games import ui
from app.ui.kit.kept import forget_pieces, keep_column, keep_piece, keep_slot
from app.ui.kit.keypad import KeyField, open_keypad
from app.ui.kit.live_table import (
    Inbox,
    OpenTable,
    TableClient,
    drawing,
    on_tap,
    submit_off_loop,
    tapped,
)
from app.ui.kit.photos import photos_card
from app.ui.kit.sheet_views import CardItem, GridColumn, Section
from app.ui.kit.widgets import (
    CHIP_LABEL_PADDING,
    TOUCH,
    big_button,
    bottom_sheet,
    card,
    header,
    muted,
    sid,
    stepper,
)
from app.ui.sheet import play_panel, strip
from app.ui.sheet.presenter import SheetPresenter
from app.ui.sheet.swipe import board_swipe

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------- wiring


def open_table(app: Nav) -> OpenTable[SheetPresenter] | str:
    """The presenter and table link of the current game (made once per tab and game)."""
    game_id = app.params.get("game_id")
    if game_id is None:
        return app.t("common-not-available-reason", what="game")
    kept = app.states.get(OpenTable, game_id)
    if kept is not None:
        kept.presenter.t = app.t
        return kept
    svc = app.services
    hub = app.hub if app.hub is not None else svc.hub()
    if hub is None:
        return app.t("common-not-available-reason", what="session")
    token = app.params.get("token") or app.tokens.get(game_id) or svc.host_token(game_id)
    client = TableClient(hub, game_id, cast(str, token))  # None: no token (the hub refuses)
    try:
        snap = client.snapshot()
        access = client.access()
    except FAILURES as exc:
        return app.t("sheet-no-table", message=refusal(language_of(app.t), exc))
    locked = access.player if access is not None and not access.is_host else None
    presenter = SheetPresenter(app.t, snap, locked_player=locked)
    opened = app.states.put(OpenTable(presenter, client), game_id)

    def apply(snapshot: Any) -> None:
        if snapshot.version > presenter.version:
            ended = presenter.status != Status.FINISHED \
                and snapshot.state.status == Status.FINISHED
            presenter.update(snapshot)
            if ended and app.locked is not None:  # the result: a screen every phone sees,
                app.go("sheet", game_id=game_id)  # from its top (the result comes first)
            elif app.route in ("sheet", "scoreboard") and app.params.get("game_id") == game_id:
                app.refresh()

    def present(presence: Any) -> None:
        strip.present(app, presenter, presence, lambda: status_strip(app, presenter, client))

    inbox = app.states.put(Inbox(app, client, apply, present), game_id)
    app.on_reconnect(inbox.catch_up)
    inbox.subscribe()
    return opened


@dataclass(slots=True)
class TableResult:
    """A finished table's result on a table link's phone (key: game id and language)."""

    view: Any


def finish_handler(app: Nav, p: SheetPresenter, c: TableClient
                    ) -> Callable[[Any], Awaitable[None]]:
    async def handler(_e: Any) -> None:
        await _finish(app, p, c)
    return handler


async def _finish(app: Nav, presenter: SheetPresenter, client: TableClient) -> None:
    """End the game (asking first when a player still has a turn by the rules, then when a
    value is still missing); then the finish screen."""
    still = presenter.still_to_play()
    if still:
        _confirm_turns(app, presenter, client, still)
        return
    await _finish_checked(app, presenter, client)


def _ask_finish(app: Nav, p: SheetPresenter, what: str, text: str,
                then: Callable[[], Awaitable[None]]) -> None:
    """A dialog before Finish (``what``: ``turns``, ``missing``): its question, Back, and
    "Finish anyway", which runs ``then``. Ids ``finish-<what>-text|back|anyway``."""
    def close(_e: Any = None) -> None:
        app.page.pop_dialog()

    async def anyway(_e: Any = None) -> None:
        app.page.pop_dialog()
        await then()

    key = f"finish-{what}"
    app.page.show_dialog(ft.AlertDialog(
        modal=True,
        title=ft.Text(p.say(f"{key}-title")),
        content=sid(f"{key}-text", ft.Text(text)),
        actions=[
            sid(f"{key}-back", ft.TextButton(content=ft.Text(p.say(f"{key}-back")),
                                             on_click=close), button=True),
            sid(f"{key}-anyway", ft.FilledButton(
                content=ft.Text(p.say(f"{key}-anyway")), on_click=anyway), button=True),
        ],
    ))


def _confirm_turns(app: Nav, p: SheetPresenter, c: TableClient,
                   names: tuple[str, ...]) -> None:
    """The game is not over by the rules ("Mei still has a turn"): finish anyway?"""
    listed = p.say("list-commas").join(names)
    _ask_finish(app, p, "turns", p.say("finish-turns-text", n=len(names), names=listed),
                lambda: _finish_checked(app, p, c))


async def _finish_checked(app: Nav, presenter: SheetPresenter, client: TableClient) -> None:
    """End the game, asking first when a printed value is still missing."""
    sheet = presenter.sheet()
    if sheet is not None and not sheet.complete:
        _confirm_finish(app, presenter, client, len(sheet.needs))
        return
    await _finish_now(app, presenter, client)


def _confirm_finish(app: Nav, p: SheetPresenter, c: TableClient,
                    missing: int) -> None:
    """Values are missing: finish anyway (complete it later from History)?"""
    _ask_finish(app, p, "missing", p.say("finish-missing-text", n=missing),
                lambda: _finish_now(app, p, c))


async def _finish_now(app: Nav, presenter: SheetPresenter, client: TableClient) -> None:
    """Once the session stored it, show the finish screen."""
    answer = await submit_off_loop(app, presenter, client, presenter.finish)
    if isinstance(answer, Accepted) and answer.snapshot.state.status == Status.FINISHED \
            and app.has_screen("finish") and app.locked is None:
        app.go("finish", game_id=presenter.snapshot.game_id)


# --------------------------------------------------------------------------- pieces


def _error_place(p: SheetPresenter, s: Section) -> tuple[str | None, str] | None:
    """Where section ``s`` shows the last refusal: ``(count id, text)`` next to the count
    its field names, ``(None, text)`` at the card's end; None when it is not this card's."""
    if not (p.error and p.error_id):
        return None
    at = next((count.id for count in s.counts if count.id.endswith(p.error_id)), None)
    if at is None and not p.error_id.startswith(s.id):
        return None
    return at, p.error


def _section(app: Nav, p: SheetPresenter, c: TableClient, s: Section,
             final: bool = False) -> ft.Control:
    """A section's card (kept while it looks and acts the same).

    ``s``'s controls hold :class:`~app.ui.kit.sheet_views.Tap` values (no version):
    equal when the card looks and acts the same; a tap makes its command then.
    """
    error = _error_place(p, s)
    moved = play_panel.due_here(p) if s.actions else ""  # on the turn card, when due
    if moved and any(a.id == moved for a in s.actions):
        s = replace(s, actions=tuple(a for a in s.actions if a.id != moved))
    return keep_piece(app, p, f"section-{s.id}", (s, error, p.player, p.locked_player, final),
                      lambda: _build_section(app, p, c, s, error, final))


def _chip(app: Nav, p: SheetPresenter, c: TableClient, ident: str, o: Any,
          narrow: bool = False) -> ft.Control:
    """A choice's chip; ``narrow`` (inside a board column): no check mark (its colour
    says it is chosen) and tighter padding, so two digits fit side by side, still a whole
    touch target wide."""
    return keep_piece(app, p, ident, (o, narrow), lambda: sid(ident, ft.Chip(
        height=TOUCH, width=TOUCH if narrow else None, label_padding=CHIP_LABEL_PADDING,
        label=ft.Text(o.label, size=13), selected=o.selected, show_checkmark=not narrow,
        padding=ft.Padding.all(2) if narrow else None, disabled=o.command is None,
        on_select=tapped(app, p, c, o.command)), selected=o.selected))


def _column(app: Nav, p: SheetPresenter, c: TableClient, g: GridColumn) -> ft.Control:
    """One column of a board component (a forestry table column, a reforestation area)."""
    items: list[ft.Control] = [ft.Text(g.title, size=13, weight=ft.FontWeight.W_600,
                                       max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)]
    for row in g.rows:
        items.append(ft.Row([_chip(app, p, c, f"sheet-{row.id}-{o.value}", o, narrow=True)
                             for o in row.options], wrap=True, spacing=4, run_spacing=4))
    if not g.rows:
        items.append(muted("—"))
    # the Row's own child expands (a Semantics around an expanding Container would not)
    return ft.Container(sid(f"sheet-{g.id}", ft.Container(
        ft.Column(items, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=2, border_radius=8, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))),
        expand=True)


def _card_item(app: Nav, p: SheetPresenter, c: TableClient, k: CardItem) -> ft.Control:
    """A card on the player's table, drawn as a card: its name, its own remove button, the
    choices that belong to it."""
    head: list[ft.Control] = [ft.Text(k.label, size=13)]
    if k.remove is not None:
        head.append(sid(f"sheet-{k.remove.id}", ft.IconButton(
            icon=ft.Icons.CLOSE, tooltip=k.remove.label, width=TOUCH, height=TOUCH,
            disabled=k.remove.command is None,
            on_click=tapped(app, p, c, k.remove.command)), button=True))
    items: list[ft.Control] = [ft.Row(head, spacing=0, tight=True,
                                      vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    for row in k.choices:
        items.append(ft.Row([ft.Text(row.label, size=12),
                             *[_chip(app, p, c, f"sheet-{row.id}-{o.value}", o, narrow=True)
                               for o in row.options]], wrap=True, spacing=4, run_spacing=4))
    return sid(f"sheet-{k.id}", ft.Container(
        ft.Column(items, spacing=2, tight=True),
        padding=ft.Padding.only(left=8, top=2, bottom=2), border_radius=6,
        border=ft.Border.all(1, ft.Colors.OUTLINE)))


def _typed(count: Any) -> bool:
    """Whether a count is typed with the keypad (a field, and this phone may change it)."""
    return count.field is not None and bool(count.minus or count.plus)


def _key_fields(app: Nav, p: SheetPresenter, c: TableClient) -> list[KeyField]:
    """The board's typed counts in reading order (the sections', as the sheet shows them),
    as the keypad types them: each sends one typed value (``SetCount``)."""
    names = p.names()
    icons = ui(p.game).count_icons
    out: list[KeyField] = []
    for s in p.sections():
        if s.id in ("table", "suggestions"):
            continue
        for count in s.counts:
            if not _typed(count):
                continue

            async def send(value: int, field_path: str = cast(str, count.field)) -> None:
                await submit_off_loop(app, p, c, lambda: p.set_value(field_path, value))
            out.append(KeyField(count.id, count.label, count.value,
                                app.t("keypad-owner", name=names[p.player], part=s.title),
                                send, icons.get(count.id)))
    return out


def _open_keypad(app: Nav, p: SheetPresenter, c: TableClient, ident: str,
                 _e: Any = None) -> None:
    """The keypad of the count ``ident`` (its value as the board shows it now); its
    "Next" is the board's next typed count."""
    fields = _key_fields(app, p, c)
    field = next((f for f in fields if f.id == ident), None)
    if field is None:  # no longer typed here (the board changed meanwhile)
        return

    def after(done: KeyField) -> KeyField | None:
        now = _key_fields(app, p, c)
        at = next((n for n, f in enumerate(now) if f.id == done.id), None)
        return now[at + 1] if at is not None and at + 1 < len(now) else None

    open_keypad(app.page, app.t, field, after)


def _build_section(app: Nav, p: SheetPresenter, c: TableClient, s: Section,
                   error: tuple[str | None, str] | None, final: bool) -> ft.Control:
    """A component of the board, drawn as the board shows it: its counts as tiles two
    side by side, its columns side by side, its cards as cards."""
    t = app.t
    items: list[ft.Control] = [ft.Text(s.title, size=17, weight=ft.FontWeight.BOLD)] \
        if s.title else []  # (no title: a sheet's, above it)
    for n, line in enumerate(s.lines):
        items.append(sid(f"sheet-{s.id}-line-{n}", muted(line)))
    tiles: list[ft.Control] = []
    for count in s.counts:
        err = error[1] if error is not None and error[0] == count.id else None
        typed = partial(_open_keypad, app, p, c, count.id) if _typed(count) else None
        def tile(count: Any = count, err: str | None = err, typed: Any = typed) -> ft.Control:
            return stepper(
                f"sheet-{count.id}", count.label, count.value,
                tapped(app, p, c, count.minus) if count.minus else None,
                tapped(app, p, c, count.plus) if count.plus else None,
                t("sheet-decrease", field=count.label), t("sheet-increase", field=count.label),
                error=err, hint=count.hint, on_typed=typed, compact=True,
                typed_label=t("keypad-open", field=count.label))
        tiles.append(keep_piece(app, p, f"sheet-{count.id}", (count, err), tile))
    buttons = [sid(f"sheet-{action.id}", ft.OutlinedButton(
        content=ft.Text(action.label), height=TOUCH, disabled=action.command is None,
        on_click=tapped(app, p, c, action.command)), button=True)
        for action in s.actions if not (final and action.play)]
    if s.columns:  # the component as the board draws it; what lies below it after it
        items.append(ft.Row([_column(app, p, c, g) for g in s.columns], spacing=4,
                            vertical_alignment=ft.CrossAxisAlignment.START))
    if tiles:  # a count's tile and the buttons beside it share the row (the score track)
        items.append(ft.Row(tiles + (buttons if s.columns or not s.choices else []),
                            wrap=True, spacing=8, run_spacing=6,
                            vertical_alignment=ft.CrossAxisAlignment.END))
        if s.columns or not s.choices:
            buttons = []
    for row in s.choices:  # the row's label first, its chips after it on the same line
        items.append(ft.Row([ft.Text(row.label, size=13),
                             *[_chip(app, p, c, f"sheet-{row.id}-{o.value}", o)
                               for o in row.options]], wrap=True, spacing=6, run_spacing=6,
                            vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if buttons:
        items.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    if s.cards:  # after the controls that add them: adding a card moves none of those
        items.append(ft.Row([_card_item(app, p, c, k) for k in s.cards], wrap=True,
                            spacing=6, run_spacing=6))
    if error is not None and error[0] is None:
        items.append(sid(f"sheet-{s.id}-error", ft.Text(error[1], color=ft.Colors.ERROR)))
    return flet_compat.scroll_mark(f"part-{s.id}",
                                   card(items, identifier=f"sheet-section-{s.id}", padding=10))


@dataclass(slots=True)
class BoardMode:
    """This tab's way of showing a game's sheet (one per game id): ``final``, the
    final board mode (a finished board typed in: only the board, no play pieces)."""

    final: bool = False


def final_mode(app: Nav, p: SheetPresenter) -> bool:
    kept = app.states.get(BoardMode, p.snapshot.game_id)
    return kept is not None and kept.final


def toggle_final(app: Nav, p: SheetPresenter, _e: Any = None) -> None:
    mode = app.states.setdefault(BoardMode, BoardMode, p.snapshot.game_id)
    mode.final = not mode.final
    forget_pieces(app, p)
    app.refresh()


def _parts_of(sections: list[Section], final: bool
              ) -> tuple[list[Section], list[Section], Section | None]:
    """The sheet's sections as it lays them out: what the app suggests to apply (none on
    the final board), the player's own board, the shared table."""
    own = [s for s in sections if s.id not in ("table", "suggestions")]
    suggested = [] if final else [s for s in sections if s.id == "suggestions"]
    table = next((s for s in sections if s.id == "table"), None)
    return suggested, own, table


def jump_parts(p: SheetPresenter, final: bool) -> tuple[tuple[str, str], ...]:
    """The parts "Go to" reaches (id, short name): what the app suggests to apply (its
    sheet, as "To apply" opens it), the board below its first screen, the turn and map
    while playing, the table's lines."""
    suggested, own, table = _parts_of(p.sections(), final)
    parts = [(s.id, s.short) for s in suggested + own[2:] if s.short]
    if not final and p.status != Status.FINISHED:
        parts.append(("play", p.say("sheet-jump-play")))
    if table is not None and table.short:
        parts.append(("table", table.short))
    return tuple(parts)


def open_jump_sheet(app: Nav, parts: tuple[tuple[str, str], ...],
                    opens: Mapping[str, Callable[[Any], Any]] | None = None,
                    _e: Any = None) -> None:
    """"Go to" (the strip's menu): a bottom sheet with one button per part of the board; a
    tap closes it and brings that part to the top (the design: no bar above the board),
    or opens that part's own sheet (``opens``, by part id: the suggestions' is the one
    "To apply" opens)."""
    def close(_e: Any = None) -> None:
        with contextlib.suppress(Exception):  # already closed
            app.page.pop_dialog()

    def jump(ident: str) -> Callable[[Any], Awaitable[None]]:
        async def go(_e: Any) -> None:
            close()
            own = (opens or {}).get(ident)
            if own is not None:
                own(None)
            else:
                await flet_compat.scroll_to_part(app.page, f"part-{ident}")
        return go

    buttons: list[ft.Control] = [
        sid(f"sheet-jump-{ident}", ft.OutlinedButton(
            content=ft.Text(name, size=15), height=TOUCH,
            on_click=jump(ident)), button=True)
        for ident, name in parts]
    app.page.show_dialog(bottom_sheet(
        "sheet-jump", app.t("status-go-to-title"),
        [ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)], app.t("board-close"), close))


def undo_redo(app: Nav, p: SheetPresenter, c: TableClient) -> list[ft.Control]:
    t = app.t
    snap = p.snapshot
    if p.locked_player is not None:  # undo/redo take back anyone's taps: the host's
        return []
    return [
        sid("sheet-undo", ft.IconButton(icon=ft.Icons.UNDO, tooltip=t("sheet-undo"),
                                        disabled=not snap.can_undo, width=TOUCH, height=TOUCH,
                                        on_click=on_tap(app, p, c, p.undo))),
        sid("sheet-redo", ft.IconButton(icon=ft.Icons.REDO, tooltip=t("sheet-redo"),
                                        disabled=not snap.can_redo, width=TOUCH, height=TOUCH,
                                        on_click=on_tap(app, p, c, p.redo))),
    ]


def other_language(app: Nav) -> str:
    """The language one tap on ``table-language`` (the strip's menu) switches to."""
    return LANGUAGES[(LANGUAGES.index(app.settings.language) + 1) % len(LANGUAGES)] \
        if app.settings.language in LANGUAGES else LANGUAGES[0]


def shares(app: Nav, p: SheetPresenter) -> bool:
    """Whether the top bar has the table's QR codes: table mode only (a hub serves the
    phones), for the host (the server host or the table's host link), never for a seat."""
    lock = app.locked
    return not (app.hub is None or p.locked_player is not None or not app.has_screen("host")
                or (lock is not None and "host" not in lock["routes"]))


def status_strip(app: Nav, p: SheetPresenter, c: TableClient) -> list[ft.Control]:
    """The strip pinned above the sheet (:mod:`app.ui.sheet.strip`), its menu's actions lent."""
    final = final_mode(app, p)
    parts = jump_parts(p, final)
    to_apply = partial(open_suggestions, app, p, c)
    return strip.build(app, p, c, final, strip.Menu(
        partial(toggle_final, app, p), finish_handler(app, p, c), shares(app, p),
        other_language(app), parts,
        partial(open_jump_sheet, app, parts, {"suggestions": to_apply}), to_apply))


# --------------------------------------------------------------------------- "To apply"


@dataclass(eq=False)
class SuggestionsSheet:
    """The "To apply" sheet while it is open on this phone: its rows follow the board (a
    suggestion applied or dismissed leaves it, on this phone or the host's; a new one comes
    in), and it closes when none is left."""

    game_id: int
    sheet: ft.BottomSheet
    rows: ft.Column


def open_suggestions(app: Nav, p: SheetPresenter, c: TableClient, _e: Any = None) -> None:
    """The strip's "To apply": a bottom sheet with what the app suggests this player apply,
    each with Apply and Dismiss (``sheet-suggest-<id>-apply`` / ``-dismiss``); nothing is
    ever applied by itself."""
    suggested, _own, _table = _parts_of(p.sections(), final_mode(app, p))
    if not suggested or app.states.get(SuggestionsSheet) is not None:
        return
    rows = ft.Column(_suggestion_cards(app, p, c, suggested), spacing=10, tight=True)

    def close(_e: Any = None) -> None:
        _close_suggestions(app)

    def dismissed(_e: Any) -> None:  # swiped down, a tap outside it, or closed here
        kept = app.states.get(SuggestionsSheet)
        if kept is not None and kept.sheet is sheet:  # (not one opened again since)
            app.states.pop(SuggestionsSheet)

    sheet = bottom_sheet("sheet-suggestions", suggested[0].title, [rows],
                         app.t("board-close"), close)
    sheet.on_dismiss = dismissed
    app.states.put(SuggestionsSheet(p.snapshot.game_id, sheet, rows))
    app.page.show_dialog(sheet)


def _suggestion_cards(app: Nav, p: SheetPresenter, c: TableClient,
                      suggested: list[Section]) -> list[ft.Control]:
    """The suggestions' rows, drawn as a section's choices (without its title: the sheet's)."""
    return [_section(app, p, c, replace(s, title=""), final=False) for s in suggested]


def _close_suggestions(app: Nav) -> None:
    opened = app.states.pop(SuggestionsSheet)
    if opened is not None and opened.sheet.open:
        opened.sheet.open = False
        with contextlib.suppress(*flet_compat.TAB_GONE):  # the phone went away meanwhile
            opened.sheet.update()


def _suggestions_follow(app: Nav, p: SheetPresenter, c: TableClient,
                        suggested: list[Section]) -> None:
    """A redraw of the board redraws the open "To apply" sheet too (this phone's own
    Apply, a change on another phone); none left, another table or the final board: it
    closes."""
    opened = app.states.get(SuggestionsSheet)
    if opened is None:
        return
    if not suggested or opened.game_id != p.snapshot.game_id:
        _close_suggestions(app)
        return
    cards = _suggestion_cards(app, p, c, suggested)
    if [id(x) for x in cards] != [id(x) for x in opened.rows.controls]:
        opened.rows.controls = cards
        with contextlib.suppress(*flet_compat.TAB_GONE):
            opened.rows.update()


# --------------------------------------------------------------------------- screens


def build(app: Nav) -> ft.Control:
    """The sheet: a head of what comes and goes, then the board's parts (see below)."""
    t = app.t
    opened = open_table(app)
    if isinstance(opened, str):
        return ft.Column([header(t("app-title"), back=app.back, back_label=t("nav-back")),
                          muted(opened)])
    p, c = opened
    drawing(app, p)  # which version this phone shows once the patch is there (app.shown)
    final = final_mode(app, p)
    app.pin(status_strip(app, p, c), strip.frame)  # the status strip: never scrolls away
    controls = _whose(app, p)
    sections = p.sections()  # taps: made with the version on screen when tapped
    # the board; what the app suggests to apply in the sheet the strip's "To apply" opens
    # (any part of the board: "Go to" in the strip's menu)
    suggested, own, table = _parts_of(sections, final)
    _suggestions_follow(app, p, c, suggested)
    controls.extend(_notices(app, p, sections))
    controls.extend(_setup_or_finished(app, p, c))
    # What comes and goes (news, banner, errors, the suggestions) lives in columns of its
    # own, and the column holding the board's parts keeps the same children from one
    # redraw to the next: a line coming or going above them makes the phone's Flutter
    # build only that column again, not every part (see flet_compat.scroll_mark).
    head = controls
    stretch = ft.CrossAxisAlignment.STRETCH
    parts_column = _parts_column(app, p, c, final, own, table)
    # the columns around the pieces: kept while they hold the very same pieces
    body = keep_column(app, p, "body", [
        keep_column(app, p, "head", head, spacing=10, horizontal_alignment=stretch),
        keep_column(app, p, "parts", parts_column, spacing=10, horizontal_alignment=stretch),
    ], spacing=10, horizontal_alignment=stretch)
    # a swipe sideways: the next or previous seat's board (as a tap on their chip)
    return keep_piece(app, p, "swipe", id(body), lambda: board_swipe(app, p, body))


def _whose(app: Nav, p: SheetPresenter) -> list[ft.Control]:
    """The head's first lines: whose phone this is, a finished table's result, read-only,
    and a scoring failure."""
    t = app.t
    lock = app.locked  # a table link (table mode): no way to the rest of the app
    controls: list[ft.Control] = []
    names = tuple(p.names())
    if lock is not None:  # whose phone this is (the strip's chip says "you" too)
        seat = lock.get("seat")
        controls.append(keep_piece(app, p, "who", (seat, names), lambda: sid("table-who", muted(
            t("tablemode-host") if seat is None else
            t("tablemode-you", name=names[seat - 1], seat=seat), 13))))
    if p.status == Status.FINISHED and lock is not None:  # every phone of the table: the result
        controls.extend(_result_block(app, p.snapshot.game_id))  # first, where it opens
    if p.read_only:
        controls.append(sid("sheet-read-only", muted(
            t("tablemode-read-only", name=names[p.player]))))
    if p.score_error:  # never a silent "–": the scores failed (the server logged it)
        controls.append(sid("sheet-score-error", ft.Text(p.say(p.score_error),
                                                         color=ft.Colors.ERROR)))
    return controls


def _notices(app: Nav, p: SheetPresenter, sections: list[Section]) -> list[ft.Control]:
    """The messages, the news (a snack bar), the play banner and an error no section
    claims."""
    controls: list[ft.Control] = []
    if p.info and p.news_kind == "done":  # what another phone did first (its turn piece)
        controls.append(sid("sheet-messages", ft.Column(
            # no italics: Flutter slants CJK glyphs it has no italic for
            [ft.Text(m, size=14) for m in p.info], spacing=2)))
    _news(app, p)
    banner = play_panel.banner_piece(app, p)
    if banner is not None:
        controls.append(banner)
    claimed = p.error_id is not None and (
        p.error_id.startswith("table") and p.status == Status.SETUP
        or any(p.error_id.startswith(s.id) for s in sections))
    if p.error and not claimed:
        controls.append(sid("sheet-error", ft.Text(p.error, color=ft.Colors.ERROR)))
    return controls


def _setup_or_finished(app: Nav, p: SheetPresenter, c: TableClient) -> list[ft.Control]:
    """The game's setup piece or start button, or the finished line and its result."""
    t = app.t
    controls: list[ft.Control] = []
    setup_piece = ui(p.game).setup_piece
    if p.status == Status.SETUP and setup_piece is not None:  # the game's own (its harvesters)
        controls.append(setup_piece(app, p, c))
    elif p.status == Status.SETUP and p.locked_player is None:
        controls.append(big_button("sheet-start-game", t("sheet-start-game"),
                                   on_tap(app, p, c, p.start_game),
                                   icon=ft.Icons.PLAY_ARROW, primary=True))
    if p.status == Status.FINISHED:
        controls.append(muted(t("sheet-finished")))
        if app.has_screen("finish") and app.locked is None:
            controls.append(big_button("sheet-result", t("finish-open"),
                                       lambda e: app.go("finish", game_id=p.snapshot.game_id),
                                       icon=ft.Icons.EMOJI_EVENTS, primary=True))
    return controls


def _parts_column(app: Nav, p: SheetPresenter, c: TableClient, final: bool,
                  own: list[Section], table: Section | None
                  ) -> list[ft.Control]:
    """The board's parts: the player's board, the play pieces, the table's part and the
    buttons (the suggestions are in the sheet "To apply" opens: :func:`open_suggestions`)."""
    stretch = ft.CrossAxisAlignment.STRETCH
    # the player's own board in a column of its own: another phone's tap changes the
    # pieces after it (the change line, the table), and the board's column stays the same
    draw = partial(_section, app, p, c, final=final)
    drawn = ui(p.game).board  # the game's board drawn as the board, else a card a section
    def keyed(count: Any) -> Any:  # a count's keypad, when this phone types it
        return partial(_open_keypad, app, p, c, count.id) if _typed(count) else None
    parts_column: list[ft.Control] = [_board_column(app, p, own, final, lambda: keep_column(
        app, p, "board", drawn(app, p, c, own, final, draw, keyed) if drawn is not None
        else [draw(section) for section in own], spacing=10, horizontal_alignment=stretch))]
    if not final:  # the play pieces: turn, forest map (or planting check), changes
        play = play_panel.pieces(app, p, c, banner=False)
        parts_column.append(keep_piece(app, p, "part-play", tuple(map(id, play)),
                                       lambda: flet_compat.scroll_mark(
                                           "part-play", ft.Column(play, spacing=10))))
    if table is not None:
        parts_column.append(_section(app, p, c, table, final))
    finish = p.status != Status.FINISHED and p.locked_player is None
    parts_column.append(keep_piece(app, p, "buttons", finish,
                                   lambda: _buttons(app, p, c, finish)))
    return parts_column


def _board_column(app: Nav, p: SheetPresenter, own: list[Section], final: bool,
                  make: Callable[[], ft.Control]) -> ft.Control:
    """The board's column: the very one drawn last time when it is drawn from the very
    same sections for the same seat, mode, theme and language (another player's tap: the
    usual redraw), without asking each of its ~20 pieces whether it changed (a tap on
    this phone draws it anew: ``forget_pieces``)."""
    key = (tuple(own), final, p.player, p.locked_player, p.read_only, p.status, p.error,
           p.error_id, play_panel.due_here(p), tuple(p.names()), tuple(p.colours()),
           is_dark(app.page))
    # (in a slot: a board drawn anew is sent in its place, the columns around it stay)
    return keep_slot(app, p, "board-whole", key, make,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@dataclass(slots=True)
class ShownNews:
    """The last answer this tab showed in its snack bar (one per game id), and the bar."""

    news: int = 0
    bar: Any = None


def _news(app: Nav, p: SheetPresenter) -> None:
    """A refused tap's answer (refused, already done, busy), what an accepted tap said (a
    full row, a water step: ``sheet-messages``) and the game's end where the player looks:
    a snack bar inside the viewport, once, besides its place on the sheet (under the
    control, in the banner, the changes). A new tap makes it old news: the bar goes as the
    sheet's own message does."""
    shown = app.states.setdefault(ShownNews, ShownNews, p.snapshot.game_id)
    text = "\n".join(p.news_lines)
    if p.news == shown.news:
        bar = shown.bar
        if not text and bar is not None and getattr(bar, "open", False):
            shown.bar = None

            def close() -> None:
                bar.open = False
                try:
                    bar.update()
                except flet_compat.TAB_GONE:  # no longer on the page
                    pass
            app.after_render(close)
        return
    shown.news = p.news
    if not text:
        return
    kind = p.news_kind  # refused, done (already done: said as info), said or end
    ident = "sheet-messages" if kind == "said" else f"sheet-news-{kind}"
    bar = ft.SnackBar(content=sid(ident, ft.Text(text)), duration=4000,
                      show_close_icon=True)
    shown.bar = bar
    try:  # now, before the sheet's own patch: the answer is the first thing the phone draws
        app.page.show_dialog(bar)
    except flet_compat.TAB_GONE:  # no page to show it on (the tab went away)
        log.debug("snack bar not shown", exc_info=True)


def _result_block(app: Nav, game_id: int) -> list[ft.Control]:
    """A finished table on a table link's phone: the final result (read-only), on top."""
    key = (game_id, app.settings.language)
    kept = app.states.get(TableResult, key)
    view = kept.view if kept is not None else None
    if view is None:
        store = getattr(app.hub, "store", None) or app.services.store
        try:
            view = load_finish(store, int(game_id), app.t) if store is not None else None
        except FAILURES:  # the sheet below still shows every board
            log.warning("result of table %s could not be read", game_id)
            view = None
        if view is not None:
            app.states.put(TableResult(view), key)
    banner = sid("table-finished", ft.Text(render(language_of(app.t), "tablemode-table-finished"),
                                           size=18, weight=ft.FontWeight.BOLD))

    return [banner, *(_result(app, view) if view is not None else []),
            photos_card(app, int(game_id))]


def _buttons(app: Nav, p: SheetPresenter, c: TableClient,
             finish: bool) -> ft.Control:
    """The scoreboard and finish buttons at the end of the sheet."""
    t = app.t
    items = [big_button("sheet-scoreboard", t("sheet-scoreboard"),
                        lambda e: app.go("scoreboard", **app.params),
                        icon=ft.Icons.LEADERBOARD, primary=True)]
    if finish:
        items.append(big_button("sheet-finish", t("sheet-finish"),
                                finish_handler(app, p, c), icon=ft.Icons.FLAG))
    items.append(ft.Container(height=TOUCH))
    return ft.Column(items, spacing=10)
