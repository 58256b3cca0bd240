"""What one websocket may send: a size per message, a rate, one handler at a time.

:class:`Budget` is the outermost layer on every websocket (inside the Host/Origin
checks, outside :class:`app.web.taps.TapIds`), so nothing a tab sends is read by
anything else before it has been counted here:

- **Size**: a message (text or binary) of at most :data:`MAX_MESSAGE` bytes (64 KiB, the
  OWASP WebSocket guidance; a phone's largest is its ``REGISTER_CLIENT``, well under
  1 KiB; uvicorn's ``ws_max_size`` is the same, so a larger one never reaches here).
- **Rate**: a token bucket per connection (:data:`CONNECTION_BURST` messages at once,
  :data:`CONNECTION_RATE` a second after that) and one per address
  (:data:`ADDRESS_BURST`, :data:`ADDRESS_RATE`: every tab of a phone, a household
  behind one router). The bursts are far above a player's: a tap is two messages (its
  id, its frame), a phone that comes back resends at most 200 taps at once. Messages
  are read and charged as they arrive (a reader task per websocket: a rate is what the
  tab sends, not what the server has handled yet). A connection that overdraws either
  is closed (1008, "too many messages") with one log line, rate-limited per address.
- **One handler at a time** (:class:`Gate`): Flet starts a task for every control event
  as soon as it has read it, so 2,000 events read at once were 2,000 handlers queued on
  the one event loop before another phone's tap. Here a connection's next control event
  is handed to Flet only once the handler of its last one has finished (or after
  :data:`GATE_WAIT` seconds, for a handler that waits long): a flooding tab holds at
  most one handler on the loop, and every other phone's tap runs after at most that
  one. Messages behind a held event wait with it, in order; the answers to the
  server's own calls (``INVOKE_METHOD``: a handler may be waiting for one) pass it.
  At most :data:`MAX_HELD` messages (:data:`MAX_HELD_BYTES` bytes) wait per connection,
  else it is closed like an overdrawn one.
- **New tabs**: an address may open :data:`TABS_BURST` websockets at once and
  :data:`TABS_RATE` a second after that (each is a session whose page is built: the
  dearest thing a client can ask for); one more is closed (1008, "too many new tabs").
  A new tab's first frame is handed on one at a time, once the event loop answers
  within :data:`CALM` s (at most :data:`ADMIT_WAIT` s of waiting): pages are built
  one after another with the taps between them, never many back to back.

The gate learns that a handler finished from Flet's ``Session.dispatch_event``
(:func:`install_gate_hook`): the task Flet makes for an event copies the context the
event frame was handed over in, where :class:`Budget` left the connection's ticket.
"""

from __future__ import annotations

import asyncio
import collections
import contextvars
import logging
import time
from collections.abc import Callable
from typing import Any

from app.web.limits import FIRST_FRAME, REFUSAL_LOGS, SOCKET_GONE, address_key, log_limited
from app.web.messages import WebCode, say

log = logging.getLogger(__name__)

ASGIApp = Any
Message = dict[str, Any]

#: the largest message a tab may send (bytes)
MAX_MESSAGE = 64 * 1024
#: messages one connection may send at once, and a second after that
CONNECTION_BURST = 600
CONNECTION_RATE = 60.0
#: messages one address (all its connections) may send at once, and a second after that
ADDRESS_BURST = 1500
ADDRESS_RATE = 150.0
#: new tabs (a websocket's first frame: a session, its page built) one address may open
#: at once, and a second after that
TABS_BURST = 40
TABS_RATE = 0.25
#: a new tab's first frame waits (at most :data:`ADMIT_WAIT` s) until the event loop
#: answers within :data:`CALM` s: pages are built one after another, between the taps
ADMIT_WAIT = 3.0
CALM = 0.05
#: seconds a connection's next control event waits for the handler of its last one
GATE_WAIT = 1.0
#: messages (and their bytes) that may wait behind a held event
MAX_HELD = 1024
MAX_HELD_BYTES = 1 << 20
#: addresses whose buckets are kept (the fullest are forgotten first beyond it)
KEEP_ADDRESSES = 4096

_EVENT, _INVOKE = 3, 5


class Bucket:
    """A token bucket: ``burst`` tokens, refilled at ``rate`` a second."""

    __slots__ = ("burst", "rate", "tokens", "at", "clock")

    def __init__(self, burst: float, rate: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self.tokens = float(burst)
        self.at = clock()

    def level(self) -> float:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        return self.tokens

    def take(self, n: float = 1.0) -> bool:
        """Take ``n`` tokens; False (nothing taken) when there are not that many."""
        if self.level() < n:
            return False
        self.tokens -= n
        return True


class Gate:
    """One control event of a connection in Flet's hands at a time (see the module)."""

    __slots__ = ("ticket", "claimed", "since", "idle", "wake")

    def __init__(self) -> None:
        self.wake: asyncio.Event | None = None  # set when the gate opens
        self.ticket = 0  # the event in hand (0: none)
        self.claimed = False  # a task of Flet's handles it
        self.since = 0.0
        self.idle = asyncio.Event()
        self.idle.set()

    def begin(self) -> int:
        self.ticket += 1
        self.claimed = False
        self.since = time.monotonic()
        self.idle.clear()
        return self.ticket

    def claim(self, ticket: int) -> None:
        if ticket == self.ticket:
            self.claimed = True

    def end(self, ticket: int) -> None:
        if ticket == self.ticket and not self.idle.is_set():
            self.open()

    def open(self) -> None:
        self.idle.set()
        if self.wake is not None:
            self.wake.set()

    def busy(self) -> bool:
        return not self.idle.is_set() and time.monotonic() - self.since < GATE_WAIT

    async def settle(self) -> None:
        """An event handed over that no task of Flet's took (dropped on the way, or
        Flet handled it without a task): the gate is free again."""
        if self.idle.is_set() or self.claimed:
            return
        await asyncio.sleep(0)  # a task Flet made for it starts now, and claims it
        if not self.claimed:
            self.open()


#: the connection's gate and the ticket of the event frame being handed to Flet
_GATE: contextvars.ContextVar[tuple[Gate, int] | None] = contextvars.ContextVar(
    "forest_table_gate", default=None)


def install_gate_hook() -> None:
    """Make Flet's ``Session.dispatch_event`` tell the gate when a handler ends (once)."""
    from flet.messaging.session import Session

    original = Session.dispatch_event
    if getattr(original, "_forest_table_gate", False):
        return

    async def dispatch_event(self: Any, control_id: int, event_name: str,
                             event_data: Any) -> None:
        held = _GATE.get()
        if held is not None:
            _GATE.set(None)  # (this task's copy: a task the handler makes is not it)
            held[0].claim(held[1])
        try:
            await original(self, control_id, event_name, event_data)
        finally:
            if held is not None:
                held[0].end(held[1])

    dispatch_event._forest_table_gate = True  # type: ignore[attr-defined]
    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]


def action_of(frame: bytes | None) -> int | None:
    """The action of a Flet frame (``0x00`` + msgpack ``[action, body]``), read from its
    first bytes; None for anything else."""
    if frame is None or len(frame) < 3 or frame[0] != 0x00 or not 0x92 <= frame[1] <= 0x9F:
        return None
    return frame[2] if frame[2] < 0x80 else None


class _Unit:
    """What the tab sent as one: a frame, or a tap id (``ft-tap …`` text) and its frame."""

    __slots__ = ("messages", "action", "size")

    def __init__(self, messages: list[Message]) -> None:
        self.messages = messages
        last = messages[-1]
        self.action = action_of(last.get("bytes")) \
            if last.get("type") == "websocket.receive" else None
        self.size = sum(len(m.get("bytes") or m.get("text") or "") for m in messages)

    @property
    def event(self) -> bool:
        return self.action == _EVENT

    @property
    def ends(self) -> bool:
        return any(m.get("type") == "websocket.disconnect" for m in self.messages)


class _Overdrawn(Exception):
    def __init__(self, why: str) -> None:
        self.why = why


class Budget:
    """ASGI middleware on websockets: sizes, rates and the gate (see the module)."""

    def __init__(self, app: ASGIApp, *, connection: tuple[float, float] = (
                     CONNECTION_BURST, CONNECTION_RATE),
                 address: tuple[float, float] = (ADDRESS_BURST, ADDRESS_RATE),
                 tabs: tuple[float, float] = (TABS_BURST, TABS_RATE)) -> None:
        self.app = app
        self.connection = connection
        self.address = address
        self.tabs = tabs
        self._addresses: dict[str, Bucket] = {}
        self._tabs: dict[str, Bucket] = {}
        self._admitting: asyncio.Lock | None = None
        self.closed = 0  # connections closed for overdrawing (tests read it)

    async def _admit(self) -> None:
        """Wait (one new tab at a time, at most :data:`ADMIT_WAIT` s) until the event loop
        is calm: a new session's page is built on the loop in one go, and pages built back
        to back held every phone's taps behind them."""
        if self._admitting is None:
            self._admitting = asyncio.Lock()
        async with self._admitting:
            deadline = time.monotonic() + ADMIT_WAIT
            while True:
                t0 = time.monotonic()
                await asyncio.sleep(0.01)
                if time.monotonic() - t0 < 0.01 + CALM or time.monotonic() > deadline:
                    return

    @staticmethod
    def _bucket(buckets: dict[str, Bucket], key: str, make: tuple[float, float]) -> Bucket:
        bucket = buckets.get(key)
        if bucket is None:
            if len(buckets) >= KEEP_ADDRESSES:
                for k in [k for k, b in buckets.items() if b.level() >= b.burst]:
                    del buckets[k]
                while len(buckets) >= KEEP_ADDRESSES:
                    del buckets[next(iter(buckets))]
            bucket = buckets[key] = Bucket(*make)
        return bucket

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "websocket":
            await self.app(scope, receive, send)
            return
        key = address_key(str((scope.get("client") or ("",))[0]))
        mine = Bucket(*self.connection)
        theirs = self._bucket(self._addresses, key, self.address)
        gate = Gate()
        wake = asyncio.Event()  # a unit came in, the gate opened, or the budget is out
        gate.wake = wake
        held: collections.deque[_Unit] = collections.deque()  # in order
        answers: collections.deque[_Unit] = collections.deque()  # INVOKE answers: first
        out: collections.deque[tuple[Message, int]] = collections.deque()
        reader: asyncio.Task[None] | None = None
        over: list[tuple[str, WebCode]] = []
        refused: list[bool] = []
        waiting = [0]  # bytes read and not yet handed on
        admitted: list[bool] = []
        arrived = asyncio.Event()  # the first message after the handshake came in
        scope = {**scope, FIRST_FRAME: arrived}

        async def charged() -> Message:
            message: Message = await receive()
            if message.get("type") == "websocket.receive":
                data = message.get("bytes")
                if data is None:
                    data = message.get("text") or ""
                if len(data) > MAX_MESSAGE:
                    raise _Overdrawn(f"a message over {MAX_MESSAGE} bytes")
                if not mine.take():
                    raise _Overdrawn("too many messages from the connection")
                if not theirs.take():
                    raise _Overdrawn("too many messages from the address")
            return message

        async def read() -> None:
            """Read and charge every message as it comes (a rate is what the tab sends,
            not what the server has handled), until the socket ends or the budget is out."""
            first = True
            try:
                while True:
                    message = await charged()
                    text = message.get("text")
                    if message.get("type") == "websocket.receive" and text is not None \
                            and text.startswith("ft-tap "):
                        unit = _Unit([message, await charged()])
                    else:
                        unit = _Unit([message])
                    if first and not unit.ends and message.get("type") == "websocket.receive":
                        first = False  # the tab's first frame: a new session
                        if not self._bucket(self._tabs, key, self.tabs).take():
                            over.append(("too many new tabs from the address",
                                         WebCode.TOO_MANY_TABS))
                            return
                    (answers if unit.action == _INVOKE else held).append(unit)
                    if message.get("type") != "websocket.connect":
                        arrived.set()
                    waiting[0] += unit.size
                    if len(held) + len(answers) > MAX_HELD or waiting[0] > MAX_HELD_BYTES:
                        raise _Overdrawn("too many messages waiting")
                    wake.set()
                    if unit.ends:
                        return
            except _Overdrawn as e:
                over.append((e.why, WebCode.TOO_MANY_MESSAGES))
            finally:
                arrived.set()  # (no more will come: nothing to wait for)
                wake.set()

        def hand(unit: _Unit) -> Message:
            waiting[0] -= unit.size
            ticket = gate.begin() if unit.event else 0
            for m in unit.messages:
                out.append((m, ticket))
            return take()

        def take() -> Message:
            message, ticket = out.popleft()
            if message.get("bytes") is not None:
                _GATE.set((gate, ticket) if ticket else None)
            return message

        async def refuse(why: str, code: WebCode) -> Message:
            if not refused:
                refused.append(True)
                self.closed += 1
                log_limited(REFUSAL_LOGS, key, "closed a websocket from %s: %s (the budget)",
                            key, why)
                try:
                    await send({"type": "websocket.close", "code": 1008, "reason": say(code)})
                except SOCKET_GONE:
                    pass
            return {"type": "websocket.disconnect", "code": 1008}

        async def budgeted() -> Message:
            nonlocal reader
            if out and not over:
                return take()
            _GATE.set(None)
            if reader is None:
                reader = asyncio.ensure_future(read())
            while True:
                if over:
                    return await refuse(*over[0])
                await gate.settle()
                if answers:
                    return hand(answers.popleft())
                if held and (not held[0].event or not gate.busy()):
                    if not admitted and held[0].messages[0].get("type") == "websocket.receive":
                        admitted.append(True)  # the tab's first frame: a new session
                        await self._admit()
                        continue
                    return hand(held.popleft())
                wake.clear()
                wait = None
                if held:  # an event waits for the gate (at most until its deadline)
                    wait = max(0.0, GATE_WAIT - (time.monotonic() - gate.since))
                try:
                    await asyncio.wait_for(wake.wait(), wait)
                except TimeoutError:
                    pass

        async def sent(message: Message) -> None:
            if refused and message.get("type") in ("websocket.send", "websocket.close"):
                return  # closed here: nothing more goes out
            await send(message)

        try:
            await self.app(scope, budgeted, sent)
        finally:
            if reader is not None and not reader.done():
                reader.cancel()
