"""No raw message key or developer notation on any screen, in either language (issue 11
item 7): a walk through every screen of the app shell collects each text a person reads
(texts, labels, tooltips, chips, buttons) and looks for catalogue ids
(``home-new-game``, ``river-forester_pair``), old dotted keys (``river.forester_pair``),
identifiers (``forester_pair``), record paths
(``buildings_vp[4]``) and quoted field names (``set "chosen"``). The rules decisions
(Markdown, a document about the record format) are not screen text and are skipped."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import flet as ft
import pytest

from app import l10n
from tests.app.flet_harness import on_page, settle, shown, start_app

RAW = [
    re.compile(r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]+\b"),  # a catalogue key: river.forester_pair
    re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b"),  # an identifier: forester_pair, buildings_vp
    re.compile(r"\w\[\d+\]"),  # a record path: buildings_vp[4], players[0]
    re.compile(r"\"[a-z_]+\""),  # a quoted field name: set "chosen"
    # a catalogue id shown as it is: home-new-game (an id with a "-" in it)
    re.compile(r"(?<![\w-])(?:" + "|".join(sorted(
        (re.escape(i) for i in l10n.message_ids("en") if "-" in i), key=len, reverse=True))
        + r")(?![\w-])"),
]


def texts(app: Any) -> list[str]:
    out: list[str] = []
    for root in list(app.page.controls):
        for node in on_page(root):
            if isinstance(node, ft.Markdown):
                continue
            for name in ("value", "label", "tooltip", "hint_text", "helper_text", "text"):
                v = getattr(node, name, None)
                if isinstance(v, str) and v and not isinstance(node, ft.TextField | ft.Semantics):
                    out.append(v)
    return out


def raw(found: list[str]) -> list[str]:
    bad = []
    for text in found:
        if text.startswith(("http://", "https://", "bgstats://")):
            continue  # a link shown as such
        if any(p.search(text) for p in RAW):
            bad.append(text)
    return bad


async def _click(client: Any, app: Any, ident: str) -> None:
    control = shown(app, ident)
    if isinstance(control, ft.Row) and control.controls:
        control = control.controls[0]
    event = "select" if isinstance(control, ft.Chip) else "click"
    await client.session.dispatch_event(control._i, event, None)
    await settle(0.02)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_screen_shows_a_raw_key_or_developer_notation(svc: Any, lang: str) -> None:
    from app.ui.kit.prefs import MemoryPrefs

    seen: dict[str, list[str]] = {}

    async def visit(app: Any, name: str) -> None:
        await settle(0.02)
        seen[name] = raw(texts(app))

    async def go() -> None:
        client, app = await start_app(prefs=MemoryPrefs({"language": lang}), encode=True)
        app.apply_settings(app.settings.with_(language=lang))
        await visit(app, "home")
        app.go("settings")
        await visit(app, "settings")
        for game in ("forestry", "forest-guardians"):
            app.new_game()
            await settle(0.02)
            await _click(client, app, f"new-game-{game}")
            for i, name in enumerate(["Mei", "Ken"]):
                await client.type(shown(app, f"new-player-{i}-name"), name)
            await visit(app, f"new-{game}")
            await _click(client, app, "new-start")
            await visit(app, f"setup-{game}")
            await _click(client, app, "setup-start-play")
            await visit(app, f"sheet-setup-{game}")
            if game == "forestry":
                await _click(client, app, "sheet-harvester-0-1")
                await _click(client, app, "sheet-harvester-1-2")
            await _click(client, app, "sheet-start-game")
            await visit(app, f"sheet-{game}")
            if game == "forestry":  # every kind of entry: its lines and any refusal
                for ident in ("sheet-river-forester_pair-plus", "sheet-river-seedling_pair-plus",
                              "sheet-contract-double-building-furniture",
                              "sheet-contract-0", "sheet-contract-0-choose-building",
                              "sheet-task-add-forest-building", "sheet-column-0-type-thinning",
                              "sheet-storage-wood-plus", "sheet-storage-wood-plus",
                              "sheet-storage-extensions-plus", "sheet-reward-lap"):
                    await _click(client, app, ident)
                    await visit(app, f"sheet-{game}-{ident}")
            else:
                await _click(client, app, "sheet-animals-in-shelter-plus")
                await visit(app, f"sheet-{game}-shelter")
            await _click(client, app, "sheet-scoreboard")
            await visit(app, f"scoreboard-{game}")
            await _click(client, app, "nav-back")
            await _click(client, app, "sheet-finish")
            client.session.get_page_patch()
            from tests.app.flet_harness import by_id

            if app.route == "sheet":  # a printed value missing: finish anyway
                await client.session.dispatch_event(by_id(client, "finish-missing-anyway")._i,
                                                    "click", None)
                await settle(0.05)
            await visit(app, f"finish-{game}")
            assert app.route == "finish"
        app.go("history")
        await visit(app, "history")
        app.go("stats")
        await visit(app, "stats")
        assert not client.crashes()

    asyncio.run(go())
    bad = {name: found for name, found in seen.items() if found}
    assert not bad, bad
    assert len(seen) > 15


def test_the_walk_would_see_a_raw_key() -> None:
    assert raw(["river.forester_pair", "set \"chosen\"", "buildings_vp[4] = 7",
                "home-new-game", "Tap sheet-reward-lap"]) == [
        "river.forester_pair", "set \"chosen\"", "buildings_vp[4] = 7", "home-new-game",
        "Tap sheet-reward-lap"]
    assert raw(["Forester pair", "Score track VP", "フォレスター"]) == []
