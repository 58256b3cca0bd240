"""The Material icons font, cut to the icons the app draws: none may render as a box."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import flet as ft
import httpx
import pytest
from flet_web import get_package_web_dir
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from app.web import icons
from app.web.static import IMMUTABLE, WebClient
from tests.app.web_server import ASSETS, running

APP = Path(icons.__file__).resolve().parents[1]
WEB = Path(get_package_web_dir())


async def nothing(scope, receive, send) -> None:  # type: ignore[no-untyped-def]
    ...


def _source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(APP.rglob("*.py")))


@pytest.fixture(scope="module")
def client_icons() -> icons.ClientIcons:
    return icons.client_icons(WEB)


@pytest.fixture(scope="module")
def cut(tmp_path_factory: pytest.TempPathFactory) -> WebClient:
    c = WebClient(nothing, ASSETS, cache_dir=tmp_path_factory.mktemp("cache"),
                  compress_in_background=False)
    assert c.build_icon_subset()
    return c


def test_every_icon_the_app_names_is_found() -> None:
    source = _source()
    # independent of the text scan: every attribute X of something called Icons in
    # the modules' syntax trees
    parsed: set[str] = set()
    for path in sorted(APP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and (
                    (isinstance(node.value, ast.Attribute) and node.value.attr == "Icons")
                    or (isinstance(node.value, ast.Name) and node.value.id == "Icons")):
                parsed.add(node.attr)
    assert len(parsed) > 20 and icons.used_icons() == parsed
    for name in parsed:
        assert isinstance(getattr(ft.Icons, name), ft.IconData), name
    # no icon is chosen any other way (by string, number, getattr or Icons[...]): then
    # the set read from the source is every icon the app can show
    dynamic = re.findall(r"getattr\(\s*(?:ft\.|flet\.)?Icons\b|\bIcons\s*[\[(]|\bIconData\s*\("
                         r"|\bicon\s*=\s*(?:[\"'\d]|f[\"'])|\bIcon\(\s*(?:[\"'\d]|f[\"'])"
                         r"|\bIcon\(\s*(?:icon\s*=\s*)?(?:[\"'\d])", source)
    assert dynamic == []


def test_the_client_list_is_read_right(client_icons: icons.ClientIcons) -> None:
    names = TTFont(WEB / icons.ICON_FONT).getBestCmap()
    # the code point read for an icon is the font's glyph of that name (COPY is an
    # alias of content_copy)
    aliases = {"COPY": "content_copy_baseline"}
    for name in icons.used_icons() | {"ALARM", "ADD_OUTLINED", "ADD_ROUNDED", "ADD_SHARP"}:
        low = name.lower()
        glyph = names[client_icons.codepoint(name)]
        styled = low.endswith(("_outlined", "_rounded", "_sharp"))
        assert glyph == aliases.get(name, low if styled else low + "_baseline"), name
    # the client's own icons: those the framework draws by itself
    own = {names[cp] for cp in client_icons.own}
    assert {"arrow_back_baseline", "arrow_drop_down_baseline", "close_baseline",
            "more_vert_baseline", "visibility_baseline", "visibility_off_baseline",
            "expand_more_baseline", "menu_baseline", "check_baseline"} <= own
    assert len(own) < 100


def _has_outline(font: TTFont, cp: int) -> bool:
    glyphs = font.getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs[font.getBestCmap()[cp]].draw(pen)
    return pen.bounds is not None


def test_every_icon_in_use_is_in_the_cut_font(cut: WebClient,
                                              client_icons: icons.ClientIcons) -> None:
    font = TTFont(cut.icon_subset)
    cmap = font.getBestCmap()
    for name in icons.used_icons():
        cp = client_icons.codepoint(name)
        assert cp in cmap and _has_outline(font, cp), f"ft.Icons.{name} missing"
    for cp in client_icons.own:
        assert cp in cmap and _has_outline(font, cp), hex(cp)
    full = TTFont(WEB / icons.ICON_FONT)
    assert len(cmap) < 150 < 8000 < len(full.getBestCmap())
    assert cut.icon_subset.stat().st_size < 30_000


def test_the_cut_font_is_served_under_the_prefix(tmp_path: Path) -> None:
    with running(tmp_path) as (url, client):
        client.compress_all(only=[icons.ICON_FONT])
        with httpx.Client(base_url=url) as h:
            r = h.get(client.prefix + icons.ICON_FONT, headers={"Accept-Encoding": "br"})
        assert r.status_code == 200 and r.headers["content-encoding"] == "br"
        assert r.headers["cache-control"] == IMMUTABLE
        assert r.headers["content-type"] == "font/otf"
        assert r.content == client.icon_subset.read_bytes()  # httpx decoded the brotli
        assert int(r.headers["content-length"]) < 10_000


def test_a_new_icon_gets_a_new_prefix_and_its_glyph(tmp_path: Path,
                                                    client_icons: icons.ClientIcons) -> None:
    used = icons.used_icons()
    before = WebClient(nothing, ASSETS, cache_dir=tmp_path, compress_in_background=False)
    after = WebClient(nothing, ASSETS, cache_dir=tmp_path, compress_in_background=False,
                      icon_names=used | {"ALARM"})
    assert before.key != after.key and before.icon_subset != after.icon_subset
    assert after.build_icon_subset()
    assert client_icons.codepoint("ALARM") in TTFont(after.icon_subset).getBestCmap()


def test_an_unreadable_client_serves_the_whole_font(tmp_path: Path) -> None:
    web = tmp_path / "web"
    (web / "assets" / "fonts").mkdir(parents=True)
    for rel in ("index.html", "assets/FontManifest.json", icons.ICON_FONT):
        shutil.copyfile(WEB / rel, web / rel)
    (web / "main.dart.js").write_text("// a future flet-web laid out otherwise\n")
    c = WebClient(nothing, ASSETS, web_dir=web, cache_dir=tmp_path / "cache",
                  compress_in_background=False)
    assert not c.build_icon_subset()
    r = c.respond(c.prefix + icons.ICON_FONT, httpx.Headers({}))  # type: ignore[arg-type]
    assert r.status_code == 200 and Path(r.path).stat().st_size > 1_000_000  # type: ignore[attr-defined]


def test_an_icon_address_is_made_once_per_asset_prefix() -> None:
    """Every image of an icon holds the same address (not a copy each: memory per phone);
    a new prefix gives new addresses."""
    from app.ui.kit import icon_assets

    saved = icon_assets._BASE
    try:
        icon_assets.set_asset_base("/_ft/a")
        first = icon_assets.icon_src("coins")
        assert first == "/_ft/a/icons/coins.svg"
        assert icon_assets.icon_src("coins") is first
        assert icon_assets.icon_src("coins", dark=True) == "/_ft/a/icons/dark/coins.svg"
        icon_assets.set_asset_base("/_ft/b/")
        assert icon_assets.icon_src("coins") == "/_ft/b/icons/coins.svg"
    finally:
        icon_assets.set_asset_base(saved)
