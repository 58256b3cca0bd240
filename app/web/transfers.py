"""Files in and out of the app over HTTP (issue 34): an uploaded import, an "export
everything" download. Small and for these two only (not a general upload service).

A tab with the host's rights asks :data:`TRANSFERS` for a one-time address:

- ``PUT /transfer/upload/<token>``: the browser's file picker uploads the file there
  (``ft.FilePicker.upload``); the body goes to a private temporary file (mode 0600), at
  most :data:`app.bounds.MAX_FILE_BYTES` (more: 413, nothing kept); the tab then
  :meth:`Transfers.take_upload` s it and reads it through :func:`app.bounds.open_limited`.
- ``GET /transfer/download/<token>``: a file the server wrote for the tab (its backup,
  BG Stats or BGG export), served once as an attachment, then deleted.

Tokens are 256-bit, expire after :data:`TTL` seconds and work once; an unknown, used
or expired one is a plain 404 (nothing readable or writable without the host's rights,
which the tab checked on the server before asking). Every other request passes through.
"""

from __future__ import annotations

import os
import secrets
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from app.bounds import MAX_FILE_BYTES

#: seconds a one-time address stays valid
TTL = 600.0
#: bytes sent at a time
CHUNK = 1 << 16
UPLOAD = "/transfer/upload/"
DOWNLOAD = "/transfer/download/"


@dataclass(slots=True)
class _Entry:
    kind: str  # "upload" | "download"
    expires: float
    path: str | None = None  # the file (an upload once received; a download from the start)
    name: str = ""
    mime: str = "application/octet-stream"
    done: bool = False  # upload received


class Transfers:
    """The one-time addresses of this process (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, _Entry] = {}
        #: whether :class:`TransferRoutes` serves them (``forest-table serve``)
        self.served = False

    def _sweep(self, now: float) -> None:
        for token in [t for t, e in self._entries.items() if e.expires < now]:
            _remove(self._entries.pop(token).path)

    def upload_token(self) -> str:
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._sweep(time.monotonic())
            self._entries[token] = _Entry("upload", time.monotonic() + TTL)
        return token

    def download_token(self, path: str, name: str, mime: str) -> str:
        """``path`` (a private file this process wrote) served once as ``name``."""
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._sweep(time.monotonic())
            self._entries[token] = _Entry("download", time.monotonic() + TTL, path, name, mime)
        return token

    def _claim(self, token: str, kind: str) -> _Entry | None:
        with self._lock:
            self._sweep(time.monotonic())
            e = self._entries.get(token)
            if e is None or e.kind != kind or (kind == "upload" and (e.done or e.path)):
                return None
            if kind == "download":
                del self._entries[token]  # once
            else:
                e.path = ""  # being received: a second PUT is refused
            return e

    def take_upload(self, token: str) -> str | None:
        """The received file of ``token`` (the caller deletes it), once; None: not there."""
        with self._lock:
            e = self._entries.get(token)
            if e is None or e.kind != "upload" or not e.done:
                return None
            del self._entries[token]
            return e.path

    def discard(self, token: str) -> None:
        with self._lock:
            e = self._entries.pop(token, None)
        if e is not None:
            _remove(e.path)


def _remove(path: str | None) -> None:
    if path:
        try:
            os.unlink(path)
        except OSError:
            pass


def private_file(suffix: str = "") -> tuple[int, str]:
    """A new temporary file only this user may read (``mkstemp``: mode 0600)."""
    return tempfile.mkstemp(prefix="forest-table-", suffix=suffix)


TRANSFERS = Transfers()


async def _answer(send: Send, status: int, body: bytes = b"",
                  headers: list[tuple[bytes, bytes]] | None = None) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"), (b"cache-control", b"no-store"),
        (b"content-length", str(len(body)).encode())] + (headers or [])})
    await send({"type": "http.response.body", "body": body})


class TransferRoutes:
    """The ASGI layer serving :data:`TRANSFERS` (``registry``); the rest goes to ``app``."""

    def __init__(self, app: ASGIApp, registry: Transfers = TRANSFERS) -> None:
        self.app = app
        self.registry = registry
        registry.served = True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path.startswith(UPLOAD):
            await self._upload(path[len(UPLOAD):], scope, receive, send)
        elif path.startswith(DOWNLOAD):
            await self._download(path[len(DOWNLOAD):], scope, send)
        else:
            await self.app(scope, receive, send)

    async def _upload(self, token: str, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("method") not in ("PUT", "POST"):
            await _answer(send, 405)
            return
        e = self.registry._claim(token, "upload")
        if e is None:
            await _answer(send, 404)
            return
        fd, path = private_file(".upload")
        size, ok = 0, True
        try:
            with os.fdopen(fd, "wb") as fh:
                more = True
                while more:
                    message: Any = await receive()
                    if message["type"] == "http.disconnect":
                        ok = False
                        break
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > MAX_FILE_BYTES:
                        ok = False
                        break
                    fh.write(chunk)
                    more = message.get("more_body", False)
        except OSError:
            ok = False
        if not ok:
            _remove(path)
            self.registry.discard(token)
            await _answer(send, 413 if size > MAX_FILE_BYTES else 400)
            return
        with self.registry._lock:
            e.path, e.done = path, True
        await _answer(send, 200)

    async def _download(self, token: str, scope: Scope, send: Send) -> None:
        if scope.get("method") not in ("GET", "HEAD"):
            await _answer(send, 405)
            return
        e = self.registry._claim(token, "download")
        if e is None or not e.path:
            await _answer(send, 404)
            return
        safe = "".join(c for c in e.name if c.isalnum() or c in "-_.") or "export"
        try:
            with open(e.path, "rb") as fh:
                size = os.fstat(fh.fileno()).st_size
                await send({"type": "http.response.start", "status": 200, "headers": [
                    (b"content-type", e.mime.encode()), (b"cache-control", b"no-store"),
                    (b"content-disposition", f'attachment; filename="{safe}"'.encode()),
                    (b"content-length", str(size).encode())]})
                more = scope.get("method") != "HEAD"
                while more:  # in chunks: a backup of thousands of games is megabytes
                    chunk = fh.read(CHUNK)
                    more = len(chunk) == CHUNK
                    await send({"type": "http.response.body", "body": chunk,
                                "more_body": more})
                if scope.get("method") == "HEAD":
                    await send({"type": "http.response.body", "body": b""})
        finally:
            _remove(e.path)
