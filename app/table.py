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
  applying to the same state (a shared action applies once: "already done").
  Read-only for every other board. ``undo_mine`` takes back the seat's own
  last change (the author comes from the token). Game-level commands (start,
  table-wide undo, redo, finish) are the host's.

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
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from app.events import command_name
from app.game.commands import COMMANDS, Command, command_from_json
from app.game.errors import AlreadyDone, DomainError, StaleVersion
from app.game.status import Status
from app.session import GameSession, Snapshot
from app.store import tokens as T
from app.store.crud import NotFound
from app.store.facade import Store
from scoring.message import MessageCode, Msg, msg

log = logging.getLogger(__name__)

TOKEN_BYTES = 24  # 192 bits, URL-safe: 32 characters

#: Shared-table commands any seat may send (they have no ``player``, or an optional one).
SHARED_KINDS: frozenset[str] = frozenset({
    "replenish_foresters", "reveal_round_token", "remove_infested_wood", "set_detached_wood",
    "set_harvest_token", "confirm_printed", "set_infested_wood", "set_forester_token", "end_turn",
})
#: Game-level commands only a host may send (besides undo/redo/finish).
HOST_KINDS: frozenset[str] = frozenset({"start_game", "end_game"})
#: Session operations that are not commands: ``{"kind": "undo", "version": N}``.
SESSION_OPS: frozenset[str] = frozenset({"undo", "redo", "finish", "undo_mine"})
#: Session operations a seat may send too: ``undo_mine`` takes back the sender's own
#: last change (who the sender is comes from the token, never from the message).
SEAT_OPS: frozenset[str] = frozenset({"undo_mine"})

SERVER, HOST, SEAT = "server", "host", "seat"
#: ``FOREST_TABLE_TRACE=1``: print how long each command took on the server (stderr).
#: How long a token check is trusted without asking the database again (seconds).
ACCESS_TTL = 5.0
TRACE = os.environ.get("FOREST_TABLE_TRACE", "") not in ("", "0")


class TableCode(MessageCode):
    """What table mode says (app/l10n/*.ftl): storage failures, and what the hub refuses
    (``Forbidden`` and other ``DomainError`` codes)."""

    BUSY = "refusal-table-busy"
    DISK_FULL = "refusal-storage-full"
    READ_ONLY = "refusal-storage-read-only"
    STORAGE = "refusal-storage-failed"
    FINISHED = "refusal-table-finished"
    SLOW_DOWN = "refusal-token-slow-down"
    FAILED = "refusal-tap-failed"
    GAME_FINISHED_NOTHING_CHANGES_ANY_MORE = "refusal-session-game-finished-nothing-changes"
    WHOLE_NUMBER = "refusal-session-whole-number"
    ONLY_HOST_CAN = "refusal-table-only-host-can"
    THIS_LINK_FOR_ANOTHER_TABLE = "refusal-table-this-link-for-another-table"
    THIS_LINK_NOT_VALID_FOR_THIS = "refusal-table-this-link-not-valid-for-this"
    THIS_PHONE_IT_CHANGES_ONLY_BOARD = "refusal-table-this-phone-it-changes-only-board"
    NO_TABLE = "refusal-table-no-table"


def storage_message(err: BaseException) -> Msg:
    """What to tell a player when the database refused a write (nothing was saved).

    SQLite's own words are the only signal of *why* (a held write lock, a full disk,
    a read-only file); they are sorted into codes here and never shown.
    """
    text = str(getattr(err, "orig", None) or err).lower()
    if "locked" in text or "busy" in text:
        return msg(TableCode.BUSY)
    if "full" in text or "no space" in text:
        return msg(TableCode.DISK_FULL)
    if "readonly" in text or "read-only" in text or "read only" in text:
        return msg(TableCode.READ_ONLY)
    return msg(TableCode.STORAGE)


def is_storage_error(err: BaseException) -> bool:
    """A database failure (lock, disk, I/O) rather than a bug: say so, keep going."""
    import sqlite3

    return isinstance(err, (sa.exc.OperationalError, sa.exc.DisconnectionError,
                            sqlite3.OperationalError)) or (
        isinstance(err, OSError) and not isinstance(err, (FileNotFoundError, TimeoutError)))


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
        raise Forbidden(TableCode.THIS_LINK_FOR_ANOTHER_TABLE, field="token")
    if access.is_host:
        return
    kind = _kind(command)
    me = access.player
    who = names[me] if me is not None and me < len(names) else f"seat {access.seat}"
    if kind in SEAT_OPS:
        return
    if kind in SESSION_OPS or kind in HOST_KINDS:
        raise Forbidden(TableCode.ONLY_HOST_CAN, field="kind", value=command_name(kind))
    cls = COMMANDS.get(kind)
    has_player = cls is not None and any(f.name == "player" for f in fields(cls))
    player = _player_of(command)
    if kind in SHARED_KINDS:
        if player is not None and player != me:
            raise Forbidden(
                TableCode.THIS_PHONE_IT_CHANGES_ONLY_BOARD,
                field="player",
                who=who,
                who2=who,
            )
        return
    if not has_player:
        raise Forbidden(TableCode.ONLY_HOST_CAN, field="kind", value=command_name(kind))
    if player != me:
        raise Forbidden(
            TableCode.THIS_PHONE_IT_CHANGES_ONLY_BOARD,
            field="player",
            who=who,
            who2=who,
        )


# =========================================================================== results


@dataclass(frozen=True, slots=True)
class Result:
    """What :meth:`TableHub.submit` answers: the new snapshot, or why not and the current one."""

    ok: bool
    snapshot: Snapshot | None
    message: str | None = None
    field: str | None = None
    #: None | "forbidden" | "stale" | "invalid" | "unknown" | "finished" | "storage" |
    #: "already_done"
    reason: str | None = None
    #: the refusal or message as data (scoring.message.Msg; ``message`` is its English
    #: wording, for logs)
    msg: Msg | None = None
    messages: tuple[Any, ...] = ()  # already_done: what the action that was done said

    @property
    def refusal(self) -> Msg | None:
        """The refusal as a code with values (the same as ``msg``)."""
        return self.msg

    @classmethod
    def refused(cls, snapshot: Snapshot | None, err: DomainError, reason: str,
                messages: tuple[Any, ...] = ()) -> Result:
        """A refused command: its code, field and values (the field is a parameter too)."""
        coded = err.msg
        if "field" not in coded.params:
            coded = msg(coded.code, **coded.params, field=err.field or "")
        return cls(False, snapshot, err.message, err.field, reason, coded, messages)


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
        # token hash -> what to call when it is revoked (tabs holding it without a
        # subscription: the server host's)
        self._watchers: dict[str, list[Callable[[], Any]]] = {}
        self.bad_tokens = BadTokens()
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
        """The rights of ``token``, or ``None`` (unknown, revoked, malformed).

        A finished table's links stay valid, read-only: :meth:`submit` refuses every
        change (reason ``finished``) and the phones show the result; the host can
        still revoke them.
        """
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

    def host_link_token(self, directory: Path | None, *, rotate: bool = False
                        ) -> tuple[str, bool]:
        """The one server host token of this data directory: ``(token, newly issued)``.

        Its text is kept in ``directory`` (:func:`app.store.tokens.write_host_token`,
        mode 0600) so every start prints the same link; every other server host token
        (older starts, a rotated link) is revoked. ``rotate`` (``serve
        --new-host-link``, the host screen's button) revokes it and issues a new one.
        """
        if not rotate and directory is not None:
            kept = T.read_host_token(directory)
            access = self.access(kept) if kept else None
            if kept and access is not None and access.role == SERVER:
                self._revoke_hashes(None, None, keep=kept)
                self._plain[(None, None)] = kept
                return kept, False
        token = new_token()
        if directory is not None:
            T.write_host_token(directory, token)  # first: a link that is not kept is not issued
        with self.store.session() as s:
            T.add_token(s, token=token, game_id=None, seat=None)
        self._revoke_hashes(None, None, keep=token)
        self._plain[(None, None)] = token
        return token, True

    def watch(self, token: str, on_revoked: Callable[[], Any]) -> Callable[[], None]:
        """Call ``on_revoked`` when ``token`` is revoked; returns the function that stops it."""
        digest = T.token_hash(token)
        self._watchers.setdefault(digest, []).append(on_revoked)

        def stop() -> None:
            fns = self._watchers.get(digest)
            if fns is not None and on_revoked in fns:
                fns.remove(on_revoked)
                if not fns:
                    self._watchers.pop(digest, None)
        return stop

    def reissue(self, game_id: int, seat: int | None = None) -> str:
        """Revoke every token of a seat (or of the table's host) and issue a new one.

        Phones holding a revoked token are dropped from the table at once
        (their ``on_revoked`` runs) and see the join screen.
        """
        self.revoke(game_id, seat)
        return self.issue(game_id, seat)

    def revoke(self, game_id: int, seat: int | None = None) -> int:
        """Revoke every token of a seat, of a table's host (``seat`` None) or, with
        ``game_id`` None, every server host link; connected phones drop at once."""
        return self._revoke_hashes(game_id, seat)

    def _revoke_hashes(self, game_id: int | None, seat: int | None,
                       keep: str | None = None) -> int:
        with self.store.session() as s:
            hashes = T.valid_hashes(s, game_id=game_id, seat=seat)
            if keep is not None:
                hashes.discard(T.token_hash(keep))
            n = T.revoke_tokens(s, game_id=game_id, seat=seat, keep=keep)
        if keep is None or self._plain.get((game_id, seat)) != keep:
            self._plain.pop((game_id, seat), None)
        for digest in hashes:
            self._access_cache.pop(digest, None)
            for fn in self._watchers.pop(digest, []):
                try:
                    fn()
                except Exception:
                    log.exception("on_revoked of a watcher failed")
        table = self._tables.get(game_id) if game_id is not None else None
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
            raise Forbidden(TableCode.THIS_LINK_NOT_VALID_FOR_THIS, field="token")
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
            return Result.refused(None, DomainError(TableCode.THIS_LINK_NOT_VALID_FOR_THIS,
                                                    field="token"),
                          "forbidden")
        try:
            table = self._table(game_id)
        except NotFound:
            return Result.refused(None, DomainError(TableCode.NO_TABLE, field="table",
                                                    game_id=str(game_id)), "unknown")
        with table.lock:
            session = table.session
            by = access.player if access.role == SEAT else None
            try:
                check_rights(access, game_id, command, table.names)
                if session.state.status == Status.FINISHED:  # read-only: the result screen
                    return Result(False, session.snapshot(),
                                  "the game is finished; nothing changes any more", "status",
                                  "finished", msg(TableCode.FINISHED))
                with self._write_lock:
                    snap = self._apply(session, command, by)
            except (sa.exc.SQLAlchemyError, OSError) as err:
                if not is_storage_error(err):
                    raise
                # nothing was saved (one transaction) and nothing is shown; the session
                # is read back from the database so memory and disk cannot differ
                log.warning("table %s: the database refused a write (%s)", game_id,
                            type(err).__name__)
                self._reload_after_failure(game_id, table)
                return Result(False, table.session.snapshot(), None, None, "storage",
                              storage_message(err))
            except Forbidden as err:
                return Result.refused(session.snapshot(), err, "forbidden")
            except AlreadyDone as err:
                return Result.refused(session.snapshot(), err, "already_done", err.messages)
            except StaleVersion as err:
                if err.current != session.version:  # another process wrote: catch up
                    table.session = session = GameSession.load(self.store, game_id)
                    self._broadcast(table, session.snapshot())
                return Result.refused(session.snapshot(), err, "stale")
            except DomainError as err:
                return Result.refused(session.snapshot(), err, "invalid")
            self._broadcast(table, snap)
            return Result(True, snap)

    def _reload_after_failure(self, game_id: int, table: _Table) -> None:
        try:
            table.session = GameSession.load(self.store, game_id)
        except Exception:  # the database is unreadable too: keep what is in memory
            log.warning("table %s: could not be read back after a failed write", game_id)

    @staticmethod
    def _apply(session: GameSession, command: Command | Mapping[str, Any],
               by: int | None = None) -> Snapshot:
        if isinstance(command, Mapping):
            kind = command.get("kind")
            if kind in SESSION_OPS:
                version = command.get("version")
                if isinstance(version, bool) or not isinstance(version, int):
                    raise DomainError(TableCode.WHOLE_NUMBER, field="version")
                if kind == "undo_mine":
                    return session.undo_mine(by, version)
                if kind == "undo":
                    return session.undo(version)
                if kind == "redo":
                    return session.redo(version)
                return session.finish(version)
            command = command_from_json(command)
        if session.state.status == Status.FINISHED:
            raise DomainError(TableCode.GAME_FINISHED_NOTHING_CHANGES_ANY_MORE, field="status")
        return session.apply(command, by=by)

    @staticmethod
    def _broadcast(table: _Table, snap: Snapshot) -> None:
        for sub in list(table.subscribers):
            try:
                sub.callback(snap)
            except Exception:  # one broken tab must not keep the others from updating
                log.exception("table subscriber failed")


# =========================================================================== bad tokens


class BadTokens:
    """A slowdown after repeated bad tokens, per peer address (else one global count).

    Every failed token check from a key counts for :attr:`window` seconds; after
    :attr:`free` of them each further check from that key waits ``base * 2**k``
    seconds (at most :attr:`cap`) before the token is looked at, and the wait is
    taken before the check, so a guess costs time whether it is right or not.
    Guessing a 192-bit token is hopeless anyway: this keeps a client from using the
    server as a free oracle and from filling the log. Fail closed: while waiting a
    tab shows the join screen and no table data.
    """

    def __init__(self, free: int = 5, base: float = 0.5, cap: float = 30.0,
                 window: float = 600.0, keys: int = 4096) -> None:
        self.free, self.base, self.cap, self.window, self.keys = free, base, cap, window, keys
        self._fails: OrderedDict[str, list[float]] = OrderedDict()
        self._lock = threading.Lock()

    def _key(self, peer: str | None) -> str:
        return peer if peer else "*"

    def _recent(self, key: str, now: float) -> list[float]:
        times = [t for t in self._fails.get(key, ()) if now - t < self.window]
        if times:
            self._fails[key] = times
        else:
            self._fails.pop(key, None)
        return times

    def delay(self, peer: str | None, now: float | None = None) -> float:
        """Seconds to wait before checking a token from ``peer``."""
        now = time.monotonic() if now is None else now
        with self._lock:
            n = len(self._recent(self._key(peer), now))
        if n < self.free:
            return 0.0
        return float(min(self.cap, self.base * 2 ** (n - self.free)))

    def failed(self, peer: str | None, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        key = self._key(peer)
        with self._lock:
            times = self._recent(key, now)
            times.append(now)
            self._fails[key] = times[-64:]
            self._fails.move_to_end(key)
            while len(self._fails) > self.keys:  # bounded: the oldest addresses go first
                self._fails.popitem(last=False)


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
    # 0-9 only, at most 9 of them: "²".isdigit() is true and int("²") raises
    if len(parts) == 2 and parts[0] == "table" and 1 <= len(parts[1]) <= 9 \
            and all("0" <= ch <= "9" for ch in parts[1]):
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
