"""The table hub: one authoritative GameSession per open table, access by token, sync.

``forest-table serve`` holds one :class:`TableHub` for the whole process. Every
phone at a table talks to the same :class:`~app.session.GameSession` through
:meth:`TableHub.submit`, which

1. checks the token's rights (:func:`app.table.rights.check_rights`),
2. applies the command — the session persists it (log row + snapshot, one
   transaction) before it returns,
3. broadcasts the new :class:`~app.session.Snapshot` to every subscriber of
   that table, in version order (under the table's lock) — the phone that sent
   the command too: it draws the broadcast like every other phone (boardgame.io's
   ``sendAll``), never the answer;
4. answers :class:`~app.table.answers.Accepted` (the snapshot it broadcast).

A refused command (no rights, a stale version, a rules error, a storage
failure) writes nothing, is broadcast to nobody and comes back as
:class:`~app.table.answers.Refused`: its message code, field and values, and the
current snapshot; the tapper's phone shows it.

Subscribers are plain callbacks (``callback(snapshot)``), called on the
submitting thread: a Flet tab hops back onto its own session with
``page.run_task`` (app/ui/sheet/view.py ``Inbox``). No flet import here.

**Several processes** (``serve --workers N``, several machines) on one PostgreSQL
database: every saved change, revocation, rematch and printed-value confirmation is
notified in its own transaction (:mod:`app.store.notify`); :meth:`TableHub.listen`
starts the process's one listener, and each notification is read back from the
database here (:meth:`TableHub.on_news`): a table this process has loaded catches up
entry by entry (:meth:`GameSession.catch_up`), each version scored once and broadcast
in order, none skipped, none twice, never older than what its phones have (everything
under the table's lock). While the listener is down (:meth:`TableHub.ready` is false)
the token cache is not trusted, every tap first reads its table from the database, and
the listener reads every table every half second until it is back; then it catches
every table up before it says it is ready again. Without a listener (SQLite: one
process) nothing changes.

Tokens are ``secrets.token_urlsafe(24)`` (192 bits); the database keeps only
their SHA-256 (:mod:`app.store.tokens`). A token's text is shown only as a
link/QR code: the hub remembers the text of the links it issued while it
runs; after a restart, showing a seat's QR code issues a new token for that
seat (the old ones stay valid until revoked).
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from app.game.commands import Command
from app.game.errors import AlreadyDone, DomainError, ReplayError, StaleVersion
from app.game.registry import command_from_json
from app.game.status import Status
from app.session import GameSession, Snapshot, scored
from app.store import tokens as T
from app.store.crud import FAILURES, NotFound
from app.store.facade import Store
from app.store.notify import (
    PRESENCE,
    PRESENCE_EVERY,
    PRESENCE_TTL,
    PRINTED,
    REMATCH,
    REVOKED,
    VERSION,
    Listener,
    News,
    listener_conninfo,
)
from app.table.answers import Accepted, Answer, Reason, Refused
from app.table.codes import TableCode, is_storage_error, storage_message
from app.table.rights import HOST, SEAT, SERVER, Access, Forbidden, check_rights
from scoring.message import msg

log = logging.getLogger(__name__)

TOKEN_BYTES = 24  # 192 bits, URL-safe: 32 characters


#: How long a token check is trusted without asking the database again (seconds): a
#: revocation here, or one another process notified, drops it at once; while the
#: notifications are down it is not trusted at all.
ACCESS_TTL = 5.0
#: ``FOREST_TABLE_TRACE=1``: print how long each command took on the server (stderr).
TRACE = os.environ.get("FOREST_TABLE_TRACE", "") not in ("", "0")


def new_token() -> str:
    """A fresh access token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


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
    #: whose phone it is: a seat (1-based), None for the table's host
    seat: int | None = None
    #: its tab is connected (:meth:`set_live`): what the table's presence counts
    live: bool = True
    #: called with the table's :class:`Presence` when a seat comes or goes (any thread)
    on_presence: Callable[[Presence], Any] | None = None

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.hub._drop(self)

    def set_live(self, live: bool) -> None:
        """Its tab's connection went (``False``) or came back: the table's presence."""
        if not self.closed and self.live != live:
            self.live = live
            self.hub._presence_changed(self.game_id)


@dataclass(frozen=True, slots=True)
class Presence:
    """Which seats of a table have a connected phone now (1-based), and whether the
    table's host has one. Not part of the game: never logged, never stored."""

    seats: frozenset[int] = frozenset()
    host: bool = False

    @property
    def mask(self) -> int:
        """As one number (another process's news): bit 0 the host, bit ``n`` seat ``n``."""
        return int(self.host) | sum(1 << s for s in self.seats if 0 < s < 63)

    @staticmethod
    def of_mask(mask: int) -> Presence:
        return Presence(frozenset(n for n in range(1, 63) if mask >> n & 1), bool(mask & 1))

    def __or__(self, other: Presence) -> Presence:
        return Presence(self.seats | other.seats, self.host or other.host)


@dataclass(eq=False, slots=True)
class _Table:
    session: GameSession
    lock: threading.RLock
    subscribers: list[Subscription]
    names: tuple[str, ...]
    #: the newest snapshot scored (:meth:`TableHub._scored`): one score sheet per version
    scored: Snapshot | None = None
    #: the presence last published to the table's phones: this process's phones and
    #: those the other processes said they serve
    presence: Presence = Presence()
    #: this process's phones alone (what it tells the other processes)
    here: Presence = Presence()
    #: what the other processes serve: process -> (presence, when it said so: monotonic)
    there: dict[int, tuple[Presence, float]] = field(default_factory=dict)
    #: this process has told the others what it serves now
    said: bool = True


# =========================================================================== the hub


class TableHub:
    """The server process's open tables: sessions, tokens, subscribers. Thread-safe."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tables: dict[int, _Table] = {}
        self._loading: dict[int, threading.Lock] = {}
        self._lock = threading.Lock()
        self._plain: dict[tuple[int | None, int | None], str] = {}  # links issued since start
        # token hash -> (Access, checked at): revocations here, or notified by another
        # process, drop entries at once; unused while the notifications are down (kept by
        # age and dropped on revocation: not an identity cache, so no app.cache.Memo)
        self._access_cache: dict[str, tuple[Access, float]] = {}
        # token hash -> what to call when it is revoked (tabs holding it without a
        # subscription: the server host's)
        self._watchers: dict[str, list[Callable[[], Any]]] = {}
        self.bad_tokens = BadTokens()
        # a rematch: the phones of a table follow to the next game (game id -> who to tell);
        # the link itself is in the database (app.store.tokens.TableRematch)
        self._movers: dict[int, list[tuple[int | None, Callable[[str], Any]]]] = {}
        #: the process's notification listener (:meth:`listen`; None: one process)
        self.listener: Listener | None = None
        #: this process among the others on one database (its presence news name it)
        self.process = secrets.randbits(31)
        self._presence_said = 0.0  # when it last said who is connected (monotonic)
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
                self._use(table, session)
                with self._lock:
                    self._tables[game_id] = table
            return table

    def _use(self, table: _Table, session: GameSession) -> None:
        """``session`` is the table's now: what it catches up from the database (another
        process's changes) is scored and broadcast, version by version."""
        table.session = session
        session.on_caught_up = lambda snap: self._broadcast(table, self._scored(table, snap))

    def resume(self) -> list[int]:
        """Load every open table (a server start): each comes back at its stored version."""
        loaded = []
        for game in self.store.list_open_games():
            assert game.id is not None
            try:
                self._table(game.id)
                loaded.append(game.id)
            except Exception:  # boundary: one broken log must not keep the other tables closed
                log.exception("table %s could not be resumed", game.id)
        return loaded

    def open_tables(self) -> list[int]:
        """Ids of the open games (tables), most recently changed first."""
        return [int(g.id) for g in self.store.list_open_games() if g.id is not None]

    def snapshot(self, game_id: int) -> Snapshot:
        """The table now, scored (the state, its score sheet, the printed values in force)."""
        table = self._table(game_id)
        kept = table.scored  # the newest scored version: no lock (the loop never waits
        # behind a write of this table)
        if kept is not None and kept.version == table.session.version \
                and kept.printed is table.session.printed():
            return kept
        with table.lock:
            return self._now(table)

    @staticmethod
    def _scored(table: _Table, snap: Snapshot) -> Snapshot:
        """``snap`` with its score sheet: scored once per version (and printed values) for
        every phone of the table, here, off the event loop; phones only build their views
        from it. Call under the table's lock."""
        printed = table.session.printed()  # the store's cache: no database read per tap
        kept = table.scored
        if kept is not None and kept.version == snap.version and kept.state is snap.state \
                and kept.printed is printed:
            return kept
        table.scored = out = scored(snap, printed)
        return out

    def _now(self, table: _Table) -> Snapshot:
        return self._scored(table, table.session.snapshot())

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
        if cached is not None and now - cached[1] < ACCESS_TTL and self.ready():
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

    # ------------------------------------------------------------------ rematch
    def watch_move(self, access: Access, on_moved: Callable[[str], Any]
                   ) -> Callable[[], None]:
        """Call ``on_moved(token)`` when this table's next game starts (a rematch): the token
        of the same seat (or the table's host) at the new table. Returns the stop function."""
        if access.game_id is None:
            return lambda: None
        entry = (access.seat, on_moved)
        self._movers.setdefault(access.game_id, []).append(entry)

        def stop() -> None:
            entries = self._movers.get(access.game_id or 0, [])
            if entry in entries:
                entries.remove(entry)
        return stop

    def move_table(self, old_game_id: int, new_game_id: int) -> int:
        """A rematch of ``old_game_id`` started as ``new_game_id`` (same seats): every phone
        of the old table gets its seat's token at the new one (a phone holding seat N's
        token gets seat N's, nothing more), on every server process (the link is in the
        database and notified); a phone that comes back later on the old link is sent on
        too (:meth:`next_token`). Returns how many phones of this process were told."""
        with self.store.session() as s:
            T.link_rematch(s, game_id=old_game_id, next_game_id=new_game_id)
        return self._tell_movers(old_game_id, new_game_id)

    def _tell_movers(self, old_game_id: int, new_game_id: int) -> int:
        """This process's phones of ``old_game_id`` go to their seats at ``new_game_id``."""
        movers = self._movers.pop(old_game_id, [])
        if not movers:
            return 0
        told = 0
        seats = len(self.names(new_game_id))
        for seat, fn in movers:
            if seat is not None and seat > seats:
                continue
            try:
                fn(self.link_token(new_game_id, seat))
                told += 1
            except Exception:  # boundary: one failing phone must not keep others from following
                log.exception("a phone could not follow to the rematch")
        return told

    def next_token(self, access: Access) -> str | None:
        """The token at the rematch of ``access``'s table for the same seat, if one started
        (read from the database: whichever process started it). It reads the database:
        call it off the event loop."""
        if access.game_id is None or access.role == SERVER:
            return None
        with self.store.session() as s:
            new = T.next_game(s, game_id=access.game_id)
        if new is None or (access.seat is not None and access.seat > len(self.names(new))):
            return None
        return self.link_token(new, access.seat)

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
        self._drop_hashes(hashes)
        return n

    def _drop_hashes(self, hashes: set[str]) -> None:
        """Tokens no longer valid: forget their checks, drop the phones holding them (each
        told: its ``on_revoked``), on every table of this process."""
        if not hashes:
            return
        for digest in hashes:
            self._access_cache.pop(digest, None)
            for fn in self._watchers.pop(digest, []):
                _tell("on_revoked of a watcher", fn)
        for table in list(self._tables.values()):
            with table.lock:
                gone = [sub for sub in table.subscribers if sub.token_hash in hashes]
                if not gone:
                    continue
                table.subscribers = [sub for sub in table.subscribers if sub not in gone]
            for sub in gone:
                sub.closed = True
                if sub.on_revoked is not None:
                    _tell("on_revoked of a subscriber", sub.on_revoked)

    def recheck_tokens(self) -> int:
        """Check every token this process holds (its phones' subscriptions, the server host
        tabs it watches, its cached checks) against the database; drop the revoked ones.
        Another process's revocation (notified), or one made while the notifications were
        down. Returns how many were dropped."""
        held = set(self._watchers) | set(self._access_cache)
        for table in list(self._tables.values()):
            held.update(sub.token_hash for sub in list(table.subscribers))
        if not held:
            return 0
        with self.store.session() as s:
            valid = T.valid_among(s, held)
        gone = held - valid
        self._drop_hashes(gone)
        return len(gone)

    # ------------------------------------------------------------------ subscribing
    def subscribe(self, game_id: int, token: str, callback: Callback,
                  on_revoked: Callable[[], Any] | None = None,
                  on_presence: Callable[[Presence], Any] | None = None
                  ) -> tuple[Subscription, Snapshot]:
        """Register ``callback`` for every new snapshot of table ``game_id``
        (``on_presence``: for every change of who is connected, :meth:`presence`).

        Returns the subscription and the current snapshot (nothing is missed in
        between: both happen under the table's lock). Raises :class:`Forbidden`.
        """
        access = self.access(token)
        if access is None or not access.sees(game_id):
            raise Forbidden(TableCode.THIS_LINK_NOT_VALID_FOR_THIS, field="token")
        table = self._table(game_id)
        sub = Subscription(self, game_id, T.token_hash(token), callback, on_revoked,
                           seat=access.seat, on_presence=on_presence)
        with table.lock:
            table.subscribers.append(sub)
            snap = self._now(table)
        self._presence_changed(game_id)
        return sub, snap

    def _drop(self, sub: Subscription) -> None:
        table = self._tables.get(sub.game_id)
        if table is not None:
            with table.lock:
                if sub in table.subscribers:
                    table.subscribers.remove(sub)
            self._presence_changed(sub.game_id)

    # ------------------------------------------------------------------ presence
    def presence(self, game_id: int) -> Presence:
        """Who has a connected phone at table ``game_id`` now: the seats (sessions of one
        seat counted together: a seat is there while any of its tabs is) and the host.

        With several server processes on one database, each tells the others the phones
        it serves (:meth:`presence_news`, :meth:`on_news`): a seat is there while any
        process has a phone of it."""
        table = self._tables.get(game_id)
        return Presence() if table is None else table.presence

    def _presence_changed(self, game_id: int) -> None:
        """Work the table's presence out again (this process's phones, the others'); when
        it changed, tell every phone of the table (outside the lock: each hops onto its
        own tab)."""
        table = self._tables.get(game_id)
        if table is None:
            return
        with table.lock:
            live = [sub for sub in table.subscribers if sub.live and not sub.closed]
            here = Presence(frozenset(s.seat for s in live if s.seat is not None),
                            any(s.seat is None for s in live))
            if here != table.here:
                table.here, table.said = here, False  # the other processes are told
            now = here
            for there, _when in table.there.values():
                now = now | there
            if now == table.presence:
                return
            table.presence = now
            tell = [sub.on_presence for sub in table.subscribers if sub.on_presence]
        for fn in tell:
            _tell("presence subscriber", fn, now)

    def _heard_presence(self, game_id: int, process: int, mask: int) -> None:
        """Another process serves these phones of table ``game_id`` (if loaded here)."""
        table = self._tables.get(game_id)
        if table is None or process == self.process:
            return
        with table.lock:
            if mask:
                table.there[process] = (Presence.of_mask(mask), time.monotonic())
            else:
                table.there.pop(process, None)
        self._presence_changed(game_id)

    def presence_news(self) -> list[News]:
        """What to tell the other processes now (the listener's tick): each table whose
        phones here changed, and every :data:`PRESENCE_EVERY` each table with a phone here
        (a process that went away is forgotten after :data:`PRESENCE_TTL`); what the
        others said that long ago is forgotten here."""
        now = time.monotonic()
        again = now - self._presence_said >= PRESENCE_EVERY
        if again:
            self._presence_said = now
        out: list[News] = []
        for game_id, table in list(self._tables.items()):
            with table.lock:
                if not table.said or (again and table.here != Presence()):
                    table.said = True
                    out.append(News(PRESENCE, game_id, self.process, table.here.mask))
                stale = [p for p, (_there, when) in table.there.items()
                         if now - when > PRESENCE_TTL]
                for p in stale:
                    del table.there[p]
            if stale:
                self._presence_changed(game_id)
        return out

    def subscriber_count(self, game_id: int) -> int:
        table = self._tables.get(game_id)
        return 0 if table is None else len(table.subscribers)

    # ------------------------------------------------------------------ other processes
    def listen(self) -> Listener | None:
        """Start the process's notification listener (PostgreSQL; None for SQLite, which
        one process serves): other processes' changes reach this process's phones."""
        if self.store.engine.dialect.name != "postgresql" or self.listener is not None:
            return self.listener
        self.listener = Listener(listener_conninfo(self.store.engine.url),
                                 on_news=self.on_news, on_connected=self.catch_up_all,
                                 on_poll=self.catch_up_all, on_tick=self.presence_news).start()
        return self.listener

    def ready(self) -> bool:
        """The other processes' news reach this hub: no listener (one process, SQLite), or
        its listener connected, listening and caught up (what ``/readyz`` asks)."""
        listener = self.listener
        return listener is None or listener.listening

    def on_news(self, news: News) -> None:
        """One notification (the listener's thread), read back from the database."""
        if news.kind == VERSION and news.a is not None and news.b is not None:
            self.follow(news.a, news.b)
        elif news.kind == REVOKED:
            self.recheck_tokens()
        elif news.kind == REMATCH and news.a is not None and news.b is not None:
            self._tell_movers(news.a, news.b)
        elif news.kind == PRINTED:
            self.printed_changed()
        elif news.kind == PRESENCE and news.a is not None and news.b is not None \
                and news.c is not None:
            self._heard_presence(news.a, news.b, news.c)

    def follow(self, game_id: int, version: int | None = None) -> int:
        """Catch table ``game_id`` up with the database (``version``: the one notified) if
        this process has it loaded: each newer version scored once and broadcast, in
        order. A notification of a version it has already (its own write, one read with
        an earlier notification) costs nothing. Returns how many versions it caught up."""
        table = self._tables.get(game_id)
        if table is None:  # not loaded here: read fresh when a phone opens it
            return 0
        with table.lock:
            if version is not None and table.session.version >= version:
                return 0
            try:
                return len(table.session.catch_up())
            except ReplayError:
                log.warning("table %s: another writer's log does not replay: read anew",
                            game_id)
                self._use(table, GameSession.load(self.store, game_id))
                self._broadcast(table, self._now(table))
                return 1

    def catch_up_all(self) -> None:
        """Everything this process holds, read again from the database: every loaded table
        (caught up and broadcast), every token (revoked ones dropped), every waiting
        rematch, the printed values. The listener calls it after each (re)connection,
        before it says it is ready, and while it is down, every half second."""
        self._access_cache.clear()
        for game_id in list(self._tables):
            try:
                self.follow(game_id)
            except Exception:  # boundary: one broken table must not keep others from catching up
                log.exception("table %s could not be caught up", game_id)
        self.recheck_tokens()
        for old in list(self._movers):
            with self.store.session() as s:
                new = T.next_game(s, game_id=old)
            if new is not None:
                self._tell_movers(old, new)
        self.printed_changed()

    def printed_changed(self) -> None:
        """The confirmed printed values changed (in another process): read them again, and
        each table whose score they change is scored anew and broadcast. Nothing when
        they are what this process has (its own change, or a poll that found none)."""
        if self.store.get_printed() == self.store.printed_view():
            return
        self.store.printed_changed()
        for table in list(self._tables.values()):
            with table.lock:
                kept = table.scored
                if kept is None or not table.subscribers:
                    continue
                if kept.printed != table.session.printed():
                    self._broadcast(table, self._now(table))

    # ------------------------------------------------------------------ submitting
    def submit(self, game_id: int, token: str, command: Command) -> Answer:
        """Check rights, apply (persisted first), broadcast; never raises for a refusal."""
        if TRACE:
            t0 = time.perf_counter()
            res = self._submit(game_id, token, command)
            # one write per line: two taps' threads tracing at once do not run into one line
            sys.stderr.write(f"table {game_id}: {command.kind} "
                             f"{'accepted' if isinstance(res, Accepted) else res.reason} in "
                             f"{(time.perf_counter() - t0) * 1000:.1f} ms\n")
            sys.stderr.flush()
            return res
        return self._submit(game_id, token, command)

    def submit_json(self, game_id: int, token: str, data: Mapping[str, Any]) -> Answer:
        """A command as a client would send it (JSON, ``Command.to_json``): decoded here,
        at the edge (a malformed one is refused as ``invalid``), then :meth:`submit`.
        Who sends it comes from the token only (a ``by`` in it is refused)."""
        access = self.access(token)
        if access is None or not access.sees(game_id):
            return Refused.said(msg(TableCode.THIS_LINK_NOT_VALID_FOR_THIS), "token", None,
                                Reason.FORBIDDEN)
        try:
            command = command_from_json(data)
        except DomainError as err:
            return Refused.of(err, self.snapshot(game_id), Reason.INVALID)
        return self.submit(game_id, token, command)

    def _submit(self, game_id: int, token: str, command: Command) -> Answer:
        access = self.access(token)
        if access is None or not access.sees(game_id):
            return Refused.said(msg(TableCode.THIS_LINK_NOT_VALID_FOR_THIS), "token", None,
                                Reason.FORBIDDEN)
        try:
            table = self._table(game_id)
        except NotFound:
            return Refused.said(msg(TableCode.NO_TABLE, game_id=str(game_id)), "table", None,
                                Reason.UNKNOWN)
        with table.lock:
            by = access.player if access.role == SEAT else None
            try:
                if not self.ready():  # no news from the other processes: read it first
                    table.session.catch_up()  # (each version broadcast, in order)
                session = table.session
                check_rights(access, game_id, command, table.names)
                if session.state.status == Status.FINISHED:  # read-only: the result screen
                    return Refused.said(msg(TableCode.FINISHED), "status", self._now(table),
                                        Reason.FINISHED)
                with self._write_lock:
                    snap = self._apply(session, command, by)
                snap = self._scored(table, snap)  # once, for every phone
            except (sa.exc.SQLAlchemyError, OSError) as err:
                if not is_storage_error(err):
                    raise
                # nothing was saved (one transaction) and nothing is shown; the session
                # is read back from the database so memory and disk cannot differ
                log.warning("table %s: the database refused a write (%s)", game_id,
                            type(err).__name__)
                self._reload_after_failure(game_id, table)
                return Refused.said(storage_message(err), None, self._now(table),
                                    Reason.STORAGE)
            except Forbidden as err:
                return Refused.of(err, self._now(table), Reason.FORBIDDEN)
            except AlreadyDone as err:
                return Refused.of(err, self._now(table), Reason.ALREADY_DONE, err.messages)
            except StaleVersion as err:
                # another process wrote first: the session caught up (and broadcast each
                # version); should memory and the database still differ, read it anew
                if err.current != table.session.version:
                    self._use(table, GameSession.load(self.store, game_id))
                    self._broadcast(table, self._now(table))
                return Refused.of(err, self._now(table), Reason.STALE)
            except ReplayError:  # another writer's log does not replay here: read it anew
                log.warning("table %s: reloaded (another writer's log)", game_id)
                self._use(table, GameSession.load(self.store, game_id))
                self._broadcast(table, self._now(table))
                return Refused.said(msg(TableCode.FAILED), None, self._now(table),
                                    Reason.STALE)
            except DomainError as err:
                return Refused.of(err, self._now(table), Reason.INVALID)
            self._broadcast(table, snap)  # every phone, the tapper too, draws this
            return Accepted(snap)

    def _reload_after_failure(self, game_id: int, table: _Table) -> None:
        try:
            self._use(table, GameSession.load(self.store, game_id))
        except FAILURES:  # the database is unreadable too: keep what is in memory
            log.warning("table %s: could not be read back after a failed write", game_id)

    @staticmethod
    def _apply(session: GameSession, command: Command, by: int | None = None) -> Snapshot:
        # undo, redo, undo_mine and finish are commands too (the session runs them);
        # the session refuses anything that is not a command
        return session.apply(command, by=by)

    @staticmethod
    def _broadcast(table: _Table, snap: Snapshot) -> None:
        for sub in list(table.subscribers):
            _tell("table subscriber", sub.callback, snap)


def _tell(what: str, fn: Callable[..., object], *args: object) -> None:
    """``fn(*args)``: one listener of the hub's news (a tab's update, presence or revocation);
    one that fails is logged (``what``), so one broken tab never keeps the others from hearing."""
    try:
        fn(*args)
    except Exception:  # boundary: one failing listener must not keep the others from hearing
        log.exception("%s failed", what)


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
        #: failures by address in a time window (not an identity cache, so no app.cache.Memo:
        #: an entry is changed in place and pruned by age, and a miss makes nothing)
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

