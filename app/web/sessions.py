"""Who holds which Flet session: the peer address of each websocket, and a cap per address.

Flet's session id is minted by the server when a websocket registers (the
``REGISTER_CLIENT`` answer carries it; it is ``page.session.id``) and sent back by
the client when it reconnects. :class:`SessionGuard` reads it from that first
frame the server sends on the socket and records the socket's real peer address
(``scope["client"]``, not the client-writable ``page.client_ip``) with
:func:`app.peer.remember`; when the socket closes, :func:`app.peer.forget`.

The cap: an address may hold at most ``cap`` sessions — connected ones and the
ones Flet keeps for a tab that went away (``SESSION_TIMEOUT`` after it left). A
websocket from an address at its cap may only resume one of that address's kept
sessions (a phone waking up, a reload): anything else is closed at once with code
1008 and a one-line reason, before any session is made, and the server logs one
line. A tab that resumes its session does not count twice. Loopback
peers are not capped by default: they are the laptop itself, or a reverse proxy
in front (then every phone would share one address).

Rights never depend on any of this: tokens decide (app/table.py).
"""

from __future__ import annotations

import ipaddress
import logging
import threading
import time
from dataclasses import dataclass

import msgpack
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app import peer
from app.web.messages import WebCode, say

log = logging.getLogger(__name__)

#: The default cap on sessions per peer address (a phone has one or two tabs; a
#: laptop a handful). FOREST_TABLE_SESSIONS_PER_ADDRESS overrides it.
DEFAULT_CAP = 16


@dataclass
class Held:
    address: str
    connections: int = 0
    left_at: float = 0.0  # when its last connection closed (monotonic)


class SessionRegistry:
    """Sessions by id with the address that holds them (thread-safe; one per server)."""

    def __init__(self, cap: int, keep_seconds: float, cap_loopback: bool = False) -> None:
        self.cap = cap
        self.keep_seconds = keep_seconds
        self.cap_loopback = cap_loopback
        self._lock = threading.Lock()
        self._held: dict[str, Held] = {}

    def _expire(self, now: float) -> None:
        for sid in [s for s, h in self._held.items()
                    if h.connections == 0 and now - h.left_at > self.keep_seconds]:
            del self._held[sid]

    def count(self, address: str) -> int:
        with self._lock:
            self._expire(time.monotonic())
            return sum(1 for h in self._held.values() if h.address == address)

    def kept(self, session_id: str, address: str) -> bool:
        """Whether ``session_id`` is a session of ``address`` with no connection now."""
        with self._lock:
            self._expire(time.monotonic())
            held = self._held.get(session_id)
            return held is not None and held.address == address and held.connections == 0

    def capped(self, address: str) -> bool:
        if not self.cap_loopback:
            try:
                if ipaddress.ip_address(address).is_loopback:
                    return False
            except ValueError:
                pass
        return self.count(address) >= self.cap

    def opened(self, session_id: str, address: str) -> None:
        with self._lock:
            held = self._held.get(session_id)
            if held is None or held.address != address:
                held = self._held[session_id] = Held(address)
            held.connections += 1
        peer.remember(session_id, address)

    def closed(self, session_id: str) -> None:
        with self._lock:
            held = self._held.get(session_id)
            if held is not None:
                held.connections = max(0, held.connections - 1)
                held.left_at = time.monotonic()
        peer.forget(session_id)


def registered_session_id(frame: bytes) -> str | None:
    """The session id in the server's ``REGISTER_CLIENT`` answer frame, else None."""
    from flet.messaging.protocol import MessageAction

    if not frame or frame[0] != 0x00:
        return None
    try:
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
        unpacker.feed(frame[1:])
        # [action, body]: read the array header and the action only, then the body
        size = unpacker.read_array_header()
        if size < 2 or unpacker.unpack() != MessageAction.REGISTER_CLIENT.value:
            return None
        body = unpacker.unpack()
    except Exception:
        return None
    sid = body.get("session_id") if isinstance(body, dict) else None
    return sid if isinstance(sid, str) else None


def client_session_id(frame: bytes) -> str | None:
    """The session id a client's ``REGISTER_CLIENT`` frame asks to resume ('' or None: new)."""
    from flet.messaging.protocol import MessageAction

    if not frame or frame[0] != 0x00 or len(frame) > 1_000_000:
        return None
    try:
        action, body = msgpack.unpackb(frame[1:], strict_map_key=False)[:2]
    except Exception:
        return None
    if action != MessageAction.REGISTER_CLIENT.value or not isinstance(body, dict):
        return None
    sid = body.get("session_id")
    return sid if isinstance(sid, str) else None


class SessionGuard:
    """ASGI middleware on websockets: the cap at the handshake, the peer on register."""

    def __init__(self, app: ASGIApp, registry: SessionRegistry) -> None:
        self.app = app
        self.registry = registry

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        address = str((scope.get("client") or ("",))[0])
        if self.registry.capped(address):
            passed = await self._at_cap(scope, receive, send, address)
            if passed is None:
                return
            receive, send = passed
        session_id: str | None = None

        async def watch(message: Message) -> None:
            nonlocal session_id
            if session_id is None and message["type"] == "websocket.send" \
                    and message.get("bytes"):
                sid = registered_session_id(message["bytes"])
                if sid is not None:
                    session_id = sid
                    self.registry.opened(sid, address)
            await send(message)

        try:
            await self.app(scope, receive, watch)
        finally:
            if session_id is not None:
                self.registry.closed(session_id)

    async def _at_cap(self, scope: Scope, receive: Receive, send: Send,
                      address: str) -> tuple[Receive, Send] | None:
        """An address at its cap: only a tab resuming one of its kept sessions goes on.

        The socket is accepted here and the client's first frame read (REGISTER_CLIENT
        carries the session id it resumes). Resuming a kept session of this address:
        flet-web gets the connection with that frame replayed (its own accept is
        swallowed). Anything else: closed with 1008 and the reason, and one log line.
        Returns the (receive, send) to hand on, or None when refused.
        """
        first = await receive()
        if first["type"] != "websocket.connect":
            return None
        await send({"type": "websocket.accept"})
        frame = await receive()
        sid = client_session_id(frame.get("bytes") or b"") \
            if frame["type"] == "websocket.receive" else None
        if not sid or not self.registry.kept(sid, address):
            log.warning("refused a websocket from %s: %d sessions already (the cap)",
                        address, self.registry.count(address))
            if frame["type"] != "websocket.disconnect":
                await send({"type": "websocket.close", "code": 1008,
                            "reason": say(WebCode.TOO_MANY_SESSIONS)})
            return None
        replay = [first, frame]

        async def replayed() -> Message:
            return replay.pop(0) if replay else await receive()

        async def accepted(message: Message) -> None:
            if message["type"] != "websocket.accept":
                await send(message)

        return replayed, accepted
