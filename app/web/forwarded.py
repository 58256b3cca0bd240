"""Behind a reverse proxy: a phone's address from ``X-Forwarded-For``, from that proxy only.

Without a proxy every connection's address is its TCP peer, and the header is never
read: anyone can write it. ``forest-table serve --trusted-proxy ADDR`` (an address or a
network, repeatable) names the proxies in front: a request whose TCP peer is one of them
gets, as its address (``scope["client"]``), the right-most ``X-Forwarded-For`` entry that
is not itself a trusted proxy (the address that proxy saw; what a phone wrote into the
header itself stands left of it and is never read). A malformed entry, or none, leaves
the proxy's own address. What then counts by that address: the sessions per address
(:mod:`app.web.sessions`), the slowdown after bad tokens (:class:`app.table.hub.BadTokens`)
and the log lines. The connection caps (:mod:`app.web.limits`) act below HTTP, before any
header is read: a trusted proxy's connections are not capped per address (only in all;
the proxy caps each phone, e.g. nginx ``limit_conn``). uvicorn's own ``X-Forwarded-For``
handling is off (:func:`app.web.server.config`): it trusted loopback by default.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_proxy(text: str) -> Network:
    """An address or network (``10.0.0.5``, ``10.0.0.0/24``, ``::1``); ``ValueError``."""
    value = text.strip()
    if not value or any(ch.isspace() for ch in value):
        raise ValueError(f"not an address or network: {text!r}")
    return ipaddress.ip_network(value.strip("[]"), strict=False)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    value = text.strip()
    if value.startswith("["):  # [v6]:port
        value = value[1:].partition("]")[0]
    elif value.count(":") == 1:  # v4:port
        value = value.partition(":")[0]
    try:
        ip = ipaddress.ip_address(value)
    except ValueError:
        return None
    return ip.ipv4_mapped or ip if isinstance(ip, ipaddress.IPv6Address) else ip


class TrustedProxies:
    """The proxies whose ``X-Forwarded-For`` is read (empty: none, the default)."""

    def __init__(self, proxies: Iterable[str | Network] = ()) -> None:
        self.networks = tuple(p if not isinstance(p, str) else parse_proxy(p)
                              for p in proxies)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusts(self, address: str | None) -> bool:
        """Is the TCP peer ``address`` one of the proxies?"""
        if not self.networks or not address:
            return False
        ip = _address(address)
        return ip is not None and any(ip in n for n in self.networks)

    def client(self, peer: str, forwarded: str) -> str:
        """The phone's address for a request from ``peer`` with this ``X-Forwarded-For``."""
        if not self.trusts(peer):
            return peer
        for entry in reversed([e for e in forwarded.split(",") if e.strip()]):
            ip = _address(entry)
            if ip is None:
                return peer  # not an address: nothing further left is read
            if not any(ip in n for n in self.networks):
                return str(ip)
        return peer


class ForwardedFor:
    """ASGI middleware: ``scope["client"]`` is the phone's address behind a trusted proxy
    (inside :class:`app.web.limits.HeaderDeadline`, which keys connections by the TCP
    peer; outside everything that counts by address)."""

    def __init__(self, app: ASGIApp, proxies: TrustedProxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if scope["type"] in ("http", "websocket") and client and self.proxies.trusts(
                str(client[0])):
            forwarded = ",".join(v.decode("latin-1") for k, v in scope["headers"]
                                 if k == b"x-forwarded-for")
            address = self.proxies.client(str(client[0]), forwarded)
            if address != client[0]:
                scope = {**scope, "client": (address, 0)}
        await self.app(scope, receive, send)
