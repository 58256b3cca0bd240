"""The Flutter web client's files, served compressed and cached.

URL layout (see docs/table-mode.md, "Loading on phones"):

- ``/_ft/<key>/<file>``: every file of the client (flet-web's ``web`` directory
  and our ``assets/``) under a prefix keyed by the flet-web version, a hash of
  our assets and one of the set of icons the app uses. Such a URL's content
  never changes, so it is sent with
  ``Cache-Control: public, max-age=31536000, immutable``: a repeat visit takes
  main.dart.js, CanvasKit and the fonts from the browser cache without asking.
  The page points Flutter there (``entrypointBaseUrl``, ``assetBase``,
  ``canvasKitBaseUrl``).
- the page itself (``/`` and every route-like path: ``/join/<token>`` …) and the
  other files at their plain address (``/manifest.json``, ``/favicon.png``,
  ``/flutter_service_worker.js`` …): ``Cache-Control: no-cache`` with an ETag, so
  the browser asks every time and gets ``304 Not Modified`` while nothing changed.

Compression: for the files worth it (JavaScript, wasm, JSON, fonts) a brotli and
a gzip variant are written once to a cache directory (``<user cache>/forest-table/
web/flet-web-<version>/`` for flet-web's files, ``assets-<hash>/`` for ours) by a
background thread at the first ``serve`` (gzip first: it takes seconds, brotli
at quality 11 about a minute) and reused by later starts. A request gets the best
variant its ``Accept-Encoding`` allows and that exists already: nothing is
compressed on the request path. Every such response says ``Vary: Accept-Encoding``.

Material icons: before compressing, the same thread cuts flet-web's icon font
down to the icons the app and the client itself draw (app/web/icons.py: 8,600
glyphs -> ~90, 0.36 MB -> 5 KB brotli) into ``flet-web-<version>/icons-<set>/``;
the icon set's hash is part of the prefix, so a phone that cached an older cut
fetches the new one when the app gains an icon.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import logging
import mimetypes
import os
import re
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from starlette.datastructures import Headers
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.web import icons
from app.web.loading import loading_html
from app.web.taps import LINK_JS

log = logging.getLogger(__name__)

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("font/otf", ".otf")
mimetypes.add_type("font/ttf", ".ttf")
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("application/manifest+json", ".webmanifest")

APP_NAME = "Forest Table"
APP_DESCRIPTION = "Table companion for Forestry and Forest Guardians"
PREFIX = "/_ft/"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

#: Files worth compressing (by suffix); already-compressed formats (woff2, png) are not.
COMPRESSIBLE = {".js", ".mjs", ".wasm", ".json", ".otf", ".ttf", ".html", ".css", ".txt",
                ".svg", ".bin", ".frag"}
#: Never compressed ahead: Pyodide (the in-browser Python, unused by a served app),
#: debug symbols and source maps.
SKIP_PARTS = {"pyodide"}
SKIP_SUFFIXES = {".symbols", ".map"}
MIN_SIZE = 1024
#: Compressed first (the files a Chromium phone's first visit needs), then the rest.
FIRST = ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm", "canvaskit/skwasm.js",
         "assets/fonts/MaterialIcons-Regular.otf", "fonts/NotoSansJP-Subset.otf",
         "flutter_bootstrap.js", "python.js", "main.dart.js", "canvaskit/canvaskit.wasm",
         "canvaskit/chromium/canvaskit.wasm", "canvaskit/canvaskit.js",
         "canvaskit/chromium/canvaskit.js")
#: Fetched by the Flutter client whatever its renderer, but only after its entry point
#: (main.dart.wasm / main.dart.js, the largest download) has loaded and run: the page
#: preloads them (~0.4 MB) so they arrive alongside it instead of after it.
PRELOAD = ("assets/FontManifest.json", "assets/fonts/MaterialIcons-Regular.otf",
           "assets/fonts/roboto.woff2")
ENCODINGS = ("br", "gzip")
SUFFIX = {"br": ".br", "gzip": ".gz"}


def flet_web_version() -> str:
    from flet_web.version import version

    return str(version)


def default_cache_dir() -> Path:
    env = os.environ.get("FOREST_TABLE_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("forest-table")) / "web"


def accepted_encodings(header: str | None) -> list[str]:
    """The content codings ``Accept-Encoding`` allows, in our order of preference.

    >>> accepted_encodings("gzip, deflate, br, zstd")
    ['br', 'gzip']
    >>> accepted_encodings("br;q=0, gzip;q=0.5")
    ['gzip']
    >>> accepted_encodings(None)
    []
    """
    allowed: set[str] = set()
    star = False
    refused: set[str] = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        q = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", params)
        if m:
            try:
                q = float(m.group(1))
            except ValueError:
                q = 0.0
        if not name:
            continue
        if q <= 0:
            refused.add(name)
        elif name == "*":
            star = True
        else:
            allowed.add(name)
    return [e for e in ENCODINGS
            if e not in refused and (e in allowed or (star and e not in refused))]


def etag_matches(header: str | None, etag: str) -> bool:
    """``If-None-Match`` against our (strong) ETag, compared weakly as RFC 9110 says."""
    if not header:
        return False
    if header.strip() == "*":
        return True
    bare = etag.removeprefix("W/")
    return any(t.strip().removeprefix("W/") == bare for t in header.split(","))


@dataclass
class Source:
    """One file the client may ask for: where it is, its ETag, its variants."""

    path: Path
    media_type: str
    etag: str
    cache_key: Path | None = None  # where its variants go (None: not compressed)
    variants: dict[str, Path] = field(default_factory=dict)  # encoding -> file, when built

    def variant_path(self, encoding: str) -> Path:
        assert self.cache_key is not None
        return self.cache_key.with_name(self.cache_key.name + SUFFIX[encoding])


@dataclass
class Generated:
    """A small document we write ourselves (page, manifests), kept in memory."""

    body: dict[str, bytes]  # "identity" / "br" / "gzip" -> bytes
    media_type: str
    etag: str


def _media_type(path: str) -> str:
    if path.endswith("NOTICES"):
        return "text/plain; charset=utf-8"
    mt = mimetypes.guess_type(path)[0] or "application/octet-stream"
    if mt.startswith("text/") or mt in ("application/json", "application/manifest+json"):
        mt += "; charset=utf-8"
    return mt


#: Font families Flutter would fetch at start-up that the app never draws with: the
#: KaTeX fonts (flutter_math_fork: TeX formulas in Markdown, which the app does not
#: write) and Cupertino icons (the app uses Material icons only). Left out of
#: FontManifest.json: 17 requests and ~0.9 MB (~0.45 MB compressed) off the first load.
UNUSED_FONT_PREFIXES = ("packages/flutter_math_fork/", "packages/cupertino_icons/")


def lean_font_manifest(data: bytes) -> bytes:
    """Flutter's FontManifest.json without the families in UNUSED_FONT_PREFIXES."""
    families = json.loads(data)
    kept = [f for f in families if not str(f.get("family", "")).startswith(UNUSED_FONT_PREFIXES)]
    return json.dumps(kept, indent=1).encode()


def _compress(data: bytes) -> dict[str, bytes]:
    import brotli

    return {"identity": data, "br": brotli.compress(data, quality=11),
            "gzip": gzip.compress(data, 9, mtime=0)}


def _generated(data: bytes, media_type: str) -> Generated:
    return Generated(_compress(data), media_type,
                     '"' + hashlib.sha256(data).hexdigest()[:20] + '"')


def tree_hash(root: Path) -> str:
    """A short content hash of every file under ``root`` (names and bytes)."""
    h = hashlib.sha256()
    for p in sorted(x for x in root.rglob("*") if x.is_file()):
        h.update(p.relative_to(root).as_posix().encode() + b"\0")
        h.update(p.read_bytes())
    return h.hexdigest()[:12]


class WebClient:
    """The Flutter web client as this server sends it (an ASGI app for GET/HEAD).

    Requests it does not answer (the websocket, uploads, OAuth, other methods) go
    to ``fallback`` (flet-web's app).
    """

    def __init__(self, fallback: ASGIApp, assets_dir: Path, *, web_dir: Path | None = None,
                 cache_dir: Path | None = None, ws_path: str = "/ws",
                 compress_in_background: bool = True,
                 icon_names: frozenset[str] | None = None) -> None:
        from flet_web import get_package_web_dir

        self.fallback = fallback
        self.assets_dir = assets_dir.resolve()
        self.web_dir = (web_dir or Path(get_package_web_dir())).resolve()
        self.version = flet_web_version()
        self.assets_hash = tree_hash(self.assets_dir)
        self.icon_names = icons.used_icons() if icon_names is None else icon_names
        self.icons_hash = icons.set_hash(self.icon_names)
        self.key = f"{self.version}-{self.assets_hash}{self.icons_hash[:4]}"
        self.prefix = f"{PREFIX}{self.key}/"
        root = cache_dir or default_cache_dir()
        self.web_cache = root / f"flet-web-{self.version}"
        self.assets_cache = root / f"assets-{self.assets_hash}"
        #: flet-web's icon font cut to the icons in use (built by ``build_icon_subset``)
        self.icon_subset = self.web_cache / f"icons-{self.icons_hash}" / Path(icons.ICON_FONT).name
        self.ws_path = ws_path
        self._sources: dict[str, Source | None] = {}
        self._lock = threading.Lock()
        self.generated: dict[str, Generated] = {}
        self._build_documents()
        self._find_built()
        self.compressor: threading.Thread | None = None
        if compress_in_background:
            self.compressor = threading.Thread(target=self.compress_all, daemon=True,
                                               name="forest-table-compress")
            self.compressor.start()

    # -- the page and manifests ------------------------------------------------

    def _build_documents(self) -> None:
        from flet.controls.types import RouteUrlStrategy, WebRenderer
        from flet_web import patch_font_manifest_json, patch_index_html

        with tempfile.TemporaryDirectory() as tmp:
            index = Path(tmp) / "index.html"
            index.write_bytes((self.web_dir / "index.html").read_bytes())
            patch_index_html(index_path=str(index), base_href="/",
                             websocket_endpoint_path=self.ws_path, app_name=APP_NAME,
                             app_description=APP_DESCRIPTION,
                             web_renderer=WebRenderer.AUTO,
                             route_url_strategy=RouteUrlStrategy.PATH, no_cdn=True)
            html = self._rewrite_index(index.read_text(encoding="utf-8"))
            fonts = Path(tmp) / "FontManifest.json"
            fonts.write_bytes((self.web_dir / "assets" / "FontManifest.json").read_bytes())
            patch_font_manifest_json(manifest_path=str(fonts))
            font_manifest = lean_font_manifest(fonts.read_bytes())
        self.index_html = html
        self.generated["index.html"] = _generated(html.encode(), "text/html; charset=utf-8")
        # flet-web's patched FontManifest.json (no CDN: Roboto bundled), under the prefix
        fm = _generated(font_manifest, "application/json; charset=utf-8")
        self.generated[self.prefix.lstrip("/") + "assets/FontManifest.json"] = fm
        self.generated["assets/FontManifest.json"] = fm

    def _rewrite_index(self, html: str) -> str:
        """flet-web's patched page, pointed at the versioned prefix, with our identity.

        - Flutter's entry point, assets and CanvasKit come from ``/_ft/<key>/``;
        - ``python.js`` (only used when Python runs in the browser) is deferred so it
          no longer holds up the parser, ``flutter_bootstrap.js`` comes from the prefix;
        - our title, theme colour, icons and loading picture;
        - the link script (:data:`app.web.taps.LINK_JS`: tap ids, "reconnecting…").
        """
        p = self.prefix
        override = (f'flet.entrypointBaseUrl="{p}";flet.assetBase="{p}";'
                    f'flet.canvasKitBaseUrl="{p}canvaskit/";')
        # appended to flet-web's config script (after its own entrypoint/asset lines)
        html, n = re.subn(r'(flet\.assetBase="[^"]*";)', lambda m: m[1] + "\n" + override,
                          html, count=1)
        if n != 1:
            raise RuntimeError("flet-web's index.html changed: no app config to extend")
        html = html.replace('<script src="python.js"></script>',
                            f'<script src="{p}python.js" defer></script>')
        # the link script first: it wraps the websocket before Flutter opens one
        html = html.replace('<script src="flutter_bootstrap.js" async></script>',
                            f'<script>{LINK_JS}</script>\n'
                            f'  <script src="{p}flutter_bootstrap.js" async></script>')
        # the loading screen in the app's look and the phone's language (app/web/loading.py)
        html, n = re.subn(r'<div id="loading".*?</div>', lambda m: loading_html(
            f"{p}icons/loading.png"), html, count=1, flags=re.S)
        if n != 1:
            raise RuntimeError("flet-web's index.html changed: no loading element to replace")
        # what every renderer fetches only once its entry point has run: asked for now,
        # in parallel with it (fetch() requests: as="fetch" crossorigin matches them)
        preload = "".join(f'\n  <link rel="preload" href="{p}{rel}" as="fetch" crossorigin>'
                          for rel in PRELOAD)
        html = html.replace('<link rel="manifest" href="manifest.json">',
                            '<link rel="manifest" href="manifest.json">' + preload)
        html = html.replace('<meta name="apple-mobile-web-app-status-bar-style" content="black">',
                            '<meta name="apple-mobile-web-app-status-bar-style" content="black">\n'
                            '  <meta name="theme-color" content="#2E6B3A">')
        return html

    def inline_hashes(self) -> list[str]:
        """CSP sources for the page's inline scripts and styles ('sha256-…')."""
        out = []
        for tag in ("script", "style"):
            for body in re.findall(rf"<{tag}>(.*?)</{tag}>", self.index_html, flags=re.S):
                digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
                out.append(f"{tag}:'sha256-{digest}'")
        return out

    # -- files -----------------------------------------------------------------

    def _lookup(self, rel: str) -> Source | None:
        """Our assets first, then flet-web's files (flet-web's order, minus its temp dir)."""
        with self._lock:
            if rel in self._sources:
                return self._sources[rel]
        src = None
        parts = PurePosixPath(rel).parts
        if rel == icons.ICON_FONT and self.icon_subset.is_file():
            src = self._source(rel, self.icon_subset, self.icon_subset, parts)
        elif rel and ".." not in parts and not rel.startswith("/") and "\\" not in rel:
            for base, cache in ((self.assets_dir, self.assets_cache),
                                (self.web_dir, self.web_cache)):
                path = (base / rel)
                try:
                    path = path.resolve()
                except OSError:
                    continue
                if path.is_relative_to(base) and path.is_file():
                    src = self._source(rel, path, cache / rel, parts)
                    break
        with self._lock:
            if len(self._sources) < 10_000:  # the names a client asks for are not bounded
                self._sources[rel] = src
        return src

    def _source(self, rel: str, path: Path, cache_key: Path,
                parts: tuple[str, ...]) -> Source:
        st = path.stat()
        compress = (path.suffix in COMPRESSIBLE or path.name == "NOTICES") \
            and st.st_size >= MIN_SIZE and path.suffix not in SKIP_SUFFIXES \
            and not (SKIP_PARTS & set(parts))
        tag = f"{self.key}-{st.st_size:x}-{st.st_mtime_ns:x}-{path}"
        src = Source(path, _media_type(path.name),
                     '"' + hashlib.sha1(f"{rel}\0{tag}".encode()).hexdigest()[:20] + '"',
                     cache_key if compress else None)
        for enc in ENCODINGS:
            if compress and src.variant_path(enc).is_file():
                src.variants[enc] = src.variant_path(enc)
        return src

    def build_icon_subset(self) -> bool:
        """Cut flet-web's icon font to the icons in use (once; False: serve the full font)."""
        if not self.icon_subset.is_file():
            font = self.web_dir / icons.ICON_FONT
            if not font.is_file():
                return False
            try:
                client = icons.client_icons(self.web_dir)
                keep = icons.codepoints(client, self.icon_names)
                icons.make_subset(font, keep, self.icon_subset)
            except (OSError, ValueError, KeyError) as e:  # whole: never a box
                log.warning("Material icons font not cut down (%s): serving it whole", e)
                return False
        with self._lock:
            self._sources.pop(icons.ICON_FONT, None)
        self._lookup(icons.ICON_FONT)
        return True

    def _find_built(self) -> None:
        for rel in FIRST:
            self._lookup(rel)

    def compressible(self) -> list[str]:
        """Every file worth compressing ahead, the likely first ones first."""
        rels: list[str] = list(FIRST)
        for base in (self.assets_dir, self.web_dir):
            for p in sorted(base.rglob("*")):
                rel = p.relative_to(base).as_posix()
                if p.is_file() and rel not in rels:
                    rels.append(rel)
        out = []
        for rel in rels:
            src = self._lookup(rel)
            if src is not None and src.cache_key is not None:
                out.append(rel)
        return out

    def compress_all(self, encodings: Iterable[str] = ("gzip", "br"),
                     only: Iterable[str] | None = None) -> None:
        """Write the missing variants (gzip for all, then brotli), atomically."""
        import brotli

        if threading.current_thread() is self.compressor:
            try:  # below the sessions (Linux: the nice value is per thread; brotli and
                # zlib release the interpreter lock while they work)
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
            except (AttributeError, OSError):
                pass
        try:
            if only is None or icons.ICON_FONT in only:
                self.build_icon_subset()
            rels = self.compressible() if only is None else list(only)
            for enc in encodings:
                for rel in rels:
                    src = self._lookup(rel)
                    if src is None or enc in src.variants:
                        continue
                    data = src.path.read_bytes()
                    out = (brotli.compress(data, quality=11) if enc == "br"
                           else gzip.compress(data, 9, mtime=0))
                    dest = src.variant_path(enc)
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=".tmp-")
                    with os.fdopen(fd, "wb") as f:
                        f.write(out)
                    os.replace(tmp, dest)
                    src.variants[enc] = dest
            log.info("compressed variants ready in %s", self.web_cache.parent)
        except OSError as e:  # a read-only or full cache: serve uncompressed, say so once
            log.warning("could not write compressed variants (%s): serving uncompressed", e)

    # -- ASGI ------------------------------------------------------------------

    def is_route(self, rel: str) -> bool:
        return os.path.splitext(rel)[1].lower() in ("", ".html")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD") \
                or scope["path"] in (self.ws_path, "/upload", "/oauth_callback"):
            await self.fallback(scope, receive, send)
            return
        response = self.respond(scope["path"], Headers(scope=scope))
        await response(scope, receive, send)

    def respond(self, path: str, headers: Headers) -> Response:
        rel = path.lstrip("/")
        cache = REVALIDATE
        if path.startswith(PREFIX):
            key, _, rest = rel[len(PREFIX) - 1:].partition("/")
            if key != self.key:  # an old version's URL: its bytes are gone
                return PlainTextResponse("Not found", 404, headers={"Cache-Control": "no-store"})
            cache = IMMUTABLE
            gen = self.generated.get(rel)
            if gen is not None:
                return self._send_generated(gen, headers, cache)
            rel = rest
        elif rel in ("", "index.html"):
            return self._send_generated(self.generated["index.html"], headers, cache)
        elif rel in self.generated:
            return self._send_generated(self.generated[rel], headers, cache)
        src = self._lookup(rel)
        if src is None:
            if cache == REVALIDATE and self.is_route(rel):
                return self._send_generated(self.generated["index.html"], headers, cache)
            return PlainTextResponse("Not found", 404, headers={"Cache-Control": "no-cache"})
        return self._send_file(src, headers, cache)

    @staticmethod
    def _common(etag: str, cache: str, compressible: bool) -> dict[str, str]:
        h = {"ETag": etag, "Cache-Control": cache}
        if compressible:
            h["Vary"] = "Accept-Encoding"
        return h

    def _send_generated(self, gen: Generated, headers: Headers, cache: str) -> Response:
        enc = next(iter(accepted_encodings(headers.get("accept-encoding"))), "identity")
        etag = gen.etag if enc == "identity" else gen.etag[:-1] + "-" + enc + '"'
        h = self._common(etag, cache, True)
        if etag_matches(headers.get("if-none-match"), etag):
            return Response(status_code=304, headers=h)
        if enc != "identity":
            h["Content-Encoding"] = enc
        return Response(gen.body[enc], media_type=gen.media_type, headers=h)

    def _send_file(self, src: Source, headers: Headers, cache: str) -> Response:
        enc, path = "identity", src.path
        if src.cache_key is not None:
            for e in accepted_encodings(headers.get("accept-encoding")):
                if e in src.variants:
                    enc, path = e, src.variants[e]
                    break
        etag = src.etag if enc == "identity" else src.etag[:-1] + "-" + enc + '"'
        h = self._common(etag, cache, src.cache_key is not None)
        if etag_matches(headers.get("if-none-match"), etag):
            return Response(status_code=304, headers=h)
        if enc != "identity":
            h["Content-Encoding"] = enc
        return FileResponse(path, media_type=src.media_type, headers=h)


def manifest_json() -> str:
    """The web app manifest (assets/manifest.json is written from this by tools/make_icon.py)."""
    return json.dumps({
        "name": APP_NAME,
        "short_name": "Forest",
        "description": APP_DESCRIPTION,
        "start_url": ".",
        "scope": ".",
        "display": "standalone",
        "orientation": "natural",
        "background_color": "#F4F1E6",
        "theme_color": "#2E6B3A",
        "prefer_related_applications": False,
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "icons/icon-maskable-192.png", "sizes": "192x192", "type": "image/png",
             "purpose": "maskable"},
            {"src": "icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }, indent=2) + "\n"
