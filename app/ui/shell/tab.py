"""Table mode in the browser: the token gate; every valid link opens the app's real sheet.

``forest-table serve`` makes a :class:`TableTab` for every browser tab (``app.server``).
It finds the phone's token (the ``/join/<token>`` route it was opened with, else the one
the phone remembered in its localStorage: reload, sleep, a new tab or IP keep the seat)
and asks the hub what it opens (:meth:`app.table.hub.TableHub.access`):

- nothing: the join screen only (no table data, not even names), from any address;
  there is no trust by address (``page.client_ip`` is written by the client);
- a seat token: the app *locked* to its table (:meth:`~app.ui.shell.app.ForestTableApp.lock`):
  its own sheet editable, the others read-only, the scoreboard, the shared table; no home,
  history, other games or settings; a table-host token: the same, every sheet editable,
  plus the table's QR codes; the server host token (the link ``serve`` prints for the
  laptop): the whole app plus the tables' QR codes.

A revoked token drops the tab to the join screen and the phone forgets it. Rights are the
hub's (:func:`app.table.rights.check_rights`), not this module's. Token checks run in a
worker thread (Flet runs handlers on the server's one loop); repeated bad tokens from one
peer (:mod:`app.peer`) are slowed down (:class:`app.table.hub.BadTokens`); a failing
handler shows a short translated message, never Flet's crash panel (:func:`guard_session`).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from typing import Any

import flet as ft

from app.i18n import Translator
from app.l10n import render
from app.store.crud import FAILURES
from app.table.codes import TableCode, is_storage_error, storage_message
from app.table.hub import TableHub
from app.table.links import join_route
from app.table.rights import SERVER, Access
from app.ui.kit import flet_compat
from app.ui.kit.prefs import MemoryPrefs, load_settings
from app.ui.kit.services import Services
from app.ui.kit.widgets import muted, sid
from app.ui.shell.app import ForestTableApp, link_routes, style, use_font

log = logging.getLogger(__name__)

PREF_TOKEN = "forest_table.table_token"
PREFS_TIMEOUT = 5.0
_UNREAD = object()  # the phone's stored token, not asked for yet
#: every tab of this process (``serve`` tells them when it stops: :func:`announce_stop`)
_TABS: weakref.WeakSet[TableTab] = weakref.WeakSet()


async def announce_stop(flush: float = 0.3) -> int:
    """Tell every tab that the server stops (``serve``'s SIGTERM/Ctrl+C); how many.

    Each shows a dialog (``server-stopped``) before its websocket closes; ``flush``
    seconds are left for the frames to go out.
    """
    tabs = list(_TABS)
    for tab in tabs:
        tab.server_stopping()
    if tabs:
        await asyncio.sleep(flush)
    return len(tabs)


def guard_session(page: ft.Page, lang: Any) -> None:
    """Turn what would be Flet's crash panel ("Error running app", a traceback) into a
    short translated message on this tab; the details go to the server's log only.

    Flet 1.0.5 sends ``SESSION_CRASHED`` from ``Session.error`` when an event handler,
    ``main`` or an effect raises (flet/messaging/session.py ``dispatch_event``); the
    panel covers the app until a reload. A storage failure (a held write lock, a full
    disk) says what happened; anything else says that the tap did not go through (and
    nothing changed: a failed command writes nothing).
    ``lang``: a function giving the tab's language now.
    """
    session = getattr(page, "session", None)
    if session is None:
        return

    def error(message: str) -> None:
        import sys

        exc = sys.exc_info()[1]
        log.error("table mode: a handler failed: %s", message.splitlines()[0][:200]
                  if message else "")
        said = storage_message(exc) if exc is not None and is_storage_error(exc) \
            else TableCode.FAILED
        try:
            page.show_dialog(ft.SnackBar(content=sid("tab-error", ft.Text(
                render(lang(), said))), duration=ft.Duration(seconds=6)))
        except flet_compat.TAB_GONE:  # the tab is gone
            log.debug("error for a disconnected tab", exc_info=True)

    session.error = error


def join_screen(t: Any, message: str | None = None) -> ft.Control:
    """What a phone without a valid token sees: how to join, and nothing of any table."""
    items: list[ft.Control] = [
        ft.Container(height=24),
        ft.Icon(ft.Icons.QR_CODE_SCANNER, size=64, color=ft.Colors.PRIMARY),
        sid("join-title", ft.Text(t("tablemode-join-title"), size=26,
                                  weight=ft.FontWeight.BOLD), header=True),
        sid("join-scan", muted(t("tablemode-join-how"), size=16)),
    ]
    if message:
        items.append(sid("join-message", ft.Text(message, color=ft.Colors.ERROR, size=15)))
    return sid("join-screen", ft.Column(items, spacing=16,
                                        horizontal_alignment=ft.CrossAxisAlignment.CENTER))


class TableTab:
    """One browser tab in table mode (``forest-table serve``)."""

    def __init__(self, page: ft.Page, hub: TableHub, prefs: Any | None = None,
                 services: Services | None = None) -> None:
        self.page = page
        self.hub = hub
        #: what its screens use (serve's, over the same hub; none given: over ``hub``)
        self.services = services if services is not None else Services(hub=hub)
        self.prefs = prefs
        self.token: str | None = None  # the token this tab came with
        self.access: Access | None = None
        self.app: Any = None  # the ForestTableApp on screen (None: join screen)
        self.tr = Translator()
        self._opening = asyncio.Lock()
        self._unwatch: Any = None  # stops the hub's revocation watch of a server host token
        self._unmove: Any = None  # stops the hub's rematch watch of a table link
        self._unalive: Callable[[], None] = lambda: None  # stops the link watch (app.peer)

    def t(self, key: str, **fields: Any) -> str:
        return self.tr.t(key, **fields)

    def lang(self) -> str:
        tr = self.app.tr if self.app is not None else self.tr
        return str(getattr(tr, "lang", "en"))

    def peer(self) -> str | None:
        """The connection's peer address as the server saw it (never ``page.client_ip``)."""
        return self.services.serving.peers.address_of(
            getattr(getattr(self.page, "session", None), "id", None))

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> None:
        page = self.page
        _TABS.add(self)
        page.title = self.t("app-title")
        style(page)  # the theme (the Japanese font: once a screen is out)
        page.padding = ft.Padding.symmetric(horizontal=12, vertical=8)
        page.scroll = ft.ScrollMode.AUTO
        page.on_close = self._closed
        page.on_connect = self._reconnected
        page.on_disconnect = self._away
        # a phone whose network went keeps its socket: the page's pings tell (app/peer.py)
        self._unalive = self.services.serving.peers.watch(
            getattr(getattr(page, "session", None), "id", None), self._link)
        page.on_route_change = self._route_changed
        guard_session(page, self.lang)
        self._show(ft.Column([ft.ProgressRing(), muted(self.t("tablemode-loading"))],
                             horizontal_alignment=ft.CrossAxisAlignment.CENTER))
        page.run_task(self.open, join_route(page.route)[0])

    async def _pref(self, key: str, value: str | None = None) -> Any:
        if self.prefs is None:
            return None
        try:
            if value is None:
                return await asyncio.wait_for(self.prefs.get(key), PREFS_TIMEOUT)
            return await asyncio.wait_for(self.prefs.set(key, value), PREFS_TIMEOUT)
        except flet_compat.TAB_GONE:  # no answer from the browser: behave as if nothing is stored
            return None

    async def _language(self) -> None:
        """The phone's language (its stored settings) for the join screen."""
        use_font(self.page)  # the join screen may be in Japanese (no CDN here)
        if self.prefs is None:
            return
        try:
            settings = await asyncio.wait_for(load_settings(self.prefs), PREFS_TIMEOUT)
        except flet_compat.TAB_GONE:
            return
        self.tr = Translator(settings.language)

    async def open(self, route_token: str | None) -> None:
        """Find this phone's token and show what it opens (or the join screen)."""
        async with self._opening:  # one at a time (start and a route change may overlap)
            await self._open(route_token)

    async def _open(self, route_token: str | None) -> None:
        # the address's token first: the phone's stored one is asked for (a round trip to
        # the phone) only if the address has none or it fails, so it is not on the way to
        # the first screen of a link (docs/table-mode.md, "Loading on phones")
        candidates = [route_token] if route_token else []
        stored: Any = _UNREAD
        message: str | None = None
        tried = 0
        while True:
            if tried == len(candidates) and stored is _UNREAD:
                stored = await self._pref(PREF_TOKEN)
                if isinstance(stored, str) and stored and stored != route_token:
                    candidates.append(stored)
            if tried == len(candidates):
                break
            token = candidates[tried]
            tried += 1
            if message is None:
                message = self.t("tablemode-join-invalid")
            wait = self.hub.bad_tokens.delay(self.peer())
            if wait > 0:  # repeated bad tokens from here: slow down, show nothing meanwhile
                await self._language()
                self._show(join_screen(self.t, render(self.tr.lang, TableCode.SLOW_DOWN,
                                                      seconds=max(1, round(wait)))))
                await asyncio.sleep(wait)
            try:
                access = await asyncio.to_thread(self.hub.access, token)
            except FAILURES as exc:  # fail closed: no answer is no access
                log.warning("token check failed: %s", type(exc).__name__)
                access = None
                message = render(self.tr.lang, storage_message(exc))
            if access is not None:
                if token != stored:  # remembered meanwhile, not before the screen
                    self.page.run_task(self._pref, PREF_TOKEN, token)
                following = None
                if access.role != SERVER:  # a rematch of its table: from now on it is told
                    self._stop_watching()  # (the watch first: nothing falls between)
                    self._unmove = self.hub.watch_move(access, self._on_moved)
                    try:  # one that started already (on any process, or while it was away)
                        following = await asyncio.to_thread(self.hub.next_token, access)
                    except FAILURES:
                        log.debug("rematch lookup failed", exc_info=True)
                self._enter(token, access, following, watching=access.role != SERVER)
                return
            self.hub.bad_tokens.failed(self.peer())
        await self._language()
        self._show(join_screen(self.t, message))

    def _stop_watching(self) -> None:
        """Stop the hub's watches of this tab's link (revocation; a table's rematch)."""
        for name in ("_unwatch", "_unmove"):
            stop = getattr(self, name)
            if stop is not None:
                stop()
                setattr(self, name, None)

    def _enter(self, token: str, access: Access, following: str | None = None, *,
               watching: bool = False) -> None:
        """The server host: the whole app, the tables' QR codes one tap away (a home screen
        button, the QR icon in a sheet's top bar; no floating button, which would cover a
        phone's bottom controls). A seat or table-host link: the app locked to its table."""
        self.token, self.access = token, access
        self.services.serving.peers.vouch(  # (the cap)
            getattr(getattr(self.page, "session", None), "id", None))
        if not watching:
            self._stop_watching()
            if access.role != SERVER:  # a rematch of the table takes it there
                self._unmove = self.hub.watch_move(access, self._on_moved)
        if following is not None:  # it started already (now or while the phone was away)
            self._on_moved(following)
            return
        app = self._new_app()
        if access.role == SERVER:  # no subscription tells it: the hub calls back
            self._unwatch = self.hub.watch(token, self._on_revoked)
            app.table_host = True
            app.host_token = self.token  # shown on its tables screen, with "new host link"
            app.rotate_host_link = self.rotate_host_link
        else:
            assert access.game_id is not None
            app.lock(access.game_id, token, access.seat, link_routes(access.is_host))
        app.start()

    def _new_app(self) -> Any:
        # its table-mode screens: app.go("tables"), app.go("host", game_id=N)
        app = ForestTableApp(self.page, prefs=self.prefs if self.prefs is not None
                             else MemoryPrefs(), services=self.services)
        app.on_revoked = self._on_revoked
        self.page.on_close = self._closed  # the app chains it (and not an earlier app's)
        app.hub = self.hub
        # its screens' addresses stay under the link this tab was opened with (a reload
        # keeps the token); a token only remembered by the phone is not put in the address
        if self.token is not None and join_route(self.page.route)[0] == self.token:
            app.url_base = f"/join/{self.token}"
        self.app = app
        return app

    async def rotate_host_link(self) -> str:
        """The server host asked for a new host link: every tab holding the old one drops
        to the join screen; this one keeps going on the new link (stored on the device)."""
        self._stop_watching()
        token, _new = await asyncio.to_thread(
            self.hub.host_link_token, self.services.serving.host_link_dir(), rotate=True)
        old, self.token = self.token, token
        self._unwatch = self.hub.watch(token, self._on_revoked)
        await self._pref(PREF_TOKEN, token)
        app = self.app
        if app is not None:
            app.host_token = token
            if old is not None and app.url_base == f"/join/{old}":
                app.set_url_base(f"/join/{token}")
        return token

    def _close_app(self) -> None:
        """Drop the app (it unsubscribes its tables) and the token it was opened with."""
        app, self.app = self.app, None  # first: the app's close hooks call back here
        self.access, self.token = None, None
        if app is not None:
            app.close()

    def _closed(self, _e: Any = None) -> None:
        """The session expired (FLET_SESSION_TIMEOUT after the tab went away)."""
        _TABS.discard(self)
        self._unalive()
        self._stop_watching()
        self._close_app()

    async def _route_changed(self, e: Any) -> None:
        """The browser's Back/Forward, a typed address, or a reload into the kept session.

        Another ``/join/<token>`` opens what that token opens; any other address
        goes to the app (:meth:`~app.ui.shell.app.ForestTableApp.follow`), which keeps a
        table link's tab on its table (``/table/<id>``: the server host opens a table).
        """
        async with self._opening:
            await self._follow(getattr(e, "route", None) or self.page.route)

    async def _follow(self, route: str) -> None:
        token, _path = join_route(route)
        if token is not None and token != self.token:
            self._close_app()
            await self._open(token)
            return
        if self.app is not None:
            self.app.follow(route)

    def _reconnected(self, _e: Any = None) -> None:
        """Back after a disconnect (sleep, a reload into the kept session): every table on
        screen catches up (updates offered meanwhile were dropped, never queued) and the
        whole screen is sent anew, from its top (:mod:`app.ui.kit.flet_compat` 5.)."""
        if self.app is not None:
            self.app.reconnected()

    def _away(self, _e: Any = None) -> None:
        """The phone's connection went: its seat shows as offline on the other phones."""
        if self.app is not None:
            self.app.away()

    def _link(self, up: bool) -> None:
        """The page stopped answering the server's pings (``up`` False), or answers again."""
        if self.app is not None:
            self.app.away(not up)

    def _hop(self, work: Callable[[], Any], what: str) -> None:
        """Run ``work`` (a coroutine function) on this tab's own session, from any thread.

        A tab that left has no connection: Flet's ``run_task`` would make the coroutine
        before finding that out and drop it ("coroutine ... was never awaited" at the
        server's Ctrl+C), so a tab without a live loop is skipped first."""
        try:
            connection = self.page.session.connection
            if connection is None or connection.loop.is_closed():
                log.debug("%s for a tab that left", what)
                return
            self.page.run_task(work)
        except flet_compat.TAB_GONE:  # the tab is gone
            log.debug("%s for a closed tab", what, exc_info=True)

    def server_stopping(self) -> None:
        """The server stops (any thread): a dialog says so, on this tab's own session."""
        self._hop(self._stopping, "stop notice")

    async def _stopping(self) -> None:
        self.page.show_dialog(ft.AlertDialog(
            modal=True,
            title=sid("server-stopped", ft.Text(self.t("tablemode-stopped-title"))),
            content=ft.Text(self.t("tablemode-stopped-how"))))
    # ------------------------------------------------------------------ rematch
    def _on_moved(self, token: str) -> None:
        """The table's next game started (any thread): this seat's link there."""
        try:
            self.page.run_task(self._moved, token)
        except flet_compat.TAB_GONE:  # the tab is away: it follows when it comes back (next_token)
            log.debug("rematch for a tab that is away", exc_info=True)

    async def _moved(self, token: str) -> None:
        async with self._opening:
            if token == self.token:
                return
            self._close_app()
            self.access, self.token = None, None
            await self._pref(PREF_TOKEN, token)
            # the address follows (the new app's screens live under the new link; a
            # reload stays at the new table)
            self.page.route = f"/join/{token}"
            await self._open(token)
        await flet_compat.push_route(self.page, f"/join/{token}")

    # ------------------------------------------------------------------ revoked
    def _on_revoked(self) -> None:
        """Called by the hub (any thread): hop onto this tab's own session."""
        self._hop(self._revoked, "revocation")

    async def _revoked(self) -> None:
        if self.app is not None:
            self.tr = self.app.tr
        self._close_app()
        await self._pref(PREF_TOKEN, "")
        self._show(join_screen(self.t, self.t("tablemode-join-revoked")))

    # ------------------------------------------------------------------ drawing
    def _show(self, body: ft.Control) -> None:
        replaced = self.page.controls[0] if self.page.controls else None
        self.page.controls = [ft.SafeArea(body, expand=True)]
        try:
            self.page.update()
        except flet_compat.TAB_GONE:  # the tab is gone; the next connect redraws
            log.debug("update of a disconnected tab", exc_info=True)
            return
        flet_compat.drop_replaced(self.page, replaced)

