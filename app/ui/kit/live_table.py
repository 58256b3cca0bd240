"""A tab's live link to a table: the hub's client, the open table, one tap at a time, the
updates that reach this phone (kept in :class:`app.ui.kit.nav.States`).

Every tap becomes a session command sent through the table hub
(:class:`app.table.hub.TableHub`), made against the version on screen. Every phone
at the table, the tapper included, draws the hub's broadcast (:class:`Inbox`): the
tapper's screen changes when the broadcast reaches it, like every other phone's. A
refusal comes back to the tapper only and is shown next to the control whose field
it names. ``p``/``presenter`` is the sheet's presenter
(:class:`app.ui.sheet.presenter.SheetPresenter`).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

import flet as ft

from app import shown
from app.game.commands import Command, Rights
from app.session import Change, Snapshot
from app.store.crud import FAILURES
from app.table.answers import Accepted, Refused
from app.table.hub import Presence, Subscription, TableHub
from app.table.rights import Access
from app.ui.kit import flet_compat
from app.ui.kit.kept import forget_pieces

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav
    from app.ui.kit.sheet_views import Tap, TapPresenter

log = logging.getLogger(__name__)
P = TypeVar("P")


class TableClient:
    """One tab's link to a table: the hub, the table (game id) and this tab's token."""

    def __init__(self, hub: TableHub, game_id: int, token: str) -> None:
        self.hub = hub
        self.game_id = game_id
        self.token = token

    def snapshot(self) -> Snapshot:
        return self.hub.snapshot(self.game_id)

    def access(self) -> Access | None:
        return self.hub.access(self.token)

    def submit(self, command: Command) -> Accepted | Refused:
        return self.hub.submit(self.game_id, self.token, command)

    def subscribe(self, callback: Callable[[Snapshot], Any],
                  on_revoked: Callable[[], Any] | None = None,
                  on_presence: Callable[[Presence], Any] | None = None
                  ) -> tuple[Subscription, Snapshot]:
        """The subscription and the table's snapshot at that moment (taken together under
        the table's lock: no change falls between them)."""
        sub, snap = self.hub.subscribe(self.game_id, self.token, callback, on_revoked,
                                       on_presence=on_presence)
        return sub, snap

    def presence(self) -> Presence:
        """Which seats have a connected phone now (:meth:`app.table.hub.TableHub.presence`)."""
        return self.hub.presence(self.game_id)

    def printed(self) -> dict[str, dict[str, Any]]:
        """The confirmed printed values the table is scored with now (the hub's snapshot
        carries them: no database read)."""
        return {table: dict(values) for table, values in self.snapshot().printed.items()}


class OpenTable(NamedTuple, Generic[P]):
    """A game this tab has open (one per game id): its presenter (the sheet's
    :class:`~app.ui.sheet.presenter.SheetPresenter`) and its table link."""

    presenter: P
    client: TableClient


@dataclass(slots=True)
class TapLock:
    """One tap of a tab at a time, in the order they came (one per tab)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


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
                 apply: Callable[[Snapshot], None],
                 present: Callable[[Presence], None] | None = None) -> None:
        self.app, self.client, self._apply = app, client, apply
        self._present = present  # who is connected changed (drawn on the tab's loop)
        self.newest: Snapshot | None = None
        self.queued = False
        self.sub: Subscription | None = None
        self._lock = threading.Lock()
        self._hooked = False

    def subscribe(self) -> None:
        try:
            self.sub, now = self.client.subscribe(self.offer, self.app.on_revoked,
                                                  self._presence if self._present else None)
        except FAILURES:  # no live updates; the tab still works on its own (next catch-up)
            log.debug("subscribing to table %s failed", self.client.game_id, exc_info=True)
            self.sub = None
            return
        if not self._hooked:
            self._hooked = True
            self.app.on_close(self.close)
            self.app.on_away(self.away)
        # a change made between the screen's snapshot and this subscription was sent to the
        # others only (a phone opened as a seat tapped showed the table before that tap
        # until the next change; found by tests/app/test_table_fuzz.py): the table as the
        # subscription found it is offered, drawn only if newer than what the screen shows
        self.offer(now)

    def away(self, gone: bool = True) -> None:
        """The tab's link went (the phone slept, lost its network, closed the page): the
        other phones see its seat as offline until it is back (``gone`` False, or
        :meth:`catch_up` on a new connection)."""
        sub = self.sub
        if sub is not None:
            sub.set_live(not gone)

    def _presence(self, presence: Presence) -> None:
        """Who is connected changed (any thread): drawn on this tab's own loop."""
        if getattr(self.app.page.session, "connection", None) is None:
            return  # the tab is away: it reads the presence when it is back

        async def draw() -> None:
            if self._present is not None:
                self._present(presence)
        try:
            self.app.page.run_task(draw)
        except flet_compat.TAB_GONE:
            log.debug("table %s: presence for a tab that is away", self.client.game_id)

    def close(self) -> None:
        sub, self.sub = self.sub, None
        if sub is not None:
            sub.close()

    def offer(self, snapshot: Snapshot) -> None:
        """A new snapshot of the table (any thread): a newer version, or the same version
        scored with other printed values (confirmed on another server process)."""
        with self._lock:
            if _newer(snapshot, self.newest):
                self.newest = snapshot
            if self.queued:
                return
            self.queued = True
        try:
            if getattr(self.app.page.session, "connection", None) is None:
                raise ConnectionError("the tab is away")  # (run_task would fail the same)
            self.app.page.run_task(self._drain)
        except (ConnectionError,) + flet_compat.TAB_GONE:  # the tab is away: nothing queued
            with self._lock:
                self.queued = False
            log.debug("table %s: update for a tab that is away", self.client.game_id)

    async def _drain(self) -> None:
        with self._lock:
            self.queued = False  # first: a snapshot arriving from now on queues anew
            snapshot = self.newest
        if snapshot is not None and not flet_compat.stopped_sending(self.app.page):
            self._draw(snapshot)  # (a socket that closed: drawn by catch_up when back)

    def _draw(self, snapshot: Snapshot) -> None:
        self._apply(snapshot)

    def catch_up(self) -> None:
        """Back after a disconnect (on the tab's loop): subscribe again if needed, draw now."""
        with self._lock:
            self.queued = False
        if self.sub is None or self.sub.closed:
            self.subscribe()
        elif not getattr(self.sub, "live", True):
            self.sub.set_live(True)
        snapshot = self.client.snapshot()
        with self._lock:
            if self.newest is not None and not _newer(snapshot, self.newest):
                snapshot = self.newest
            else:
                self.newest = snapshot
        self._draw(snapshot)


def _newer(snapshot: Snapshot, newest: Snapshot | None) -> bool:
    """Whether ``snapshot`` replaces ``newest`` on screen: a later version, or the same one
    scored anew (the printed values it was scored with changed)."""
    if newest is None or snapshot.version > newest.version:
        return True
    return bool(snapshot.version == newest.version and snapshot is not newest
                and getattr(snapshot, "printed", None) != getattr(newest, "printed", None))


def _session_id(app: Any) -> str | None:
    sid = getattr(getattr(getattr(app, "page", None), "session", None), "id", None)
    return sid if isinstance(sid, str) else None


def drawing(app: Nav, presenter: TapPresenter) -> None:
    """The sheet is being drawn at its presenter's version: the phone shows it once the
    patch made now reaches it (:mod:`app.shown`; every draw, this tab's own too)."""
    shown.drawn(_session_id(app), presenter.snapshot.game_id, presenter.version,
                flet_compat.frames_queued(app.page))


def as_shown(command: Command | None, version: int | None, settled: int | None = None,
             changes: Iterable[Change] = (), me: int | None = None) -> Command | None:
    """A shared action made against the version its phone showed (:mod:`app.shown`), when
    that is older than the tab's: the session then answers "already done" if the same
    action was applied after it. Other commands keep the tab's version.

    A shared action that applies once is made against ``settled`` (the version the phone
    had shown for :data:`app.shown.SETTLE` s) when another author (``changes``, the
    snapshot's: not ``me``) did the same action after it: the screen changed under the
    finger, and the tap meant what it showed before ("already done")."""
    if not isinstance(command, Command) or command.rights != Rights.SHARED:
        return command
    if command.once and settled is not None and settled < min(
            command.version, command.version if version is None else version):
        if any(c.kind == command.kind and c.by != me and c.seq > settled for c in changes):
            return replace(command, version=settled)
    if version is None or command.version <= version:
        return command
    return replace(command, version=version)


#: What a tap leaves as it was on the phone: pressing a button changes nothing it shows, so
#: the tapping phone keeps its sheet's pieces (:func:`app.ui.kit.kept.forget_pieces`).
#: Anything else (a chip's selection, a switch, a field) may have changed on the phone and
#: in its server copy before the handler runs: that phone's sheet is drawn anew. (Drawn
#: anew, the tapper's redraw cost 10-20 times another phone's, and the table's other
#: phones waited for it on the server's one event loop.)
UNCHANGED_BY_A_TAP = (ft.Button, ft.OutlinedButton, ft.TextButton, ft.IconButton,
                      ft.FloatingActionButton, ft.Container, ft.GestureDetector)


async def submit_off_loop(app: Nav, presenter: TapPresenter, client: TableClient,
                          make: Callable[[], Command | None], seen: int | None = None,
                          forget: bool = True, settled: int | None = None
                          ) -> Accepted | Refused | None:
    """A tap: the command is made (``make``, against the version on screen), applied and
    saved in a worker thread (the server's event loop keeps drawing every other phone).

    One tap of a tab at a time, in the order they came (the tab's lock); the hub saves
    before anyone is shown anything. This phone is not drawn from the answer: the hub's
    broadcast reaches it as it reaches every phone at the table (:class:`Inbox`). Only a
    refusal (which no other phone gets) is shown from the answer, and what an accepted
    command said once its broadcast is on screen. A database that refuses the write
    comes back as the hub's ``storage`` refusal (a message on the sheet, nothing saved).
    ``seen``: the version the phone showed when it tapped, if it was behind (:func:`as_shown`);
    ``settled``: the one it had shown for a moment then.
    ``forget``: the tapped control may have changed on the phone (:data:`UNCHANGED_BY_A_TAP`):
    this phone's sheet is drawn anew."""
    async with app.states.setdefault(TapLock, TapLock).lock:
        command = as_shown(make(), seen, settled, presenter.snapshot.changes,
                           getattr(presenter, "locked_player", None))
        if forget:  # the tapped control may have changed: this phone's sheet drawn anew
            forget_pieces(app, presenter)
        if command is None:
            return None
        presenter.tapped()
        answer = await asyncio.to_thread(client.submit, command)
        if presenter.result(answer):  # (scores and printed values: the snapshot's)
            app.refresh()
        return answer


def on_tap(app: Nav, p: TapPresenter, c: TableClient,
           make: Callable[[], Command | None]) -> Callable[[Any], Awaitable[None]]:
    """An event handler for a control: ``make()`` gives the command when it is tapped."""
    async def handler(e: Any) -> None:
        await _on_tap(app, p, c, make, e)
    return handler


def tapped(app: Nav, p: TapPresenter, c: TableClient,
            what: Tap | None) -> Callable[[Any], Awaitable[None]]:
    """A sheet control's handler: its command made with the version on screen. (One
    closure a control, its command's maker made at the tap: a sheet holds ~200.)"""
    async def handler(e: Any) -> None:
        await _on_tap(app, p, c, lambda: None if what is None else p.command(what), e)
    return handler


async def _on_tap(app: Nav, p: TapPresenter, c: TableClient,
                  make: Callable[[], Command | None], e: Any) -> None:
    seen, settled = shown.seen(_session_id(app), p.snapshot.game_id,
                               flet_compat.control_id(getattr(e, "control", None)),
                               str(getattr(e, "name", "click")))
    await submit_off_loop(app, p, c, make, seen,
                          forget=not isinstance(getattr(e, "control", None), UNCHANGED_BY_A_TAP),
                          settled=settled)
