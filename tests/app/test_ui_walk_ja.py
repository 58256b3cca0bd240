"""A Japanese walk of every screen: no English word on it except names and codes.

Each screen is opened in a simulated tab (tests/app/flet_harness.py) with the
language set to Japanese; every text the page shows is checked for Latin words.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from app.session import GameSession
from app.ui.kit.prefs import KEY_PREFIX, MemoryPrefs
from tests.app.flet_harness import on_page, settle, start_app

#: Latin words a Japanese screen may show: player names, the app's name, component
#: codes and sides, units the rulebook prints as they are, other products' names.
ALLOWED = {"Mei", "Ken", "Forest", "Table", "HQ", "VP", "QR", "I", "II", "III", "A", "B",
           "JSON", "CSV", "OK", "ID", "x", "v1", "English",  # a language in its own words
           "BoardGameGeek", "BGG", "BG", "Stats"}  # BoardGameGeek, BG Stats (exports)


def _quoted_source(text: str) -> bool:
    """Texts shown as the sources write them: a source citation (出典), the rules
    decisions document (docs/rules-decisions.md, kept in English)."""
    from app.i18n import Translator

    cite = Translator("ja").t("settings-printed-source", source="")
    return text.startswith(cite) or text.startswith("# Rules decisions")
WORD = re.compile(r"[A-Za-z][A-Za-z]+|\b[A-Za-z]\b")


def _shown_texts(app: Any) -> list[str]:
    import flet as ft

    out: list[str] = []
    for control in on_page(app.page):
        for attr in ("value", "text", "label", "hint_text", "tooltip", "helper_text"):
            value = getattr(control, attr, None)
            if isinstance(value, str) and not isinstance(control, ft.TextField | ft.Dropdown):
                out.append(value)
            elif isinstance(value, str) and attr != "value":
                out.append(value)
    return out


def _english_words(app: Any) -> set[str]:
    words: set[str] = set()
    for text in _shown_texts(app):
        if _quoted_source(text):
            continue
        words |= {w for w in WORD.findall(text) if w not in ALLOWED}
    return words


@pytest.mark.parametrize("route", ["/", "/settings", "/new", "/history", "/stats", "/tables"])
def test_plain_screens_in_japanese(svc: Any, route: str) -> None:
    async def go() -> None:
        prefs = MemoryPrefs({KEY_PREFIX + "language": "ja"})
        client, app = await start_app(prefs=prefs, route=route)
        await settle(0.1)
        app.refresh()
        await settle()
        assert app.settings.language == "ja"
        assert not _english_words(app), (route, _english_words(app))
        assert not client.crashes()

    asyncio.run(go())


@pytest.mark.parametrize("game", ["forestry", "forest-guardians"])
def test_a_game_sheet_and_its_scoreboard_in_japanese(svc: Any, game: str) -> None:
    game_id = int(GameSession.create(svc.store, game=game, players=["Mei", "Ken"],
                                     seed=5).game_id)

    async def go() -> None:
        prefs = MemoryPrefs({KEY_PREFIX + "language": "ja"})
        for route in (f"/sheet/{game_id}", f"/scoreboard/{game_id}"):
            client, app = await start_app(prefs=prefs, route=route)
            await settle(0.1)
            app.refresh()
            await settle()
            assert app.settings.language == "ja"
            assert not _english_words(app), (route, _english_words(app))
            assert not client.crashes()

    asyncio.run(go())


@pytest.mark.parametrize("game", ["forestry", "forest-guardians"])
def test_each_game_s_quick_reference_in_japanese(svc: Any, game: str) -> None:
    """Every line of the reference (Forest Guardians: the turn, the planting check and every
    section of ``quick_reference()``), with no English word left (Forestry's action points
    are アクションポイント, 002's word, not "AP")."""

    async def go() -> None:
        prefs = MemoryPrefs({KEY_PREFIX + "language": "ja"})
        client, app = await start_app(prefs=prefs)
        await settle(0.1)
        app.go("reference", game=game)
        await settle()
        assert app.settings.language == "ja"
        assert not _english_words(app), (game, _english_words(app))
        assert not client.crashes()

    asyncio.run(go())
