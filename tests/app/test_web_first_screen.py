"""The way to a link's first screen (issue 14, item 4): no round trip that can wait.

The Japanese font (1.2 MB, parsed by the phone as soon as it is registered) is
registered once the phone has answered the settings read, that is once it has
drawn the first screen (tests/e2e/test_web_japanese_name.py: a kanji name is still
drawn with it on an English phone).

A table tab reads the phone's stored token (a round trip to the phone's browser,
which is busy starting Flutter then) only when the link's own token is missing or
fails, and remembers a new token after the screen is sent, not before it.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from app.session import GameSession
from app.store.facade import Store
from app.table.hub import TableHub
from app.ui.kit.prefs import MemoryPrefs
from app.ui.shell.app import FONT_ASSET, FONT_FAMILY, use_font
from app.ui.shell.tab import PREF_TOKEN, TableTab
from tests.app.flet_harness import Client, new_hub

PLAYERS = ["Ann", "Bo"]


class SlowPrefs(MemoryPrefs):
    """A phone's storage that answers after ``delay`` seconds; logs what was asked."""

    def __init__(self, delay: float, values: dict[str, Any] | None = None) -> None:
        super().__init__(values)
        self.delay = delay
        self.log: list[tuple[str, str]] = []

    async def get(self, key: str) -> Any:
        self.log.append(("get", key))
        await asyncio.sleep(self.delay)
        return await super().get(key)

    async def set(self, key: str, value: str) -> bool:
        self.log.append(("set", key))
        await asyncio.sleep(self.delay)
        return await super().set(key, value)


def _run(steps: Any) -> Any:
    store = Store.open("sqlite://")
    game = GameSession.create(store, game="forestry", players=PLAYERS, seed=7).game_id

    async def go() -> Any:
        hub = TableHub(store)
        pubsub = new_hub()

        async def tab(route: str, prefs: MemoryPrefs) -> tuple[Client, TableTab]:
            client = Client(pubsub)
            client.page.route = route
            client.page.client_ip = "192.168.1.30"
            t = TableTab(client.page, hub, prefs)
            await client.start(lambda page: t.start())
            return client, t

        return await steps(hub, game, tab)

    return asyncio.run(go())


async def _until(cond: Any, timeout: float = 3.0) -> float:
    t0 = time.perf_counter()
    while not cond():
        assert time.perf_counter() - t0 < timeout, "not within the time"
        await asyncio.sleep(0.005)
    return time.perf_counter() - t0


def test_a_seat_link_opens_without_waiting_for_the_phone_storage() -> None:
    async def steps(hub: TableHub, game: int, tab: Any) -> None:
        token = hub.issue(game, 2)
        prefs = SlowPrefs(delay=1.0)
        _client, t = await tab(f"/join/{token}", prefs)
        took = await _until(lambda: t.app is not None)
        assert took < 0.5  # not after a 1 s storage round trip
        assert t.app.locked["seat"] == 2 and t.token == token
        assert ("get", PREF_TOKEN) not in prefs.log  # the link's token sufficed
        # the token is still remembered, after the screen
        await _until(lambda: prefs.values.get(PREF_TOKEN) == token)

    _run(steps)


def test_a_failed_link_token_still_falls_back_to_the_stored_one() -> None:
    async def steps(hub: TableHub, game: int, tab: Any) -> None:
        token = hub.issue(game, 1)
        prefs = SlowPrefs(delay=0.05, values={PREF_TOKEN: token})
        _client, t = await tab("/join/" + "x" * 32, prefs)
        await _until(lambda: t.app is not None)
        assert t.token == token and t.app.locked["seat"] == 1
        assert ("get", PREF_TOKEN) in prefs.log
        assert ("set", PREF_TOKEN) not in prefs.log  # it was stored already

    _run(steps)


def test_a_bare_address_reads_the_stored_token() -> None:
    async def steps(hub: TableHub, game: int, tab: Any) -> None:
        token = hub.issue(game, 2)
        prefs = SlowPrefs(delay=0.05, values={PREF_TOKEN: token})
        _client, t = await tab("/", prefs)
        await _until(lambda: t.app is not None)
        assert t.token == token and t.app.locked["seat"] == 2

    _run(steps)


def test_use_font_registers_the_japanese_font_once() -> None:
    class Page:
        fonts: dict[str, str] | None = None

    page: Any = Page()
    assert use_font(page) is True
    assert page.fonts == {FONT_FAMILY: FONT_ASSET}
    assert use_font(page) is False


def test_the_font_comes_after_the_first_screen() -> None:
    async def steps(hub: TableHub, game: int, tab: Any) -> None:
        token = hub.issue(game, 2)
        prefs = SlowPrefs(delay=0.3)
        client, t = await tab(f"/join/{token}", prefs)
        await _until(lambda: t.app is not None)
        assert not client.page.fonts  # the screen went out without it
        assert client.page.theme.font_family == FONT_FAMILY
        await _until(lambda: client.page.fonts == {FONT_FAMILY: FONT_ASSET})
        # the join screen (a bad link) registers it too: it may be in Japanese
        client2, t2 = await tab("/join/" + "y" * 32, MemoryPrefs())
        await _until(lambda: client2.page.fonts == {FONT_FAMILY: FONT_ASSET})
        assert t2.app is None

    _run(steps)
