"""Home, settings and languages on phone viewports."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import (
    assert_fits_width,
    by_id,
    shot,
    small_touch_targets,
    tap,
    wait_text,
)


@pytest.mark.parametrize("phone", ["iphone", "pixel"], indirect=True)
def test_home_renders_on_a_phone(phone):
    by_id(phone, "home-title").wait_for(state="attached", timeout=30_000)
    for ident in ("home-new-game", "home-history", "home-stats", "home-settings"):
        assert by_id(phone, ident).count() == 1, ident
    # no horizontal scrolling at 390 px
    assert_fits_width(phone)
    assert not small_touch_targets(phone)
    size = phone.viewport_size
    shot(phone, "home" if size["width"] == 390 else f"home-{size['width']}")


def test_switch_to_japanese_uses_the_bundled_font(phone):
    tap(phone, "home-settings")
    tap(phone, "settings-rules", reply=False)  # the tile opens on the phone
    wait_text(phone, "Rules decisions")
    shot(phone, "settings")
    tap(phone, "settings-lang-ja")
    wait_text(phone, "言語")
    shot(phone, "settings-ja")
    tap(phone, "nav-back")
    wait_text(phone, "新しいゲーム")
    assert any("NotoSansJP-Subset.otf" in url for url in phone.requests_seen)
    shot(phone, "home-ja")


def test_dark_theme(phone):
    tap(phone, "home-settings")
    tap(phone, "settings-theme-dark")
    tap(phone, "nav-back")
    by_id(phone, "home-new-game").wait_for(state="attached", timeout=15_000)
    phone.wait_for_timeout(300)
    path = shot(phone, "home-dark")
    from PIL import Image

    with Image.open(path) as img:  # a dark background
        r, g, b = img.convert("RGB").getpixel((img.width - 5, img.height // 2))
    assert r + g + b < 200


def test_history_and_statistics_open(phone):
    tap(phone, "home-history")
    phone.locator('[flt-semantics-identifier^="history-"]').first.wait_for(
        state="attached", timeout=15_000)
    tap(phone, "nav-back")
    tap(phone, "home-stats")
    phone.locator('[flt-semantics-identifier^="stats-"]').first.wait_for(
        state="attached", timeout=15_000)
    tap(phone, "nav-back")
    by_id(phone, "home-new-game").wait_for(state="attached", timeout=15_000)
