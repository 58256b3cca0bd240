"""The app shell in pure Python (no Flutter): render, navigate, switch language and theme."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest

from app.ui.kit.prefs import KEY_PREFIX, MemoryPrefs, Settings, load_settings
from app.ui.shell.app import FONT_ASSET, FONT_FAMILY, ForestTableApp
from tests.app import flet_harness
from tests.app.flet_harness import (
    Client,
    by_id,
    memory_services,
    new_hub,
    semantics_ids,
    settle,
    tap,
)


@pytest.fixture(autouse=True)
def _services(monkeypatch):
    monkeypatch.setattr(flet_harness, "SERVICES", memory_services())


def run(coro):
    return asyncio.run(coro)


async def start(prefs=None):
    client = Client(new_hub())
    holder = {}

    def main(page):
        holder["app"] = ForestTableApp(page, prefs=prefs or MemoryPrefs(),
                                       services=flet_harness.SERVICES)
        holder["app"].start()

    await client.start(main)
    client.session.get_page_patch()
    return client, holder["app"]


async def refresh(client):
    client.session.get_page_patch()
    await settle()


def test_home_has_every_entry_point():
    async def go():
        client, app = await start()
        ids = semantics_ids(client)
        for ident in ("home-title", "home-new-game", "home-history", "home-stats",
                      "home-settings"):
            assert ident in ids
        assert client.page.fonts == {FONT_FAMILY: FONT_ASSET}
        assert client.page.theme.font_family == FONT_FAMILY
        assert not client.crashes()

    run(go())


def test_settings_switches_language_and_theme_and_saves_them():
    async def go():
        prefs = MemoryPrefs()
        client, app = await start(prefs)
        await tap(client, "home-settings")
        await refresh(client)
        assert app.route == "settings"
        await tap(client, "settings-lang-ja")
        await refresh(client)
        assert app.settings.language == "ja"
        assert "設定" in client.texts()
        await tap(client, "settings-theme-dark")
        await refresh(client)
        assert client.page.theme_mode == ft.ThemeMode.DARK
        await settle(0.1)
        assert prefs.values[KEY_PREFIX + "language"] == "ja"
        assert prefs.values[KEY_PREFIX + "theme"] == "dark"
        await tap(client, "nav-back")
        await refresh(client)
        assert app.route == "home"
        assert "新しいゲーム" in client.texts()
        assert not client.crashes()

    run(go())


def test_saved_settings_are_applied_at_start():
    async def go():
        prefs = MemoryPrefs({KEY_PREFIX + "language": "ja", KEY_PREFIX + "theme": "light"})
        client, app = await start(prefs)
        await settle(0.1)
        assert app.settings == Settings("ja", "light")
        assert client.page.theme_mode == ft.ThemeMode.LIGHT

    run(go())


@pytest.mark.parametrize("lang,theme", [("xx", "neon"), (None, None)])
def test_unknown_stored_settings_fall_back(lang, theme):
    prefs = MemoryPrefs({KEY_PREFIX + "language": lang, KEY_PREFIX + "theme": theme})
    assert run(load_settings(prefs)) == Settings()


def test_by_id_helper_reports_missing():
    async def go():
        client, _ = await start()
        with pytest.raises(AssertionError):
            by_id(client, "nope")

    run(go())
