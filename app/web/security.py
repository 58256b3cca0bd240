"""Same-origin only: Host and Origin checks, the CSP and the other response headers.

- **Host.** A request whose ``Host`` header is not one of this server's names is
  refused (``400``; a websocket handshake ``403``) before anything runs: that stops
  DNS rebinding (a foreign name that resolves to the laptop). Legitimate hosts,
  always with the server's port: ``localhost``, any IP address of this machine
  (loopback, the LAN address the QR code shows, every interface's address — tested
  by binding a socket to it, so an address added while serving counts too), the
  bound host, the machine's host name (and ``<name>.local``), and the names in
  ``FOREST_TABLE_ALLOWED_HOSTS`` (comma-separated ``name`` or ``name:port``, e.g. the
  name of a TLS proxy in front).
- **Origin.** A websocket handshake is refused (``403``) unless its ``Origin`` is
  the server's own (``http://`` or ``https://`` plus the request's own ``Host``); a
  missing ``Origin`` is refused too (every browser sends one). This is what stops
  cross-site websocket hijacking: a page from elsewhere, opened on the laptop,
  cannot drive the host app.
- **Headers on every response:** a strict ``Content-Security-Policy`` (below), no
  ``Access-Control-Allow-Origin`` (flet-web sets ``*``: it is removed), ``nosniff``,
  ``Referrer-Policy: no-referrer`` (join links carry tokens), and flet-web's
  cross-origin isolation headers (COOP/COEP) kept.

The CSP (:func:`content_security_policy`): ``default-src 'self'``; scripts from the
origin plus the page's own inline scripts by hash and ``'wasm-unsafe-eval'``
(CanvasKit is WebAssembly); styles from the origin and inline (Flutter's engine
writes its own ``<style>`` rules at run time); images, fonts and media also from
``data:``/``blob:`` (decoded images and fonts); the websocket of the same host;
``frame-ancestors 'self'``, ``object-src 'none'``, ``base-uri 'self'``,
``form-action 'self'``. flet-web's main.dart.js asks cdn.jsdelivr.net for
``rive_native.js`` on every load: ``script-src`` stops it in the browser, so no
request leaves the origin.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
from collections.abc import Iterable
from functools import lru_cache
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.web.limits import REFUSAL_LOGS, log_limited
from app.web.messages import WebCode, say

log = logging.getLogger(__name__)


def split_host(value: str) -> tuple[str, int | None] | None:
    """``Host`` header → (lower-case host without brackets, port or None); None if malformed.

    >>> split_host("192.168.1.20:8550")
    ('192.168.1.20', 8550)
    >>> split_host("[::1]:80")
    ('::1', 80)
    >>> split_host("Localhost")
    ('localhost', None)
    >>> split_host("a b:1") is None
    True
    """
    value = value.strip().lower()
    if not value or any(c in value for c in " /\\@?#\t"):
        return None
    if value.startswith("["):
        host, sep, rest = value[1:].partition("]")
        if not sep or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:] if rest else ""
    else:
        host, _, port_text = value.rpartition(":") if ":" in value else (value, "", "")
        if ":" in host:  # an unbracketed IPv6 address
            return None
    if port_text:
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            return None
        return host, int(port_text)
    return host, None


# the machine's answer for a host, cached by value: lru_cache, not app.cache.Memo
@lru_cache(maxsize=256)
def is_own_address(host: str) -> bool:
    """Whether ``host`` is an IP address of this machine (binding a socket to it works)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    if ip.is_loopback:
        return True
    if ip.is_unspecified or ip.is_multicast:
        return False
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.bind((host, 0))
        return True
    except OSError:
        return False


def own_names(bound_host: str | None) -> set[str]:
    """The non-address names this server answers to (lower case)."""
    names = {"localhost"}
    try:
        hn = socket.gethostname().lower()
        if hn:
            names |= {hn, f"{hn}.local"}
    except OSError:
        pass
    if bound_host and bound_host not in ("0.0.0.0", "::", ""):
        names.add(bound_host.lower().strip("[]"))
    return names


class HostPolicy:
    """Which ``Host`` headers and websocket ``Origin`` s this server accepts."""

    def __init__(self, port: int, bound_host: str | None = None,
                 extra: Iterable[str] = ()) -> None:
        self.port = port
        self.names = own_names(bound_host)
        self.extra: set[tuple[str, int | None]] = set()
        env = os.environ.get("FOREST_TABLE_ALLOWED_HOSTS", "")
        for item in [*extra, *env.split(",")]:
            parsed = split_host(item) if item.strip() else None
            if parsed:
                self.extra.add(parsed)

    def host_ok(self, value: str | None) -> bool:
        parsed = split_host(value or "")
        if parsed is None:
            return False
        host, port = parsed
        if (host, port) in self.extra or (host, None) in self.extra:
            return True
        if (port or 80) != self.port:
            return False
        return host in self.names or is_own_address(host)

    @staticmethod
    def origin_ok(origin: str | None, host: str | None) -> bool:
        if not origin or not host:
            return False
        try:
            parts = urlsplit(origin)
        except ValueError:
            return False
        if parts.scheme not in ("http", "https") or parts.path not in ("", "/"):
            return False
        default = 80 if parts.scheme == "http" else 443
        own = split_host(host)
        theirs = split_host(parts.netloc)
        if own is None or theirs is None:
            return False
        return (own[0], own[1] or 80) == (theirs[0], theirs[1] or default) or (
            own[0] == theirs[0] and own[1] is None and theirs[1] in (None, default))


def content_security_policy(host: str, inline: Iterable[str] = ()) -> str:
    """The CSP sent with every response (``inline``: ``"script:'sha256-…'"`` items)."""
    scripts = " ".join(i.split(":", 1)[1] for i in inline if i.startswith("script:"))
    return "; ".join([
        "default-src 'self'",
        f"script-src 'self' 'wasm-unsafe-eval' {scripts}".strip(),
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data: blob:",
        "media-src 'self' data: blob:",
        f"connect-src 'self' ws://{host} wss://{host}",
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
    ])


FIXED_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"SAMEORIGIN"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-embedder-policy", b"require-corp"),
    (b"cross-origin-resource-policy", b"same-origin"),
]
DROPPED = {b"access-control-allow-origin", b"access-control-allow-credentials",
           b"cross-origin-opener-policy", b"cross-origin-embedder-policy"}


class SameOrigin:
    """ASGI middleware: refuse foreign hosts and origins; set the security headers."""

    def __init__(self, app: ASGIApp, policy: HostPolicy, inline: Iterable[str] = ()) -> None:
        self.app = app
        self.policy = policy
        self.inline = list(inline)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k: v for k, v in scope["headers"]}
        host = headers.get(b"host", b"").decode("latin-1")
        if not self.policy.host_ok(host):
            address = str((scope.get("client") or ("?",))[0])
            log_limited(REFUSAL_LOGS, address, "refused a request for unknown host %r from "
                        "%s", host[:100], address)
            await refuse(scope, receive, send, 400 if kind == "http" else 403,
                         say(WebCode.UNKNOWN_HOST))
            return
        if kind == "websocket":
            origin = headers.get(b"origin", b"").decode("latin-1")
            if not self.policy.origin_ok(origin, host):
                address = str((scope.get("client") or ("?",))[0])
                log_limited(REFUSAL_LOGS, address, "refused a websocket from origin %r (host "
                            "%r) from %s", origin[:100], host[:100], address)
                await refuse(scope, receive, send, 403, say(WebCode.FOREIGN_ORIGIN))
                return
            await self.app(scope, receive, send)
            return
        csp = content_security_policy(host, self.inline)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", [])
                        if k.lower() not in DROPPED]
                kept += FIXED_HEADERS
                kept.append((b"content-security-policy", csp.encode("latin-1")))
                message = {**message, "headers": kept}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def refuse(scope: Scope, receive: Receive, send: Send, status: int, text: str) -> None:
    """Answer with ``status`` and a one-line text; for a websocket, before it is accepted."""
    if scope["type"] == "websocket":
        await receive()  # websocket.connect
    body = (text + "\n").encode()
    head = [(b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()), (b"cache-control", b"no-store")]
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": status, "headers": head})
        await send({"type": "http.response.body", "body": body})
    elif "websocket.http.response" in scope.get("extensions", {}):
        await send({"type": "websocket.http.response.start", "status": status,
                    "headers": head})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008, "reason": text})
