"""Table mode: one authoritative GameSession per open table, access by token, sync.

``forest-table serve`` holds one :class:`TableHub` for the whole process. Every
phone at a table talks to the same :class:`~app.session.GameSession` through
:meth:`TableHub.submit`, which

1. checks the token's rights (:func:`check_rights`, the rules below),
2. applies the command — the session persists it (log row + snapshot, one
   transaction) before it returns,
3. broadcasts the new :class:`~app.session.Snapshot` to every subscriber of
   that table, in version order (under the table's lock).

A refused command (no rights, a stale version, a rules error) writes nothing
and comes back as a :class:`Result` with a message and the current snapshot.

Rights (docs/table-mode.md):

- **server host token** (``forest-table serve`` prints its link): everything on
  every table, and the rest of the app (new game, records).
- **table host token**: everything on that table — any player's board, the
  shared table, start/undo/redo/finish, revoking and reissuing seat links.
- **seat token**: its own player's board (any command whose ``player`` is
  that seat), plus the shared-table commands in :data:`SHARED_KINDS` (revealing
  a round token, replenishing forester tokens, harvest tokens, infested wood,
  detached storages, confirming a printed value): at a real table whoever's
  turn it is does these, and versions keep two simultaneous taps from both
  applying to the same state. Read-only for every other board. Game-level
  commands (start, undo, redo, finish) are the host's.

Subscribers are plain callbacks (``callback(snapshot)``), called on the
submitting thread: a Flet tab hops back onto its own session with
``page.run_task`` (app/ui/screens/table_view.py). No flet import here.

Tokens are ``secrets.token_urlsafe(24)`` (192 bits); the database keeps only
their SHA-256 (:mod:`app.store.tokens`). A token's text is shown only as a
link/QR code: the hub remembers the text of the links it issued while it
runs; after a restart, showing a seat's QR code issues a new token for that
seat (the old ones stay valid until revoked).
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import secrets
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from app.session import (
    COMMANDS,
    FINISHED,
    Command,
    DomainError,
    GameSession,
    Snapshot,
    StaleVersion,
    command_from_json,
)
from app.store import NotFound, Store
from app.store import tokens as T

log = logging.getLogger(__name__)

TOKEN_BYTES = 24  # 192 bits, URL-safe: 32 characters

#: Shared-table commands any seat may send (they have no ``player``, or an optional one).
SHARED_KINDS: frozenset[str] = frozenset({
    "replenish_foresters", "reveal_round_token", "remove_infested_wood", "set_detached_wood",
    "set_harvest_token", "confirm_printed",
})
#: Game-level commands only a host may send (besides undo/redo/finish).
HOST_KINDS: frozenset[str] = frozenset({"start_game", "end_game"})
#: Session operations that are not commands: ``{"kind": "undo", "version": N}``.
SESSION_OPS: frozenset[str] = frozenset({"undo", "redo", "finish"})

SERVER, HOST, SEAT = "server", "host", "seat"
#: ``FOREST_TABLE_TRACE=1``: print how long each command took on the server (stderr).
#: How long a token check is trusted without asking the database again (seconds).
ACCESS_TTL = 5.0
TRACE = os.environ.get("FOREST_TABLE_TRACE", "") not in ("", "0")


def new_token() -> str:
    """A fresh access token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


# =========================================================================== access


@dataclass(frozen=True, slots=True)
class Access:
    """What a valid token opens: ``role`` server | host | seat, the table, the seat (1-based)."""

    role: str
    game_id: int | None = None
    seat: int | None = None

    @property
    def is_host(self) -> bool:
        return self.role in (SERVER, HOST)

    def sees(self, game_id: int) -> bool:
        """May this token look at table ``game_id`` at all?"""
        return self.role == SERVER or self.game_id == game_id

    @property
    def player(self) -> int | None:
        """The 0-based player index commands use (seat tokens only)."""
        return None if self.seat is None else self.seat - 1


class Forbidden(DomainError):
    """The token does not allow this command; nothing was written."""


def _kind(command: Command | Mapping[str, Any]) -> str:
    return command.kind if isinstance(command, Command) else str(command.get("kind"))


def _player_of(command: Command | Mapping[str, Any]) -> Any:
    if isinstance(command, Command):
        return getattr(command, "player", None)
    return command.get("player")


def check_rights(access: Access, game_id: int, command: Command | Mapping[str, Any],
                 names: tuple[str, ...] = ()) -> None:
    """Raise :class:`Forbidden` unless ``access`` may send ``command`` to table ``game_id``."""
    if not access.sees(game_id):
        raise Forbidden("token", "this link is for another table")
    if access.is_host:
        return
    kind = _kind(command)
    me = access.player
    who = names[me] if me is not None and me < len(names) else f"seat {access.seat}"
    if kind in SESSION_OPS or kind in HOST_KINDS:
        raise Forbidden("kind", f"only the host can {kind.replace('_', ' ')}")
    cls = COMMANDS.get(kind)
    has_player = cls is not None and any(f.name == "player" for f in fields(cls))
    player = _player_of(command)
    if kind in SHARED_KINDS:
        if player is not None and player != me:
            raise Forbidden("player", f"this phone is {who}'s: it changes only {who}'s board")
        return
    if not has_player:
        raise Forbidden("kind", f"only the host can {kind.replace('_', ' ')}")
    if player != me:
        raise Forbidden("player", f"this phone is {who}'s: it changes only {who}'s board")


# =========================================================================== results


@dataclass(frozen=True, slots=True)
class Result:
    """What :meth:`TableHub.submit` answers: the new snapshot, or why not and the current one."""

    ok: bool
    snapshot: Snapshot | None
    message: str | None = None
    field: str | None = None
    reason: str | None = None  # None | "forbidden" | "stale" | "invalid" | "unknown"
    msg: Any = None  # the refusal as a code (scoring.message.Msg), when it has one


Callback = Callable[[Snapshot], Any]


@dataclass(eq=False, slots=True)
class Subscription:
    """A subscriber of one table; :meth:`close` (or the hub) removes it."""

    hub: TableHub
    game_id: int
    token_hash: str
    callback: Callback
    on_revoked: Callable[[], Any] | None = None
    closed: bool = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.hub._drop(self)


@dataclass(eq=False, slots=True)
class _Table:
    session: GameSession
    lock: threading.RLock
    subscribers: list[Subscription]
    names: tuple[str, ...]


# =========================================================================== the hub


class TableHub:
    """The server process's open tables: sessions, tokens, subscribers. Thread-safe."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tables: dict[int, _Table] = {}
        self._loading: dict[int, threading.Lock] = {}
        self._lock = threading.Lock()
        self._plain: dict[tuple[int | None, int | None], str] = {}  # links issued since start
        # token hash -> (Access, checked at): revocations here drop entries at once; a
        # revocation made by another server process is seen within ACCESS_TTL seconds
        self._access_cache: dict[str, tuple[Access, float]] = {}
        # SQLite has one writer at a time and makes the others sleep and retry (busy
        # timeout): queueing the writers here instead keeps the latency tail short.
        self._write_lock: Any = (threading.Lock() if store.engine.dialect.name == "sqlite"
                                 else contextlib.nullcontext())

    # ------------------------------------------------------------------ tables
    def _table(self, game_id: int) -> _Table:
        table = self._tables.get(game_id)
        if table is not None:
            return table
        with self._lock:
            load_lock = self._loading.setdefault(game_id, threading.Lock())
        with load_lock:
            table = self._tables.get(game_id)
            if table is None:
                session = GameSession.load(self.store, game_id)
                names = tuple(p.name for p in session.state.players)
                table = _Table(session, threading.RLock(), [], names)
                with self._lock:
                    self._tables[game_id] = table
            return table

    def resume(self) -> list[int]:
        """Load every open table (a server start): each comes back at its stored version."""
        loaded = []
        for game in self.store.list_open_games():
            assert game.id is not None
            try:
                self._table(game.id)
                loaded.append(game.id)
            except Exception:  # one broken log must not keep the other tables closed
                log.exception("table %s could not be resumed", game.id)
        return loaded

    def open_tables(self) -> list[int]:
        """Ids of the open games (tables), most recently changed first."""
        return [int(g.id) for g in self.store.list_open_games() if g.id is not None]

    def snapshot(self, game_id: int) -> Snapshot:
        return self._table(game_id).session.snapshot()

    def names(self, game_id: int) -> tuple[str, ...]:
        return self._table(game_id).names

    # ------------------------------------------------------------------ tokens
    def access(self, token: str | None) -> Access | None:
        """The rights of ``token``, or ``None`` (unknown, revoked, malformed, finished table)."""
        if not token or not isinstance(token, str) or len(token) > 200:
            return None
        digest = T.token_hash(token)
        cached = self._access_cache.get(digest)
        now = time.monotonic()
        if cached is not None and now - cached[1] < ACCESS_TTL:
            return cached[0]
        with self.store.session() as s:
            row = T.find_token(s, token=token)
        if row is None:
            self._access_cache.pop(digest, None)
            return None
        if row.game_id is None:
            access = Access(SERVER)
        else:
            access = Access(HOST if row.seat is None else SEAT, row.game_id, row.seat)
        self._access_cache[digest] = (access, now)
        return access

    def issue(self, game_id: int | None = None, seat: int | None = None) -> str:
        """A new token for the server (no table), a table's host or one seat; returns its text."""
        if seat is not None:
            if game_id is None:
                raise ValueError("a seat token needs a table")
            if not 1 <= seat <= len(self.names(game_id)):
                raise ValueError(f"table {game_id} has no seat {seat}")
        elif game_id is not None and self.store.get_game(game_id=game_id) is None:
            raise NotFound(f"no table {game_id}")
        token = new_token()
        with self.store.session() as s:
            T.add_token(s, token=token, game_id=game_id, seat=seat)
        self._plain[(game_id, seat)] = token
        return token

    def link_token(self, game_id: int, seat: int | None = None) -> str:
        """The token to show in a table's host (``seat`` None) or seat QR code.

        The one issued since this process started, else a new one (older tokens
        of the seat stay valid: phones that joined before a restart keep it).
        """
        token = self._plain.get((game_id, seat))
        if token is not None and self.access(token) is not None:
            return token
        return self.issue(game_id, seat)

    def reissue(self, game_id: int, seat: int | None = None) -> str:
        """Revoke every token of a seat (or of the table's host) and issue a new one.

        Phones holding a revoked token are dropped from the table at once
        (their ``on_revoked`` runs) and see the join screen.
        """
        self.revoke(game_id, seat)
        return self.issue(game_id, seat)

    def revoke(self, game_id: int, seat: int | None = None) -> int:
        with self.store.session() as s:
            rows = [r for r in T.list_tokens(s, game_id=game_id)
                    if r.seat == seat and r.revoked_at is None]
            hashes = {r.token_hash for r in rows}
            n = T.revoke_tokens(s, game_id=game_id, seat=seat)
        self._plain.pop((game_id, seat), None)
        for digest in hashes:
            self._access_cache.pop(digest, None)
        table = self._tables.get(game_id)
        if table is not None and hashes:
            with table.lock:
                gone = [sub for sub in table.subscribers if sub.token_hash in hashes]
                table.subscribers = [sub for sub in table.subscribers if sub not in gone]
            for sub in gone:
                sub.closed = True
                if sub.on_revoked is not None:
                    try:
                        sub.on_revoked()
                    except Exception:
                        log.exception("on_revoked of a subscriber failed")
        return n

    # ------------------------------------------------------------------ subscribing
    def subscribe(self, game_id: int, token: str, callback: Callback,
                  on_revoked: Callable[[], Any] | None = None) -> tuple[Subscription, Snapshot]:
        """Register ``callback`` for every new snapshot of table ``game_id``.

        Returns the subscription and the current snapshot (nothing is missed in
        between: both happen under the table's lock). Raises :class:`Forbidden`.
        """
        access = self.access(token)
        if access is None or not access.sees(game_id):
            raise Forbidden("token", "this link is not valid for this table")
        table = self._table(game_id)
        sub = Subscription(self, game_id, T.token_hash(token), callback, on_revoked)
        with table.lock:
            table.subscribers.append(sub)
            return sub, table.session.snapshot()

    def _drop(self, sub: Subscription) -> None:
        table = self._tables.get(sub.game_id)
        if table is not None:
            with table.lock:
                if sub in table.subscribers:
                    table.subscribers.remove(sub)

    def subscriber_count(self, game_id: int) -> int:
        table = self._tables.get(game_id)
        return 0 if table is None else len(table.subscribers)

    # ------------------------------------------------------------------ submitting
    def submit(self, game_id: int, token: str, command: Command | Mapping[str, Any]) -> Result:
        """Check rights, apply (persisted first), broadcast; never raises for a refusal."""
        if TRACE:
            t0 = time.perf_counter()
            res = self._submit(game_id, token, command)
            print(f"table {game_id}: {_kind(command)} ok={res.ok} in "
                  f"{(time.perf_counter() - t0) * 1000:.1f} ms", file=sys.stderr, flush=True)
            return res
        return self._submit(game_id, token, command)

    def _submit(self, game_id: int, token: str, command: Command | Mapping[str, Any]) -> Result:
        access = self.access(token)
        if access is None or not access.sees(game_id):
            return Result(False, None, "this link is not valid for this table", "token",
                          "forbidden")
        try:
            table = self._table(game_id)
        except NotFound:
            return Result(False, None, f"no table {game_id}", "table", "unknown")
        with table.lock:
            session = table.session
            try:
                check_rights(access, game_id, command, table.names)
                with self._write_lock:
                    snap = self._apply(session, command)
            except Forbidden as err:
                return Result(False, session.snapshot(), err.message, err.field, "forbidden")
            except StaleVersion as err:
                if err.current != session.version:  # another process wrote: catch up
                    table.session = session = GameSession.load(self.store, game_id)
                    self._broadcast(table, session.snapshot())
                return Result(False, session.snapshot(), err.message, err.field, "stale")
            except DomainError as err:
                return Result(False, session.snapshot(), err.message, err.field, "invalid",
                              getattr(err, "msg", None))
            self._broadcast(table, snap)
            return Result(True, snap)

    @staticmethod
    def _apply(session: GameSession, command: Command | Mapping[str, Any]) -> Snapshot:
        if isinstance(command, Mapping):
            kind = command.get("kind")
            if kind in SESSION_OPS:
                version = command.get("version")
                if isinstance(version, bool) or not isinstance(version, int):
                    raise DomainError("version", "a whole number")
                if kind == "undo":
                    return session.undo(version)
                if kind == "redo":
                    return session.redo(version)
                return session.finish(version)
            command = command_from_json(command)
        if session.state.status == FINISHED:
            raise DomainError("status", "the game is finished; nothing changes any more")
        return session.apply(command)

    @staticmethod
    def _broadcast(table: _Table, snap: Snapshot) -> None:
        for sub in list(table.subscribers):
            try:
                sub.callback(snap)
            except Exception:  # one broken tab must not keep the others from updating
                log.exception("table subscriber failed")


# =========================================================================== links and QR


def join_link(base_url: str, token: str) -> str:
    """The link a phone opens to join: ``http://<lan>:<port>/join/<token>``.

    Flet 1.0 web uses path routes: ``/join/<token>`` reaches ``page.route``
    (the server answers any extension-less path with the app) and survives a
    reload.
    """
    return f"{base_url.rstrip('/')}/join/{token}"


def token_from_route(route: str | None) -> str | None:
    """The token of a ``/join/<token>`` route (also ``#/join/<token>``), else ``None``."""
    if not route:
        return None
    path = route.split("?", 1)[0].lstrip("#")
    parts = [p for p in path.split("/") if p]
    if len(parts) == 2 and parts[0] == "join" and 10 <= len(parts[1]) <= 200:
        return parts[1]
    return None


def join_route(route: str | None) -> tuple[str | None, str]:
    """Split ``/join/<token>[/<screen>]`` into the token and the screen's path.

    A table link's tab keeps its link in front of its screens' addresses
    (``/join/<token>/scoreboard``: the app's :meth:`~app.ui.app.ForestTableApp.path`),
    so a reload of any of them still carries the token. Anything else: ``(None, route)``.
    """
    path = (route or "").split("?", 1)[0].lstrip("#")
    parts = [p for p in path.split("/") if p]
    if len(parts) >= 2 and parts[0] == "join" and 10 <= len(parts[1]) <= 200:
        return parts[1], "/" + "/".join(parts[2:])
    return None, route or "/"


def table_from_route(route: str | None) -> int | None:
    """The table id of a ``/table/<id>`` route (a server host opening a table), else ``None``."""
    parts = [p for p in (route or "").split("?", 1)[0].lstrip("#").split("/") if p]
    if len(parts) == 2 and parts[0] == "table" and parts[1].isdigit():
        return int(parts[1])
    return None


def qr_png(data: str, box_size: int = 8, border: int = 4) -> bytes:
    """A black-on-white PNG QR code (readable in dark mode too: the white is opaque)."""
    import qrcode

    qr = qrcode.QRCode(border=border, box_size=box_size,
                       error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(data)
    qr.make(fit=True)
    img = qr.make_image(fill_color="black", back_color="white")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


# =========================================================================== process-wide hub

_hub: TableHub | None = None
_hub_lock = threading.Lock()


def shared_hub(store: Store | None = None) -> TableHub:
    """The process's hub (created on first use with ``store`` or ``Store.open()``)."""
    global _hub
    with _hub_lock:
        if _hub is None:
            _hub = TableHub(store if store is not None else Store.open())
        return _hub


def set_shared_hub(hub: TableHub | None) -> None:
    global _hub
    with _hub_lock:
        _hub = hub
