"""The peer address of each connection, captured by the server when it opens.

``page.client_ip`` is a page property the browser can overwrite with one protocol
message, so it decides nothing. The web layer records the socket's real peer
address here when a websocket connects (:func:`remember`) and drops it when it
closes (:func:`forget`); rights never depend on it, only limits (sessions per
address, the slowdown after repeated bad tokens) and logs.

The session id is Flet's own: ``page.session.id`` (``flet.messaging.session.Session.id``,
16 random characters), minted by the server when a websocket registers and sent to
the client in the ``REGISTER_CLIENT`` answer; a tab that reconnects sends it back
and gets the same session (and id) again. flet-web keys its session table by a
longer name (page name, this id and a hash of the client's IP and user agent);
that one is internal and not used here. The capture is
:class:`app.web.sessions.SessionGuard`: it reads the id from that first answer on
the socket and records ``scope["client"]`` (the TCP peer, not ``page.client_ip``).
Behind a reverse proxy the peer is the proxy.

A session whose tab proved a valid token (the tab's gate, :mod:`app.ui.shell.tab`) is
*vouched for* (:func:`vouch`): when an address is at its session cap, the web layer makes
room by closing that address's oldest session that is not (a tab still on the join
screen), never a vouched one, so tokenless tabs cannot lock a valid seat link out.
"""

from __future__ import annotations

import threading

_LOCK = threading.Lock()
_PEERS: dict[str, str] = {}
_VOUCHED: set[str] = set()


def remember(session_id: str, address: str) -> None:
    with _LOCK:
        _PEERS[session_id] = address


def forget(session_id: str) -> None:
    with _LOCK:
        _PEERS.pop(session_id, None)


def address_of(session_id: str | None) -> str | None:
    """The peer address captured for a session, or None when it is not known."""
    if session_id is None:
        return None
    with _LOCK:
        return _PEERS.get(session_id)


def vouch(session_id: str | None) -> None:
    """The tab of ``session_id`` holds a valid token (it is a seat, a host: a player)."""
    if session_id:
        with _LOCK:
            _VOUCHED.add(session_id)


def vouched(session_id: str) -> bool:
    with _LOCK:
        return session_id in _VOUCHED


def unvouch(session_id: str) -> None:
    """The session is gone for good (expired or evicted): forget it was vouched for."""
    with _LOCK:
        _VOUCHED.discard(session_id)


def vouched_addresses() -> set[str]:
    """The peer addresses of the connected sessions that are vouched for."""
    with _LOCK:
        return {_PEERS[sid] for sid in _VOUCHED if sid in _PEERS}
