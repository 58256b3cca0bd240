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
  id, its frame), a phone that comes back resends at most 200 taps at once. A
  connection that overdraws either is closed (1008, "too many messages") with one log
  line, rate-limited per address.
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

from app.web.limits import REFUSAL_LOGS, address_key, log_limited
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

    __slots__ = ("ticket", "claimed", "since", "idle")

    def __init__(self) -> None:
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
            self.idle.set()

    def busy(self) -> bool:
        return not self.idle.is_set() and time.monotonic() - self.since < GATE_WAIT

    async def settle(self) -> None:
        """An event handed over that no task of Flet's took (dropped on the way, or
        Flet handled it without a task): the gate is free again."""
        if self.idle.is_set() or self.claimed:
            return
        await asyncio.sleep(0)  # a task Flet made for it starts now, and claims it
        if not self.claimed:
            self.idle.set()

    async def wait(self) -> None:
        """Until the event in hand is handled, or :data:`GATE_WAIT` after it was handed."""
        left = GATE_WAIT - (time.monotonic() - self.since)
        if left > 0 and not self.idle.is_set():
            try:
                await asyncio.wait_for(self.idle.wait(), left)
            except TimeoutError:
                pass


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
        return any(m.get("type") != "websocket.receive" for m in self.messages)


class _Overdrawn(Exception):
    def __init__(self, why: str) -> None:
        self.why = why


class Budget:
    """ASGI middleware on websockets: sizes, rates and the gate (see the module)."""

    def __init__(self, app: ASGIApp, *, connection: tuple[float, float] = (
                     CONNECTION_BURST, CONNECTION_RATE),
                 address: tuple[float, float] = (ADDRESS_BURST, ADDRESS_RATE)) -> None:
        self.app = app
        self.connection = connection
        self.address = address
        self._addresses: dict[str, Bucket] = {}
        self.closed = 0  # connections closed for overdrawing (tests read it)

    def _address_bucket(self, key: str) -> Bucket:
        bucket = self._addresses.get(key)
        if bucket is None:
            if len(self._addresses) >= KEEP_ADDRESSES:
                for k in [k for k, b in self._addresses.items() if b.level() >= b.burst]:
                    del self._addresses[k]
                while len(self._addresses) >= KEEP_ADDRESSES:
                    del self._addresses[next(iter(self._addresses))]
            bucket = self._addresses[key] = Bucket(*self.address)
        return bucket

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "websocket":
            await self.app(scope, receive, send)
            return
        key = address_key(str((scope.get("client") or ("",))[0]))
        mine = Bucket(*self.connection)
        theirs = self._address_bucket(key)
        gate = Gate()
        held: collections.deque[_Unit] = collections.deque()
        held_bytes = 0
        out: collections.deque[tuple[Message, int]] = collections.deque()
        reading: asyncio.Task[_Unit] | None = None
        over: list[str] = []

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

        async def read_unit() -> _Unit:
            first = await charged()
            text = first.get("text")
            if first.get("type") == "websocket.receive" and text is not None \
                    and text.startswith("ft-tap "):
                return _Unit([first, await charged()])
            return _Unit([first])

        async def next_unit(wait_gate: bool) -> _Unit | None:
            """The next unit from the socket; None when the gate opened first."""
            nonlocal reading
            if reading is None:
                reading = asyncio.ensure_future(read_unit())
            if wait_gate:
                waiting = asyncio.ensure_future(gate.wait())
                try:
                    await asyncio.wait({reading, waiting}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    waiting.cancel()
                if not reading.done():
                    return None
            task, reading = reading, None
            return await task

        def hand(unit: _Unit) -> Message:
            ticket = gate.begin() if unit.event else 0
            for m in unit.messages:
                out.append((m, ticket))
            return take()

        def take() -> Message:
            message, ticket = out.popleft()
            if message.get("bytes") is not None:
                _GATE.set((gate, ticket) if ticket else None)
            return message

        async def refuse(why: str) -> Message:
            over.append(why)
            self.closed += 1
            log_limited(REFUSAL_LOGS, key, "closed a websocket from %s: %s (the budget)",
                        key, why)
            try:
                await send({"type": "websocket.close", "code": 1008,
                            "reason": say(WebCode.TOO_MANY_MESSAGES)})
            except Exception:
                pass
            return {"type": "websocket.disconnect", "code": 1008}

        async def budgeted() -> Message:
            nonlocal held_bytes
            if over:
                return {"type": "websocket.disconnect", "code": 1008}
            if out:
                return take()
            _GATE.set(None)
            try:
                while True:
                    await gate.settle()
                    if held and (not held[0].event or not gate.busy()):
                        unit = held.popleft()
                        held_bytes -= unit.size
                        return hand(unit)
                    got = await next_unit(wait_gate=bool(held))
                    if got is None:
                        continue
                    if got.ends:
                        return got.messages[-1]
                    if (held or (got.event and gate.busy())) and got.action != _INVOKE:
                        held.append(got)
                        held_bytes += got.size
                        if len(held) > MAX_HELD or held_bytes > MAX_HELD_BYTES:
                            raise _Overdrawn("too many messages waiting")
                        continue
                    return hand(got)
            except _Overdrawn as e:
                return await refuse(e.why)

        async def sent(message: Message) -> None:
            if over and message.get("type") in ("websocket.send", "websocket.close"):
                return  # closed here: nothing more goes out
            await send(message)

        try:
            await self.app(scope, budgeted, sent)
        finally:
            if reading is not None and not reading.done():
                reading.cancel()
