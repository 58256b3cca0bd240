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
ALLOWED = {"Mei", "Ken", "Pink", "Blue", "Green",  # players' names
           "Forest", "Table", "HQ", "VP", "QR", "I", "II", "III", "A", "B", "JSON",
           "CSV", "OK", "ID", "x", "v1", "English",  # a language in its own words
           "BoardGameGeek", "BGG", "BG", "Stats",  # BoardGameGeek, BG Stats (exports)
           "JPEG", "PNG", "WebP"}  # the image formats a photo may be (their names)


def _quoted_source(text: str) -> bool:
    """Texts shown as the sources write them: the rules decisions document
    (docs/rules-decisions.md, kept in English). A source citation (出典) is checked like
    every text, its source ids allowed (:data:`CITED_IDS`): issue 22 found the English
    sources' section titles on Japanese screens."""
    return text.startswith("# Rules decisions")


#: In a citation (出典：…): the project's rules summary (RULES §2.9) and a source's section
#: marks ("003 a. 植樹の条件"), ids as the sources print them
CITED_IDS = re.compile(r"\bRULES\b|(?<![A-Za-z])[a-c]\.(?=\s)")


def _citation(text: str) -> str:
    from app.i18n import Translator

    head = Translator("ja").t("settings-printed-source", source="")
    return CITED_IDS.sub("", text) if text.startswith(head) else text
WORD = re.compile(r"[A-Za-z][A-Za-z]+|\b[A-Za-z]\b")
LINK = re.compile(r"(?:https?://\S*)?/join/\S+|https?://\S+")  # a seat's link: an address


def _shown_texts(app: Any) -> list[str]:
    import flet as ft

    out: list[str] = []
    for control in on_page(app.page):
        for attr in ("value", "text", "label", "hint_text", "tooltip", "helper_text", "error"):
            value = getattr(control, attr, None)
            if isinstance(value, str) and not isinstance(control, ft.TextField | ft.Dropdown):
                out.append(value)
            elif isinstance(value, str) and attr != "value":
                out.append(value)
    return out


def _italic(app: Any) -> set[str]:
    """Japanese text drawn in italics (Flutter slants CJK glyphs it has no italic for)."""
    import flet as ft

    return {f"italic {c.value!r}" for c in on_page(app.page)
            if isinstance(c, ft.Text) and getattr(c, "italic", False)
            and isinstance(c.value, str) and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", c.value)}


def _english_words(app: Any) -> set[str]:
    words: set[str] = set()
    for text in _shown_texts(app):
        if _quoted_source(text):
            continue
        words |= {w for w in WORD.findall(LINK.sub("", _citation(text))) if w not in ALLOWED}
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


SHOWN: dict[str, str] = {}  # the last walk's texts per route (for its known answers)


def _walk(routes: list[str], prepare: Any = None) -> dict[str, set[str]]:
    """Open each route in a Japanese tab (``prepare(app)`` first); the English words."""
    found: dict[str, set[str]] = {}

    async def go() -> None:
        prefs = MemoryPrefs({KEY_PREFIX + "language": "ja"})
        for route in routes:
            client, app = await start_app(prefs=prefs, route=route)
            await settle(0.1)
            if prepare is not None:
                prepare(app)
            app.refresh()
            await settle()
            assert app.settings.language == "ja"
            found[route] = _english_words(app) | {
                f"ASCII comma in {text!r}" for text in _shown_texts(app)
                if ", " in text and not _quoted_source(text)} | _italic(app)
            SHOWN[route] = "\n".join(_shown_texts(app))
            assert not client.crashes()

    asyncio.run(go())
    return found


def test_a_played_forestry_table_in_japanese(svc: Any) -> None:
    """Issue 22: after the play-along's news (a round token, a turn, a corrected token, an
    undo) the sheet's banner, change log and messages carry no English value."""
    from app.game.commands import AdjustCount, StartGame
    from app.games.forestry.commands import (
        EndTurn,
        RevealRoundToken,
        SetForesterToken,
        SetHarvester,
    )

    hub = svc.hub()
    game_id = int(GameSession.create(svc.store, game="forestry", players=["Mei", "Ken"],
                                     seed=5, options={"infestation": True},
                                     infested=(3, 8, 13)).game_id)
    host = hub.link_token(game_id)

    def tap(cls: Any, **kw: Any) -> None:
        answer = hub.submit(game_id, host, cls(version=hub.snapshot(game_id).version, **kw))
        assert type(answer).__name__ == "Accepted", answer

    table = hub.snapshot(game_id).state.table
    free = [sp for sp in range(1, 16) if table.forest.forester_at(sp) is None
            and sp not in table.forest.infested]
    tap(SetHarvester, player=0, space=free[0])
    tap(SetHarvester, player=1, space=free[1])
    tap(StartGame)
    tap(RevealRoundToken, round=hub.snapshot(game_id).state.table.round)
    tap(AdjustCount, player=1, field="resources.coins", delta=1)
    kind = hub.snapshot(game_id).state.table.forest.foresters[0].kind.value
    tap(SetForesterToken, type=kind, space=None)
    tap(EndTurn, turn=hub.snapshot(game_id).state.table.turn)
    found = _walk([f"/sheet/{game_id}", f"/scoreboard/{game_id}"])
    assert found == {f"/sheet/{game_id}": set(), f"/scoreboard/{game_id}": set()}, found
    sheet = SHOWN[f"/sheet/{game_id}"]
    assert "手番の終了" in sheet and "林業家トークン：" in sheet, sheet  # the news walked
    hub.submit(game_id, host, __import__("app.game.commands", fromlist=["Undo"]).Undo(
        version=hub.snapshot(game_id).version))
    found = _walk([f"/sheet/{game_id}"])
    assert not any(found.values()), found


def test_the_new_game_form_with_its_problems_and_the_setup_in_japanese(svc: Any) -> None:
    """The form after a refused deal (the same name twice, an empty one), then the setup
    walkthrough of a dealt game."""
    from app.ui.new_game.presenter import NewGamePresenter

    def refused(app: Any) -> None:
        p = app.states.get(NewGamePresenter)
        p.set_count(3)
        p.set_name(0, "Mei")
        p.set_name(1, "Mei")
        assert p.submit() is None

    found = _walk(["/new"], refused)
    assert not any(found.values()), found
    assert "プレイヤー1と同じ名前です" in SHOWN["/new"], SHOWN["/new"]

    def dealt(app: Any) -> None:
        p = app.states.get(NewGamePresenter)
        p.set_name(0, "Mei")
        p.set_name(1, "Ken")
        app.start_setup(p.submit(lambda: 7))

    found = _walk(["/new"], dealt)
    assert not any(found.values()), found
    assert "手順1" in SHOWN["/new"]  # the setup walkthrough is what was walked


def test_a_finished_game_in_japanese(svc: Any) -> None:
    """The finish screen (result, sharing, exports, rematch) and the played game in History."""
    from app.game.commands import Finish

    session = GameSession.create(svc.store, game="forest-guardians", players=["Mei", "Ken"],
                                 seed=5)
    session.apply(Finish(version=session.version))
    game_id = int(session.game_id)
    found = _walk([f"/finish/{game_id}", f"/played/{game_id}"])
    assert not any(found.values()), found
    assert "勝者：Mei、Ken" in SHOWN[f"/finish/{game_id}"]  # Japanese punctuation


def test_history_statistics_people_charts_and_the_qr_codes_in_japanese(svc: Any) -> None:
    """The screens that show what History holds (a finished game of each kind: its list,
    the statistics, the people, a person's charts, the played game) and a table's QR
    codes, with data on them (the plain-screen walk above sees them empty)."""
    from pathlib import Path

    from app.store import exchange, queries

    text = (Path(__file__).parents[1] / "data" / "records"
            / "forestry_93vp_worked_example.json").read_text()
    with svc.store.session() as s:
        (forestry,) = exchange.import_records(s, text).imported
        pink = queries.resolve_person(s, "Pink").id
    from app.game.commands import Finish

    session = GameSession.create(svc.store, game="forest-guardians", players=["Mei", "Ken"],
                                 seed=5)
    session.apply(Finish(version=session.version))
    table = int(GameSession.create(svc.store, game="forestry", players=["Mei", "Ken"],
                                   seed=6).game_id)
    svc.hub().link_token(table)  # an open table (its links are issued)
    routes = ["/history", "/stats", "/people", f"/person/{pink}/forestry",
              f"/played/{forestry}", f"/scoreboard/{forestry}", f"/host/{table}"]
    found = _walk(routes)
    assert not any(found.values()), found
    assert "Pink" in SHOWN["/history"] and "Pink" in SHOWN[f"/person/{pink}/forestry"]
    assert "Mei" in SHOWN[f"/host/{table}"]  # the seats' QR codes were walked
