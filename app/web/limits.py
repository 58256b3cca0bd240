"""Limits on every connection: caps per address and in all, a deadline for headers.

One address holding thousands of sockets that send half a request and stop must
not take the server down for the phones at the table (each socket is a file
descriptor; when the process runs out of them, uvicorn can accept nothing, not
even a phone's page load). Below the ASGI app, at the transport:

- **Per address** at most :data:`PER_ADDRESS` open connections (HTTP and
  websocket alike; ``FOREST_TABLE_CONNECTIONS_PER_ADDRESS``); an IPv6 peer counts
  by its /64 (one device picks addresses from its network freely).
- **In all** at most :data:`TOTAL` (``FOREST_TABLE_CONNECTIONS_TOTAL``), and never
  more than half of the process's open-file limit left after a reserve (a file
  being sent needs a descriptor too; so do the database files).
- **Room for the table** (issue 32): an eighth of the cap in all is kept for addresses
  holding a seat or host session (:func:`players_of`); and at the cap, the oldest
  idle or half-open connection (waiting for a request's head) of the address holding the
  most gives way to a connection from an address holding fewer (:meth:`ConnectionLimiter.
  _make_room`), so many addresses sending half requests crowd out only each other.
- A connection over a cap is answered ``503`` at once and closed: its descriptor
  is free again straight away. One log line per address and minute says so.
- **Headers**: a request's head must be complete within :data:`HEADER_TIMEOUT`
  seconds of the connection opening, or of the previous response on a kept-alive
  connection (``FOREST_TABLE_HEADER_TIMEOUT``), and within :data:`MAX_HEAD` bytes;
  else the connection is closed.
  An idle kept-alive connection is closed after uvicorn's ``timeout_keep_alive``
  (:data:`KEEP_ALIVE`). Websockets are pinged (uvicorn: every 20 s, closed when
  no answer within 20 s).
- :func:`raise_open_file_limit`: the process's soft limit is raised to its hard
  limit at start (a laptop's usual soft limit is 1024).

Loopback and LAN peers are treated alike: the laptop's own browser stays far
below the caps. Behind a reverse proxy every phone shares the proxy's address: name
the proxy (``serve --trusted-proxy``, :mod:`app.web.forwarded`) and its connections
are capped in all only (the proxy caps each phone); the sessions per address then
count each phone's own address. See docs/table-mode.md ("Limits") and
docs/deployment.md.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from app.peer import Peers

log = logging.getLogger(__name__)

#: open connections one address may hold (a phone's browser opens up to 6 for the page
#: and one websocket per tab; a household behind one router shares an address)
PER_ADDRESS = 64
#: open connections in all (also bounded by the open-file limit, :func:`total_cap`)
TOTAL = 4096
#: seconds a connection has to send a request's whole head
HEADER_TIMEOUT = 10.0
#: bytes a request's head may take (httptools sets no limit; browsers send a few KB)
MAX_HEAD = 64 * 1024
#: seconds an idle kept-alive HTTP connection stays open (uvicorn ``timeout_keep_alive``)
KEEP_ALIVE = 5
#: descriptors kept out of the global cap: the interpreter, the database files, pipes
RESERVE_FDS = 64

_OVER = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
         b"Content-Length: 40\r\nConnection: close\r\n\r\n"
         b"Too many connections from this address.\n")


def _env_number(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, ""))
    except ValueError:
        return default
    return value if value > 0 else default


def raise_open_file_limit() -> tuple[int, int]:
    """Raise this process's soft open-file limit to its hard limit; (soft, hard) after.

    macOS reports an unlimited hard limit it does not grant: then the largest it
    takes of a few. Never raises (no ``resource`` module on Windows: (0, 0)).
    """
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 0, 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    targets = [hard] if hard != resource.RLIM_INFINITY else []
    targets += [t for t in (1 << 20, 65536, 10240) if t > soft and (
        hard == resource.RLIM_INFINITY or t < hard)]
    for target in targets:
        if target <= soft:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            break
        except (ValueError, OSError):
            continue
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def open_file_limit() -> int:
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 1 << 16
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def total_cap(configured: int | None = None) -> int:
    """The global cap: the configured one, at most half the descriptors left after the
    reserve (``ulimit -n 1024``: 480)."""
    wanted = configured if configured is not None else int(
        _env_number("FOREST_TABLE_CONNECTIONS_TOTAL", TOTAL))
    return max(16, min(wanted, (open_file_limit() - RESERVE_FDS) // 2))


def address_key(address: str) -> str:
    """What a cap counts by: the address; an IPv6 one by its /64 (loopback: itself).

    >>> address_key("192.168.1.20"), address_key("2001:db8:1:2:a:b:c:d")
    ('192.168.1.20', '2001:db8:1:2::/64')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class LogLimiter:
    """At most ``per_address`` lines per address and ``total`` in all per ``window`` s.

    :meth:`allow` says whether a line may be written now; what was held back is
    counted, and the next line allowed for that address says how many
    (:meth:`held_back`). Thread-safe.
    """

    def __init__(self, per_address: int = 3, total: int = 20, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_address = per_address
        self.total = total
        self.window = window
        self.clock = clock
        self._lock = threading.Lock()
        self._start = clock()
        self._lines: dict[str, int] = {}
        self._all = 0
        self._held: dict[str, int] = {}

    def allow(self, address: str) -> bool:
        with self._lock:
            now = self.clock()
            if now - self._start >= self.window:
                self._start, self._lines, self._all = now, {}, 0
            if self._lines.get(address, 0) >= self.per_address or self._all >= self.total:
                if len(self._held) < 10_000 or address in self._held:
                    self._held[address] = self._held.get(address, 0) + 1
                return False
            self._lines[address] = self._lines.get(address, 0) + 1
            self._all += 1
            return True

    def held_back(self, address: str) -> int:
        """How many lines for ``address`` were held back since it was last asked."""
        with self._lock:
            return self._held.pop(address, 0)


def players_of(peers: Peers) -> Callable[[str], bool]:
    """Whether an address key (:func:`address_key`) holds a connected session of ``peers``
    whose tab showed a valid seat or host token (:meth:`app.peer.Peers.vouch`)."""

    def player(key: str) -> bool:
        return any(address_key(a) == key for a in peers.vouched_addresses())
    return player


def log_limited(limiter: LogLimiter, address: str, msg: str, *args: Any) -> None:
    """Log ``msg`` (a warning) for ``address`` if ``limiter`` allows; say what was held."""
    if not limiter.allow(address):
        return
    held = limiter.held_back(address)
    if held:
        msg += " (and %d such lines held back)"
        args = (*args, held)
    log.warning(msg, *args)


#: refusals (a foreign Host or Origin, the session cap): 3 lines per address a minute
REFUSAL_LOGS = LogLimiter(per_address=3, total=20)

#: A websocket's scope key: an ``asyncio.Event`` the budget (:mod:`app.web.budget`, the
#: outermost layer) sets once the client's first message after the handshake has come in.
#: The session guard times the first frame's arrival by it, not the moment the budget
#: hands it on: a new tab's first frame may wait its turn there (pages built one at a
#: time), and that wait is the server's, not a client that sends nothing.
FIRST_FRAME = "forest_table.first_frame"


@dataclass
class _Open:
    key: str
    timer: asyncio.TimerHandle | None = None  # set while a request's head is awaited
    transport: Any = None
    head_bytes: int = 0


@dataclass
class ConnectionLimiter:
    """Open connections by peer (host, port), counted per address key and in all."""

    per_address: int = PER_ADDRESS
    total: int = TOTAL
    header_timeout: float = HEADER_TIMEOUT
    logs: LogLimiter = field(default_factory=lambda: LogLimiter(per_address=1, total=20))
    #: addresses not capped per address, only in all (``serve --trusted-proxy``: the proxy
    #: holds every phone's connections and caps each phone itself)
    uncapped: Callable[[str], bool] | None = None
    #: connections in all kept for the table (:attr:`players`: an address holding a seat
    #: or host token session); None: an eighth of :attr:`total`
    reserve: int | None = None
    #: whether an address key holds a player's session (:func:`players_of` the server's
    #: peers, given by :func:`app.web.server.build_app`; None: no address is a player's)
    players: Callable[[str], bool] | None = None
    _open: dict[tuple[str, int], _Open] = field(default_factory=dict)
    _counts: dict[str, int] = field(default_factory=dict)
    #: each address key's connections, oldest first
    _by_key: dict[str, dict[tuple[str, int], _Open]] = field(default_factory=dict)

    @classmethod
    def from_env(cls) -> ConnectionLimiter:
        return cls(per_address=int(_env_number("FOREST_TABLE_CONNECTIONS_PER_ADDRESS",
                                               PER_ADDRESS)),
                   total=total_cap(),
                   header_timeout=_env_number("FOREST_TABLE_HEADER_TIMEOUT", HEADER_TIMEOUT))

    def count(self, address: str | None = None) -> int:
        return len(self._open) if address is None else self._counts.get(address_key(address), 0)

    # called on the event loop only (protocol callbacks and the ASGI app)
    def opened(self, peer: tuple[str, int] | None, transport: Any) -> bool:
        """A new connection: False (answered 503 and closed) when over a cap."""
        if peer is None:
            return True
        key = address_key(str(peer[0]))
        over_address = self._counts.get(key, 0) >= self.per_address and not (
            self.uncapped is not None and self.uncapped(str(peer[0])))
        if not over_address and len(self._open) >= self._room(key):
            self._make_room(key)  # an idle or half-open one of a heavier address goes
        if over_address or len(self._open) >= self._room(key):
            which = "address" if over_address else "server"
            log_limited(self.logs, key, "refused connections from %s: %d open from it, "
                        "%d in all (the %s cap)", key, self._counts.get(key, 0),
                        len(self._open), which)
            try:
                transport.write(_OVER)
            finally:
                transport.close()
            return False
        where = (str(peer[0]), int(peer[1]))
        entry = self._open[where] = _Open(key, transport=transport)
        self._by_key.setdefault(key, {})[where] = entry
        self._counts[key] = self._counts.get(key, 0) + 1
        self._arm(entry)
        return True

    def _room(self, key: str) -> int:
        """How many connections in all a new one from ``key`` may find open: all of
        :attr:`total` for a player's address, the total less the reserve for any other."""
        reserve = self.total // 8 if self.reserve is None else self.reserve
        if reserve <= 0:
            return self.total
        player = self.players is not None and self.players(key)
        return self.total if player else self.total - reserve

    def _make_room(self, key: str) -> bool:
        """At the cap in all: close the oldest idle or half-open connection (waiting for
        a request's head) of the address holding the most, if it holds more than ``key``
        would with this one; so many addresses sending half requests crowd out only each
        other, never a newcomer. False when there is none."""
        mine = self._counts.get(key, 0) + 1
        for other, count in sorted(self._counts.items(), key=lambda kv: -kv[1]):
            if count <= mine:
                return False
            for where, entry in self._by_key.get(other, {}).items():
                transport = entry.transport
                if entry.timer is None or transport is None or transport.is_closing():
                    continue
                log_limited(self.logs, "room:" + other, "closed an idle connection from %s "
                            "to make room for %s (%d open in all)", other, key,
                            len(self._open))
                self._forget(where)
                transport.close()
                return True
        return False

    def closed(self, peer: tuple[str, int] | None) -> None:
        if peer is None:
            return
        self._forget((str(peer[0]), int(peer[1])))

    def _forget(self, where: tuple[str, int]) -> None:
        entry = self._open.pop(where, None)
        if entry is None:
            return
        if entry.timer is not None:
            entry.timer.cancel()
            entry.timer = None
        mine = self._by_key.get(entry.key)
        if mine is not None:
            mine.pop(where, None)
            if not mine:
                del self._by_key[entry.key]
        left = self._counts.get(entry.key, 1) - 1
        if left > 0:
            self._counts[entry.key] = left
        else:
            self._counts.pop(entry.key, None)

    def received(self, peer: Any, size: int) -> bool:
        """Bytes in on an HTTP connection: False (close it) when a head outgrows
        :data:`MAX_HEAD` before it is complete."""
        entry = self._open.get(_peer(peer))
        if entry is None or entry.timer is None:
            return True
        entry.head_bytes += size
        return entry.head_bytes <= MAX_HEAD

    def headers_done(self, peer: Any) -> None:
        """A request's head is in (the app got it): its deadline is off."""
        entry = self._open.get(_peer(peer))
        if entry is not None and entry.timer is not None:
            entry.timer.cancel()
            entry.timer = None

    def waiting_again(self, peer: Any) -> None:
        """A response is out: the next request's head has the deadline again."""
        entry = self._open.get(_peer(peer))
        if entry is not None:
            self._arm(entry)

    def _arm(self, entry: _Open) -> None:
        entry.head_bytes = 0
        if entry.timer is not None:
            entry.timer.cancel()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # pragma: no cover - protocol callbacks run on the loop
            return
        entry.timer = loop.call_later(self.header_timeout, self._too_slow, entry)

    def _too_slow(self, entry: _Open) -> None:
        entry.timer = None
        transport = entry.transport
        if transport is not None and not transport.is_closing():
            log_limited(self.logs, "slow:" + entry.key,
                        "closed a connection from %s: no complete request within %.0f s",
                        entry.key, self.header_timeout)
            transport.close()


def _peer(peer: Any) -> tuple[str, int]:
    try:
        return str(peer[0]), int(peer[1])
    except (TypeError, ValueError, IndexError):
        return "", 0


def guarded_protocols(limiter: ConnectionLimiter) -> tuple[type[Any], type[Any]]:
    """uvicorn's HTTP protocol (httptools, else h11) and websocket protocol (websockets'
    sans-I/O) counting every connection in ``limiter`` from its first byte to its close."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    base: Any = AutoHTTPProtocol

    class GuardedHTTP(base):  # type: ignore[misc,valid-type]
        def connection_made(self, transport: Any) -> None:
            self._ft_peer = transport.get_extra_info("peername")
            self._ft_refused = not limiter.opened(self._ft_peer, transport)
            if self._ft_refused:
                self.transport = transport
                return
            super().connection_made(transport)

        def data_received(self, data: bytes) -> None:
            if self._ft_refused:  # over a cap: answered and closed, read nothing
                return
            if not limiter.received(self._ft_peer, len(data)):
                log_limited(limiter.logs, "head:" + address_key(str(self._ft_peer[0])),
                            "closed a connection from %s: a request head over %d bytes",
                            address_key(str(self._ft_peer[0])), MAX_HEAD)
                self.transport.close()
                return
            super().data_received(data)

        def eof_received(self) -> None:
            if not self._ft_refused:
                super().eof_received()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._ft_refused:
                return
            limiter.closed(self._ft_peer)
            super().connection_lost(exc)

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        def connection_lost(self, exc: Exception | None) -> None:
            limiter.closed(self.client)
            super().connection_lost(exc)

    return GuardedHTTP, GuardedWebSocket


class HeaderDeadline:
    """ASGI middleware (outermost): tells the limiter when a request's head is in and
    when its response is out (the deadline for the next head starts then)."""

    def __init__(self, app: ASGIApp, limiter: ConnectionLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        self.limiter.headers_done(scope.get("client"))
        try:
            await self.app(scope, receive, send)
        except Exception as exc:  # boundary: the server's edge (re-raised unless the socket went)
            # a phone that went away while the server still had a frame for it: nothing to
            # say but one debug line (uvicorn would print a traceback for each one)
            if scope["type"] == "websocket" and _socket_gone(exc):
                log.debug("websocket of %s closed before a send (%s)",
                          _peer(scope.get("client"))[0], type(exc).__name__)
                return
            raise
        finally:
            if scope["type"] == "http":
                self.limiter.waiting_again(scope.get("client"))


#: What an ASGI websocket send raises once the socket is closed (uvicorn 0.3x, each of its
#: websocket implementations): ``ClientDisconnected`` (an ``OSError``), or a ``RuntimeError``
#: for a message after the close.
SOCKET_GONE: tuple[type[Exception], ...] = (OSError, RuntimeError)

_GONE = {"InvalidState", "ConnectionClosed", "ConnectionClosedOK", "ConnectionClosedError",
         "WebSocketDisconnect", "ClientDisconnected"}


def _socket_gone(exc: BaseException | None) -> bool:
    """``exc`` (or what it was raised from) says the websocket was closing or closed."""
    seen = 0
    while exc is not None and seen < 8:
        if type(exc).__name__ in _GONE or (
                isinstance(exc, RuntimeError) and "close" in str(exc).lower()):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False
