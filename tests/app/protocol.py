"""Phones over the real Flet protocol, for tests that drive ``forest-table serve`` from outside.

:class:`Serve` is one ``forest-table serve`` process on 127.0.0.1 (a data folder, a port
kept across restarts, killable with ``kill -9``). :class:`LinkedPhone` is a phone's
browser tab as the page's link script (:data:`app.web.taps.LINK_JS`) drives it: it
registers with its seat's ``/join/<token>`` route, keeps the page the server sends (the
register answer, every ``PATCH_CONTROL`` applied as the Flutter client does:
:class:`benchmarks.bench_load.Page`), answers the server's ``SharedPreferences`` calls
from its own storage (kept across a reload, as a browser's is), numbers every frame after
the register (``ft-tap <nonce> <seq> <rx> @<key>``: ``<key>`` the session whose page it was
made on, from the server's ``ft-page``), keeps each until ``ft-ack`` (or ``ft-lost``: not
saved; ``ft-unsure``: may not have been) and sends every unacknowledged one again, marked
``r``, when a new socket's first frame arrives, also after a reload (the link script keeps
them in the browser's storage). It taps controls by their stable identifiers
(``Semantics(identifier=...)``), never by building a command: what a tap does is the
server's.

The link script's faults are the test's to make: a frame that never arrives (sent later,
by the resend), one sent twice, frames sent out of order, a socket cut, a reload (a new
page and session; the waiting taps kept, with the page's nonce and numbers).
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import msgpack
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from benchmarks.bench_load import Page, _texts
from tests.app.web_server import free_port

ROOT = Path(__file__).resolve().parents[2]
HOST_LINK = re.compile(r"http://127\.0\.0\.1:\d+/join/([A-Za-z0-9_\-]+)")
REGISTER, PATCH, EVENT, UPDATE, INVOKE = 1, 2, 3, 4, 5


class Serve:
    """One ``forest-table serve`` on 127.0.0.1: its data folder, a port kept across
    restarts (phones come back to the same address), one log per start."""

    def __init__(self, data: Path, **env: str) -> None:
        self.data = data
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        self.env.update(FLET_APP_STORAGE_DATA=str(data), PYTHONUNBUFFERED="1", **env)
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.token = ""  # the server host link's

    @property
    def db_url(self) -> str:
        return f"sqlite:///{self.data / 'forest-table.sqlite3'}"

    def log_path(self, start: int) -> Path:
        return self.data.parent / f"serve-{self.port}-{start}.log"

    def start(self) -> Serve:
        self.starts += 1
        path = self.log_path(self.starts)
        with open(path, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port",
                 str(self.port), "--no-qr", "--no-browser"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log()
            m = HOST_LINK.search(path.read_text(errors="replace"))
            if m:
                try:
                    if httpx.get(self.url + "/", timeout=2).status_code == 200:
                        self.token = m.group(1)
                        return self
                except httpx.HTTPError:
                    pass
            time.sleep(0.1)
        raise AssertionError("serve did not start:\n" + self.log())

    def log(self) -> str:
        """Every start's log, in order."""
        return "\n".join(self.log_path(n).read_text(errors="replace")
                         for n in range(1, self.starts + 1) if self.log_path(n).exists())

    def kill(self) -> None:
        """``kill -9``: nothing of the process's own shutdown runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


# --------------------------------------------------------------------------- the page


def tappable(page: Page, identifier: str) -> dict[str, Any] | None:
    """The control a finger lands on inside ``Semantics(identifier=...)``: its content (a
    Row of a button and more: the button)."""
    control = page.find(identifier)
    if isinstance(control, dict) and control.get("_c") == "Row" and control.get("controls"):
        control = control["controls"][0]
    return control if isinstance(control, dict) and "_i" in control else None


def text_of(page: Page, identifier: str) -> str | None:
    """The words inside ``identifier`` (its texts and values joined), None if not there."""
    control = page.find(identifier)
    if control is None:
        return None
    return " | ".join(reversed(_texts(control)))


def identifiers(page: Page) -> set[str]:
    """Every stable identifier on the page now."""
    out: set[str] = set()
    stack: list[Any] = [page.root]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            ident = x.get("identifier")
            if isinstance(ident, str):
                out.add(ident)
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


# --------------------------------------------------------------------------- a phone


@dataclass
class Tap:
    """One numbered frame a phone's page sent (a tap, or an answer to a method call)."""

    phone: str
    page: int  # which page load of the phone (a reload starts a new one)
    seq: int
    frame: bytes
    identifier: str | None  # the control tapped (None: not a tap)
    shown: Any = None  # what the phone showed when tapped (the test's note)
    socket: int = 0  # the socket it was made on, and how many frames that had received:
    rx: int = 0  # the version the phone showed, as the server reads it (app.shown)
    state: str = "waiting"  # waiting | acked | lost (not saved) | unsure
    sent: int = 0  # how many copies went out
    key: str = ""  # the session whose page it was made on (the server's ft-page)


def frame(action: int, body: dict[str, Any]) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def finger(control: dict[str, Any]) -> list[bytes]:
    """The frames the Flutter client sends for a finger on ``control``: a chip with
    ``on_select`` flips ``selected`` (its property, then the ``select`` event), a switch or
    checkbox flips ``value`` (``change``), anything else is a ``click``."""
    cid = control["_i"]
    if control.get("on_select"):
        value = not control.get("selected", False)
        return [frame(UPDATE, {"id": cid, "props": {"selected": value}}),
                frame(EVENT, {"target": cid, "name": "select", "data": value})]
    if control.get("_c") in ("Switch", "Checkbox", "CupertinoSwitch") and \
            control.get("on_change"):
        value = not control.get("value", False)
        return [frame(UPDATE, {"id": cid, "props": {"value": value}}),
                frame(EVENT, {"target": cid, "name": "change", "data": value})]
    return [frame(EVENT, {"target": cid, "name": "click", "data": None})]


class LinkedPhone:
    """A phone's tab over the real protocol with the page's link script (see the module)."""

    def __init__(self, name: str, url: str, route: str, source: str,
                 on_frame: Callable[[LinkedPhone], None] | None = None) -> None:
        self.name, self.url, self.route, self.source = name, url, route, source
        self.on_frame = on_frame
        self.storage: dict[str, Any] = {}  # the browser's SharedPreferences
        self.session_id = ""
        self.loads = 0
        self.page: Page | None = None
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.rx = 0
        self.frames = 0  # binary frames received, all sockets
        self.page_key = ""  # the session whose page is on screen (ft-page, then its register)
        self.next_key = ""
        self.sockets = 0  # sockets opened
        self.taps: list[Tap] = []
        self.errors: list[str] = []
        self._new_page()

    def _new_page(self) -> None:
        self.loads += 1
        self.page = None
        if self.loads > 1:  # a reload: the waiting taps, the nonce and numbers are kept
            return
        self.nonce = os.urandom(12).hex()
        self.seq = 0
        self.unacked: OrderedDict[int, Tap] = OrderedDict()

    # ------------------------------------------------------------------ the socket
    @property
    def connected(self) -> bool:
        return self.ws is not None and self.reader is not None and not self.reader.done()

    async def open(self) -> None:
        """Open a socket and register (the kept session id, if any: a reconnect)."""
        self.ws = await connect(self.url.replace("http://", "ws://") + "/ws",
                                origin=self.url, max_size=None,  # type: ignore[arg-type]
                                local_addr=(self.source, 0), open_timeout=20,
                                ping_interval=None)
        self.rx = 0
        self.sockets += 1
        self.next_key = ""
        await self.ws.send("ft-pong")  # as the link script on open: pings wanted
        body = {"session_id": self.session_id, "page_name": "",
                "page": {"route": self.route, "width": 390, "height": 844,
                         "platform": "android", "pwa": False, "web": True}}
        await self.ws.send(b"\x00" + msgpack.packb([REGISTER, body]))
        self.reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: Any) -> None:
        try:
            async for frame in ws:
                if isinstance(frame, str):
                    if frame == "ft-ping":
                        await ws.send("ft-pong")
                    self._text(frame)
                    continue
                if frame[:1] != b"\x00":
                    continue
                self.rx += 1
                self.frames += 1
                first = self.rx == 1
                if first and self.next_key:  # this session's page is drawn from now
                    self.page_key = self.next_key
                action, data = msgpack.unpackb(frame[1:], strict_map_key=False)[:2]
                if action == REGISTER:
                    self.session_id = data.get("session_id") or self.session_id
                    self.page = Page(data["page_patch"])
                elif action == PATCH and self.page is not None:
                    try:
                        self.page.patch(data["id"], data["patch"])
                    except Exception as exc:  # a patch the client could not follow
                        self.errors.append(f"{type(exc).__name__}: {exc}")
                elif action == INVOKE:
                    await self._answer(data)
                if first:  # as the link script: a new socket's first frame, resend
                    await self._resend(ws)
                if self.on_frame is not None and action in (REGISTER, PATCH):
                    self.on_frame(self)
        except ConnectionClosed:
            pass
        except OSError as exc:
            self.errors.append(f"socket: {exc!r}")

    def _text(self, text: str) -> None:
        if text.startswith("ft-page "):
            self.next_key = text[8:]
        for prefix, state in (("ft-ack ", "acked"), ("ft-lost ", "lost"),
                              ("ft-unsure ", "unsure")):
            if text.startswith(prefix):
                tap = self.unacked.pop(int(text[len(prefix):]), None)
                if tap is not None:
                    tap.state = state

    async def _answer(self, data: dict[str, Any]) -> None:
        name, args = data.get("name"), data.get("args") or {}
        result: Any = True
        if name == "get":
            result = self.storage.get(args.get("key"))
        elif name == "set":
            self.storage[args.get("key")] = args.get("value")
        elif name == "remove":
            self.storage.pop(args.get("key"), None)
        elif name == "contains_key":
            result = args.get("key") in self.storage
        await self._send_numbered(b"\x00" + msgpack.packb([INVOKE, {
            "control_id": data.get("control_id"), "call_id": data.get("call_id"),
            "result": result, "error": None}]), None)

    async def _resend(self, ws: Any) -> None:
        for seq, tap in list(self.unacked.items()):
            tap.sent += 1
            await ws.send(f"ft-tap {self.nonce} {seq} r{at(tap.key)}")
            await ws.send(tap.frame)

    async def _send_numbered(self, frame: bytes, identifier: str | None, *,
                             send: bool = True, copies: int = 1,
                             shown: Any = None) -> Tap:
        self.seq += 1
        tap = Tap(self.name, self.loads, self.seq, frame, identifier, shown, self.sockets,
                  self.rx, key=self.page_key)
        self.taps.append(tap)
        self.unacked[self.seq] = tap
        if send:
            await self.send_copy(tap, copies)
        return tap

    async def send_copy(self, tap: Tap, copies: int = 1) -> None:
        """Send ``tap`` (its id, then its frame) ``copies`` times on the socket now (late:
        with what its own socket had received when it was made; on a later socket marked
        ``r``, a resend); a socket going away keeps it waiting (sent again on the next)."""
        for _ in range(copies):
            tap.sent += 1
            try:
                mark = str(tap.rx) if tap.socket == self.sockets else "r"
                await self.ws.send(f"ft-tap {self.nonce} {tap.seq} {mark}{at(tap.key)}")
                await self.ws.send(tap.frame)
            except (ConnectionClosed, OSError, AttributeError):
                return

    async def tap(self, identifier: str, *, send: bool = True, copies: int = 1,
                  shown: Any = None) -> Tap | None:
        """Click the control inside ``identifier`` as the page shows it now (None: not on
        the page). ``send`` False: the frame is lost on its way (the resend brings it)."""
        control = tappable(self.page, identifier) if self.page is not None else None
        if control is None:
            return None
        *props, event = finger(control)
        for prop in props:  # (the property first, as the client sends it: not a tap)
            await self._send_numbered(prop, None, send=send)
        return await self._send_numbered(event, identifier, send=send, copies=copies,
                                         shown=shown)

    async def cut(self) -> None:
        """The socket dies under the phone (Wi-Fi gone): no closing handshake."""
        ws, self.ws = self.ws, None
        if ws is not None:
            ws.transport.abort()
        await self._stop_reader()

    async def close(self) -> None:
        ws, self.ws = self.ws, None
        if ws is not None:
            try:
                await asyncio.wait_for(ws.close(), 5)
            except (TimeoutError, OSError):
                ws.transport.abort()
        await self._stop_reader()

    async def _stop_reader(self) -> None:
        reader, self.reader = self.reader, None
        if reader is not None:
            reader.cancel()
            try:
                await reader
            except (asyncio.CancelledError, Exception):
                pass

    async def reload(self) -> None:
        """The page is loaded again: a new page and session; its storage stays, as a
        browser's, and with it what the old page still waited for (the link script keeps
        it in ``localStorage``: sent again once the page is back)."""
        await self.close()
        self._new_page()
        self.session_id = ""
        await self.open()

    async def wait_for(self, identifier: str, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while self.page is None or self.page.find(identifier) is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no {identifier!r} within {timeout} s")
            await asyncio.sleep(0.05)


def at(key: str) -> str:
    """A tap id's ``@key`` (none before the page knows its session's)."""
    return f" @{key}" if key else ""


@dataclass
class Quiet:
    """Waiting for phones to settle: nothing unacknowledged, no frame for a while."""

    phones: list[LinkedPhone]
    calm: float = 0.6

    async def wait(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        last, since = None, time.monotonic()
        while True:
            now = time.monotonic()
            state = [p.frames for p in self.phones]
            if state != last:
                last, since = state, now
            waiting = [p.name for p in self.phones if p.unacked]
            if not waiting and now - since >= self.calm:
                return
            if now > deadline:
                raise AssertionError(f"not settled in {timeout} s: waiting {waiting}")
            await asyncio.sleep(0.05)
