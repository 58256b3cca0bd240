"""Exactly-once taps over a dropped connection, and the phone's "reconnecting…" state.

Flet's web client sends a tap (a control event) as one binary frame on its
websocket. A frame sent while the phone is offline is held by the browser and
delivered when it is back; a frame sent into a socket that then dies may or may not
have arrived. So the page's link script (:data:`LINK_JS`, inline in the page)
numbers every frame after a socket's first (the client's ``REGISTER_CLIENT``):

- before the frame it sends a text frame ``ft-tap <nonce> <seq> <rx>`` (``<nonce>``:
  96 random bits made when the page loads; ``<seq>``: 1, 2, … on that page; ``<rx>``:
  how many frames it had received on this socket, for :mod:`app.shown`: which version
  of the table the phone showed), and keeps the frame until the server answers
  ``ft-ack <seq>``;
- when the phone comes back (the browser's ``online`` event on the same socket, or
  the first frame from the server on a new socket) it sends every frame not yet
  acknowledged again, marked ``r`` (``ft-tap <nonce> <seq> r``): for :mod:`app.shown`
  it was made on what the older sockets had brought (an End turn resent after that turn
  ended is "already done", not the next turn ended);
- while the phone is offline or its socket is closed it shows "Reconnecting…" and
  how many taps wait (``#ft-link``, a live region, in the phone's language; the
  page below stays tappable: those taps wait too).

:class:`TapIds` (ASGI, on the websocket) takes the text frames out, passes each
numbered frame on to Flet once per (session, nonce, seq) and acknowledges it,
also when it drops a repeat. The session is the one the server registered for
this socket (read from its own ``REGISTER_CLIENT`` answer, never from the client),
so a tap id dedupes only within that phone's own session and grants nothing: a
forged or repeated id can only drop that phone's own repeated frame. Rights still
come from the token, checked by the hub for every command.

**Acknowledged means saved.** A frame is acknowledged once Flet has *handled* it,
not when it is handed over: a control event (a tap) when its handler has finished
— for a sheet's tap, when the hub has answered, so the command is in the database
(:func:`install_handled_hook` wraps Flet's ``Session.dispatch_event``: the frame
being handled travels in a context variable into the task Flet makes for it);
any other frame once Flet has read it. A repeat of a frame still being handled is
acknowledged when that one is. So a process killed between a tap and its save has
acknowledged nothing of it: the page still holds it.

A tap whose control is no longer in its session (the screen was drawn anew since: a
tab that reconnects is sent whole, with new controls, and a resend can come after
that) is dropped by Flet unhandled: it is answered ``ft-lost`` (not saved), not acknowledged
(found by the fuzz test: acknowledged, never applied).

A tap names the session whose page it was made on: the server sends ``ft-page <key>``
(:func:`page_key`: a keyed hash of the session id, so the id that resumes a session is not
kept in the browser) just before each register answer, and the page adds ``@<key>`` to
every id it makes from then on (``ft-tap <nonce> <seq> <rx> @<key>``), also when it resends
it (``r @<key>``) on a later socket or after a reload (the waiting taps are kept in
``localStorage`` with their keys). A tap made on *another* session's page than the
socket's (a phone back fast gets a new session when the server has not seen its old
socket close; the old one expired; another process) is never applied here (its control
ids are that session's) but answered as that session handled it (:meth:`Seen.carry`):
``ft-ack`` if it was applied there (if it is still in hand, when it is), ``ft-lost`` if
it never reached that session (this process knows every tap id that session got: it made
it and forgot none; a copy still on its way there is then dropped, so the answer stays
true), ``ft-unsure`` if this process does not know that session (it was restarted,
another process made it): whether it was saved cannot be known here. The page says
"N taps were not saved: check your sheet and tap again" for ``ft-lost`` and "N taps may
not have been saved (the server was restarted, or another server process answered)…"
only for ``ft-unsure``, in the phone's language.

A frame of the old page (``r``, or ``<rx>`` 0) that comes before the socket's register
answer has gone out (a numbered frame waits :data:`REGISTER_WAIT` s for the answer Flet
has queued) is not judged: neither passed on nor answered; the page resends it at the
socket's first frame. (Before, such a resend was answered ``ft-ack`` and dropped:
acknowledged, never applied.) A page that does not name its session (an older script)
resending into a new session is answered ``ft-unsure``.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import json
import logging
import os
import re
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from typing import Any

from app import shown
from app.l10n import languages, render
from app.peer import Peers
from app.web.limits import SOCKET_GONE
from app.web.sessions import client_message, client_session_id, registered_session_id

log = logging.getLogger(__name__)
TRACE = os.environ.get("FOREST_TABLE_TRACE", "") not in ("", "0")
ASGIApp = Any
Message = dict[str, Any]

TAP = re.compile(r"^ft-tap ([A-Za-z0-9_-]{8,64}) ([0-9]{1,15})(?: ([0-9]{1,15}))?( r)?"
                 r"(?: @([0-9a-f]{24}))?$")
#: ids kept per (session, nonce): a resend comes within seconds, the page keeps at most
#: :data:`KEEP_UNACKED` frames
KEEP_SEEN = 1024
KEEP_SESSIONS = 4096
KEEP_UNACKED = 200
#: seconds a numbered frame waits for the register answer Flet has queued (it says which
#: session the socket has: one the page's frame may not belong to)
REGISTER_WAIT = 5.0
#: the link check: ``ft-ping`` this often once the page said ``ft-pong`` (its link script
#: answers each); no answer for :data:`QUIET_AFTER` s: the phone is away (app/peer.py)
PING_EVERY = 1.0
QUIET_AFTER = 2.5


Ack = Callable[[], Coroutine[Any, Any, None]]
_ACKING: set[asyncio.Task[None]] = set()  # acknowledgements on their way (kept referenced)


class Handling:
    """A numbered frame handed to Flet: acknowledged (every copy that came) once handled."""

    __slots__ = ("acks", "claimed", "done", "lost", "unsure")

    def __init__(self) -> None:
        self.acks: list[Ack] = []  # each sends ``ft-ack`` on the socket a copy came on
        self.claimed = False  # a task of Flet's handles it (a control event)
        self.done = False
        #: its control is not in the session (a screen drawn anew since: a reconnected
        #: tab is sent whole), or it never reached its page's session: nothing handled it,
        #: so each copy is answered ``ft-lost``
        self.lost = False
        #: made on the page of a session this process does not know (a restart, another
        #: process): whether it was saved cannot be known here (``ft-unsure``)
        self.unsure = False

    def word(self) -> str:
        """The answer to a copy of a handled frame."""
        return "ft-unsure" if self.unsure else "ft-lost" if self.lost else "ft-ack"

    def finish(self) -> None:
        """Handled (the handler's task, on the loop): every copy is acknowledged."""
        if self.done:
            return
        self.done = True
        acks, self.acks = self.acks, []
        for ack in acks:
            task = asyncio.get_running_loop().create_task(ack())
            _ACKING.add(task)
            task.add_done_callback(_ACKING.discard)

    async def finish_now(self) -> None:
        """Handled (Flet read it without a task): acknowledged before the next frame."""
        if self.done:
            return
        self.done = True
        acks, self.acks = self.acks, []
        for ack in acks:
            await ack()


#: the frame Flet is being handed (set by :class:`TapIds`, read by the hook)
_HANDLING: contextvars.ContextVar[Handling | None] = contextvars.ContextVar(
    "forest_table_handling", default=None)


class _Ids(OrderedDict[int, Handling]):
    """One page's tap ids in one session; ``floor``: the highest one forgotten (a larger
    one not here never came)."""

    floor = 0


class Seen:
    """The tap ids each session's pages have sent (bounded, thread-safe), and which
    sessions it knows whole (registered in this process, none of their pages forgotten):
    for those, a tap id it has not seen never reached that session."""

    def __init__(self, per_page: int = KEEP_SEEN, pages: int = KEEP_SESSIONS) -> None:
        self.per_page, self.pages = per_page, pages
        self._ids: OrderedDict[tuple[str, str], _Ids] = OrderedDict()
        #: session -> known whole (made in this process: every tap id it got is here)
        self._whole: OrderedDict[str, bool] = OrderedDict()
        self._lock = threading.Lock()

    def registered(self, session_id: str, new: bool) -> None:
        """A socket has ``session_id``; ``new``: Flet made it now (known from its start)."""
        with self._lock:
            if session_id not in self._whole:
                self._whole[session_id] = new
                while len(self._whole) > 4 * self.pages:
                    self._whole.popitem(last=False)

    def _page(self, key: tuple[str, str]) -> _Ids:
        ids = self._ids.get(key)
        if ids is None:
            ids = self._ids[key] = _Ids()
            while len(self._ids) > self.pages:
                (gone, _nonce), _ = self._ids.popitem(last=False)
                if gone in self._whole:  # its tap ids are no longer all here
                    self._whole[gone] = False
        self._ids.move_to_end(key)
        return ids

    def _add(self, ids: _Ids, seq: int, handling: Handling) -> None:
        ids[seq] = handling
        while len(ids) > self.per_page:
            forgot, _ = ids.popitem(last=False)
            ids.floor = max(ids.floor, forgot)

    def entry(self, session_id: str, nonce: str, seq: int) -> tuple[Handling, bool]:
        """``seq`` of page ``nonce`` in ``session_id``: its handling, and whether this is
        the first time it is seen."""
        with self._lock:
            ids = self._page((session_id, nonce))
            kept = ids.get(seq)
            if kept is not None:
                return kept, False
            kept = Handling()
            self._add(ids, seq, kept)
            return kept, True

    def carry(self, made: str, session_id: str, nonce: str, seq: int) -> tuple[Handling, bool]:
        """``seq`` of page ``nonce`` made on session ``made``'s page, come into another
        session ``session_id`` (never applied there: its control ids are ``made``'s). Its
        handling is ``made``'s: in hand there (answered when handled), handled, or, if it
        never reached ``made`` and this process knows ``made`` whole, never to be (a copy
        still on its way there is dropped as a repeat): ``lost``; else ``unsure``.
        Whether this is the first time it is seen in ``session_id``."""
        with self._lock:
            ids = self._page((session_id, nonce))
            kept = ids.get(seq)
            if kept is not None:
                return kept, False
            there = self._ids.get((made, nonce))
            handling = there.get(seq) if there is not None else None
            if handling is None:
                handling = Handling()
                handling.done = True
                if self._whole.get(made) and (there is None or seq > there.floor):
                    handling.lost = True
                    self._add(self._page((made, nonce)), seq, handling)
                else:
                    handling.unsure = True
            self._add(ids, seq, handling)
            return handling, True

    def first(self, session_id: str, nonce: str, seq: int) -> bool:
        """True the first time ``seq`` of page ``nonce`` in ``session_id`` is seen."""
        return self.entry(session_id, nonce, seq)[1]


def install_handled_hook() -> None:
    """Make Flet say when a control event has been handled (its handler finished): wraps
    ``flet.messaging.session.Session.dispatch_event`` once. The task Flet makes for a
    frame copies the context it was made in, where :class:`TapIds` left the frame's
    :class:`Handling`."""
    from flet.messaging.session import Session

    original = Session.dispatch_event
    if getattr(original, "_forest_table_handled", False):
        return

    async def dispatch_event(self: Any, control_id: int, event_name: str,
                             event_data: Any) -> None:
        handling = _HANDLING.get()
        if handling is not None:
            _HANDLING.set(None)  # (this task's copy: a task the handler makes is not it)
            handling.claimed = True
            resolve = getattr(self, "_Session__resolve_event_control", None)
            if resolve is not None and resolve(control_id) is None:
                handling.lost = True  # Flet drops it ("not found"): not handled, not saved
        try:
            await original(self, control_id, event_name, event_data)
        finally:
            if handling is not None:
                handling.finish()

    dispatch_event._forest_table_handled = True  # type: ignore[attr-defined]
    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]


class TapIds:
    """ASGI middleware: numbered client frames pass to Flet once, each is acknowledged once
    handled (a repeat of a frame in hand when that one is; a repeat of a handled one at
    once); a repeat into a new session is answered ``ft-lost``."""

    def __init__(self, app: ASGIApp, seen: Seen | None = None,
                 peers: Peers | None = None) -> None:
        self.app = app
        self.seen = seen if seen is not None else Seen()
        #: told when a page stops answering the pings, and when it answers again
        self.peers = peers if peers is not None else Peers()
        self.dropped = 0  # repeats taken out (the browser test reads it from the log)
        self.lost = 0  # resent into a new session: answered ft-lost

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "websocket":
            await self.app(scope, receive, send)
            return
        asked: list[str | None] = []  # the session the client asked to resume
        session: list[str] = []  # the session the server registered for this socket
        keys: list[str] = []  # ... its key, as the page names it (:func:`page_key`)
        linked = [False]  # the page has the link script (it said ft-pong)
        registered = asyncio.Event()  # ... and its answer has gone out
        passing: list[Handling] = []  # the frame Flet was handed last
        loop = asyncio.get_running_loop()
        pong = [loop.time()]  # the page's last answer to a ping
        quiet = [False]  # told the peers that the page stopped answering
        pinger: list[asyncio.Task[None]] = []

        async def ping() -> None:
            """The link check: a page that stops answering is away (its socket may stay)."""
            while True:
                await asyncio.sleep(PING_EVERY)
                try:
                    await send({"type": "websocket.send", "text": "ft-ping"})
                except SOCKET_GONE:  # the socket is closed
                    return
                now_quiet = loop.time() - pong[0] > QUIET_AFTER
                if now_quiet != quiet[0] and session:
                    quiet[0] = now_quiet
                    self.peers.link(session[0], not now_quiet)

        async def watched_send(message: Message) -> None:
            if message.get("type") == "websocket.send" and message.get("bytes"):
                if not session:
                    sid = registered_session_id(message["bytes"])
                    if sid is not None:
                        session.append(sid)
                        keys.append(page_key(sid))
                        self.seen.registered(keys[0], asked[:1] != [sid])
                        registered.set()
                        shown.reset(sid)  # the page counts this socket's frames anew
                        if linked[0]:  # the page drawn next is this session's: its key
                            with contextlib.suppress(*SOCKET_GONE):
                                await send({"type": "websocket.send",
                                            "text": f"ft-page {keys[0]}"})
                if session:
                    shown.sent(session[0])
            await send(message)

        def acker(seq: int, handling: Handling) -> Ack:
            async def ack() -> None:
                try:
                    await send({"type": "websocket.send", "text": f"{handling.word()} {seq}"})
                except SOCKET_GONE:  # gone: the page resends it, and is answered then
                    log.debug("ack %s for a closed socket", seq)
            return ack

        async def settle() -> None:
            """Flet asks for the next frame: the last one it was handed is handled, or a
            task of Flet's has it (a control event: acknowledged when its handler ends)."""
            if not passing:
                return
            handling = passing[-1]  # (kept there until settled: see the finally below)
            _HANDLING.set(None)
            if not handling.claimed:
                await asyncio.sleep(0)  # a task Flet made for it starts now, and claims it
            passing.pop()
            if not handling.claimed:
                await handling.finish_now()

        def answered_ping() -> None:
            """The page's link script answered a ping: it is here (again)."""
            pong[0] = loop.time()
            linked[0] = True
            if not pinger:
                pinger.append(loop.create_task(ping()))
            if quiet[0] and session:
                quiet[0] = False
                self.peers.link(session[0], True)

        async def passes(m: re.Match[str], frame: Message) -> bool:
            """Whether a numbered tap's frame goes on to Flet: not a repeat (answered here,
            when its first is handled), nor one made on another session's page (answered
            as that session handled it: acknowledged, lost or unsure)."""
            nonce, seq, resent, made = m[1], int(m[2]), m[4] is not None, m[5]
            if not session:  # Flet has queued its answer to the register: let it out
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(registered.wait(), REGISTER_WAIT)
            sid = session[0] if session else None
            new_session = bool(session) and asked[:1] != [sid]
            # made before this socket brought the phone anything (its first frame is
            # the register answer): on the page of the session it asked for
            old_page = resent or m[3] == "0"
            if sid is None and (old_page or made is not None):
                # no register answer yet (a loaded server): which session this socket has,
                # and so whether the frame belongs to it, is not known. Not passed on, not
                # answered: the page resends it at the socket's first frame, judged then.
                # (Before: a resend was answered ft-ack, never applied: the fuzz's seed 2.)
                if TRACE:
                    sys.stderr.write(f"tap {seq} before the register answer: not judged\n")
                    sys.stderr.flush()
                return False
            if sid is None:
                handling, passed = Handling(), True
            elif made is not None and made != keys[0]:
                # made on another session's page (the page names it): never applied here,
                # answered as that session handled it
                handling, first = self.seen.carry(made, keys[0], nonce, seq)
                passed = False
                if first:
                    self.lost += 1
                    if TRACE:
                        sys.stderr.write(f"tap {seq} made on another session's page: "
                                         f"{'in hand' if not handling.done else handling.word()}\n")
                        sys.stderr.flush()
            else:
                handling, passed = self.seen.entry(keys[0], nonce, seq)
                if passed and made is None and old_page and new_session:
                    # (a page that does not name its session) the old session's controls,
                    # not this one's: saved there or not, it cannot be known here
                    handling.done = handling.unsure = True
                    self.lost += 1
                    await send({"type": "websocket.send", "text": f"ft-unsure {seq}"})
                    if TRACE:
                        sys.stderr.write(f"tap {seq} resent into a new session: unsure\n")
                        sys.stderr.flush()
                    return False
            if passed:
                handling.acks.append(acker(seq, handling))
                if sid is not None and (m[3] is not None or resent):
                    event = control_event(frame["bytes"])
                    if event is not None:  # (resent: made on an older socket's screen)
                        shown.tapped(sid, event[0], event[1], 0 if resent else int(m[3]))
                passing.append(handling)
                _HANDLING.set(handling)
                return True
            if handling.done:  # a repeat of a handled frame
                await send({"type": "websocket.send", "text": f"{handling.word()} {seq}"})
            else:  # still in hand: acknowledged with it
                handling.acks.append(acker(seq, handling))
            self.dropped += 1
            if TRACE:
                sys.stderr.write(f"tap {seq} repeated: dropped\n")
                sys.stderr.flush()
            return False

        async def taps_receive() -> Message:
            while True:
                await settle()
                message: Message = await receive()
                if message.get("type") != "websocket.receive":
                    return message
                data = message.get("bytes")
                if data is not None and not asked:
                    asked.append(client_session_id(data) or None)
                    return message
                text = message.get("text")
                if text == "ft-pong":  # the page's link script: answers each ping
                    answered_ping()
                    continue
                if text is None or not text.startswith("ft-tap "):
                    return message
                m = TAP.match(text)
                frame: Message = await receive()
                if m is None or frame.get("type") != "websocket.receive" \
                        or frame.get("bytes") is None:
                    if frame.get("type") != "websocket.receive":
                        return frame
                    continue  # a malformed id: its frame is not passed on
                if await passes(m, frame):
                    return frame

        try:
            await self.app(scope, taps_receive, watched_send)
        finally:
            for task in pinger:
                task.cancel()
            if passing:  # handed over, and Flet asked for nothing more (the socket went):
                # settled once a task Flet made for it has started (and claimed it), so a
                # copy that came on another socket meanwhile is answered, never left waiting
                # (the table fuzz test: a resent frame waited for one forever)
                left = passing[-1]
                loop.call_soon(lambda: None if left.claimed else left.finish())


#: this process's secret for :func:`page_key`
_KEY_SECRET = os.urandom(16)


def page_key(session_id: str) -> str:
    """The name a page gives its session in its tap ids (``@<key>``): this process's keyed
    hash of the session id (the id itself, which resumes the session, is not kept in the
    browser's storage; another process's key matches none of this one's sessions)."""
    return hashlib.blake2s(session_id.encode(), key=_KEY_SECRET, digest_size=12).hexdigest()


def control_event(frame: bytes) -> tuple[int, str] | None:
    """``(control id, event name)`` of a client's ``CONTROL_EVENT`` frame, else None."""
    from flet.messaging.protocol import MessageAction

    body = client_message(frame, MessageAction.CONTROL_EVENT)
    if body is None:
        return None
    target, name = body.get("target"), body.get("name")
    if isinstance(target, int) and not isinstance(target, bool) and isinstance(name, str):
        return target, name
    return None


def _words() -> str:
    """The link script's words in every language, from the catalogues (``link-*``)."""
    out = {}
    for lang in languages():
        out[lang] = [render(lang, "link-reconnecting"),
                     render(lang, "link-taps-waiting", count="{n}"),
                     render(lang, "link-taps-unconfirmed", count=1),
                     render(lang, "link-taps-unconfirmed", count="{n}"),
                     render(lang, "link-taps-not-saved", count=1),
                     render(lang, "link-taps-not-saved", count="{n}")]
    return json.dumps(out, ensure_ascii=False)


#: The page's link script (inline, so the page's CSP hash covers it); its words are the
#: catalogues' (``link-*``), every language's.
LINK_JS = r"""(() => {
  const Native = window.WebSocket;
  if (!Native || Native.ftLink) return;
  const hex = (n) => Array.from(crypto.getRandomValues(new Uint8Array(n)),
    b => b.toString(16).padStart(2, '0')).join('');
  const words = %WORDS%;
  const unacked = new Map();
  // pageKey: the session whose page is on screen (the server's ft-page before its register
  // answer); every tap names it (@key): a tap made on another session's page is never
  // applied there, but answered as its own session handled it
  let nonce = hex(12), seq = 0, current = null, everOpen = false, box = null, lost = 0,
    unsure = 0, lostTimer = null, pageKey = '';
  const KEY = /^[0-9a-f]{24}$/;
  const at = (key) => key ? ' @' + key : '';
  // taps not yet acknowledged outlive a reload: kept in localStorage under this tab's key
  // (sessionStorage: the same tab after a reload) with the page's nonce and numbers, and
  // sent again when the page is back (the server drops a repeat by its tap id)
  let store = null;
  try {
    let tab = sessionStorage.getItem('forest_table.tab');
    if (!tab) { tab = hex(8); sessionStorage.setItem('forest_table.tab', tab); }
    store = 'forest_table.taps.' + tab;
    for (let i = localStorage.length - 1; i >= 0; i--) {  // other tabs' with none waiting
      const k = localStorage.key(i);
      if (k && k !== store && k.startsWith('forest_table.taps.')) {
        try {
          const v = JSON.parse(localStorage.getItem(k) || 'null');
          if (!v || !v.taps || !v.taps.length) localStorage.removeItem(k);
        } catch (e) { localStorage.removeItem(k); }
      }
    }
    const kept = JSON.parse(localStorage.getItem(store) || 'null');
    if (kept && typeof kept.nonce === 'string' && /^[0-9a-f]{24}$/.test(kept.nonce)) {
      nonce = kept.nonce;
      seq = Number(kept.seq) || 0;
      for (const [n, b64, key] of kept.taps || []) {
        const raw = atob(b64), bytes = new Uint8Array(raw.length);
        for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
        unacked.set(Number(n), {data: bytes, tap: true, kept: b64,
                                key: KEY.test(key || '') ? key : ''});
      }
    }
  } catch (e) { store = null; }
  const keep = () => {
    if (!store) return;
    try {
      const taps = [];
      for (const [n, k] of unacked) if (k.tap) taps.push([n, k.kept, k.key]);
      localStorage.setItem(store, JSON.stringify({nonce, seq, taps}));
    } catch (e) {}
  };
  const b64 = (data) => {
    const b = ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
    let s = '';
    for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
    return btoa(s);
  };
  const lang = () => {
    try {
      const v = JSON.parse(localStorage.getItem('flutter.forest_table.language') || 'null');
      if (v && words[v]) return v;
    } catch (e) {}
    return (navigator.language || 'en').startsWith('ja') ? 'ja' : 'en';
  };
  // a control event ([3, {target, name, data}]) whose name is a tap, not a hover or focus
  const TAPS = new Set(['click', 'select', 'change', 'submit', 'long_press', 'tap']);
  const isTap = (data) => {
    try {
      const b = ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
      if (b[0] !== 0 || b[2] !== 3) return false;
      for (let i = 3; i + 6 < b.length; i++) {
        if (b[i] === 0xa4 && b[i + 1] === 110 && b[i + 2] === 97 && b[i + 3] === 109 &&
            b[i + 4] === 101 && b[i + 5] >= 0xa0 && b[i + 5] <= 0xbf) {
          const len = b[i + 5] - 0xa0;
          return TAPS.has(String.fromCharCode(...b.subarray(i + 6, i + 6 + len)));
        }
      }
    } catch (e) {}
    return false;
  };
  const show = () => {
    const down = everOpen && (!navigator.onLine || !current || current.readyState !== 1);
    if (!box && document.body) {
      box = document.createElement('div');
      box.id = 'ft-link';
      box.setAttribute('role', 'status');
      box.setAttribute('aria-live', 'polite');
      box.style.cssText = 'position:fixed;left:50%;top:8px;transform:translateX(-50%);' +
        'z-index:2147483647;pointer-events:none;background:#8A1C1C;color:#fff;' +
        'font:600 15px sans-serif;padding:8px 14px;border-radius:18px;display:none;' +
        'max-width:92vw;box-sizing:border-box;text-align:center;' +
        'box-shadow:0 2px 6px rgba(0,0,0,.35)';
      document.body.appendChild(box);
    }
    if (!box) return;
    const w = words[lang()] || words.en;
    if (down) {
      let taps = 0;
      for (const kept of unacked.values()) if (kept.tap) taps += 1;
      box.textContent = w[0] + (taps ? ' ' + w[1].replace('{n}', taps) : '');
      box.style.display = 'block';
    } else if (lost || unsure) {  // not saved (certain), may not have been saved (unsure)
      box.textContent = [lost === 1 ? w[4] : lost ? w[5].replace('{n}', lost) : '',
        unsure === 1 ? w[2] : unsure ? w[3].replace('{n}', unsure) : ''].filter(Boolean)
        .join(' ');
      box.style.display = 'block';
    } else {
      box.style.display = 'none';
    }
  };
  const forgetLost = () => {
    lost = unsure = 0; if (lostTimer) clearTimeout(lostTimer); lostTimer = null;
  };
  class FtSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.ftOut = true;
      this.ftIn = true;
      this.ftRx = 0;
      this.ftNext = null;
      current = this;
      this.addEventListener('message', (e) => {
        if (e.data === 'ft-ping') {  // the server's link check (app/peer.py)
          e.stopImmediatePropagation();
          try { Native.prototype.send.call(this, 'ft-pong'); } catch (err) {}
          return;
        }
        if (typeof e.data === 'string' && e.data.startsWith('ft-ack ')) {
          e.stopImmediatePropagation();
          const acked = unacked.get(Number(e.data.slice(7)));
          unacked.delete(Number(e.data.slice(7)));
          if (acked && acked.tap) keep();
          show();
          return;
        }
        if (typeof e.data === 'string' && e.data.startsWith('ft-page ')) {
          e.stopImmediatePropagation();  // the session of the page this socket draws next
          if (KEY.test(e.data.slice(8))) this.ftNext = e.data.slice(8);
          return;
        }
        const sure = typeof e.data === 'string' && e.data.startsWith('ft-lost ');
        if (sure || (typeof e.data === 'string' && e.data.startsWith('ft-unsure '))) {
          e.stopImmediatePropagation();
          const n = Number(e.data.slice(sure ? 8 : 10)), kept = unacked.get(n);
          unacked.delete(n);
          if (kept && kept.tap) keep();
          if (kept && kept.tap) {
            if (sure) lost += 1; else unsure += 1;
            if (lostTimer) clearTimeout(lostTimer);
            lostTimer = setTimeout(() => { forgetLost(); show(); }, 20000);
          }
          show();
          return;
        }
        this.ftRx += 1;
        if (this.ftIn) {  // the register answer: this session's page is drawn from now
          this.ftIn = false;
          pageKey = this.ftNext || '';  // (none said: taps go unnamed, judged as before)
          this.ftResend();
        }
      });
      this.addEventListener('open', () => {
        everOpen = true;
        try { Native.prototype.send.call(this, 'ft-pong'); } catch (err) {}  // pings wanted
        show();
      });
      this.addEventListener('close', show);
    }
    send(data) {
      if (this.ftOut || typeof data === 'string') { this.ftOut = false; return super.send(data); }
      const n = ++seq, tap = isTap(data);
      if (tap && (lost || unsure)) forgetLost();  // a new tap: the note was read
      unacked.set(n, {data, tap, kept: tap ? b64(data) : null, key: pageKey});
      while (unacked.size > 200) unacked.delete(unacked.keys().next().value);
      if (tap) keep();
      show();
      super.send('ft-tap ' + nonce + ' ' + n + ' ' + this.ftRx + at(pageKey));
      return super.send(data);
    }
    ftResend() {
      if (this.readyState !== 1) return;
      for (const [n, kept] of unacked) {
        super.send('ft-tap ' + nonce + ' ' + n + ' r' + at(kept.key));
        super.send(kept.data);
      }
    }
  }
  FtSocket.ftLink = true;
  FtSocket.ftLost = () => lost;
  FtSocket.ftUnsure = () => unsure;
  window.WebSocket = FtSocket;
  window.addEventListener('offline', show);
  window.addEventListener('online', () => { if (current) current.ftResend(); show(); });
})();""".replace("%WORDS%", _words())
