"""The forest as a honeycomb on a seat's phone (issue 33, item 4), in light, dark and
Japanese (docs/screenshots/forest-map-{en,dark,ja}.png), and what a phone downloads with the
project's icons (item 8): the first visit within 5 MB, a repeat visit within 0.5 MB.

A seeded table (tests/e2e/table_fixtures.py): Mei (purple), Ken (blue) and Aya (yellow),
infested wood and harvested spaces on the board; Mei's seat link opens her sheet.
"""

from __future__ import annotations

import json
import re
import shutil
import signal
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONES,
    SELECTED_JS,
    enable_semantics,
    instrument,
    menu_tap,
    reveal,
    shot,
    tap,
    value_of,
    watch_socket,
)
from tests.e2e.table_fixtures import TableServer

pytest.importorskip("app.session")

SEATS = [{"name": "Mei", "colour": "purple"}, {"name": "Ken", "colour": "blue"},
         {"name": "Aya", "colour": "yellow"}]
INFESTED, HARVESTED = (4, 11), (2, 7, 9, 14)
THEME_KEY = "flutter.forest_table.theme"
LANGUAGE_KEY = "flutter.forest_table.language"
MB = 1_000_000
HAS_NO_TEXT_JS = """([id, text]) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return !!e && !(e.getAttribute('aria-label') || e.textContent || '').includes(text);
}"""


def _seed(server: TableServer) -> tuple[int, list[str]]:
    """Mei on 8, Ken on 12, Aya on 3 (or the next free spaces), infested wood on 4 and 11,
    spaces 2, 7, 9 and 14 harvested; the seat tokens of the three."""
    from app.game.commands import StartGame
    from app.games.forestry.commands import SetHarvester, SetHarvestToken, SetInfestedWood
    from app.session import GameSession
    from app.store.facade import Store
    from app.table.hub import TableHub

    store = Store.open(server.db_url)
    s = GameSession.create(store, game="forestry", players=SEATS, seed=11,
                           options={"infestation": True})
    forest = s.state.table.forest  # type: ignore[union-attr]
    taken = {t.space for t in forest.foresters}
    for i, want in enumerate((8, 12, 3)):
        space = next(x for x in [want, *range(1, 16)] if x not in taken)
        taken.add(space)
        s.apply(SetHarvester(version=s.version, player=i, space=space))
    s.apply(StartGame(version=s.version))
    for space in INFESTED:
        s.apply(SetInfestedWood(version=s.version, space=space))
    for space in HARVESTED:
        s.apply(SetHarvestToken(version=s.version, space=space, harvested=True))
    hub = TableHub(store)
    tokens = [hub.issue(s.game_id, seat) for seat in (1, 2, 3)]
    store.engine.dispose()
    return s.game_id, tokens


@pytest.fixture(scope="module")
def table() -> Iterator[tuple[TableServer, list[str]]]:
    server = TableServer()
    _game, tokens = _seed(server)
    server.start()
    try:
        yield server, tokens
    finally:
        server.kill(signal.SIGTERM)
        server.kill()


def _phone(browser: Any, url: str, **prefs: str) -> Any:
    """A seat's phone opening ``url``, its stored settings ``prefs`` (theme, language)."""
    ctx = browser.new_context(viewport=PHONES["iphone"], device_scale_factor=2)
    instrument(ctx)
    keys = {"theme": THEME_KEY, "language": LANGUAGE_KEY}
    for k, v in prefs.items():
        ctx.add_init_script(f"localStorage.setItem({json.dumps(keys[k])}, "
                            f"{json.dumps(json.dumps(v))});")
    page = ctx.new_page()
    watch_socket(page)
    page.goto(url)
    enable_semantics(page)
    return page


def _show_map(page: Any) -> None:
    """The map card from its title down in the picture."""
    reveal(page, "map-mode-now")
    for _ in range(6):
        top = page.evaluate("""() => document.querySelector(
          '[flt-semantics-identifier="play-map"]').getBoundingClientRect().top""")
        if abs(top - 8) < 24:
            break
        page.mouse.move(195, 600)
        page.mouse.wheel(0, top - 8)
        page.wait_for_timeout(600)


def _dark_page(page: Any, timeout_s: float = 30) -> bool:
    """Whether the page turns dark (the stored theme, applied once the phone answered the
    settings read) within ``timeout_s``."""
    import io

    from PIL import Image

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with Image.open(io.BytesIO(page.screenshot())) as img:
            r, g, b = img.convert("RGB").getpixel((4, img.height // 2))[:3]
        if r + g + b < 200:
            return True
        page.wait_for_timeout(500)
    page.screenshot(path=str(Path(tempfile.gettempdir()) / "forest-map-not-dark.png"))
    return False


def test_the_forest_on_a_seats_phone_in_light_dark_and_japanese(browser, table) -> None:  # type: ignore[no-untyped-def]
    server, tokens = table
    link = f"{server.url}/join/{tokens[0]}"
    page = _phone(browser, link, theme="light", language="en")
    try:
        # every space is a button labelled in words, today's label semantics
        for space in INFESTED:
            assert "infested wood" in value_of(page, f"map-space-{space}"), space
        for space in HARVESTED:
            assert "harvested" in value_of(page, f"map-space-{space}"), space
        assert "harvester of Mei" in value_of(page, "map-space-8")
        assert "Now: Move my harvester" in value_of(page, "map-mode-now")
        # a mode button: selected at once, the banner says what a tap now does
        tap(page, "map-mode-thinning", until=(SELECTED_JS, "map-mode-thinning"))
        assert "Thinning token" in value_of(page, "map-mode-now")
        tap(page, "map-mode-harvester", until=(SELECTED_JS, "map-mode-harvester"))
        # Mei tends a forester token and ends her turn: the token drawn to replace it is
        # marked "just drawn" (New)
        labels = {s: value_of(page, f"map-space-{s}") for s in range(1, 16)}
        token = next(s for s, v in labels.items()
                     if "forester token" in v and "infested" not in v and "harvester" not in v)
        tap(page, "map-mode-act", until=(SELECTED_JS, "map-mode-act"))
        tap(page, f"map-space-{token}")
        page.wait_for_function(HAS_NO_TEXT_JS, arg=[f"map-space-{token}", "forester token"],
                               timeout=30_000)
        tap(page, "turn-end", appears="play-banner")
        drawn = [s for s in range(1, 16) if "just drawn" in value_of(page, f"map-space-{s}")]
        assert drawn
        _show_map(page)
        shot(page, "forest-map-en")
        menu_tap(page, "table-language", appears="map-mode-now")
        page.wait_for_function("""() => {
          const e = document.querySelector('[flt-semantics-identifier="map-mode-now"]');
          return !!e && (e.getAttribute('aria-label') || e.textContent || '').includes('現在');
        }""", timeout=30_000)
        assert "マス8" in value_of(page, "map-space-8")
        _show_map(page)
        shot(page, "forest-map-ja")
    finally:
        page.context.close()
    # the stored theme is read once the first screen is out, with a 5-s timeout
    # (app/ui/kit/prefs.py: no answer, the defaults): a phone that busy (this shared
    # machine) shows the system theme, light here; the next visit reads it
    for _attempt in range(3):
        page = _phone(browser, link, theme="dark", language="en")
        try:
            if _dark_page(page):
                _show_map(page)
                shot(page, "forest-map-dark")
                break
        finally:
            page.context.close()
    else:
        raise AssertionError("the stored dark theme was never applied")


# --------------------------------------------------------------------------- bytes


def _asset_prefix(url: str) -> str:
    with urllib.request.urlopen(url + "/", timeout=10) as r:
        html = r.read().decode()
    m = re.search(r'flet\.assetBase="(/_ft/[^"]+/)"', html)
    assert m, "the page names no versioned prefix"
    return m.group(1)


def _compressed_ready(url: str, prefix: str, timeout: float = 300) -> None:
    """Wait for the server's brotli variant of the client (built once per flet-web version
    in the user's cache, in the background at the first ``serve``)."""
    deadline = time.monotonic() + timeout
    while True:
        req = urllib.request.Request(url + prefix + "main.dart.wasm", method="HEAD",
                                     headers={"Accept-Encoding": "br"})
        with urllib.request.urlopen(req, timeout=10) as r:
            if r.headers.get("Content-Encoding") == "br":
                return
        assert time.monotonic() < deadline, "no brotli variant of the client yet"
        time.sleep(2)


def _visit(ctx: Any, url: str) -> dict[str, Any]:
    """Open ``url`` in a new tab: bytes over the wire (every response's encoded length and
    the websocket's frames) until the map's icons are drawn and nothing is in flight."""
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    got: dict[str, Any] = {"bytes": 0.0, "icons": [], "cached": []}
    pending: dict[str, str] = {}
    names: dict[str, str] = {}

    def started(e: dict[str, Any]) -> None:
        u = e["request"]["url"]
        if e.get("type") != "WebSocket" and not u.startswith(("blob:", "data:")):
            pending[e["requestId"]] = u
            names[e["requestId"]] = u

    def finished(e: dict[str, Any]) -> None:
        size = float(e.get("encodedDataLength", 0))
        got["bytes"] += size
        u = pending.pop(e["requestId"], names.get(e["requestId"], ""))
        if u.endswith(".svg"):  # over the network, or (0 bytes) from the browser's cache
            got["icons" if size > 0 else "cached"].append(u)

    def frame(e: dict[str, Any]) -> None:
        data = e.get("response", {}).get("payloadData", "")
        got["bytes"] += len(data) * 3 / 4 if e.get("response", {}).get("opcode") == 2 \
            else len(data)

    cdp.on("Network.requestWillBeSent", started)
    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.loadingFailed", lambda e: pending.pop(e["requestId"], None))
    cdp.on("Network.webSocketFrameReceived", frame)
    cdp.on("Network.webSocketFrameSent", frame)
    page.goto(url, wait_until="commit")
    enable_semantics(page)
    page.locator('[flt-semantics-identifier="map-space-15"]').wait_for(
        state="attached", timeout=60_000)
    quiet = time.monotonic()
    deadline = quiet + 60
    while time.monotonic() < deadline:  # the icons and the Japanese font come after it
        page.wait_for_timeout(200)
        if pending:
            quiet = time.monotonic()
        elif time.monotonic() - quiet > 1.5:
            break
    page.close()
    return got


def test_a_phone_loads_within_5_mb_and_comes_back_within_half_a_mb(browser, table) -> None:  # type: ignore[no-untyped-def]
    """A seat's phone (a browser profile on disk, as a phone keeps one) opens its link with
    the map and its icons: the first visit moves at most 5 MB, a repeat visit at most
    0.5 MB; the icons come from the versioned prefix and, the second time, from the cache
    without a request. The figures are printed (``-s``)."""
    server, tokens = table
    prefix = _asset_prefix(server.url)
    _compressed_ready(server.url, prefix)
    link = f"{server.url}/join/{tokens[1]}"
    profile = tempfile.mkdtemp(prefix="forest-map-profile-")
    try:
        ctx = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONES["iphone"])
        try:
            first = _visit(ctx, link)
            again = _visit(ctx, link)
        finally:
            ctx.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    print(f"\nfirst visit {first['bytes'] / MB:.3f} MB ({len(first['icons'])} icons fetched), "
          f"repeat visit {again['bytes'] / MB:.3f} MB ({len(again['icons'])} icons fetched, "
          f"{sum(u.endswith('.svg') for u in again['cached'])} from the cache)")
    assert first["icons"] and all(prefix in u for u in first["icons"]), first["icons"]
    assert first["bytes"] <= 5 * MB
    assert again["bytes"] <= 0.5 * MB
    assert not again["icons"], again["icons"]  # from the cache, not even a 304
    assert any(u.endswith(".svg") for u in again["cached"])
