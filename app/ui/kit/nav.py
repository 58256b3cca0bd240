"""What a screen may ask of the shell: a narrow navigation protocol and typed per-screen state.

A screen is a function ``build(nav: Nav) -> ft.Control`` (:data:`ScreenBuilder`),
registered by route in :mod:`app.ui.shell.routes`. Screens depend on :class:`Nav`
only, never on the shell (:class:`app.ui.shell.app.ForestTableApp` implements it) nor
on the server: the shell imports the screens, not the other way round.

What a screen keeps while the tab navigates (a form's presenter, a filter, an
open table) is a typed object in :class:`States`, looked up by its type and,
where there is one per game, by the game's id: no string keys.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypedDict, TypeVar

if TYPE_CHECKING:
    import flet as ft

    from app.i18n import Translator
    from app.table.hub import TableHub
    from app.ui.kit.prefs import Settings
    from app.ui.kit.services import Services

T = TypeVar("T")

#: A screen's parameters (``{"game_id": 12}``), as in its address.
Params = dict[str, Any]


class Lock(TypedDict):
    """A table link's confinement (table mode): one table, a few routes, maybe a seat."""

    game_id: int
    token: str
    seat: int | None
    routes: frozenset[str]


class States:
    """A tab's per-screen state: at most one object per (type, key), ``key`` e.g. a game id.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Filter:
    ...     game: str = "all"
    >>> s = States()
    >>> s.get(Filter) is None
    True
    >>> s.setdefault(Filter, Filter).game = "forestry"
    >>> s.get(Filter)
    Filter(game='forestry')
    >>> s.pop(Filter) == Filter("forestry") and s.get(Filter) is None
    True
    """

    def __init__(self) -> None:
        self._items: dict[tuple[type[Any], Hashable], Any] = {}

    def get(self, kind: type[T], key: Hashable = None) -> T | None:
        found = self._items.get((kind, key))
        return found if isinstance(found, kind) else None

    def put(self, value: T, key: Hashable = None) -> T:
        self._items[(type(value), key)] = value
        return value

    def setdefault(self, kind: type[T], factory: Callable[[], T], key: Hashable = None) -> T:
        found = self.get(kind, key)
        return found if found is not None else self.put(factory(), key)

    def pop(self, kind: type[T], key: Hashable = None) -> T | None:
        found = self._items.pop((kind, key), None)
        return found if isinstance(found, kind) else None

    def all(self, kind: type[T]) -> Iterator[tuple[Hashable, T]]:
        """Every ``kind`` kept, with its key (a snapshot: safe to change while iterating)."""
        for (k, key), value in list(self._items.items()):
            if k is kind:
                yield key, value


class Nav(Protocol):
    """The shell as a screen sees it (implemented by :class:`app.ui.shell.app.ForestTableApp`)."""

    page: ft.Page
    route: str
    params: Params
    settings: Settings
    tr: Translator
    #: typed per-screen state, kept while the tab navigates
    states: States
    #: table mode: the tab's hub (else ``services.hub()``)
    hub: TableHub | None
    #: the store, the hub and the serving state of this process (given at start)
    services: Services
    #: a table link's confinement (None: the whole app)
    locked: Lock | None
    #: called when this tab's token is revoked (table mode)
    on_revoked: Callable[[], Any] | None
    #: the server host's tab: the home screen offers the open tables' QR codes
    table_host: bool
    host_token: str | None
    rotate_host_link: Callable[[], Any] | None
    #: tokens of the tables this tab created (game id -> token)
    tokens: dict[int, str]

    # texts
    def t(self, key: str, **fields: Any) -> str: ...

    # navigation
    def go(self, route: str, **params: Any) -> None: ...
    def back(self, _e: Any = None) -> None: ...
    def home(self, _e: Any = None) -> None: ...
    def restart(self, route: str, **params: Any) -> None:
        """Open ``route`` with only home behind it (a new game, a rematch)."""
    def came_from(self) -> str | None:
        """The route the back arrow returns to (None: home)."""
    def has_screen(self, route: str) -> bool: ...
    def refresh(self) -> None: ...
    def toast(self, message: str) -> None: ...

    # game flow
    def new_game(self, _e: Any = None) -> None: ...
    def open_game(self, game_id: int, token: str | None = None) -> None: ...
    def start_setup(self, request: Any) -> None: ...
    def start_play(self, _e: Any = None) -> None: ...
    def deal_again(self, _e: Any = None) -> None: ...

    # settings
    def apply_settings(self, settings: Settings, save: bool = True) -> None: ...
    def toggle_language(self, _e: Any = None) -> None: ...

    # lifecycle and kept controls (app/ui/kit/flet_compat.py)
    def on_close(self, fn: Callable[[], Any]) -> None: ...
    def on_reconnect(self, fn: Callable[[], Any]) -> None: ...
    def on_away(self, fn: Callable[[bool], Any]) -> None:
        """Run ``fn(True)`` when this tab's link goes (``fn(False)``: it answers again)."""
    def pin(self, rows: Sequence[ft.Control],
            frame: Callable[[ft.Control], ft.Control] | None = None) -> None:
        """Pin ``rows`` above the screen being built, in ``frame(column)`` (made once a
        visit): they never scroll away."""
    def repin(self, rows: Sequence[ft.Control]) -> None:
        """Send ``rows`` in place of the pinned ones, nothing else (a redraw of the strip)."""
    def after_render(self, fn: Callable[[], Any]) -> None: ...
    def kept(self, key: str, factory: Callable[[], ft.Control], **props: Any) -> ft.Control: ...
    def forget(self, prefix: str) -> None: ...


#: A screen: draws the current route for a tab.
ScreenBuilder = Callable[[Nav], "ft.Control"]
