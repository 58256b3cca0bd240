"""Home, settings and languages on phone viewports."""

from __future__ import annotations

from tests.e2e.conftest import by_id, shot, tap, wait_text


def test_home_renders_on_a_phone(phone):
    by_id(phone, "home-title").wait_for(state="attached", timeout=30_000)
    for ident in ("home-new-game", "home-history", "home-stats", "home-settings"):
        assert by_id(phone, ident).count() == 1, ident
    # no horizontal scrolling at 390 px
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "home")


def test_switch_to_japanese_uses_the_bundled_font(phone):
    tap(phone, "home-settings")
    tap(phone, "settings-rules")
    wait_text(phone, "Rules decisions")
    shot(phone, "settings")
    tap(phone, "settings-lang-ja")
    wait_text(phone, "言語")
    shot(phone, "settings-ja")
    tap(phone, "nav-back")
    wait_text(phone, "新しいゲーム")
    assert any("NotoSansJP-Subset.otf" in url for url in phone.requests_seen)
    shot(phone, "home-ja")
