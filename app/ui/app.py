"""The app shell: one object per browser tab holding where the user is and how to draw it.

Navigation is a simple state switch (``go("settings")``): the current screen is
rebuilt from its presenter and put on the page. Screens are functions
``build(app) -> ft.Control`` in ``app/ui/screens``; their state lives in
presenters (plain Python, ``app/ui/presenters*.py``), never in controls.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from app.i18n import Translator
from app.ui.prefs import MemoryPrefs, Prefs, Settings, load_settings, save_settings

log = logging.getLogger(__name__)

FONT_FAMILY = "NotoSansJP"
FONT_ASSET = "fonts/NotoSansJP-Subset.otf"
SEED_COLOR = ft.Colors.GREEN_800
THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT,
               "dark": ft.ThemeMode.DARK}

BOTTOM_ROOM = 88  # px below every screen: the last control scrolls clear of a snack bar

ScreenBuilder = Callable[["ForestTableApp"], ft.Control]

#: Screens a table link (seat or table host, see :meth:`ForestTableApp.lock`) may reach.
LOCKED_ROUTES = frozenset({"sheet", "scoreboard", "host"})


def screens() -> dict[str, ScreenBuilder]:
    from app.ui.screens import home, new_game, records, settings, setup, sheet

    routes: dict[str, ScreenBuilder] = {
        "home": home.build,
        "settings": settings.build,
        "new": new_game.build,
        "setup": setup.build,
        "sheet": sheet.build,
        "scoreboard": sheet.build_scoreboard,
        "history": records.build_history,
        "stats": records.build_stats,
    }
    try:  # after the finish: result, sharing, exports, rematch (app/ui/screens/finish.py)
        from app.ui.screens import finish

        routes["finish"] = finish.build
        routes["person"] = records.build_person  # one person's charts
    except ImportError:
        pass
    try:  # table mode: the host's QR codes (app/ui/screens/host.py, with app.table)
        from app.ui.screens import host

        routes["tables"] = host.build_tables
        routes["host"] = host.build
    except ImportError:
        pass
    return routes


class ForestTableApp:
    """The UI of one tab: settings, current screen, per-screen presenters."""

    def __init__(self, page: ft.Page, prefs: Prefs | None = None) -> None:
        self.page = page
        self.prefs: Prefs = prefs if prefs is not None else MemoryPrefs()
        self.settings = Settings()
        self.tr = Translator(self.settings.language)
        self.route = "home"
        self.params: dict[str, Any] = {}
        self.state: dict[str, Any] = {}  # presenters by screen, kept while navigating
        self.history: list[tuple[str, dict[str, Any]]] = []
        self._screens = screens()
        self._closers: list[Callable[[], Any]] = []
        #: table mode: a seat/table-host link stays on its table (no home, history, settings)
        self.locked: dict[str, Any] | None = None
        self.on_revoked: Callable[[], Any] | None = None  # its token was revoked
        self._visit = 0  # navigations so far: each one draws its screen from the top
        self.hub: Any = None  # table mode: the tab's hub (else services.shared().hub())
        #: table mode's server host (the laptop's browser, the host link): the home screen
        #: offers the open tables' QR codes ("tables")
        self.table_host = False

    def lock(self, game_id: int, token: str, seat: int | None,
             routes: frozenset[str] = LOCKED_ROUTES) -> None:
        """Confine this tab to one table's sheet and scoreboard (``routes``), for ``token``."""
        self.locked = {"game_id": game_id, "token": token, "seat": seat, "routes": routes}
        self.history.clear()
        self.route, self.params = "sheet", {"game_id": game_id, "token": token}

    def _confine(self, route: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        lock = self.locked
        if lock is None:
            return route, params
        if route not in lock["routes"]:
            route = "sheet"
        return route, {"game_id": lock["game_id"], "token": lock["token"]}

    def toggle_language(self, _e: Any = None) -> None:
        from app.i18n import LANGUAGES

        i = LANGUAGES.index(self.settings.language) if self.settings.language in LANGUAGES else 0
        self.apply_settings(self.settings.with_(language=LANGUAGES[(i + 1) % len(LANGUAGES)]))

    # ------------------------------------------------------------------ kept controls
    def kept(self, key: str, factory: Callable[[], ft.Control], **props: Any) -> ft.Control:
        """The same control instance on every render, with ``props`` applied.

        Text fields must survive a redraw: a change event from a replaced field
        would be dropped, losing what the user just typed.
        """
        cache: dict[str, ft.Control] = self.state.setdefault("_kept", {})
        control = cache.get(key)
        if control is None:
            control = cache[key] = factory()
        for name, value in props.items():
            setattr(control, name, value)
        return control

    def forget(self, prefix: str) -> None:
        cache: dict[str, ft.Control] = self.state.setdefault("_kept", {})
        for key in [k for k in cache if k.startswith(prefix)]:
            del cache[key]

    # ------------------------------------------------------------------ texts
    def t(self, key: str, **fields: Any) -> str:
        return self.tr.t(key, **fields)

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> None:
        page = self.page
        page.title = self.t("app.title")
        page.fonts = {FONT_FAMILY: FONT_ASSET}
        page.padding = ft.Padding.symmetric(horizontal=12, vertical=8)
        page.scroll = None  # each screen scrolls itself (see render)
        previous = page.on_close  # keep a host's own close hook (table mode sets one)
        if previous is not None and previous is not self._closed:
            self._closers.append(lambda: previous(None))
        page.on_close = self._closed
        self.apply_theme()
        if self.locked is None:
            self._join_from_route(page.route)
        self.render()
        page.run_task(self._load_settings)

    def _join_from_route(self, route: str | None) -> None:
        """A ``/join/<token>`` link opens that table (a seat link shows its own sheet)."""
        try:
            from app.table import token_from_route
        except ImportError:
            return
        token = token_from_route(route)
        if token is None:
            return
        from app.ui import services

        hub = services.shared().hub()
        access = hub.access(token) if hub is not None else None
        if access is not None and access.game_id is not None:  # confined to that table
            self.lock(access.game_id, token, access.seat,
                      LOCKED_ROUTES if access.is_host else LOCKED_ROUTES - {"host"})

    async def _load_settings(self) -> None:
        loaded = await load_settings(self.prefs)
        if loaded != self.settings:
            self.apply_settings(loaded, save=False)

    def apply_theme(self) -> None:
        theme = ft.Theme(color_scheme_seed=SEED_COLOR, font_family=FONT_FAMILY)
        dark = ft.Theme(color_scheme_seed=SEED_COLOR, font_family=FONT_FAMILY)
        self.page.theme = theme
        self.page.dark_theme = dark
        self.page.theme_mode = THEME_MODES[self.settings.theme]

    def apply_settings(self, settings: Settings, save: bool = True) -> None:
        self.settings = settings
        self.tr = Translator(settings.language)
        self.page.title = self.t("app.title")
        self.apply_theme()
        self.render()
        if save:
            self.page.run_task(save_settings, self.prefs, settings)

    # ------------------------------------------------------------------ navigation
    def go(self, route: str, **params: Any) -> None:
        route, params = self._confine(route, params)
        if route != self.route:
            self.history.append((self.route, self.params))
        self.route, self.params = route, params
        self.render(to_top=True)

    def back(self, _e: Any = None) -> None:
        self.route, self.params = self._confine(
            *(self.history.pop() if self.history else ("home", {})))
        self.render(to_top=True)

    def home(self, _e: Any = None) -> None:
        self.history.clear()
        self.route, self.params = self._confine("home", {})
        self.render(to_top=True)

    def render(self, to_top: bool = False) -> None:
        """Draw the current screen; ``to_top``: a new visit (navigation) starts at its top."""
        self.route, self.params = self._confine(self.route, self.params)
        build = self._screens.get(self.route, self._screens["home"])
        try:
            body = build(self)
        except Exception as exc:  # a screen must never take the tab down
            log.exception("screen %s failed", self.route)
            body = ft.Column([
                ft.Text(self.t("common.error", message=str(exc)), color=ft.Colors.ERROR),
                ft.TextButton(content=ft.Text(self.t("nav.home")), on_click=self.home),
            ])
        if to_top:
            self._visit += 1
        # Each visit of a screen is its own scrolling column, keyed by the visit: a
        # navigation gets a new column, which starts at the top in the same frame (no
        # scroll_to sent after the redraw: that jump arrived late, and Flutter's semantics
        # boxes — what screen readers and the browser tests use — stayed where the old
        # screen was scrolled to). A redraw within the visit keeps the key, so Flet
        # reconciles it with what is on the page (same type and place = the same control,
        # which keeps its id): a tap on the sheet sends ~0.4 kB instead of ~30 kB, and the
        # phone keeps its widgets (focus, scroll position).
        # Room at the bottom: the last control can scroll above a snack bar.
        self.page.controls = [ft.SafeArea(
            ft.Column([body, ft.Container(height=BOTTOM_ROOM)], spacing=0,
                      scroll=ft.ScrollMode.AUTO, expand=True),
            expand=True, key=f"screen-{self.route}-{self._visit}")]
        self.page.update()

    def refresh(self) -> None:
        """Redraw the current screen (after its presenter changed)."""
        self.render()

    # ------------------------------------------------------------------ game flow
    def new_game(self, _e: Any = None) -> None:
        """A fresh new-game form."""
        self.state.pop("new", None)
        self.go("new")

    def start_setup(self, request: Any) -> None:
        """Deal the setup for a new-game request and walk the table through it."""
        from app.ui.presenters_game import SetupPresenter

        try:
            self.state["setup"] = SetupPresenter(self.t, request)
        except ValueError as exc:  # the dealer refused: show why on the form
            presenter = self.state.get("new")
            if presenter is not None:
                presenter.errors["options"] = str(exc)
            self.refresh()
            return
        self.go("setup")

    def deal_again(self, _e: Any = None) -> None:
        setup = self.state.get("setup")
        if setup is not None:
            setup.deal_again()
            self.refresh()

    def start_play(self, _e: Any = None) -> None:
        """Setup done: create the game session with the dealt seed and open its table."""
        from app.ui import services

        setup = self.state.get("setup")
        if setup is None:
            return
        try:
            game_id, token = services.shared().create_table(setup.request)
        except Exception as exc:  # session missing or refused: say so on the setup screen
            log.exception("could not create the game")
            self.toast(self.t("common.error", message=str(exc)))
            return
        self.state.setdefault("tokens", {})[game_id] = token
        self.state.pop("setup", None)
        self.history.clear()
        self.history.append(("home", {}))
        self.route, self.params = "sheet", {"game_id": game_id}
        self.render(to_top=True)

    def open_game(self, game_id: int, token: str | None = None) -> None:
        params: dict[str, Any] = {"game_id": game_id}
        if token:
            params["token"] = token
        self.go("sheet", **params)

    def on_close(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` when this tab closes (unsubscribe from tables)."""
        self._closers.append(fn)

    def _closed(self, _e: Any = None) -> None:
        for fn in self._closers:
            try:
                fn()
            except Exception:
                log.exception("close hook failed")
        self._closers.clear()

    def toast(self, message: str) -> None:
        self.page.show_dialog(ft.SnackBar(content=ft.Text(message)))
