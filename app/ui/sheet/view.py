"""A game in play: harvesters and start, the player sheets with a live total, the scoreboard.

Every tap becomes a session command sent through the table hub
(:class:`app.table.hub.TableHub`), made against the version on screen. Every phone
at the table, the tapper included, draws the hub's broadcast (:class:`Inbox`): the
tapper's screen changes when the broadcast reaches it, like every other phone's. A
refusal comes back to the tapper only and is shown next to the control whose field
it names.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from app.game.status import Status
from app.table.answers import Accepted, Refused
from app.ui import play_panel, services
from app.ui.flet_compat import on_screen, subtree
from app.ui.games import ui
from app.ui.presenters_sheet import (
    SheetPresenter,
    TableClient,
    scoreboard,
    stored_scoreboard,
)
from app.ui.screen_state import KeptPieces, OpenTable, TableResult, TapLock
from app.ui.sheet_views import Section, Tap
from app.ui.validate import shown, typed_number
from app.ui.widgets import CHIP_LABEL_PADDING, TOUCH, big_button, card, header, muted, sid, stepper
from scoring.message import Refusal

if TYPE_CHECKING:
    from app.ui.nav import Nav

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------- wiring


def open_table(app: Nav) -> OpenTable | str:
    """The presenter and table link of the current game (made once per tab and game)."""
    game_id = app.params.get("game_id")
    if game_id is None:
        return app.t("common.not_available_reason", what="game")
    kept = app.states.get(OpenTable, game_id)
    if kept is not None:
        kept.presenter.t = app.t
        return kept
    svc = services.shared()
    hub = app.hub if app.hub is not None else svc.hub()
    if hub is None:
        return app.t("common.not_available_reason", what="session")
    token = app.params.get("token") or app.tokens.get(game_id) or svc.host_token(game_id)
    client = TableClient(hub, game_id, cast(str, token))  # None: no token (the hub refuses)
    try:
        snap = client.snapshot()
        access = client.access()
    except Exception as exc:
        from app.i18n import language_of
        from app.l10n import refusal

        return app.t("sheet.no_table", message=refusal(language_of(app.t), exc))
    locked = access.player if access is not None and not access.is_host else None
    presenter = SheetPresenter(app.t, snap, locked_player=locked, printed=client.printed())
    opened = app.states.put(OpenTable(presenter, client), game_id)

    def apply(snapshot: Any) -> None:
        if snapshot.version > presenter.version:
            presenter.update(snapshot)
            if app.route in ("sheet", "scoreboard") and app.params.get("game_id") == game_id:
                app.refresh()

    inbox = app.states.put(Inbox(app, client, apply), game_id)
    app.on_reconnect(inbox.catch_up)
    inbox.subscribe()
    return opened


class Inbox:
    """One tab's live updates from one table: never wedged, caught up on every reconnect.

    Snapshots arrive on the tapping phone's thread (the hub's callback); this tab
    applies them on its own session (the loop, ``page.run_task``). Several arriving
    before the tab's turn are drawn once, at the newest version: a phone shows the
    table as it is, not every step behind it.

    The "queued" flag says a drain is scheduled. It is set only while a schedule
    stands: when ``page.run_task`` fails (the phone is away: Flet dropped the tab's
    connection), it is cleared again at once, so the next snapshot schedules anew
    and :meth:`catch_up` (the tab's ``on_connect``: a phone back from sleep, a
    reload into the kept session) always draws the table as it is now and
    subscribes again if the subscription is gone.
    """

    def __init__(self, app: Nav, client: TableClient,
                 apply: Callable[[Any], None]) -> None:
        import threading

        self.app, self.client, self._apply = app, client, apply
        self.newest: Any = None
        self.queued = False
        self.sub: Any = None
        self._lock = threading.Lock()

    def subscribe(self) -> None:
        try:
            self.sub = self.client.subscribe(self.offer, self.app.on_revoked)
        except Exception:  # no live updates; the tab still works on its own (next catch-up)
            log.debug("subscribing to table %s failed", self.client.game_id, exc_info=True)
            self.sub = None
            return
        self.app.on_close(self.close)

    def close(self) -> None:
        sub, self.sub = self.sub, None
        if sub is not None:
            sub.close()

    def offer(self, snapshot: Any) -> None:
        """A new snapshot of the table (any thread)."""
        with self._lock:
            if self.newest is None or snapshot.version > self.newest.version:
                self.newest = snapshot
            if self.queued:
                return
            self.queued = True
        try:
            if getattr(self.app.page.session, "connection", None) is None:
                raise ConnectionError("the tab is away")  # (run_task would fail the same)
            self.app.page.run_task(self._drain)
        except Exception:  # the tab is away: nothing is scheduled, so nothing is queued
            with self._lock:
                self.queued = False
            log.debug("table %s: update for a tab that is away", self.client.game_id)

    async def _drain(self) -> None:
        with self._lock:
            self.queued = False  # first: a snapshot arriving from now on queues anew
            snapshot = self.newest
        if snapshot is not None:
            self._apply(snapshot)

    def catch_up(self) -> None:
        """Back after a disconnect (on the tab's loop): subscribe again if needed, draw now."""
        with self._lock:
            self.queued = False
        if self.sub is None or self.sub.closed:
            self.subscribe()
        snapshot = self.client.snapshot()
        with self._lock:
            if self.newest is None or snapshot.version > self.newest.version:
                self.newest = snapshot
            snapshot = self.newest
        self._apply(snapshot)


async def submit_off_loop(app: Nav, presenter: SheetPresenter, client: TableClient,
                          make: Callable[[], Any]) -> Accepted | Refused | None:
    """A tap: the command is made (``make``, against the version on screen), applied and
    saved in a worker thread (the server's event loop keeps drawing every other phone).

    One tap of a tab at a time, in the order they came (the tab's lock); the hub saves
    before anyone is shown anything. This phone is not drawn from the answer: the hub's
    broadcast reaches it as it reaches every phone at the table (:class:`Inbox`). Only a
    refusal (which no other phone gets) is shown from the answer, and what an accepted
    command said once its broadcast is on screen. A database that refuses the write
    comes back as the hub's ``storage`` refusal (a message on the sheet, nothing saved)."""
    async with app.states.setdefault(TapLock, TapLock).lock:
        command = make()
        _forget_kept(app, presenter)  # a tap here: this phone's sheet is drawn anew
        if command is None:
            return None
        presenter.tapped()
        answer = await asyncio.to_thread(client.submit, command)
        printed = await asyncio.to_thread(client.printed)
        if presenter.result(answer, printed):
            app.refresh()
        return answer


def on_tap(app: Nav, p: SheetPresenter, c: TableClient,
           make: Callable[[], Any]) -> Callable[[Any], Awaitable[None]]:
    """An event handler for a control: ``make()`` gives the command when it is tapped."""
    async def handler(_e: Any) -> None:
        await submit_off_loop(app, p, c, make)
    return handler


def _tapped(app: Nav, p: SheetPresenter, c: TableClient,
            what: Tap | None) -> Callable[[Any], Awaitable[None]]:
    """A sheet control's handler: its command made with the version on screen."""
    return on_tap(app, p, c, lambda: None if what is None else p.command(what))


def _finish_handler(app: Nav, p: SheetPresenter, c: TableClient
                    ) -> Callable[[Any], Awaitable[None]]:
    async def handler(_e: Any) -> None:
        await _finish(app, p, c)
    return handler


async def _finish(app: Nav, presenter: SheetPresenter, client: TableClient) -> None:
    """End the game (asking first when a value is still missing); then the finish screen."""
    sheet = presenter.sheet()
    if sheet is not None and not sheet.complete:
        _confirm_finish(app, presenter, client, len(sheet.needs))
        return
    await _finish_now(app, presenter, client)


def _confirm_finish(app: Nav, p: SheetPresenter, c: TableClient,
                    missing: int) -> None:
    """A dialog: values are missing; finish anyway (complete it later from History)?"""
    def close(_e: Any = None) -> None:
        app.page.pop_dialog()

    async def anyway(_e: Any = None) -> None:
        app.page.pop_dialog()
        await _finish_now(app, p, c)

    dialog = ft.AlertDialog(
        modal=True,
        title=ft.Text(p.say("finish-missing-title")),
        content=sid("finish-missing-text", ft.Text(p.say("finish-missing-text", n=missing))),
        actions=[
            sid("finish-missing-back", ft.TextButton(content=ft.Text(p.say("finish-missing-back")),
                                                     on_click=close), button=True),
            sid("finish-missing-anyway", ft.FilledButton(
                content=ft.Text(p.say("finish-missing-anyway")), on_click=anyway), button=True),
        ],
    )
    app.page.show_dialog(dialog)


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


def _kept(app: Nav, p: SheetPresenter, name: str, key: Any,
          make: Callable[[], ft.Control]) -> ft.Control:
    """A piece of the sheet, kept from the last redraw when ``key`` says it is unchanged.

    Another player's tap changes a few numbers on this phone's sheet; every
    other piece (a card, the header, the buttons) stays the very control the
    phone already has: nothing to build, diff or send for it. That is what lets
    one laptop serve many tables. ``key`` must hold everything the piece shows
    or does; taps inside kept pieces make their command when tapped, with the
    version on screen then (:class:`~app.ui.sheet_views.Tap`).
    """
    key = (key, app.settings.language)
    game_id = p.snapshot.game_id
    held = app.states.get(KeptPieces, game_id)
    if held is None:
        held = app.states.put(KeptPieces(), game_id)
        app.on_close(lambda: app.states.pop(KeptPieces, game_id))  # nothing kept past the tab
    cache = held.pieces
    kept = cache.get(name)
    if kept is not None and kept[0] == key and on_screen(app.page, kept[1]):
        app.keep_indexed(kept[1], kept[2])  # Flet forgets reused controls: see there
        return kept[1]
    control = make()
    control.key = f"kept-{name}"  # matched by key, not place, when pieces come and go
    cache[name] = (key, control, subtree(control))
    return control


def _forget_kept(app: Nav, p: SheetPresenter) -> None:
    """Draw this phone's sheet anew at the next redraw: it was tapped.

    A tap may have changed a control on the phone and in its server copy before
    the handler runs (a chip tapped while selected is now unselected on both);
    kept as is, it would stay that way. A fresh sheet is diffed against it and the
    phone shows what the game says. Only the tapping phone pays for this: the other
    phones at the table keep their pieces.
    """
    held = app.states.get(KeptPieces, p.snapshot.game_id)
    if held is not None:
        held.pieces.clear()


def _section(app: Nav, p: SheetPresenter, c: TableClient, s: Section) -> ft.Control:
    """A section's card (kept while it looks and acts the same).

    ``s``'s controls hold :class:`~app.ui.sheet_views.Tap` values (no version):
    equal when the card looks and acts the same; a tap makes its command then.
    """
    error = _error_place(p, s)
    return _kept(app, p, f"section-{s.id}", (s, error, p.player, p.locked_player),
                 lambda: _build_section(app, p, c, s, error))


def _build_section(app: Nav, p: SheetPresenter, c: TableClient, s: Section,
                   error: tuple[str | None, str] | None) -> ft.Control:
    t = app.t
    items: list[ft.Control] = [ft.Text(s.title, size=18, weight=ft.FontWeight.BOLD)]
    for n, line in enumerate(s.lines):
        items.append(sid(f"sheet-{s.id}-line-{n}", muted(line)))
    for count in s.counts:
        err = error[1] if error is not None and error[0] == count.id else None
        typed = None
        if count.field is not None and (count.minus or count.plus):
            async def typed(value: int, field_path: str = count.field) -> None:
                await submit_off_loop(app, p, c, lambda: p.set_value(field_path, value))
        items.append(stepper(
            f"sheet-{count.id}", count.label, count.value,
            _tapped(app, p, c, count.minus) if count.minus else None,
            _tapped(app, p, c, count.plus) if count.plus else None,
            t("sheet.decrease", field=count.label), t("sheet.increase", field=count.label),
            error=err, hint=count.hint, on_typed=typed,
        ))
    for row in s.choices:
        items.append(ft.Text(row.label, size=14))
        items.append(ft.Row([
            sid(f"sheet-{row.id}-{o.value}", ft.Chip(height=TOUCH, label_padding=CHIP_LABEL_PADDING,
                label=ft.Text(o.label), selected=o.selected, disabled=o.command is None,
                on_select=_tapped(app, p, c, o.command)),
                selected=o.selected)
            for o in row.options
        ], wrap=True, spacing=6, run_spacing=6))
    buttons = []
    for action in s.actions:
        buttons.append(sid(f"sheet-{action.id}", ft.OutlinedButton(
            content=ft.Text(action.label), height=TOUCH, disabled=action.command is None,
            on_click=_tapped(app, p, c, action.command)), button=True))
    if buttons:
        items.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
    if error is not None and error[0] is None:
        items.append(sid(f"sheet-{s.id}-error", ft.Text(error[1], color=ft.Colors.ERROR)))
    return card(items, identifier=f"sheet-section-{s.id}")


def _undo_redo(app: Nav, p: SheetPresenter, c: TableClient) -> list[ft.Control]:
    t = app.t
    snap = p.snapshot
    if p.locked_player is not None:  # undo/redo take back anyone's taps: the host's
        return []
    return [
        sid("sheet-undo", ft.IconButton(icon=ft.Icons.UNDO, tooltip=t("sheet.undo"),
                                        disabled=not snap.can_undo, width=TOUCH, height=TOUCH,
                                        on_click=on_tap(app, p, c, p.undo))),
        sid("sheet-redo", ft.IconButton(icon=ft.Icons.REDO, tooltip=t("sheet.redo"),
                                        disabled=not snap.can_redo, width=TOUCH, height=TOUCH,
                                        on_click=on_tap(app, p, c, p.redo))),
    ]


def _language(app: Nav) -> list[ft.Control]:
    """Table mode has no settings screen: the language is one tap on the sheet."""
    if app.locked is None:
        return []
    from app.i18n import LANGUAGES

    other = LANGUAGES[(LANGUAGES.index(app.settings.language) + 1) % len(LANGUAGES)] \
        if app.settings.language in LANGUAGES else LANGUAGES[0]
    return [sid("table-language", ft.IconButton(
        icon=ft.Icons.TRANSLATE,
        tooltip=app.t("tablemode.language", language=app.t(f"lang.{other}")),
        width=TOUCH, height=TOUCH, on_click=app.toggle_language))]


def _share(app: Nav, p: SheetPresenter) -> list[ft.Control]:
    """The table's QR codes (seat links for the other phones), in the top bar: reachable
    without scrolling down a long sheet. Table mode only (a hub serves the phones), for the
    host (the server host or the table's host link), never for a seat."""
    lock = app.locked
    if app.hub is None or p.locked_player is not None or not app.has_screen("host") or (
            lock is not None and "host" not in lock["routes"]):
        return []
    return [sid("sheet-share", ft.IconButton(
        icon=ft.Icons.QR_CODE, tooltip=app.t("sheet.share"), width=TOUCH, height=TOUCH,
        on_click=lambda e: app.go("host", game_id=p.snapshot.game_id)))]


def _select_player(app: Nav, p: SheetPresenter, i: int, _e: Any = None) -> None:
    """Show player ``i``'s sheet (this phone's pieces drawn anew)."""
    p.select(i)
    _forget_kept(app, p)
    app.refresh()


def _harvesters(app: Nav, p: SheetPresenter, c: TableClient) -> ft.Control:
    t = app.t
    items: list[ft.Control] = [ft.Text(t("sheet.setup_status"), weight=ft.FontWeight.W_600)]
    players = range(len(p.names())) if p.locked_player is None else [p.locked_player]
    for i in players:
        current = p.harvester_of(i)
        chips = [
            sid(f"sheet-harvester-{i}-{space}", ft.Chip(
                height=TOUCH, label_padding=CHIP_LABEL_PADDING, label=ft.Text(str(space)),
                selected=current == space, disabled=not free,
                on_select=on_tap(app, p, c, partial(p.set_harvester, i, space))),
                selected=current == space)
            for space, free in p.harvester_choices(i)
        ]
        items += [ft.Text(t("sheet.harvester", name=p.names()[i])),
                  ft.Row(chips, wrap=True, spacing=4, run_spacing=4)]
    if p.error and p.error_id and p.error_id.startswith("table"):
        items.append(sid("sheet-setup-error", ft.Text(p.error, color=ft.Colors.ERROR)))
    if p.locked_player is None:
        items.append(big_button("sheet-start-game", t("sheet.start_game"),
                                on_tap(app, p, c, p.start_game),
                                icon=ft.Icons.PLAY_ARROW, primary=True))
    return card(items, identifier="sheet-setup")


# --------------------------------------------------------------------------- screens


def build(app: Nav) -> ft.Control:
    t = app.t
    opened = open_table(app)
    if isinstance(opened, str):
        return ft.Column([header(t("app.title"), back=app.back, back_label=t("nav.back")),
                          muted(opened)])
    p, c = opened
    lock = app.locked  # a table link (table mode): no way to the rest of the app
    snap = p.snapshot
    share = bool(_share(app, p))
    controls: list[ft.Control] = [_kept(
        app, p, "header",
        (p.game, lock is None, p.locked_player, snap.can_undo, snap.can_redo, share),
        lambda: header(t(f"game.{p.game}"), back=None if lock else app.home,
                       back_label=t("nav.home"),
                       actions=[*_undo_redo(app, p, c), play_panel.reference_button(app, p),
                                *_language(app), *_share(app, p)]))]
    names = tuple(p.names())
    if lock is not None:
        seat = lock.get("seat")
        controls.append(_kept(app, p, "who", (seat, names), lambda: sid("table-who", ft.Text(
            t("tablemode.host") if seat is None else
            t("tablemode.you", name=names[seat - 1], seat=seat),
            size=15, weight=ft.FontWeight.W_600))))
    if len(names) > 1:
        totals = tuple(p.total(i) for i in range(len(names)))
        controls.append(_kept(app, p, "players", (names, totals, p.player), lambda: ft.Row([
            sid(f"sheet-player-{i}", ft.Chip(height=TOUCH, label_padding=CHIP_LABEL_PADDING,
                label=ft.Text(name if totals[i] is None else f"{name}  {totals[i]}"),
                selected=i == p.player,
                on_select=partial(_select_player, app, p, i)),
                selected=i == p.player)
            for i, name in enumerate(names)
        ], wrap=True, spacing=8, run_spacing=8)))
    total = p.total()
    sheet = p.sheet()
    rank = sheet.players[p.player].rank if sheet is not None else None
    if p.read_only:
        controls.append(sid("sheet-read-only", muted(
            t("tablemode.read_only", name=names[p.player]))))
    role = p.role() or ""
    complete = sheet is None or sheet.complete
    controls.append(_kept(app, p, "total", (names[p.player], role, total, rank, complete),
                          lambda: card([
        ft.Row([
            ft.Column([muted(t("sheet.live_total")),
                       ft.Text(names[p.player], size=18, weight=ft.FontWeight.BOLD),
                       muted(role, 13)],
                      spacing=0, expand=True),
            ft.Column([
                sid("sheet-total", ft.Text("–" if total is None else str(total), size=40,
                                           weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)),
                muted(t("sheet.rank", rank=rank)) if rank else ft.Container(),
                sid("sheet-total-provisional", muted(p.say("sheet-total-provisional"), 12))
                if sheet is not None and not sheet.complete else ft.Container(),
            ], horizontal_alignment=ft.CrossAxisAlignment.END, spacing=0),
        ]),
    ], identifier="sheet-total-card")))
    if p.info:
        controls.append(sid("sheet-messages", ft.Column(
            [ft.Text(m, size=14, italic=True) for m in p.info], spacing=2)))
    controls.extend(play_panel.pieces(app, p, c))  # banner, turn, forest map, changes
    sections = p.sections()  # taps: made with the version on screen when tapped
    claimed = p.error_id is not None and (
        p.error_id.startswith("table") and p.status == Status.SETUP
        or any(p.error_id.startswith(s.id) for s in sections))
    if p.error and not claimed:
        controls.append(sid("sheet-error", ft.Text(p.error, color=ft.Colors.ERROR)))
    if p.status == Status.SETUP and ui(p.game).harvesters_at_setup:
        controls.append(_harvesters(app, p, c))
    elif p.status == Status.SETUP and p.locked_player is None:
        controls.append(big_button("sheet-start-game", t("sheet.start_game"),
                                   on_tap(app, p, c, p.start_game),
                                   icon=ft.Icons.PLAY_ARROW, primary=True))
    if p.status == Status.FINISHED and lock is not None:  # every phone of the table: the result
        controls.extend(_result_block(app, p.snapshot.game_id))
    if p.status == Status.FINISHED:
        controls.append(muted(t("sheet.finished")))
        if app.has_screen("finish") and app.locked is None:
            controls.append(big_button("sheet-result", t("finish.open"),
                                       lambda e: app.go("finish", game_id=p.snapshot.game_id),
                                       icon=ft.Icons.EMOJI_EVENTS, primary=True))
    for section in sections:
        controls.append(_section(app, p, c, section))
    finish = p.status != Status.FINISHED and p.locked_player is None
    controls.append(_kept(app, p, "buttons", finish, lambda: _buttons(app, p, c, finish)))
    return ft.Column(controls, spacing=10)


def _result_block(app: Nav, game_id: int) -> list[ft.Control]:
    """A finished table on a table link's phone: the final result (read-only), on top."""
    from app.i18n import language_of
    from app.l10n import render
    from app.ui.presenters_finish import load_finish
    from app.ui.screens.finish import _result

    key = (game_id, app.settings.language)
    kept = app.states.get(TableResult, key)
    view = kept.view if kept is not None else None
    if view is None:
        store = getattr(app.hub, "store", None) or services.shared().store
        try:
            view = load_finish(store, int(game_id), app.t) if store is not None else None
        except Exception:  # the sheet below still shows every board
            log.warning("result of table %s could not be read", game_id)
            view = None
        if view is not None:
            app.states.put(TableResult(view), key)
    banner = sid("table-finished", ft.Text(render(language_of(app.t), "tablemode-table-finished"),
                                           size=18, weight=ft.FontWeight.BOLD))
    return [banner, *(_result(app, view) if view is not None else [])]


def _buttons(app: Nav, p: SheetPresenter, c: TableClient,
             finish: bool) -> ft.Control:
    """The scoreboard and finish buttons at the end of the sheet."""
    t = app.t
    items = [big_button("sheet-scoreboard", t("sheet.scoreboard"),
                        lambda e: app.go("scoreboard", **app.params),
                        icon=ft.Icons.LEADERBOARD, primary=True)]
    if finish:
        items.append(big_button("sheet-finish", t("sheet.finish"),
                                _finish_handler(app, p, c), icon=ft.Icons.FLAG))
    items.append(ft.Container(height=TOUCH))
    return ft.Column(items, spacing=10)


def _chart(board: Any) -> ft.Control | None:
    try:
        import flet_charts as fch
    except ImportError:
        return None
    top = max([*board.totals, 1])
    max_y = int(top * 1.2) + 1
    groups = [
        fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=total, width=28, color=ft.Colors.PRIMARY,
            border_radius=4, tooltip=f"{name}: {total}")])
        for i, (name, total) in enumerate(zip(board.names, board.totals, strict=True))
    ]
    return fch.BarChart(
        groups=groups, max_y=max_y, interactive=False,
        bottom_axis=fch.ChartAxis(labels=[
            fch.ChartAxisLabel(value=i, label=ft.Text(n[:8], size=12))
            for i, n in enumerate(board.names)], label_size=28),
        left_axis=fch.ChartAxis(label_size=36),
        horizontal_grid_lines=fch.ChartGridLines(interval=max(1, top // 4),
                                                 color=ft.Colors.OUTLINE_VARIANT, width=1)
        if hasattr(fch, "ChartGridLines") else None,
        height=220,
    )


def _stored_board(app: Nav) -> Any | None:
    """A finished game without a command log (imported): its stored record's scoreboard.

    Only for the app's own user (who sees the whole history); a table-mode seat link
    sees its table through the session's access rules, never around them.
    """
    store = services.shared().store
    game_id = app.params.get("game_id")
    if store is None or game_id is None or app.locked is not None:
        return None
    try:
        return stored_scoreboard(store, int(game_id), app.t)
    except Exception:
        log.exception("scoreboard of stored game %s", game_id)
        return None


def _side_b(app: Nav, p: SheetPresenter | None) -> bool:
    """Whether the game plays board side B (advanced): its buildings values are apart."""
    if p is not None:
        return getattr(getattr(p.state.options, "mode", None), "value", None) == "advanced"
    store = services.shared().store
    rec = store.get_record(game_id=int(app.params["game_id"])) if store is not None else None
    return bool(rec is not None and (rec.record.get("options") or {}).get("mode") == "advanced")


def _confirm_stored(app: Nav, p: SheetPresenter | None, need: Any, value: int
                    ) -> None:
    from scoring.printed import confirmed_table

    store = services.shared().store
    if store is None:
        return
    table = confirmed_table(need.table, board_side_b=_side_b(app, p))
    store.confirm_printed(table=table, key=need.key, value=value)
    if p is not None:
        p.printed = dict(store.get_printed())
        p._sheet = None
    app.refresh()


def app_l10n(app: Nav, code: str, **params: Any) -> str:
    from app import l10n

    return l10n.render(app.settings.language, code, **params)


def _rescore(app: Nav, p: SheetPresenter | None) -> None:
    store = services.shared().store
    game_id = app.params.get("game_id")
    if store is None or game_id is None:
        return
    store.rescore_game(game_id=int(game_id))
    if p is not None:
        p.printed = dict(store.get_printed())
        p._sheet = None
    app.refresh()


def build_scoreboard(app: Nav) -> ft.Control:
    t = app.t
    opened = open_table(app)
    p: SheetPresenter | None = None
    c: TableClient | None = None
    if isinstance(opened, str):
        board = _stored_board(app)
        if board is None:
            return ft.Column([header(t("score.title"), back=app.back,
                                     back_label=t("nav.back")), muted(opened)])
    else:
        p, c = opened
        board = scoreboard(p.sheet(), t)
        if p.status == Status.FINISHED:  # what it was scored with: its stored record
            board = _stored_board(app) or board
    controls: list[ft.Control] = [
        header(t("score.title"), back=app.back, back_label=t("nav.back"),
               actions=_undo_redo(app, p, c) if p is not None and c is not None else ()),
    ]
    if board is None:
        controls.append(muted(t("sheet.not_scorable")))
        return ft.Column(controls, spacing=10)
    col_w = 56

    def cell(text: str, bold: bool = False, ident: str | None = None) -> ft.Control:
        body = ft.Container(ft.Text(text, weight=ft.FontWeight.BOLD if bold else None,
                                    text_align=ft.TextAlign.RIGHT, size=15),
                            width=col_w, alignment=ft.Alignment.CENTER_RIGHT)
        return sid(ident, body) if ident else body

    rows: list[ft.Control] = [ft.Row(
        [ft.Container(ft.Text(t("score.category"), weight=ft.FontWeight.W_600), expand=True),
         *[cell(n[:6], True) for n in board.names]], spacing=4)]
    for row in board.rows:
        title: ft.Control = ft.Text(row.label, size=14)
        if row.waiting:  # "?" in the row, and the question it waits for beside it
            title = ft.Column([title, *[sid(f"score-{row.category}-waiting", muted(q, 12))
                                        for q in row.waiting]], spacing=0)
        rows.append(ft.Row([ft.Container(title, expand=True),
                            *[cell("?" if v is None else str(v), ident=f"score-{row.category}-{i}")
                              for i, v in enumerate(row.values)]],
                           spacing=4))
    rows.append(ft.Divider(height=1))
    rows.append(ft.Row([ft.Container(ft.Text(t("score.total"), weight=ft.FontWeight.BOLD),
                                     expand=True),
                        *[cell(str(v), True, f"score-total-{i}")
                          for i, v in enumerate(board.totals)]], spacing=4))
    rows.append(ft.Row([ft.Container(ft.Text(t("score.rank")), expand=True),
                        *[cell(str(r)) for r in board.ranks]], spacing=4))
    controls.append(card(rows, identifier="score-table"))
    if board.winners:
        controls.append(sid("score-winners", ft.Text(
            t("score.winners", names=", ".join(board.winners)), size=20,
            weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)))
    if not board.complete:
        controls.append(muted(t("score.provisional")))
    chart = _chart(board)
    if chart is not None:
        controls.append(card([ft.Text(t("score.chart"), weight=ft.FontWeight.W_600), chart],
                             identifier="score-chart"))
    if board.needs:
        needs: list[ft.Control] = [ft.Text(t("score.needs_title"), size=18,
                                           weight=ft.FontWeight.BOLD)]
        for n, need in enumerate(board.needs):
            if app.locked is not None and (p is None or p.status == Status.FINISHED):
                # a seat link does not complete a finished game: it only says what is missing
                needs.append(ft.Text(need.ask, size=15))
                continue
            field = app.kept(f"score-need-{need.table}-{need.key}", lambda: ft.TextField(
                keyboard_type=ft.KeyboardType.NUMBER, width=120,
                input_filter=ft.InputFilter(regex_string=r"^\d*$", allow=True,
                                            replacement_string="")))
            field.label = t("score.value")  # type: ignore[attr-defined]

            async def confirm(_e: Any, need: Any = need, field: Any = field,
                              p: SheetPresenter | None = p, c: TableClient | None = c) -> None:
                try:  # the browser's digit filter is a convenience: checked here
                    value = typed_number(field.value, "value")
                except Refusal as err:
                    from app.i18n import language_of

                    field.error = shown(language_of(app.t), err, t("score.value"))
                    app.refresh()
                    return
                field.error = None
                if p is not None and c is not None and p.status != Status.FINISHED:
                    await submit_off_loop(app, p, c, lambda: p.confirm_printed(
                        need.table, need.key, value))
                    return
                # a finished game (completed later, from History): remembered, and the
                # stored games that lacked it are scored again (Store.confirm_printed)
                _confirm_stored(app, p, need, value)
            # keyed by the question, not its place: confirming one card removes it, and the
            # cards after it move up — matched by place, a kept field would take over the id
            # (and the phone's text) of the one before it
            needs.append(ft.Column([
                ft.Text(need.ask, size=15),
                ft.Row([sid(f"score-need-{n}-value", field),
                        sid(f"score-need-{n}-confirm", ft.FilledTonalButton(
                            content=ft.Text(t("score.confirm")), height=TOUCH,
                            on_click=confirm), button=True)], wrap=True),
            ], spacing=4, key=f"need-{need.table}-{need.key}"))
        controls.append(card(needs, identifier="score-needs"))
    for note in board.notes:
        controls.append(muted(note, 13))
    if (p is None or p.status == Status.FINISHED) and app.locked is None \
            and services.shared().store is not None:
        # a finished game keeps the values it was scored with; on request, the ones
        # remembered now (Settings) score it again
        controls.append(sid("score-rescore", ft.TextButton(
            content=ft.Text(app_l10n(app, "score-rescore")), height=TOUCH,
            on_click=lambda e: _rescore(app, p)), button=True))
    if p is not None and p.error:
        controls.append(sid("score-error", ft.Text(p.error, color=ft.Colors.ERROR)))
    controls.append(ft.Container(height=TOUCH))
    return ft.Column(controls, spacing=10)


# the play-along pieces draw inside the sheet: their taps go the sheet's way
play_panel.use_taps(play_panel.SheetTaps(kept=_kept, forget_kept=_forget_kept, tapped=_tapped,
                                         on_tap=on_tap))
