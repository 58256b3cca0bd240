"""Where the UI reaches the rest of the app: the store, the session, the setup dealers.

One ``Services`` per process, made at start (``serve``, the desktop app, a test) and
handed to every tab (``ForestTableApp(..., services=...)``, ``TableTab``). Each call goes
to the real module (``app.store``, ``app.session``); without a store (the database unreachable) a
read answers empty, logged, instead of breaking a screen. No rules or storage logic here.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from app.peer import Peers
from app.session import GameSession
from app.store import crud, queries
from app.store.crud import FAILURES, STORAGE_ERRORS
from app.store.facade import Store
from app.table.hub import TableHub

if TYPE_CHECKING:
    from sqlmodel import Session

    from app.store.queries import GameSummary, PersonStats

log = logging.getLogger(__name__)
R = TypeVar("R")


def _not_serving() -> Path:
    raise RuntimeError("only `forest-table serve` keeps a host link (Services(serving=...))")


@dataclass(frozen=True, slots=True)
class Serving:
    """What ``forest-table serve`` worked out for the tabs it serves (made once at start,
    carried by its :class:`Services`): the URL phones reach it at, where its host link
    is kept, and its phones' connections (the web layer keeps them, the tabs read them).
    The default: nothing served (the desktop app, tests)."""

    base_url: str = ""
    host_link_dir: Callable[[], Path] = _not_serving
    peers: Peers = field(default_factory=Peers)


class Services:
    def __init__(self, store: Store | None = None, *, open_store: bool = True,
                 hub: TableHub | None = None, serving: Serving | None = None) -> None:
        #: what ``serve`` worked out for its tabs (the desktop app and tests: nothing served)
        self.serving = serving if serving is not None else Serving()
        self._store = store if store is not None or hub is None else hub.store
        self._open_store = open_store  # False: no database (tests of the shell)
        self._hub = hub  # None: made over the store on first use
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ store
    @property
    def store(self) -> Store | None:
        with self._lock:
            if self._store is None and self._open_store:
                try:
                    self._store = Store.open()
                except STORAGE_ERRORS + (ImportError, ValueError):  # unreachable: screens say so
                    log.exception("could not open the store")
                    return None
            return self._store

    # ------------------------------------------------------------------ tables
    def hub(self) -> TableHub | None:
        """The table hub (app.table.hub) over this store, made once and owned here: the
        process's one services (made at start by serve or the desktop app) give every tab
        the same hub, so a rematch started on one screen tells the others' phones and each
        table has one session. None without a store."""
        store = self.store
        if store is None:
            return None
        with self._lock:
            if self._hub is None:
                self._hub = TableHub(store)
            return self._hub

    def create_table(self, request: Any, *, first_player: int | None = None,
                     infested: Any = ()) -> tuple[int, str]:
        """Create the game session for a dealt request; returns (game id, host token).

        ``first_player`` and ``infested`` (a game with a forest board) come from the setup
        walkthrough. A
        rematch (``request.rematch_of``) sends the old table's phones to the new one.
        """
        hub = self.hub()
        if hub is None:
            raise RuntimeError("the game session is not available")
        players = [{"name": p.name, "colour": p.colour, "character": p.role}
                   for p in request.players]
        sess = GameSession.create(hub.store, game=request.game, players=players,
                                  options=request.options, seed=request.seed,
                                  first_player=first_player, infested=tuple(sorted(infested)))
        rematch_of = getattr(request, "rematch_of", None)
        if isinstance(rematch_of, int) and rematch_of != sess.game_id:
            try:  # the finished table's phones follow to this one (same seats)
                hub.move_table(rematch_of, sess.game_id)
            except FAILURES:
                log.exception("the phones of table %s could not follow", rematch_of)
        return int(sess.game_id), hub.link_token(sess.game_id)

    def known_people(self, limit: int = 60) -> tuple[str, ...]:
        """The names of the people in History (as History keeps them: one per person)."""
        store = self.store
        if store is None:
            return ()
        try:
            with store.session() as s:
                return tuple(p.name for p in crud.list_people(s))[:limit]
        except FAILURES:
            log.exception("known people")
            return ()

    def host_token(self, game_id: int) -> str | None:
        hub = self.hub()
        return None if hub is None else hub.link_token(game_id)

    def _read(self, what: str, read: Callable[[Session], Iterable[R]]) -> list[R]:
        """``read(session)`` as a list; nothing (logged) without a store or when it fails."""
        store = self.store
        if store is None:
            return []
        try:
            with store.session() as s:
                return list(read(s))
        except FAILURES:
            log.exception(what)
            return []

    def open_games(self) -> list[GameSummary]:
        """The games in progress, most recently changed first (``queries.open_games``)."""
        return self._read("open games", queries.open_games)

    def history(self, limit: int = 50, *, game: str | None = None,
                person: int | None = None) -> list[GameSummary]:
        """Finished games, newest first (``app.store.queries.history``), optionally of one
        game and/or one person (by id)."""
        return self._read("history", lambda s: queries.history(
            s, limit=limit, game=game, person=person).items)

    def stats(self) -> list[PersonStats]:
        """Plays, wins and scores per person and game (``queries.everyone_stats``)."""
        return self._read("stats", queries.everyone_stats)

    def confirmed_printed(self) -> dict[str, dict[str, Any]]:
        store = self.store
        if store is None or not hasattr(store, "get_printed"):
            return {}
        try:
            return dict(store.get_printed())
        except FAILURES:
            return {}
