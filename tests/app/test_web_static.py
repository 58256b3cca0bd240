"""The client's files over real HTTP: compressed variants, caching, 304s, our identity."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import brotli
import httpx
import pytest

from app.web.static import IMMUTABLE, accepted_encodings, etag_matches, manifest_json
from tests.app.web_server import ASSETS, running

SMALL = ["flutter_bootstrap.js", "canvaskit/skwasm.js"]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    tmp = tmp_path_factory.mktemp("web")
    with running(tmp) as (url, client):
        client.compress_all(only=SMALL)
        yield url, client, tmp


class Got:
    def __init__(self, status_code: int, headers: httpx.Headers, content: bytes) -> None:
        self.status_code, self.headers, self.content = status_code, headers, content

    @property
    def text(self) -> str:
        return self.content.decode()


def get(url: str, path: str, **headers: str) -> Got:
    """GET with the bytes as they came over the wire (httpx would decode br/gzip)."""
    headers.setdefault("Accept-Encoding", "identity")
    with httpx.Client(base_url=url) as c, c.stream("GET", path, headers=headers) as r:
        return Got(r.status_code, r.headers, b"".join(r.iter_raw()))


def test_accept_encoding_parsing() -> None:
    assert accepted_encodings("gzip, deflate, br, zstd") == ["br", "gzip"]
    assert accepted_encodings("gzip") == ["gzip"]
    assert accepted_encodings("br;q=0, gzip;q=0.5") == ["gzip"]
    assert accepted_encodings("*") == ["br", "gzip"]
    assert accepted_encodings("*, br;q=0") == ["gzip"]
    assert accepted_encodings("identity") == []
    assert accepted_encodings(None) == []
    assert etag_matches('W/"a", "b"', '"b"') and not etag_matches('"a"', '"b"')


def _web_file(client, rel: str) -> bytes:  # type: ignore[no-untyped-def]
    return Path(client.web_dir, rel).read_bytes()


def test_versioned_files_are_precompressed_and_immutable(served) -> None:  # type: ignore[no-untyped-def]
    url, client, tmp = served
    path = client.prefix + "flutter_bootstrap.js"
    original = _web_file(client, "flutter_bootstrap.js")
    br = get(url, path, **{"Accept-Encoding": "gzip, deflate, br"})
    assert br.status_code == 200
    assert br.headers["content-encoding"] == "br"
    assert br.headers["vary"] == "Accept-Encoding"
    assert br.headers["cache-control"] == IMMUTABLE
    assert br.headers["content-type"].startswith("text/javascript")
    body = br.content
    assert len(body) < len(original) / 2 and brotli.decompress(body) == original
    gz = get(url, path, **{"Accept-Encoding": "gzip"})
    assert gz.headers["content-encoding"] == "gzip" and gzip.decompress(gz.content) == original
    plain = get(url, path, **{"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == original
    # three representations, three validators
    assert len({br.headers["etag"], gz.headers["etag"], plain.headers["etag"]}) == 3
    # the variants are files in the cache, keyed by the flet-web version
    cached = tmp / "cache" / f"flet-web-{client.version}" / "flutter_bootstrap.js.br"
    assert cached.read_bytes() == body
    # an earlier version's prefix is gone, not served stale
    assert get(url, "/_ft/0.0.0-old/flutter_bootstrap.js").status_code == 404


def test_no_compression_on_the_request_path(served, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    url, client, _ = served

    def boom(*a, **k):  # type: ignore[no-untyped-def]
        raise AssertionError("compressed while answering a request")

    monkeypatch.setattr(brotli, "compress", boom)
    monkeypatch.setattr(gzip, "compress", boom)
    r = get(url, client.prefix + "canvaskit/skwasm.js", **{"Accept-Encoding": "br"})
    assert r.status_code == 200 and r.headers["content-encoding"] == "br"
    # a file with no variant built yet goes out as it is
    r = get(url, client.prefix + "main.dart.mjs", **{"Accept-Encoding": "br"})
    assert r.status_code == 200 and "content-encoding" not in r.headers
    assert r.content == _web_file(client, "main.dart.mjs")


def test_etag_revalidation_gives_304(served) -> None:  # type: ignore[no-untyped-def]
    url, client, _ = served
    for path in ("/", "/manifest.json", "/favicon.png", "/fonts/NotoSansJP-Subset.otf"):
        first = get(url, path, **{"Accept-Encoding": "br"})
        assert first.status_code == 200, path
        assert first.headers["cache-control"] == "no-cache", path
        again = get(url, path, **{"Accept-Encoding": "br",
                                  "If-None-Match": first.headers["etag"]})
        assert again.status_code == 304 and again.content == b"", path
        assert again.headers["etag"] == first.headers["etag"]
        other = get(url, path, **{"Accept-Encoding": "br", "If-None-Match": '"nope"'})
        assert other.status_code == 200


def test_the_page_is_ours_fresh_and_points_at_the_versioned_client(served) -> None:  # type: ignore[no-untyped-def]
    url, client, _ = served
    r = get(url, "/", **{"Accept-Encoding": "br"})
    assert r.headers["content-encoding"] == "br" and r.headers["cache-control"] == "no-cache"
    html = brotli.decompress(r.content).decode()
    assert "<title>Forest Table</title>" in html
    assert f'flet.entrypointBaseUrl="{client.prefix}"' in html
    assert f'src="{client.prefix}flutter_bootstrap.js"' in html
    assert 'name="theme-color"' in html
    # every route-like address is the page (path routes: /join/<token> reaches the app)
    join = get(url, "/join/abc/scoreboard", **{"Accept-Encoding": "br"})
    assert join.status_code == 200 and brotli.decompress(join.content).decode() == html
    assert get(url, "/nothing-here.js").status_code == 404


def test_manifest_favicon_and_icons_are_the_apps(served) -> None:  # type: ignore[no-untyped-def]
    url, client, _ = served
    m = json.loads(get(url, "/manifest.json").content)
    assert m["name"] == "Forest Table" and m["short_name"] == "Forest"
    assert m["theme_color"] == "#2E6B3A" and m["background_color"]
    for icon in m["icons"]:
        r = get(url, "/" + icon["src"])
        assert r.status_code == 200 and r.content == (ASSETS / icon["src"]).read_bytes()
    assert get(url, "/favicon.png").content == (ASSETS / "favicon.png").read_bytes()
    assert (ASSETS / "icon.png").stat().st_size > 1000  # flet build's icon
    # assets/manifest.json is written by tools/make_icon.py from manifest_json()
    assert (ASSETS / "manifest.json").read_text(encoding="utf-8") == manifest_json()


def test_font_manifest_leaves_out_unused_families(served) -> None:  # type: ignore[no-untyped-def]
    url, client, _ = served
    r = get(url, client.prefix + "assets/FontManifest.json")
    assert r.headers["cache-control"] == IMMUTABLE
    families = [f["family"] for f in json.loads(r.content)]
    assert "MaterialIcons" in families and "Roboto" in families
    assert not [f for f in families if "KaTeX" in f or "Cupertino" in f]


def test_variants_are_built_once_in_the_background_and_reused(tmp_path: Path,
                                                              monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import shutil

    from flet_web import get_package_web_dir

    from app.web.static import WebClient

    real = Path(get_package_web_dir())
    web = tmp_path / "web"
    (web / "assets").mkdir(parents=True)
    for rel in ("index.html", "assets/FontManifest.json", "flutter_bootstrap.js", "python.js"):
        shutil.copyfile(real / rel, web / rel)
    assets = tmp_path / "assets"
    (assets / "fonts").mkdir(parents=True)
    (assets / "fonts" / "x.otf").write_bytes(b"font " * 2000)

    async def nothing(scope, receive, send) -> None:  # type: ignore[no-untyped-def]
        ...

    first = WebClient(nothing, assets, web_dir=web, cache_dir=tmp_path / "cache")
    assert first.compressor is not None
    first.compressor.join(60)
    version_dir = tmp_path / "cache" / f"flet-web-{first.version}"
    assert (version_dir / "flutter_bootstrap.js.br").is_file()
    assert (version_dir / "flutter_bootstrap.js.gz").is_file()
    assert (tmp_path / "cache" / f"assets-{first.assets_hash}" / "fonts" / "x.otf.br").is_file()

    def boom(*a, **k):  # type: ignore[no-untyped-def]
        raise AssertionError("compressed again")

    monkeypatch.setattr(brotli, "compress", boom)
    monkeypatch.setattr(gzip, "compress", boom)
    monkeypatch.setattr("app.web.static._compress", lambda data: {"identity": data, "br": data,
                                                                  "gzip": data})
    built = {p: p.stat().st_mtime_ns for p in (tmp_path / "cache").rglob("*") if p.is_file()}
    again = WebClient(nothing, assets, web_dir=web, cache_dir=tmp_path / "cache")
    assert again.compressor is not None
    again.compressor.join(60)  # finds every variant on disk: nothing to do
    assert {p: p.stat().st_mtime_ns for p in (tmp_path / "cache").rglob("*")
            if p.is_file()} == built
    r = again.respond(again.prefix + "flutter_bootstrap.js",
                      httpx.Headers({"accept-encoding": "br"}))  # type: ignore[arg-type]
    assert r.headers["content-encoding"] == "br"
