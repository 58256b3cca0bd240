"""The app shell: one object per browser tab holding where the user is and how to draw it.

Navigation is a state switch (``go("settings")``): the current screen is rebuilt from its
presenter and put on the page. Screens are functions ``build(nav) -> ft.Control`` in each
feature's ``view.py``, registered by route in :mod:`app.ui.shell.routes`; they see the
shell only through the :class:`app.ui.kit.nav.Nav` protocol. Their state lives in
presenters and typed objects in :attr:`ForestTableApp.states`, never in controls. Every
Flet workaround is in :mod:`app.ui.kit.flet_compat`.

Every screen also has an address (:func:`screen_path`: ``/settings``, ``/sheet/12``,
``/person/3/forestry``; a table link's screens live under its ``/join/<token>``). A new
screen pushes its address (a browser history entry); Back/Forward, a typed address or a
reload come back as a route change (:meth:`ForestTableApp.follow`): Back to the previous
screen pops the in-app history like the back arrow. An address is only ever a request:
parsed, then confined by :meth:`ForestTableApp.lock` like any ``go()``.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import flet as ft

from app.i18n import LANGUAGES, Translator
from app.l10n import refusal, render
from app.store.crud import FAILURES
from app.table.codes import is_storage_error, storage_message
from app.table.hub import TableHub
from app.table.links import join_route
from app.ui.kit import flet_compat
from app.ui.kit.flet_compat import KeptControls, subtree
from app.ui.kit.nav import Lock, Params, ScreenBuilder, States
from app.ui.kit.prefs import MemoryPrefs, Prefs, Settings, load_settings, save_settings
from app.ui.kit.services import Services
from app.ui.new_game.presenter import NewGamePresenter
from app.ui.setup.presenter import SetupPresenter
from app.ui.shell.routes import screens

log = logging.getLogger(__name__)

FONT_FAMILY = "NotoSansJP"
FONT_ASSET = "fonts/NotoSansJP-Subset.otf"


def use_font(page: ft.Page) -> bool:
    """Register the bundled Japanese font on ``page`` (once; True: it was not yet).

    Called when the first screen is out, not before it: the phone fetches (1.2 MB) and
    parses the font as soon as it is registered, which measurably held up the first
    screen (docs/table-mode.md, "Loading on phones"). The theme names the family from
    the start; until the font is in, Flutter draws with Roboto.
    """
    if page.fonts == {FONT_FAMILY: FONT_ASSET}:
        return False
    page.fonts = {FONT_FAMILY: FONT_ASSET}
    return True


SEED_COLOR = ft.Colors.GREEN_800


def style(page: ft.Page) -> None:
    """The app's theme, light and dark (the Japanese font: once a screen is out, use_font)."""
    page.theme = ft.Theme(color_scheme_seed=SEED_COLOR, font_family=FONT_FAMILY)
    page.dark_theme = ft.Theme(color_scheme_seed=SEED_COLOR, font_family=FONT_FAMILY)


THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT,
               "dark": ft.ThemeMode.DARK}
#: The app's languages as Flutter's locales (its material widgets' words and glyphs)
LOCALES = {"en": ft.Locale("en", "US"), "ja": ft.Locale("ja", "JP")}

BOTTOM_ROOM = 88  # px below every screen: the last control scrolls clear of a snack bar

#: Screens a table-host link (see :meth:`ForestTableApp.lock`) may reach; a seat's: not "host".
LOCKED_ROUTES = frozenset({"sheet", "scoreboard", "host", "reference"})

#: Screens of one game: the address carries its id (``/sheet/12``).
GAME_ROUTES = frozenset({"sheet", "scoreboard", "finish", "host", "played",
                         "reference"})
#: Screens without parameters (``/settings``).
PLAIN_ROUTES = frozenset({"settings", "new", "setup", "history", "stats", "tables",
                          "people"})
#: Old names of screens in addresses: ``/table/12`` (a server host opening a table).
ROUTE_ALIASES = {"table": "sheet"}
_GAME_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
_ID = re.compile(r"^[0-9]{1,9}$")
#: How long a pushed address waits for the browser's echo (its own route change).
ECHO_S = 10.0

__all__ = ["ForestTableApp", "parse_path", "screen_path", "screens", "subtree"]


def link_routes(is_host: bool) -> frozenset[str]:
    """The screens a table link may reach: a seat link all but the table's QR codes."""
    return LOCKED_ROUTES if is_host else LOCKED_ROUTES - {"host"}


def screen_path(route: str, params: dict[str, Any] | None = None) -> str:
    """The address of a screen: ``/settings``, ``/sheet/12``, ``/person/3/forestry``.

    Home is ``/``. Only ids are written, never a token (a table link keeps its own
    ``/join/<token>`` in front, see :meth:`ForestTableApp.url`).

    >>> screen_path("sheet", {"game_id": 12, "token": "secret"})
    '/sheet/12'
    >>> screen_path("home")
    '/'
    """
    params = params or {}
    if route in GAME_ROUTES and params.get("game_id") is not None:
        return f"/{route}/{int(params['game_id'])}"
    if route == "person" and params.get("person_id") is not None \
            and _GAME_NAME.match(str(params.get("game") or "")):
        return f"/person/{int(params['person_id'])}/{params['game']}"
    if route in PLAIN_ROUTES:
        return f"/{route}"
    return "/"


def parse_path(path: str | None) -> tuple[str, dict[str, Any]]:
    """The screen an address names (the inverse of :func:`screen_path`); anything else is home.

    A game screen without its id (``/scoreboard``) keeps no parameters: a table
    link's tab fills in its own table, any other tab shows home.

    >>> parse_path("/person/3/forestry")
    ('person', {'person_id': 3, 'game': 'forestry'})
    >>> parse_path("/sheet/x")
    ('home', {})
    """
    clean = (path or "/").split("?", 1)[0].lstrip("#")
    parts = [p for p in clean.split("/") if p]
    if not parts:
        return "home", {}
    name = ROUTE_ALIASES.get(parts[0], parts[0])
    rest = parts[1:]
    if name in GAME_ROUTES:
        if not rest:
            return name, {}
        if len(rest) == 1 and _ID.match(rest[0]):
            return name, {"game_id": int(rest[0])}
    elif name in PLAIN_ROUTES and not rest:
        return name, {}
    elif name == "person" and len(rest) == 2 and _ID.match(rest[0]) and _GAME_NAME.match(rest[1]):
        return name, {"person_id": int(rest[0]), "game": rest[1]}
    return "home", {}


def _run_hooks(hooks: list[Callable[[], Any]], what: str, level: int) -> None:
    """Run every hook; one that fails is logged (at ``level``, with its traceback)."""
    for fn in hooks:
        try:
            fn()
        except Exception:  # boundary: one hook that fails must not keep the others from running
            log.log(level, "%s hook failed", what, exc_info=True)


class ForestTableApp:
    """The UI of one tab: settings, current screen, per-screen presenters."""

    def __init__(self, page: ft.Page, prefs: Prefs | None = None,
                 services: Services | None = None) -> None:
        self.page = page
        self.prefs: Prefs = prefs if prefs is not None else MemoryPrefs()
        #: the store, the hub and the serving state this tab uses (one per process: given by
        #: serve, the desktop app or a test; none given: its own, over the default store)
        self.services = services if services is not None else Services()
        self.settings = Settings()
        self.tr = Translator(self.settings.language)
        self.route = "home"
        self.params: Params = {}
        self.states = States()  # typed per-screen state, kept while navigating
        self.tokens: dict[int, str] = {}  # tables this tab created: game id -> token
        self.history: list[tuple[str, Params]] = []
        self._screens: dict[str, ScreenBuilder] = screens()
        self._closers: list[Callable[[], Any]] = []
        self._reconnects: list[Callable[[], Any]] = []
        self._after: list[Callable[[], Any]] = []  # run once the screen being built is sent
        self._kept = KeptControls()
        #: table mode: a seat/table-host link stays on its table (no home, history, settings)
        self.locked: Lock | None = None
        self.on_revoked: Callable[[], Any] | None = None  # its token was revoked
        self._visits = 0  # navigations so far: each one draws its screen from the top
        self._frame: ft.SafeArea | None = None  # the screen's frame on the page, its column
        self._column: ft.Column | None = None  # (the body is the column's first control)
        self._pinned: ft.Column | None = None  # the pinned slot above it (its first control)
        #: what the screen being built pinned (its rows), and the frame round them
        self._pin: tuple[ft.Control, ...] | None = None
        self._pin_frame: Callable[[ft.Control], ft.Control] | None = None
        self._framed: Callable[[ft.Control], ft.Control] | None = None  # this visit's frame's
        self._aways: list[Callable[[bool], Any]] = []
        self.hub: TableHub | None = None  # table mode: the tab's hub (else self.services.hub())
        #: the address this tab's screens live under: "" or the ``/join/<token>`` it was opened with
        self.url_base = ""
        self._url = "/"  # the address the browser shows, as far as we know
        self._pushed: list[tuple[str, float]] = []  # pushed addresses not yet echoed back
        #: table mode's server host (the laptop's browser, the host link): the home screen
        #: offers the open tables' QR codes ("tables")
        self.table_host = False
        #: the server host's own token and its "new host link" (table mode sets them)
        self.host_token: str | None = None
        self.rotate_host_link: Callable[[], Any] | None = None

    def lock(self, game_id: int, token: str, seat: int | None,
             routes: frozenset[str] = LOCKED_ROUTES) -> None:
        """Confine this tab to one table's sheet and scoreboard (``routes``), for ``token``."""
        self.locked = Lock(game_id=game_id, token=token, seat=seat, routes=routes)
        self.history.clear()
        self.route, self.params = "sheet", {"game_id": game_id, "token": token}

    def _confine(self, route: str, params: Params) -> tuple[str, Params]:
        lock = self.locked
        if lock is None:
            return route, params
        if route not in lock["routes"]:
            route = "sheet"
        return route, {"game_id": lock["game_id"], "token": lock["token"]}

    def toggle_language(self, _e: Any = None) -> None:
        lang = self.settings.language
        i = LANGUAGES.index(lang) if lang in LANGUAGES else 0
        self.apply_settings(self.settings.with_(language=LANGUAGES[(i + 1) % len(LANGUAGES)]))

    # ------------------------------------------------------------------ kept controls
    def kept(self, key: str, factory: Callable[[], ft.Control], **props: Any) -> ft.Control:
        """The same control on every render, ``props`` applied (a text field must survive a
        redraw: :mod:`app.ui.kit.flet_compat` 2.)."""
        return self._kept.get(key, factory, **props)

    def forget(self, prefix: str) -> None:
        self._kept.forget(prefix)

    # ------------------------------------------------------------------ texts
    def t(self, key: str, **fields: Any) -> str:
        return self.tr.t(key, **fields)

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> None:
        page = self.page
        page.title = self.t("app-title")
        page.padding = ft.Padding.symmetric(horizontal=12, vertical=8)
        page.scroll = None  # each screen scrolls itself (see render)
        previous = page.on_close  # keep a host's own close hook (table mode sets one)
        if previous is not None and previous is not self._closed:
            hook: Any = previous  # a plain ``fn(event)``, called without an event
            self._closers.append(lambda: hook(None))
        page.on_close = self._closed
        self.apply_theme()
        if self.locked is None:
            self._join_from_route(page.route)
        # the screen this address names: a reload (a new session) lands where it was
        self._url = page.route or "/"
        route, params = self._resolve(*self.parse_url(self._url))
        if self.path(route, params) != self.path():
            self.route, self.params = route, params
        if page.on_route_change is None:  # a host (table mode) forwards its route changes
            page.on_route_change = self._route_changed
        self.render()
        page.run_task(self._load_settings)

    def _join_from_route(self, route: str | None) -> None:
        """A ``/join/<token>`` link opens that table (a seat link shows its own sheet)."""
        token, _rest = join_route(route)
        if token is None:
            return

        hub = self.services.hub()
        access = hub.access(token) if hub is not None else None
        if access is not None and access.game_id is not None:  # confined to that table
            self.lock(access.game_id, token, access.seat, link_routes(access.is_host))
            self.url_base = f"/join/{token}"

    async def _load_settings(self) -> None:
        loaded = await load_settings(self.prefs)  # answered once the phone drew the screen
        fresh = use_font(self.page)
        if loaded != self.settings:
            self.apply_settings(loaded, save=False)
        elif fresh:
            self.page.update()

    def apply_theme(self) -> None:
        style(self.page)
        self.page.theme_mode = THEME_MODES[self.settings.theme]
        # Flutter's own words (a snack bar's "Close", a tile's "Expanded") in the app's
        # language: a Japanese phone heard them in English
        self.page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=list(LOCALES.values()),
            current_locale=LOCALES.get(self.settings.language, LOCALES["en"]))

    def apply_settings(self, settings: Settings, save: bool = True) -> None:
        self.settings = settings
        self.tr = Translator(settings.language)
        self.page.title = self.t("app-title")
        self.apply_theme()
        self.render()
        if save:
            self.page.run_task(save_settings, self.prefs, settings)

    # ------------------------------------------------------------------ navigation
    def _visit(self, route: str, params: Params) -> None:
        """Show ``route`` as a new visit (from its top) and push its address."""
        self.route, self.params = route, params
        self.render(to_top=True)
        self._sync_url()

    def go(self, route: str, **params: Any) -> None:
        route, params = self._confine(route, params)
        if route != self.route:
            self.history.append((self.route, self.params))
        self._visit(route, params)

    def back(self, _e: Any = None) -> None:
        """The in-app back arrow: the previous screen (its address is pushed: Flet 1.0 has
        no ``history.back()``, so the browser's Back then returns to the screen left)."""
        self._visit(*self._confine(*(self.history.pop() if self.history else ("home", {}))))

    def home(self, _e: Any = None) -> None:
        self.history.clear()
        self._visit(*self._confine("home", {}))

    def restart(self, route: str, **params: Any) -> None:
        """Open ``route`` with the history cut back to home (and the screen left behind)."""
        self.history[:] = [("home", {})]
        self.go(route, **params)

    def came_from(self) -> str | None:
        """The route the back arrow returns to (None: home, the history is empty)."""
        return self.history[-1][0] if self.history else None

    def has_screen(self, route: str) -> bool:
        return route in self._screens

    # ------------------------------------------------------------------ addresses
    def path(self, route: str | None = None, params: dict[str, Any] | None = None) -> str:
        """The address of a screen (default: the current one) in this tab.

        A table link's tab keeps its link in front: ``/join/<token>`` is its sheet,
        ``/join/<token>/scoreboard`` its scoreboard (the token is the one already in
        the link; a reload of any of them reopens the seat).
        """
        route = self.route if route is None else route
        params = self.params if params is None else params
        if self.locked is not None:
            tail = "" if route == "sheet" else f"/{route}"
        else:
            tail = screen_path(route, params)
            tail = "" if tail == "/" else tail
        return (self.url_base + tail) or "/"

    def set_url_base(self, base: str) -> None:
        """This tab's screens now live under ``base`` (a new host link): the address follows."""
        self.url_base = base
        self._sync_url()

    def url(self) -> str:
        """The current screen's address (what the browser shows)."""
        return self.path()

    def parse_url(self, url: str | None) -> tuple[str, dict[str, Any]]:
        """The screen an address asks for (not yet confined: see :meth:`_resolve`)."""
        clean = (url or "/").split("?", 1)[0].lstrip("#")
        base = self.url_base
        if base and (clean == base or clean.startswith(base + "/")):
            clean = clean[len(base):]
        return parse_path(clean)

    def _resolve(self, route: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """Where an address may lead: unknown → home; a table link → its own table only."""
        if route not in self._screens:
            route, params = "home", {}
        route, params = self._confine(route, params)
        if self.locked is None and route in GAME_ROUTES and params.get("game_id") is None:
            route, params = "home", {}
        if route == "setup" and self.states.get(SetupPresenter) is None:  # the deal is gone
            route, params = "new", {}
        return route, params

    def follow(self, url: str | None) -> None:
        """The browser changed the address: Back, Forward, a typed address, a reload.

        Back to the previous screen pops the in-app history (as the back arrow
        does); any other address is entered like ``go()``, without a new
        history entry (the browser already made one). Confined like ``go()``.
        """
        url = url or "/"
        if self._echo(url):
            return
        self._url = url
        route, params = self._resolve(*self.parse_url(url))
        target = self.path(route, params)
        if target == self.path():
            return
        if self.history and self.path(*self._confine(*self.history[-1])) == target:
            route, params = self._resolve(*self.history.pop())  # its own params (a token)
        else:
            self.history.append((self.route, self.params))
        self.route, self.params = route, params
        self.render(to_top=True)

    async def _route_changed(self, e: Any) -> None:
        self.follow(getattr(e, "route", None) or self.page.route)

    def _echo(self, url: str) -> bool:
        """Is ``url`` the browser confirming an address we pushed (not a user's Back)?"""
        now = time.monotonic()
        self._pushed = [(u, t) for u, t in self._pushed if now - t < ECHO_S]
        for i, (pushed, _t) in enumerate(self._pushed):
            if pushed == url:
                del self._pushed[:i + 1]
                return True
        return False

    def _sync_url(self) -> None:
        """Push the current screen's address (a browser history entry) when it changed."""
        url = self.url()
        if url == self._url:
            return
        self._url = url
        self._pushed.append((url, time.monotonic()))
        try:
            self.page.run_task(flet_compat.push_route, self.page, url)
        except flet_compat.TAB_GONE:  # the tab went away
            log.debug("push of %s failed", url, exc_info=True)

    def render(self, to_top: bool = False) -> None:
        """Draw the current screen; ``to_top``: a new visit (navigation) starts at its top."""
        self.route, self.params = self._confine(self.route, self.params)
        build = self._screens.get(self.route, self._screens["home"])
        self._pin = self._pin_frame = None
        try:
            body = build(self)
        except Exception as exc:  # boundary: a screen must never take the tab down
            log.exception("screen %s failed", self.route)
            # a held lock, a full disk: said in words, no SQL
            said = render(self.tr.lang, storage_message(exc)) if is_storage_error(exc) \
                else str(exc)
            body = ft.Column([
                ft.Text(self.t("common-error", message=said), color=ft.Colors.ERROR),
                ft.TextButton(content=ft.Text(self.t("nav-home")), on_click=self.home),
            ])
            self._pin = self._pin_frame = None
        if to_top:
            self._visits += 1
        key = flet_compat.screen_key(self.route, self._visits)
        pin, pin_frame = self._pin, self._pin_frame
        # a redraw within the visit: only the body (and the pinned strip's rows that
        # changed) is diffed and sent (flet_compat 8.)
        if to_top or (pin is None) != (self._pinned is None) or pin_frame is not self._framed \
                or not flet_compat.patch_body(self.page, self._frame, key, self._column, body) \
                or (pin is not None and not flet_compat.patch_children(
                    self.page, self._frame, key, self._pinned, pin)):
            # one scrolling column per visit, keyed by it: a navigation starts at the top, a
            # redraw within the visit is reconciled (:mod:`app.ui.kit.flet_compat` 4.);
            # what the screen pinned sits above it (a game's status strip): never scrolls
            self._column = ft.Column([body, ft.Container(height=BOTTOM_ROOM)], spacing=0,
                                     scroll=ft.ScrollMode.AUTO, expand=True)
            if pin is None:
                self._pinned = None
                self._frame = ft.SafeArea(self._column, expand=True, key=key)
            else:  # the pinned rows in a frame made once a visit (a strip's box)
                self._pinned = ft.Column(list(pin), spacing=0, tight=True)
                framed = self._pinned if pin_frame is None else pin_frame(self._pinned)
                self._frame = ft.SafeArea(ft.Column([framed, self._column], spacing=0,
                                                    expand=True), expand=True, key=key)
            self._framed = pin_frame
            flet_compat.frozen(self._frame)  # nothing in it is updated in place (10.)
            replaced = self.page.controls[0] if self.page.controls else None
            self.page.controls = [self._frame]
            self.page.update()
            flet_compat.drop_replaced(self.page, replaced)
        after, self._after = self._after, []
        for fn in after:
            fn()

    def pin(self, rows: Sequence[ft.Control],
            frame: Callable[[ft.Control], ft.Control] | None = None) -> None:
        """Pin ``rows`` above the screen being built (:meth:`render`): they never scroll.
        ``frame(column)``: what holds their column (made once a visit, so a redraw sends
        only the rows that changed: a module's function, the same from one redraw to the
        next)."""
        self._pin, self._pin_frame = tuple(rows), frame

    def repin(self, rows: Sequence[ft.Control]) -> None:
        """Send ``rows`` in place of the pinned ones and nothing else (a presence change
        redraws the strip only); the whole screen when that is not possible."""
        key = flet_compat.screen_key(self.route, self._visits)
        if self._pinned is None or not flet_compat.patch_children(self.page, self._frame, key,
                                                                  self._pinned, rows):
            self.render()
            return
        after, self._after = self._after, []
        for fn in after:
            fn()

    def after_render(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` once the screen being built has been sent to the page."""
        self._after.append(fn)

    def refresh(self) -> None:
        """Redraw the current screen (after its presenter changed)."""
        self.render()

    # ------------------------------------------------------------------ game flow
    def new_game(self, _e: Any = None) -> None:
        """A fresh new-game form."""
        self.states.pop(NewGamePresenter)
        self.go("new")

    def start_setup(self, request: Any) -> None:
        """Deal the setup for a new-game request and walk the table through it."""
        try:
            self.states.put(SetupPresenter(self.t, request))
        except ValueError as exc:  # the dealer refused: show why on the form
            presenter = self.states.get(NewGamePresenter)
            if presenter is not None:
                presenter.errors["options"] = refusal(self.tr.lang, exc)
            self.refresh()
            return
        self.go("setup")

    def deal_again(self, _e: Any = None) -> None:
        setup = self.states.get(SetupPresenter)
        if setup is not None:
            setup.deal_again()
            self.refresh()

    def start_play(self, _e: Any = None) -> None:
        """Setup done: create the game session with the dealt seed and open its table."""
        setup = self.states.get(SetupPresenter)
        if setup is None:
            return
        try:
            game_id, token = self.services.create_table(
                setup.request, first_player=getattr(setup, "first_player", None),
                infested=getattr(setup, "infested", ()))
        except FAILURES + (RuntimeError,) as exc:  # no session, or refused: said on setup
            log.exception("could not create the game")
            self.toast(self.t("common-error", message=refusal(self.tr.lang, exc)))
            return
        self.tokens[game_id] = token
        self.states.pop(SetupPresenter)
        self.history[:] = [("home", {})]
        self._visit("sheet", {"game_id": game_id})

    def open_game(self, game_id: int, token: str | None = None) -> None:
        self.go("sheet", game_id=game_id, **({"token": token} if token else {}))

    def on_close(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` when this tab closes (unsubscribe from tables)."""
        self._closers.append(fn)

    def on_reconnect(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` when this tab is back after a disconnect (before it is drawn anew)."""
        self._reconnects.append(fn)

    def on_away(self, fn: Callable[[bool], Any]) -> None:
        """Run ``fn(True)`` when this tab's link goes, ``fn(False)`` when it answers again."""
        self._aways.append(fn)

    def away(self, gone: bool = True) -> None:
        """The tab's link went (``gone``: its table's other phones show it offline) or
        answers again without a new connection (its socket stayed open)."""
        _run_hooks([partial(fn, gone) for fn in self._aways], "away", logging.DEBUG)

    def reconnected(self) -> None:
        """Back after a disconnect (sleep, a reload into the kept session): every hook
        (a table catching up) runs, then the whole screen is sent anew (a new screen key,
        :mod:`app.ui.kit.flet_compat` 5.): what the phone holds is not known."""
        _run_hooks(list(self._reconnects), "reconnect", logging.DEBUG)
        self.render(to_top=True)

    def close(self) -> None:
        """This tab's app goes away (table mode drops it): its close hooks run."""
        self._closed()

    def _closed(self, _e: Any = None) -> None:
        _run_hooks(self._closers, "close", logging.ERROR)
        self._closers.clear()

    def toast(self, message: str) -> None:
        self.page.show_dialog(ft.SnackBar(content=ft.Text(message)))

