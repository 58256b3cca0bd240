"""What a server process knows of each phone's connection: its peer address, whether its
tab proved a token, whether its link is alive. One :class:`Peers` per server, made with
its :class:`app.ui.kit.services.Serving` and given to the web layer
(:func:`app.web.server.build_app`): the web layer sees the sockets, the tabs read it.

**Peer address.** ``page.client_ip`` is a page property the browser can overwrite with one
protocol message, so it decides nothing. The web layer records the socket's real peer
address when a websocket connects (:meth:`Peers.remember`) and drops it when it closes
(:meth:`Peers.forget`); rights never depend on it, only limits (sessions per address, the
slowdown after repeated bad tokens) and logs.

The session id is Flet's own: ``page.session.id`` (``flet.messaging.session.Session.id``,
16 random characters), minted by the server when a websocket registers and sent to
the client in the ``REGISTER_CLIENT`` answer; a tab that reconnects sends it back
and gets the same session (and id) again. flet-web keys its session table by a
longer name (page name, this id and a hash of the client's IP and user agent);
that one is internal and not used here. The capture is
:class:`app.web.sessions.SessionGuard`: it reads the id from that first answer on
the socket and records ``scope["client"]`` (the TCP peer, not ``page.client_ip``).
Behind a reverse proxy the peer is the proxy.

**Vouched for.** A session whose tab proved a valid token (the tab's gate,
:mod:`app.ui.shell.tab`) is vouched for (:meth:`Peers.vouch`): when an address is at its
session cap, the web layer makes room by closing that address's oldest session that is
not (a tab still on the join screen), never a vouched one, so tokenless tabs cannot lock
a valid seat link out.

**Alive.** A phone that loses its network keeps its websocket open (the browser holds the
frames), so the server would not know for a long time; the page's link script answers
``ft-ping`` with ``ft-pong`` and :class:`app.web.taps.TapIds` calls :meth:`Peers.link`
when the answers stop (and when they come again). A table tab watches its own session
(:meth:`Peers.watch`): its seat shows as offline on the other phones
(:meth:`app.table.hub.TableHub.presence`). The callbacks run on the caller's thread (the
server's loop).

Thread-safe.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class Peers:
    """The connections of one server process, by Flet session id."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._peers: dict[str, str] = {}
        self._vouched: set[str] = set()
        self._watchers: dict[str, list[Callable[[bool], Any]]] = {}

    # ------------------------------------------------------------------ addresses
    def remember(self, session_id: str, address: str) -> None:
        with self._lock:
            self._peers[session_id] = address

    def forget(self, session_id: str) -> None:
        with self._lock:
            self._peers.pop(session_id, None)

    def address_of(self, session_id: str | None) -> str | None:
        """The peer address captured for a session, or None when it is not known."""
        if session_id is None:
            return None
        with self._lock:
            return self._peers.get(session_id)

    # ------------------------------------------------------------------ vouched for
    def vouch(self, session_id: str | None) -> None:
        """The tab of ``session_id`` holds a valid token (it is a seat, a host: a player)."""
        if session_id:
            with self._lock:
                self._vouched.add(session_id)

    def vouched(self, session_id: str) -> bool:
        with self._lock:
            return session_id in self._vouched

    def unvouch(self, session_id: str) -> None:
        """The session is gone for good (expired or evicted): forget it was vouched for."""
        with self._lock:
            self._vouched.discard(session_id)

    def vouched_addresses(self) -> set[str]:
        """The peer addresses of the connected sessions that are vouched for."""
        with self._lock:
            return {self._peers[sid] for sid in self._vouched if sid in self._peers}

    # ------------------------------------------------------------------ alive
    def watch(self, session_id: str | None, fn: Callable[[bool], Any]) -> Callable[[], None]:
        """Call ``fn(alive)`` when session ``session_id``'s link goes quiet or answers
        again; returns the function that stops it."""
        if not session_id:
            return lambda: None
        with self._lock:
            self._watchers.setdefault(session_id, []).append(fn)

        def stop() -> None:
            with self._lock:
                fns = self._watchers.get(session_id, [])
                if fn in fns:
                    fns.remove(fn)
                if not fns:
                    self._watchers.pop(session_id, None)
        return stop

    def link(self, session_id: str, alive: bool) -> None:
        """Session ``session_id``'s page stopped answering (``alive`` False) or answers
        again."""
        with self._lock:
            fns = list(self._watchers.get(session_id, ()))
        for fn in fns:
            try:
                fn(alive)
            except Exception:  # boundary: one failing watcher must not keep the others from hearing
                log.debug("link watcher failed", exc_info=True)
