"""The web server of ``forest-table serve``: a thin ASGI layer over flet-web's app.

flet-web (``flet_web.fastapi.app``) gives the websocket endpoint ``/ws`` that runs
the Flet sessions and a static-file server for the Flutter client. Around it:

- :mod:`app.web.static` serves the client's files itself: brotli/gzip variants
  built once and cached on disk (keyed by the flet-web version), chosen by
  ``Accept-Encoding``; the version-stable files under a versioned prefix with
  immutable caching; ETag/304 for the rest; our own page, manifest and icons.
- :mod:`app.web.security` refuses unknown ``Host`` headers and foreign-``Origin``
  websockets, sends a strict CSP (which also stops flet-web's CDN request for
  ``rive_native.js``) and drops flet-web's wildcard CORS header.
- :mod:`app.web.sessions` captures each websocket's real peer address
  (:mod:`app.peer`) and caps the sessions one address may hold.
- :mod:`app.web.limits` caps open connections per address and in all, gives a
  request's head a deadline and rate-limits the log lines of refusals.
- :mod:`app.web.health` answers ``/healthz`` and ``/readyz`` for a load balancer,
  whatever its Host header; its readiness checks are the server's (``Readiness``).
- :mod:`app.web.forwarded` reads a phone's address from ``X-Forwarded-For``, from the
  proxies ``serve --trusted-proxy`` names only.
- :mod:`app.web.server` puts them together and runs uvicorn on a socket bound
  first (a busy port is a one-line error).

Everything else (sessions, pubsub, the Flet protocol) is flet-web's, unchanged.
See docs/table-mode.md ("Loading on phones", "threat model").
"""
