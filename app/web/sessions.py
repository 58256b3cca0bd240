"""Who holds which Flet session: the peer address of each websocket, and a cap per address.

Flet's session id is minted by the server when a websocket registers (the
``REGISTER_CLIENT`` answer carries it; it is ``page.session.id``) and sent back by
the client when it reconnects. :class:`SessionGuard` reads it from that first
frame the server sends on the socket and records the socket's real peer address
(``scope["client"]``, not the client-writable ``page.client_ip``) with
:meth:`app.peer.Peers.remember`; when the socket closes, :meth:`app.peer.Peers.forget`.

The cap: an address may hold at most ``cap`` sessions — connected ones and the
ones Flet keeps for a tab that went away (``SESSION_TIMEOUT`` after it left). A
websocket from an address at its cap resumes one of that address's kept sessions
(a phone waking up, a reload), or else the oldest session that address keeps for a
tab that went away is dropped (:meth:`SessionRegistry.evict_oldest`, also from
flet-web) to make room: a tab that comes back to it later gets a new session and
finds its seat from its stored token. When every one of the address's sessions is
connected now, the oldest whose tab has shown no valid token (still on the join
screen: :meth:`app.peer.Peers.vouch` was never called for it) is closed to make room
(:meth:`SessionRegistry.make_room`); only when every one is a player's (a valid seat or
host token) is the new socket closed at once with code 1008 and a one-line reason,
before any session is made, and the server logs one line. So tabs opened from one
address, closed or still open, never lock out a valid seat link. A
tab that resumes its session does not count twice. Loopback peers are capped like
any other (the laptop's own tabs stay far below it; behind a reverse proxy every
phone shares the proxy's address: raise the cap there).

Frames: every frame a client sends is checked before flet-web reads it
(:func:`frame_problem`: a Flet protocol message with a known action and a body of
its shape, ``REGISTER_CLIENT`` first). A malformed one closes the socket (1007)
with one log line, rate-limited per address (:class:`app.web.limits.LogLimiter`);
flet-web's own traceback for a frame it still fails on is cut to one such line
(:class:`QuietFrameErrors`); a socket that sends no first frame within
:data:`REGISTER_TIMEOUT` seconds is closed the same way. A session handler that does not end within
:data:`GRACE` seconds after its socket closed is cancelled (flet-web waits forever
for a socket that closed before it registered).

Shapes (issue 32): after the first frame, each message's shape is checked too
(:func:`event_problem`: ids, event names, routes, bounded values; a second
``REGISTER_CLIENT``), and each control event's data against the event type its control
makes (:func:`install_event_checks`); one that fails is *dropped* (not closed), with one
log line for a connection's first (:func:`note_dropped`). Sends to a session whose socket
has gone are dropped quietly (:func:`quiet_closed_sends`).

Rights never depend on any of this: tokens decide (app/table.py).
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import enum
import ipaddress
import logging
import math
import re
import threading
import time
import types
import typing
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import msgpack
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.peer import Peers
from app.web.limits import FIRST_FRAME, REFUSAL_LOGS, SOCKET_GONE, LogLimiter, log_limited
from app.web.messages import WebCode, say

log = logging.getLogger(__name__)
#: What msgpack raises on bytes that are no message (hostile or cut): its own errors
#: (``UnpackException``, the ``ValueError`` ones) and ``TypeError`` (an unhashable map key,
#: a value that is no array).
_UNREADABLE: tuple[type[Exception], ...] = (ValueError, TypeError, msgpack.UnpackException)

#: The default cap on sessions per peer address (a phone has one or two tabs; a
#: laptop a handful). FOREST_TABLE_SESSIONS_PER_ADDRESS overrides it.
DEFAULT_CAP = 16
#: seconds a session handler may run on after its socket closed
GRACE = 5.0
#: seconds an open websocket has to send its first frame (``REGISTER_CLIENT``)
REGISTER_TIMEOUT = 30.0
#: the largest frame a client may send (a tap is tens of bytes; app.web.budget.MAX_MESSAGE)
MAX_FRAME = 64 * 1024
#: one line per malformed frame, at most 3 per address and 20 in all a minute
FRAME_LOGS = LogLimiter(per_address=3, total=20)
#: the peer address of the websocket a task serves (for flet-web's log lines)
CURRENT_PEER: contextvars.ContextVar[str] = contextvars.ContextVar("forest_table_peer",
                                                                    default="?")


@dataclass
class Held:
    address: str
    connections: int = 0
    left_at: float = 0.0  # when its last connection closed (monotonic)
    opened_at: float = 0.0  # when its newest connection opened (monotonic)
    #: closes its newest connection (the cap makes room: :meth:`SessionRegistry.make_room`)
    close: Callable[[], Awaitable[None]] | None = None


class SessionRegistry:
    """Sessions by id with the address that holds them (thread-safe; one per server)."""

    def __init__(self, cap: int, keep_seconds: float, cap_loopback: bool = True,
                 peers: Peers | None = None) -> None:
        self.cap = cap
        #: the server's connections (addresses, vouched for), kept as sessions come and go
        self.peers = peers if peers is not None else Peers()
        self.keep_seconds = keep_seconds
        self.cap_loopback = cap_loopback
        self._lock = threading.Lock()
        self._held: dict[str, Held] = {}

    def _expire(self, now: float) -> None:
        for sid in [s for s, h in self._held.items()
                    if h.connections == 0 and now - h.left_at > self.keep_seconds]:
            del self._held[sid]
            self.peers.unvouch(sid)

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

    def evict_oldest(self, address: str) -> str | None:
        """Forget the session ``address`` kept longest for a tab that went away; its id
        (None: every session of ``address`` is connected now)."""
        with self._lock:
            self._expire(time.monotonic())
            kept = [(h.left_at, sid) for sid, h in self._held.items()
                    if h.address == address and h.connections == 0]
            if not kept:
                return None
            sid = min(kept)[1]
            del self._held[sid]
        self.peers.unvouch(sid)
        return sid

    def make_room(self, address: str) -> tuple[str, Callable[[], Awaitable[None]]] | None:
        """Forget the oldest connected session of ``address`` whose tab has not shown a
        valid token (:meth:`app.peer.Peers.vouch`: a tab still on the join screen) and return
        its id and what closes its socket; None when every session there is vouched for
        (a seat, a host: those are never closed to make room)."""
        with self._lock:
            self._expire(time.monotonic())
            open_ = [(h.opened_at, sid) for sid, h in self._held.items()
                     if h.address == address and h.connections > 0 and h.close is not None
                     and not self.peers.vouched(sid)]
            if not open_:
                return None
            sid = min(open_)[1]
            close = self._held.pop(sid).close
        assert close is not None
        return sid, close

    def opened(self, session_id: str, address: str,
               close: Callable[[], Awaitable[None]] | None = None) -> None:
        with self._lock:
            held = self._held.get(session_id)
            if held is None or held.address != address:
                held = self._held[session_id] = Held(address)
            held.connections += 1
            held.opened_at = time.monotonic()
            held.close = close
        self.peers.remember(session_id, address)

    def closed(self, session_id: str) -> None:
        with self._lock:
            held = self._held.get(session_id)
            if held is not None:
                held.connections = max(0, held.connections - 1)
                held.left_at = time.monotonic()
        self.peers.forget(session_id)


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
    except _UNREADABLE:
        return None
    sid = body.get("session_id") if isinstance(body, dict) else None
    return sid if isinstance(sid, str) else None


def client_message(frame: bytes, action: Any) -> dict[str, Any] | None:
    """The body of a client's frame if it is an ``action`` (a ``MessageAction``) message."""
    if not frame or frame[0] != 0x00 or len(frame) > 1_000_000:
        return None
    try:
        got, body = msgpack.unpackb(frame[1:], strict_map_key=False)[:2]
    except _UNREADABLE:
        return None
    return body if got == action.value and isinstance(body, dict) else None


def client_session_id(frame: bytes) -> str | None:
    """The session id a client's ``REGISTER_CLIENT`` frame asks to resume ('' or None: new)."""
    from flet.messaging.protocol import MessageAction

    body = client_message(frame, MessageAction.REGISTER_CLIENT)
    if body is None:
        return None
    sid = body.get("session_id")
    return sid if isinstance(sid, str) else None


def _bodies() -> dict[int, Any]:
    from flet.messaging import protocol as p

    a = p.MessageAction
    return {a.REGISTER_CLIENT.value: p.RegisterClientRequestBody,
            a.CONTROL_EVENT.value: p.ControlEventBody,
            a.UPDATE_CONTROL_PROPS.value: p.UpdateControlPropsBody,
            a.INVOKE_METHOD.value: p.InvokeMethodResponseBody}


_BODIES: dict[int, Any] = {}


def frame_problem(frame: bytes | None, *, first: bool) -> str | None:
    """What is wrong with a frame a client sent (None: nothing flet-web would trip on).

    A Flet frame is ``0x00`` + a msgpack ``[action, body]`` (or ``0x01`` + a data
    channel's bytes): the action one a client sends, the body a map that makes that
    action's body class, the first frame a ``REGISTER_CLIENT``.

    >>> frame_problem(b"\\x00\\xc1", first=True)
    'not msgpack'
    """
    return checked_frame(frame, first=first)[0]


def checked_frame(frame: bytes | None, *, first: bool) -> tuple[str | None, Any]:
    """:func:`frame_problem` and the message read from the frame (None when there is no
    problem to tell or no message)."""
    if frame is None:
        return "a text frame", None
    if not frame:
        return (None if not first else "empty"), None
    if len(frame) > MAX_FRAME:
        return "too large", None
    if frame[0] == 0x01 and not first:
        return None, None
    if frame[0] != 0x00:
        return "unknown frame type", None
    if not _BODIES:
        _BODIES.update(_bodies())
    try:
        message = msgpack.unpackb(frame[1:], strict_map_key=False)
    except _UNREADABLE:
        return "not msgpack", None
    if not isinstance(message, (list, tuple)) or len(message) < 2:
        return "not a message", None
    action, body = message[0], message[1]
    make = _BODIES.get(action) if isinstance(action, int) else None
    if make is None:
        return "unknown action", None
    if first and make is not _BODIES[1]:
        return "not registered first", None
    if not isinstance(body, dict) or not all(isinstance(k, str) for k in body):
        return "body not a map", None
    try:
        made = make(**body)
    except (TypeError, ValueError):
        return "body of the wrong shape", None
    if make is _BODIES[1] and not (isinstance(made.page, dict) and isinstance(
            made.session_id, (str, type(None)))):
        return "body of the wrong shape", None
    route = made.page.get("route") if first else None
    if route is not None and _route_problem(route) is not None:
        return "a route not text", None
    return None, message


# --------------------------------------------------------------------------- event shapes

#: bounds on what an event may carry: a route, any text, a number, a nesting
MAX_ROUTE = 2048
MAX_TEXT = 16 * 1024
MAX_ITEMS = 1000
MAX_DEPTH = 8
MAX_ID = 1 << 31
EVENT_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")
_CONTROL_CHARS = re.compile("[\x00-\x1f\x7f]")


class _Note:
    """What one connection had dropped (one log line per connection)."""

    __slots__ = ("address", "dropped")

    def __init__(self, address: str) -> None:
        self.address = address
        self.dropped = 0


#: the connection a task serves (set by SessionGuard; Flet's event tasks inherit it)
_NOTE: contextvars.ContextVar[_Note | None] = contextvars.ContextVar("forest_table_note",
                                                                    default=None)


def note_dropped(why: str) -> None:
    """An event of this connection was dropped: one line for its first (rate-limited per
    address by :data:`FRAME_LOGS`), none for the rest."""
    note = _NOTE.get()
    address = note.address if note is not None else CURRENT_PEER.get()
    if note is not None:
        note.dropped += 1
        if note.dropped > 1:
            return
    log_limited(FRAME_LOGS, address, "dropped an event from %s: %s (and any more from "
                "this connection, without a line)", address, why)


def _id_problem(value: Any, what: str) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < MAX_ID:
        return f"{what} not an id"
    return None


def _route_problem(value: Any) -> str | None:
    if not isinstance(value, str):
        return "a route not text"
    if len(value) > MAX_ROUTE or _CONTROL_CHARS.search(value):
        return "a route too long or with control characters"
    return None


def value_problem(value: Any) -> str | None:
    """What is out of bounds in a value a client sent (None: nothing): integers within
    2**53 (a web client's numbers are JavaScript's), other numbers finite, texts up to
    :data:`MAX_TEXT`, at most :data:`MAX_ITEMS` items nested at most :data:`MAX_DEPTH`
    deep, map keys text.

    >>> value_problem({"a": [1, 2.5, "x"]}), value_problem(float("nan"))
    (None, 'a number out of range')
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    items = 0
    while stack:
        v, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            return "too many items"
        if v is None or isinstance(v, bool):
            continue
        if isinstance(v, int):
            if abs(v) > 1 << 53:
                return "a number out of range"
        elif isinstance(v, float):
            if not math.isfinite(v):
                return "a number out of range"
        elif isinstance(v, (str, bytes, msgpack.ExtType)):
            if len(v.data if isinstance(v, msgpack.ExtType) else v) > MAX_TEXT:
                return "a text too long"
        elif isinstance(v, (list, tuple, dict)):
            if depth >= MAX_DEPTH:
                return "nested too deep"
            if isinstance(v, dict):
                for k, x in v.items():
                    if not isinstance(k, str) or len(k) > 256:
                        return "a key not text"
                    stack.append((x, depth + 1))
            else:
                stack.extend((x, depth + 1) for x in v)
        else:
            return "a value of an unknown type"
    return None


def event_problem(action: int, body: dict[str, Any]) -> str | None:
    """What is wrong with the shape of a client's message after the first (None: nothing),
    checked before Flet reads it: ids are ids, an event's name a short lowercase word, a
    route text of at most :data:`MAX_ROUTE` characters without control characters, every
    value within :func:`value_problem`'s bounds.

    >>> event_problem(3, {"target": 1, "name": "route_change", "data": {"route": 7}})
    'a route not text'
    """
    if action == 1:  # REGISTER_CLIENT again: each would be a new session, its page built
        return "registered twice on one socket"
    if action == 3:  # CONTROL_EVENT
        name = body.get("name")
        problem = _id_problem(body.get("target"), "target")
        if problem is None and not (isinstance(name, str) and EVENT_NAME.fullmatch(name)):
            problem = "an event name not a word"
        data = body.get("data")
        if problem is None and name == "route_change":
            problem = _route_problem(data.get("route")) if isinstance(data, dict) \
                else "a route not text"
        return problem or value_problem(data)
    if action == 4:  # UPDATE_CONTROL_PROPS
        props = body.get("props")
        problem = _id_problem(body.get("id"), "id")
        if not isinstance(props, dict):
            return problem or "props not a map"
        if problem is None and "route" in props:
            problem = _route_problem(props["route"])
        return problem or value_problem(props)
    if action == 5:  # INVOKE_METHOD (the client's answer)
        call_id, error = body.get("call_id"), body.get("error")
        problem = _id_problem(body.get("control_id"), "control id")
        if problem is None and not (isinstance(call_id, str) and len(call_id) <= 64):
            problem = "a call id not a short text"
        if problem is None and not (error is None or isinstance(error, str)):
            problem = "an error not text"
        return problem or value_problem([body.get("result"), error])
    return None


_EVENT_FIELDS: dict[tuple[type, str], dict[str, Any] | None] = {}


def _event_fields(control: Any, name: str) -> dict[str, Any] | None:
    """The fields (with their types) of the event ``control`` makes of ``name``'s data;
    None when it makes a plain one (no fields of its own)."""
    key = (type(control), name)
    if key not in _EVENT_FIELDS:
        fields: dict[str, Any] | None = None
        try:
            from flet.controls.control_event import ControlEvent, get_event_field_type

            event_type = get_event_field_type(control, f"on_{name}")
            if event_type is not None and event_type is not ControlEvent:
                event_type = typing.get_origin(event_type) or event_type
                if dataclasses.is_dataclass(event_type):
                    hints = typing.get_type_hints(event_type)
                    fields = {k: v for k, v in hints.items()
                              if k not in ("control", "name", "data", "target")}
        except (ImportError, NameError, TypeError, AttributeError):
            fields = None
        if len(_EVENT_FIELDS) > 4096:
            _EVENT_FIELDS.clear()
        _EVENT_FIELDS[key] = fields
    return _EVENT_FIELDS[key]


def fits(value: Any, hint: Any, depth: int = 0) -> bool:
    """Whether ``value`` (decoded from a client) has the type ``hint`` (an event field's
    annotation). Lenient where Flet is: None fits anything (Flet's own events leave
    fields out), an int fits a float, an integral float an int; what it cannot judge
    fits.

    >>> fits(7, str), fits("x", str), fits(3, float), fits("a", int | None)
    (False, True, True, False)
    """
    if value is None or hint is Any or depth > MAX_DEPTH:
        return True
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, a, depth + 1) for a in args)
    if origin is typing.Literal:
        return value in args
    plain = _fits_plain(value, hint)
    if plain is not None:
        return plain
    return _fits_container(value, hint, origin, args, depth)


def _fits_plain(value: Any, hint: Any) -> bool | None:
    """:func:`fits` for None's type, str, bool, int, float and enums (None: another)."""
    if hint is type(None):
        return False  # (None itself fitted above)
    if hint is str:
        return isinstance(value, str)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and value.is_integer())
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return any(value == m.value for m in hint)
    return None


def _fits_container(value: Any, hint: Any, origin: Any, args: tuple[Any, ...],
                    depth: int) -> bool:
    """:func:`fits` for lists, tuples, dicts and dataclasses; anything else fits."""
    if origin in (list, tuple) or hint in (list, tuple):
        return isinstance(value, (list, tuple)) and (
            not args or all(fits(v, args[0], depth + 1) for v in value))
    if origin is dict or hint is dict:
        return isinstance(value, dict)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, dict):
            return False
        try:
            hints = typing.get_type_hints(hint)
        except (NameError, TypeError, AttributeError):
            return True
        return all(fits(v, hints[k], depth + 1) for k, v in value.items() if k in hints)
    return True


def event_data_problem(control: Any, name: str, data: Any) -> str | None:
    """What in an event's ``data`` does not fit the event ``control`` makes of it."""
    if not isinstance(data, dict):
        return None
    fields = _event_fields(control, name)
    if not fields:
        return None
    for key, value in data.items():
        hint = fields.get(key)
        if hint is not None and not fits(value, hint):
            return f"{name}.{key} of the wrong type"
    return None


def install_event_checks() -> None:
    """Check each control event's data against the event type its control makes of it,
    before any handler runs (wraps Flet's ``Session.dispatch_event`` once): one that does
    not fit is dropped (:func:`note_dropped`), never handed to a handler."""
    from flet.messaging.session import Session

    original = Session.dispatch_event
    if getattr(original, "_forest_table_checked", False):
        return

    async def dispatch_event(self: Any, control_id: int, event_name: str,
                             event_data: Any) -> None:
        if isinstance(event_data, dict):
            control = self.index.get(control_id)
            problem = event_data_problem(control, event_name, event_data) \
                if control is not None else None
            if problem is not None:
                note_dropped(problem)
                return
        await original(self, control_id, event_name, event_data)

    dispatch_event._forest_table_checked = True  # type: ignore[attr-defined]
    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]


def quiet_closed_sends() -> None:
    """A session whose socket has gone is sent nothing, quietly (wraps flet-web's
    ``FletApp.send_message`` once): Flet 1.0.5 puts each message on the connection's
    send queue, which is None once the socket closed; a tab that registered and closed at
    once made every message its ``main`` still sent a traceback ("'NoneType' object has
    no attribute 'put_nowait'", "Task exception was never retrieved")."""
    from flet_web.fastapi.flet_app import FletApp

    original = FletApp.send_message
    if getattr(original, "_forest_table_quiet", False):
        return

    def send_message(self: Any, message: Any) -> None:
        if getattr(self, "_FletApp__send_queue", None) is None:
            log.debug("a message for a closed session dropped")
            return
        original(self, message)

    send_message._forest_table_quiet = True  # type: ignore[attr-defined]
    send_message.__wrapped__ = original  # type: ignore[attr-defined]  # (the canary of 13.)
    FletApp.send_message = send_message  # type: ignore[method-assign]
    _quiet_run_task()


def _quiet_run_task() -> None:
    """``page.run_task`` on a session whose socket has gone runs the task on the running
    loop (Flet 1.0.5 takes the loop from the session's connection, None by then: an
    AttributeError and a traceback, and the coroutine never awaited); off the loop's
    thread, or for a session already destroyed (evicted: Flet raises "An attempt to fetch
    destroyed session"), it is dropped with a debug line. A task that fails there is a
    debug line."""
    import concurrent.futures
    import inspect

    from flet.controls.context import _context_page
    from flet.controls.page import Page

    original = Page.run_task
    if getattr(original, "_forest_table_quiet", False):
        return

    def dropped(handler: Any) -> concurrent.futures.Future[Any]:
        log.debug("a task for a closed session dropped: %s", handler)
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        future.cancel()
        return future

    def run_task(self: Any, handler: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            session = self.session
        except RuntimeError:  # "An attempt to fetch destroyed session": evicted, gone
            return dropped(handler)
        if session is None or getattr(session, "connection", None) is not None \
                or not inspect.iscoroutinefunction(handler):
            return original(self, handler, *args, **kwargs)
        future: concurrent.futures.Future[Any]
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return dropped(handler)
        _context_page.set(self)
        future = asyncio.run_coroutine_threadsafe(handler(*args, **kwargs), loop)

        def done(f: concurrent.futures.Future[Any]) -> None:
            if not f.cancelled() and f.exception() is not None:
                log.debug("a task of a closed session failed: %r", f.exception())

        future.add_done_callback(done)
        return future

    run_task._forest_table_quiet = True  # type: ignore[attr-defined]
    Page.run_task = run_task  # type: ignore[method-assign]



class QuietFrameErrors(logging.Filter):
    """flet-web's "Receive loop error" (a traceback per bad frame) as one line, with the
    peer address, rate-limited per address (:data:`FRAME_LOGS`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.getMessage().startswith("Receive loop error"):
            return True
        address = CURRENT_PEER.get()
        exc = record.exc_info[1] if record.exc_info else None
        if not FRAME_LOGS.allow(address):
            return False
        held = FRAME_LOGS.held_back(address)
        record.msg = "a frame from %s failed in flet-web: %s%s"
        record.args = (address, type(exc).__name__ if exc else "?",
                       f" (and {held} such lines held back)" if held else "")
        record.exc_info = None
        record.exc_text = None
        return True


def quiet_frame_errors() -> None:
    """Install :class:`QuietFrameErrors` on flet-web's app logger (once)."""
    flet_log = logging.getLogger("flet_web.fastapi")  # flet_app.py logs there
    if not any(isinstance(f, QuietFrameErrors) for f in flet_log.filters):
        flet_log.addFilter(QuietFrameErrors())


async def _evict_from_flet(session_id: str) -> None:
    """Drop a kept session from flet-web too (its memory, its ``main``): best effort."""
    try:
        from flet_web.fastapi.flet_app_manager import app_manager

        held: dict[str, Any] = getattr(app_manager, "_FletAppManager__sessions", {})
        for key in [k for k in list(held) if f"_{session_id}_" in k]:
            session = held.get(key)
            if session is not None and getattr(session, "connection", None) is None:
                await app_manager.delete_session(key)
    except Exception:  # boundary: best-effort cleanup in flet-web's private state
        log.debug("could not drop session %s from flet-web", session_id, exc_info=True)


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
        CURRENT_PEER.set(address)
        _NOTE.set(_Note(address))
        if self.registry.capped(address):
            passed = await self._at_cap(scope, receive, send, address)
            if passed is None:
                return
            receive, send = passed
        session_id: str | None = None
        gone = asyncio.Event()  # the socket closed (or was closed for a bad frame)
        frames = 0

        async def first_message() -> Message:
            """The next message, within :data:`REGISTER_TIMEOUT` of asking for it, or
            later when it came in by then and the budget holds it for its turn (a join
            storm: pages are built one at a time, and a tab waiting its turn sent its
            frame in time). TimeoutError: nothing came."""
            task = asyncio.ensure_future(receive())
            try:
                done, _ = await asyncio.wait({task}, timeout=REGISTER_TIMEOUT)
                arrived = scope.get(FIRST_FRAME)
                if task not in done and not (arrived is not None and arrived.is_set()):
                    raise TimeoutError
                return await task
            except BaseException:  # (timed out, or this connection's task cancelled)
                task.cancel()
                raise

        async def checked() -> Message:
            nonlocal frames
            late = False
            if frames == 0:  # the client's first frame: not waited for forever
                try:
                    message = await first_message()
                except TimeoutError:
                    late, message = True, {"type": "websocket.receive", "bytes": None}
            else:
                message = await receive()
            while message["type"] == "websocket.receive" and frames > 0:
                # after the first: an event of the wrong shape is dropped, not handed on
                problem, read = checked_frame(message.get("bytes"), first=False)
                shape = event_problem(read[0], read[1]) if problem is None and \
                    read is not None else None
                if shape is None:
                    break
                note_dropped(shape)
                message = await receive()
            if message["type"] == "websocket.receive":
                problem = "no first frame in time" if late else \
                    frame_problem(message.get("bytes"), first=frames == 0)
                frames += 1
                if problem is not None:
                    log_limited(FRAME_LOGS, address, "closed a websocket from %s: a "
                                "malformed frame (%s)", address, problem)
                    gone.set()
                    try:
                        await send({"type": "websocket.close", "code": 1007,
                                    "reason": "malformed frame"})
                    except SOCKET_GONE:
                        pass
                    return {"type": "websocket.disconnect", "code": 1007}
            elif message["type"] == "websocket.disconnect":
                gone.set()
            return message

        async def watch(message: Message) -> None:
            nonlocal session_id
            if gone.is_set() and message["type"] in ("websocket.send", "websocket.close"):
                return  # closed here (a malformed frame) or by the client: nothing to send
            if session_id is None and message["type"] == "websocket.send" \
                    and message.get("bytes"):
                sid = registered_session_id(message["bytes"])
                if sid is not None:
                    session_id = sid
                    self.registry.opened(sid, address, close_for_room)
            await send(message)

        async def close_for_room() -> None:
            """The cap makes room for another tab of this address (this one has shown no
            valid token): closed like a refused one; the page may come back later."""
            gone.set()
            try:
                await send({"type": "websocket.close", "code": 1008,
                            "reason": say(WebCode.TOO_MANY_SESSIONS)})
            except SOCKET_GONE:
                pass

        try:
            await run_with_grace(self.app(scope, checked, watch), gone)
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
        if not (sid and self.registry.kept(sid, address)) and \
                frame["type"] == "websocket.receive":
            evicted = self.registry.evict_oldest(address)
            if evicted is not None:  # room made: a new session, like any other
                await _evict_from_flet(evicted)
                self.registry.peers.forget(evicted)
                sid = None
                return self._replay(first, frame, receive, send)
            room = self.registry.make_room(address)
            if room is not None:  # a tab on the join screen gives way: a token never waits
                log_limited(REFUSAL_LOGS, address, "closed the oldest tab of %s that showed "
                            "no valid token: %d sessions (the cap)", address, self.registry.cap)
                await room[1]()
                # flet-web keeps a closed tab's session for its return: not this one
                gone_sid = room[0]
                asyncio.get_running_loop().call_later(
                    GRACE + 1, lambda: asyncio.ensure_future(_evict_from_flet(gone_sid)))
                return self._replay(first, frame, receive, send)
        if not sid or not self.registry.kept(sid, address):
            log_limited(REFUSAL_LOGS, address, "refused a websocket from %s: %d sessions "
                        "already, all connected (the cap)", address,
                        self.registry.count(address))
            if frame["type"] != "websocket.disconnect":
                await send({"type": "websocket.close", "code": 1008,
                            "reason": say(WebCode.TOO_MANY_SESSIONS)})
            return None
        return self._replay(first, frame, receive, send)

    @staticmethod
    def _replay(first: Message, frame: Message, receive: Receive,
                send: Send) -> tuple[Receive, Send]:
        """flet-web gets the connection with ``first`` and ``frame`` again (its own accept
        is swallowed: the socket was accepted here)."""
        replay = [first, frame]

        async def replayed() -> Message:
            return replay.pop(0) if replay else await receive()

        async def accepted(message: Message) -> None:
            if message["type"] != "websocket.accept":
                await send(message)

        return replayed, accepted


async def run_with_grace(work: Any, gone: asyncio.Event, grace: float | None = None) -> None:
    """Run ``work`` (a coroutine); once ``gone`` is set it has ``grace`` seconds more
    (default :data:`GRACE`), then it is cancelled."""
    task = asyncio.ensure_future(work)
    waiter = asyncio.ensure_future(gone.wait())
    try:
        await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if not task.done():
            try:
                await asyncio.wait_for(asyncio.shield(task), GRACE if grace is None else grace)
            except TimeoutError:
                task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            if not task.cancelled() or asyncio.current_task().cancelling():  # type: ignore[union-attr]
                raise
    finally:
        waiter.cancel()
        if not task.done():
            task.cancel()
