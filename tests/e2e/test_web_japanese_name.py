"""A name in kanji is drawn with the bundled Japanese font on an English phone.

The font is registered once the first screen is out (app.ui.shell.app.use_font, issue 14:
it held up the first screen). Flutter's own fallback would fetch Noto from a CDN,
which the table's CSP refuses and a table without internet lacks: so the only way
the kanji can be drawn is our font. Flutter draws on a canvas, so the test compares
pixels: two seats named with different kanji (山田, 森林) show, in their player chips,
the same empty boxes without the font and different glyphs with it.
"""

from __future__ import annotations

import io
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import by_id, enable_semantics
from tests.e2e.table_fixtures import TableServer, table_browser

__all__ = ["table_browser"]

NAMES = ["Ann", "山田", "森林"]


class KanjiServer(TableServer):
    def seed(self) -> int:
        from app.session import GameSession
        from app.store.facade import Store
        from app.table.hub import TableHub

        store = Store.open(self.db_url)
        game = GameSession.create(store, game="forestry", players=NAMES, seed=3).game_id
        self.seat_token = TableHub(store).issue(game, 1)  # Ann's phone
        store.engine.dispose()
        return game


@pytest.fixture(scope="module")
def kanji_server() -> Iterator[KanjiServer]:
    server = KanjiServer()
    server.seed()
    server.start()
    try:
        yield server
    finally:
        server.kill(signal.SIGTERM)
        server.kill()


def _name_part(png: bytes) -> Any:
    """The left part of a chip's picture: its label's first characters (the name)."""
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("L")
    w, h = img.size
    return img.crop((0, 0, int(w * 0.45), h))


@pytest.mark.xfail(strict=False, reason=(
    "open (stops 37-38): passes alone (and in its module), in whole runs the two chips' "
    "names stay the same boxes for 30 s (the Japanese fallback font is not drawn); to be "
    "made steady"))
def test_kanji_names_are_drawn_on_an_english_phone(kanji_server: KanjiServer,
                                                  table_browser: Any) -> None:
    from PIL import ImageChops

    ctx = table_browser.new_context(viewport={"width": 412, "height": 1400},
                                    device_scale_factor=2, locale="en-US")
    fonts: list[int] = []
    try:
        page = ctx.new_page()
        page.on("response", lambda r: fonts.append(r.status)
                if "NotoSansJP" in r.url else None)
        page.goto(f"{kanji_server.url}/join/{kanji_server.seat_token}")
        enable_semantics(page)
        chips = [by_id(page, "sheet-player-1"), by_id(page, "sheet-player-2")]
        for c in chips:
            c.wait_for(state="attached", timeout=60_000)
        assert "Ann · seat 1" in page.locator("flt-semantics-host").inner_text()  # English
        deadline = time.monotonic() + 30
        diff = 0
        while time.monotonic() < deadline:
            a, b = (_name_part(c.screenshot()) for c in chips)
            box = (0, 0, min(a.width, b.width), min(a.height, b.height))  # a pixel apart
            changed = ImageChops.difference(a.crop(box), b.crop(box)).point(
                lambda v: 255 if v > 60 else 0)
            diff = changed.histogram()[255]
            if diff > 40:  # different glyphs drawn, not the same boxes
                break
            page.wait_for_timeout(500)
        assert diff > 40, f"the kanji names look the same (no glyphs): {diff} pixels differ"
        assert fonts and all(s in (200, 304) for s in fonts)  # from this server
    finally:
        ctx.close()
